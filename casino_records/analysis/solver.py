"""The exact value of every move when all cards are known (double dummy).

:class:`ExactSolver` searches the rest of a deal with alpha-beta, a transposition
table keyed by :meth:`~casino_records.engine.state.DealState.key` (with the
cards scoring cannot tell apart merged, and each pile as its
:func:`~casino_records.engine.scoring.pile_tally`) and move ordering (the
table's best move first, then the last move that cut the search off with as
many cards left, then captures by what they take, builds, and trails of the
cheapest cards). Leaves are scored by the engine; values are
:func:`~casino_records.analysis.value.advantage` for the solver's side. A
search makes no reference cycles, so it runs with the cyclic collector paused
(:func:`~casino_records.collector.collector_paused`): its walks over the
growing table took a third of the time.

With two sides the value is the minimax value of a zero-sum game. With three or
four sides it is the *paranoid* value: the solver's side maximises its advantage
and every other side plays to minimise it, a lower bound of what the side can
secure whatever the others do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from ..collector import collector_paused
from ..engine.bots import card_worth
from ..engine.cards import CARDS, Card
from ..engine.masks import mask_of
from ..engine.movegen import generate_legal_moves
from ..engine.moves import Action, Move
from ..engine.play import needs_hands, next_round, play_generated, play_move
from ..engine.scoring import SCORED_APART, pile_tally
from ..engine.state import DealState
from .value import DealContext, scaled_advantage

__all__ = ["ExactSolver", "Hands", "canonical", "order_moves"]

Hands = Sequence[Sequence[Card]]
"""One round's hands, by seat."""

_INF = 1 << 30
_CAPTURE = Action.CAPTURE
_BUILD = Action.BUILD
_UNSTORED = 1
"""Positions with this many cards left in hands or fewer are searched without
the table: their subtrees are smaller than the cost of a key."""
_PARTS: Final = 189
"""The parts of a point a card's worth is counted in: 27 x 7, so that the
worth of every card (:func:`~casino_records.engine.bots.card_worth`: 3/27 of a
point, 1/7 more for a spade, and the points of aces and casinos) is a whole
number of them, and moves of equal worth rank equal."""
_WORTH: Final = tuple([round(card_worth(card) * _PARTS) for card in CARDS])

_SUIT: Final = (1 << 13) - 1
"""The thirteen ranks of one suit (the pack is A-K of spades, hearts, diamonds, clubs)."""
_SPADES: Final = _SUIT
_APART: Final = SCORED_APART >> 26 & _SUIT
"""The diamonds scoring tells apart (Big Casino), as ranks."""
if (
    SCORED_APART & _SPADES != _SPADES
    or (SCORED_APART >> 13 | SCORED_APART >> 39) & _SUIT
):
    raise AssertionError("canonical() expects only spades and diamonds scored apart")


def canonical(mask: int) -> int:
    """``mask`` with the interchangeable cards of each rank replaced by the
    first ones of their class (hearts, then diamonds, then clubs).

    The classes are the cards of one rank that scoring does not tell apart
    (:data:`~casino_records.engine.scoring.SCORED_APART`: spades and the
    casinos are each a class of their own). Two masks are equal here exactly
    when they hold as many cards of every class.
    """
    hearts = mask >> 13 & _SUIT
    diamonds = mask >> 26 & _SUIT
    clubs = mask >> 39 & _SUIT
    apart = diamonds & _APART
    diamonds ^= apart
    one = hearts | diamonds | clubs
    two = (hearts & diamonds) | (hearts & clubs) | (diamonds & clubs)
    three = hearts & diamonds & clubs
    return (
        (mask & _SPADES)
        | one << 13
        | ((two & ~_APART) | apart) << 26
        | (three | (two & _APART)) << 39
    )


def _alike_in_play(state: DealState) -> bool:
    """True when the rules' card values never tell two cards of a class apart."""
    item = state.values.item
    for rank in range(13):
        first = item[13 + rank]
        if item[26 + rank] != first or item[39 + rank] != first:
            return False
    return True


