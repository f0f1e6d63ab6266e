"""Seats, sides, direction of play, dealer rotation and the deal (R2, R3).

Seats are numbered clockwise. Playing clockwise, the player after seat ``s`` is
``s + 1``; counter-clockwise it is ``s - 1``.

>>> from casino_records.engine.rules import Rules
>>> Table = Seating.create(Rules.from_preset("dominican"), 4, [[0, 2], [1, 3]])
>>> Table.play_order(dealer=0), Table.next_dealer(0)
((3, 2, 1, 0), 3)
>>> Seating.create(Rules(), 4, None).play_order(dealer=0)
(1, 2, 3, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from operator import itemgetter
from typing import Final, TypeAlias

from ..errors import RulesError
from .cards import Card
from .rules import Rules

__all__ = ["ROUNDS_PER_DEAL", "DealtCards", "Seating", "deal_from_deck"]

ROUNDS_PER_DEAL: Final = {2: 6, 3: 4, 4: 3}
"""Rounds in one deal by number of players (R3.3)."""
HAND_SIZE: Final = 4
TABLE_SIZE: Final = 4
_WHOLE_PACK: Final = (1 << 52) - 1
_Pick: TypeAlias = Callable[[tuple[Card, ...]], tuple[Card, ...]]
"""Takes the cards at some positions of the pack (an :func:`operator.itemgetter`)."""


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where, who plays with whom, and which way play goes."""

    players: int
    """Number of players (2–4)."""
    side_of: tuple[int, ...]
    """The scoring side of each seat (a team index, or the seat itself)."""
    step: int
    """+1 when play goes clockwise, -1 counter-clockwise."""
    dealer_step: int
    """The seat offset from one dealer to the next."""
    rounds: int = 0
    """Rounds per deal (R3.3); derived from ``players``."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "rounds", ROUNDS_PER_DEAL[self.players])

    @classmethod
    def create(
        cls, rules: Rules, players: int, teams: Sequence[Sequence[int]] | None
    ) -> Seating:
        """Check the seating against the rules and return it (R2.1, R2.2).

        :raises RulesError: a wrong player count, partners for other than 4
            players or not opposite, or 4 players alone where the rules want 2 v 2.
        """
        if players not in ROUNDS_PER_DEAL:
            raise RulesError(
                f"R2.1 Casino is played by 2, 3 or 4 players, not {players}",
                loc="/players",
                rule="R2.1",
            )
        if teams:
            normal = sorted(sorted(team) for team in teams)
            if players != 4:
                raise RulesError(
                    f"R2.2 partners (2 v 2) need 4 players, not {players}",
                    loc="/teams",
                    rule="R2.2",
                )
            if normal != [[0, 2], [1, 3]]:
                pairs = " against ".join(" & ".join(map(str, t)) for t in teams)
                raise RulesError(
                    "R2.2 partners sit opposite, seats 0 & 2 against 1 & 3,"
                    f" not {pairs}",
                    loc="/teams",
                    rule="R2.2",
                )
            side_of = tuple(0 if seat in teams[0] else 1 for seat in range(4))
        else:
            if players == 4 and rules.partnership_4p == "required":
                raise RulesError(
                    "R2.1 under these rules 4 players play 2 v 2, partners"
                    " opposite (seats 0 & 2 against 1 & 3)",
                    loc="/teams",
                    rule="R2.1",
                )
            side_of = tuple(range(players))
        step = 1 if rules.direction == "clockwise" else -1
        dealer_step = {"with_play": step, "left": 1, "right": -1}[rules.dealer_rotation]
        return cls(players, side_of, step, dealer_step)

    @property
    def sides(self) -> int:
        """Number of scoring sides."""
        return max(self.side_of) + 1

    @property
    def partnership(self) -> bool:
        """True in the 2-v-2 game."""
        return self.sides != self.players

    def next_seat(self, seat: int) -> int:
        """The seat that plays after ``seat`` (R2.4)."""
        return (seat + self.step) % self.players

    def play_order(self, dealer: int) -> tuple[int, ...]:
        """Seats in playing order for a deal, the dealer last (R2.3)."""
        order = []
        seat = dealer
        for _ in range(self.players):
            seat = self.next_seat(seat)
            order.append(seat)
        return tuple(order)

    def next_dealer(self, dealer: int) -> int:
        """Who deals after ``dealer`` (R2.7)."""
        return (dealer + self.dealer_step) % self.players


@dataclass(frozen=True, slots=True, init=False)
class DealtCards:
    """The cards of one deal: the table and each round's hands (by seat)."""

    table: tuple[Card, ...]
    rounds: tuple[tuple[tuple[Card, ...], ...], ...]

    def __init__(
        self, table: tuple[Card, ...], rounds: tuple[tuple[tuple[Card, ...], ...], ...]
    ) -> None:
        # The dataclass's own __init__ runs as Python code even when compiled.
        object.__setattr__(self, "table", table)
        object.__setattr__(self, "rounds", rounds)


def deal_from_deck(
    deck: Sequence[Card], seating: Seating, dealer: int, batch: int = 2
) -> DealtCards:
    """Deal a 52-card pack, top first, by the dealing pattern of R3.4.

    First round, in passes of ``batch`` cards: each non-dealer in playing order,
    then the table, then the dealer. Later rounds: every player in playing order,
    dealer last.

    >>> from casino_records.engine.cards import CARDS
    >>> from casino_records.engine.rules import Rules
    >>> seating = Seating.create(Rules(), 2, None)
    >>> dealt = deal_from_deck(CARDS, seating, dealer=1)
    >>> [str(c) for c in dealt.table], [str(c) for c in dealt.rounds[0][0]]
    (['3S', '4S', '9S', '10S'], ['AS', '2S', '7S', '8S'])
    """
    pack = tuple(deck)
    seen = 0
    for dealt in pack:
        card: int = dealt  # a plain int: no Card method call
        seen |= 1 << card
    if len(pack) != 52 or seen != _WHOLE_PACK:
        raise RulesError("R1.1 a deck must hold the 52 different cards", rule="R1.1")
    if batch not in (1, 2, 4):
        raise RulesError(f"deal_batch must be 1, 2 or 4, not {batch}")
    table_at, rounds_at = _layout(seating.play_order(dealer), batch, seating.rounds)
    table: tuple[Card, ...] = table_at(pack)
    rounds = tuple([tuple([hand_at(pack) for hand_at in hands]) for hands in rounds_at])
    return DealtCards(table, rounds)


@cache
def _layout(
    order: tuple[int, ...], batch: int, rounds: int
) -> tuple[_Pick, tuple[tuple[_Pick, ...], ...]]:
    """The pattern of :func:`deal_from_deck` as pack positions: the getters of
    the table's cards and of each round's hands by seat, for ``order`` (the
    seats in playing order, the dealer last)."""
    dealer_seat = order[-1]
    passes = HAND_SIZE // batch
    hands: list[list[int]] = [[] for _ in order]
    table: list[int] = []
    top = 0  # the position of the next card to deal
    for _ in range(passes):
        for seat in order:
            if seat == dealer_seat:
                table.extend(range(top, top + batch))
                top += batch
            hands[seat].extend(range(top, top + batch))
            top += batch
    layout = [hands]
    for _ in range(rounds - 1):
        hands = [[] for _ in order]
        for _ in range(passes):
            for seat in order:
                hands[seat].extend(range(top, top + batch))
                top += batch
        layout.append(hands)
    picks: list[tuple[_Pick, ...]] = [
        tuple([itemgetter(*hand) for hand in hands]) for hands in layout
    ]
    return itemgetter(*table), tuple(picks)
