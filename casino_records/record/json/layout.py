"""The canonical layout of a record's JSON: byte-stable, and readable by a person.

Three rules, applied from the outside in, decide every line break:

1. a container that holds only scalars (a card list, a player, ``points``,
   ``options``) is written on one line, however long;
2. a move (an item of ``moves``, or of a line of ``variations``) is written
   on one line, and two moves never share one; a move that carries
   variations is a container of rule 3, its lines' moves each on one line;
3. any other container is written on one line when that line fits in
   :data:`WIDTH` columns, else one item per line, indented by two spaces.

Separators are ``", "`` and ``": "``; scalars are written by :mod:`orjson`
(UTF-8 as is, no ``\\u`` escapes but for control characters). The layout
depends only on the value, so equal records give equal bytes.

>>> print(layout({"a": [1, 2], "moves": [{"x": [1]}, {"x": [2]}]}), end="")
{
  "a": [1, 2],
  "moves": [
    {"x": [1]},
    {"x": [2]}
  ]
}
"""

from __future__ import annotations

from typing import Any, Final

import orjson

__all__ = ["WIDTH", "layout"]

WIDTH: Final = 88
"""The widest line rule 3 puts a container on (indentation and key included)."""

_ONE_LINE_KEYS: Final = frozenset({"moves"})
"""Keys whose array items are each written on one line (rule 2)."""
_LINES_KEY: Final = "variations"
"""The key of a move's lines: an array of arrays of moves (rule 2 in each)."""


def layout(value: Any) -> str:
    """Return ``value`` (JSON data: dicts, lists, strings, integers, booleans) laid out.

    The text ends with a newline.
    """
    return _block(value, 0, 0, one_line_items=False) + "\n"


def _block(value: Any, depth: int, lead: int, *, one_line_items: bool) -> str:
    """``value`` written from column ``lead`` of a line indented ``depth`` levels."""
    if not isinstance(value, dict | list) or not value:
        return _inline(value)
    items = value.values() if isinstance(value, dict) else value
    flat = not any(isinstance(item, dict | list) for item in items)
    line = _inline(value)
    if flat or (lead + len(line) <= WIDTH and not _several_moves(value)):
        return line
    inner = "  " * (depth + 1)
    parts: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            head = f"{inner}{_scalar(key)}: "
            if key in _ONE_LINE_KEYS and isinstance(item, list):
                parts.append(head + _lines_of(item, depth + 1))
            elif key == _LINES_KEY and isinstance(item, list) and item:
                parts.append(head + _variations(item, depth + 1))
            else:
                parts.append(
                    head + _block(item, depth + 1, len(head), one_line_items=False)
                )
        opening, closing = "{", "}"
    else:
        for item in value:
            text = (
                _inline(item)
                if one_line_items
                else _block(item, depth + 1, len(inner), one_line_items=False)
            )
            parts.append(inner + text)
        opening, closing = "[", "]"
    return opening + "\n" + ",\n".join(parts) + "\n" + "  " * depth + closing


def _lines_of(items: list[Any], depth: int) -> str:
    """An array whose items are each written on one line (rule 2)."""
    if not items:
        return "[]"
    inner = "  " * (depth + 1)
    body = ",\n".join(
        inner
        + (
            _block(item, depth + 1, len(inner), one_line_items=False)
            if isinstance(item, dict) and _LINES_KEY in item
            else _inline(item)
        )
        for item in items
    )
    return "[\n" + body + "\n" + "  " * depth + "]"


def _variations(lines: list[Any], depth: int) -> str:
    """A move's lines: one per item, each an array of rule 2."""
    inner = "  " * (depth + 1)
    body = ",\n".join(inner + _lines_of(line, depth + 1) for line in lines)
    return "[\n" + body + "\n" + "  " * depth + "]"


def _several_moves(value: Any) -> bool:
    """True when ``value`` holds an array of rule 2 with more than one item."""
    if isinstance(value, dict):
        return any(
            (key in _ONE_LINE_KEYS and isinstance(item, list) and len(item) > 1)
            or (key == _LINES_KEY and isinstance(item, list) and bool(item))
            or _several_moves(item)
            for key, item in value.items()
        )
    return isinstance(value, list) and any(_several_moves(item) for item in value)


def _inline(value: Any) -> str:
    if isinstance(value, dict):
        return (
            "{"
            + ", ".join(f"{_scalar(k)}: {_inline(v)}" for k, v in value.items())
            + "}"
        )
    if isinstance(value, list):
        return "[" + ", ".join(_inline(item) for item in value) + "]"
    return _scalar(value)


def _scalar(value: Any) -> str:
    return orjson.dumps(value).decode()
