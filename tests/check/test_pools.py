"""Worker pools stop whole, whatever signal handlers their parent has."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

# A parent whose SIGTERM handler raises (as the test harness's and the commands'
# own do) starts pools and stops them at once, again and again.
PARENT = textwrap.dedent(
    """
    import multiprocessing, signal, sys
    from casino_records.check.pools import start_pool

    def stop(signum, frame):
        raise KeyboardInterrupt(signum)

    signal.signal(signal.SIGTERM, stop)
    context = multiprocessing.get_context(sys.argv[1])
    for _ in range(int(sys.argv[2])):
        pool = start_pool(context, 2)
        pool.terminate()
        pool.join()
    with start_pool(context, 2) as pool:
        assert pool.map(abs, [-1, 2, -3]) == [1, 2, 3]
    assert signal.getsignal(signal.SIGTERM) is stop
    print("stopped every pool")
    """
)


@pytest.mark.parametrize(("method", "rounds"), [("fork", 150), ("forkserver", 5)])
def test_terminated_workers_stop_at_once_and_quietly(method: str, rounds: int) -> None:
    # An inherited handler made each worker SIGTERM reached print a traceback,
    # or, in a new worker not yet running Python, lost the signal: the worker
    # then waited on its queue for ever and terminate() waited for it.
    run = subprocess.run(
        [sys.executable, "-c", PARENT, method, str(rounds)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout == "stopped every pool\n"
    assert run.stderr == ""


# A parent whose ``__main__`` is a page that must not run again in a worker, as
# Streamlit installs each page it runs (the viewer's analysis starts a pool).
PAGE = textwrap.dedent(
    """
    import multiprocessing, os, sys, types
    from pathlib import Path
    from casino_records.check.pools import start_pool

    page = types.ModuleType("__main__")
    page.__file__ = sys.argv[2]
    sys.modules["__main__"] = page
    with start_pool(multiprocessing.get_context(sys.argv[1]), 2) as pool:
        assert sorted(pool.map(abs, [-1, 2, -3])) == [1, 2, 3]
    assert sys.modules["__main__"] is page
    print("pages run:", Path(sys.argv[3]).read_text() if Path(sys.argv[3]).exists() else 0)
    """
)


@pytest.mark.parametrize("method", ["forkserver", "spawn"])
def test_started_workers_do_not_run_the_parents_main_module(
    method: str, tmp_path: Path
) -> None:
    ran = tmp_path / "ran"
    page = tmp_path / "page.py"
    page.write_text(f"open({str(ran)!r}, 'a').write('x')\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-c", PAGE, method, str(page), str(ran)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout == "pages run: 0\n"
