"""Value types of play: moves, builds on the table, and the steps of the log.

A :class:`Move` is what a record says a player did (NOTATION.md "Move"); a
:class:`Step` is what the engine found it did (kind, grouping, sweep, owner).
Both are frozen slotted dataclasses: immutable, and cheap to make in move
generation and replay (compiled, each is a native class made without a Python
call; a named tuple's constructor would run as Python code).
A move holds its table cards as a card mask (see :mod:`casino_records.engine.cardset`);
``move.cards`` shows them as a :class:`~casino_records.engine.cardset.CardSet`.

>>> from casino_records.engine.cards import parse_card, parse_cards
>>> a = Move.capture(0, parse_card("9D"), parse_cards("4S 5D"), value=9)
>>> b = Move.capture(0, parse_card("9D"), parse_cards("5D 4S"))
>>> a == b, str(a)
(True, 'seat 0: 9D takes 4S 5D')
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import ClassVar, Final, final

from .cards import CARDS, Card
from .cardset import CardSet
from .masks import mask_of

__all__ = ["TRAILS", "Action", "Build", "Move", "MoveKind", "Step"]


class Action(StrEnum):
    """What a move says it does (the notation's ``action``)."""

    TRAIL = "trail"
    CAPTURE = "capture"
    BUILD = "build"


class MoveKind(StrEnum):
    """What a move turned out to do (derived by the engine, R4.1).

    A trail and a capture are what their action says; a build is read as one of
    three kinds (A25). :attr:`action` gives back the action of a kind.

    >>> MoveKind.TRAIL.action is Action.TRAIL, MoveKind.INCREASE.action
    (True, <Action.BUILD: 'build'>)
    """

    TRAIL = Action.TRAIL.value
    CAPTURE = Action.CAPTURE.value
    CREATE = "create"
    EXTEND = "extend"
    INCREASE = "increase"

    @property
    def action(self) -> Action:
        """The action this kind carries out: a create, extend or increase builds."""
        if self is MoveKind.TRAIL:
            return Action.TRAIL
        if self is MoveKind.CAPTURE:
            return Action.CAPTURE
        return Action.BUILD


class _Value:
    """The base of the engine's small immutable value types.

    Each subclass sets its attributes once in ``__init__``, annotated ``Final``
    (read-only once compiled, and to mypy), and lists them in ``__slots__``.
    Compiled with mypyc they are native classes made without any Python call
    (a named tuple's or a frozen dataclass's constructor runs as Python code,
    which made them the largest cost of replay). Equality, hashing, ``repr``
    and pickling go by the fields, as for a dataclass.
    """

    __slots__: ClassVar[tuple[str, ...]] = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    """The fields that make the value (the constructor's arguments, in order)."""

    def _values(self) -> tuple[object, ...]:
        return tuple([getattr(self, name) for name in self._fields])

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _Value)
        return self._values() == other._values()

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(
            f"{name}={value!r}"
            for name, value in zip(self._fields, self._values(), strict=True)
        )
        return f"{type(self).__name__}({fields})"

    def __reduce__(self) -> tuple[type[_Value], tuple[object, ...]]:
        return type(self), self._values()


@final
class Move(_Value):
    """One card played from hand, with the table cards it uses.

    Two moves are equal when they play the same card from the same seat with the
    same action and the same set of table cards, and (for builds only) announce
    the same value. A capture's ``value`` documents what an ace stood for and is
    not part of its identity.
    """

    _fields = ("seat", "card", "action", "table", "value")
    __slots__ = _fields

    def __init__(
        self,
        seat: int,
        card: Card,
        action: Action,
        table: int = 0,
        value: int | None = None,
    ) -> None:
        self.seat: Final = seat
        """The seat that plays."""
        self.card: Final = card
        """The card played from hand."""
        self.action: Final = action
        """Trail, capture or build."""
        self.table: Final = table
        """The table cards taken (capture) or built onto (build) as a card mask;
        0 for a trail."""
        self.value: Final = value
        """A build's announced value; optionally, the value a capturing card stood for."""

    @classmethod
    def trail(cls, seat: int, card: Card) -> Move:
        """Return a trail of ``card``."""
        return cls(seat, card, Action.TRAIL)

    @classmethod
    def capture(
        cls, seat: int, card: Card, take: Iterable[Card], value: int | None = None
    ) -> Move:
        """Return a capture of the table cards ``take`` (builds listed whole)."""
        return cls(seat, card, Action.CAPTURE, mask_of(take), value)

    @classmethod
    def build(cls, seat: int, card: Card, onto: Iterable[Card], value: int) -> Move:
        """Return a build of ``card`` onto the table cards ``onto``, announcing ``value``."""
        return cls(seat, card, Action.BUILD, mask_of(onto), value)

    @property
    def cards(self) -> CardSet:
        """The table cards taken or built onto."""
        return CardSet.from_mask(self.table)

    @property
    def key(self) -> tuple[int, Card, Action, int, int | None]:
        """The move's identity (see the class docstring)."""
        value = self.value if self.action is Action.BUILD else None
        return (self.seat, self.card, self.action, self.table, value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self.key == other.key

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self.key)

    def sorted_cards(self) -> tuple[Card, ...]:
        """The table cards in pack order."""
        return tuple(self.cards)

    def __str__(self) -> str:
        # describe imports this module: its one wording of a move is imported here.
        from .describe import move_text

        return f"seat {self.seat}: {move_text(self, pretty=False)}"