def order_moves(moves: Sequence[Move], first: Move | None = None) -> list[Move]:
    """``moves`` in the order worth searching first: ``first``, then captures
    (by the cards they take, counted and weighted by what they score), builds,
    then trails of the cheapest cards."""
    ordered = sorted(moves, key=_rank)
    if first is not None and first in ordered:
        ordered.remove(first)
        ordered.insert(0, first)
    return ordered


def _rank(move: Move) -> int:
    action = move.action
    if action is _CAPTURE:
        taken = move.table
        worth = _WORTH[move.card]
        while taken:
            low = taken & -taken
            worth += _WORTH[low.bit_length() - 1]
            taken ^= low
        return -_PARTS * (100 + move.table.bit_count()) - 3 * worth
    if action is _BUILD:
        return -_PARTS * (50 + move.table.bit_count())
    return _WORTH[move.card]


def _plus_cards(piles: list[int], side: int, cards: int) -> list[int]:
    """A copy of ``piles`` with ``cards`` added to ``side``'s pile."""
    out = list(piles)
    out[side] = out[side] | cards
    return out


def _plus_sweeps(counts: list[int], side: int, more: int) -> list[int]:
    """A copy of ``counts`` with ``more`` sweeps added to ``side``'s."""
    out = list(counts)
    out[side] = out[side] + more
    return out


