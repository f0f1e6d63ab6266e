"""The exact solver as it was before issue 34 (verbatim but for this docstring):
alpha-beta with full windows, the table keyed by the position with the
interchangeable cards merged, and no bounds from the cards left. The tests
check the solver against it, move by move.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from casino_records.analysis.value import DealContext, scaled_advantage
from casino_records.engine.bots import card_worth
from casino_records.engine.cards import CARDS, Card
from casino_records.engine.masks import mask_of
from casino_records.engine.movegen import generate_legal_moves
from casino_records.engine.moves import Action, Move
from casino_records.engine.play import (
    needs_hands,
    next_round,
    play_generated,
    play_move,
)
from casino_records.engine.scoring import SCORED_APART
from casino_records.engine.state import DealState

__all__ = ["ExactSolver", "Hands", "canonical", "order_moves"]

Hands = Sequence[Sequence[Card]]
"""One round's hands, by seat."""

_INF = 1 << 30
_CAPTURE = Action.CAPTURE
_BUILD = Action.BUILD
_UNSTORED = 1
"""Positions with this many cards left in hands or fewer are searched without
the table: their subtrees are smaller than the cost of a key."""
_WORTH = tuple(card_worth(card) for card in CARDS)

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
    (most cards taken first, then the most valuable), builds, then trails of the
    cheapest cards."""
    ordered = sorted(moves, key=_rank)
    if first is not None and first in ordered:
        ordered.remove(first)
        ordered.insert(0, first)
    return ordered


def _rank(move: Move) -> float:
    action = move.action
    if action is _CAPTURE:
        cards = move.cards
        return -100.0 - len(cards) - _WORTH[move.card]
    if action is _BUILD:
        return -50.0 - len(move.cards)
    return _WORTH[move.card]


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
        self._leaves: dict[object, int] = {}
        self._merge: bool | None = None
        """Whether cards of a class are merged (known at the first position)."""

    # --- public ----------------------------------------------------------------

    def move_values(self, state: DealState) -> list[tuple[Move, float]]:
        """Every legal move of ``state`` with its exact value, in the engine's order."""
        scale = len(self.context.totals) - 1
        values = self._move_values(self._unlogged(state))
        return [(move, value / scale) for move, value in values]

    def value(self, state: DealState) -> float:
        """The exact value of ``state`` for the solver's side."""
        value = self._search(self._unlogged(state), -_INF, _INF)
        return value / (len(self.context.totals) - 1)

    def final_points(self, state: DealState) -> tuple[int, ...]:
        """Each side's points at the end of a best line of play from ``state``.

        At every turn the mover plays the first move (engine order) of best
        value: the highest for the solver's side, the lowest for the others.
        """
        state = self._unlogged(state)
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
        for i in sorted(range(len(moves)), key=ranks.__getitem__):
            values[i] = self._search(self._next(state, moves[i]), -_INF, _INF)
        return list(zip(moves, values, strict=True))

    def _key(self, state: DealState) -> tuple[object, ...]:
        """:meth:`DealState.key`, with the interchangeable cards merged."""
        if not self._merge:
            return state.key()
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
            tuple([canonical(bits) for bits in state.pile_bits]),
            tuple([len(s) for s in state.sweeps]),
            state.last_capturer,
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
        key = self._key(state)
        entry = self._table.get(key)
        low, high, first = -_INF, _INF, None
        if entry is not None:
            low, high, first = entry
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low == high:
                return low
            alpha, beta = max(alpha, low), min(beta, high)
        maximizing = self._maximizing(state)
        best = -_INF if maximizing else _INF
        best_move: Move | None = None
        a, b = alpha, beta
        for move in order_moves(generate_legal_moves(state), first):
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
                break
        if best <= alpha:
            high = best
        elif best >= beta:
            low = best
        else:
            low = high = best
        self._table[key] = (low, high, best_move)
        return best

    def _leaf(self, state: DealState) -> int:
        """The value of a finished deal (scored once per distinct end: its
        piles, class by class, and its number of sweeps per side)."""
        piles = state.pile_bits
        key = (
            tuple([canonical(bits) for bits in piles]) if self._merge else tuple(piles),
            tuple([len(s) for s in state.sweeps]),
        )
        value = self._leaves.get(key)
        if value is None:
            points = self.context.points(state)
            value = self._leaves[key] = scaled_advantage(points, self.side)
        return value

    def _plain(self, state: DealState, alpha: int, beta: int) -> int:
        """Alpha-beta without the table (near the end of the deal)."""
        maximizing = self._maximizing(state)
        best = -_INF if maximizing else _INF
        for move in generate_legal_moves(state):
            child = self._next(state, move)
            self.nodes += 1
            if child.finished:
                value = self._leaf(child)
            else:
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
