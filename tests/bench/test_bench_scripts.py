"""Every benchmark in bench/ starts as bench/README.md says it is run.

A benchmark is only read when someone runs it, so one that stopped importing
(its harness moved, a module renamed) goes unseen until then. Each script
with options is started with ``--help`` from another folder: it must import
all it needs and exit 0.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
SCRIPTS = sorted(
    path
    for path in BENCH.glob("*.py")
    if "argparse" in path.read_text(encoding="utf-8")
)

pytestmark = pytest.mark.slow


def test_the_benchmarks_are_found() -> None:
    assert len(SCRIPTS) >= 10


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_a_benchmark_starts_from_any_folder(script: Path, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(script), "--help"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "usage:" in done.stdout