class ExactSolver:
    """Alpha-beta search of the rest of a deal for one side (see the module).

    One solver serves every position of one deal for one side: its
    transposition table carries over from move to move.
    """

    def __init__(
        self,
        context: DealContext,
        side: int,
        later_hands: Mapping[int, Hands] | None = None,
    ) -> None:
        """:param later_hands: the hands of later rounds by round index, when
        the search must cross into them (the record's deal knows them)."""
        self.context = context
        self.side = side
        self.later_hands = dict(later_hands or {})
        self.nodes = 0
        """Positions visited so far (leaves and transpositions included)."""
        self._table: dict[object, tuple[int, int, Move | None]] = {}
        self._leaves: dict[object, tuple[int, ...]] = {}
        """Each side's points by the end of a deal (see :meth:`_points`)."""
        self._ends: dict[object, int] = {}
        """The value of each end of the deal (see :meth:`_leaf`)."""
        self._bounded: dict[object, tuple[int, int]] = {}
        """The bounds of a position's value (see :meth:`_bounds`)."""
        self._killers: dict[int, Move] = {}
        """By cards left in hands: the last move that cut the search off there."""
        self._earning = DealContext(context.rules, context.totals, play_on=True)
        """The deal scored with no near-target rule binding: each side's points
        as it earns them, its sweeps counted (see :meth:`_together`)."""
        self._earned: dict[object, tuple[int, ...]] = {}
        """Each side's points by :attr:`_earning`, by its piles' tallies and sweeps."""
        self._merge: bool | None = None
        """Whether cards of a class are merged (known at the first position)."""
        self._later: dict[int, tuple[int, list[int]]] = {}
        """By round: the cards of the later rounds' hands and each side's moves
        in them (rounds whose hands are all given only)."""

    # --- public ----------------------------------------------------------------

    def move_values(self, state: DealState) -> list[tuple[Move, float]]:
        """Every legal move of ``state`` with its exact value, in the engine's order."""
        scale = len(self.context.totals) - 1
        with collector_paused():
            values = self._move_values(self._unlogged(state))
        return [(move, value / scale) for move, value in values]

    def value(self, state: DealState) -> float:
        """The exact value of ``state`` for the solver's side."""
        with collector_paused():
            value = self._search(self._unlogged(state), -_INF, _INF)
        return value / (len(self.context.totals) - 1)

    def final_points(self, state: DealState) -> tuple[int, ...]:
        """Each side's points at the end of a best line of play from ``state``.

        At every turn the mover plays the first move (engine order) of best
        value: the highest for the solver's side, the lowest for the others.
        """
        with collector_paused():
            return self._final_points(self._unlogged(state))

    def _final_points(self, state: DealState) -> tuple[int, ...]:
        while not state.finished:
            maximizing = self._maximizing(state)
            best: tuple[Move, int] | None = None
            for move, value in self._move_values(state):
                if (
                    best is None
                    or (maximizing and value > best[1])
                    or (not maximizing and value < best[1])
                ):
                    best = (move, value)
            assert best is not None
            state = self._next(state, best[0])
        return self.context.points(state)

    def child(self, state: DealState, move: Move) -> DealState:
        """The position after ``move`` (a copy), with the next round dealt if due."""
        child = state.copy()
        play_move(child, move)
        return self._dealt(child)

    def _next(self, state: DealState, move: Move) -> DealState:
        """:meth:`child` for a move generated at ``state`` (not checked again)."""
        child = state.copy()
        play_generated(child, move)
        return self._dealt(child)

    def _dealt(self, child: DealState) -> DealState:
        if needs_hands(child):
            hands = self.later_hands.get(child.round + 1)
            if hands is None:
                raise ValueError(
                    f"the search reached round {child.round + 2}, whose hands"
                    " it was not given"
                )
            next_round(child, hands)
        return child

    # --- the search ------------------------------------------------------------

    def _maximizing(self, state: DealState) -> bool:
        return state.seating.side_of[state.turn] == self.side

    def _unlogged(self, state: DealState) -> DealState:
        """A copy of ``state`` that keeps no log (so its copies are cheap)."""
        if self._merge is None:
            self._merge = _alike_in_play(state)
        self._later = self._later_cards(state)
        if not state.keep_log and not state.log:
            return state
        copy = state.copy()
        copy.keep_log = False
        copy.log = []
        return copy

    def _move_values(self, state: DealState) -> list[tuple[Move, int]]:
        moves = generate_legal_moves(state)
        ranks = [_rank(move) for move in moves]
        values = [0] * len(moves)
        guess = 0
        for i in sorted(range(len(moves)), key=ranks.__getitem__):
            guess = values[i] = self._exact(self._next(state, moves[i]), guess)
        return list(zip(moves, values, strict=True))

    def _exact(self, state: DealState, guess: int) -> int:
        """The exact value of ``state`` by zero-window tests from ``guess``
        (MTD(f)): each test bounds the value on one side, and the table keeps
        the bounds, so the tests share their work."""
        low, high = -_INF, _INF
        value = guess
        while low < high:
            beta = value + 1 if value == low else value
            value = self._search(state, beta - 1, beta)
            if value < beta:
                high = value
            else:
                low = value
        return value

    def _key(
        self, state: DealState, piles: tuple[int, ...], sweeps: tuple[int, ...]
    ) -> tuple[object, ...]:
        """:meth:`DealState.key`, with the interchangeable cards merged, each
        pile as what scoring reads of it (its tally, in ``piles``), the sweeps
        counted (``sweeps``) and the last capturer's side for the last
        capturer."""
        taker = state.last_capturer  # it only tells which side takes the residue
        if taker is not None:
            taker = state.seating.side_of[taker]
        if not self._merge:
            return (
                state.turn,
                state.round,
                tuple(state.hand_bits),
                state.loose_bits,
                frozenset(
                    [
                        (
                            b.value,
                            b.owner,
                            tuple(sorted([mask_of(g) for g in b.groups])),
                        )
                        for b in state.builds
                    ]
                ),
                piles,
                sweeps,
                taker,
            )
        builds: tuple[object, ...] = ()
        if state.builds:
            builds = tuple(
                sorted(
                    [
                        (
                            b.value,
                            b.owner,
                            tuple(sorted([canonical(mask_of(g)) for g in b.groups])),
                        )
                        for b in state.builds
                    ]
                )
            )
        return (
            state.turn,
            state.round,
            tuple([canonical(bits) for bits in state.hand_bits]),
            canonical(state.loose_bits),
            builds,
            piles,
            sweeps,
            taker,
        )

    def _search(self, state: DealState, alpha: int, beta: int) -> int:
        self.nodes += 1
        if state.finished:
            return self._leaf(state)
        cards = 0
        for bits in state.hand_bits:
            cards += bits.bit_count()
        if cards <= _UNSTORED:
            return self._plain(state, alpha, beta)
        piles = tuple([pile_tally(bits) for bits in state.pile_bits])
        sweeps = tuple([len(s) for s in state.sweeps])
        key = self._key(state, piles, sweeps)
        entry = self._table.get(key)
        if entry is None:
            low, high = self._bounds(state, piles, sweeps)
            first = None
        else:
            low, high, first = entry
        if low >= beta:
            return low
        if high <= alpha:
            return high
        if low == high:
            return low
        alpha, beta = max(alpha, low), min(beta, high)
        known_low, known_high = low, high
        maximizing = self._maximizing(state)
        best = -_INF if maximizing else _INF
        best_move: Move | None = None
        a, b = alpha, beta
        ordered = order_moves(generate_legal_moves(state), first)
        killer = self._killers.get(cards)
        if killer is not None and killer != first and killer in ordered:
            ordered.remove(killer)
            ordered.insert(1 if first is not None else 0, killer)
        for move in ordered:
            value = self._search(self._next(state, move), a, b)
            if maximizing:
                if value > best:
                    best, best_move = value, move
                a = max(a, best)
            else:
                if value < best:
                    best, best_move = value, move
                b = min(b, best)
            if a >= b:
                self._killers[cards] = move
                break
        if best <= alpha:
            low, high = known_low, best
        elif best >= beta:
            low, high = best, known_high
        else:
            low = high = best
        self._table[key] = (low, high, best_move)
        return best

    def _leaf(self, state: DealState) -> int:
        """The value of a finished deal, worked out once per distinct end:
        its piles' tallies and each side's sweeps."""
        sweeps = [len(s) for s in state.sweeps]
        key = (tuple([pile_tally(bits) for bits in state.pile_bits]), tuple(sweeps))
        value = self._ends.get(key)
        if value is None:
            points = self._points(state.pile_bits, sweeps)
            value = self._ends[key] = scaled_advantage(points, self.side)
        return value

    def _points(self, piles: list[int], sweeps: list[int]) -> tuple[int, ...]:
        """Each side's points for ``piles`` and ``sweeps`` (each side's count),
        scored once per distinct end: its piles' tallies and its sweeps."""
        key = (tuple([pile_tally(bits) for bits in piles]), tuple(sweeps))
        points = self._leaves.get(key)
        if points is None:
            points = self._leaves[key] = self.context.points_of(piles, sweeps)
        return points

    def _later_cards(self, state: DealState) -> dict[int, tuple[int, list[int]]]:
        """For each round from ``state``'s on whose later rounds' hands are
        all known: those hands' cards, and each side's moves in them."""
        seating = state.seating
        later: dict[int, tuple[int, list[int]]] = {}
        cards, moves = 0, [0] * seating.sides
        for round_ in range(seating.rounds - 1, state.round - 1, -1):
            later[round_] = (cards, list(moves))
            hands = self.later_hands.get(round_)
            if hands is None:
                break
            for seat, hand in enumerate(hands):
                cards |= mask_of(hand)
                moves[seating.side_of[seat]] += len(hand)
        return later

    def _bounds(
        self, state: DealState, piles: tuple[int, ...], sweeps: tuple[int, ...]
    ) -> tuple[int, int]:
        """A lower and an upper bound of ``state``'s value, from the cards
        still to be taken (in hands, on the table, in later rounds' hands).

        ``piles`` and ``sweeps`` are the piles' tallies and the sweeps made so
        far. The bounds depend on nothing else but the tally of the cards left
        and each side's moves left (the tallies of disjoint piles add up), so
        they are worked out once for each of these.
        """
        found = self._later.get(state.round)
        if found is None:
            return -_INF, _INF
        rest, later_moves = found
        moves = list(later_moves)
        side_of = state.seating.side_of
        for seat, bits in enumerate(state.hand_bits):
            rest |= bits
            moves[side_of[seat]] += bits.bit_count()
        rest |= state.loose_bits
        for build in state.builds:
            rest |= build.mask
        if not state.rules.sweeps:
            moves = [0] * len(moves)
        key = (pile_tally(rest), piles, sweeps, tuple(moves))
        bounds = self._bounded.get(key)
        if bounds is None:
            bounds = self._bounded[key] = self._bounds_of(
                state.pile_bits, rest, list(sweeps), moves
            )
        return bounds

    def _bounds_of(
        self, piles: list[int], rest: int, made: list[int], moves: list[int]
    ) -> tuple[int, int]:
        """:meth:`_bounds` with each side's pile, the cards left (``rest``),
        each side's sweeps made and moves left (none when sweeps do not score).

        Scoring is monotone: a card or a sweep more never costs its side a
        point, nor gains another side one (categories, sweeps after
        cancellation, the near-target rules). So the solver's side scores at
        most its points with every card left and a sweep at each of its
        moves left, the others taking nothing more; every other side scores
        at most the same for itself; and the solver's side scores at least
        its points when each other side has every card left and a sweep at
        each of its moves (all at once: no real split does better against
        it). With two sides the bounds are two ends of the deal.
        """
        me, sides = self.side, len(moves)
        ends = [  # each side taking every card left, and sweeping at every move
            self._points(_plus_cards(piles, side, rest), _plus_sweeps(made, side, more))
            for side, more in enumerate(moves)
        ]
        high = scaled_advantage(ends[me], me)
        if sides == 2:
            return -scaled_advantage(ends[1 - me], 1 - me), high
        against = [bits | rest for bits in piles]
        against[me] = piles[me]
        sweeps = [count + more for count, more in zip(made, moves, strict=True)]
        sweeps[me] = made[me]
        least = self._points(against, sweeps)[me]
        others = 0
        for side in range(sides):
            if side != me:
                others += ends[side][side]
        others = min(others, self._together(piles, rest, made, moves))
        return (sides - 1) * least - others, high

    def _together(
        self, piles: list[int], rest: int, made: list[int], moves: list[int]
    ) -> int:
        """The most the other sides can bank together (three sides or more):
        the points one side would earn holding all their piles and every card
        left, with all their sweeps and one at each of their moves, the
        solver's side taking nothing more.

        No side banks more than it earns with its sweeps counted (the
        near-target rules only take points away). Each category goes to one
        side at most, and if any other side takes it, so would that one: most
        cards and most spades (its count is at least that side's, which beats
        the solver's side), the casinos and aces (it holds every card they can
        take), its sweeps (at least theirs, against the solver's side's
        fewest).
        """
        me = self.side
        one = 1 if me == 0 else 0
        merged = [0] * len(piles)
        merged[me] = piles[me]
        count = [0] * len(piles)
        count[me] = made[me]
        cards = rest
        for side, bits in enumerate(piles):
            if side != me:
                cards |= bits
                count[one] += made[side] + moves[side]
        merged[one] = cards
        key = (tuple([pile_tally(bits) for bits in merged]), tuple(count))
        points = self._earned.get(key)
        if points is None:
            points = self._earned[key] = self._earning.points_of(merged, count)
        return points[one]

    def _plain(self, state: DealState, alpha: int, beta: int) -> int:
        """Alpha-beta without the table (near the end of the deal)."""
        maximizing = self._maximizing(state)
        best = -_INF if maximizing else _INF
        for move in generate_legal_moves(state):
            child = self._next(state, move)
            if child.finished:
                self.nodes += 1
                value = self._leaf(child)
            elif child.round != state.round:  # a new round: its hands are full
                value = self._search(child, alpha, beta)
            else:
                self.nodes += 1
                value = self._plain(child, alpha, beta)
            if maximizing:
                best = max(best, value)
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best
