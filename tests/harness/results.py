"""A results folder of the bundled samples, as ``casino-records bulk`` writes one."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.paths import CLI, SAMPLES


def sample_results(out: Path) -> Path:
    """Run ``bulk`` on the samples into ``out`` and return it; skips the test
    without the scale extra."""
    for extra in ("distributed", "pyarrow", "duckdb"):
        pytest.importorskip(extra)
    done = subprocess.run(
        [CLI, "bulk", str(SAMPLES), "--out", str(out), "--workers", "1"],
        capture_output=True,
        text=True,
        timeout=200,
        start_new_session=True,
        check=False,
    )
    assert done.returncode == 1, done.stderr  # samples disputed on purpose
    return out
