"""Generate every legal move of a position, each distinct move exactly once.

The generator enumerates how the table's items (loose cards, then builds; see
:mod:`casino_records.engine.combos`) can be grouped, and keeps the moves that
the rules of :mod:`casino_records.engine.constraints` allow: the same
predicates :func:`casino_records.engine.legality.verify_move` checks one move
with. With ``single_build_as_card`` a single build may join any group of a
build move; those rare moves are proposed by enumeration and read by the
single-move check itself (:func:`casino_records.engine.buildcheck.read_build`),
which decides their kind. The test suite checks generator and check agree on
every position of random games and against brute force.
"""

from __future__ import annotations

from typing import Final

from .cards import Card
from .constraints import (
    trail_refusal,
    trail_restricted,
)
from .moves import TRAILS, Move
from .state import DealState
from .tableview import TableView, clear_caches

__all__ = [
    "captures_else_moves",
    "captures_for",
    "clear_caches",
    "generate_legal_moves",
]


def generate_legal_moves(state: DealState) -> list[Move]:
    """Return every distinct legal move for the seat to play.

    Captures come first, then builds, then trails, card by card in the order
    the hand was dealt.
    An empty list means the deal is over (it is never empty otherwise).
    """
    if state.finished:
        return []
    seat = state.turn
    table = TableView(state, seat)
    hand, afters = _hand_and_afters(state, seat)
    moves: list[Move] = []
    trails: list[Move] = []
    restricted = trail_restricted(state, seat)
    seat_trails = _TRAILS[seat]
    for card, after in zip(hand, afters, strict=True):
        before = len(moves)
        table.add_captures(card, after, moves)
        captured = len(moves) > before
        table.add_builds(card, after, moves)
        if not restricted or not trail_refusal(state, seat, card, after, captured):
            trails.append(seat_trails[card])
    moves.extend(trails)
    return moves


def captures_else_moves(state: DealState) -> list[Move]:
    """Return the legal captures of the seat to play, when there are any, in
    the order (and the very moves) :func:`generate_legal_moves` lists them;
    otherwise every legal move, as :func:`generate_legal_moves` returns them.

    For a player that always captures when it can (the greedy bot): the
    builds are not generated when a capture is legal.
    """
    if state.finished:
        return []
    seat = state.turn
    table = TableView(state, seat)
    hand, afters = _hand_and_afters(state, seat)
    moves: list[Move] = []
    for card, after in zip(hand, afters, strict=True):
        table.add_captures(card, after, moves)
    if moves:
        return moves
    # No card captures: the builds and trails, as generate_legal_moves lists them.
    trails: list[Move] = []
    restricted = trail_restricted(state, seat)
    seat_trails = _TRAILS[seat]
    for card, after in zip(hand, afters, strict=True):
        table.add_builds(card, after, moves)
        if not restricted or not trail_refusal(state, seat, card, after, False):
            trails.append(seat_trails[card])
    moves.extend(trails)
    return moves


def _hand_and_afters(state: DealState, seat: int) -> tuple[list[int], list[int]]:
    """The seat's cards in the order dealt, and for each the values of the
    cards it would leave in the hand (the masks of ``values.cvals`` joined)."""
    cvals = state.values.cvals
    bits = state.hand_bits[seat]
    hand: list[int] = []
    for dealt in state.dealt[seat]:
        card: int = dealt  # a plain int from here on: no Card method calls
        if bits >> card & 1:
            hand.append(card)
    afters: list[int] = []
    for card in hand:
        after = 0
        for other in hand:
            if other != card:
                after |= cvals[other]
        afters.append(after)
    return hand, afters


def captures_for(state: DealState, seat: int, card: Card) -> list[Move]:
    """Return the legal captures ``seat`` could make with ``card``."""
    after = state.hand_value_mask(seat, without=card)
    moves: list[Move] = []
    TableView(state, seat).add_captures(card, after, moves)
    return moves


_TRAILS: Final = TRAILS  # compiled, a static (an imported name is a dict look-up)
