"""``rescore`` against ``validate``: memory flat with the archive's length, and speed.

Prints figures only (no assertions on time):

a. peak resident memory of ``validate``, ``rescore`` and ``rescore -o`` on an
   archive of ``--records`` (2,000) records and on one ``--times`` (10) times as
   long: ``rescore`` streams like ``validate``, so its peak must not grow with
   the archive (it used to keep a corrected copy of every record: 351 MB for
   2,000 records, 1.64 GB for 10,000);
b. wall time of each on the shorter archive (best of ``--repeat`` runs), as a
   ratio to ``validate`` measured in the same run (it used to be 3.4x), and of
   ``rescore -j 2`` against ``rescore``.

The archive repeats 200 simulated matches of two deals each (the records'
content does not change what is measured). Run:
``.venv/bin/python bench/bench_rescore.py [--records N] [--times T] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from bench_cli import CLI, measured
from inputs import write_archive
from timing import python_reference


def best(command: list[str], repeat: int) -> tuple[float, float]:
    """The best wall time and the largest peak RSS (MiB) of ``repeat`` runs."""
    runs = [measured(command) for _ in range(repeat)]
    return min(t for t, _ in runs), max(m for _, m in runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=2000)
    parser.add_argument("--times", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--before",
        help="another checkout's casino-records, measured on the shorter archive too",
    )
    args = parser.parse_args()
    print(f"pure-Python reference: {python_reference():.3f} s; load {os.getloadavg()}")
    with tempfile.TemporaryDirectory(prefix="bench-rescore.") as scratch:
        folder = Path(scratch)
        sizes = {"short": args.records, "long": args.records * args.times}
        for name, count in sizes.items():
            write_archive(folder / f"{name}.jsonl", count, "bench-rescore")
        out = str(folder / "fixed.jsonl")
        commands = {
            "validate": ["validate", "-q"],
            "rescore": ["rescore"],
            "rescore -o": ["rescore", "-o", out],
        }
        print(f"{'command':<14} {'records':>8} {'peak MiB':>9}")
        for label, args_ in commands.items():
            for name, count in sizes.items():
                path = str(folder / f"{name}.jsonl")
                _, peak = measured([CLI, *args_, path])
                print(f"{label:<14} {count:>8} {peak:>9.1f}", flush=True)
        short = str(folder / "short.jsonl")
        timed = {
            "validate": [CLI, "validate", "-q", short],
            "rescore": [CLI, "rescore", short],
            "rescore -o": [CLI, "rescore", short, "-o", out],
            "rescore -j 2": [CLI, "rescore", "-j", "2", short],
        }
        times = {
            label: best(command, args.repeat)[0] for label, command in timed.items()
        }
        reference = times["validate"]
        print(f"\nwall time, {args.records} records, best of {args.repeat}:")
        for label, seconds in times.items():
            print(
                f"  {label:<13} {seconds:6.2f} s  {seconds / reference:5.2f}x validate"
            )
        speedup = times["rescore"] / times["rescore -j 2"]
        print(f"  rescore -j 2 against -j 1: {speedup:.2f}x faster")
        if args.before:
            for label, command in {
                "validate": [args.before, "validate", "-q", short],
                "rescore": [args.before, "rescore", short],
            }.items():
                seconds, peak = best(command, 1)
                print(f"  before: {label:<9} {seconds:6.2f} s, peak {peak:.1f} MiB")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
