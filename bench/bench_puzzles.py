"""``puzzles`` on simulated records: wall time with ``--jobs 2`` (target: < 5 min for 1,000).

Prints figures only (no assertions on time): ``casino-records simulate`` writes
``--records`` (1,000) two-player classic matches, a random bot against a greedy
one (the random one makes mistakes), into an archive; then the wall time of
``casino-records puzzles ARCHIVE -o OUT --jobs 2`` (and, with ``--one-job``, of
``--jobs 1``), the puzzles found, and beside it ``validate -q`` of the same
archive in the same run (the replay alone), as a ratio. Run:
``.venv/bin/python bench/bench_puzzles.py [--records N] [--one-job]``.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from bench_cli import CLI, measured
from timing import python_reference

TARGET_SECONDS = 300.0
"""The issue's target for 1,000 records with ``--jobs 2``."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=1000)
    parser.add_argument(
        "--one-job", action="store_true", help="also time --jobs 1 (as long again)"
    )
    args = parser.parse_args()
    print(f"pure-Python reference: {python_reference():.3f} s; load {os.getloadavg()}")
    with tempfile.TemporaryDirectory(prefix="bench-puzzles.") as scratch:
        folder = Path(scratch)
        games = str(folder / "games.jsonl")
        out = str(folder / "puzzles.jsonl")
        simulate = [CLI, "simulate", "--preset", "classic", "--players", "2"]
        simulate += ["--bot", "random", "--bot", "greedy", "--seed", "bench-puzzles"]
        simulate += ["--games", str(args.records), "-o", games]
        made, _ = measured(simulate)
        size = Path(games).stat().st_size / 2**20
        print(f"simulate: {args.records} records ({size:.1f} MiB) in {made:.1f} s")
        replay, _ = measured([CLI, "validate", "-q", "--jobs", "2", games])
        print(f"validate -q --jobs 2: {replay:.1f} s")
        times: dict[int, float] = {}
        for jobs in [2, 1] if args.one_job else [2]:
            seconds, peak = measured(
                [CLI, "puzzles", games, "-o", out, "-j", str(jobs)]
            )
            with open(out, "rb") as found:
                count = sum(1 for _ in found)
            times[jobs] = seconds
            per = 1000 * seconds / args.records
            print(
                f"puzzles --jobs {jobs}: {seconds:.1f} s ({per:.0f} ms a record,"
                f" {seconds / replay:.1f}x validate), {count} puzzles, peak"
                f" {peak:.0f} MiB"
            )
        if 1 in times:
            print(f"--jobs 2 against --jobs 1: {times[1] / times[2]:.2f}x faster")
        scaled = 1000 * times[2] / max(args.records, 1)
        verdict = "within" if scaled < TARGET_SECONDS else "over"
        print(
            f"1,000 records with --jobs 2: {scaled:.0f} s, {verdict} the target"
            f" of {TARGET_SECONDS:.0f} s"
        )


if __name__ == "__main__":
    main()
