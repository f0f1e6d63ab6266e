"""Marks for moves that lost points, and each player's average loss.

A move's *loss* is the value of the best legal move minus the value of the move
played, in points of :func:`~casino_records.analysis.value.advantage`. The marks,
as in chess annotation:

==========  =============  ===========================================
mark        loss at least  in Casino terms
==========  =============  ===========================================
``?!``      0.5 points     an inaccuracy: half an ace, on average
``?``       1 point        a mistake: an ace, Little Casino, a sweep
``??``      2 points       a blunder: Big Casino, or most cards nearly
==========  =============  ===========================================

An estimated loss is marked only when it is also at least two standard errors
(:data:`SIGNIFICANCE`): with few samples a small difference may be noise, and the
best of several noisy means is biased upwards. (With one sample there is no
standard error: the analysis marks no estimated move then.)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from .game_analysis import MoveAnalysis, PlayerLoss

__all__ = [
    "BLUNDER",
    "INACCURACY",
    "MISTAKE",
    "SIGNIFICANCE",
    "mark_for",
    "player_losses",
]

INACCURACY: Final = 0.5
"""Points lost from which a move is marked ``?!``."""
MISTAKE: Final = 1.0
"""Points lost from which a move is marked ``?``."""
BLUNDER: Final = 2.0
"""Points lost from which a move is marked ``??``."""
SIGNIFICANCE: Final = 2.0
"""Standard errors an estimated loss must reach to be marked."""
MARKS: Final = ("?!", "?", "??")
"""The marks, mildest first."""
_EPSILON: Final = 1e-9


def mark_for(
    loss: float,
    stderr: float = 0.0,
    thresholds: tuple[float, float, float] = (INACCURACY, MISTAKE, BLUNDER),
    significance: float = SIGNIFICANCE,
) -> str:
    """The mark for a move that lost ``loss`` points (``""`` for none).

    >>> mark_for(0.4), mark_for(0.5), mark_for(1.5), mark_for(2.0)
    ('', '?!', '?', '??')
    >>> mark_for(1.2, stderr=0.7)  # less than two standard errors
    ''
    """
    if loss + _EPSILON < significance * stderr:
        return ""
    mark = ""
    for name, threshold in zip(MARKS, thresholds, strict=True):
        if loss + _EPSILON >= threshold:
            mark = name
    return mark


def player_losses(
    moves: Iterable[MoveAnalysis], names: Sequence[str]
) -> list[PlayerLoss]:
    """Each player's moves analysed, average loss per move, marks and error
    rate (the share of their moves analysed that got a mark)."""
    counts = [0] * len(names)
    losses = [0.0] * len(names)
    marks: list[dict[str, int]] = [{} for _ in names]
    for move in moves:
        counts[move.seat] += 1
        losses[move.seat] += move.loss
        if move.mark:
            marks[move.seat][move.mark] = marks[move.seat].get(move.mark, 0) + 1
    return [
        PlayerLoss(
            seat,
            name,
            counts[seat],
            losses[seat] / counts[seat] if counts[seat] else 0.0,
            marks[seat],
            sum(marks[seat].values()) / counts[seat] if counts[seat] else 0.0,
        )
        for seat, name in enumerate(names)
    ]
