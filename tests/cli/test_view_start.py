"""``view`` says where the viewer is once it answers, and opens a browser only
on a desktop: never in CI, nor when told not to."""

from __future__ import annotations

import sys
import time
import webbrowser
from pathlib import Path

import pytest

from casino_records.cli import view as view_module
from casino_records.cli.view import NO_BROWSER_ENV, opens_browser, run_server

DESKTOP = {"DISPLAY": ":0"}


@pytest.mark.parametrize(
    ("asked", "env", "platform", "opens"),
    [
        (None, DESKTOP, "linux", True),
        (None, {"WAYLAND_DISPLAY": "wayland-0"}, "linux", True),
        (None, {}, "linux", False),  # no display: a server, a container, ssh
        (None, {**DESKTOP, "CI": "true"}, "linux", False),
        (None, {**DESKTOP, "CI": "false"}, "linux", True),
        (None, {**DESKTOP, NO_BROWSER_ENV: "1"}, "linux", False),
        (None, {**DESKTOP, NO_BROWSER_ENV: "0"}, "linux", True),
        (None, {}, "darwin", True),
        (None, {}, "win32", True),
        (None, {"CI": "1"}, "darwin", False),
        (False, DESKTOP, "linux", False),  # --no-browser
        (True, {"CI": "true", NO_BROWSER_ENV: "1"}, "linux", True),  # --browser
    ],
)
def test_when_a_browser_opens(
    asked: bool | None, env: dict[str, str], platform: str, opens: bool
) -> None:
    assert opens_browser(asked, env, platform) is opens


class _Recorder:
    def __init__(self) -> None:
        self.opened: list[str] = []

    def open(self, url: str) -> bool:
        self.opened.append(url)
        return True


def test_a_terminal_browser_is_never_started(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = webbrowser.GenericBrowser("lynx")
    opened: list[str] = []
    monkeypatch.setattr(terminal, "open", opened.append)
    monkeypatch.setattr(webbrowser, "get", lambda: terminal)
    view_module._open_browser("http://127.0.0.1:1")
    assert opened == []


def test_a_graphical_browser_gets_the_address(monkeypatch: pytest.MonkeyPatch) -> None:
    recorder = _Recorder()
    monkeypatch.setattr(webbrowser, "get", lambda: recorder)
    view_module._open_browser("http://127.0.0.1:1")
    assert recorder.opened == ["http://127.0.0.1:1"]


def test_no_browser_at_all_is_fine(monkeypatch: pytest.MonkeyPatch) -> None:
    def none() -> webbrowser.BaseBrowser:
        raise webbrowser.Error("could not locate runnable browser")

    monkeypatch.setattr(webbrowser, "get", none)
    view_module._open_browser("http://127.0.0.1:1")


def test_the_address_comes_once_the_server_answers(tmp_path: Path) -> None:
    started = tmp_path / "started"
    server = [
        sys.executable,
        "-c",
        f"import pathlib, time; time.sleep(0.5); pathlib.Path({str(started)!r}).touch();"
        " time.sleep(1)",
    ]
    told: list[float] = []
    began = time.monotonic()
    code = run_server(server, {}, lambda: told.append(time.monotonic()), started.exists)
    assert code == 0
    assert len(told) == 1 and told[0] - began >= 0.5


def test_a_server_that_never_answers_is_never_announced() -> None:
    told: list[bool] = []
    server = [sys.executable, "-c", "raise SystemExit(3)"]
    assert run_server(server, {}, lambda: told.append(True), lambda: False) == 3
    assert told == []
