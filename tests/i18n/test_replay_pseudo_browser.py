"""The replay page in the pseudo-language, in a real Chromium at 390 px: every
word 40 % longer and wrapped, and still nothing past the phone's edge.
Screenshots go to ``test-artifacts/i18n-replay-*.png``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.viewer.browser_support import PHONE, wait_up_to

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

STEPPER = ".cr-stepper"
PAST_THE_EDGE = """() => {
  const edge = window.innerWidth + 1;
  // A box that scrolls sideways (the score table's) keeps what is in it on the
  // screen: it is reached by scrolling the box, not the page.
  const kept = (e) => {
    for (let box = e.parentElement; box; box = box.parentElement) {
      const scrolls = ["auto", "scroll", "hidden"].includes(getComputedStyle(box).overflowX);
      if (scrolls && box.getBoundingClientRect().right <= edge) return true;
    }
    return false;
  };
  return [...document.querySelectorAll('[data-testid=stMain] *')]
    .filter((e) => e.offsetParent !== null && e.getBoundingClientRect().right > edge)
    .filter((e) => !kept(e))
    .map((e) => e.tagName + ' ' + e.textContent.slice(0, 60));
}"""
"""The shown elements of the page's main part that reach past the window's right
edge, less those inside a box that scrolls sideways and is itself on the screen."""


@pytest.mark.parametrize(
    "game", ["disputed-residue-wrong-side.json", "invalid-out-of-turn.json"]
)
def test_the_replay_page_in_the_pseudo_language_fits_a_phone(
    page: Any, viewer_url: str, artifacts_dir: Path, game: str
) -> None:
    from playwright.sync_api import expect

    wait_up_to(page, 90_000)
    page.set_viewport_size(PHONE)
    page.goto(f"{viewer_url}/?lang=qps&game={game}")
    headline = page.locator(f"{STEPPER} [data-part=headline]")
    expect(headline).to_have_text(re.compile(r"^⟦Đéàĺ \d"))
    expect(page.locator(f"{STEPPER} [data-nav=next]")).to_have_text(re.compile("^⟦"))
    expect(page.locator(f"{STEPPER} .cr-board")).to_be_visible()
    verdict = page.locator(f"{STEPPER} details.cr-verdict > summary")
    expect(verdict).to_contain_text("⟦")
    verdict.click()  # unfolded, its lines are as wide as they get
    last = page.locator(f"{STEPPER} [data-nav=last]")
    if last.is_enabled():  # an invalid record opens at its last step
        last.click()  # the score table and its notes
    page.wait_for_timeout(500)
    stem = Path(game).stem
    page.screenshot(path=str(artifacts_dir / f"i18n-replay-{stem}-qps-phone.png"))
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate(PAST_THE_EDGE) == []
