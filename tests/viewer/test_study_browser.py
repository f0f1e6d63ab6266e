"""The next / previous mistake in a real headless Chromium: offline and in the viewer.

A one-deal game whose moves 41, 47 and 48 are marked (one sample per estimated
move offline; the viewer's quickest analysis, 20 samples, marks these exact
moves and some estimated ones before them), and a two-deal game offline, whose ``]`` goes on into the next
deal. In the viewer: "Could I have won?" and its move buttons, the keys ``[``
``]``, the "◀ Mistake" / "Mistake ▶" buttons, and the offline page saved after
the analysis, which carries it. Screenshots go to ``test-artifacts/``
(``study-*.png``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from casino_records.present import viewmodel as vm
from casino_records.present.offline import offline_page
from casino_records.present.study_marks import marked_steps
from casino_records.record.json import jsonio
from casino_records.record.simulate import simulate_record
from tests.viewer.browser_support import LAPTOP, PHONE
from tests.viewer.test_offline_browser import HEADLINE, open_page
from tests.viewer.test_viewer_browser import choose_file, headline, open_viewer

pytestmark = pytest.mark.timeout(420)

SEED = "marks-1"


def game(deals: int) -> vm.Game:
    return vm.build_game(simulate_record("classic", 2, seed=SEED, max_deals=deals))


def analysed_page(path: Path, deals: int) -> tuple[Path, list[tuple[int, int]]]:
    """The offline page of the game analysed with one sample a move, and its
    marked steps."""
    played = game(deals)
    analysis = vm.analyse_game(played, 1)
    path.write_text(offline_page(played, analysis=analysis), encoding="utf-8")
    return path, marked_steps(analysis.deals)


def mistake(page: Any, name: str) -> Any:
    return page.locator(".cr-mistakes").get_by_role("button", name=name, exact=True)


def test_the_keys_go_from_mistake_to_mistake_offline(
    page: Any, tmp_path: Path, artifacts_dir: Path
) -> None:
    from playwright.sync_api import expect

    path, marked = analysed_page(tmp_path / "one.html", 1)
    assert marked == [(0, 41), (0, 47), (0, 48)]
    seen = open_page(page, path)
    line = page.locator(HEADLINE)
    expect(line).to_contain_text("Deal 1 / 1 · Round 1 / 6 · Start")
    expect(mistake(page, "◀ Mistake")).to_be_disabled()
    page.keyboard.press("]")
    expect(line).to_contain_text("· Move 41 / 48")
    expect(page.locator("[data-part=analysis] .cr-mark")).to_have_text("??")
    page.keyboard.press("]")
    expect(line).to_contain_text("· Move 47 / 48")
    page.keyboard.press("Control+Alt+[")  # AltGr, where a layout types [ with it
    expect(line).to_contain_text("· Move 41 / 48")
    page.keyboard.press("Control+]")  # a shortcut, not the stepper's: it stays
    expect(line).to_contain_text("· Move 41 / 48")
    page.keyboard.press("[")  # none before: it stays
    expect(line).to_contain_text("· Move 41 / 48")
    mistake(page, "Mistake ▶").click()
    expect(line).to_contain_text("· Move 47 / 48")
    mistake(page, "Mistake ▶").click()
    expect(line).to_contain_text("· Move 48 / 48")
    expect(mistake(page, "Mistake ▶")).to_be_disabled()
    expect(page).to_have_url(re.compile(r"#deal=1&move=48$"))
    expect(page.locator(".cr-mistakes")).to_contain_text("3 moves marked in the game")
    page.set_viewport_size(LAPTOP)
    page.screenshot(path=str(artifacts_dir / "study-offline-1400x900.png"))
    page.set_viewport_size(PHONE)
    page.locator(".cr-mistakes").scroll_into_view_if_needed()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(artifacts_dir / "study-offline-390x844.png"))
    assert seen["errors"] == [] and seen["dialogs"] == []


def test_the_next_mistake_may_be_in_the_next_deal_offline(
    page: Any, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    path, marked = analysed_page(tmp_path / "two.html", 2)
    last_of_first = max(step for deal, step in marked if deal == 0)
    first_of_second = min(step for deal, step in marked if deal == 1)
    open_page(page, path, f"#deal=1&move={last_of_first}")
    line = page.locator(HEADLINE)
    expect(line).to_contain_text(f"Deal 1 / 2 · Round 6 / 6 · Move {last_of_first}")
    page.keyboard.press("]")
    expect(line).to_contain_text("Deal 2 / 2 · Round")
    expect(line).to_contain_text(f"· Move {first_of_second} / 48")
    page.keyboard.press("[")
    expect(line).to_contain_text(f"Deal 1 / 2 · Round 6 / 6 · Move {last_of_first}")


def test_the_viewer_s_study_buttons_keys_and_offline_page(
    page: Any, viewer_url: str, tmp_path: Path, artifacts_dir: Path
) -> None:
    from playwright.sync_api import expect

    record = tmp_path / "marks.json"
    jsonio.dump(simulate_record("classic", 2, seed=SEED, max_deals=1), record)
    page.set_viewport_size(LAPTOP)
    open_viewer(page, viewer_url)
    choose_file(page, record)
    expect(headline(page)).to_contain_text("Round 1 / 6 · Start")
    page.get_by_role("button", name="Analyse every move").click()
    box = page.get_by_test_id("stExpander").filter(has_text="Could I have won?")
    expect(box).to_be_visible(timeout=360_000)
    box.get_by_text("Could I have won?").click()  # it opens on a click
    expect(box).to_contain_text(
        "Could Ana have won deal 1? Ana lost the deal 5–6: yes,"
    )
    expect(box).to_contain_text("3♦ takes 2♥ A♦ instead: won the deal 10–1 (exact")
    expect(box).to_contain_text("Par from round 6: Ana 6, Ben 5 points")
    expect(box.get_by_text("an estimate (sampled deals").first).to_be_visible()
    box.get_by_role("button", name="Move 48: 3♦ trails").click()
    expect(headline(page)).to_contain_text("· Move 48 / 48")
    page.keyboard.press("[")
    expect(headline(page)).to_contain_text("· Move 47 / 48")
    mistake(page, "◀ Mistake").click()
    expect(headline(page)).to_contain_text("· Move 41 / 48")
    page.keyboard.press("]")
    expect(headline(page)).to_contain_text("· Move 47 / 48")
    expect(page.get_by_test_id("stException")).to_have_count(0)
    page.screenshot(path=str(artifacts_dir / "study-viewer-1400x900.png"))

    # Saved after the analysis, the offline page carries it.
    with page.expect_download() as caught:
        page.get_by_role("button", name="Save as an offline page").click()
    saved = tmp_path / "saved.html"
    caught.value.save_as(saved)
    offline = page.context.new_page()
    open_page(offline, saved)
    offline.keyboard.press("]")  # the first marked move (estimated ones too)
    expect(offline.locator(HEADLINE)).to_contain_text(re.compile(r"· Move \d+ / 48"))
    expect(offline.locator("[data-part=analysis] .cr-mark")).to_be_visible()
    expect(offline.locator(".cr-mistakes")).to_contain_text("moves marked in the game")
    offline.close()

    page.set_viewport_size(PHONE)
    page.wait_for_timeout(500)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    box.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "study-viewer-390x844.png"))
