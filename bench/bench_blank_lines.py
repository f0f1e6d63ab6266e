"""Benchmark: blank lines of an archive against plain reading (issue #36.7).

Prints figures only (no assertions on time):

a. reading the bytes of an archive of ``--megabytes`` (20) MB of newlines
   with nothing else (``read`` a MiB at a time): the reference, in MB/s;
b. :func:`casino_records.record.files.sources.file_items` of the same data, plain
   and as ``.jsonl.gz`` (what ``validate`` reads), in MB/s and in
   nanoseconds per blank line; before the runs were skipped a buffer at a
   time, each blank line cost about 2 µs (20 MB of newlines: 44 s);
c. the line-by-line reading (``lines_of`` without ``blank_runs``) of 1 MB,
   for comparison.

Each figure is the best of ``--repeat`` (3) runs, CPU time.

Run: ``.venv/bin/python bench/bench_blank_lines.py [--megabytes M] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import gzip
import tempfile
from functools import partial
from pathlib import Path

from timing import best_of

from casino_records.record.files.kinds import lines_of
from casino_records.record.files.sources import file_items, open_source


def _read(path: Path) -> None:
    with open_source(path) as stream:
        while stream.read(1 << 20):
            pass


def _items(path: Path) -> None:
    for _ in file_items(path):
        pass


def _line_by_line(path: Path) -> None:
    with open_source(path) as stream:
        for _ in lines_of(stream, 1 << 24):
            pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    size = args.megabytes * 1_000_000
    with tempfile.TemporaryDirectory() as folder:
        plain = Path(folder, "blank.jsonl")
        plain.write_bytes(b"\n" * size)
        packed = Path(folder, "blank.jsonl.gz")
        packed.write_bytes(gzip.compress(plain.read_bytes()))
        print(f"{args.megabytes} MB of newlines ({size:,} blank lines)")
        for path in (plain, packed):
            reference = best_of(args.repeat, partial(_read, path))
            skipped = best_of(args.repeat, partial(_items, path))
            print(
                f"  {path.name:<16} read: {size / reference / 1e6:8.0f} MB/s;"
                f" file_items: {size / skipped / 1e6:8.0f} MB/s"
                f" ({skipped / size * 1e9:.1f} ns a blank line,"
                f" {skipped / reference:.1f}x the reading)"
            )
        sample = Path(folder, "sample.jsonl")  # 1 MB: it is slow
        sample.write_bytes(b"\n" * 1_000_000)
        one = best_of(1, lambda: _line_by_line(sample))
        print(
            f"  line by line (no runs, 1 MB): {1 / one:.2f} MB/s"
            f" ({one / 1_000_000 * 1e9:.0f} ns a blank line)"
        )


if __name__ == "__main__":
    main()
