"""The small parts of a well-formed record as plain values, read without the models.

:mod:`casino_records.record.quick.reader` reads a well-formed record straight from its bytes; the parts
that are not moves (the rules, the players, a shuffle, the claims, the
metadata) it reads here, into plain objects with the attributes the replay and
the audit read of the models (``RulesSpec``, ``Player``, ``Shuffle`` and the
claims of :mod:`casino_records.record.format.claims`). Each reader accepts exactly what the model accepts
from parsed JSON, or less: anything it is not sure of raises :data:`REFUSED`,
and the caller reads the document with the models, which decide every error
message (``tests/record/test_quick_agrees.py`` reads every document of the record
tests both ways and checks that the two agree).
Nothing here imports pydantic, so ``validate`` of a good record starts fast.

The constants this module shares with the models are those of
:mod:`casino_records.record.format.shared`.
"""

from __future__ import annotations

from typing import Any, Final

from ...engine.rules import PRESETS, Rules
from ...engine.shuffle import METHOD as SHUFFLE_METHOD
from ...errors import RulesError
from ..format.shared import CLAIMED_COUNTS, CLAIMED_POINTS, JSON_INTEGER_RANGE

__all__ = [
    "REFUSED",
    "PlainClaimedCounts",
    "PlainClaimedDeal",
    "PlainClaimedMatch",
    "PlainClaimedPoints",
    "PlainClaimedSide",
    "PlainPlayer",
    "PlainRules",
    "PlainShuffle",
    "Refused",
    "claimed_deal",
    "claimed_match",
    "field_values",
    "fields",
    "meta",
    "optional_text",
    "player",
    "rules",
    "shuffle",
    "text",
    "whole",
]


class Refused(Exception):
    """Not certainly well formed: the models are to read it."""


REFUSED: Final = Refused()
"""The one instance raised (no traceback is ever shown: the caller catches it)."""


# --- The parts ----------------------------------------------------------------------
# Plain classes, not dataclasses: a dataclass costs a millisecond to create, at
# every start of the command line.


class PlainRules:
    """The rules as written (a ``RulesSpec``): a preset and option overrides."""

    __slots__ = ("_effective", "options", "preset")

    def __init__(self, preset: str, options: dict[str, bool | int | str]) -> None:
        self.preset: Final = preset
        """The rules preset."""
        self.options: Final = options
        """The overrides, keys sorted."""
        self._effective: Final = _effective(preset, options)

    def effective(self) -> Rules:
        """The preset's defaults plus the overrides (as ``RulesSpec.effective``)."""
        return self._effective


_PRESET_RULES: Final[dict[str, Rules]] = {}
"""The rules of each preset without options, made once (a ``Rules`` is frozen)."""


def _effective(preset: str, options: dict[str, bool | int | str]) -> Rules:
    if options:
        return Rules.from_preset(preset, options)
    rules = _PRESET_RULES.get(preset)
    if rules is None:
        rules = _PRESET_RULES[preset] = Rules.from_preset(preset)
    return rules


class PlainPlayer:
    """A player (a ``Player``)."""

    __slots__ = ("id", "name")

    def __init__(self, name: str, id: str | None) -> None:
        self.name: Final = name
        """The name shown."""
        self.id: Final = id
        """A stable identifier, if any."""


class PlainShuffle:
    """A seeded shuffle (a ``Shuffle``)."""

    __slots__ = ("method", "seed")

    def __init__(self, method: str, seed: str) -> None:
        self.method: Final = method
        """The shuffle algorithm."""
        self.seed: Final = seed
        """The seed, as written."""


class PlainClaimedPoints:
    """Points a side claimed for a deal, by category (a ``ClaimedPoints``)."""

    __slots__ = CLAIMED_POINTS

    def __init__(
        self,
        most_cards: int | None,
        most_spades: int | None,
        big_casino: int | None,
        little_casino: int | None,
        aces: int | None,
        sweeps: int | None,
    ) -> None:
        self.most_cards: Final = most_cards
        self.most_spades: Final = most_spades
        self.big_casino: Final = big_casino
        self.little_casino: Final = little_casino
        self.aces: Final = aces
        self.sweeps: Final = sweeps


