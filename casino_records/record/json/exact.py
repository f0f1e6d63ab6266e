"""JSON text read exactly: numbers as written, repeated keys found, syntax errors placed.

The reader of :mod:`.jsonio` parses a record in one pass with pydantic; this
module is what it falls back on, and what checks every document for a key
given twice in one object, which JSON parsers otherwise resolve silently (the
last one wins). A record with a repeated key is refused, at that key: two
values for one field leave the record ambiguous.

>>> parse(b'{"a": 1, "b": [1e400, 123456789012345678901234]}')
{'a': 1, 'b': [1e400, 123456789012345678901234]}
>>> repeated_keys(b'{"deals": [{"dealer": 0, "dealer": 1}]}')
[('deals', 0, 'dealer')]
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

import orjson

from ...errors import RecordFormatError
from ..format.pointer import Part
from ..format.shared import WrittenNumber

__all__ = ["has_repeated_keys", "parse", "repeated_keys", "syntax_error"]

_TOKEN: Final = re.compile(rb'"(?:[^"\\]|\\.)*"|[{}\[\],:]')


def parse(data: bytes) -> Any:
    """The JSON value of ``data``, every number kept exactly.

    Whole numbers of up to 19 digits become ints, larger ones ints as well
    (exact); fractions, exponents and numbers too long for an int are kept as
    :class:`WrittenNumber`, so no field takes them and a message shows them as
    written. ``data`` must be valid JSON (:func:`syntax_error` says when not);
    a document nested deeper than Python's stack allows is read by :mod:`orjson`
    instead, its numbers as floats.
    """
    try:
        return json.loads(
            data,
            parse_float=WrittenNumber,
            parse_int=_whole,
            parse_constant=WrittenNumber,
        )
    except RecursionError:
        return orjson.loads(data)


def _whole(text: str) -> int | WrittenNumber:
    return int(text) if len(text) <= 4000 else WrittenNumber(text)


def syntax_error(data: bytes) -> RecordFormatError | None:
    """The first syntax error of a JSON document, placed by line and column; else ``None``.

    A number out of a float's range is not a syntax error here: it is read as
    written by :func:`parse`.
    """
    try:
        orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        if "number is infinity" not in exc.msg:
            return _placed(exc)
        try:
            json.loads(data, parse_float=str, parse_int=str, parse_constant=_refuse)
        except RecursionError:
            return _placed(exc)
        except ValueError:
            return _placed(exc)
    return None


def _refuse(text: str) -> None:
    raise ValueError(f"not JSON: {text}")


def _placed(exc: orjson.JSONDecodeError) -> RecordFormatError:
    reason = exc.msg
    if "depth limit" in reason or "recursion" in reason:
        reason = "nested too deeply"
    elif "zero-length" in reason:
        reason = "empty document"
    elif "UTF-8" in reason:
        reason = "not UTF-8 text"
    elif "number is infinity" in reason:
        reason = "a number out of range"
    where = f"line {exc.lineno}, column {exc.colno}"
    return RecordFormatError(f"invalid JSON: {reason}", where=where)


_NOT_PARSED: Final = object()


def has_repeated_keys(
    data: bytes, parsed: object = _NOT_PARSED, keys: int = -1
) -> bool:
    """True when some object of ``data`` (valid JSON) may give a key twice.

    Cheap: a document holding no more colons than its parsed objects hold keys
    lost none (every key written is followed by a colon, and a key given twice
    is parsed once); else one whose re-written form holds as many quotes as the
    original lost no key; one with ``\\u`` escapes (which re-writing may change)
    is checked exactly. ``parsed``: ``orjson.loads(data)``, where the caller has
    it already; ``keys``: how many keys its objects hold (or fewer), where the
    caller has counted them.
    """
    if keys >= 0 and data.count(b":") == keys:
        return False
    # One byte is found at memory speed, two an order of magnitude slower;
    # most records hold no backslash at all.
    if b"\\" in data and b"\\u" in data:
        return bool(repeated_keys(data))
    try:
        again = orjson.dumps(orjson.loads(data) if parsed is _NOT_PARSED else parsed)
    except (orjson.JSONDecodeError, orjson.JSONEncodeError):
        return bool(repeated_keys(data))
    return again.count(b'"') != data.count(b'"') and bool(repeated_keys(data))


def repeated_keys(data: bytes) -> list[tuple[Part, ...]]:
    """The path of every key given a second time in its object (valid JSON only)."""
    found: list[tuple[Part, ...]] = []
    path: list[Part] = []
    frames: list[tuple[bool, set[str]]] = []  # (is an object, keys seen)
    expect_key = False
    for match in _TOKEN.finditer(data):
        token = match.group()
        if token in (b"{", b"["):
            is_object = token == b"{"
            frames.append((is_object, set()))
            path.append("" if is_object else 0)
            expect_key = is_object
        elif token in (b"}", b"]"):
            frames.pop()
            path.pop()
            expect_key = False
        elif token == b",":
            if frames and frames[-1][0]:
                expect_key = True
            elif frames:
                index = path[-1]
                path[-1] = index + 1 if isinstance(index, int) else 0
        elif token == b":":
            expect_key = False
        elif expect_key:
            key = json.loads(token)
            path[-1] = key
            keys = frames[-1][1]
            if key in keys:
                found.append(tuple(path))
            keys.add(key)
            expect_key = False
    return found
