"""Seeded players for simulation, and the loop that plays whole deals and matches.

>>> from casino_records.engine.rules import Rules
>>> from casino_records.engine.shuffle import shuffled_deck
>>> played = play_match(Rules(), 2, None, [RandomBot(1), GreedyBot(2)],
...                     deck_for=lambda i: shuffled_deck(f"doc-{i}"))
>>> played.match.over, len(played.deals) >= 1
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final, Protocol

from mypy_extensions import mypyc_attr

from .cards import BIG_CASINO, CARDS, LITTLE_CASINO, Card, Suit
from .match import MatchState
from .movegen import captures_else_moves, generate_legal_moves
from .moves import Action, Move, MoveKind
from .play import (
    apply_move,
    needs_hands,
    next_round,
    play_move,
    stop_at_immediate_win,
)
from .rules import Rules
from .scoring import SideScore, score_piles
from .seating import DealtCards, Seating, deal_from_deck
from .state import DealState

__all__ = [
    "Bot",
    "DealPlay",
    "GreedyBot",
    "MatchPlay",
    "RandomBot",
    "draw_below",
    "make_bot",
    "play_deal",
    "play_match",
    "play_out",
]


class Bot(Protocol):
    """A player: picks one of the legal moves."""

    def choose(self, state: DealState, legal: Sequence[Move]) -> Move:
        """Return one move of ``legal``."""
        ...


@mypyc_attr(allow_interpreted_subclasses=True)
class RandomBot:
    """Plays a uniformly random legal move (seeded)."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: DealState, legal: Sequence[Move]) -> Move:
        """Return a random legal move."""
        return legal[draw_below(self.rng, len(legal))]


@mypyc_attr(allow_interpreted_subclasses=True)
class GreedyBot:
    """Plays the move worth the most immediate points; ties broken at random (seeded).

    A capture is worth its aces, casinos, a sweep, a share of most cards (3/27
    a card) and of most spades (1/7 a spade); building and trailing are worth 0,
    and trailing a valuable card costs its worth.
    """

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: DealState, legal: Sequence[Move]) -> Move:
        """Return a best-valued legal move."""
        best: list[Move] = []
        best_value = float("-inf")
        for move in legal:
            value = self._value(state, move)
            if value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return best[draw_below(self.rng, len(best))]

    def play(self, state: DealState) -> Move:
        """The move :meth:`choose` returns from all of ``state``'s legal moves
        (the same move, and the same draw of the seeded choice), found faster:
        any capture is worth more than every build and trail, so when there
        are captures only they are generated."""
        return self.choose(state, captures_else_moves(state))

    @staticmethod
    def _value(state: DealState, move: Move) -> float:
        worth = _WORTH
        card: int = move.card
        if move.action is Action.TRAIL:
            return -worth[card]
        if move.action is Action.BUILD:
            return 0.0
        # The card's worth, then the table cards' in pack order, added one by
        # one from 0: the same sum as ``sum(map(card_worth, taken))``.
        value = 0.0 + worth[card]
        rest: int = move.table
        while rest:
            low = rest & -rest
            value += worth[low.bit_length() - 1]
            rest ^= low
        # A capture takes a subset of the table: all of it when the masks agree.
        if state.rules.sweeps and move.table == state.table_bits:
            value += 1
        return value


_RANDOM: Final = random.Random
_GETRANDBITS: Final = random.Random.getrandbits
"""The method itself: a call of it needs no look-up of ``rng.getrandbits``
(a subclass of Random is asked for its own)."""


def draw_below(rng: random.Random, n: int) -> int:
    """A number from 0 to ``n`` - 1 (``n`` > 0), drawn as CPython's
    ``rng.randrange(n)`` draws it (a test compares the two): ``getrandbits`` of
    ``n``'s bit length, again until it is below ``n``.

    Written out so that a seeded game is the same on every Python, whatever
    ``randrange`` does there, and without ``randrange``'s checks of its
    arguments (a twentieth of self-play's time).
    """
    bits = n.bit_length()
    draw = _GETRANDBITS if type(rng) is _RANDOM else type(rng).getrandbits
    drawn = draw(rng, bits)
    while drawn >= n:
        drawn = draw(rng, bits)
    return drawn


