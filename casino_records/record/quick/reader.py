"""Read a well-formed record straight from its bytes into what the replay reads.

:func:`light_record` parses a document with :mod:`orjson` and, after checking
every value against the same bounds the models check (canonical card strings
only, whole numbers in range, no unknown key, the counts, and the checks that
span fields: those of :mod:`casino_records.record.format.structure` and the rules' own), builds a
:class:`LightRecord`: the record's shape (:mod:`casino_records.record.replayable`) with engine moves in
its rounds, without a model per move (the moves of a record in the compact
spelling archives are written in are read from the bytes before that, by
:mod:`casino_records.record.quick.moves`). It is an accelerator for ``validate``,
not a second reader: for anything it is not sure of (a lenient card spelling,
a wrong type, any problem at all) it answers ``None``, and the caller reads the
document with the models, which decide every error message. A record it
accepts is one the models accept, and replays to the same report
(``tests/record/test_quick_agrees.py`` holds both, on valid, mutated and broken
records alike).

>>> record = light_record(b'{"format": "casino-record/1", "rules": {"preset": "classic"},'
...     b' "players": [{"name": "Ana"}, {"name": "Ben"}], "deals": [{"dealer": 1,'
...     b' "table": ["10H", "2S", "3S", "4S"], "rounds": [{"moves": [{"seat": 0,'
...     b' "card": "KD", "action": "trail"}]}]}]}')
>>> record.deals[0].table, str(record.deals[0].rounds[0].moves[0])
(('10H', '2S', '3S', '4S'), 'seat 0: KD trails')
>>> light_record(b'{"format": "casino-record/1", "rules": {"preset": "classic"},'
...     b' "players": [{"name": "Ana"}, {"name": "Ben"}],'
...     b' "deals": [{"dealer": 1, "table": ["Th", "2s", "3s", "4s"]}]}') is None
True
"""

from __future__ import annotations

from typing import Any, Final, final

import orjson

from ...engine.cards import CARD_NAMES, CARDS, UNKNOWN_CARD
from ...engine.moves import TRAILS, Action, Move
from ..format.shared import FORMAT, GLYPHS
from ..format.structure import deal_problems, record_problems
from . import values
from .moves import cut_moves
from .values import (
    REFUSED,
    PlainClaimedDeal,
    PlainClaimedMatch,
    PlainPlayer,
    PlainRules,
    PlainShuffle,
    Refused,
    field_values,
    fields,
    optional_text,
    whole,
)

__all__ = [
    "LightDeal",
    "LightRecord",
    "LightRound",
    "key_count",
    "light_record",
    "read_light",
]


_CARD_BY_NAME: Final = dict(zip(CARD_NAMES, CARDS, strict=True))
_BIT_BY_NAME: Final = {name: 1 << card for name, card in _CARD_BY_NAME.items()}
_HAND_CARDS: Final = frozenset(CARD_NAMES) | {UNKNOWN_CARD}
_TRAILS: Final = TRAILS  # compiled, a static (an imported name is a dict look-up)


@final
class LightRound:
    """A round as read by :func:`light_record`: its hands, and engine moves."""

    __slots__ = ("hands", "moves")

    def __init__(
        self, hands: tuple[tuple[str, ...], ...] | None, moves: tuple[Move, ...]
    ) -> None:
        self.hands: Final = hands
        self.moves: Final = moves


@final
class LightDeal:
    """A deal as read by :func:`light_record` (the fields of a model ``Deal``)."""

    __slots__ = ("dealer", "shuffle", "deck", "table", "rounds", "claimed")

    def __init__(
        self,
        dealer: int,
        shuffle: PlainShuffle | None,
        deck: tuple[str, ...] | None,
        table: tuple[str, ...] | None,
        rounds: tuple[LightRound, ...],
        claimed: PlainClaimedDeal | None,
    ) -> None:
        self.dealer: Final = dealer
        self.shuffle: Final = shuffle
        self.deck: Final = deck
        self.table: Final = table
        self.rounds: Final = rounds
        self.claimed: Final = claimed

    @property
    def piles(self) -> None:
        """Never given: a deal with piles is read by the models."""
        return None


@final
class LightRecord:
    """A record as read by :func:`light_record`: what the replay reads of it."""

    __slots__ = ("id", "rules", "players", "teams", "deals", "claimed")

    def __init__(
        self,
        id: str | None,
        rules: PlainRules,
        players: tuple[PlainPlayer, ...],
        teams: tuple[tuple[int, ...], ...] | None,
        deals: tuple[LightDeal, ...],
        claimed: PlainClaimedMatch | None,
    ) -> None:
        self.id: Final = id
        self.rules: Final = rules
        self.players: Final = players
        self.teams: Final = teams
        self.deals: Final = deals
        self.claimed: Final = claimed

    @property
    def side_count(self) -> int:
        """Teams with teams, else players (as ``GameRecord.side_count``)."""
        return len(self.teams) if self.teams is not None else len(self.players)


