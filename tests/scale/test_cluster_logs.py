"""Dask's own log lines never reach the terminal of a run.

A task that fails comes back as its result, and ``bulk`` says so in words; the
worker's own "Compute Failed" lines (a traceback among them) would say it a
second time, in Dask's words. On a loaded machine a stopping cluster logs
errors too (a heartbeat to a scheduler already closed): CI saw both in
``bulk``'s stderr.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.timeout(240)]
pytest.importorskip("distributed")  # the scale extra

SCRIPT = """
import logging
from casino_records.scale.cluster import dask_client

def fails(n):
    raise ValueError(f"part {n} cannot be checked")

if __name__ == "__main__":
    with dask_client(None, 2) as client:
        try:
            client.gather(client.map(fails, range(4)))
        except ValueError as exc:
            print("said in words:", exc)
        logging.getLogger("distributed.scheduler").error("a scheduler's error")
"""


def test_a_failed_task_is_said_once_in_words(tmp_path: Path) -> None:
    script = tmp_path / "fails.py"
    script.write_text(SCRIPT, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=200,
        start_new_session=True,
        cwd=tmp_path,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert "said in words: part" in run.stdout
    assert run.stderr == ""