class PlainClaimedCounts:
    """What a side counted in its pile (a ``ClaimedCounts``)."""

    __slots__ = CLAIMED_COUNTS

    def __init__(
        self, cards: int | None, spades: int | None, sweeps: int | None
    ) -> None:
        self.cards: Final = cards
        self.spades: Final = spades
        self.sweeps: Final = sweeps


class PlainClaimedSide:
    """One side's claimed result of a deal (a ``ClaimedSide``)."""

    __slots__ = ("counts", "points", "total")

    def __init__(
        self,
        points: PlainClaimedPoints | None,
        total: int | None,
        counts: PlainClaimedCounts | None,
    ) -> None:
        self.points: Final = points
        self.total: Final = total
        self.counts: Final = counts


class PlainClaimedDeal:
    """The claimed result of a deal (a ``ClaimedDeal``)."""

    __slots__ = ("comment", "sides")

    def __init__(
        self, sides: tuple[PlainClaimedSide, ...], comment: str | None
    ) -> None:
        self.sides: Final = sides
        self.comment: Final = comment


class PlainClaimedMatch:
    """The claimed result of the match (a ``ClaimedMatch``)."""

    __slots__ = ("comment", "totals", "winner")

    def __init__(
        self, totals: tuple[int, ...] | None, winner: int | None, comment: str | None
    ) -> None:
        self.totals: Final = totals
        self.winner: Final = winner
        self.comment: Final = comment


# --- Readers: what the models accept, or REFUSED ------------------------------------------
# The value readers are shared with :mod:`casino_records.record.quick.reader`, which reads the moves.

_NO_KEYS: Final[frozenset[str]] = frozenset()


def fields(
    value: object, allowed: frozenset[str], required: frozenset[str] = _NO_KEYS
) -> dict[str, Any]:
    """``value`` as an object with no key outside ``allowed`` and every key of ``required``."""
    if type(value) is not dict:
        raise REFUSED
    keys = value.keys()
    if not keys <= allowed or not required <= keys:
        raise REFUSED
    return value


def field_values(
    value: object, names: tuple[str, ...], allowed: frozenset[str]
) -> list[Any]:
    """The values of ``names`` in ``value`` (None where absent), an object with
    no key outside ``allowed`` (the keys of ``names``).

    Cheaper than :func:`fields` where every key is read anyway: when as many
    names have a value as the object has keys, it has no other key.
    """
    if type(value) is not dict:
        raise REFUSED
    values = [value.get(name) for name in names]
    given = 0
    for item in values:
        if item is not None:
            given += 1
    if given != len(value) and not value.keys() <= allowed:
        raise REFUSED
    return values


def text(value: object, *, empty: bool = True) -> str:
    """A string (non-empty unless ``empty``)."""
    if type(value) is not str or (not empty and not value):
        raise REFUSED
    return value


def optional_text(value: object) -> str | None:
    """A string, or null."""
    return None if value is None else text(value)


def whole(value: object, low: int, high: int) -> int:
    """A strict whole number from ``low`` to ``high`` (never a bool)."""
    if type(value) is not int or not low <= value <= high:
        raise REFUSED
    return value


def _count(value: object) -> int | None:
    """A strict whole number from 0 to the largest JSON integer, or null."""
    if value is None:
        return None
    # value >> 63: above 2**63 - 1, told without comparing with that (boxed) int
    if type(value) is not int or value < 0 or value >> 63:
        raise REFUSED
    return value


def _option(value: object) -> bool | int | str:
    if type(value) is bool or type(value) is str:
        return value
    low, high = JSON_INTEGER_RANGE
    if type(value) is int and low <= value <= high:
        return value
    raise REFUSED


_META_TEXTS: Final = ("event", "site", "date", "round", "annotator", "source")
_META_KEYS: Final = frozenset((*_META_TEXTS, "tags"))


def meta(value: object) -> None:
    """Check a record's ``meta`` (never read by the replay), or null."""
    if value is None:
        return
    obj = fields(value, _META_KEYS)
    for key in _META_TEXTS:
        optional_text(obj.get(key))
    if "tags" in obj:
        tags = obj["tags"]
        if type(tags) is not dict:
            raise REFUSED
        for tag in tags.values():
            text(tag)