def light_record(data: bytes) -> LightRecord | None:
    """The record in ``data`` (UTF-8 JSON, no byte order mark), or None.

    None means only "not read here": the document may be invalid, or valid but
    written in a way only the models read (a lenient card spelling, say).
    Keys given twice in one object are not seen here (``orjson`` keeps the
    last); the caller checks for them.
    """
    read = read_light(data)
    return None if read is None else read[0]


def read_light(data: bytes) -> tuple[LightRecord, bytes, object] | None:
    """:func:`light_record` of ``data``, with the text :mod:`orjson` parsed
    (``data``, or what :func:`~casino_records.record.quick.moves.cut_moves` left
    of it) and what it parsed, for a caller that checks for keys given twice
    (:func:`key_count`)."""
    cut = cut_moves(data)
    text = data if cut is None else cut[0]
    try:
        obj = orjson.loads(text)
    except orjson.JSONDecodeError:
        return None
    record = light_record_of(obj, None if cut is None else cut[1])
    return None if record is None else (record, text, obj)


def light_record_of(
    obj: object, arrays: list[tuple[Move, ...]] | None = None
) -> LightRecord | None:
    """:func:`light_record` of a document already parsed by ``orjson.loads``
    (not changed here).

    :param arrays: when ``obj`` was parsed from what
        :func:`~casino_records.record.quick.moves.cut_moves` left of the document,
        the move arrays it cut out (each ``"moves"`` of ``obj`` is then the
        number of its array).
    """
    if type(obj) is not dict:
        return None
    cut = None if arrays is None else _Cut(arrays)
    try:
        record = _record(obj, cut)
    except Refused:
        return None
    if cut is not None and cut.taken != len(cut.arrays):
        return None
    return record


def key_count(doc: object) -> int:
    """How many keys the objects of a parsed document hold, or fewer.

    Exact for a record :func:`light_record_of` accepts (each of its objects is
    where this looks); for any other document, the keys of the objects found
    where a record keeps its objects. Never more than there are: a caller may
    compare it with the keys the text writes (:func:`casino_records.record.json.exact.has_repeated_keys`).
    """
    if type(doc) is not dict:
        return 0
    count = len(doc) + _keys(doc.get("claimed"))
    meta = doc.get("meta")
    if type(meta) is dict:
        count += len(meta) + _keys(meta.get("tags"))
    rules = doc.get("rules")
    if type(rules) is dict:
        count += len(rules) + _keys(rules.get("options"))
    for player in _items(doc.get("players")):
        count += _keys(player)
    for deal in _items(doc.get("deals")):
        if type(deal) is not dict:
            continue
        count += len(deal) + _keys(deal.get("shuffle"))
        claimed = deal.get("claimed")
        if type(claimed) is dict:
            count += len(claimed)
            for side in _items(claimed.get("sides")):
                if type(side) is dict:
                    count += len(side) + _keys(side.get("points"))
                    count += _keys(side.get("counts"))
        for round_ in _items(deal.get("rounds")):
            if type(round_) is dict:
                count += len(round_)
                for move in _items(round_.get("moves")):
                    count += _keys(move)
    return count


def _keys(value: object) -> int:
    return len(value) if type(value) is dict else 0


def _items(value: object) -> list[Any]:
    return value if type(value) is list else []


# --- Values -------------------------------------------------------------------------


def _seat(value: object) -> int:
    return whole(value, 0, 3)


def _list(value: object, low: int = 0, high: int = 1 << 61) -> list[Any]:
    # high: no bound, yet an int mypyc keeps unboxed (each comparison with
    # 1 << 62, a boxed int once compiled, took the slow path)
    if type(value) is not list or not low <= len(value) <= high:
        raise REFUSED
    return value


def _mask(value: object) -> int:
    """The cards of a move's ``take`` or ``onto``: distinct canonical names, one or more."""
    return _distinct(_list(value, 1))


def _cards(value: object, count: int) -> tuple[str, ...]:
    """``count`` distinct canonical card names (a deck, a table)."""
    items = _list(value, count, count)
    _distinct(items)
    return tuple(items)


def _distinct(names: list[Any]) -> int:
    """The cards of ``names``, each a canonical card name given once."""
    mask = 0
    for name in names:
        bit = _BIT_BY_NAME.get(name) if type(name) is str else None
        if bit is None or mask & bit:
            raise REFUSED
        mask |= bit
    return mask


def _hand(value: object) -> tuple[str, ...]:
    items = _list(value, 4, 4)
    for card in items:
        if type(card) is not str or card not in _HAND_CARDS:
            raise REFUSED
    return tuple(items)


def _glyph(value: object) -> None:
    if value is not None and (type(value) is not str or value not in GLYPHS):
        raise REFUSED


# --- Moves --------------------------------------------------------------------------


