"""The replay viewer in a real headless Chromium against a live Streamlit server.

Uses the fixtures of ``tests/viewer/browser_support.py`` (``viewer_url``,
``page``, ``artifacts_dir``); skipped cleanly where Chromium is missing.
Stepping happens in the browser (the stepper component,
``casino_records/present/web/stepper.js``), so its keys, buttons, slider,
choosers, move list and links are tested here. Screenshots go to
``test-artifacts/`` (``viewer-*.png``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from casino_records.record.json import jsonio
from casino_records.record.simulate import simulate_record
from casino_records.record.text.notation import write_text
from tests.paths import SAMPLES
from tests.viewer.browser_support import LAPTOP, PHONE

pytestmark = pytest.mark.timeout(180)

GAME = "classic-2p-annotated.json"
HOSTILE_SCRIPT = "<script>alert(1)</script>"
HOSTILE_IMG = "<img src=x onerror=alert(1)>"
HEADLINE = re.compile(
    r"^Deal \d+ / \d+ · (Round \d+ / \d+ · )?(Start|Piles|Move \d+ / \d+|Residue|Score)"
)
STEPPER = ".cr-stepper"
SHOTS = {
    "2p": ("classic-2p-annotated.json", "deal=1&move=13"),
    "3p": ("classic-3p-match-deck.json", "deal=1&move=14"),
    "4p-partners": ("classic-4p-partnership-hands.json", "deal=1&move=22"),
    "disputed": ("disputed-most-cards.json", "deal=1&move=score"),
    "invalid": ("invalid-out-of-turn.json", ""),
}
"""The records the screenshots show, and where."""


def headline(page: Any) -> Any:
    return page.locator(f"{STEPPER} [data-part=headline]")


def stepper(page: Any) -> Any:
    return page.locator(STEPPER)


def button(page: Any, name: str) -> Any:
    return stepper(page).get_by_role("button", name=name, exact=True)


def open_viewer(page: Any, url: str) -> list[str]:
    """Go to ``url``, wait for the table; return the dialogs seen."""
    from playwright.sync_api import Dialog, expect

    dialogs: list[str] = []

    def on_dialog(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    page.goto(url)
    expect(headline(page)).to_have_text(HEADLINE)
    expect(page.locator(".cr-board")).to_be_visible()
    return dialogs


RECORD_URLS = """(() => {
  window.__urls = [];
  for (const name of ["pushState", "replaceState"]) {
    const original = window.history[name].bind(window.history);
    window.history[name] = (state, title, url) => {
      window.__urls.push(String(url));
      return original(state, title, url);
    };
  }
})();"""
"""An init script: every address the page writes goes into ``window.__urls``."""


def written_urls(page: Any) -> list[str]:
    """The addresses written so far (by Streamlit for Python, or by the stepper)."""
    urls: list[str] = page.evaluate("() => window.__urls")
    return urls


def choose_file(page: Any, path: Path) -> None:
    """Upload ``path`` as a person does: the pointer on the uploader, then the file."""
    page.get_by_test_id("stFileUploaderDropzone").dispatch_event("pointerdown")
    page.locator('input[type="file"]').set_input_files(str(path))


def box(locator: Any) -> dict[str, float]:
    found: dict[str, float] | None = locator.bounding_box()
    assert found is not None
    return found


# --- stepping -------------------------------------------------------------------------------


def test_step_with_the_keyboard_and_the_buttons(page: Any, viewer_url: str) -> None:
    from playwright.sync_api import expect

    dialogs = open_viewer(page, f"{viewer_url}/?game={GAME}")
    expect(headline(page)).to_contain_text(" · Start · ")
    expect(button(page, "Prev")).to_be_disabled()
    button(page, "Next").click()
    expect(headline(page)).to_contain_text(" · Move 1 / 48")
    expect(page).to_have_url(re.compile(r"move=1(&|$)"))
    headline(page).click()  # focus on plain text: keys work without the component
    for expected in (2, 3, 4):
        page.keyboard.press("ArrowRight")
        expect(headline(page)).to_contain_text(f" · Move {expected} / 48")
    page.keyboard.press("ArrowLeft")
    expect(headline(page)).to_contain_text(" · Move 3 / 48")
    expect(page).to_have_url(re.compile(r"move=3(&|$)"))
    expect(stepper(page).locator("[data-part=slider-value]")).to_have_text("3 / 48")
    page.keyboard.press("End")
    expect(headline(page)).to_contain_text(" · Score · End of the deal")
    expect(page).to_have_url(re.compile(r"move=score(&|$)"))
    expect(stepper(page).locator(".cr-felt .cr-score")).to_contain_text("Deal 1 score")
    expect(button(page, "Last")).to_be_disabled()
    page.keyboard.press("Home")
    expect(headline(page)).to_contain_text(" · Start · ")
    page.keyboard.press("PageDown")
    expect(headline(page)).to_contain_text("Round 2 / 6 · Move 8 / 48")
    button(page, "Round −").click()
    expect(headline(page)).to_contain_text(" · Start · ")
    button(page, "Round +").click()
    expect(headline(page)).to_contain_text(" · Move 8 / 48")
    button(page, "First").click()
    expect(headline(page)).to_contain_text(" · Start · ")
    assert not dialogs


def test_the_slider_the_choosers_and_the_move_list(page: Any, viewer_url: str) -> None:
    from playwright.sync_api import expect

    open_viewer(page, f"{viewer_url}/?game={GAME}")
    page.keyboard.press("ArrowRight")  # no click first: the keys are the page's
    expect(headline(page)).to_contain_text(" · Move 1 / 48")
    stepper(page).get_by_role("slider").fill("17")
    expect(headline(page)).to_contain_text(" · Move 17 / 48")
    expect(page).to_have_url(re.compile(r"move=17(&|$)"))
    expect(stepper(page).locator(".cr-last")).to_contain_text("Move 17:")
    # One numbering: the list's current move, the slider, the headline, the address.
    current = stepper(page).locator(".cr-moves [aria-current=step]")
    expect(current).to_have_text(re.compile(r"^17\. \S+: "))
    stepper(page).get_by_role("combobox", name="Round").select_option(label="Round 1")
    expect(headline(page)).to_contain_text("Round 1 / ")
    expect(headline(page)).to_contain_text(" · Start · ")
    stepper(page).locator(".cr-moves").get_by_role(
        "button", name=re.compile(r"^3\. ")
    ).click()
    expect(headline(page)).to_contain_text(" · Move 3 / 48")
    expect(current).to_have_text(re.compile(r"^3\. "))
    # Keys typed into a chooser are its own, not steps.
    stepper(page).get_by_role("combobox", name="Round").focus()
    page.keyboard.press("End")
    expect(headline(page)).not_to_contain_text("End of the deal")
    # The deal chooser goes to another deal (through the server).
    stepper(page).get_by_role("combobox", name="Deal").select_option(label="Deal 2")
    expect(headline(page)).to_contain_text("Deal 2 / 3 · Round 1 / 6 · Start")
    expect(page).to_have_url(re.compile(r"deal=2&move=0(&|$)"))


def test_steps_go_on_across_deals(page: Any, viewer_url: str) -> None:
    from playwright.sync_api import expect

    open_viewer(page, f"{viewer_url}/?game={GAME}&deal=1&move=0")
    headline(page).click()
    page.keyboard.press("End")
    expect(headline(page)).to_contain_text("End of the deal")
    page.keyboard.press("ArrowRight")  # on into the next deal: a rerun
    expect(headline(page)).to_contain_text("Deal 2 / 3 · Round 1 / 6 · Start")
    expect(page).to_have_url(re.compile(r"deal=2&move=0(&|$)"))
    headline(page).click()
    page.keyboard.press("ArrowLeft")
    expect(headline(page)).to_contain_text("Deal 1 / 3 · Round 6 / 6 · Score")


def test_the_end_of_a_deal_is_its_own_steps(page: Any, viewer_url: str) -> None:
    from playwright.sync_api import expect

    name = "disputed-most-cards.json"  # 6 cards are left on the table at its end
    open_viewer(page, f"{viewer_url}/?game={name}&deal=1&move=48")
    felt = stepper(page).locator(".cr-felt")
    expect(headline(page)).to_contain_text("Move 48 / 48 · The last card is played")
    # The last move over the table it left: the residue still lies there.
    expect(felt.locator(".cr-felt-items svg.card")).to_have_count(6)
    expect(felt.locator(".cr-played")).to_have_count(1)
    page.keyboard.press("ArrowRight")
    expect(headline(page)).to_contain_text("Residue · The cards left go to Ben")
    expect(felt.locator(".cr-residue")).to_have_count(6)
    expect(page).to_have_url(re.compile(r"move=residue(&|$)"))
    page.keyboard.press("ArrowRight")
    expect(headline(page)).to_contain_text("Score · End of the deal")
    expect(felt.locator(".cr-felt-items svg.card")).to_have_count(0)
    expect(felt.locator("td.cr-differs").first).to_contain_text("✗")
    expect(felt).to_contain_text("Deal 1: Ben 5, Ana 3")  # winner first
    # The score sits on the table, in view with the board.
    page.set_viewport_size(LAPTOP)
    table = box(felt.locator(".cr-score"))
    assert table["y"] + table["height"] <= LAPTOP["height"]


# --- the table ------------------------------------------------------------------------------


def test_the_seats_sit_around_the_felt(page: Any, viewer_url: str) -> None:
    from playwright.sync_api import expect

    page.set_viewport_size(LAPTOP)
    open_viewer(
        page, f"{viewer_url}/?game=classic-4p-partnership-hands.json&deal=1&move=5"
    )
    felt = box(page.locator(".cr-at-felt"))
    places = {
        place: box(page.locator(f".cr-at-{place}"))
        for place in ("bottom", "left", "top", "right")
    }
    assert places["top"]["y"] + places["top"]["height"] <= felt["y"]
    assert places["bottom"]["y"] >= felt["y"] + felt["height"]
    assert places["left"]["x"] + places["left"]["width"] <= felt["x"]
    assert places["right"]["x"] >= felt["x"] + felt["width"]
    # Partners opposite: Ana (seat 0) bottom, Caio (seat 2) top.
    expect(page.locator(".cr-at-bottom .cr-name")).to_have_text("Ana")
    expect(page.locator(".cr-at-top .cr-name")).to_have_text("Caio")
    expect(page.locator(".cr-at-top .cr-sidename")).to_have_text("Ana & Caio")
    expect(page.locator(".cr-slot.cr-turn .cr-seat")).to_have_count(1)
    expect(page.locator(".cr-dealer")).to_have_count(1)
    expect(page.locator(".cr-pile svg.pile")).to_have_count(2)  # one per side
    expect(page.locator(".cr-counts").first).to_contain_text(" cards · ")


def test_a_seat_s_own_view_shows_only_what_it_knows(page: Any, viewer_url: str) -> None:
    from playwright.sync_api import expect

    open_viewer(page, f"{viewer_url}/?game={GAME}&deal=1&move=12&view=seat0")
    expect(headline(page)).to_contain_text(" · Move 12 / 48")
    expect(page.locator(".cr-at-bottom .cr-name")).to_have_text("Marta")  # its seat
    expect(page.locator(".cr-at-top svg.card.back")).not_to_have_count(0)
    expect(page.locator(".cr-at-bottom svg.card.back")).to_have_count(0)
    moves = stepper(page).locator(".cr-moves [data-move]")
    steps = [
        int(n) for n in moves.evaluate_all("(els) => els.map(e => e.dataset.move)")
    ]
    assert max(steps) == 12  # no move not yet made
    expect(stepper(page)).to_contain_text("Hidden: they would show")
    button(page, "Next").click()
    expect(headline(page)).to_contain_text(" · Move 13 / 48")
    expect(page).to_have_url(
        re.compile(rf"game={re.escape(GAME)}&deal=1&move=13&view=seat0$")
    )
    page.reload()  # the address is the position: a reload opens exactly it
    expect(headline(page)).to_contain_text(" · Move 13 / 48")
    expect(page.locator(".cr-at-top svg.card.back")).not_to_have_count(0)


def test_a_perspective_change_keeps_the_current_move(
    page: Any, viewer_url: str
) -> None:
    from playwright.sync_api import expect

    page.add_init_script(RECORD_URLS)
    open_viewer(page, f"{viewer_url}/?game={GAME}&deal=1&move=8&view=all")
    headline(page).click()
    for _ in range(2):
        page.keyboard.press("ArrowRight")
    expect(headline(page)).to_contain_text(" · Move 10 / 48")
    expect(page.locator(".cr-seat svg.card.back")).to_have_count(0)
    sidebar = page.get_by_test_id("stSidebar")
    sidebar.get_by_text("view (seat 0)").click()
    expect(page).to_have_url(re.compile(r"move=10&view=seat0$"))
    expect(page.locator(".cr-at-top svg.card.back")).not_to_have_count(0)
    expect(headline(page)).to_contain_text(" · Move 10 / 48")
    seat0 = [u for u in written_urls(page) if "view=seat0" in u]
    assert seat0 and all("move=10&" in u for u in seat0), seat0
    headline(page).click()
    page.keyboard.press("ArrowRight")
    expect(headline(page)).to_contain_text(" · Move 11 / 48")
    sidebar.get_by_text("No hands").click()
    expect(page).to_have_url(re.compile(r"move=11&view=none$"))
    expect(page.locator(".cr-seat svg.card:not(.back)")).to_have_count(0)
    expect(headline(page)).to_contain_text(" · Move 11 / 48")
    none = [u for u in written_urls(page) if "view=none" in u]
    assert none and all("move=11&" in u for u in none), none


def test_the_last_move_is_drawn_where_it_happened(page: Any, viewer_url: str) -> None:
    from playwright.sync_api import expect

    # Move 1 of the annotated game: Tomás's 8♥ takes A♥ 7♥.
    open_viewer(page, f"{viewer_url}/?game={GAME}&deal=1&move=1")
    felt = stepper(page).locator(".cr-felt")
    expect(felt.locator(".cr-played svg.card")).to_have_attribute("data-card", "8H")
    taken = felt.locator(".cr-taken svg.card")
    expect(taken).to_have_count(2)
    assert sorted(taken.evaluate_all("(els) => els.map(e => e.dataset.card)")) == [
        "7H",
        "AH",
    ]
    button(page, "Next").click()
    button(page, "Next").click()  # move 3: a build of 9 onto 5♥
    expect(felt.locator(".cr-build .cr-badge")).to_have_text("B1 · 9 · single · Tomás")
    expect(felt.locator(".cr-build .cr-played")).to_have_count(1)
    expect(felt.locator(".cr-build .cr-joined")).to_have_count(1)


# --- the verdict ------------------------------------------------------------------------------


def test_a_dispute_at_a_glance(page: Any, viewer_url: str) -> None:
    from playwright.sync_api import expect

    page.set_viewport_size(LAPTOP)
    open_viewer(page, f"{viewer_url}/?game=disputed-most-cards.json")
    banner = stepper(page).locator(".cr-banner")
    expect(banner).to_be_visible()
    assert box(banner)["y"] < box(page.locator(".cr-board"))["y"]
    lines = banner.locator("li")
    expect(lines).to_have_count(3)
    expect(lines.first).to_contain_text(
        "deal 1, Ana's most cards: claimed 3, computed 0: the cards split 26–26"
    )
    expect(lines.first.locator(".cr-deciders")).to_have_text(
        re.compile(r"^· decided by 47\. Ben, the 6 cards left on the table")
    )
    lines.first.get_by_role("button", name="47. Ben").click()
    expect(headline(page)).to_contain_text(" · Move 47 / 48")
    expect(page).to_have_url(re.compile(r"move=47(&|$)"))
    lines.first.locator(".cr-diff").click()
    expect(headline(page)).to_contain_text(" · Score · End of the deal")
    notes = stepper(page).locator(".cr-felt .cr-notes")
    expect(notes).to_contain_text("Deal 1: Ben 5, Ana 3")  # winner first
    expect(notes).to_contain_text("2 claimed figures of this deal differ (✗)")
    explain = banner.locator(".cr-explain")
    expect(explain).to_contain_text(
        "Your score sheet is exactly what you get if the 26–26 tie in cards"
    )
    explain.get_by_role("button", name="Show it").click()
    expect(headline(page)).to_contain_text(" · Residue · ")


def test_an_invalid_record_opens_at_its_illegal_move(
    page: Any, viewer_url: str
) -> None:
    from playwright.sync_api import expect

    open_viewer(page, f"{viewer_url}/?game=invalid-out-of-turn.json")
    banner = stepper(page).locator(".cr-banner.cr-invalid")
    expect(banner).to_contain_text("Invalid record · rule R2.4")
    expect(headline(page)).to_contain_text(" · Move 10 / 10 ")
    expect(headline(page)).to_contain_text("(the record stops here)")
    # The illegal move drawn: Ana's 4♥ and the 2♥ it names.
    illegal = page.locator(".cr-illegal svg.card")
    assert sorted(illegal.evaluate_all("(els) => els.map(e => e.dataset.card)")) == [
        "2H",
        "4H",
    ]
    panel = stepper(page).locator(".cr-error")
    expect(panel).to_contain_text("Illegal move · rule R2.4")
    expect(panel.locator("table")).to_have_count(1)  # the legal moves, once
    expect(stepper(page).locator("details.cr-alts")).to_be_hidden()
    expect(stepper(page).get_by_text("Legal moves here instead")).to_have_count(1)
    headline(page).click()
    page.keyboard.press("Home")
    banner.get_by_role("button", name="Show the illegal move").click()
    expect(headline(page)).to_contain_text(" · Move 10 / 10 ")


# --- the server's look ------------------------------------------------------------------------


def test_no_deploy_button(page: Any, viewer_url: str) -> None:
    from playwright.sync_api import expect

    open_viewer(page, viewer_url)
    expect(page.get_by_test_id("stToolbar")).to_be_attached()
    expect(page.get_by_role("button", name="Deploy")).to_have_count(0)
    expect(page.get_by_text("Deploy", exact=True)).to_have_count(0)


@pytest.mark.parametrize("kind", list(SHOTS))
def test_screens_fit_a_laptop_and_a_phone(
    page: Any, viewer_url: str, artifacts_dir: Path, kind: str
) -> None:
    from playwright.sync_api import expect

    name, where = SHOTS[kind]
    url = f"{viewer_url}/?game={name}" + (f"&{where}" if where else "")
    page.set_viewport_size(LAPTOP)
    open_viewer(page, url)
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.scrollY") == 0
    board = box(page.locator(".cr-board"))
    moves = box(page.locator(".cr-side"))
    page.screenshot(path=str(artifacts_dir / f"viewer-{kind}-1400x900.png"))
    assert board["y"] + board["height"] <= LAPTOP["height"], board  # no scrolling
    assert moves["y"] + moves["height"] <= LAPTOP["height"], moves
    assert moves["x"] >= board["x"] + board["width"]  # the list beside the board
    page.screenshot(path=str(artifacts_dir / f"viewer-{kind}-1400x900.png"))

    page.set_viewport_size(PHONE)
    expect(page.locator(".cr-board")).to_be_visible()
    page.wait_for_timeout(300)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    slots = page.locator(".cr-slot")
    boxes = [box(slots.nth(i)) for i in range(slots.count())]
    assert len({round(b["x"]) for b in boxes}) == 1  # stacked, one column
    tops = sorted(b["y"] for b in boxes)
    assert all(b - a > 20 for a, b in zip(tops, tops[1:], strict=False))
    size = page.evaluate(
        "() => getComputedStyle(document.querySelector('.cr-stepper'))"
        ".getPropertyValue('--cr-card').trim()"
    )
    assert size == "30px"  # smaller cards (44px on a laptop)
    cards = page.locator(".cr-board svg.card")
    if cards.count():
        assert box(cards.first)["width"] <= 30
    page.screenshot(
        path=str(artifacts_dir / f"viewer-{kind}-390x844.png"), full_page=True
    )


# --- opening records --------------------------------------------------------------------------


def test_upload_a_record(page: Any, viewer_url: str, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    record = simulate_record("royal", 3, seed="browser-upload")
    path = tmp_path / "uploaded.txt"  # the text notation opens too
    path.write_text(write_text(record), encoding="utf-8")
    open_viewer(page, viewer_url)
    choose_file(page, path)
    expect(page.get_by_role("heading", name=record.id or "")).to_be_visible()
    expect(headline(page)).to_contain_text("Round 1 / 4 · Start")
    expect(page).to_have_url(re.compile(r"src=upload"))
    button(page, "Next").click()
    expect(headline(page)).to_contain_text(" · Move 1 / ")
    expect(page).to_have_url(re.compile(r"src=upload&deal=1&move=1"))
    # Another file at once, while the stepper's report of that step is still
    # pending. A person reaches the uploader with the pointer first, which
    # sends the stepper's report at once (before the upload's rerun), so the
    # test does too: set_input_files alone touches nothing on the page, and
    # left the report to race the upload's rerun (a race the old test left open).
    button(page, "Next").click()
    junk = tmp_path / "junk.json"
    junk.write_bytes(b'{"format": "casino-record/1", "players": [{"na')
    choose_file(page, junk)
    error = page.get_by_test_id("stAlert").filter(
        has_text="is not a valid casino record"
    )
    expect(error).to_be_visible()
    expect(error).to_contain_text("junk.json is not a valid casino record")
    expect(error).to_contain_text("unexpected end of data")
    expect(page.get_by_text("Traceback")).to_have_count(0)
    expect(page.get_by_test_id("stException")).to_have_count(0)
    notes = tmp_path / "notes.pdf"
    notes.write_bytes(b"%PDF-1.4")
    choose_file(page, notes)
    refused = page.get_by_test_id("stAlert").filter(has_text="is not a record file")
    expect(refused).to_contain_text("the viewer opens .json records, .jsonl archives")
    expect(page.get_by_test_id("stException")).to_have_count(0)


def test_hostile_names_and_comments_stay_text(
    page: Any, viewer_url: str, tmp_path: Path, artifacts_dir: Path
) -> None:
    from playwright.sync_api import expect

    data = json.loads(jsonio.dumps(simulate_record("classic", 2, seed="browser-xss")))
    data["id"] = "xss-test"
    data["players"] = [{"name": HOSTILE_SCRIPT}, {"name": HOSTILE_IMG}]
    data["comment"] = HOSTILE_IMG
    data["deals"][0]["comment"] = HOSTILE_SCRIPT
    data["deals"][0]["claimed"]["sides"][0]["points"]["most_cards"] ^= 3
    for move in data["deals"][0]["rounds"][0]["moves"][:3]:
        move["comment"] = HOSTILE_IMG
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(data), encoding="utf-8")

    dialogs = open_viewer(page, viewer_url)
    choose_file(page, path)
    expect(page.get_by_role("heading", name="xss-test")).to_be_visible()
    names = f"({re.escape(HOSTILE_SCRIPT)}|{re.escape(HOSTILE_IMG)})"
    expect(headline(page)).to_contain_text(re.compile(rf" · Start · {names} to play"))
    button(page, "Next").click()
    expect(headline(page)).to_contain_text(" · Move 1 / ")
    main = page.get_by_test_id("stMain")
    caption = main.get_by_test_id("stCaptionContainer").first
    expect(caption).to_contain_text(HOSTILE_IMG)  # the record's comment, as text
    expect(stepper(page).locator(".cr-moves")).to_contain_text(f"1. {HOSTILE_IMG}: ")
    expect(stepper(page).locator(".cr-name").first).to_contain_text(HOSTILE_SCRIPT)
    expect(stepper(page).locator(".cr-banner")).to_contain_text(HOSTILE_SCRIPT)
    page.keyboard.press("End")
    expect(headline(page)).to_contain_text("End of the deal")
    expect(stepper(page).locator(".cr-score-table")).to_contain_text(HOSTILE_SCRIPT)
    expect(page.locator("img[onerror]")).to_have_count(0)
    expect(page.locator('img[src="x"]')).to_have_count(0)
    expect(main.locator("script")).to_have_count(0)
    page.wait_for_timeout(500)  # give a handler the chance to fire
    page.screenshot(
        path=str(artifacts_dir / "viewer-hostile-names.png"), full_page=True
    )
    assert dialogs == []


def test_every_sample_opens_in_the_browser(page: Any, viewer_url: str) -> None:
    from playwright.sync_api import expect

    names = sorted(
        p.name
        for p in SAMPLES.glob("*.json")
        if p.name != "invalid-card-played-twice.json"  # no position to show
    )
    open_viewer(page, f"{viewer_url}/?game={names[0]}")
    chooser = page.get_by_test_id("stSidebar").get_by_label("Bundled games")
    for name in names[1:]:  # picked from the list, as a user would: a rerun each
        chooser.click()
        chooser.fill(name)
        page.keyboard.press("Enter")
        expect(page).to_have_url(re.compile(rf"game={re.escape(name)}(&|$)"))
        expect(headline(page)).to_have_text(HEADLINE)
        expect(page.get_by_test_id("stMain")).to_contain_text(
            name.removesuffix(".json")
        )
        expect(page.get_by_test_id("stException")).to_have_count(0)
        expect(page.locator(".cr-board")).to_be_visible()
