"""Timing helpers shared by the benchmarks."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_of(runs: int, work: Callable[[], object]) -> float:
    """The smallest CPU time (``time.process_time``) of ``runs`` calls of ``work``.

    CPU time of the best run is what other processes on the machine disturb least.
    """
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def python_reference(runs: int = 5) -> float:
    """CPU time of a fixed pure-Python workload (best of ``runs``).

    The machine's speed drifts from run to run; printing this beside a figure
    lets two runs be compared: divide each figure's time by it.
    """
    return best_of(runs, lambda: sum(i * i for i in range(3_000_000)))
