"""Hands partly unknown: play a round whose hands are known only as far as seen.

Where the cards are entered as they appear, a seat's hand in a round is known
only as far as the seat has played it; the rest is among the cards nobody has
seen in the deal (the *pool*). Such a round is played through the engine with
*working hands*: each seat's known cards, plus, where some of its cards are
unknown, one pool card of every capture value (:func:`representatives`). Only
the rules that look at the rest of the hand (:data:`HAND_RULES`: an owner keeps a
card to capture each own build, and a build needs a card of its value left in
hand) read those extra cards, and they ask only whether a card of some value is
left, so the working hand lets a move through exactly when *some* hand could.

:meth:`UnseenCards.verify` checks one move so, in three outcomes:

- legal whatever the unknown cards are (checked with the known cards alone);
- illegal whatever they are: no hand of the seat's size, drawn from the pool,
  makes it legal (raised, with the rule);
- legal only if the unknown cards include the right one: the check *waits* for
  the hand, and the result says which rule it waits on.

Both the scorer (:mod:`casino_records.scorer`) and the replay of an unfinished
round (:mod:`casino_records.check.replay`) check moves through this module.
A working hand may hold more than 4 cards: it is the engine's view for checking,
never what a seat holds (:meth:`UnseenCards.known_part` says what is known).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import chain, combinations
from typing import Final

from ..errors import IllegalMoveError
from .cards import CARDS, Card
from .legality import Plan, verify_move
from .moves import Move
from .play import next_round
from .rules import Rules
from .seating import HAND_SIZE, Seating
from .state import DealState
from .values import ValueTables

__all__ = [
    "HAND_RULES",
    "PartialCheck",
    "UnseenCards",
    "representatives",
    "deal_round",
    "set_hand",
    "start_deal",
]

HAND_RULES: Final = frozenset({"G1", "B4", "E3", "I3"})
"""The rules whose check needs the rest of the mover's hand."""

# DealState.start deals 4 cards a seat; working hands are set right after.
_PLACEHOLDER: Final = CARDS[0]


def representatives(cards: Iterable[Card], values: ValueTables) -> list[Card]:
    """One card of each capture value among ``cards``, in pack order."""
    chosen: dict[int, Card] = {}
    for card in sorted(cards):
        chosen.setdefault(values.cvals[card], card)
    return list(chosen.values())


def set_hand(state: DealState, seat: int, cards: Iterable[Card]) -> None:
    """Give ``seat`` the working hand ``cards`` (any number of cards)."""
    state.set_hand(seat, list(cards))


@contextmanager
def _hand_as(state: DealState, seat: int, cards: Iterable[Card]) -> Iterator[None]:
    hand = list(state.hands[seat])
    set_hand(state, seat, cards)
    try:
        yield
    finally:
        set_hand(state, seat, hand)


def start_deal(
    rules: Rules,
    seating: Seating,
    dealer: int,
    table: Sequence[Card],
    hands: Sequence[Sequence[Card]],
    keep_log: bool = True,
) -> DealState:
    """:meth:`DealState.start` with working hands (of any size)."""
    placeholder = [[_PLACEHOLDER] * HAND_SIZE] * seating.players
    state = DealState.start(rules, seating, dealer, table, placeholder, keep_log)
    for seat, hand in enumerate(hands):
        set_hand(state, seat, hand)
    return state


def deal_round(state: DealState, hands: Sequence[Sequence[Card]]) -> None:
    """:func:`~casino_records.engine.play.next_round` with working hands."""
    next_round(state, [[_PLACEHOLDER] * HAND_SIZE] * state.seating.players)
    for seat, hand in enumerate(hands):
        set_hand(state, seat, hand)


@dataclass(frozen=True, slots=True)
class PartialCheck:
    """A move checked with its seat's hand partly unknown."""

    plan: Plan
    """What the move does to the table (the hand aside)."""
    waits: IllegalMoveError | None = None
    """The hand rule the move breaks unless the seat's unknown cards include
    the right one (the engine's words with the known cards alone); None when
    the move is legal whatever they are."""


