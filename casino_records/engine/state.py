"""The position within a deal: hands, table, builds, capture piles, turn.

:class:`DealState` is the one mutable object of the engine. It holds no legality
logic (see :mod:`casino_records.engine.legality`) and changes only through
:mod:`casino_records.engine.play`. :meth:`DealState.copy` returns an independent copy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..errors import RulesError
from .cards import Card
from .combos import Item
from .moves import Build, Step
from .rules import Rules
from .seating import HAND_SIZE, TABLE_SIZE, Seating
from .values import ValueTables, value_tables

__all__ = ["DealState"]


@dataclass(slots=True)
class DealState:
    """Everything about one deal in progress."""

    rules: Rules
    """The effective rules."""
    seating: Seating
    """Seats, sides and direction."""
    dealer: int
    """The dealer's seat."""
    values: ValueTables
    """Card value tables for ``rules.card_values``."""
    hands: list[list[Card]]
    """Each seat's cards in hand."""
    loose: list[Card]
    """Loose cards on the table, in the order they arrived."""
    builds: list[Build] = field(default_factory=list)
    """Builds on the table, in the order they were created."""
    piles: list[list[Card]] = field(default_factory=list)
    """Each side's capture pile."""
    sweeps: list[list[int]] = field(default_factory=list)
    """For each side, the deal move indexes of its sweeps, in order."""
    last_capturer: int | None = None
    """The seat that made the last capture of this deal so far."""
    turn: int = 0
    """The seat to move."""
    round: int = 0
    """0-based round within the deal."""
    moves_played: int = 0
    """Moves played in this deal so far."""
    next_build_id: int = 1
    """The id the next new build gets."""
    log: list[Step] = field(default_factory=list)
    """Every step of the deal so far."""
    residue: tuple[Card, ...] = ()
    """Cards given to the last capturer at the end of the deal (R11.1)."""
    residue_side: int | None = None
    """The side that took the residue, once the deal is over."""
    finished: bool = False
    """True once the last card was played and the residue handed out."""

    @classmethod
    def start(
        cls,
        rules: Rules,
        seating: Seating,
        dealer: int,
        table: Sequence[Card],
        hands: Sequence[Sequence[Card]],
    ) -> DealState:
        """Return the position before the first move of a deal.

        :raises RulesError: the dealer is not a seat, or the first round's cards
            are not 4 on the table and 4 per player.
        """
        if not 0 <= dealer < seating.players:
            raise RulesError(f"dealer {dealer} is not a seat", rule="R2.5")
        if len(table) != TABLE_SIZE:
            raise RulesError(f"R3.1 the table starts with 4 cards, not {len(table)}")
        state = cls(
            rules=rules,
            seating=seating,
            dealer=dealer,
            values=value_tables(rules.card_values),
            hands=[],
            loose=list(table),
            piles=[[] for _ in range(seating.sides)],
            sweeps=[[] for _ in range(seating.sides)],
            turn=seating.next_seat(dealer),
        )
        state.give_hands(hands)
        return state

    def give_hands(self, hands: Sequence[Sequence[Card]]) -> None:
        """Give every seat its 4 cards for a new round (R3.1, R3.2)."""
        if len(hands) != self.seating.players or any(
            len(hand) != HAND_SIZE for hand in hands
        ):
            raise RulesError("R3.1 every player gets 4 cards a round", rule="R3.1")
        self.hands = [list(hand) for hand in hands]

    def copy(self) -> DealState:
        """Return an independent copy (the log is shared as a copied list)."""
        return DealState(
            rules=self.rules,
            seating=self.seating,
            dealer=self.dealer,
            values=self.values,
            hands=[list(hand) for hand in self.hands],
            loose=list(self.loose),
            builds=list(self.builds),
            piles=[list(pile) for pile in self.piles],
            sweeps=[list(s) for s in self.sweeps],
            last_capturer=self.last_capturer,
            turn=self.turn,
            round=self.round,
            moves_played=self.moves_played,
            next_build_id=self.next_build_id,
            log=list(self.log),
            residue=self.residue,
            residue_side=self.residue_side,
            finished=self.finished,
        )

    def key(self) -> tuple[object, ...]:
        """A hashable key of the position, for transposition tables.

        Two positions of one deal with equal keys have the same legal moves and
        the same futures: the key holds the hands, the table (loose cards as a
        set, builds without their serial numbers), each side's pile, the number
        of sweeps per side, the last capturer, the seat to move, the round and
        whether the deal is over. It leaves out the history: the log, the order
        cards came to the table and which moves the sweeps were.
        """
        return (
            self.turn,
            self.round,
            self.finished,
            tuple(_mask(hand) for hand in self.hands),
            _mask(self.loose),
            frozenset(
                (b.value, b.owner, tuple(sorted(_mask(g) for g in b.groups)))
                for b in self.builds
            ),
            tuple(_mask(pile) for pile in self.piles),
            tuple(len(s) for s in self.sweeps),
            self.last_capturer,
        )

    # --- derived facts -------------------------------------------------------

    @property
    def round_over(self) -> bool:
        """True when every hand is empty."""
        return not any(self.hands)

    @property
    def last_round(self) -> bool:
        """True in the deal's final round (the dealer announced "last", R3.5)."""
        return self.round == self.seating.rounds - 1

    @property
    def table_cards(self) -> list[Card]:
        """Every card on the table, loose cards first, then builds."""
        cards = list(self.loose)
        for build in self.builds:
            cards.extend(build.cards)
        return cards

    @property
    def table_empty(self) -> bool:
        """True when no card and no build is on the table."""
        return not self.loose and not self.builds

    def side_of(self, seat: int) -> int:
        """The scoring side of ``seat``."""
        return self.seating.side_of[seat]

    def owned_builds(self, seat: int) -> list[Build]:
        """The builds ``seat`` owns."""
        return [build for build in self.builds if build.owner == seat]

    def items(self) -> list[Item]:
        """The table as combinatorial items: loose cards, then builds (see combos)."""
        low, cvals = self.values.low, self.values.cvals
        as_card = self.rules.single_build_as_card
        items: list[Item] = [(cvals[card], low[card]) for card in self.loose]
        items += [
            (1 << b.value, b.value if as_card and b.is_single else 0)
            for b in self.builds
        ]
        return items

    def hand_value_mask(self, seat: int, without: Card | None = None) -> int:
        """The values ``seat`` can capture with its hand, less one card (``holds``)."""
        cvals = self.values.cvals
        mask = 0
        for card in self.hands[seat]:
            if card != without:
                mask |= cvals[card]
        return mask

    def all_cards(self) -> list[Card]:
        """Every card of the deal that is in play: hands, table, piles, residue."""
        cards = [card for hand in self.hands for card in hand]
        cards += self.table_cards
        for pile in self.piles:
            cards += pile
        if self.residue_side is None:
            cards += self.residue
        return cards


def _mask(cards: Sequence[Card]) -> int:
    """The cards as a bit mask (bit ``c`` for card ``c``)."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask
