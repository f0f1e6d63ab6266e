"""Keys given twice: the quick test against the exact scan, escapes included."""

from __future__ import annotations

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from casino_records.record.json.exact import has_repeated_keys, repeated_keys
from tests.record.jsonkeys import all_keys

CASES = [
    (b'{"a": 1, "b": 2}', []),
    (b'{"a": 1, "a": 2}', [("a",)]),
    (
        b'{"deals": [{"dealer": 0}, {"dealer": 0, "dealer": 1}]}',
        [("deals", 1, "dealer")],
    ),
    # the same key spelled with an escape
    (b'{"a": 1, "\\u0061": 2}', [("a",)]),
    # a lost key whose two quotes come back as two escaped quotes when re-written
    (b'{"x": "\\u0022\\u0022", "b": 1, "b": 2}', [("b",)]),
    # backslashes without \u: escapes that re-writing keeps
    (b'{"a": "line\\nbreak", "a": "\\"quoted\\""}', [("a",)]),
    (b'{"a": "tab\\there", "b": "\\\\"}', []),
    (b'{"a\\"": 1, "a\\"": 2}', [('a"',)]),
    # colons in strings: more colons than keys, for a key lost or none
    (b'{"a": "12:30", "b": {"c:d": 1}}', []),
    (b'{"a": "12:30", "b": {"c": 1, "c": 2}}', [("b", "c")]),
    (b'{"a:": 1, "a:": 2}', [("a:",)]),
    # nested objects, and an escaped key given twice beside a colon in a string
    (b'{"x": [{"p": {"q": 1, "q": 2}}], "y": ":"}', [("x", 0, "p", "q")]),
    (b'{"x": {"\\u0063": 1, "c": 2}, "y": "\\u003a"}', [("x", "c")]),
]


@pytest.mark.parametrize(("data", "paths"), CASES)
def test_keys_given_twice_are_found_at_their_paths(
    data: bytes, paths: list[tuple[object, ...]]
) -> None:
    assert repeated_keys(data) == paths
    assert has_repeated_keys(data) is bool(paths)
    assert has_repeated_keys(data, orjson.loads(data)) is bool(paths)
    parsed = orjson.loads(data)
    for keys in range(all_keys(parsed) + 1):  # the count, or fewer
        assert has_repeated_keys(data, parsed, keys) is bool(paths)


_KEYS = st.sampled_from(
    ["a", "b", "\\u0061", "\\u0022", 'c\\"', "\\\\", "d\\n", "e:", "e\\u003a"]
)
_SCALARS = st.sampled_from(
    ["1", '"v"', '"\\u0022"', '"\\\\"', "null", '":"', '"\\u003a"']
)


@st.composite
def _documents(draw: st.DrawFn, depth: int = 0) -> str:
    if depth > 2 or draw(st.booleans()):
        return draw(_SCALARS)
    if draw(st.booleans()):
        items = draw(st.lists(_documents(depth + 1), max_size=3))
        return "[" + ", ".join(items) + "]"
    keys = draw(st.lists(_KEYS, max_size=4))
    values = [draw(_documents(depth + 1)) for _ in keys]
    return (
        "{" + ", ".join(f'"{k}": {v}' for k, v in zip(keys, values, strict=True)) + "}"
    )


@given(_documents())
def test_the_quick_test_agrees_with_the_exact_scan(text: str) -> None:
    data = text.encode()
    parsed = orjson.loads(data)
    found = bool(repeated_keys(data))
    assert has_repeated_keys(data, parsed) is found
    assert has_repeated_keys(data, parsed, all_keys(parsed)) is found
