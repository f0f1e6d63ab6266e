"""JSON pointers (RFC 6901) into a record: build, parse, follow, place, and say in words.

Every place in a record is named two ways: ``loc``, a JSON pointer such as
``/deals/0/rounds/2/moves/3/card``, and ``where``, the same place in words,
``deal 1, move 11 (round 3), field card``. This module is the one place that
spells either. A move is named by its number across the deal, as the text
notation, ``show``, ``legal`` and the viewer number it, with its round as
context (:func:`move_place`); a JSON pointer keeps its own 0-based numbering
per round. :class:`Place` is a place as a value: deal, round, move and
field, with its pointer, its words, and :meth:`Place.parse` from a pointer.

>>> pointer("deals", 0, "rounds", 2, "moves", 3, "card")
'/deals/0/rounds/2/moves/3/card'
>>> pointer("meta", "tags", "a/b~c")
'/meta/tags/a~1b~0c'
>>> parse("/meta/tags/a~1b~0c")
('meta', 'tags', 'a/b~c')
>>> data = {"deals": [{"rounds": [{"moves": [0] * 4}, {"moves": [0] * 3}, {}]}]}
>>> describe("/deals/0/rounds/2/moves/3/card", data)
'deal 1, move 11 (round 3), field card'
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from typing import Any, Final, TypeAlias

from ...i18n import Said, Seat, said

__all__ = [
    "Part",
    "Place",
    "below",
    "claim_place",
    "claim_place_said",
    "deal_at",
    "deal_pointer",
    "describe",
    "describe_said",
    "escape",
    "move_at",
    "move_number",
    "move_place",
    "move_place_said",
    "move_pointer",
    "played_said",
    "played_where",
    "parse",
    "pointer",
    "round_pointer",
    "set_at",
]

Part: TypeAlias = str | int
"""One step of a path: an object key or an array index."""

_INDEXED: Final = {
    "deals": said.gettext("deal {n}"),
    "rounds": said.gettext("round {n}"),
    "moves": said.gettext("the round's move {n}"),
    "players": said.gettext("player at seat {i}"),
    "hands": said.gettext("hand of seat {i}"),
    "teams": said.gettext("team {i}"),
    "sides": said.gettext("side {i}"),
    "totals": said.gettext("total of side {i}"),
    "table": said.gettext("table card {n}"),
    "deck": said.gettext("deck card {n}"),
    "variations": said.gettext("line {n}"),
    "take": said.gettext("taken card {n}"),
    "onto": said.gettext("card {n} built onto"),
    "left": said.gettext("card {n} left on the table"),
    "sweeps": said.gettext("sweeps of side {i}"),
}
"""Arrays whose items have a name: deals, rounds, moves and cards count from 1
(``{n}``), seats and sides from 0 (``{i}``), as in the notation."""
_PILE: Final = said.gettext("side {i}'s pile")
"""A side under a deal's ``piles``: its capture pile."""
_FREE_MAPS: Final = frozenset({"tags", "options"})
"""Objects whose keys are chosen by the writer: below them every key is a name."""
_MOVE: Final = re.compile(r"/deals/(\d+)/rounds/(\d+)/moves/(\d+)(?=/|$)")
_DEAL: Final = re.compile(r"/deals/(\d+)(?=/|$)")


def escape(part: Part) -> str:
    """One step of a pointer, with ``~`` and ``/`` escaped."""
    if isinstance(part, int):
        return str(part)
    if "~" in part or "/" in part:
        return part.replace("~", "~0").replace("/", "~1")
    return part


def pointer(*parts: Part) -> str:
    """The pointer of a path; ``""`` for the whole record."""
    return "".join(["/" + escape(part) for part in parts])


def deal_pointer(deal: int, *field: Part) -> str:
    """The pointer of a deal (0-based), or of a field below it; quicker than
    :attr:`Place.pointer`, for loops.

    >>> deal_pointer(1), deal_pointer(1, "claimed", "sides", 0)
    ('/deals/1', '/deals/1/claimed/sides/0')
    """
    loc = f"/deals/{deal}"
    return loc + pointer(*field) if field else loc


