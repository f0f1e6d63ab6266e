"""The Puzzles page in a real headless Chromium against a live server.

A puzzle of the default sample game is solved on a phone (390 px: the board
and the move buttons fit, nothing scrolls sideways), then another is tried
with a wrong move on a laptop (1400 px). Screenshots go to
``test-artifacts/`` (``viewer-puzzles-*.png``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from casino_records.analysis.puzzles import find_puzzles
from casino_records.present.viewmodel import puzzles as pv
from casino_records.record.json import jsonio
from tests.paths import SAMPLES
from tests.viewer.browser_support import LAPTOP, PHONE

pytestmark = pytest.mark.timeout(300)
GAME = SAMPLES / "classic-2p-tie-play-on.json"


def test_solve_a_puzzle_on_a_phone_then_miss_one_on_a_laptop(
    page: Any, viewer_url: str, artifacts_dir: Path
) -> None:
    from playwright.sync_api import expect

    puzzles = find_puzzles(jsonio.load(GAME), source=GAME.name)
    first, second = puzzles[0], puzzles[1]
    page.set_viewport_size(PHONE)
    page.goto(f"{viewer_url}/puzzles")
    seat = page.locator(".cr-puzzle .cr-seat").first
    expect(seat).to_be_visible()
    expect(page.locator(".cr-puzzle .cr-turn .cr-name")).to_have_text(first.player)
    hidden = page.locator(
        f'.cr-puzzle .cr-hand[aria-label="{first.players[1 - first.seat]}:'
        f' {first.held[1 - first.seat]} cards (face down)"]'
    )
    expect(hidden).to_have_count(1)
    best = pv.choice_labels(first)[first.best]
    page.get_by_role("button", name=best, exact=True).click()
    expect(page.get_by_text("Right: ", exact=False)).to_be_visible()
    expect(page.get_by_text("Solved 1 of 1", exact=False)).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator(".cr-puzzle").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "viewer-puzzles-390x844.png"))
    page.get_by_text("Right: ", exact=False).scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "viewer-puzzles-390x844-solved.png"))

    page.set_viewport_size(LAPTOP)
    page.get_by_role("button", name="Next puzzle").click()
    expect(page.locator(".cr-puzzle .cr-turn .cr-name")).to_have_text(second.player)
    page.screenshot(path=str(artifacts_dir / "viewer-puzzles-1400x900.png"))
    played = pv.choice_labels(second)[second.played]
    page.get_by_role("button", name=played, exact=True).click()
    expect(page.get_by_text("Not the best: ", exact=False)).to_be_visible()
    expect(page.get_by_text("Solved 1 of 2", exact=False)).to_be_visible()
    best_line = pv.judge(second, second.played).best_line
    expect(page.get_by_text(best_line[0], exact=True)).to_be_visible()
    page.get_by_text("Not the best: ", exact=False).scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "viewer-puzzles-1400x900-missed.png"))
