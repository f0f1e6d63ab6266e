"""The viewer on a phone (390 x 844) and a laptop, measured in a real Chromium.

Issue 31.9: a disputed record opens with a one-line verdict, the table and the
move controls on the first screen, and a step changes what that screen shows;
an invalid record's legal moves read at 390 px. Issue 37.6: a four-sided score
table says that it scrolls and every side can be reached; the scorer of a
four-player Dominican game opens at its top after Start. And a deal given by
its piles shows its piles. Screenshots go to ``test-artifacts/phone-*.png``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.viewer.browser_support import LAPTOP, PHONE, own_page, wait_up_to

pytestmark = pytest.mark.timeout(180)

STEPPER = ".cr-stepper"

LINES_PER_CELL = """(root) => [...root.querySelectorAll('td')]
  .filter((td) => td.textContent.trim() && td.offsetParent !== null)
  .map((td) => {
    const range = document.createRange();
    range.selectNodeContents(td);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    const box = td.getBoundingClientRect();
    return {words: td.textContent.trim().split(/\\s+/).length, lines: lines.size,
            left: box.left, right: box.right, text: td.textContent.trim()};
  })"""
"""Each shown cell of the tables under ``root``: its words, its lines, its edges."""


def open_at(page: Any, url: str, size: dict[str, int]) -> None:
    from playwright.sync_api import expect

    page.set_viewport_size(size)
    wait_up_to(page, 60_000)  # two shared cores: a rerun can be slow
    page.goto(url)
    expect(page.locator(f"{STEPPER} [data-part=headline]")).to_have_text(
        re.compile(r"^Deal \d")
    )
    expect(page.locator(".cr-board")).to_be_visible()
    page.wait_for_timeout(300)


def box(locator: Any) -> dict[str, float]:
    found: dict[str, float] | None = locator.bounding_box()
    assert found is not None
    return found


def on_first_screen(locator: Any) -> bool:
    """Wholly within the first phone screen, with the page not scrolled."""
    b = box(locator)
    return b["y"] >= 0 and b["y"] + b["height"] <= PHONE["height"]


def test_a_disputed_record_opens_on_a_phone_with_its_table_and_controls(
    page: Any, viewer_url: str, artifacts_dir: Path
) -> None:
    from playwright.sync_api import expect

    open_at(page, f"{viewer_url}/?game=disputed-most-cards.json", PHONE)
    verdict = page.locator(f"{STEPPER} .cr-disputed details.cr-verdict")
    summary = verdict.locator("summary")
    expect(summary).to_contain_text("Disputed: 3 claimed figures differ")
    assert verdict.get_attribute("open") is None  # folded on a phone
    line = float(summary.evaluate("(e) => parseFloat(getComputedStyle(e).lineHeight)"))
    assert box(summary)["height"] <= 1.5 * line  # one line
    expect(verdict.locator("li").first).to_be_hidden()
    nav = page.locator(f"{STEPPER} [data-nav=next]")
    felt = page.locator(f"{STEPPER} .cr-felt")
    mover = page.locator(f"{STEPPER} [data-part=seat1]")  # Ben plays first
    for part in (nav, felt, mover, page.locator(f"{STEPPER} [data-part=headline]")):
        assert on_first_screen(part), box(part)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(artifacts_dir / "phone-disputed-390x844.png"))

    # Next changes what the first screen shows: the headline, the move, the felt.
    before = felt.inner_html()
    nav.click()
    headline = page.locator(f"{STEPPER} [data-part=headline]")
    expect(headline).to_contain_text(" · Move 1 / 48 · ")
    last = page.locator(f"{STEPPER} [data-part=last]")
    expect(last).to_contain_text("Move 1:")
    assert on_first_screen(last) and on_first_screen(felt)
    assert felt.inner_html() != before
    headline.click()
    page.keyboard.press("ArrowRight")
    expect(headline).to_contain_text(" · Move 2 / 48 · ")
    assert on_first_screen(felt) and page.evaluate("() => window.scrollY") == 0

    summary.click()  # the details unfold on a tap
    expect(verdict.locator("li").first).to_be_visible()
    expect(verdict.locator("li")).to_have_count(3)

    open_at(page, f"{viewer_url}/?game=disputed-most-cards.json", LAPTOP)
    verdict = page.locator(f"{STEPPER} .cr-disputed details.cr-verdict")
    expect(verdict.locator("li").first).to_be_visible()  # open on a laptop
    assert verdict.get_attribute("open") is not None


def test_an_invalid_record_s_legal_moves_read_on_a_phone(
    page: Any, viewer_url: str, artifacts_dir: Path
) -> None:
    from playwright.sync_api import expect

    open_at(page, f"{viewer_url}/?game=invalid-build-not-held.json", PHONE)
    summary = page.locator(f"{STEPPER} .cr-invalid summary")
    expect(summary).to_contain_text("Invalid record · rule B4")
    panel = page.locator(f"{STEPPER} [data-part=failing]")
    expect(panel.locator("table")).to_be_visible()
    cells = panel.evaluate(LINES_PER_CELL)
    assert len(cells) >= 20
    for cell in cells:
        assert cell["left"] >= 0 and cell["right"] <= PHONE["width"], cell
        if cell["words"] >= 3:
            # Words share lines: at most half as many lines as words.
            assert cell["lines"] * 2 <= cell["words"], cell
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    first = panel.locator("tbody tr").first
    expect(first).to_contain_text("A♦ takes A♠")
    # Each cell under its column's name (the name drawn before it, read with it).
    expect(
        first.get_by_role("cell", name="gains: 2 cards, 1 spade, 2 aces")
    ).to_be_visible()
    panel.evaluate("(e) => e.scrollIntoView()")
    page.screenshot(path=str(artifacts_dir / "phone-invalid-legal-moves-390x844.png"))

    open_at(page, f"{viewer_url}/?game=invalid-build-not-held.json", LAPTOP)
    panel = page.locator(f"{STEPPER} [data-part=failing]")
    expect(panel.locator("thead")).to_be_visible()  # a table with its head
    page.screenshot(path=str(artifacts_dir / "phone-invalid-legal-moves-1400x900.png"))


def test_a_four_sided_score_table_shows_how_to_reach_every_side(
    page: Any, viewer_url: str, artifacts_dir: Path
) -> None:
    from playwright.sync_api import expect

    url = f"{viewer_url}/?game=royal-4p-individual-sweeps.json&deal=1&move=score"
    open_at(page, url, PHONE)
    score = page.locator(f"{STEPPER} .cr-score")
    hint = score.locator(".cr-scroll-hint")
    expect(hint).to_have_text("Scroll the table sideways for Caio and Dee →")
    scroller = score.locator(".cr-scroll")
    wide = scroller.evaluate("(e) => [e.scrollWidth, e.clientWidth]")
    assert wide[0] > wide[1]  # it scrolls: the hint is true
    page.screenshot(path=str(artifacts_dir / "phone-4p-score-390x844.png"))
    frame = box(scroller)
    scroller.evaluate("(e) => { e.scrollLeft = e.scrollWidth; }")
    page.wait_for_timeout(200)
    dee = score.locator("thead th", has_text="Dee")
    seen = box(dee)
    assert (
        frame["x"] <= seen["x"]
        and seen["x"] + seen["width"] <= frame["x"] + frame["width"] + 1
    ), (seen, frame)
    label = score.locator("tbody th").first  # the categories stay in view
    assert box(label)["x"] >= frame["x"] - 1
    page.screenshot(path=str(artifacts_dir / "phone-4p-score-scrolled-390x844.png"))

    # A laptop's four-seat table has the felt between two seats: the same box.
    open_at(page, url, LAPTOP)
    scroller = page.locator(f"{STEPPER} .cr-score .cr-scroll")
    wide = scroller.evaluate("(e) => [e.scrollWidth, e.clientWidth]")
    hint = page.locator(f"{STEPPER} .cr-scroll-hint")
    if wide[0] > wide[1]:
        expect(hint).to_be_visible()
    else:
        expect(hint).to_be_hidden()
    page.screenshot(path=str(artifacts_dir / "phone-4p-score-1400x900.png"))
    # Two sides fit: no hint.
    open_at(
        page, f"{viewer_url}/?game=disputed-most-cards.json&deal=1&move=score", PHONE
    )
    expect(page.locator(f"{STEPPER} .cr-score h3")).to_be_visible()
    expect(page.locator(f"{STEPPER} .cr-scroll-hint")).to_have_count(0)


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["390", "1400"])
def test_a_deal_given_by_its_piles_shows_its_piles(
    page: Any, viewer_url: str, artifacts_dir: Path, size: dict[str, int]
) -> None:
    from playwright.sync_api import expect

    open_at(page, f"{viewer_url}/?game=classic-2p-piles.json&deal=2&move=0", size)
    headline = page.locator(f"{STEPPER} [data-part=headline]")
    expect(headline).to_have_text("Deal 2 / 3 · Piles · Nobody wrote the moves down")
    ana = page.locator(f"{STEPPER} [data-part=seat0]")
    ben = page.locator(f"{STEPPER} [data-part=seat1]")
    expect(ana.locator(".cr-pile-cards svg.card")).to_have_count(26)
    expect(ben.locator(".cr-pile-cards svg.card")).to_have_count(22)
    expect(ana.locator(".cr-last-capture")).to_have_text("last capture")
    expect(ben.locator(".cr-last-capture")).to_have_count(0)
    expect(ben).to_contain_text("2 sweeps · Big Casino · Little Casino")
    felt = page.locator(f"{STEPPER} .cr-felt")
    expect(felt.locator("svg.card")).to_have_count(4)
    expect(felt).to_contain_text("Left on the table: to Ana")
    for card in ana.locator(".cr-pile-cards svg.card").all():
        b = box(card)  # every card's corner shows: none is cut off
        assert b["x"] >= 0 and b["x"] + 12 <= size["width"]
    intro = page.locator(f"{STEPPER} [data-part=last]")
    expect(intro).to_contain_text("Scored by the rules: Ana 8, Ben 6")
    page.screenshot(
        path=str(artifacts_dir / f"phone-piles-{size['width']}x{size['height']}.png")
    )
    intro.get_by_role("button", name="the score").click()
    expect(headline).to_have_text("Deal 2 / 3 · Score · End of the deal")
    expect(page.locator(f"{STEPPER} .cr-score h3")).to_have_text("Deal 2 score")


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["390", "1400"])
def test_a_four_player_dominican_game_opens_at_the_scorer_s_top(
    browser: Any, viewer_url: str, artifacts_dir: Path, size: dict[str, int]
) -> None:
    """Issue 37.6: after Start, the title, the table and the card picker of a
    2 v 2 Dominican game are on the first screen."""
    from playwright.sync_api import expect

    with own_page(browser, size, ms=60_000) as page:
        page.goto(viewer_url.rstrip("/") + "/record")
        start = page.get_by_role("button", name="Start recording")
        expect(start).to_be_visible()
        page.locator(".st-key-scorer_preset").click()
        page.get_by_role("option", name="dominican", exact=True).click()
        page.locator(".st-key-scorer_table").get_by_text("2 v 2", exact=True).click()
        page.locator(".st-key-scorer_source label").filter(
            has_text="seeded shuffle"
        ).click()
        expect(page.get_by_text("Partners sit opposite")).to_be_visible()
        start.click()  # scrolled down to it, as a thumb does
        title = page.locator("h3").filter(has_text="to play")
        expect(title).to_be_visible()
        entry = page.locator(".cr-entry")
        expect(entry.locator("[data-part=table] svg.table")).to_be_visible()
        page.wait_for_timeout(1500)
        main = "() => document.querySelector('[data-testid=stMain]').scrollTop"
        assert page.evaluate(main) == 0
        assert page.evaluate("() => window.scrollY") == 0
        table = entry.locator("[data-part=table] svg.table")
        picker = entry.locator("[data-part=picker] button")
        expect(picker).to_have_count(4)  # the mover's four cards
        for part in (title, table, picker.last):
            b = box(part)
            assert b["y"] >= 0 and b["y"] + b["height"] <= size["height"], b
        page.screenshot(
            path=str(artifacts_dir / f"phone-scorer-dominican-4p-{size['width']}.png")
        )