def round_pointer(deal: int, round_: int, *field: Part) -> str:
    """The pointer of a round (both 0-based), or of a field below it.

    >>> round_pointer(0, 1, "hands", 2, 3)
    '/deals/0/rounds/1/hands/2/3'
    """
    loc = f"/deals/{deal}/rounds/{round_}"
    return loc + pointer(*field) if field else loc


def move_pointer(deal: int, round_: int, move: int, *field: Part) -> str:
    """The pointer of a recorded move, all three 0-based (its round's numbering),
    or of a field below it.

    >>> move_pointer(0, 2, 3), move_pointer(0, 2, 3, "card")
    ('/deals/0/rounds/2/moves/3', '/deals/0/rounds/2/moves/3/card')
    """
    loc = f"/deals/{deal}/rounds/{round_}/moves/{move}"
    return loc + pointer(*field) if field else loc


@dataclasses.dataclass(frozen=True, slots=True)
class Place:
    """A place in a record as a value: the deal, round and move it lies in (each
    0-based, ``None`` above that level) and the field below them.

    A move's :attr:`number` in its deal (from 1, across its rounds) is what
    :attr:`words` name it by; a pointer does not hold it, so :meth:`parse`
    leaves it ``None`` and places compare without it.

    >>> place = Place(0, 2, 3, ("card",), number=11)
    >>> place.pointer, place.words
    ('/deals/0/rounds/2/moves/3/card', 'deal 1, move 11 (round 3), field card')
    >>> Place.parse(place.pointer) == place, Place.parse("/claimed/totals/1")
    (True, Place(deal=None, round=None, move=None, field=('claimed', 'totals', 1), number=None))
    >>> Place(1, field=("claimed",)).pointer, Place(0, 1).words
    ('/deals/1/claimed', 'deal 1, round 2')
    """

    deal: int | None = None
    """0-based deal; None for a place outside the deals."""
    round: int | None = None
    """0-based round of :attr:`deal`; None for a place of the deal itself."""
    move: int | None = None
    """0-based move of :attr:`round` (the pointer's numbering); None for the round's."""
    field: tuple[Part, ...] = ()
    """The path below the deal, round or move (the whole path outside the deals)."""
    number: int | None = dataclasses.field(default=None, compare=False)
    """The move's number in its deal, from 1, when known (the messages' numbering)."""

    @classmethod
    def parse(cls, loc: str) -> Place:
        """The place a pointer names (:attr:`number` unknown).

        >>> Place.parse("/deals/2/claimed/sides/0/total")
        Place(deal=2, round=None, move=None, field=('claimed', 'sides', 0, 'total'), number=None)
        """
        parts = parse(loc)
        levels: list[int | None] = [None, None, None]
        at = 0
        for level, name in enumerate(("deals", "rounds", "moves")):
            if (
                len(parts) >= at + 2
                and parts[at] == name
                and isinstance(index := parts[at + 1], int)
            ):
                levels[level] = index
                at += 2
            else:
                break
        deal, round_, move = levels
        return cls(deal, round_, move, parts[at:])

    @classmethod
    def claim(cls, deal: int | None, side: int, figure: str = "total") -> Place:
        """A claimed figure's place: side ``side``'s ``figure`` of a deal
        (``points.aces``, ``counts.cards``, ``total``), or with ``deal`` None
        the side's claimed match total.

        >>> Place.claim(0, 1, "points.aces").pointer, Place.claim(None, 1).pointer
        ('/deals/0/claimed/sides/1/points/aces', '/claimed/totals/1')
        """
        if deal is None:
            return cls(field=("claimed", "totals", side))
        return cls(deal, field=("claimed", "sides", side, *figure.split(".")))

    @property
    def claimed(self) -> tuple[int, str] | None:
        """``(side, figure)`` of the claimed figure this place is
        (:meth:`claim`), else None.

        >>> Place.parse("/deals/0/claimed/sides/1/points/aces").claimed
        (1, 'points.aces')
        >>> Place.parse("/claimed/totals/0").claimed, Place(0).claimed
        ((0, 'total'), None)
        """
        field, deal = self.field, self.deal
        if len(field) < 3 or field[0] != "claimed" or self.round is not None:
            return None
        side = field[2]
        if not isinstance(side, int):
            return None
        if deal is None:
            return (side, "total") if field[1:] == ("totals", side) else None
        rest = field[3:]
        if field[1] != "sides" or not rest:
            return None
        if rest == ("total",) or (
            len(rest) == 2
            and rest[0] in ("points", "counts")
            and isinstance(rest[1], str)
        ):
            return side, ".".join(map(str, rest))
        return None

    @property
    def path(self) -> tuple[Part, ...]:
        """The whole path from the record's top."""
        head: tuple[Part, ...] = ()
        if self.deal is not None:
            head = ("deals", self.deal)
            if self.round is not None:
                head += ("rounds", self.round)
                if self.move is not None:
                    head += ("moves", self.move)
        return head + self.field

    @property
    def pointer(self) -> str:
        """The JSON pointer (``loc``), as machines read it."""
        deal, round_, move = self.deal, self.round, self.move
        if deal is None:
            return pointer(*self.field)
        if round_ is None:
            return deal_pointer(deal, *self.field)
        if move is None:
            return round_pointer(deal, round_, *self.field)
        return move_pointer(deal, round_, move, *self.field)

    @property
    def words(self) -> str:
        """The place in words (``where``): a move by its number in the deal when
        :attr:`number` is known, else as :func:`describe` says the pointer."""
        if self.move is not None and self.number is not None:
            assert self.deal is not None and self.round is not None
            head = move_place(self.deal, self.number, self.round)
            return ", ".join([head, *(w.text() for w in _words(self.field))])
        return describe(self.path)

    def played(self, names: Sequence[str], seat: int, card: str, move: str = "") -> str:
        """This move's place and player in words (:func:`played_where`); needs
        :attr:`number`."""
        assert self.deal is not None and self.round is not None
        assert self.number is not None
        told = played_where(names, self.deal, self.number, self.round, seat, card, move)
        if not self.field:
            return told
        head = move_place(self.deal, self.number, self.round)  # a line's move
        return (
            ", ".join([head, *(w.text() for w in _words(self.field))])
            + told[len(head) :]
        )

    def played_said(
        self, seat: int, card: str, move: Said | None = None
    ) -> Said | None:
        """This move's place and player to be said in any language
        (:func:`played_said`); ``None`` for a move of a line, whose place is
        English only."""
        if self.field or self.number is None:
            return None
        assert self.deal is not None and self.round is not None
        return played_said(self.deal, self.number, self.round, seat, card, move)