def card_worth(card: Card) -> float:
    """A rough point value of one card in a capture pile."""
    worth = 3 / 27
    if card.suit is Suit.SPADES:
        worth += 1 / 7
    if card.is_ace:
        worth += 1
    if card == BIG_CASINO:
        worth += 2
    if card == LITTLE_CASINO:
        worth += 1
    return worth


_WORTH: Final[tuple[float, ...]] = tuple([card_worth(card) for card in CARDS])
""":func:`card_worth` of each card, by card index."""


def make_bot(kind: str, seed: int | str) -> Bot:
    """Return a ``random`` or ``greedy`` bot."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "greedy":
        return GreedyBot(seed)
    raise ValueError(f"unknown bot {kind!r} (expected random or greedy)")


@dataclass(slots=True)
class DealPlay:
    """One simulated deal: the pack, the cards dealt, and the finished position."""

    dealer: int
    deck: tuple[Card, ...]
    dealt: DealtCards
    state: DealState
    scores: list[SideScore] = field(default_factory=list)


@dataclass(slots=True)
class MatchPlay:
    """A simulated match."""

    rules: Rules
    seating: Seating
    deals: list[DealPlay]
    match: MatchState


def play_deal(
    rules: Rules,
    seating: Seating,
    dealer: int,
    deck: Sequence[Card],
    bots: Sequence[Bot],
    match: MatchState | None = None,
    keep_log: bool = True,
) -> DealPlay:
    """Deal ``deck`` and let ``bots`` (one per seat) play the deal out.

    With ``match``, a capture that wins the match at once (option
    ``near_target_immediate_win``) ends the deal there, unscored, even when it
    was the deal's last play (the state is then finished but is not scored,
    and the cards left on the table are nobody's: no residue, R13.4).
    ``keep_log=False`` keeps no log of the steps in the final state.
    """
    dealt = deal_from_deck(deck, seating, dealer, rules.deal_batch)
    state = DealState.start(
        rules, seating, dealer, dealt.table, dealt.rounds[0], keep_log=keep_log
    )
    play_out(state, bots, dealt.rounds, match)
    return DealPlay(dealer, tuple(deck), dealt, state)


def play_out(
    state: DealState,
    bots: Sequence[Bot],
    rounds: Sequence[Sequence[Sequence[Card]]],
    match: MatchState | None = None,
) -> None:
    """Let ``bots`` (one per seat) play the deal in ``state`` to its end, each
    round after the current one dealt from ``rounds`` (every round's hands, by
    seat); with ``match``, a capture that wins at once ends it (as
    :func:`play_deal`)."""
    seating = state.seating
    choose = [bot.choose for bot in bots]  # bound once: no method look-up a turn
    while not state.finished:
        if needs_hands(state):
            next_round(state, rounds[state.round + 1])
        move = choose[state.turn](state, generate_legal_moves(state))
        if match is None:
            play_move(state, move)
            continue
        step = apply_move(state, move)
        if step.kind is MoveKind.CAPTURE:
            side = seating.side_of[step.move.seat]
            if match.immediate_win(side, (step.move.card, *step.taken)):
                stop_at_immediate_win(state)
                break


def play_match(
    rules: Rules,
    players: int,
    teams: Sequence[Sequence[int]] | None,
    bots: Sequence[Bot],
    deck_for: Callable[[int], Sequence[Card]],
    first_dealer: int = 0,
    max_deals: int = 100,
) -> MatchPlay:
    """Play deals until the match is won (or ``max_deals`` deals were played).

    :param deck_for: the pack for deal ``i`` (0-based), top card first.
    """
    seating = Seating.create(rules, players, teams)
    match = MatchState(rules, seating.sides)
    deals: list[DealPlay] = []
    dealer = first_dealer
    while not match.over and len(deals) < max_deals:
        played = play_deal(rules, seating, dealer, deck_for(len(deals)), bots, match)
        deals.append(played)
        if match.over or not played.state.finished:
            break  # won at a capture in play (R13.4, not scored), or cut short
        played.scores = score_piles(
            rules, played.state.piles, played.state.sweeps, match.totals, match.play_on
        )
        match.settle(played.scores, played.state.sweeps)
        dealer = seating.next_dealer(dealer)
    return MatchPlay(rules, seating, deals, match)
