"""The replay page's analysis in a real headless Chromium against a live server.

An uploaded record whose only deal stops after six moves keeps the analysis
short (20 samples a move, the page's quickest choice): the button, its
progress, the evaluation graph whose points step the stepper, each move's
panel, and the page at a phone's width. Screenshots go to ``test-artifacts/``
(``viewer-analysis-*.png``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from casino_records.record.json import jsonio
from casino_records.record.simulate import simulate_record
from tests.viewer.browser_support import LAPTOP, PHONE
from tests.viewer.test_viewer_browser import box, choose_file, headline, open_viewer

pytestmark = pytest.mark.timeout(300)

PROGRESS = """(() => {
  window.__progress = [];
  new MutationObserver(() => {
    const found = document.body.innerText.match(/Analysed \\d+ \\/ \\d+ moves/);
    if (found && !window.__progress.includes(found[0])) window.__progress.push(found[0]);
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();"""
"""An init script: every progress text the page shows goes into ``window.__progress``."""


def six_moves(path: Path) -> Path:
    """A two-player record whose deal stops after its sixth move."""
    record = simulate_record("classic", 2, seed="browser-analysis", max_deals=1)
    data = json.loads(jsonio.dumps(record))
    deal = data["deals"][0]
    deal.pop("claimed", None)
    data.pop("claimed", None)
    deal["rounds"] = deal["rounds"][:1]
    deal["rounds"][0]["moves"] = deal["rounds"][0]["moves"][:6]
    path.write_bytes(jsonio.dumps(jsonio.loads(json.dumps(data))))
    return path


def test_analyse_a_record_and_step_through_its_graph(
    page: Any, viewer_url: str, tmp_path: Path, artifacts_dir: Path
) -> None:
    from playwright.sync_api import expect

    page.add_init_script(PROGRESS)
    page.set_viewport_size(LAPTOP)
    open_viewer(page, viewer_url)
    choose_file(page, six_moves(tmp_path / "six.json"))
    expect(headline(page)).to_contain_text("Round 1 / 6 · Start")
    graph = page.locator(".cr-graph svg")
    expect(graph).to_have_count(0)
    page.get_by_role("button", name="Analyse every move").click()
    expect(page.get_by_text(re.compile(r"^Analysed 6 moves \("))).to_be_visible(
        timeout=240_000
    )
    # The bar's steps as the page drew them. Six exact moves can be analysed
    # before the browser draws a single step, so none at all is no failure.
    progress = page.evaluate("() => window.__progress")
    assert all(re.fullmatch(r"Analysed \d+ / 6 moves", text) for text in progress), (
        progress
    )
    expect(graph).to_be_visible()
    expect(page.locator(".cr-graph .point")).to_have_count(6)
    expect(page.get_by_test_id("stException")).to_have_count(0)

    # A point of the graph is its move: the stepper goes there, no rerun needed.
    headline(page).hover()  # off the button: its tooltip closes
    page.locator('.cr-graph .point[data-move="4"]').click()
    expect(headline(page)).to_contain_text(" · Move 4 / 6")
    panel = page.locator("[data-part=analysis] .cr-eval-move")
    expect(panel).to_contain_text("Analysis · Move 4 / 6")
    expect(panel.locator(".cr-method")).to_have_text("estimated")
    expect(page.locator('.cr-graph .point[aria-current="step"]')).to_have_attribute(
        "data-move", "4"
    )
    page.keyboard.press("ArrowRight")
    expect(panel).to_contain_text("Analysis · Move 5 / 6")
    expect(page.locator('.cr-graph .point[aria-current="step"]')).to_have_attribute(
        "data-move", "5"
    )
    panel.locator("summary").click()
    expect(panel.locator("tr.cr-row-played")).to_contain_text("▶ played")
    page.screenshot(path=str(artifacts_dir / "viewer-analysis-1400x900.png"))

    # A phone: the graph fits, its words are under it (its own are too small).
    page.set_viewport_size(PHONE)
    legend = page.locator(".cr-graph-legend")
    expect(legend).to_be_visible()
    expect(legend).to_contain_text("Above the middle line")
    page.wait_for_timeout(300)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    assert box(graph)["width"] <= PHONE["width"]
    graph.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "viewer-analysis-390x844.png"))