def below(loc: str, base: str) -> bool:
    """True when ``loc`` is ``base`` or lies below it.

    >>> below("/deals/1/claimed", "/deals/1"), below("/deals/10", "/deals/1")
    (True, False)
    """
    return loc == base or loc.startswith(base + "/")


def move_at(loc: str) -> tuple[int, int, int] | None:
    """``(deal, round, move)``, 0-based, of the recorded move ``loc`` points to or into.

    >>> move_at("/deals/0/rounds/2/moves/3/card"), move_at("/deals/0/claimed")
    ((0, 2, 3), None)
    """
    found = _MOVE.match(loc)
    if found is None:
        return None
    deal, round_, move = found.groups()
    return int(deal), int(round_), int(move)


def deal_at(loc: str) -> int | None:
    """The 0-based deal ``loc`` points to or into.

    >>> deal_at("/deals/2/claimed/sides/0"), deal_at("/claimed/totals/0")
    (2, None)
    """
    found = _DEAL.match(loc)
    return None if found is None else int(found.group(1))


def parse(loc: str) -> tuple[Part, ...]:
    """The path of a pointer; steps made only of digits become array indexes.

    >>> parse("/deals/0/table/3"), parse("")
    (('deals', 0, 'table', 3), ())
    """
    if not loc:
        return ()
    steps = (p.replace("~1", "/").replace("~0", "~") for p in loc.split("/")[1:])
    return tuple(int(step) if step.isdigit() else step for step in steps)


def set_at(data: Any, loc: str, value: Any) -> None:
    """Set the value at ``loc`` in JSON data (dicts and lists); its parent must exist.

    >>> data = {"deals": [{"claimed": {"sides": [{"total": 4}]}}]}
    >>> set_at(data, "/deals/0/claimed/sides/0/total", 5)
    >>> data["deals"][0]["claimed"]["sides"][0]["total"]
    5
    """
    *parents, last = parse(loc)
    node = data
    for part in parents:
        node = node[part]
    node[last] = value


