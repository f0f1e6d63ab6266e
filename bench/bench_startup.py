"""Start-up benchmark: ``casino-records validate`` of one small record, beside Python's own start.

Prints figures only (no assertions on time). Each command runs as a new process,
interleaved with the others so that a busy machine disturbs all alike; the figure
is the best wall time of ``--runs`` runs (default 15):

- ``python -c pass``: the floor (the interpreter and ``site``);
- ``python -c "import click, orjson"``: what the command line cannot do without;
- ``python -c "import casino_records._native"``: the package and the choice of build;
- ``casino-records validate RECORD``: the target, < 120 ms (and its ratio to ``pass``);
- ``casino-records validate --format json RECORD``: the same with the report;
- ``casino-records --help``.

``CASINO_RECORDS_PURE_PYTHON=1`` in the environment measures the pure-Python build
(the compiled one otherwise, when built: the first line says which). The commands
run without ``PYTHONDONTWRITEBYTECODE``, so that, as on a user's machine, Python
reads the bytecode it wrote (the warm-up writes it) instead of compiling every
module's source again at each start; ``--no-bytecode`` keeps the variable as set.

Run: ``.venv/bin/python bench/bench_startup.py [--runs N] [--record FILE]``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLI = str(Path(sys.executable).with_name("casino-records"))
RECORD = ROOT / "sample_games" / "classic-2p-annotated.json"
TARGET_MS = 120.0


ENV = dict(os.environ)


def wall(command: list[str]) -> float:
    """Run ``command`` (output discarded) and return its wall time in seconds."""
    start = time.perf_counter()
    subprocess.run(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=ENV,
        check=False,
    )
    return time.perf_counter() - start


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--record", type=Path, default=RECORD)
    parser.add_argument(
        "--no-bytecode",
        action="store_true",
        help="keep PYTHONDONTWRITEBYTECODE as set (every start compiles the sources)",
    )
    args = parser.parse_args()
    if not args.no_bytecode:
        ENV.pop("PYTHONDONTWRITEBYTECODE", None)
    record = str(args.record)
    py = sys.executable
    commands = {
        "python -c pass": [py, "-c", "pass"],
        'python -c "import click, orjson"': [py, "-c", "import click, orjson"],
        "python -c 'import casino_records._native'": [
            py,
            "-c",
            "import casino_records._native",
        ],
        "casino-records validate RECORD": [CLI, "validate", record],
        "casino-records validate --format json RECORD": [
            CLI,
            "validate",
            "--format",
            "json",
            record,
        ],
        "casino-records --help": [CLI, "--help"],
    }
    compiled = subprocess.run(
        [py, "-c", "import casino_records; print(casino_records.COMPILED)"],
        capture_output=True,
        text=True,
        env=ENV,
        check=True,
    ).stdout.strip()
    build = "compiled" if compiled == "True" else "pure Python"
    cached = (
        "no bytecode cache" if "PYTHONDONTWRITEBYTECODE" in ENV else "bytecode cached"
    )
    print(f"build: {build}, {cached}; {record}")
    for command in commands.values():  # warm the caches: bytecode, page cache
        wall(command)
    best = dict.fromkeys(commands, float("inf"))
    for _ in range(args.runs):
        for name, command in commands.items():
            best[name] = min(best[name], wall(command))
    floor = best["python -c pass"]
    for name, seconds in best.items():
        print(f"  {seconds * 1000:6.1f} ms  {seconds / floor:5.2f}x pass  {name}")
    validate_ms = best["casino-records validate RECORD"] * 1000
    verdict = "met" if validate_ms < TARGET_MS else "not met"
    print(
        f"validate one record: {validate_ms:.0f} ms wall, best of {args.runs}"
        f" (target < {TARGET_MS:.0f} ms: {verdict})"
    )


if __name__ == "__main__":
    main()
