"""``bulk`` on a local two-worker Dask cluster against ``validate --jobs 2``, and ``stats``.

Prints figures only (no assertions on time):

a. wall time of ``validate -q --jobs 2`` and of ``bulk --workers 2`` on the same
   archive of ``--records`` (1,000,000) records, and their throughput ratio
   (bulk's records per second over validate's: the target is at least 0.9);
b. the peak resident memory of each Dask worker (from the results' manifest) on
   an archive of ``--small`` (100,000) records and on the long one, and that of
   the largest process of ``validate --jobs 2`` on each: it must stay flat as
   the archive grows;
c. the time ``stats`` takes on the long archive's results.

The archives are generated here and deleted after: they repeat ``inputs.DISTINCT``
simulated matches of at most two deals (what is measured does not depend on
the content; a record takes about 6 KB, so the long archive of one million is
about 6 GB in the temporary folder, and each command takes 7 to 8 minutes on two
cores at a load of 2, far longer when other work shares them; the whole bench
about 20 minutes). The workers of a local cluster are started afresh: with no
cached bytecode (``PYTHONDONTWRITEBYTECODE``), each compiles Dask and pandas
again, seconds of start-up per run. Run:
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
from inputs import write_archive
from timing import python_reference

PROBE = (
    "import resource, subprocess, sys, time\n"
    "t = time.perf_counter()\n"
    "code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode\n"
    "t = time.perf_counter() - t\n"
    "r = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "print(code, t, r.ru_utime + r.ru_stime, r.ru_maxrss)\n"
)


def timed(command: list[str]) -> tuple[float, float]:
    """Wall time and CPU time (the command and every process it waited for) of
    ``command``; its exit code must be 0 or 1 (records may be disputed)."""
    wall, cpu, _ = measured(command)
    return wall, cpu


def measured(command: list[str]) -> tuple[float, float, float]:
    """:func:`timed`, and the peak memory (MiB) of the largest process it ran."""
    out = subprocess.run(
        [sys.executable, "-c", PROBE, *command],
        capture_output=True,
        text=True,
        check=True,
    )
    code, wall, cpu, peak = out.stdout.split()
    if int(code) not in (0, 1):
        raise SystemExit(f"{command[1:3]} failed: exit code {code}")
    return float(wall), float(cpu), int(peak) / 1024  # ru_maxrss: KiB on Linux


def bulk(
    path: Path, out: Path, workers: int
) -> tuple[float, float, list[float], float]:
    """Wall and CPU time of ``bulk``, each worker's peak memory (MiB), and the
    run's own seconds (from the manifest: the cluster's start and stop left out)."""
    wall, cpu = timed(
        [CLI, "bulk", str(path), "--out", str(out), "--workers", str(workers)]
        + ["--no-progress", "--replace"]
    )
    manifest = json.loads((out / "manifest.json").read_bytes())
    peaks = sorted(v / 2**20 for v in manifest["workers_peak_memory"].values())
    return wall, cpu, peaks, float(manifest["seconds"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=1_000_000)
    parser.add_argument("--small", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--repeat", type=int, default=1, help="alternate runs of each; the best counts"
    )
    args = parser.parse_args()
    print(f"pure-Python reference: {python_reference():.3f} s; load {os.getloadavg()}")
    n, w = args.records, args.workers
    with tempfile.TemporaryDirectory(prefix="bench-bulk.") as scratch:
        folder = Path(scratch)
        small, long = folder / "small.jsonl", folder / "long.jsonl"
        write_archive(small, args.small, "bench-bulk")
        write_archive(long, n, "bench-bulk")
        size = long.stat().st_size / 2**20
        print(f"archives: {args.small} and {n} records ({size:.0f} MiB)", flush=True)
        _, _, small_peaks, _ = bulk(small, folder / "small-results", w)
        _, _, small_validate_peak = measured(
            [CLI, "validate", "-q", "--jobs", str(w), str(small)]
        )
        runs: dict[str, list[tuple[float, float]]] = {"validate": [], "bulk": []}
        inside: list[float] = []
        for _ in range(args.repeat):  # alternate, so both see the same load
            validate = [CLI, "validate", "-q", "--jobs", str(w), str(long)]
            v_wall, v_cpu, validate_peak = measured(validate)
            runs["validate"].append((v_wall, v_cpu))
            wall, cpu, long_peaks, seconds = bulk(long, folder / "results", w)
            runs["bulk"].append((wall, cpu))
            inside.append(seconds)
            print(  # each pair as it ends: a long bench cut short still tells
                f"  run {len(inside)}: validate {v_wall:.1f} s wall ({v_cpu:.1f} s CPU),"
                f" bulk {wall:.1f} s wall ({cpu:.1f} s CPU), ratio {v_wall / wall:.3f};"
                f" load {os.getloadavg()}",
                flush=True,
            )
        start = time.perf_counter()
        subprocess.run(
            [CLI, "stats", str(folder / "results")],
            stdout=subprocess.DEVNULL,
            check=True,
        )
        stats_seconds = time.perf_counter() - start
    best = {name: min(times) for name, times in runs.items()}
    print(f"\n{n} records, {w} workers, best of {args.repeat}; load {os.getloadavg()}:")
    for name, label in (
        ("validate", f"validate --jobs {w}"),
        ("bulk", f"bulk --workers {w}"),
    ):
        wall, cpu = best[name]
        print(
            f"  {label:<18} {wall:8.1f} s wall {n / wall:8.0f} records/s  {cpu:8.1f} s CPU"
        )
    ratio = best["validate"][0] / best["bulk"][0]
    cpu_ratio = best["validate"][1] / best["bulk"][1]
    print(
        f"  throughput ratio bulk / validate: {ratio:.3f} (CPU time: {cpu_ratio:.3f})"
    )
    print(
        f"  bulk's run alone (the cluster's start and stop left out): {min(inside):.1f} s,"
        f" ratio {best['validate'][0] / min(inside):.2f}"
    )
    print("\npeak memory per worker (MiB):")
    print(f"  {args.small:>9} records: " + ", ".join(f"{m:.0f}" for m in small_peaks))
    print(f"  {n:>9} records: " + ", ".join(f"{m:.0f}" for m in long_peaks))
    print(f"peak memory of validate --jobs {w}, its largest process (MiB):")
    print(f"  {args.small:>9} records: {small_validate_peak:.0f}")
    print(f"  {n:>9} records: {validate_peak:.0f}")
    print(
        f"\nstats on {n} records: {stats_seconds:.2f} s (the command, start-up included)"
    )
    sys.stdout.flush()


if __name__ == "__main__":
    main()