_RULES_KEYS: Final = frozenset(("preset", "options"))


def rules(value: object) -> PlainRules:
    """A record's ``rules``: a known preset and options the rules accept."""
    obj = fields(value, _RULES_KEYS)
    preset = obj.get("preset")
    if type(preset) is not str or preset not in PRESETS:
        raise REFUSED
    options = obj.get("options", {})
    if type(options) is not dict:
        raise REFUSED
    try:
        return PlainRules(
            preset, {name: _option(options[name]) for name in sorted(options)}
        )
    except (RulesError, ValueError, TypeError):
        raise REFUSED from None


_PLAYER_FIELDS: Final = ("name", "id")
_PLAYER_KEYS: Final = frozenset(_PLAYER_FIELDS)


def player(value: object) -> PlainPlayer:
    """A player: a name of one character or more, an optional id."""
    name, id_ = field_values(value, _PLAYER_FIELDS, _PLAYER_KEYS)
    return PlainPlayer(text(name, empty=False), optional_text(id_))


_SHUFFLE_FIELDS: Final = ("method", "seed")
_SHUFFLE_KEYS: Final = frozenset(_SHUFFLE_FIELDS)


def shuffle(value: object) -> PlainShuffle | None:
    """A deal's ``shuffle``, or null."""
    if value is None:
        return None
    method, seed = field_values(value, _SHUFFLE_FIELDS, _SHUFFLE_KEYS)
    if type(method) is not str or method != SHUFFLE_METHOD:
        raise REFUSED
    return PlainShuffle(SHUFFLE_METHOD, text(seed))


_SIDE_FIELDS: Final = ("points", "total", "counts")
_SIDE_KEYS: Final = frozenset(_SIDE_FIELDS)
_POINTS_KEYS: Final = frozenset(CLAIMED_POINTS)
_COUNTS_KEYS: Final = frozenset(CLAIMED_COUNTS)


def _side(value: object) -> PlainClaimedSide:
    points, total, counts = field_values(value, _SIDE_FIELDS, _SIDE_KEYS)
    return PlainClaimedSide(
        None if points is None else _points(points),
        _count(total),
        None if counts is None else _counts(counts),
    )


def _points(value: object) -> PlainClaimedPoints:
    figures = field_values(value, CLAIMED_POINTS, _POINTS_KEYS)
    return PlainClaimedPoints(
        _count(figures[0]),
        _count(figures[1]),
        _count(figures[2]),
        _count(figures[3]),
        _count(figures[4]),
        _count(figures[5]),
    )


def _counts(value: object) -> PlainClaimedCounts:
    figures = field_values(value, CLAIMED_COUNTS, _COUNTS_KEYS)
    return PlainClaimedCounts(
        _count(figures[0]), _count(figures[1]), _count(figures[2])
    )


_DEAL_CLAIM_FIELDS: Final = ("sides", "comment")
_DEAL_CLAIM_KEYS: Final = frozenset(_DEAL_CLAIM_FIELDS)


def claimed_deal(value: object) -> PlainClaimedDeal | None:
    """A deal's ``claimed``, or null."""
    if value is None:
        return None
    sides, comment = field_values(value, _DEAL_CLAIM_FIELDS, _DEAL_CLAIM_KEYS)
    if type(sides) is not list:
        raise REFUSED
    return PlainClaimedDeal(
        tuple([_side(side) for side in sides]), optional_text(comment)
    )


_MATCH_CLAIM_FIELDS: Final = ("totals", "winner", "comment")
_MATCH_CLAIM_KEYS: Final = frozenset(_MATCH_CLAIM_FIELDS)


def claimed_match(value: object) -> PlainClaimedMatch | None:
    """A record's ``claimed``, or null."""
    if value is None:
        return None
    totals, winner, comment = field_values(
        value, _MATCH_CLAIM_FIELDS, _MATCH_CLAIM_KEYS
    )
    if totals is not None and type(totals) is not list:
        raise REFUSED
    return PlainClaimedMatch(
        None if totals is None else tuple([_sure(_count(t)) for t in totals]),
        None if winner is None else whole(winner, 0, 3),
        optional_text(comment),
    )


def _sure(value: int | None) -> int:
    if value is None:
        raise REFUSED
    return value
