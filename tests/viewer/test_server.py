"""``casino-records view`` with a real Streamlit server: it never outlives the command.

Each test starts the command itself (in its own session, as a terminal would
run it), waits for the server to answer, stops the command the way a user
would (``kill``, Ctrl+C, a closed terminal, even ``kill -9``) and checks that
the Streamlit child is gone and the port free.
"""

from __future__ import annotations

import importlib.util
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from casino_records.cli.view import port_taken, serving
from tests.paths import SAMPLES

pytestmark = [
    pytest.mark.slow,
    pytest.mark.timeout(180),
    pytest.mark.skipif(
        importlib.util.find_spec("streamlit") is None,
        reason="streamlit not installed: pip install -e '.[viewer]'",
    ),
]

CLI = [sys.executable, "-m", "casino_records"]
STARTUP = float(os.environ.get("ST_TEST_STARTUP_TIMEOUT", "60"))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        if parent == pid:
            found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1]
    except OSError:
        return False
    return state.split()[0] != "Z"


def _as_a_foreground_job() -> None:
    """Ctrl+C and Ctrl+\\ at their defaults, as a shell starts a foreground job.

    A child inherits ignored signals: the test process was seen (rarely) with
    SIGINT and SIGQUIT ignored for a moment, as ``system()`` does while it
    waits, and the command then rightly ignored Ctrl+C.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)


@pytest.fixture
def viewer(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], int, int]]:
    """``casino-records view`` serving, with its Streamlit child's pid."""
    port = free_port()
    log = (tmp_path / "view.log").open("w+b")
    proc = subprocess.Popen(
        [*CLI, "view", str(SAMPLES / "classic-2p-annotated.json"), "--port", str(port)],
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        preexec_fn=_as_a_foreground_job,
    )
    child = -1
    try:
        deadline = time.monotonic() + STARTUP
        while not serving(port):
            if proc.poll() is not None or time.monotonic() > deadline:
                log.seek(0)
                pytest.fail(f"the viewer did not start:\n{log.read().decode()[-3000:]}")
            time.sleep(0.3)
        (child,) = children(proc.pid)
        assert alive(child)
        yield proc, port, child
    finally:
        # A failing test must not leave them either: each leads its own group.
        for group in (proc.pid, child):
            if group > 0 and alive(group):
                try:
                    os.killpg(group, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        proc.wait(timeout=30)
        log.close()


def process_state(pid: int, child: int) -> str:
    """What a command that did not stop was doing: its signal masks, its state,
    its threads, and whether its server still runs (for a failing test's message)."""
    proc = Path("/proc") / str(pid)
    try:
        status = [
            line
            for line in (proc / "status").read_text().splitlines()
            if line.startswith(("State", "Sig", "Shd", "Threads"))
        ]
        wchan = (proc / "wchan").read_text()
    except OSError as exc:
        return f"no /proc entry: {exc}"
    return "\n".join([*status, f"wchan: {wchan}", f"server alive: {alive(child)}"])


def gone(child: int, port: int, within: float = 30) -> bool:
    deadline = time.monotonic() + within
    while alive(child) or serving(port):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.2)
    return not port_taken(port)


@pytest.mark.parametrize(
    ("sig", "code"),
    [
        (signal.SIGTERM, 128 + signal.SIGTERM),  # kill PID
        (signal.SIGHUP, 128 + signal.SIGHUP),  # the terminal closed
        (signal.SIGINT, 0),  # Ctrl+C
    ],
)
def test_stopping_the_command_stops_its_server(
    viewer: tuple[subprocess.Popen[bytes], int, int], sig: signal.Signals, code: int
) -> None:
    proc, port, child = viewer
    os.kill(proc.pid, sig)  # the command only, as `kill PID` does
    try:
        returncode = proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        pytest.fail(
            f"the command outlived {sig.name}:\n{process_state(proc.pid, child)}"
        )
    assert returncode == code
    assert gone(child, port), "the Streamlit child outlived the command"


def test_even_kill_9_takes_the_server_down(
    viewer: tuple[subprocess.Popen[bytes], int, int],
) -> None:
    proc, port, child = viewer
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    assert gone(child, port), "the Streamlit child outlived a killed command"


def test_the_server_runs_in_its_own_process_group_and_is_announced_once_up(
    viewer: tuple[subprocess.Popen[bytes], int, int], tmp_path: Path
) -> None:
    proc, port, child = viewer
    assert os.getpgid(child) == child != os.getpgid(proc.pid)
    # The address is the last line, printed once the server answers (one
    # server start serves both checks).
    log = tmp_path / "view.log"
    address = f"viewer: http://127.0.0.1:{port}  (Ctrl+C stops it)"
    deadline = time.monotonic() + 10
    while address not in log.read_text() and time.monotonic() < deadline:
        time.sleep(0.1)
    text = log.read_text()
    assert text.splitlines()[-1] == address
    assert "You can now view" not in text  # Streamlit's own welcome: one address only


def test_a_module_in_the_working_folder_is_never_imported(tmp_path: Path) -> None:
    """Issue #36.8: an ``html.py`` in the folder ``view`` starts from shadowed the
    standard library's (an ImportError in the page; a raw traceback and no
    address when the file itself failed)."""
    folder = tmp_path / "work"
    folder.mkdir()
    imported = tmp_path / "imported"
    (folder / "html.py").write_text(
        f"import pathlib\npathlib.Path({str(imported)!r}).touch()\n"
        "raise RuntimeError('the html.py of the working folder was imported')\n"
    )
    port = free_port()
    env = {**os.environ, "PYTHONPATH": f":{os.environ.get('PYTHONPATH', '')}"}
    log = (tmp_path / "view.log").open("w+b")
    proc = subprocess.Popen(
        [*CLI, "view", str(SAMPLES / "classic-2p-annotated.json"), "--port", str(port)],
        cwd=folder,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        preexec_fn=_as_a_foreground_job,
    )
    address = f"viewer: http://127.0.0.1:{port}  (Ctrl+C stops it)"
    try:
        deadline = time.monotonic() + STARTUP
        text = ""
        while address not in text:
            if proc.poll() is not None or time.monotonic() > deadline:
                break
            time.sleep(0.3)
            text = Path(log.name).read_text()
        assert address in text, text[-3000:]
        assert "Traceback" not in text
        assert not imported.exists()
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)  # the command stops its server
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)
        log.close()
