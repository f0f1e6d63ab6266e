"""``view``: start the Streamlit viewer, and stop it with this command.

Streamlit runs as a child in its own process group, so that stopping this
command, by Ctrl+C or by a signal (``kill``, a closed terminal), stops the
whole server with it: no server is ever left serving the port. The server's
settings (no usage statistics, no "Deploy" button, the upload limit) are the
viewer's own, in ``viewer/.streamlit/config.toml``.

The viewer's address is printed once the server answers, as the last line on
the screen, and opened in the default browser where there is one: a desktop
(``DISPLAY`` or ``WAYLAND_DISPLAY`` on Linux), not CI (``CI`` set), not
``--no-browser`` nor ``CASINO_RECORDS_NO_BROWSER`` set.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Final

import click

from ..present import VIEW_PATH_ENV
from .exits import UnreadableInput, stderr
from .stopping import Stopped, stopping_on

__all__ = [
    "NO_BROWSER_ENV",
    "STOP_SIGNALS",
    "VIEWER_PACKAGE",
    "opens_browser",
    "port_taken",
    "run_server",
    "server_env",
    "serving",
    "view",
    "viewer_app",
    "viewer_command",
]

VIEWER_PACKAGE: Final = "casino_records._viewer"
"""The viewer's files in the package: the repository's ``viewer/`` folder, mapped
there by the build (``setup.py``) and by an editable install."""

STOP_SIGNALS: Final = (signal.SIGTERM, signal.SIGHUP)
"""Signals that stop the viewer (Ctrl+C, SIGINT, too), its server with it."""
HOST: Final = "127.0.0.1"
NO_BROWSER_ENV: Final = "CASINO_RECORDS_NO_BROWSER"
"""Set (to anything but ``""`` or ``0``), ``view`` opens no browser."""
_GRACE: Final = 10.0
_POLL: Final = 0.25


def viewer_app() -> Path:
    """The Streamlit entry script, from the installed package or this checkout."""
    import importlib.resources

    try:
        folder = importlib.resources.files(VIEWER_PACKAGE)
    except ModuleNotFoundError:
        # The package runs from a source tree on the path, not installed.
        return Path(__file__).resolve().parents[2] / "viewer" / "streamlit_app.py"
    return Path(str(folder.joinpath("streamlit_app.py")))


def viewer_command(app: Path, port: int, path: Path | None) -> list[str]:
    """The command line that starts the viewer on 127.0.0.1.

    ``-P``: ``python -m`` would put the working folder first on the import
    path, and a file there named like a module the server imports (an
    ``html.py`` left in the folder ``view`` is started from) would be imported
    instead of it. The viewer imports only installed modules and its own.
    """
    command = [
        sys.executable,
        "-P",
        "-m",
        "streamlit",
        "run",
        str(app),
        "--server.address",
        HOST,
        "--server.port",
        str(port),
        "--server.headless",
        "true",
        # This command says where the viewer is, once it answers; the server's
        # own start-up chatter (the address again, "Uvicorn server started")
        # stays off the screen, its warnings and errors do not.
        "--logger.hideWelcomeMessage",
        "true",
        "--logger.level",
        "warning",
    ]
    if path is not None:
        command += ["--", str(path)]
    return command


def server_env(env: Mapping[str, str]) -> dict[str, str]:
    """The server's environment: ``env`` without the empty entries of
    ``PYTHONPATH`` (each one stands for the working folder, as ``-P`` avoids).

    >>> server_env({"PYTHONPATH": ":/opt/lib:", "HOME": "/home/ana"})
    {'HOME': '/home/ana', 'PYTHONPATH': '/opt/lib'}
    >>> server_env({"PYTHONPATH": ""})
    {}
    """
    safe = dict(env)
    entries = [p for p in safe.pop("PYTHONPATH", "").split(os.pathsep) if p]
    if entries:
        safe["PYTHONPATH"] = os.pathsep.join(entries)
    return safe


def port_taken(port: int, host: str = HOST) -> bool:
    """True when something already listens on ``host:port`` (or may not be bound)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        # As the server binds: a port left in TIME_WAIT is free to use.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return True
    return False


def _stop_group(proc: subprocess.Popen[bytes]) -> None:
    """Stop the child's whole process group: SIGTERM, then SIGKILL after a grace."""
    if proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=_GRACE)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    except ProcessLookupError:  # pragma: no cover - it ended meanwhile
        proc.wait()


def _die_with_parent() -> Callable[[], None] | None:
    """On Linux, a child set-up that stops the child if this process dies (even
    by SIGKILL, which no handler sees); None elsewhere."""
    if not sys.platform.startswith("linux"):  # pragma: no cover - Linux here
        return None
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError:  # pragma: no cover - no C library to ask
        return None
    pr_set_pdeathsig = 1

    def setup() -> None:
        libc.prctl(pr_set_pdeathsig, int(signal.SIGTERM), 0, 0, 0)

    return setup


