"""``validate --jobs 2`` stopped by a signal ends cleanly, with the code of the
signal (issue #36.3 and .4): no worker traceback, never the code of a bad record.

Each run is the command itself in its own session, stopped group and all when
the test ends (also on failure or timeout).
"""

from __future__ import annotations

import gzip
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.harness.children import children
from tests.scale.conftest import Lines, Processes, archive_lines
from tests.scale.conftest import processes as processes  # the fixture, shared

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]

CLI = [sys.executable, "-m", "casino_records"]
WAIT = 60.0


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """A mixed archive of 3,000 records (ok, disputed, invalid, unreadable,
    blank lines), plain and gzip."""
    folder = tmp_path_factory.mktemp("mixed")
    lines = archive_lines(3000, seed="stop")
    plain, gz = folder / "a.jsonl", folder / "b.jsonl.gz"
    plain.write_bytes(b"\n".join(lines[:2000]) + b"\n")
    gz.write_bytes(gzip.compress(b"\n".join(lines[2000:]) + b"\n"))
    return [plain, gz]


def _foreground() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _validate(processes: Processes, inputs: list[Path]) -> subprocess.Popen[bytes]:
    return processes.start(
        [*CLI, "validate", "--jobs", "2", *map(str, inputs)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_foreground,
    )


def _wait_until_checking(run: subprocess.Popen[bytes], out: Lines) -> None:
    deadline = time.monotonic() + WAIT
    while out.text.count("\n") < 20:
        assert run.poll() is None, out.text[-2000:]
        assert time.monotonic() < deadline, "validate printed nothing"
        time.sleep(0.01)


def _end(run: subprocess.Popen[bytes], err: Lines) -> tuple[int, str]:
    code = run.wait(timeout=WAIT)
    err.done.wait(10)
    return code, err.text


@pytest.mark.parametrize("attempt", range(3))
def test_sigterm_to_the_parent_leaves_no_worker_traceback(
    processes: Processes, mixed: list[Path], attempt: int
) -> None:
    """Exit 143, but BrokenPipeError tracebacks from the workers in 11 of 16 runs."""
    run = _validate(processes, mixed)
    out, err = Lines(run.stdout), Lines(run.stderr)
    _wait_until_checking(run, out)
    run.send_signal(signal.SIGTERM)  # `kill PID`: the parent only
    code, said = _end(run, err)
    assert code == 128 + signal.SIGTERM
    assert said == ""


@pytest.mark.parametrize("when", ["starting", "checking"])
def test_ctrl_c_exits_130_without_a_traceback(
    processes: Processes, mixed: list[Path], when: str
) -> None:
    """Exit 1 (the code of "invalid or disputed") and "Aborted!"; once, 4
    tracebacks from workers interrupted as they started."""
    run = _validate(processes, mixed)
    out, err = Lines(run.stdout), Lines(run.stderr)
    if when == "starting":
        deadline = time.monotonic() + WAIT
        while not children(run.pid):
            assert run.poll() is None and time.monotonic() < deadline
            time.sleep(0.002)
    else:
        _wait_until_checking(run, out)
    os.killpg(run.pid, signal.SIGINT)  # Ctrl+C: the whole group
    code, said = _end(run, err)
    assert code == 130, said
    assert said == "stopped by Ctrl+C\n"