def move_place_said(deal: int, number: int, round_: int) -> Said:
    """A move's place, to be said in any language (:func:`move_place`)."""
    return said.gettext("deal {deal}, move {n} (round {round})").format(
        deal=deal + 1, n=number, round=round_ + 1
    )


def move_place(deal: int, number: int, round_: int) -> str:
    """A move's place in words, the one spelling every message uses.

    ``deal`` and ``round_`` count from 0, ``number`` is the move's number in
    its deal from 1 (across the deal's rounds, see docs/notation.md).

    >>> move_place(0, 11, 1)
    'deal 1, move 11 (round 2)'
    """
    return move_place_said(deal, number, round_).text()


def claim_place_said(deal: int | None, side: str, figure: Said | str) -> Said:
    """A claimed figure's place, to be said in any language (:func:`claim_place`)."""
    if deal is None:
        return said.gettext("the match, {side}'s {figure}").format(
            side=side, figure=figure
        )
    return said.gettext("deal {deal}, {side}'s {figure}").format(
        deal=deal + 1, side=side, figure=figure
    )


def claim_place(deal: int | None, side: str, figure: Said | str) -> str:
    """A claimed figure's place in words: the deal (``None``: the match), whose
    figure and which, as a score sheet names it.

    >>> claim_place(1, "Ana", "Little Casino"), claim_place(None, "Ana & Caio", "total")
    ("deal 2, Ana's Little Casino", "the match, Ana & Caio's total")
    """
    return claim_place_said(deal, side, figure).text()


def played_said(
    deal: int, number: int, round_: int, seat: int, card: str, move: Said | None = None
) -> Said:
    """A recorded move's place and player, to be said in any language
    (:func:`played_where`; the seat is named when the text is asked)."""
    place = move_place_said(deal, number, round_)
    if move is not None:
        return said.gettext("{place}, {seat}: {move}").format(
            place=place, seat=Seat(seat), move=move
        )
    return said.gettext("{place}, {seat} plays {card}").format(
        place=place, seat=Seat(seat), card=card
    )


def played_where(
    names: Sequence[str],
    deal: int,
    number: int,
    round_: int,
    seat: int,
    card: str,
    move: str = "",
) -> str:
    """A recorded move's place and player, as findings say it: the player by
    name (``seat N`` only where the record names nobody there), and the whole
    ``move`` in words when it could be read, else the card played.

    >>> played_where(["Ana", "Ben"], 0, 11, 1, 0, "4♥")
    'deal 1, move 11 (round 2), Ana plays 4♥'
    >>> played_where(["Ana", "Ben"], 0, 1, 0, 1, "A♦", "A♦ builds 3 onto 2♠")
    'deal 1, move 1 (round 1), Ben: A♦ builds 3 onto 2♠'
    >>> played_where([], 0, 1, 0, 1, "A♦")
    'deal 1, move 1 (round 1), seat 1 plays A♦'
    """
    name = names[seat] if 0 <= seat < len(names) and names[seat] else f"seat {seat}"
    told = f"{name}: {move}" if move else f"{name} plays {card}"
    return f"{move_place(deal, number, round_)}, {told}"


def move_number(data: Any, deal: int, round_: int, index: int) -> int | None:
    """The number in its deal (from 1) of move ``index`` of round ``round_``,
    all 0-based, counted in JSON ``data``; None where the rounds before it
    are not all well-formed lists of moves.

    >>> data = {"deals": [{"rounds": [{"moves": [0] * 8}, {"moves": []}]}]}
    >>> move_number(data, 0, 1, 0), move_number(data, 0, 2, 0), move_number({}, 0, 0, 0)
    (9, None, None)
    """
    try:
        rounds = data["deals"][deal]["rounds"]
        before = [rounds[r]["moves"] for r in range(round_)]
        rounds[round_]  # noqa: B018 - the round itself must exist
    except (KeyError, IndexError, TypeError):
        return None
    if not all(isinstance(moves, list) for moves in before):
        return None
    return sum(len(moves) for moves in before) + index + 1


