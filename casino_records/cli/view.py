"""``view``: start the Streamlit viewer."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..present import VIEW_PATH_ENV
from .util import (
    UnreadableInput,
    stderr,
)

if TYPE_CHECKING:
    pass

__all__ = ["view", "viewer_app", "viewer_command"]

# --- view ---------------------------------------------------------------------------


def viewer_app() -> Path:
    """The Streamlit entry script (in the source tree, beside the package)."""
    return Path(__file__).resolve().parents[2] / "viewer" / "streamlit_app.py"


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
    import subprocess

    app = viewer_app()
    if not app.is_file():
        raise UnreadableInput(
            f"the viewer is missing: {app} (run from a source checkout)"
        )
    if importlib.util.find_spec("streamlit") is None:
        raise UnreadableInput("Streamlit is not installed: pip install -e '.[viewer]'")
    env = dict(os.environ)
    if path is not None:
        path = path.resolve()
        env[VIEW_PATH_ENV] = str(path)
    stderr(f"viewer: http://127.0.0.1:{port} (Ctrl+C stops it)")
    try:
        code = subprocess.call(viewer_command(app, port, path), env=env)
    except KeyboardInterrupt:
        code = 0
    sys.exit(code)
