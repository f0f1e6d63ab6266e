"""Pytest plugin for browser tests: Debian's Chromium and a live Streamlit server.

Registered from ``tests/conftest.py`` (``pytest_plugins``). It never imports
playwright or streamlit itself, so the rest of the suite runs without them.

Fixtures
    ``chromium_path``
        The Chromium binary (``$CHROMIUM``, default ``/usr/bin/chromium``); skips
        the test when it is missing.
    ``browser_type_launch_args`` / ``browser_context_args``
        Overrides of pytest-playwright's fixtures: launch that Chromium
        (``playwright install`` is never needed) headless, :data:`SCREEN`.
    ``page``
        pytest-playwright's page, its actions and every ``expect`` waiting up to
        :data:`WAIT_MS` (:func:`wait_up_to` sets longer).
    ``streamlit_server``
        Session-wide factory ``start(script) -> url`` that runs
        ``python -m streamlit run script`` on 127.0.0.1 (once per script) and
        kills it at the end of the session.
    ``viewer_url``
        The URL of ``viewer/streamlit_app.py`` served that way.
    ``artifacts_dir``
        ``test-artifacts/`` at the project root (gitignored), for screenshots.

Helpers: :func:`own_page` (a page in a browser context of its own, closed
however the test ends), :func:`wait_up_to`, and the screens :data:`PHONE`,
:data:`LAPTOP` and :data:`SCREEN`.

Tests that use ``page``, ``context``, ``browser`` or ``chromium_path`` get the
``browser`` marker automatically (the server fixtures alone need no browser); every ``browser`` test
is skipped (never errors) when Chromium or pytest-playwright is missing, and
the terminal summary says how many ran and how many were skipped, and why.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final

import pytest

from casino_records.cli.view import serving
from tests.paths import ROOT

VIEWER_APP: Final = ROOT / "viewer" / "streamlit_app.py"
ARTIFACTS: Final = ROOT / "test-artifacts"

CHROMIUM_ARGS: Final = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]
NO_CHROMIUM: Final = (
    "Chromium not installed: browser tests skipped (apt-get install chromium)"
)
NO_PLAYWRIGHT: Final = (
    "pytest-playwright not installed: browser tests skipped"
    " (pip install -e '.[browser]')"
)
BROWSER_FIXTURES: Final = frozenset(
    {
        "page",
        "context",
        "new_context",
        "browser",
        "chromium_path",
    }
)
STARTUP_TIMEOUT: Final = float(os.environ.get("ST_TEST_STARTUP_TIMEOUT", "45"))

PHONE: Final = {"width": 390, "height": 844}
"""A phone's screen: every page works at 390 px wide."""
LAPTOP: Final = {"width": 1400, "height": 900}
"""A laptop's screen."""
SCREEN: Final = {"width": 1280, "height": 900}
"""Every page's screen unless a test sets another, so screenshots compare."""
WAIT_MS: Final = 30_000
"""How long a page's actions and ``expect`` wait unless a test says otherwise:
on two shared cores a Streamlit rerun can be slow."""

HARNESS_WARNINGS: Final = (
    # pytest-playwright 0.10's fallback ``base_url`` fixture is an instance
    # method of a plugin class; pytest 9 deprecates that for session fixtures.
    "ignore:Session-scoped fixtures defined as instance methods are deprecated"
    ":pytest.PytestRemovedIn10Warning",
)
"""Known harmless warnings of the browser harness, ignored in browser tests only."""

StartServer = Callable[[Path], str]
"""``start(script) -> url``: the type of the ``streamlit_server`` fixture."""


def find_chromium() -> str | None:
    """Return the Chromium to use (``$CHROMIUM`` or ``/usr/bin/chromium``), or None."""
    return shutil.which(os.environ.get("CHROMIUM", "/usr/bin/chromium"))


def _skip_reason(config: pytest.Config) -> str | None:
    if not config.pluginmanager.hasplugin("playwright"):
        return NO_PLAYWRIGHT
    if find_chromium() is None:
        return NO_CHROMIUM
    return None


