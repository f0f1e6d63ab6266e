"""The "Check a score sheet" page in a real headless Chromium against a live server.

Cards are tapped on the grid of each pile (a tapped card leaves the other
piles' grids), a claim is typed, Check gives one verdict; the page fits a
phone. Screenshots go to ``test-artifacts/`` (``viewer-sheet-*.png``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.viewer.browser_support import LAPTOP, PHONE

pytestmark = pytest.mark.timeout(300)


def test_tap_piles_type_the_sheet_and_check(
    page: Any, viewer_url: str, artifacts_dir: Path
) -> None:
    from playwright.sync_api import expect

    page.set_viewport_size(PHONE)
    page.goto(f"{viewer_url}/sheet")
    grid = page.locator('[data-testid="stButtonGroup"]')
    expect(grid.get_by_role("button")).to_have_count(52)
    for card in ("A♠", "2♠", "K♥"):
        grid.get_by_role("button", name=card, exact=True).click()
        expect(page.get_by_text("Not in any pile yet")).to_be_visible()
    expect(page.get_by_text("Ana's pile: 3 · Ben's pile: 0")).to_be_visible()
    page.get_by_text("Ben's pile", exact=True).click()
    expect(grid.get_by_role("button")).to_have_count(49)  # Ana's cards are gone
    grid.get_by_role("button", name="10♦", exact=True).click()
    expect(page.get_by_text("Ana's pile: 3 · Ben's pile: 1")).to_be_visible()
    total = page.get_by_label("Deal total").first
    total.fill("5")
    total.press("Enter")
    page.get_by_role("button", name="Check").click()
    expect(page.get_by_text("The piles cannot be right")).to_be_visible()
    expect(page.get_by_text("48 cards are in no pile")).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    page.get_by_text("The piles cannot be right").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "viewer-sheet-390x844.png"))
    page.set_viewport_size(LAPTOP)
    page.get_by_text("The piles cannot be right").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "viewer-sheet-1400x900.png"))
