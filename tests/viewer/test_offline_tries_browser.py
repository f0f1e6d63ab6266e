"""The offline page's *Try another move* (``html --try-moves``) in a real Chromium.

No server: the page is written by the command line and opened from
``file://``. Screenshots go to ``test-artifacts/`` (``offline-tries-*.png``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from casino_records.check.lines import TriedLine
from casino_records.check.replay import replay
from casino_records.present.line_view import result_words
from casino_records.record.json import jsonio
from casino_records.record.text.parse import parse_move
from tests.paths import SAMPLES
from tests.present.test_offline_tries import cut_record
from tests.viewer.test_accessibility_browser import assert_clean, axe_violations
from tests.viewer.test_offline_browser import HEADLINE, open_page, write_page

pytestmark = pytest.mark.timeout(180)

GAME = "classic-2p-annotated.json"
LAPTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def tried_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("tries")
    return write_page(SAMPLES / GAME, folder / "game.html", "--try-moves")


def test_a_move_tried_is_played_out_stepped_and_left(
    page: Any, tried_page: Path, artifacts_dir: Path
) -> None:
    from playwright.sync_api import expect

    page.set_viewport_size(LAPTOP)
    seen = open_page(page, tried_page, "#deal=1&move=11")
    headline = page.locator(HEADLINE)
    expect(headline).to_contain_text("Deal 1 / 3 · Round 2 / 6 · Move 11 / 48")
    box = page.locator("details.cr-tries")
    expect(box.locator("summary")).to_have_text("Try another move")
    # By keyboard: open the box, then the move (the viewer's bot finishing it).
    box.locator("summary").focus()
    page.keyboard.press("Enter")
    choice = box.get_by_role("button", name="9♥ trails")
    expect(choice).to_be_visible()
    record = jsonio.load(SAMPLES / GAME)
    line = TriedLine.start(record, 0, 11).play(parse_move("S0 9H -", seat=0)).finish()
    result = line.result()
    assert result is not None and result.played == (6, 5)
    said = result_words(result)
    expect(box.locator("li").filter(has_text="9♥ trails")).to_contain_text(said)
    assert_clean(axe_violations(page))
    choice.focus()
    page.keyboard.press("Enter")
    moves = len(line.moves)
    expect(headline).to_contain_text(
        f"Deal 1, move 12 tried: 9♥ trails · Line move 1 / {moves}"
        " (move 12 of the deal) · Tomás to play"
    )
    expect(page).to_have_url(re.compile(r"#deal=1000\d\d&move=1$"))
    last = page.locator("[data-part=last]")
    expect(last).to_contain_text("Marta trails 9♥.")
    expect(last).to_contain_text("In the game, move 12: ")
    expect(page.locator(".cr-result")).to_have_text(said)
    expect(box).to_be_hidden()  # no tries inside a line
    page.keyboard.press("ArrowRight")
    expect(headline).to_contain_text(f"Line move 2 / {moves} (move 13 of the deal)")
    assert_clean(axe_violations(page))
    page.screenshot(path=str(artifacts_dir / "offline-tries-1400x900.png"))
    page.keyboard.press("End")
    expect(headline).to_contain_text(f"Line move {moves} / {moves}")
    expect(headline).to_contain_text("the deal is over")
    expect(page.locator(".cr-result")).to_have_text(said)
    address = page.url
    page.get_by_role("button", name="Back to the game").click()
    expect(headline).to_contain_text("Deal 1 / 3 · Round 2 / 6 · Move 11 / 48")
    expect(box).to_be_visible()
    # The address of a step in the line opens it, typed in or on a new page.
    page.evaluate(f"window.location.hash = {address.split('#')[1]!r}")
    expect(headline).to_contain_text(f"Line move {moves} / {moves}")
    assert seen["requests"] == [tried_page.as_uri()], seen["requests"]
    assert seen["errors"] == [] and seen["dialogs"] == []


def test_a_deep_link_opens_a_step_of_a_tried_line(page: Any, tried_page: Path) -> None:
    from playwright.sync_api import expect

    seen = open_page(page, tried_page, "#deal=100001&move=3")
    headline = page.locator(HEADLINE)
    expect(headline).to_contain_text(re.compile(r"^Deal 1, move 1 tried: .* · Line"))
    expect(headline).to_contain_text(re.compile(r"Line move 3 / \d+ \(move 3 "))
    expect(page.get_by_role("combobox", name="Deal")).to_have_value("100000")
    page.keyboard.press("ArrowLeft")
    expect(page).to_have_url(re.compile(r"#deal=100001&move=2$"))
    assert seen["errors"] == []


def test_a_phone_tries_a_move_at_390px(
    page: Any, tried_page: Path, artifacts_dir: Path
) -> None:
    from playwright.sync_api import expect

    page.set_viewport_size(PHONE)
    open_page(page, tried_page, "#deal=2&move=5")
    box = page.locator("details.cr-tries")
    box.locator("summary").click()
    page.screenshot(
        path=str(artifacts_dir / "offline-tries-box-390x844.png"), full_page=True
    )
    wide = "() => document.documentElement.scrollWidth"
    assert page.evaluate(wide) <= PHONE["width"]
    box.get_by_role("button").first.click()
    headline = page.locator(HEADLINE)
    expect(headline).to_contain_text(re.compile(r"^Deal 2, move 6 tried: "))
    page.keyboard.press("End")
    expect(headline).to_contain_text("the deal is over")
    expect(page.locator(".cr-result")).to_contain_text("this line: ")
    assert page.evaluate(wide) <= PHONE["width"]
    page.screenshot(
        path=str(artifacts_dir / "offline-tries-390x844.png"), full_page=True
    )


def test_what_a_line_assumed_is_said_folded_and_stays_open(
    page: Any, tmp_path: Path
) -> None:
    """The record stops in round 2: the line says which cards it took the
    unseen ones to be, folded, and the fold stays open from step to step."""
    from playwright.sync_api import expect

    source = tmp_path / "cut.json"
    source.write_bytes(jsonio.dumps(cut_record()))
    path = write_page(source, tmp_path / "cut.html", "--try-moves")
    open_page(page, path, "#deal=1&move=9")
    page.locator("details.cr-tries > summary").click()
    assumed = page.locator("details.cr-tries .cr-assumed")
    expect(assumed.locator("summary")).to_have_text(
        "The unseen cards the line assumed: 9 hands"
    )
    page.locator("details.cr-tries").get_by_role("button", name="9♥ trails").click()
    expect(page.locator(HEADLINE)).to_contain_text("Line move 1 / ")
    expect(page.locator(".cr-result")).to_contain_text("played: not played out")
    fold = page.locator("[data-part=analysis] details.cr-assumed")
    fold.locator("summary").click()
    expect(fold).to_contain_text("Round 2: Tomás's 1 unseen card is taken to be ")
    page.keyboard.press("ArrowRight")
    expect(page.locator(HEADLINE)).to_contain_text("Line move 2 / ")
    expect(fold).to_have_attribute("open", "")


def test_a_tried_line_downloads_as_the_record_with_it_kept(
    page: Any, tried_page: Path, tmp_path: Path, artifacts_dir: Path
) -> None:
    """The file validates, replays, and is the record ``TriedLine.kept`` gives."""
    from playwright.sync_api import expect

    page.set_viewport_size(PHONE)
    seen = open_page(page, tried_page, "#deal=1&move=11")
    box = page.locator("details.cr-tries")
    box.locator("summary").click()
    box.get_by_role("button", name="9♥ trails").click()
    headline = page.locator(HEADLINE)
    expect(headline).to_contain_text("Deal 1, move 12 tried: 9♥ trails")
    page.keyboard.press("ArrowRight")
    expect(headline).to_contain_text("Line move 2 / ")
    button = page.get_by_role("button", name="Download the record with this line")
    expect(button).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(
        path=str(artifacts_dir / "offline-tries-keep-390x844.png"), full_page=True
    )
    button.focus()
    with page.expect_download() as caught:
        page.keyboard.press("Enter")  # reachable by keyboard
    download = caught.value
    assert download.suggested_filename == "classic-2p-annotated-lines.json"
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    data = path.read_bytes()
    record, errors = jsonio.validate_record_bytes(data)
    assert errors == [] and record is not None
    assert replay(record).report.valid
    played = jsonio.load(SAMPLES / GAME)
    line = TriedLine.start(played, 0, 11).play(parse_move("S0 9H -", seat=0)).finish()
    assert record == line.kept() != played
    move = record.deals[0].rounds[1].moves[3]
    assert move.variations is not None and len(move.variations[-1]) == len(line.moves)
    assert seen["requests"] == [tried_page.as_uri()], seen["requests"]
    assert seen["errors"] == [] and seen["dialogs"] == []
