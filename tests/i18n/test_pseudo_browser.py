"""The help page in the pseudo-language, in a real Chromium at 390 px: every
string 40 % longer and wrapped, and still nothing wider than the phone.
Screenshots go to ``test-artifacts/i18n-*.png``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.viewer.browser_support import LAPTOP, PHONE, wait_up_to

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

OVERFLOWING = """() => [...document.querySelectorAll('[data-testid=stMain] *')]
  .filter((e) => e.offsetParent !== null && e.getBoundingClientRect().right > window.innerWidth + 1)
  .map((e) => e.tagName + ' ' + e.textContent.slice(0, 60))"""
"""The shown elements of the page's main part that reach past the window's right edge."""


def test_the_help_page_in_the_pseudo_language_fits_a_phone(
    page: Any, viewer_url: str, artifacts_dir: Path
) -> None:
    from playwright.sync_api import expect

    wait_up_to(page, 60_000)
    page.set_viewport_size(LAPTOP)
    page.goto(f"{viewer_url}/help?lang=qps")
    title = page.locator("h1").first
    expect(title).to_have_text(re.compile(r"^⟦Ķéýš àñđ ĺîñķš[~ ]+⟧"))
    nav = page.locator("[data-testid=stTopNavLinkContainer]")
    expect(nav.first).to_be_visible()
    names = [text.strip() for text in nav.all_inner_texts() if text.strip()]
    assert names and all(re.search(r"⟦[^⟧]+⟧", n) for n in names), names
    page.screenshot(
        path=str(artifacts_dir / "i18n-help-qps-laptop.png"), full_page=True
    )

    page.set_viewport_size(PHONE)
    page.goto(f"{viewer_url}/help?lang=qps")
    expect(page.locator("h1").first).to_have_text(re.compile(r"^⟦Ķéýš"))
    expect(page.locator("table").first).to_contain_text("⟦ƥŕévîôûš")
    page.wait_for_timeout(300)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate(OVERFLOWING) == []
    page.screenshot(path=str(artifacts_dir / "i18n-help-qps-phone.png"), full_page=True)