@dataclass(frozen=True, slots=True)
class UnseenCards:
    """What is not known of a round's hands: the pool, and how many each seat holds."""

    pool: frozenset[Card]
    """Cards nobody has seen in the deal."""
    unknown: tuple[int, ...]
    """Per seat, how many of its cards this round are not known."""
    fill: tuple[Card, ...]
    """One pool card of every capture value (:func:`representatives`)."""

    @classmethod
    def of(
        cls, pool: Iterable[Card], unknown: Sequence[int], values: ValueTables
    ) -> UnseenCards:
        """The unknowns of a round, with the fill drawn from ``pool``."""
        cards = frozenset(pool)
        return cls(cards, tuple(unknown), tuple(representatives(cards, values)))

    @property
    def any_unknown(self) -> bool:
        """True when some seat's hand is not all known."""
        return any(self.unknown)

    def working_hand(self, seat: int, known: Iterable[Card]) -> list[Card]:
        """``seat``'s known cards, plus the fill where some of its cards are unknown."""
        cards = list(known)
        return cards + list(self.fill) if self.unknown[seat] else cards

    def known_part(self, hand: Iterable[Card]) -> list[Card]:
        """The cards of a working hand that are known to be held."""
        return [card for card in hand if card not in self.pool]

    def working_hands(self, known: Sequence[Sequence[Card]]) -> list[list[Card]]:
        """Every seat's working hand, from its known cards."""
        return [self.working_hand(seat, cards) for seat, cards in enumerate(known)]

    def shown(self, state: DealState) -> DealState:
        """A copy of ``state`` whose hands hold only the cards known to be held."""
        copy = state.copy()
        for seat, hand in enumerate(state.hands):
            set_hand(copy, seat, self.known_part(hand))
        return copy

    def verify(self, state: DealState, move: Move) -> PartialCheck:
        """Check ``move`` in ``state``, whose hands are working hands.

        :raises IllegalMoveError: no hand the seat could hold makes it legal.
        """
        plan = verify_move(state, move)  # the widest hand: refused only if none helps
        return PartialCheck(plan, self.waits(state, move))

    def waits(self, state: DealState, move: Move) -> IllegalMoveError | None:
        """The hand rule a move legal with the working hand waits on, if any.

        :raises IllegalMoveError: no hand of the seat's size makes it legal.
        """
        seat = move.seat
        unknown = self.unknown[seat] if 0 <= seat < len(self.unknown) else 0
        if not unknown:
            return None
        hand = list(state.hands[seat])
        known = self.known_part(hand)
        try:
            with _hand_as(state, seat, known):
                verify_move(state, move)
        except IllegalMoveError as exc:
            if exc.rule not in HAND_RULES:
                raise  # pragma: no cover - the working hand only adds cards
            extra = [c for c in hand if c in self.pool and c != move.card]
            if len(extra) <= unknown or _some_hand(state, move, known, extra, unknown):
                return exc
            cards = "its unseen card" if unknown == 1 else f"its {unknown} unseen cards"
            raise IllegalMoveError(
                f"{exc.message}, and {cards} cannot give every value this move needs",
                rule=exc.rule,
            ) from None
        return None


def _some_hand(
    state: DealState, move: Move, known: list[Card], extra: list[Card], size: int
) -> bool:
    """True when ``known`` and some ``size`` of the ``extra`` cards make it legal.

    Legality only grows with the hand, so one card is tried first (the usual
    need), then every choice of ``size``. Only the :data:`HAND_RULES` read the
    rest of the hand, and each asks for a card that captures some value the
    move may need (its announced value, the seat's builds): a card that
    captures none of them never helps, and cards that capture the same of
    them are interchangeable, so ``size`` of each kind are enough to try.
    """
    wanted = 1 << move.value if move.value is not None else 0
    for build in state.owned_builds(move.seat):
        wanted |= 1 << build.value
    cvals = state.values.cvals
    kinds: dict[int, list[Card]] = {}
    for card in extra:
        kind = cvals[card] & wanted
        if kind and len(kinds.setdefault(kind, [])) < size:
            kinds[kind].append(card)
    useful = [card for cards in kinds.values() for card in cards]
    tried = min(size, len(useful))
    for chosen in chain(combinations(useful, 1), combinations(useful, tried)):
        try:
            with _hand_as(state, move.seat, [*known, *chosen]):
                verify_move(state, move)
        except IllegalMoveError:
            continue
        return True
    return False
