"""Analyse a whole record: every move, in one process or several.

>>> from casino_records.record.simulate import simulate_record
>>> record = simulate_record("classic", 2, seed="doc", bots=["greedy", "random"], max_deals=1)
>>> analysis = analyse_record(record, make_settings(samples=1, seed="doc"))
>>> len(analysis.deals[0].moves), analysis.deals[0].moves[-1].method
(48, 'exact')
"""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Callable, Generator
from contextlib import closing
from types import FrameType
from typing import Final

from ..check.pools import sigterm_handled_by, start_pool
from ..i18n import N_
from ..record.format.models import GameRecord
from ..record.json.jsonio import dumps, loads
from .analysed_game import AnalysedGame, Unit, UnitResult
from .could_win import could_have_won
from .game_analysis import (
    DEFAULT_EXACT_MOVES,
    AnalysisSettings,
    DealAnalysis,
    GameAnalysis,
)
from .marks import BLUNDER, INACCURACY, MISTAKE, SIGNIFICANCE, player_losses
from .par import add_par

__all__ = [
    "DEFAULT_EXACT_MOVES",
    "DEFAULT_SAMPLES",
    "Progress",
    "analyse_record",
    "make_settings",
    "work_order",
]

DEFAULT_SAMPLES: Final = 200
"""Sampled deals per estimated move (see bench/bench_analysis.py for the cost)."""
VALUE_TEXT: Final = N_(
    "the deal's banked points of the mover's side minus the mean of the other"
    " sides' (the point difference with two sides)"
)
POLICY_TEXT: Final = (
    "the unseen cards dealt at random consistently with the moves seen, then the"
    " greedy bot at every seat to the end of the deal"
)

Progress = Callable[[int, int], None]
"""Called with (moves analysed, moves to analyse) as the work goes on."""


def make_settings(
    samples: int = DEFAULT_SAMPLES,
    seed: str | int = 0,
    exact_moves: int = DEFAULT_EXACT_MOVES,
) -> AnalysisSettings:
    """Settings with the default thresholds (see :mod:`casino_records.analysis.marks`)."""
    if samples < 1:
        raise ValueError(f"samples must be at least 1, not {samples}")
    if exact_moves < 0:
        raise ValueError(f"exact_moves must be at least 0, not {exact_moves}")
    return AnalysisSettings(
        samples=samples,
        seed=str(seed),
        exact_moves=exact_moves,
        inaccuracy=INACCURACY,
        mistake=MISTAKE,
        blunder=BLUNDER,
        significance=SIGNIFICANCE,
        value=VALUE_TEXT,
        policy=POLICY_TEXT,
    )


def analyse_record(
    record: GameRecord,
    settings: AnalysisSettings | None = None,
    *,
    source: str = "",
    jobs: int = 1,
    progress: Progress | None = None,
) -> GameAnalysis:
    """Analyse every move of ``record`` (the same result whatever ``jobs`` is).

    Deals whose cards are unknown, and moves after an illegal one, are not
    analysed; each deal's ``note`` says so.
    """
    settings = settings or make_settings()
    game = AnalysedGame(record, settings)
    units = game.units()
    total = sum(len(unit.indexes) for unit in units)
    done = 0
    results: dict[Unit, UnitResult] = {}
    # Closed at once when ``progress`` raises (a page stopping the work), so
    # the worker processes are stopped then, not when the generator is collected.
    with closing(_run_units(game, units, jobs)) as running:
        for unit, result in running:
            results[unit] = result
            done += len(unit.indexes)
            if progress is not None:
                progress(done, total)
    analysis = GameAnalysis(
        id=record.id,
        source=source,
        players=game.names,
        sides=game.report.report.sides,
        settings=settings,
    )
    for d in range(len(record.deals)):
        deal = DealAnalysis(index=d, note=game.notes.get(d, ""))
        notes = [deal.note] if deal.note else []
        for unit in units:
            if unit.deal == d:
                result = results[unit]
                deal.moves.extend(result.moves)
                notes += [result.note] if result.note else []
        deal.moves.sort(key=lambda move: move.index)
        deal.note = "; ".join(notes)
        deal.players = player_losses(deal.moves, game.names)
        analysis.deals.append(deal)
    analysis.totals = player_losses(analysis.moves, game.names)
    ends = {
        (unit.deal, i): moves
        for unit, result in results.items()
        for i, moves in result.ends.items()
    }
    could_have_won(game, analysis, ends)
    add_par(game, analysis)
    return analysis


# --- several processes ------------------------------------------------------------

_WORKER_GAME: AnalysedGame | None = None


def _start_worker(record_bytes: bytes, settings: AnalysisSettings) -> None:
    global _WORKER_GAME  # noqa: PLW0603 (one game per worker process)
    _WORKER_GAME = AnalysedGame(loads(record_bytes), settings)


def _run_in_worker(unit: Unit) -> tuple[Unit, UnitResult]:
    assert _WORKER_GAME is not None
    return unit, _WORKER_GAME.run(unit)


def _run_units(
    game: AnalysedGame, units: list[Unit], jobs: int
) -> Generator[tuple[Unit, UnitResult], None, None]:
    if jobs <= 1 or len(units) <= 1:
        for unit in units:
            yield unit, game.run(unit)
        return
    # Fork is fastest but unsafe in a threaded process (the viewer's).
    method = "fork" if threading.active_count() == 1 else "forkserver"
    if method not in multiprocessing.get_all_start_methods():  # pragma: no cover
        method = "spawn"
    context = multiprocessing.get_context(method)
    if method == "forkserver":  # its workers fork from one that imported this
        context.set_forkserver_preload([__name__])
    ordered = work_order(units)
    with sigterm_handled_by(_stop):
        pool = start_pool(
            context,
            min(jobs, len(units)),
            _start_worker,
            (dumps(game.record), game.settings),
        )
        try:
            yield from pool.imap_unordered(_run_in_worker, ordered)
        finally:
            pool.terminate()
            pool.join()


def work_order(units: list[Unit]) -> list[Unit]:
    """``units`` in the order the workers take them: the costliest first, so
    that no worker is left with a long one at the end. The exact tails come
    first (one unit for many moves), then the estimated moves by their place in
    the deal (the earlier the move, the longer its play-outs)."""
    return sorted(units, key=lambda unit: (not unit.exact, unit.indexes[0]))


def _stop(signum: int, frame: FrameType | None) -> None:
    """SIGTERM as SystemExit while workers run: the pool is stopped on the way out."""
    raise SystemExit(128 + signum)