def _clip(name: str) -> str:
    """A key for words: a name chosen by the writer may be a megabyte long."""
    return name if len(name) <= 40 else name[:37] + "..."


def describe(loc: str | tuple[Part, ...], data: Any = None) -> str:
    """Say in words where a pointer (or a path) is.

    With the record's JSON ``data``, a move is named by its number in the
    deal (:func:`move_place`); without it, or where the rounds before it are
    not well formed, as the round's move.

    >>> describe(("deals", 0, "claimed", "sides", 1, "points", "aces"))
    'deal 1, claimed side 1, field points.aces'
    >>> describe("/claimed/totals/0")
    'claimed total of side 0'
    >>> describe("/deals/0/rounds/1/hands/2/3")
    'deal 1, round 2, hand of seat 2, card 4'
    >>> describe("/rules/options/sweeps"), describe("/meta/tags/deals/0")
    ('field rules.options.sweeps', 'field meta.tags.deals.0')
    >>> describe("/deals/0/rounds/1/moves/2")
    "deal 1, round 2, the round's move 3"
    >>> describe("/deals/0/rounds/1/moves/2/variations/0/1/card", {"deals": [
    ...     {"rounds": [{"moves": [0] * 8}, {"moves": [0] * 3}]}]})
    'deal 1, move 11 (round 2), line 1, move 2, field card'
    >>> describe("")
    'the whole record'
    """
    return describe_said(loc, data).text()


def describe_said(loc: str | tuple[Part, ...], data: Any = None) -> Said:
    """:func:`describe`, to be said in any language."""
    parts = parse(loc) if isinstance(loc, str) else loc
    head = parts[:6]
    words: list[Said] = []
    if (
        len(head) == 6
        and (head[0], head[2], head[4]) == ("deals", "rounds", "moves")
        and all(isinstance(head[i], int) for i in (1, 3, 5))
    ):
        d, r, k = (int(head[i]) for i in (1, 3, 5))
        number = None if data is None else move_number(data, d, r, k)
        if number is not None:
            words = [move_place_said(d, number, r), *_words(parts[6:])]
    if not words:
        words = _words(parts)
    if not words:
        return said.gettext("the whole record")
    joined = words[0]
    for word in words[1:]:
        joined = said.pgettext("list separator", "{a}, {b}").format(a=joined, b=word)
    return joined


def _words(parts: tuple[Part, ...]) -> list[Said]:
    """The words of a path, one per named step (the body of :func:`describe`)."""
    words: list[Said] = []
    fields: list[str] = []
    free = piles = False
    for k, part in enumerate(parts):
        following = parts[k + 1] if k + 1 < len(parts) else None
        if free:
            fields.append(_clip(str(part)))
        elif isinstance(part, str) and part in _INDEXED and isinstance(following, int):
            continue
        elif isinstance(part, int):
            parent = parts[k - 1] if k else None
            if isinstance(parent, str) and parent in _INDEXED:
                named = _PILE if piles and parent == "sides" else _INDEXED[parent]
                word = named.format(n=part + 1, i=part)
                if fields:  # the keys before it, as the notation writes them
                    # Translators: a record's keys ("claimed") and a place in it.
                    word = said.gettext("{keys} {place}").format(
                        keys=" ".join(fields), place=word
                    )
                words.append(word)
                fields = []
                continue
            if fields:
                words.append(_field(fields))
                fields = []
            if k >= 2 and parts[k - 2] == "variations":  # a line's move
                words.append(said.gettext("move {n}").format(n=part + 1))
                continue
            after_hand = k >= 2 and parts[k - 2] in ("hands", "sides")
            word = said.gettext("card {n}") if after_hand else said.gettext("item {n}")
            words.append(word.format(n=part + 1))
        elif part == "piles" and not fields:
            words.append(said.gettext("the piles"))
            piles = True
        else:
            fields.append(_clip(part))
            free = part in _FREE_MAPS
    if fields:
        words.append(_field(fields))
    return words


def _field(keys: list[str]) -> Said:
    """``field points.aces``: the keys as the notation writes them."""
    return said.gettext("field {name}").format(name=".".join(keys))
