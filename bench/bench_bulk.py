"""``bulk`` on a local two-worker Dask cluster against ``validate --jobs 2``, and ``stats``.

Prints figures only (no assertions on time):

a. wall time of ``validate -q --jobs 2`` and of ``bulk --workers 2`` on the same
   archive of ``--records`` (1,000,000) records, and their throughput ratio
   (bulk's records per second over validate's: the target is at least 0.9);
b. the peak resident memory of each Dask worker (from the results' manifest) on
   an archive of ``--small`` (100,000) records and on the long one: it must stay
   flat as the archive grows;
c. the time ``stats`` takes on the long archive's results.

The archives are generated here and deleted after: they repeat ``DISTINCT``
simulated matches of at most two deals (what is measured does not depend on
the content). Run:
``.venv/bin/python bench/bench_bulk.py [--records N] [--small N] [--workers W]``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_cli import CLI
from timing import python_reference

from casino_records.record.jsonio import dumps_jsonl
from casino_records.record.simulate import simulate_record

DISTINCT = 200


def archive(path: Path, records: int) -> None:
    """Write ``records`` lines, cycling through ``DISTINCT`` simulated matches."""
    lines = dumps_jsonl(
        simulate_record(
            ("classic", "royal", "dominican")[k % 3],
            2 + k % 3,
            teams=k % 3 == 2,
            seed=f"bench-bulk-{k}",
            max_deals=2,
        )
        for k in range(DISTINCT)
    ).splitlines(keepends=True)
    with open(path, "wb") as out:
        for k in range(records):
            out.write(lines[k % DISTINCT])


def timed(command: list[str]) -> float:
    """Wall time of ``command`` (its exit code 0 or 1: records may be disputed)."""
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, check=False)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{command[:2]} failed: exit code {done.returncode}")
    return time.perf_counter() - start


def bulk(path: Path, out: Path, workers: int) -> tuple[float, list[float]]:
    """Wall time of ``bulk`` and each worker's peak memory (MiB)."""
    seconds = timed(
        [CLI, "bulk", str(path), "--out", str(out), "--workers", str(workers)]
        + ["--no-progress", "--replace"]
    )
    manifest = json.loads((out / "manifest.json").read_bytes())
    peaks = sorted(v / 2**20 for v in manifest["workers_peak_memory"].values())
    return seconds, peaks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=1_000_000)
    parser.add_argument("--small", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(f"pure-Python reference: {python_reference():.3f} s; load {os.getloadavg()}")
    with tempfile.TemporaryDirectory(prefix="bench-bulk.") as scratch:
        folder = Path(scratch)
        small, long = folder / "small.jsonl", folder / "long.jsonl"
        archive(small, args.small)
        archive(long, args.records)
        size = long.stat().st_size / 2**20
        print(f"archives: {args.small} and {args.records} records ({size:.0f} MiB)")
        small_seconds, small_peaks = bulk(small, folder / "small-results", args.workers)
        bulk_seconds, long_peaks = bulk(long, folder / "results", args.workers)
        validate_seconds = timed(
            [CLI, "validate", "-q", "--jobs", str(args.workers), str(long)]
        )
        start = time.perf_counter()
        subprocess.run(
            [CLI, "stats", str(folder / "results")],
            stdout=subprocess.DEVNULL,
            check=True,
        )
        stats_seconds = time.perf_counter() - start
    n = args.records
    print(f"\nthroughput on {n} records, {args.workers} workers:")
    print(
        f"  validate --jobs {args.workers}  {validate_seconds:8.1f} s  {n / validate_seconds:8.0f} records/s"
    )
    print(
        f"  bulk --workers {args.workers}   {bulk_seconds:8.1f} s  {n / bulk_seconds:8.0f} records/s"
    )
    print(
        f"  ratio (bulk / validate throughput): {validate_seconds / bulk_seconds:.2f}"
    )
    print("\npeak memory per worker (MiB):")
    print(f"  {args.small:>9} records: " + ", ".join(f"{m:.0f}" for m in small_peaks))
    print(f"  {args.records:>9} records: " + ", ".join(f"{m:.0f}" for m in long_peaks))
    print(f"  (bulk on {args.small} records took {small_seconds:.1f} s)")
    print(
        f"\nstats on {n} records: {stats_seconds:.2f} s (the command, start-up included)"
    )
    sys.stdout.flush()


if __name__ == "__main__":
    main()
