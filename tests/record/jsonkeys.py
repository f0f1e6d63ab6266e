"""The keys of a parsed JSON document, counted the slow, obvious way (for tests)."""

from __future__ import annotations


def all_keys(value: object) -> int:
    """The keys of every object of a parsed document."""
    if isinstance(value, dict):
        return len(value) + sum(all_keys(item) for item in value.values())
    if isinstance(value, list):
        return sum(all_keys(item) for item in value)
    return 0
