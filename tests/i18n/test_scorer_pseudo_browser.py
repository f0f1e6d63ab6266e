"""The "Record a game" page in the pseudo-language, in a real Chromium at 390 px.

Every string is 40 % longer and wrapped: the set-up form, then a deal's first
move with a card picked (the entry component's words come from Python), and
nothing reaches past the phone's edge. Screenshots go to
``test-artifacts/i18n-scorer-qps-*.png``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.i18n.test_pseudo_browser import OVERFLOWING
from tests.viewer.browser_support import PHONE, wait_up_to

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

WRAPPED = re.compile(r"^⟦[^⟧]+⟧$")


def fits(page: Any) -> None:
    page.wait_for_timeout(300)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate(OVERFLOWING) == []


def test_the_scorer_in_the_pseudo_language_fits_a_phone(
    page: Any, viewer_url: str, artifacts_dir: Path
) -> None:
    from playwright.sync_api import expect

    wait_up_to(page, 60_000)
    page.set_viewport_size(PHONE)
    page.goto(f"{viewer_url}/record?lang=qps")
    expect(page.locator("h1").first).to_have_text(re.compile(r"^⟦Řéçôŕđ à ĝàɱé"))
    start = page.locator(".st-key-scorer_start button")
    expect(start).to_have_text(WRAPPED)
    fits(page)
    page.screenshot(
        path=str(artifacts_dir / "i18n-scorer-qps-setup-phone.png"), full_page=True
    )

    start.click()
    title = page.locator("h3").first
    expect(title).to_have_text(re.compile(r"^⟦Đéàĺ 1 · "))
    field = page.locator(".st-key-scorer_table_text_0 input")
    field.fill("4S 5D 6C 9C")
    field.press("Enter")
    entry = page.locator(".st-key-scorer_entry .cr-entry")
    expect(entry.locator('[data-part="prompt"]')).to_have_text(re.compile(r"^⟦Ƥîçķ"))
    expect(entry.locator('[data-part="typed-label"]')).to_have_text(WRAPPED)
    expect(entry.locator('[data-part="enter"]')).to_have_text(WRAPPED)
    labels = [
        entry.locator(f'[data-part="{part}"]').get_attribute("aria-label")
        for part in ("picker", "moves")
    ]
    assert all(label and WRAPPED.match(label) for label in labels), labels
    entry.locator('[data-pick="9D"]').click()
    expect(entry.locator(".cr-move").first).to_be_visible()
    fits(page)
    page.screenshot(
        path=str(artifacts_dir / "i18n-scorer-qps-move-phone.png"), full_page=True
    )
