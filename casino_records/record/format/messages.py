"""Validation errors in words: every pydantic error as a located :class:`RecordFormatError`.

Each error gets a JSON pointer (``loc``), the place in words (``where``) and a
message that quotes the offending value, shortened. An unknown field gets the
field it probably is, never the word that was typed, or the object where it
belongs; the errors of one object are ordered so that the most useful comes
first (the unknown ``on`` that is probably ``onto`` before the missing
``onto``).

>>> from pydantic import ValidationError
>>> from casino_records.record.format.claims import ClaimedSide
>>> data = {"points": {"spades": 3}}
>>> try:
...     ClaimedSide.model_validate(data)
... except ValidationError as exc:
...     error = validation_errors(exc, data)[0]
>>> error.loc, error.message
('/points/spades', "unknown field 'spades' (it belongs in counts, not in points)")
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from typing import Any, Final

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from ...errors import RecordFormatError
from . import claims, models
from .fields import shortened, shown
from .pointer import Part, describe, pointer

__all__ = ["validation_errors"]

_PLACES: Final[dict[type[BaseModel], str]] = {
    models.GameRecord: "the record",
    models.Meta: "meta",
    models.RulesSpec: "rules",
    models.Player: "a player",
    models.Shuffle: "shuffle",
    models.TrailMove: "a trail",
    models.CaptureMove: "a capture",
    models.BuildMove: "a build",
    models.Round: "a round",
    models.Deal: "a deal",
    claims.ClaimedPoints: "points",
    claims.ClaimedCounts: "counts",
    claims.ClaimedSide: "a claimed side",
    claims.ClaimedDeal: "a deal's claimed",
    claims.ClaimedMatch: "the match's claimed",
}
"""Every object of the notation, named as a message names it."""
_HOMES: Final[dict[str, list[str]]] = {}
for _model, _place in _PLACES.items():
    for _name in _model.model_fields:
        _HOMES.setdefault(_name, []).append(_place)
_FIELD_NAMES: Final = sorted(_HOMES)
_RULE_ID: Final = re.compile(r"[A-Z]+[0-9]+(?:\.[0-9]+)? ")
_MOVES: Final[dict[str, type[BaseModel]]] = {
    "trail": models.TrailMove,
    "capture": models.CaptureMove,
    "build": models.BuildMove,
}
_CHILDREN: Final[dict[str, type[BaseModel] | None]] = {
    "meta": models.Meta,
    "rules": models.RulesSpec,
    "players": models.Player,
    "shuffle": models.Shuffle,
    "rounds": models.Round,
    "deals": models.Deal,
    "points": claims.ClaimedPoints,
    "counts": claims.ClaimedCounts,
    "sides": claims.ClaimedSide,
}
"""The object a key holds (or an array of them), where it is one model only."""


def validation_errors(exc: ValidationError, obj: object) -> list[RecordFormatError]:
    """Every error of ``exc`` (raised validating ``obj``), located and in words."""
    details = exc.errors(include_url=False, include_input=True)
    locs = [_clean_loc(detail["loc"], obj) for detail in details]
    found: list[tuple[tuple[Part, ...], ErrorDetails]] = []
    for detail, loc in zip(details, locs, strict=True):
        if detail["type"] in ("too_short", "too_long") and any(
            len(other) > len(loc) and other[: len(loc)] == loc for other in locs
        ):
            continue  # pydantic counts only valid items; the item errors say more
        found.append((loc, detail))
    return [
        RecordFormatError(
            shortened(_message(detail, loc, obj)),
            loc=pointer(*loc),
            where=describe(loc, obj),
        )
        for loc, detail in _most_useful_first(found)
    ]


def _most_useful_first(
    found: list[tuple[tuple[Part, ...], ErrorDetails]],
) -> Iterable[tuple[tuple[Part, ...], ErrorDetails]]:
    """Document order, but in each object its unknown fields before its missing ones.

    An unknown field is most often a misspelt or misplaced one, and says more
    than the missing field it stands for.
    """
    order: dict[tuple[Part, ...], int] = {}
    for loc, _ in found:
        order.setdefault(loc[:-1], len(order))

    def key(entry: tuple[tuple[Part, ...], ErrorDetails]) -> tuple[int, int]:
        loc, detail = entry
        return order[loc[:-1]], 0 if detail["type"] == "extra_forbidden" else 1

    return sorted(found, key=key)


def _clean_loc(loc: tuple[int | str, ...], obj: object) -> tuple[Part, ...]:
    """Drop pydantic's union tags and ``[key]`` markers, keeping a JSON pointer."""
    node: object = obj
    clean: list[Part] = []
    for part in loc:
        if part == "[key]":
            continue
        if isinstance(node, dict):
            if part in node:
                node = node[part]
            elif node.get("action") == part:
                continue  # the discriminated union's tag
            else:
                node = None
        elif isinstance(node, list) and isinstance(part, int) and part < len(node):
            node = node[part]
        else:
            node = None
        clean.append(part)
    return tuple(clean)


