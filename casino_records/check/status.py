"""The words of a verdict: a record's status and a finding's severity.

Both are :class:`~enum.StrEnum` members: they compare equal to their values
(``Status.OK == "ok"``) and are written as them, in JSON and in text.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

__all__ = ["STATUSES", "Severity", "Status"]


class Status(StrEnum):
    """The verdict on one record, best first."""

    OK = "ok"
    """Every move legal, every claimed figure right."""
    DISPUTED = "disputed"
    """A claimed score differs from the computed one."""
    INVALID = "invalid"
    """The record breaks the format or the rules."""
    UNREADABLE = "unreadable"
    """Not even a document: bad JSON, not UTF-8, too large."""


class Severity(StrEnum):
    """How bad a finding is, worst first."""

    ERROR = "error"
    """The record breaks the format or the rules."""
    DISPUTE = "dispute"
    """A claimed score differs from the computed one."""
    WARNING = "warning"
    """Worth a look, not wrong (such as claims that could not be checked)."""


STATUSES: Final = tuple(status.value for status in Status)
"""Every status as plain text, best first: the keys of the counts by status
(orjson writes no enum as a key of an object)."""