def pytest_collection_modifyitems(
    config: pytest.Config, items: list[pytest.Item]
) -> None:
    """Mark tests that need a browser, and skip them when none can run.

    Browser tests also ignore :data:`HARNESS_WARNINGS` (``filterwarnings =
    ["error"]`` stays in force for everything else).
    """
    reason = _skip_reason(config)
    with_workers = config.pluginmanager.hasplugin("xdist")
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if fixtures & BROWSER_FIXTURES and item.get_closest_marker("browser") is None:
            item.add_marker(pytest.mark.browser)
        if item.get_closest_marker("browser") is not None:
            for spec in HARNESS_WARNINGS:
                item.add_marker(pytest.mark.filterwarnings(spec))
        if reason is not None and item.get_closest_marker("browser") is not None:
            item.add_marker(pytest.mark.skip(reason=reason))
    if with_workers:
        # The browser tests, the longest, first: rather than one of them
        # alone at the end while the other workers wait.
        items.sort(key=lambda item: item.get_closest_marker("browser") is None)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say in one line how many browser tests ran and how many were skipped, and why.

    Counted from the test reports, so it holds with worker processes too.
    """
    ran = failed = skipped = 0
    reasons: set[str] = set()
    for category in ("passed", "failed", "skipped", "error"):
        for report in terminalreporter.stats.get(category, []):
            if "browser" not in getattr(report, "keywords", {}):
                continue
            if category == "skipped":
                skipped += 1
                if isinstance(report.longrepr, tuple):
                    reasons.add(str(report.longrepr[2]).removeprefix("Skipped: "))
            elif report.when == "call" and category in ("passed", "failed"):
                ran += 1
                failed += category == "failed"
            elif category in ("failed", "error"):
                failed += 1
    if not ran and not skipped and not failed:
        return
    why = ""
    if reasons:
        short = {NO_CHROMIUM: "no Chromium", NO_PLAYWRIGHT: "no pytest-playwright"}
        why = " (" + "; ".join(sorted(short.get(r, r) for r in reasons)) + ")"
    failing = f", {failed} failed" if failed else ""
    terminalreporter.write_line(
        f"browser tests: {ran} ran{failing}, {skipped} skipped{why}",
        yellow=bool(skipped or failed),
        green=not (skipped or failed),
        bold=True,
    )


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """The Chromium executable; skips the test when there is none."""
    path = find_chromium()
    if path is None:
        pytest.skip(NO_CHROMIUM)
    return path


@pytest.fixture(scope="session")
def browser_type_launch_args(
    browser_type_launch_args: dict[str, Any], chromium_path: str
) -> dict[str, Any]:
    """Launch Debian's Chromium instead of a browser from ``playwright install``."""
    return {
        **browser_type_launch_args,
        "executable_path": chromium_path,
        "args": CHROMIUM_ARGS,
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A fixed viewport, so screenshots are comparable."""
    return {**browser_context_args, "viewport": SCREEN}


def wait_up_to(page: Any, ms: int) -> None:
    """Let ``page``'s actions and every ``expect`` wait up to ``ms`` milliseconds."""
    from playwright.sync_api import expect

    page.set_default_timeout(ms)
    expect.set_options(timeout=ms)


@pytest.fixture
def page(page: Any) -> Any:
    """pytest-playwright's page, waiting up to :data:`WAIT_MS` (``expect``'s
    timeout is global: each test starts from this one, whatever the last set)."""
    wait_up_to(page, WAIT_MS)
    return page


@contextlib.contextmanager
def own_page(
    browser: Any, viewport: dict[str, int], *, touch: bool = False, ms: int = WAIT_MS
) -> Iterator[Any]:
    """A page opened at ``viewport`` in a browser context of its own (a touch
    screen with ``touch``), waiting up to ``ms``; closed however the test
    ends (a failure, pytest-timeout, SIGTERM: ``tests/conftest.py``)."""
    context = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    try:
        page = context.new_page()
        wait_up_to(page, ms)
        yield page
    finally:
        context.close()


def _free_port(preferred: int) -> int:
    for port in (preferred, 0):  # the preferred port if free, else one the OS picks
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return int(sock.getsockname()[1])
    raise RuntimeError("no free port on 127.0.0.1")


def _stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is not None:
        return
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


@contextlib.contextmanager
def run_streamlit(script: Path, *, log_path: Path, cwd: Path = ROOT) -> Iterator[str]:
    """Serve ``script`` with ``streamlit run`` on 127.0.0.1; yield its URL.

    Waits for ``/_stcore/health``; tries another port if the chosen one was
    taken meanwhile; kills the whole process group on exit.

    :raises RuntimeError: the server exited early (the message holds its log).
    :raises TimeoutError: it was not healthy within ``$ST_TEST_STARTUP_TIMEOUT`` s.
    """
    preferred = int(os.environ.get("ST_TEST_PORT", "8599"))
    with log_path.open("w+b") as log:
        for attempt in range(3):
            port = _free_port(preferred if attempt == 0 else 0)
            cmd = [
                sys.executable,
                "-m",
                "streamlit",
                "run",
                str(script),
                "--server.headless=true",
                "--server.address=127.0.0.1",
                f"--server.port={port}",
                "--browser.gatherUsageStats=false",
                "--server.fileWatcherType=none",
                "--server.runOnSave=false",
            ]
            log.write(f"$ {' '.join(cmd)}\n".encode())
            log.flush()
            proc = subprocess.Popen(
                cmd,
                cwd=cwd,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: a clean kill
            )
            url = f"http://127.0.0.1:{port}"
            try:
                if _wait_healthy(proc, port, url, log):
                    yield url
                    return
            finally:
                _stop(proc)
        raise RuntimeError(f"streamlit could not bind a port:\n{_tail(log)}")


def _tail(log: Any) -> str:
    log.seek(0)
    text: str = log.read().decode(errors="replace")
    return text[-4000:]


def _says_serving(log: Any, url: str) -> bool:
    """Whether the server of the last command in ``log`` printed ``url`` as its own."""
    # Read through a file of its own: the server shares the log's file offset.
    text = Path(log.name).read_bytes().decode(errors="replace")
    last_run = text.rsplit("\n$ ", 1)[-1]
    return f"URL: {url}" in last_run


def _wait_healthy(proc: subprocess.Popen[bytes], port: int, url: str, log: Any) -> bool:
    """True when healthy; False when the port was taken (try again)."""
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while True:
        if proc.poll() is not None:
            text = _tail(log)
            last_run = text.rsplit("\n$ ", 1)[-1]
            if "is not available" in last_run or "already in use" in last_run:
                return False  # lost a race for the port: "Port 8599 is not available"
            raise RuntimeError(f"streamlit exited rc={proc.returncode}:\n{text}")
        # Healthy, and serving by its own word: another worker's server may hold
        # the port this one lost, and would answer the health check too.
        if _says_serving(log, url) and serving(port):
            return True
        if time.monotonic() > deadline:
            raise TimeoutError(
                f"streamlit not healthy in {STARTUP_TIMEOUT:.0f} s:\n{_tail(log)}"
            )
        time.sleep(0.2)


@pytest.fixture(scope="session")
def streamlit_server(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[StartServer]:
    """Factory ``start(script) -> url``: serve a Streamlit script for the session.

    Each script is started once and shared by the tests that ask for it; all
    servers are killed when the session ends.
    """
    if importlib.util.find_spec("streamlit") is None:
        pytest.skip("streamlit not installed: pip install -e '.[viewer]'")
    urls: dict[Path, str] = {}
    with contextlib.ExitStack() as stack:

        def start(script: Path) -> str:
            script = Path(script).resolve()
            if script not in urls:
                logs = tmp_path_factory.mktemp("streamlit")
                urls[script] = stack.enter_context(
                    run_streamlit(script, log_path=logs / "server.log")
                )
            return urls[script]

        yield start


@pytest.fixture(scope="session")
def viewer_url(streamlit_server: StartServer) -> str:
    """The URL of the real viewer, ``viewer/streamlit_app.py``, served live."""
    if not VIEWER_APP.is_file():
        pytest.fail(f"the viewer app is missing: {VIEWER_APP}")
    return streamlit_server(VIEWER_APP)


@pytest.fixture(scope="session")
def _pw_artifacts_folder() -> Iterator[tempfile.TemporaryDirectory[str]]:
    """pytest-playwright's own scratch folder, removed when the session ends.

    The plugin removes it in a clean-up of pytest's configuration, which a
    pytest-xdist worker never runs: the folder's finalizer then warned at exit.
    No test here records videos or traces into it.
    """
    folder = tempfile.TemporaryDirectory(prefix="playwright-pytest-")
    yield folder
    folder.cleanup()


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    """``test-artifacts/`` at the project root (gitignored): screenshots go here."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