def _model_at(parent: tuple[Part, ...], obj: object) -> type[BaseModel] | None:
    """The model of the object at ``parent`` (``None`` where it is not one)."""
    if not parent:
        return models.GameRecord
    keys = [part for part in parent if isinstance(part, str)]
    last = keys[-1] if keys else ""
    if last == "moves":
        node: object = obj
        for part in parent:
            if isinstance(node, dict):
                node = node.get(part)
            elif isinstance(node, list) and isinstance(part, int) and part < len(node):
                node = node[part]
            else:
                return None
        action = node.get("action") if isinstance(node, dict) else None
        return _MOVES.get(action) if isinstance(action, str) else None
    if last == "claimed":
        return claims.ClaimedDeal if "deals" in keys else claims.ClaimedMatch
    return _CHILDREN.get(last, None)


def _unknown_field(key: str, loc: tuple[Part, ...], obj: object) -> str:
    model = _model_at(loc[:-1], obj)
    here = _PLACES.get(model) if model is not None else None
    fields = list(model.model_fields) if model is not None else _FIELD_NAMES
    homes = [place for place in _HOMES.get(key, []) if place != here]
    if homes and here is not None:
        where = " or ".join(homes)
        return f"unknown field {key!r} (it belongs in {where}, not in {here})"
    close = [
        name for name in difflib.get_close_matches(key, fields, n=3) if name != key
    ]
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return f"unknown field {shown(key)}{hint}"


def _message(detail: ErrorDetails, loc: tuple[Part, ...], obj: object) -> str:
    kind = detail["type"]
    ctx: Mapping[str, Any] = detail.get("ctx") or {}
    key = loc[-1] if loc else ""
    value = detail.get("input")
    if kind == "extra_forbidden":
        return _unknown_field(str(key), loc, obj)
    if kind == "missing":
        return f"missing field {key!r}"
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        expected = "'trail', 'capture' or 'build'"
        if kind == "union_tag_not_found":
            return f"a move needs an 'action' ({expected})"
        return f"unknown action {shown(ctx.get('tag'))} (expected {expected})"
    if kind in ("too_short", "too_long"):
        bound = "at least" if kind == "too_short" else "at most"
        limit = ctx.get("min_length" if kind == "too_short" else "max_length")
        items = "item" if limit == 1 else "items"
        return f"expected {bound} {limit} {items}, not {ctx.get('actual_length')}"
    if kind in ("model_type", "dict_type", "model_attributes_type"):
        return f"expected an object, not {_kind_of(value)}"
    if kind in ("tuple_type", "list_type"):
        return f"expected an array, not {_kind_of(value)}"
    if kind in ("less_than_equal", "greater_than_equal", "less_than", "greater_than"):
        return _out_of_range(kind, ctx, value)
    message = str(detail["msg"])
    if message.startswith("Input should be "):
        message = "expected " + message.removeprefix("Input should be ")
        return f"{message}, not {_kind_of(value)}"
    if message.startswith("Value error, "):
        message = message.removeprefix("Value error, ")
    if _RULE_ID.match(message):  # a rule id keeps its capital: "G3 card ..."
        return message
    return message[:1].lower() + message[1:]


def _out_of_range(kind: str, ctx: Mapping[str, Any], value: object) -> str:
    if "le" in ctx and "ge" in ctx:  # pragma: no cover - pydantic reports one bound
        return f"expected {ctx['ge']} to {ctx['le']}, not {shown(value)}"
    words = {
        "less_than_equal": ("at most", "le"),
        "greater_than_equal": ("at least", "ge"),
        "less_than": ("less than", "lt"),
        "greater_than": ("more than", "gt"),
    }
    bound, name = words[kind]
    return f"out of range: expected {bound} {ctx.get(name)}, not {shown(value)}"


def _kind_of(value: object) -> str:
    """A value for "expected X, not ...": containers by kind, scalars shown."""
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    return shown(value)
