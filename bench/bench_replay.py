"""Validate + re-score throughput (issue "record notation, replay ..."): prints figures.

Simulates an archive of whole matches (all presets and player counts), then
measures, each as the best CPU time of several runs:

- ``orjson.loads`` of every line alone (the reference: parsing the bytes);
- reading records (orjson + the pydantic models);
- the full job: read, replay every move through the engine, score every deal,
  audit every claim (target: >= 120,000 moves/s on one core).

Run: ``.venv/bin/python bench/bench_replay.py [--games N]``.
"""

from __future__ import annotations

import argparse

import orjson
from timing import best_of, python_reference

from casino_records.io import dumps_jsonl, loads
from casino_records.replay import replay
from casino_records.simulate import simulate_record

CONFIGS = [
    ("classic", 2, False),
    ("classic", 3, False),
    ("classic", 4, True),
    ("royal", 2, False),
    ("royal", 4, False),
    ("dominican", 2, False),
    ("dominican", 4, True),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=140)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    records = [
        simulate_record(
            preset, players, teams=teams, seed=f"bench-{i}", bots=("greedy", "random")
        )
        for i in range(args.games)
        for preset, players, teams in [CONFIGS[i % len(CONFIGS)]]
    ]
    lines = dumps_jsonl(records).splitlines()
    size = sum(len(line) + 1 for line in lines)
    moves = sum(replay(loads(line)).report.moves_checked for line in lines)

    def full_job() -> None:
        for line in lines:
            report = replay(loads(line)).report
            assert report.status == "ok"

    parse = best_of(args.runs, lambda: [orjson.loads(line) for line in lines])
    read = best_of(args.runs, lambda: [loads(line) for line in lines])
    full = best_of(args.runs, full_job)
    print(
        f"archive: {len(lines)} matches, {moves} moves, {size / 1e6:.1f} MB; best of {args.runs} runs (CPU time)"
    )
    print(
        f"orjson.loads alone (reference): {parse:7.3f} s  {moves / parse:10.0f} moves/s"
    )
    print(
        f"read records (orjson + models): {read:7.3f} s  {moves / read:10.0f} moves/s  ({read / parse:.1f}x the reference)"
    )
    print(
        f"validate + re-score (full job): {full:7.3f} s  {moves / full:10.0f} moves/s  ({full / parse:.1f}x the reference; target >= 120000 moves/s)"
    )

    print(
        f"machine speed now: the pure-Python reference takes {python_reference():.3f} s"
        " (0.21 s when the figures in the README were taken)"
    )


if __name__ == "__main__":
    main()
