"""A deal's par: what each side would reach from the start of a round, playing perfectly.

From the first position of each round of a deal played to its end:

- **exact**, when the analysis solved that position (the exact solver reaches
  it, every card known: the last round of a two-player deal with the default
  eight moves): each side's par value is the solver's value of the position for
  that side (the minimax value with two sides; with three or four, what the side
  secures with every other side playing against it), and its par points are its
  points at the end of a line of best play for it
  (:func:`~casino_records.analysis.could_win.best_line_end`);
- **estimated** before that: the value of the best move the analysis found at
  the round's first move for the mover's side (with two sides, the other side's
  is its negation; with three or four, each side's is the best value of its own
  first move of the round), with its standard error. It is what the greedy
  play-outs of the sampled deals give, not perfect play, and no points are
  given.

Each side's *played minus par* is its value as the deal was played minus its
par value: below 0, what the play from the round's start cost it.
"""

from __future__ import annotations

from .analysed_game import AnalysedGame
from .could_win import best_line_end
from .game_analysis import DealAnalysis, GameAnalysis, MoveAnalysis, Par
from .solver import ExactSolver
from .value import advantage

__all__ = ["add_par", "deal_par"]


def add_par(game: AnalysedGame, analysis: GameAnalysis) -> None:
    """Fill each deal's :attr:`~.game_analysis.DealAnalysis.par`."""
    for deal in analysis.deals:
        deal.par = deal_par(game, deal)


def deal_par(game: AnalysedGame, deal: DealAnalysis) -> list[Par]:
    """The par of ``deal`` from the start of each round whose first move was
    analysed (none when the deal was not played to its end)."""
    d = deal.index
    states = game.report.states
    end = states[d] if d < len(states) else None
    if d not in game.deals or end is None or not end.finished:
        return []
    known = game.deals[d]
    sides = game.seating.sides
    played_points = known.context.points(end)
    played_values = tuple(advantage(played_points, s) for s in range(sides))
    by_index = {move.index: move for move in deal.moves}
    out = []
    for r, start in sorted(known.round_starts.items()):
        first = by_index.get(start)
        if first is None:
            continue
        if first.method == "exact":
            values, stderrs, points = _exact(game, d, start)
        else:
            estimated = _estimated(game, deal.moves, r, first)
            if estimated is None:
                continue
            values, stderrs = estimated
            points = ()
        out.append(
            Par(
                round=r,
                index=start,
                method=first.method,
                values=values,
                stderrs=stderrs,
                points=points,
                played_values=played_values,
                played_points=played_points,
                played_minus_par=tuple(
                    p - v for p, v in zip(played_values, values, strict=True)
                ),
            )
        )
    return out


def _exact(
    game: AnalysedGame, d: int, start: int
) -> tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...]]:
    known = game.deals[d]
    here = game.position(d, start)
    values: list[float] = []
    points: list[float] = []
    for side in range(game.seating.sides):
        solver = ExactSolver(known.context, side, known.later_hands)
        values.append(solver.value(here))
        line = known.context.points(best_line_end(solver, here.copy()))
        points.append(float(line[side]))
    return tuple(values), (0.0,) * len(values), tuple(points)


def _estimated(
    game: AnalysedGame, moves: list[MoveAnalysis], r: int, first: MoveAnalysis
) -> tuple[tuple[float, ...], tuple[float, ...]] | None:
    side_of = game.seating.side_of
    sides = game.seating.sides
    firsts: dict[int, MoveAnalysis] = {}
    for move in moves:
        if move.round == r and move.index >= first.index:
            firsts.setdefault(side_of[move.seat], move)
    if sides == 2:
        mover = side_of[first.seat]
        value, stderr = _best(first)
        values = [value, -value] if mover == 0 else [-value, value]
        return tuple(values), (stderr, stderr)
    if len(firsts) < sides:
        return None
    best = [_best(firsts[s]) for s in range(sides)]
    return tuple(v for v, _ in best), tuple(e for _, e in best)


def _best(move: MoveAnalysis) -> tuple[float, float]:
    """The best value found at ``move`` and its standard error."""
    row = next(a for a in move.alternatives if a.move == move.best)
    return row.value, row.stderr