def _move(obj: object) -> Move:
    """The engine move of a notation move (its comment and glyph checked, not kept)."""
    if type(obj) is not dict:
        raise REFUSED
    seat = _seat(obj.get("seat"))
    name = obj.get("card")
    card = _CARD_BY_NAME.get(name) if type(name) is str else None
    if card is None:
        raise REFUSED
    action = obj.get("action")
    if not isinstance(action, str):
        raise REFUSED
    # The keys the action reads (all there once read): a move with more has
    # a comment or a glyph, or a key it may not have.
    if action == "trail":
        keys = 3
        move = _TRAILS[seat][card]
    elif action == "capture":
        value = obj.get("value")
        # a null value is a key too (looked for only when the move has more)
        keys = 5 if value is not None or (len(obj) > 4 and "value" in obj) else 4
        move = Move(
            seat,
            card,
            Action.CAPTURE,
            _mask(obj.get("take")),
            None if value is None else whole(value, 1, 14),
        )
    elif action == "build":
        keys = 5
        move = Move(
            seat,
            card,
            Action.BUILD,
            _mask(obj.get("onto")),
            whole(obj.get("value"), 1, 14),
        )
    else:
        raise REFUSED
    if len(obj) != keys:
        _notes(obj, len(obj) - keys)
    return move


def _notes(move: dict[str, Any], extra: int) -> None:
    """Check a move's comment and glyph, which must be its ``extra`` other keys."""
    found = 0
    if "comment" in move:
        optional_text(move["comment"])
        found += 1
    if "glyph" in move:
        _glyph(move["glyph"])
        found += 1
    if found != extra:  # a key the move does not have
        raise REFUSED


# --- Rounds, deals, the record --------------------------------------------------------

_ROUND_FIELDS: Final = ("hands", "moves")
_ROUND_KEYS: Final = frozenset(_ROUND_FIELDS)
_DEAL_FIELDS: Final = (
    "dealer",
    "shuffle",
    "deck",
    "table",
    "rounds",
    "claimed",
    "comment",
)
_DEAL_KEYS: Final = frozenset(_DEAL_FIELDS)
_RECORD_KEYS: Final = frozenset(
    ("format", "id", "meta", "rules", "players", "teams", "deals", "claimed", "comment")
)
_RECORD_NEEDS: Final = frozenset(("format", "rules", "players", "deals"))


def _absent(value: object, obj: object, key: str) -> bool:
    """True when ``value``, read as ``obj.get(key)``, is absent (not null)."""
    return value is None and type(obj) is dict and key not in obj


@final
class _Cut:
    """The move arrays cut out of a document, each taken once by its round, in order."""

    __slots__ = ("arrays", "taken")

    def __init__(self, arrays: list[tuple[Move, ...]]) -> None:
        self.arrays: Final = arrays
        self.taken = 0

    def take(self, place: int) -> tuple[Move, ...]:
        """The array numbered ``place``, which must be the next one."""
        if place != self.taken:
            raise REFUSED
        self.taken += 1
        return self.arrays[place]


def _round(value: object, cut: _Cut | None) -> LightRound:
    hands, moves = field_values(value, _ROUND_FIELDS, _ROUND_KEYS)
    if cut is not None and type(moves) is int:
        read = cut.take(moves)
    elif _absent(moves, value, "moves"):
        read = ()
    else:
        read = tuple([_move(move) for move in _list(moves)])
    return LightRound(
        None if hands is None else tuple([_hand(hand) for hand in _list(hands)]),
        read,
    )


def _deal(value: object, cut: _Cut | None) -> LightDeal:
    dealer, shuffle, deck, table, rounds, claimed, comment = field_values(
        value, _DEAL_FIELDS, _DEAL_KEYS
    )
    optional_text(comment)
    deal = LightDeal(
        _seat(dealer),
        values.shuffle(shuffle),
        None if deck is None else _cards(deck, 52),
        None if table is None else _cards(table, 4),
        ()
        if _absent(rounds, value, "rounds")
        else tuple([_round(r, cut) for r in _list(rounds)]),
        values.claimed_deal(claimed),
    )
    if next(deal_problems(deal), None) is not None:
        raise REFUSED
    return deal


def _teams(value: object) -> tuple[tuple[int, ...], ...] | None:
    if value is None:
        return None
    return tuple(
        [tuple([_seat(seat) for seat in _list(team)]) for team in _list(value)]
    )


def _record(obj: dict[str, Any], cut: _Cut | None) -> LightRecord:
    """The record, once every check the models make has passed."""
    fields(obj, _RECORD_KEYS, _RECORD_NEEDS)
    if obj["format"] != FORMAT:
        raise REFUSED
    optional_text(obj.get("comment"))
    values.meta(obj.get("meta"))
    players = _list(obj["players"], 2, 4)
    record = LightRecord(
        optional_text(obj.get("id")),
        values.rules(obj["rules"]),  # refused when the rules refuse an option
        tuple([values.player(player) for player in players]),
        _teams(obj.get("teams")),
        tuple([_deal(deal, cut) for deal in _list(obj["deals"], 1)]),
        values.claimed_match(obj.get("claimed")),
    )
    if next(record_problems(record), None) is not None:
        raise REFUSED
    return record
