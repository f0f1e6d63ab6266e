"""The base install needs no scale extra: with Dask, pyarrow and DuckDB missing, the
package and the command line work, and bulk and stats say what to install."""

from __future__ import annotations

import subprocess
import sys

from tests.paths import SAMPLES

_BLOCKED = """
import importlib.abc, sys

class Missing(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in {"dask", "distributed", "pyarrow", "duckdb", "zstandard"}:
            raise ModuleNotFoundError(f"No module named {name!r}")
        return None

sys.meta_path.insert(0, Missing())
import importlib.util
real = importlib.util.find_spec
importlib.util.find_spec = lambda name, *a: None if name.split(".")[0] in {
    "dask", "distributed", "pyarrow", "duckdb", "zstandard"} else real(name, *a)
from casino_records.cli.main import main
sys.argv = ["casino-records", *sys.argv[1:]]
main()
"""


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", _BLOCKED, *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_validate_works_without_the_scale_extra() -> None:
    run = _run("validate", str(SAMPLES / "disputed-sweep-count.json"))
    assert run.returncode == 1 and "DISPUTED" in run.stdout.upper(), run.stderr


def test_bulk_and_stats_say_what_to_install() -> None:
    for args in (
        ["bulk", str(SAMPLES), "--out", "/nonexistent/x"],
        ["stats", str(SAMPLES)],
    ):
        run = _run(*args)
        assert run.returncode == 2, run.stderr
        assert "pip install 'casino-records[scale]'" in run.stderr
        assert "Traceback" not in run.stderr
