"""Explaining disputes (issue 17): how fast, and how often the mistake is found.

Prints figures only (no assertions):

a. the time to explain each disputed sample (best CPU time of several runs),
   beside the time to replay the same record (the reference: the explanation
   re-scores piles, it does not replay the play); target: a disputed deal well
   under a second;
b. generated disputes: simulated matches of every preset and table size (2, 3,
   4 players, 2 v 2), each kind of catalogued mistake applied at random to their
   claims, and pairs of mistakes in one deal
   (:func:`casino_records.check.explain_survey.survey`): the share found, the
   share explained by another mistake giving the same figures, the share missed,
   the share with more than one fit, the cases listed; and the time to explain
   each (median, max), the two-mistake searches included.

Run: ``.venv/bin/python bench/bench_explain.py [--games N] [--pairs N] [--runs N]``.
"""

from __future__ import annotations

import argparse
from functools import partial
from pathlib import Path

from timing import best_of, python_reference

import casino_records
from casino_records.check.explain import explain
from casino_records.check.explain_survey import survey
from casino_records.check.replay import replay
from casino_records.record import jsonio

SAMPLES = Path(__file__).resolve().parents[1] / "sample_games"


def main() -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=1, help="matches per preset and table"
    )
    parser.add_argument(
        "--pairs", type=int, default=4, help="pairs of mistakes per match"
    )
    parser.add_argument("--runs", type=int, default=5, help="timing runs per sample")
    args = parser.parse_args()
    engine = "compiled" if casino_records.COMPILED else "pure Python"
    print(f"engine: {engine}; reference workload {python_reference() * 1000:.0f} ms")
    print("a. disputed samples: explain (all its deals and the match) vs replay")
    for path in sorted(SAMPLES.glob("disputed-*.json")):
        record = jsonio.load(path)
        replayed = replay(record)
        explained = best_of(args.runs, partial(explain, record, replayed))
        replaying = best_of(args.runs, partial(replay, record))
        deals = sum(1 for e in explain(record, replayed) if e.scope == "deal")
        print(
            f"   {path.name:40} explain {explained * 1000:6.1f} ms"
            f" ({deals} disputed deal{'s' * (deals != 1)}),"
            f" replay {replaying * 1000:5.1f} ms, ratio {explained / replaying:4.1f}"
        )
    print(
        f"b. generated disputes ({args.games} match per preset and table, {args.pairs} pairs each)"
    )
    result = survey(games=args.games, pairs=args.pairs)
    for line in result.lines():
        print(f"   {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
