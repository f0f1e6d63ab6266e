"""Try another move in a real headless Chromium against a live server.

At move 11 of the annotated sample, another move is tried, the bot finishes
the deal, the line's result is read beside the played one, the line is kept
and the record downloaded: the download validates (casino_records'
validate_record_bytes, then the replay) with the line in it as a variation of move 12;
the offline page saved then carries the line, and the game's position offers it.
Screenshots of the line beside the played game, at a laptop's and a phone's
width, go to ``test-artifacts/`` (``viewer-try-line-*.png``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import casino_records
from casino_records.check.lines import TriedLine
from casino_records.present import line_view as lv
from casino_records.record.json import jsonio
from casino_records.record.json.jsonio import validate_record_bytes
from casino_records.record.text.parse import parse_move
from tests.paths import SAMPLES
from tests.viewer.browser_support import LAPTOP, PHONE
from tests.viewer.test_viewer_browser import open_viewer

pytestmark = pytest.mark.timeout(300)
GAME = "classic-2p-annotated.json"


def choose_move(page: Any, words: str) -> None:
    """Open *Try another move* at move 11 and choose the move said ``words``
    (again if a rerun of the page closed the list before the click)."""
    page.get_by_text("Try another move", exact=True).click()
    option = page.get_by_role("option", name=words, exact=True)
    for _ in range(5):
        page.locator(".st-key-try_start_0_11").click()
        try:
            option.click(timeout=5_000)
            return
        except Exception:  # noqa: BLE001 - the list closed: open it again
            page.keyboard.press("Escape")
    raise AssertionError(f"the move {words!r} was never offered")


def test_try_a_move_let_the_bot_finish_keep_the_line_and_download_it(
    page: Any, viewer_url: str, tmp_path: Path, artifacts_dir: Path
) -> None:
    from playwright.sync_api import expect

    record = jsonio.load(SAMPLES / GAME)
    line = TriedLine.start(record, 0, 11).play(parse_move("S0 9H -", seat=0))
    done = line.finish()
    result = done.result()
    assert result is not None
    expected = lv.result_words(result)

    page.set_viewport_size(LAPTOP)
    open_viewer(page, f"{viewer_url}/?game={GAME}&deal=1&move=11")
    choose_move(page, "9♥ trails")
    page.get_by_role("button", name="Try this move").click()
    board = page.locator(".cr-line .cr-board")
    expect(board).to_be_visible()
    expect(page.locator(".cr-line .cr-turn .cr-name")).to_have_text("Tomás")
    expect(page.get_by_text("Line move 1 / 1", exact=False)).to_be_visible()
    expect(page).to_have_url(re.compile(r"line=S0(\+|%20)9H(\+|%20)-"))

    page.get_by_role("button", name="Let the bot finish").click()
    expect(page.get_by_text(expected, exact=True)).to_be_visible()
    assert "played: Marta 6, Tomás 5" in expected
    page.get_by_role("button", name="◀ Back").click()
    expect(
        page.get_by_text(f"Line move {len(done.moves) - 1} / ", exact=False)
    ).to_be_visible()
    page.locator(".cr-line").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "viewer-try-line-1400x900.png"))
    page.set_viewport_size(PHONE)
    expect(board).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(artifacts_dir / "viewer-try-line-390x844.png"))
    page.get_by_text(expected, exact=True).scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "viewer-try-line-390x844-result.png"))
    page.set_viewport_size(LAPTOP)

    page.get_by_role("button", name="Keep this line").click()
    expect(
        page.get_by_text("Kept: the record now carries", exact=False)
    ).to_be_visible()
    with page.expect_download() as caught:
        page.get_by_role("button", name="Download the record with its lines").click()
    saved = tmp_path / caught.value.suggested_filename
    caught.value.save_as(saved)
    assert saved.name == "classic-2p-annotated-lines.json"

    kept, errors = validate_record_bytes(saved.read_bytes())
    assert errors == [] and kept is not None
    assert casino_records.replay(kept).report.status == "ok"
    assert casino_records.loads(saved.read_bytes()) == kept
    variations = kept.deals[0].rounds[1].moves[3].variations  # move 12
    assert variations is not None
    assert [m.card for m in variations[-1]] == [str(m.card) for m in done.moves]

    page.get_by_role("button", name="Leave the line").click()
    expect(page.locator(".cr-line")).to_have_count(0)
    expect(page.get_by_text("Move 11 / 48", exact=False).first).to_be_visible()
    expect(page).not_to_have_url(re.compile(r"line="))

    # The offline page saved now carries the kept line, and the stepper's
    # position offers it again.
    kept_line = page.get_by_role("button", name="Line 1: 12. Marta: 9♥ trails")
    expect(kept_line).to_be_visible()
    with page.expect_download() as caught:
        page.get_by_role("button", name="Save as an offline page").click()
    offline = tmp_path / "offline.html"
    caught.value.save_as(offline)
    kept_line.click()
    expect(page.get_by_text("Line move 1 / ", exact=False)).to_be_visible()
    page.goto(offline.as_uri() + "#deal=1&move=11")
    page.get_by_role("button", name="Line 1: 12. Marta: 9♥ trails").click()
    headline = page.locator("[data-part=headline]")
    expect(headline).to_contain_text("Deal 1, line 1 of move 12 · Line move 1 / ")


def test_the_offline_page_steps_into_a_kept_line_and_back(
    page: Any, tmp_path: Path, artifacts_dir: Path
) -> None:
    from playwright.sync_api import expect

    from casino_records.present.offline import offline_page
    from casino_records.present.viewmodel import build_game

    record = jsonio.load(SAMPLES / GAME)
    line = TriedLine.start(record, 0, 11).play(parse_move("S0 9H -", seat=0)).finish()
    path = tmp_path / "lines.html"
    path.write_text(offline_page(build_game(line.kept())), encoding="utf-8")
    page.set_viewport_size(LAPTOP)
    page.goto(path.as_uri() + "#deal=1&move=11")
    headline = page.locator("[data-part=headline]")
    expect(headline).to_contain_text("Deal 1 / 3 · Round 2 / 6 · Move 11 / 48")
    page.get_by_role("button", name="Line 1: 12. Marta: 9♥ trails").click()
    expect(headline).to_contain_text("Deal 1, line 1 of move 12 · Line move 1 / ")
    page.keyboard.press("ArrowRight")
    expect(headline).to_contain_text("Line move 2 / ")
    expect(page).to_have_url(re.compile(r"#deal=1001&move=2$"))
    page.screenshot(path=str(artifacts_dir / "offline-try-line-1400x900.png"))
    page.reload()  # the address opens the same step of the line
    expect(headline).to_contain_text("Line move 2 / ")
    page.get_by_role("button", name="Back to the game").first.click()
    expect(headline).to_contain_text("Deal 1 / 3 · Round 2 / 6 · Move 11 / 48")
