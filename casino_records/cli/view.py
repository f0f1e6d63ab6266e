"""``view``: start the Streamlit viewer."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..present import VIEW_PATH_ENV
from .util import UnreadableInput, stderr

if TYPE_CHECKING:
    import subprocess

__all__ = ["VIEWER_PACKAGE", "view", "viewer_app", "viewer_command"]

VIEWER_PACKAGE = "casino_records._viewer"
"""The viewer's files in the package: the repository's ``viewer/`` folder, mapped
there by the build (``setup.py``) and by an editable install."""
STOP_TIMEOUT = 10.0
"""Seconds the viewer has to stop on SIGTERM before it is killed."""


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
    """The command line that starts the viewer on 127.0.0.1."""
    command = [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        str(app),
        "--server.address",
        "127.0.0.1",
        "--server.port",
        str(port),
        "--server.headless",
        "true",
    ]
    if path is not None:
        command += ["--", str(path)]
    return command


@click.command()
@click.argument("path", required=False, type=click.Path(exists=True, path_type=Path))
@click.option("--port", type=click.IntRange(1, 65535), default=8501, show_default=True)
def view(path: Path | None, port: int) -> None:
    """Open the Streamlit viewer on 127.0.0.1, optionally on a file or folder.

    The path reaches the viewer as the environment variable
    CASINO_RECORDS_VIEW_PATH and as the script's argument. Streamlit's own
    environment variables and .streamlit/config.toml still apply.
    """
    import importlib.util
    import os

    app = viewer_app()
    if not app.is_file():
        raise UnreadableInput(
            f"the viewer is missing: {app} (reinstall casino-records)"
        )
    if importlib.util.find_spec("streamlit") is None:
        raise UnreadableInput("Streamlit is not installed: pip install -e '.[viewer]'")
    env = dict(os.environ)
    if path is not None:
        path = path.resolve()
        env[VIEW_PATH_ENV] = str(path)
    stderr(f"viewer: http://127.0.0.1:{port} (Ctrl+C stops it)")
    sys.exit(_serve(viewer_command(app, port, path), env))


def _serve(command: list[str], env: dict[str, str]) -> int:
    """Run the viewer until it ends; SIGTERM or SIGHUP here stops it as well.

    Ctrl+C reaches the server too (it is in the same process group), so it is
    only waited for; a signal sent to this process alone is passed on.
    """
    import signal
    import subprocess

    def stop(signum: int, frame: object) -> None:
        for sig in signals:
            signal.signal(sig, signal.SIG_IGN)  # once is enough: it is stopping
        raise _Stopped(signum)

    server: subprocess.Popen[bytes] | None = None
    signals = (signal.SIGTERM, signal.SIGHUP)
    previous = {sig: signal.signal(sig, stop) for sig in signals}
    try:
        server = subprocess.Popen(command, env=env)
        return server.wait()
    except KeyboardInterrupt:
        if server is not None:
            _wait_or_kill(server)
        return 0
    except _Stopped as stopped:
        if server is not None:
            server.send_signal(stopped.signum)
            _wait_or_kill(server)
        return 128 + stopped.signum
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


class _Stopped(Exception):
    """This process was asked to stop by a signal."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _wait_or_kill(server: subprocess.Popen[bytes]) -> None:
    """Give the server :data:`STOP_TIMEOUT` seconds to stop, then kill it."""
    import subprocess

    try:
        server.wait(STOP_TIMEOUT)
    except (subprocess.TimeoutExpired, KeyboardInterrupt):
        server.kill()
        server.wait()
