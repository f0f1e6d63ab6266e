"""The position within a deal: hands, table, builds, capture piles, turn.

:class:`DealState` is the one mutable object of the engine. It holds no legality
logic (see :mod:`casino_records.engine.legality`) and changes only through
:mod:`casino_records.engine.play`. :meth:`DealState.copy` returns an independent copy.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..errors import RulesError
from .cards import CARDS, Card
from .cardset import CardSet
from .masks import cards_of, mask_of
from .moves import Build, Step
from .rules import Rules
from .seating import HAND_SIZE, TABLE_SIZE, Seating
from .values import ValueTables, value_tables

__all__ = ["DealState"]


class DealState:
    """Everything about one deal in progress.

    Every set of cards is a card mask (see :mod:`casino_records.engine.cardset`):
    ``hand_bits``, ``loose_bits``, ``pile_bits``, ``residue_bits``. For reading,
    :attr:`hands` (in the order dealt) and :attr:`loose` (in the order the cards
    came) are tuples of cards and :attr:`piles` are
    :class:`~casino_records.engine.cardset.CardSet` values.
    """

    rules: Rules
    """The effective rules."""
    seating: Seating
    """Seats, sides and direction."""
    dealer: int
    """The dealer's seat."""
    values: ValueTables
    """Card value tables for ``rules.card_values``."""
    hand_bits: list[int]
    """Each seat's cards in hand."""
    dealt: list[tuple[Card, ...]]
    """Each seat's cards of this round in the order dealt: moves are listed card by
    card in this order (the cards still in ``hand_bits``)."""
    loose_bits: int
    """The loose cards on the table."""
    arrival: list[int]
    """For each card, when it last came to the table loose: the moves are listed
    in an order that depends on it (loose cards of one rank, first come first)."""
    builds: list[Build]
    """Builds on the table, in the order they were created."""
    pile_bits: list[int]
    """Each side's capture pile."""
    sweeps: list[list[int]]
    """For each side, the deal move indexes of its sweeps, in order."""
    last_capturer: int | None
    """The seat that made the last capture of this deal so far."""
    last_capture_move: int
    """The deal move index of the last capture so far (-1 before the first)."""
    turn: int
    """The seat to move."""
    round: int
    """0-based round within the deal."""
    moves_played: int
    """Moves played in this deal so far."""
    next_build_id: int
    """The id the next new build gets."""
    log: list[Step]
    """Every step of the deal so far (empty when the deal keeps no log)."""
    keep_log: bool
    """False when the steps are not kept in :attr:`log` (self-play, or the
    replay of a record that needs no explanation)."""
    residue_bits: int
    """Cards given to the last capturer at the end of the deal (R11.1)."""
    residue: tuple[Card, ...]
    """The same cards as they lay on the table (see :meth:`table_order`)."""
    residue_side: int | None
    """The side that took the residue, once the deal is over."""
    finished: bool
    """True once the last card was played and the residue handed out."""
    loose_order: tuple[int, tuple[int, ...], int, int, int, int]
    """Move generation's note of the loose cards in its order, kept from one
    position to the next: the ``loose_bits`` it was made for, the cards, their
    ranks, how many there are of each rank, the sums some of them add up to,
    and the values they stand for alone (see
    :mod:`casino_records.engine.movegen`)."""

    def __init__(
        self,
        rules: Rules,
        seating: Seating,
        dealer: int,
        values: ValueTables,
        hands: Sequence[Iterable[int]],
        loose: Iterable[int],
        builds: Sequence[Build] = (),
        piles: Sequence[Iterable[int]] = (),
        sweeps: Sequence[Sequence[int]] = (),
        turn: int = 0,
        round: int = 0,
        next_build_id: int = 1,
        keep_log: bool = True,
        *,
        copy_of: DealState | None = None,
    ) -> None:
        """:param copy_of: a state to copy instead (:meth:`copy`; the other
        arguments are then not read)."""
        if copy_of is not None:
            self._copy_from(copy_of)
            return
        self.rules = rules
        self.seating = seating
        self.dealer = dealer
        self.values = values
        self.dealt = [tuple(CARDS[c] for c in hand) for hand in hands]
        self.hand_bits = [mask_of(hand) for hand in self.dealt]
        table = list(loose)
        self.loose_bits = mask_of(table)
        self.arrival = [0] * 52
        for order, card in enumerate(table):
            self.arrival[card] = order - len(table)
        self.builds = list(builds)
        sides = seating.sides
        self.pile_bits = [mask_of(pile) for pile in piles] if piles else [0] * sides
        self.sweeps = (
            [list(s) for s in sweeps] if sweeps else [[] for _ in range(sides)]
        )
        self.last_capturer = None
        self.last_capture_move = -1
        self.turn = turn
        self.round = round
        self.moves_played = 0
        self.next_build_id = next_build_id
        self.log = []
        self.keep_log = keep_log
        self.residue_bits = 0
        self.residue = ()
        self.residue_side = None
        self.finished = False
        self.loose_order = (-1, (), 0, 0, 0, 0)

    @classmethod
    def start(
        cls,
        rules: Rules,
        seating: Seating,
        dealer: int,
        table: Sequence[Card],
        hands: Sequence[Sequence[Card]],
        keep_log: bool = True,
    ) -> DealState:
        """Return the position before the first move of a deal.

        :param keep_log: False to keep no :attr:`log` of steps (faster; the
            replay of a record that needs no explanation, self-play).
        :raises RulesError: the dealer is not a seat, or the first round's cards
            are not 4 on the table and 4 per player.
        """
        if not 0 <= dealer < seating.players:
            raise RulesError(f"dealer {dealer} is not a seat", rule="R2.5")
        if len(table) != TABLE_SIZE:
            raise RulesError(f"R3.1 the table starts with 4 cards, not {len(table)}")
        state = DealState(  # not cls(...): compiled, a direct call, not a type call
            rules,
            seating,
            dealer,
            value_tables(rules.card_values),
            [],
            table,
            turn=seating.next_seat(dealer),
            keep_log=keep_log,
        )
        state.give_hands(hands)
        return state

    def give_hands(self, hands: Sequence[Sequence[Card]]) -> None:
        """Give every seat its 4 cards for a new round (R3.1, R3.2)."""
        if len(hands) != self.seating.players or any(
            len(hand) != HAND_SIZE for hand in hands
        ):
            raise RulesError("R3.1 every player gets 4 cards a round", rule="R3.1")
        self.dealt = [tuple(hand) for hand in hands]
        self.hand_bits = [mask_of(hand) for hand in self.dealt]

    def copy(self) -> DealState:
        """Return an independent copy (the log is shared as a copied list)."""
        return DealState(self.rules, self.seating, 0, self.values, (), (), copy_of=self)

    def _copy_from(self, source: DealState) -> None:
        """Take every field of ``source``, the mutable ones copied (the work
        of :meth:`copy`, without the constructor's from the arguments: the
        exact search and the play-outs copy a position at every move)."""
        self.rules = source.rules
        self.seating = source.seating
        self.dealer = source.dealer
        self.values = source.values
        self.hand_bits = list(source.hand_bits)
        self.dealt = list(source.dealt)
        self.loose_bits = source.loose_bits
        self.arrival = list(source.arrival)
        self.builds = list(source.builds)
        self.pile_bits = list(source.pile_bits)
        self.sweeps = [list(s) for s in source.sweeps]
        self.last_capturer = source.last_capturer
        self.last_capture_move = source.last_capture_move
        self.turn = source.turn
        self.round = source.round
        self.moves_played = source.moves_played
        self.next_build_id = source.next_build_id
        self.log = list(source.log) if source.log else []
        self.keep_log = source.keep_log
        self.residue_bits = source.residue_bits
        self.residue = source.residue
        self.residue_side = source.residue_side
        self.finished = source.finished
        self.loose_order = source.loose_order

    # --- the card sets, for reading --------------------------------------------

    @property
    def hands(self) -> list[tuple[Card, ...]]:
        """Each seat's cards in hand, in the order dealt."""
        return [
            tuple(c for c in dealt if bits >> c & 1)
            for dealt, bits in zip(self.dealt, self.hand_bits, strict=True)
        ]

    @hands.setter
    def hands(self, hands: Sequence[Sequence[Card]]) -> None:
        self.dealt = [tuple(hand) for hand in hands]
        self.hand_bits = [mask_of(hand) for hand in self.dealt]

    def set_hand(self, seat: int, cards: Sequence[Card]) -> None:
        """Replace ``seat``'s hand (for tools that try out unknown hands)."""
        self.dealt[seat] = tuple(cards)
        self.hand_bits[seat] = mask_of(cards)

    @property
    def loose(self) -> tuple[Card, ...]:
        """The loose cards on the table, in the order they came."""
        arrival = self.arrival
        return tuple(sorted(cards_of(self.loose_bits), key=arrival.__getitem__))

    @property
    def piles(self) -> list[CardSet]:
        """Each side's capture pile."""
        return [CardSet.from_mask(bits) for bits in self.pile_bits]

    def table_order(self) -> list[Card]:
        """The cards on the table as they lie: loose cards in the order they
        came, then each build's cards."""
        cards = list(self.loose)
        for build in self.builds:
            cards += build.cards
        return cards

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
            tuple(self.hand_bits),
            self.loose_bits,
            frozenset(
                (b.value, b.owner, tuple(sorted(mask_of(g) for g in b.groups)))
                for b in self.builds
            ),
            tuple(self.pile_bits),
            tuple(len(s) for s in self.sweeps),
            self.last_capturer,
        )

    # --- derived facts -------------------------------------------------------

    @property
    def round_over(self) -> bool:
        """True when every hand is empty."""
        for bits in self.hand_bits:  # not any(): a loop costs no call when compiled
            if bits:
                return False
        return True

    @property
    def last_round(self) -> bool:
        """True in the deal's final round (the dealer announced "last", R3.5)."""
        return self.round == self.seating.rounds - 1

    @property
    def table_cards(self) -> list[Card]:
        """Every card on the table as it lies (see :meth:`table_order`)."""
        return self.table_order()

    @property
    def table_bits(self) -> int:
        """Every card on the table, loose or in a build, as a mask."""
        bits = self.loose_bits
        for build in self.builds:
            bits |= build.mask
        return bits

    @property
    def table_empty(self) -> bool:
        """True when no card and no build is on the table."""
        return not self.loose_bits and not self.builds

    def side_of(self, seat: int) -> int:
        """The scoring side of ``seat``."""
        return self.seating.side_of[seat]

    def owned_builds(self, seat: int) -> list[Build]:
        """The builds ``seat`` owns."""
        return [build for build in self.builds if build.owner == seat]

    def hand_value_mask(self, seat: int, without: int = -1) -> int:
        """The values ``seat`` can capture with its hand, less one card (``holds``)."""
        cvals = self.values.cvals
        mask = 0
        rest = self.hand_bits[seat]
        while rest:
            low = rest & -rest
            card = low.bit_length() - 1
            if card != without:
                mask |= cvals[card]
            rest ^= low
        return mask

    def all_cards(self) -> list[Card]:
        """Every card of the deal that is in play: hands, table, piles, residue."""
        cards: list[Card] = []
        for bits in self.hand_bits:
            cards += cards_of(bits)
        cards += cards_of(self.table_bits)
        for bits in self.pile_bits:
            cards += cards_of(bits)
        if self.residue_side is None:
            cards += cards_of(self.residue_bits)
        return cards