def serving(port: int, host: str = HOST) -> bool:
    """True when the Streamlit server on ``host:port`` answers its health check."""
    import urllib.request

    try:
        with urllib.request.urlopen(
            f"http://{host}:{port}/_stcore/health", timeout=1
        ) as response:
            return bool(response.status == 200)
    except OSError:
        return False


def opens_browser(
    asked: bool | None,
    env: Mapping[str, str],
    platform: str = sys.platform,
) -> bool:
    """Whether ``view`` opens the viewer in the default browser.

    :param asked: ``--browser`` (True) / ``--no-browser`` (False), else None:
        then only on a desktop (Windows, macOS, or a ``DISPLAY`` /
        ``WAYLAND_DISPLAY`` elsewhere), never in CI (``CI`` set) nor with
        :data:`NO_BROWSER_ENV` set.
    """
    if asked is not None:
        return asked
    if env.get(NO_BROWSER_ENV, "") not in ("", "0"):
        return False
    if env.get("CI", "") not in ("", "0", "false"):
        return False
    if platform in ("win32", "darwin"):
        return True
    return bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


def _open_browser(url: str) -> None:
    """Open ``url`` in a graphical browser (never a terminal one, which would
    take this terminal), its chatter kept off the screen."""
    import webbrowser

    try:
        browser = webbrowser.get()
    except webbrowser.Error:
        return
    if type(browser) is webbrowser.GenericBrowser:
        return
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(1), os.dup(2)]
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 1)
            os.dup2(null.fileno(), 2)
            browser.open(url)
    except (OSError, webbrowser.Error):  # pragma: no cover - a broken browser
        pass
    finally:
        for fd, copy in zip((1, 2), saved, strict=True):
            os.dup2(copy, fd)
            os.close(copy)


def run_server(
    command: Sequence[str],
    env: Mapping[str, str],
    on_ready: Callable[[], None] | None = None,
    ready: Callable[[], bool] | None = None,
) -> int:
    """Run the server until it ends or this process is stopped; never leave it.

    :param on_ready: called once, when ``ready()`` first says the server answers.
    :returns: the server's exit code; 0 after Ctrl+C; 128 + the signal's
        number after a stop signal (:data:`STOP_SIGNALS`).
    """
    with stopping_on(STOP_SIGNALS):
        proc = subprocess.Popen(
            list(command),
            env=dict(env),
            start_new_session=True,  # its own group: stopped whole, by us only
            preexec_fn=_die_with_parent(),
        )
        try:
            if on_ready is not None and ready is not None:
                while proc.poll() is None:
                    if ready():
                        on_ready()
                        break
                    time.sleep(_POLL)
            return proc.wait()
        except KeyboardInterrupt:
            return 0
        except Stopped as stopped:
            return 128 + stopped.signum
        finally:
            _stop_group(proc)


@click.command()
@click.argument("path", required=False, type=click.Path(exists=True, path_type=Path))
@click.option(
    "--port",
    type=click.IntRange(1, 65535),
    default=8501,
    show_default=True,
    help="The port on 127.0.0.1 to serve the viewer on.",
)
@click.option(
    "--browser/--no-browser",
    default=None,
    help="Open the viewer in the default browser once it answers [default: on a"
    " desktop; never in CI nor with CASINO_RECORDS_NO_BROWSER set].",
)
def view(path: Path | None, port: int, browser: bool | None) -> None:
    """Open the Streamlit viewer on 127.0.0.1, optionally on a file or folder.

    PATH is a record (.json, .jsonl or .txt) or a folder of them. It reaches
    the viewer as the environment variable CASINO_RECORDS_VIEW_PATH and as the
    script's argument. Its address is printed once it answers, and opened in
    the default browser (see --browser). Ctrl+C or a stop signal (kill) stops
    the server too.
    """
    import importlib.util

    app = viewer_app()
    if not app.is_file():
        raise UnreadableInput(
            f"the viewer is missing: {app} (reinstall casino-records)"
        )
    if importlib.util.find_spec("streamlit") is None:
        raise UnreadableInput("Streamlit is not installed: pip install -e '.[viewer]'")
    if port_taken(port):
        free = next(
            (p for p in range(port + 1, min(port + 50, 65536)) if not port_taken(p)),
            None,
        )
        hint = f", e.g. --port {free}" if free is not None else ""
        raise UnreadableInput(
            f"port {port} on {HOST} is already in use (another viewer, or another"
            f" server): choose another with --port N{hint}"
        )
    env = server_env(os.environ)
    if path is not None:
        path = path.resolve()
        env[VIEW_PATH_ENV] = str(path)
    url = f"http://{HOST}:{port}"
    open_it = opens_browser(browser, os.environ)
    stderr("viewer: starting Streamlit ...")

    def ready() -> None:
        if open_it:
            _open_browser(url)
        stderr(f"viewer: {url}  (Ctrl+C stops it)")

    command = viewer_command(app, port, path)
    sys.exit(run_server(command, env, ready, partial(serving, port)))
