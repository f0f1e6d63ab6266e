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
from ...i18n import Said, said
from . import claims, models
from .fields import shortened, shown
from .pointer import Part, describe_said, pointer

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
    errors = []
    for loc, detail in _most_useful_first(found):
        message = _message(detail, loc, obj)
        where = describe_said(loc, obj)
        english = shortened(str(message))
        errors.append(
            RecordFormatError(
                english,
                loc=pointer(*loc),
                where=where.text(),
                said=message
                if isinstance(message, Said) and english == str(message)
                else None,
                said_where=where,
            )
        )
    return errors


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


def _unknown_field(key: str, loc: tuple[Part, ...], obj: object) -> Said:
    model = _model_at(loc[:-1], obj)
    here = _PLACES.get(model) if model is not None else None
    fields = list(model.model_fields) if model is not None else _FIELD_NAMES
    homes = [place for place in _HOMES.get(key, []) if place != here]
    if homes and here is not None:
        where = " or ".join(homes)
        # Translators: the places are the notation's objects (meta, rules, counts …).
        return said.gettext(
            "unknown field {key} (it belongs in {where}, not in {here})"
        ).format(key=repr(key), where=where, here=here)
    close = [
        name for name in difflib.get_close_matches(key, fields, n=3) if name != key
    ]
    if close:
        return said.gettext("unknown field {key} (did you mean {name}?)").format(
            key=shown(key), name=repr(close[0])
        )
    return said.gettext("unknown field {key}").format(key=shown(key))


def _message(detail: ErrorDetails, loc: tuple[Part, ...], obj: object) -> Said | str:
    """The error in words: a :class:`~casino_records.i18n.Said` where this
    module words it, pydantic's own message (English) where it does not."""
    kind = detail["type"]
    ctx: Mapping[str, Any] = detail.get("ctx") or {}
    if isinstance(ctx.get("said"), Said):  # a problem of .structure, kept to be said
        kept: Said = ctx["said"]
        return kept
    key = loc[-1] if loc else ""
    value = detail.get("input")
    if kind == "extra_forbidden":
        return _unknown_field(str(key), loc, obj)
    if kind == "missing":
        return said.gettext("missing field {key}").format(key=repr(key))
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        if kind == "union_tag_not_found":
            return said.gettext(
                "a move needs an 'action' ('trail', 'capture' or 'build')"
            )
        return said.gettext(
            "unknown action {action} (expected 'trail', 'capture' or 'build')"
        ).format(action=shown(ctx.get("tag")))
    if kind in ("too_short", "too_long"):
        limit = ctx.get("min_length" if kind == "too_short" else "max_length")
        n = limit if isinstance(limit, int) else 0
        actual = ctx.get("actual_length")
        if kind == "too_short":
            return said.ngettext(
                "expected at least {n} item, not {actual}",
                "expected at least {n} items, not {actual}",
                n,
            ).format(n=limit, actual=actual)
        return said.ngettext(
            "expected at most {n} item, not {actual}",
            "expected at most {n} items, not {actual}",
            n,
        ).format(n=limit, actual=actual)
    if kind in ("model_type", "dict_type", "model_attributes_type"):
        return said.gettext("expected an object, not {value}").format(
            value=_kind_of(value)
        )
    if kind in ("tuple_type", "list_type"):
        return said.gettext("expected an array, not {value}").format(
            value=_kind_of(value)
        )
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


def _out_of_range(kind: str, ctx: Mapping[str, Any], value: object) -> Said:
    if "le" in ctx and "ge" in ctx:  # pragma: no cover - pydantic reports one bound
        return said.gettext("expected {low} to {high}, not {value}").format(
            low=ctx["ge"], high=ctx["le"], value=shown(value)
        )
    words = {
        "less_than_equal": (
            said.gettext("out of range: expected at most {n}, not {value}"),
            "le",
        ),
        "greater_than_equal": (
            said.gettext("out of range: expected at least {n}, not {value}"),
            "ge",
        ),
        "less_than": (
            said.gettext("out of range: expected less than {n}, not {value}"),
            "lt",
        ),
        "greater_than": (
            said.gettext("out of range: expected more than {n}, not {value}"),
            "gt",
        ),
    }
    bound, name = words[kind]
    return bound.format(n=ctx.get(name), value=shown(value))


def _kind_of(value: object) -> str:
    """A value for "expected X, not ...": containers by kind, scalars shown."""
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    return shown(value)
