"""The Results page in a real headless Chromium against a live server.

A results folder written by ``casino-records bulk`` from the bundled samples
(a local cluster of one worker) is typed into the sidebar; the table lists the
disputed and invalid records; a row picked opens that record on the Replay page
at its first finding; the page fits a phone. Screenshots go to
``test-artifacts/`` (``viewer-results-*.png``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.harness.results import sample_results
from tests.viewer.browser_support import LAPTOP, PHONE
from tests.viewer.test_viewer_browser import box, headline, stepper

pytestmark = pytest.mark.timeout(300)


@pytest.fixture
def results(tmp_path: Path) -> Path:
    """A results folder of the bundled samples."""
    return sample_results(tmp_path / "results")


def test_open_a_disputed_record_from_its_results(
    page: Any, viewer_url: str, results: Path, artifacts_dir: Path
) -> None:
    from playwright.sync_api import expect

    page.goto(f"{viewer_url}/results")
    field = page.get_by_placeholder("/path/to/results")
    field.fill(str(results))
    field.press("Enter")
    caption = page.get_by_text(" match; all listed. Pick one to open it.")
    expect(caption).to_be_visible()
    table = page.locator('[data-testid="stDataFrame"]')
    expect(table).to_be_visible()
    page.screenshot(path=str(artifacts_dir / "viewer-results-1400x900.png"))

    page.set_viewport_size(PHONE)
    page.wait_for_timeout(500)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(artifacts_dir / "viewer-results-390x844.png"))
    page.set_viewport_size(LAPTOP)
    page.wait_for_timeout(500)

    # The first row's selection box (the grid is drawn on a canvas).
    grid = box(table)
    page.mouse.click(grid["x"] + 18, grid["y"] + 35 + 17)
    expect(page).not_to_have_url(re.compile(r"/results"))
    expect(headline(page)).to_contain_text("Deal")
    expect(stepper(page).locator(".cr-banner")).to_be_visible()
