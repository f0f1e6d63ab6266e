"""What a finished deal is worth to a side: the number the analysis maximises.

The value of a deal to side ``s`` is its banked points (R12, R13.4: categories,
sweeps after cancellation, ties, the Dominican near-target rules given the match
totals at the deal's start) minus the mean of the other sides' banked points. With
two sides that is the plain point difference; with three or four it is the side's
points against the average opponent, so the values of all sides sum to zero.

>>> advantage((5, 3), 0), advantage((5, 3), 1)
(2.0, -2.0)
>>> advantage((6, 2, 3), 0)  # 6 - (2 + 3) / 2
3.5
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..engine.rules import Rules
from ..engine.scoring import score_masks
from ..engine.state import DealState

__all__ = ["DealContext", "DealEnd", "advantage", "deal_end", "scaled_advantage"]


class DealEnd(NamedTuple):
    """How a deal ended, as far as scoring it and settling the match need."""

    piles: tuple[int, ...]
    """Each side's pile, a card mask."""
    sweeps: tuple[tuple[int, ...], ...]
    """For each side, the deal move indexes of its sweeps."""


def deal_end(state: DealState) -> DealEnd:
    """The end of the finished deal ``state``."""
    return DealEnd(tuple(state.pile_bits), tuple(tuple(s) for s in state.sweeps))


@dataclass(frozen=True, slots=True)
class DealContext:
    """What scoring a deal needs beyond its piles: the rules and the match so far."""

    rules: Rules
    """The record's effective rules."""
    totals: tuple[int, ...]
    """Each side's match total at the start of the deal."""
    play_on: bool = False
    """True after a tied finish (no near-target rules apply, R13.2)."""

    def points(self, state: DealState) -> tuple[int, ...]:
        """Each side's banked points of the finished deal ``state``."""
        scores = score_masks(
            self.rules, state.pile_bits, state.sweeps, self.totals, self.play_on
        )
        return tuple(score.banked for score in scores)

    def points_at(self, end: DealEnd) -> tuple[int, ...]:
        """Each side's banked points of a deal that ended at ``end``."""
        scores = score_masks(
            self.rules, end.piles, end.sweeps, self.totals, self.play_on
        )
        return tuple(score.banked for score in scores)

    def points_of(self, piles: Sequence[int], sweeps: Sequence[int]) -> tuple[int, ...]:
        """Each side's banked points of a deal that ends with ``piles`` (card
        masks) and ``sweeps`` (each side's number of sweeps)."""
        made = [range(count) for count in sweeps]  # scoring counts the sweeps only
        scores = score_masks(self.rules, piles, made, self.totals, self.play_on)
        return tuple(score.banked for score in scores)


def scaled_advantage(points: Sequence[int], side: int) -> int:
    """``(sides - 1)`` times :func:`advantage`: an integer, for exact comparisons."""
    return (len(points) - 1) * points[side] - (sum(points) - points[side])


def advantage(points: Sequence[int], side: int) -> float:
    """Side ``side``'s points minus the mean of the other sides' points."""
    return scaled_advantage(points, side) / (len(points) - 1)