TRAILS: Final[tuple[tuple[Move, ...], ...]] = tuple(
    tuple([Move(seat, card, Action.TRAIL) for card in CARDS]) for seat in range(4)
)
"""Every trail there is, by seat and card: moves are immutable, so one value
each serves every list of legal moves and every record read."""


@final
class Build(_Value):
    """A build on the table: captured only whole, by its value (R6–R8)."""

    _fields = ("id", "value", "groups", "owner")
    __slots__ = (*_fields, "cards", "mask")

    def __init__(
        self, id: int, value: int, groups: tuple[tuple[Card, ...], ...], owner: int
    ) -> None:
        self.id: Final = id
        """Serial number within the deal (1, 2, …), for display as ``B1``."""
        self.value: Final = value
        """The declared value."""
        self.groups: Final = groups
        """The groups, each worth ``value`` (one group: a single build)."""
        self.owner: Final = owner
        """The seat that last created, extended or increased it."""
        cards = tuple([card for group in groups for card in group])
        self.cards: Final = cards
        """Every card in the build, group by group (derived from ``groups``)."""
        self.mask: Final = mask_of(cards)
        """The build's cards as a card mask (derived from ``groups``)."""

    @property
    def is_single(self) -> bool:
        """True for a single build (one group), whose value may still change."""
        return len(self.groups) == 1

    @property
    def label(self) -> str:
        """``B1``, ``B2`` …"""
        return f"B{self.id}"

    def __str__(self) -> str:
        groups = "".join(
            "[" + ",".join(str(c) for c in group) + "]" for group in self.groups
        )
        kind = "single" if self.is_single else "multiple"
        return f"{self.label}{{{groups}}}={self.value} {kind} @seat {self.owner}"


@final
class Step(_Value):
    """What one move did: an entry of the deal's log.

    A value type, like :class:`Move`: one is made per move replayed, so it must
    be cheap.
    """

    _fields = (
        "move",
        "kind",
        "index",
        "round",
        "value",
        "groups",
        "builds_taken",
        "build",
        "previous",
        "sweep",
    )
    __slots__ = _fields

    def __init__(
        self,
        move: Move,
        kind: MoveKind,
        index: int,
        round: int,
        value: int | None = None,
        groups: tuple[tuple[Card, ...], ...] = (),
        builds_taken: tuple[Build, ...] = (),
        build: Build | None = None,
        previous: Build | None = None,
        sweep: bool = False,
    ) -> None:
        self.move: Final = move
        """The move as played."""
        self.kind: Final = kind
        """Trail, capture, or create / extend / increase for a build."""
        self.index: Final = index
        """0-based index of the move within the deal."""
        self.round: Final = round
        """0-based round of the deal."""
        self.value: Final = value
        """The value the move used: capture value, or the build's value afterwards."""
        self.groups: Final = groups
        """Capture: the groups taken (a build as one group). Build: the new groups."""
        self.builds_taken: Final = builds_taken
        """The builds a capture took (or a merge absorbed)."""
        self.build: Final = build
        """The build after a build move."""
        self.previous: Final = previous
        """The build before an extend or increase."""
        self.sweep: Final = sweep
        """True when a capture left the table empty and counts as a sweep (R10)."""

    @property
    def taken(self) -> tuple[Card, ...]:
        """Table cards a capture took (empty for other moves)."""
        if self.kind is not MoveKind.CAPTURE:
            return ()
        return tuple(card for group in self.groups for card in group)
