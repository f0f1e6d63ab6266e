"""Every fault of a ``bulk`` run is a clean stop (issue #36): a worker killed while
the cluster starts, Ctrl+C to the whole group, SIGKILL and a rerun.

Each test starts the command in its own session (the ``processes`` fixture
stops the group when the test ends, also on failure or timeout).
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.harness.children import children
from tests.paths import CLI
from tests.scale.conftest import Lines, Processes, group_alive, write_archives

pytestmark = [pytest.mark.slow, pytest.mark.timeout(240)]
pytest.importorskip("distributed")  # the scale extra

WAIT = 120.0
"""How long a test waits for a run to reach the point it stops it at."""


def _foreground() -> None:
    """Ctrl+C at its default, as a shell starts a foreground job (a process
    started in the background inherits SIGINT ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _workers(pid: int) -> list[int]:
    """The Dask worker processes of the run ``pid``: forked from its fork server,
    or spawned by it."""
    found = []
    for child, command in children(pid):
        if b"forkserver" in command:
            found += [worker for worker, _ in children(child)]
        elif b"spawn_main" in command and b"resource_tracker" not in command:
            found.append(child)
    return found


def _until(
    what: Callable[[], object], run: subprocess.Popen[bytes], text: Lines
) -> None:
    deadline = time.monotonic() + WAIT
    while not what():
        assert run.poll() is None, text.text
        assert time.monotonic() < deadline, text.text
        time.sleep(0.02)


def _bulk(processes: Processes, folder: Path, *extra: str) -> subprocess.Popen[bytes]:
    inputs = sorted(folder.glob("part-*"))
    return processes.start(
        [CLI, "bulk", *map(str, inputs), "--out", str(folder / "results")]
        + ["--workers", "2", *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_foreground,
    )


def _finish(run: subprocess.Popen[bytes], err: Lines) -> tuple[int, str, str]:
    """The run's exit code, standard output and standard error, once it ends."""
    assert run.stdout is not None
    code = run.wait(timeout=WAIT)
    out = run.stdout.read().decode()
    err.done.wait(10)
    return code, out, err.text


def _gone(pgid: int) -> None:
    deadline = time.monotonic() + 30
    while group_alive(pgid):  # the cluster's processes end with the run
        assert time.monotonic() < deadline, "a process of the run outlived it"
        time.sleep(0.1)


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    write_archives(tmp_path, 600)
    return tmp_path


def test_a_worker_killed_while_the_cluster_starts(
    processes: Processes, archive: Path
) -> None:
    """It said "RuntimeError: Nanny failed to start" in a 70-line traceback."""
    run = _bulk(processes, archive)
    err = Lines(run.stderr)
    _until(lambda: _workers(run.pid), run, err)
    os.kill(_workers(run.pid)[0], signal.SIGKILL)
    code, out, said = _finish(run, err)
    assert "Traceback" not in said and "Error" not in said, said
    # Started again: the results of every record (an unreadable line is there).
    assert code == 2, said
    assert "results: " in out and (archive / "results" / "manifest.json").is_file()


def test_a_cluster_that_never_starts_is_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import distributed

    from casino_records.scale import cluster

    tried = []

    def failing(**_: object) -> None:
        tried.append(1)
        raise RuntimeError("Nanny failed to start.") from RuntimeError(
            "Worker process 42 was killed by signal 9"
        )

    monkeypatch.setattr(distributed, "LocalCluster", failing)
    with pytest.raises(cluster.ClusterError) as caught:
        cluster._local_cluster(2)
    assert len(tried) == cluster.START_ATTEMPTS
    assert str(caught.value) == (
        f"the local Dask cluster of 2 workers did not start ({len(tried)} attempts):"
        " Nanny failed to start.: Worker process 42 was killed by signal 9"
    )


@pytest.mark.parametrize("when", ["starting", "running"])
def test_ctrl_c_stops_the_run_as_sigterm_does(
    processes: Processes, archive: Path, when: str
) -> None:
    """It printed 4 worker tracebacks (KeyboardInterrupt, CancelledError), then
    "Aborted!", exit 1 (the code of a bad record)."""
    run = _bulk(processes, archive, "--batch", "8", "--progress")
    err = Lines(run.stderr)
    if when == "starting":
        _until(lambda: _workers(run.pid), run, err)
    else:
        _until(lambda: err.checked() >= 50, run, err)
    os.killpg(run.pid, signal.SIGINT)  # Ctrl+C: the whole group
    code, _, said = _finish(run, err)
    assert code == 128 + signal.SIGINT, said
    assert "Traceback" not in said and "Aborted" not in said, said
    assert said.rstrip().endswith(
        f"stopped by signal {int(signal.SIGINT)}: nothing written to"
        f" {archive / 'results'}"
    ), said
    _gone(run.pid)
    assert not [
        p for p in archive.iterdir() if p.name.startswith((".results", "results"))
    ]


def test_a_run_killed_is_cleaned_up_by_the_next(
    processes: Processes, archive: Path
) -> None:
    """SIGKILL left the hidden .results.partial-PID folder for good."""
    run = _bulk(processes, archive, "--batch", "8", "--progress")
    err = Lines(run.stderr)
    _until(lambda: err.checked() >= 50, run, err)
    run.send_signal(signal.SIGKILL)
    run.wait(timeout=WAIT)
    _gone(run.pid)
    left = archive / f".results.partial-{run.pid}"
    assert left.is_dir()
    again = _bulk(processes, archive)
    code, out, said = _finish(again, Lines(again.stderr))
    assert code == 2 and "results: " in out, said
    assert not left.exists()
    assert not [p for p in archive.iterdir() if p.name.startswith(".results")]
