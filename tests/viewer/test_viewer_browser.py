"""The replay viewer in a real headless Chromium against a live Streamlit server.

Uses the fixtures of ``tests/browser_support.py`` (``viewer_url``, ``page``,
``artifacts_dir``); skipped cleanly where Chromium is missing. Stepping
happens in the browser (the stepper component, ``viewer/stepper.js``), so its
keys, buttons, slider, round chooser and move list are tested here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from casino_records.record import jsonio
from casino_records.record.simulate import simulate_record
from tests.paths import ROOT

pytestmark = pytest.mark.timeout(120)

SAMPLES = sorted(
    p.name
    for p in (ROOT / "sample_games").glob("*.json")
    if not p.name.startswith("invalid-")
)
HOSTILE_SCRIPT = "<script>alert(1)</script>"
HOSTILE_IMG = "<img src=x onerror=alert(1)>"
HEADLINE = re.compile(r"^Deal \d+ / \d+ · Round \d+ / \d+ · \d+ / \d+ moves played")
STEPPER = ".cr-stepper"


def headline(page: Any) -> Any:
    return page.locator(f"{STEPPER} [data-part=headline]")


def stepper(page: Any) -> Any:
    return page.locator(STEPPER)


def button(page: Any, name: str) -> Any:
    return stepper(page).get_by_role("button", name=name, exact=True)


def open_viewer(page: Any, url: str) -> list[str]:
    """Go to ``url``, wait for the lazy widgets; return the dialogs seen."""
    from playwright.sync_api import Dialog, expect

    dialogs: list[str] = []

    def on_dialog(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    page.set_default_timeout(20_000)
    expect.set_options(timeout=20_000)  # two shared cores: a rerun can be slow
    page.goto(url)
    expect(headline(page)).to_have_text(HEADLINE)
    expect(page.locator("svg.table")).to_be_visible()
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


def moves_played(page: Any) -> int:
    text = headline(page).inner_text()
    found = re.search(r"· (\d+) / \d+ moves played", text)
    assert found, text
    return int(found.group(1))


def test_step_with_the_keyboard_and_the_buttons(
    page: Any, viewer_url: str, artifacts_dir: Path
) -> None:
    from playwright.sync_api import expect

    dialogs = open_viewer(page, viewer_url)
    expect(headline(page)).to_contain_text(" 0 / ")
    expect(button(page, "Prev")).to_be_disabled()
    button(page, "Next").click()
    expect(headline(page)).to_contain_text(" 1 / ")
    expect(page).to_have_url(re.compile(r"move=2"))
    headline(page).click()  # focus on plain text: keys work without the component
    for expected in (2, 3, 4):
        page.keyboard.press("ArrowRight")
        expect(headline(page)).to_contain_text(f" {expected} / ")
    page.keyboard.press("ArrowLeft")
    expect(headline(page)).to_contain_text(" 3 / ")
    expect(page).to_have_url(re.compile(r"move=4(&|$)"))
    page.keyboard.press("End")
    expect(headline(page)).to_contain_text("End of the deal")
    expect(stepper(page)).to_contain_text("Deal score")
    expect(button(page, "Last")).to_be_disabled()
    page.keyboard.press("Home")
    expect(headline(page)).to_contain_text(" 0 / ")
    page.keyboard.press("PageDown")
    expect(headline(page)).to_contain_text("Round 2 / ")
    start = moves_played(page)
    button(page, "Round −").click()
    expect(headline(page)).to_contain_text(" 0 / ")
    button(page, "Round +").click()
    expect(headline(page)).to_contain_text(f" {start} / ")
    button(page, "First").click()
    expect(headline(page)).to_contain_text(" 0 / ")
    assert not dialogs


def test_the_slider_the_round_chooser_and_the_move_list(
    page: Any, viewer_url: str
) -> None:
    from playwright.sync_api import expect

    open_viewer(page, viewer_url)
    page.keyboard.press("ArrowRight")  # no click first: the keys are the page's
    expect(headline(page)).to_contain_text(" 1 / ")
    stepper(page).get_by_role("slider").fill("17")
    expect(headline(page)).to_contain_text(" 17 / ")
    expect(page).to_have_url(re.compile(r"move=18(&|$)"))
    expect(stepper(page).get_by_text(re.compile(r"^Move 17\b"))).to_be_visible()
    # The list of the round: the current move is marked, a click jumps.
    current = stepper(page).locator(".cr-moves [aria-current=step]")
    expect(current).to_have_text(re.compile(r"^17\. R\d · "))
    stepper(page).get_by_role("combobox").select_option(label="Round 1")
    expect(headline(page)).to_contain_text("Round 1 / ")
    expect(headline(page)).to_contain_text(" 0 / ")
    stepper(page).locator(".cr-moves").get_by_role(
        "button", name=re.compile(r"^3\. R1 · ")
    ).click()
    expect(headline(page)).to_contain_text(" 3 / ")
    expect(current).to_have_text(re.compile(r"^3\. R1 · "))
    # Keys typed into the round chooser are its own, not steps.
    stepper(page).get_by_role("combobox").focus()
    page.keyboard.press("End")
    expect(headline(page)).not_to_contain_text("End of the deal")


def test_a_deep_link_opens_its_position(
    page: Any, viewer_url: str, artifacts_dir: Path
) -> None:
    from playwright.sync_api import expect

    if not SAMPLES:
        pytest.skip("no bundled sample game")
    name = SAMPLES[0]
    open_viewer(page, f"{viewer_url}/?game={name}&deal=1&move=13&view=seat0")
    expect(headline(page)).to_contain_text("Deal 1 / ")
    expect(headline(page)).to_contain_text(" 12 / ")
    # Seat 0's own view: only the other hand is face down.
    expect(page.locator("svg.hand:has(svg.card.back)")).to_have_count(1)
    expect(stepper(page).get_by_text(re.compile(r"^Move 12"))).to_be_visible()
    expect(stepper(page)).to_contain_text("Hidden: they would show")
    page.screenshot(path=str(artifacts_dir / "viewer-mid-game.png"), full_page=True)
    button(page, "Next").click()
    expect(headline(page)).to_contain_text(" 13 / ")
    expect(page).to_have_url(
        re.compile(rf"game={re.escape(name)}&deal=1&move=14&view=seat0$")
    )
    # The address bar is the position: a reload opens exactly it.
    page.reload()
    expect(headline(page)).to_contain_text(" 13 / ")
    expect(page.locator("svg.hand:has(svg.card.back)")).to_have_count(1)


def test_a_perspective_change_keeps_the_current_move(
    page: Any, viewer_url: str
) -> None:
    from playwright.sync_api import expect

    page.add_init_script(RECORD_URLS)
    open_viewer(page, f"{viewer_url}/?game={SAMPLES[0]}&deal=1&move=9&view=all")
    headline(page).click()
    for _ in range(2):
        page.keyboard.press("ArrowRight")
    expect(headline(page)).to_contain_text(" 10 / ")
    expect(page.locator("svg.card.back")).to_have_count(0)
    sidebar = page.get_by_test_id("stSidebar")
    sidebar.get_by_text("view (seat 0)").click()
    expect(page).to_have_url(re.compile(r"move=11&view=seat0$"))
    expect(page.locator("svg.hand:has(svg.card.back)")).to_have_count(1)
    expect(headline(page)).to_contain_text(" 10 / ")
    # Python wrote the new view with the move it had been told, not an old one.
    seat0 = [u for u in written_urls(page) if "view=seat0" in u]
    assert seat0 and all("move=11&" in u for u in seat0), seat0
    # Stepping on at once, then another perspective: still the latest move.
    headline(page).click()
    page.keyboard.press("ArrowRight")
    expect(headline(page)).to_contain_text(" 11 / ")
    sidebar.get_by_text("No hands").click()
    expect(page).to_have_url(re.compile(r"move=12&view=none$"))
    expect(page.locator("div.hand-of")).to_have_count(0)
    expect(headline(page)).to_contain_text(" 11 / ")
    none = [u for u in written_urls(page) if "view=none" in u]
    assert none and all("move=12&" in u for u in none), none


def test_steps_go_on_across_deals_and_the_deal_box_jumps(
    page: Any, viewer_url: str
) -> None:
    from playwright.sync_api import expect

    open_viewer(page, f"{viewer_url}/?game={SAMPLES[0]}&deal=1&move=1")
    headline(page).click()
    page.keyboard.press("End")
    expect(headline(page)).to_contain_text("End of the deal")
    page.keyboard.press("ArrowRight")  # on into the next deal: a rerun
    expect(headline(page)).to_contain_text("Deal 2 / ")
    expect(headline(page)).to_contain_text(" 0 / ")
    expect(page).to_have_url(re.compile(r"deal=2&move=1(&|$)"))
    headline(page).click()
    page.keyboard.press("ArrowLeft")
    expect(headline(page)).to_contain_text("Deal 1 / ")
    expect(headline(page)).to_contain_text("End of the deal")
    page.get_by_role("combobox", name="Deal", exact=True).click()
    page.get_by_role("option", name="Deal 3").click()
    expect(headline(page)).to_contain_text("Deal 3 / ")
    expect(headline(page)).to_contain_text(" 0 / ")
    expect(page).to_have_url(re.compile(r"deal=3&move=1(&|$)"))


def test_a_dispute_links_its_deciding_moves(page: Any, viewer_url: str) -> None:
    from playwright.sync_api import expect

    open_viewer(page, f"{viewer_url}/?game=disputed-most-cards.json&deal=1&move=49")
    expect(headline(page)).to_contain_text("End of the deal")
    differs = stepper(page).locator("td.cr-differs")
    expect(differs.first).to_contain_text("✗")
    jump = stepper(page).locator(".cr-warning button", has_text="move 47 of the deal")
    jump.first.click()
    expect(headline(page)).to_contain_text(" 47 / ")
    expect(page).to_have_url(re.compile(r"move=48(&|$)"))


def test_an_invalid_record_opens_at_the_failing_move(
    page: Any, viewer_url: str
) -> None:
    from playwright.sync_api import expect

    open_viewer(page, f"{viewer_url}/?game=invalid-out-of-turn.json")
    panel = stepper(page).locator(".cr-error")
    expect(panel).to_contain_text("Illegal move · rule R2.4")
    expect(panel).to_contain_text("Legal moves here:")
    expect(headline(page)).to_contain_text(" 10 / 10 moves played")
    expect(headline(page)).to_contain_text("(the record stops here)")


def test_upload_a_record(page: Any, viewer_url: str, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    record = simulate_record("royal", 3, seed="browser-upload")
    path = tmp_path / "uploaded.json"
    jsonio.dump(record, path)
    open_viewer(page, viewer_url)
    page.locator('input[type="file"]').set_input_files(str(path))
    expect(page.get_by_role("heading", name=record.id or "")).to_be_visible()
    expect(headline(page)).to_contain_text("Round 1 / 4 · 0 / ")
    expect(page).to_have_url(re.compile(r"src=upload"))
    button(page, "Next").click()
    expect(headline(page)).to_contain_text(" 1 / ")
    expect(page).to_have_url(re.compile(r"src=upload&deal=1&move=2"))

    junk = tmp_path / "junk.json"
    junk.write_bytes(b'{"format": "casino-record/1", "players": [{"na')
    page.locator('input[type="file"]').set_input_files(str(junk))
    error = page.get_by_test_id("stAlert").filter(
        has_text="is not a valid casino record"
    )
    expect(error).to_be_visible()
    expect(error).to_contain_text("junk.json is not a valid casino record")
    expect(error).to_contain_text("unexpected end of data")
    expect(page.get_by_text("Traceback")).to_have_count(0)


def test_hostile_names_and_comments_stay_text(
    page: Any, viewer_url: str, tmp_path: Path, artifacts_dir: Path
) -> None:
    from playwright.sync_api import expect

    data = json.loads(jsonio.dumps(simulate_record("classic", 2, seed="browser-xss")))
    data["id"] = "xss-test"
    data["players"] = [{"name": HOSTILE_SCRIPT}, {"name": HOSTILE_IMG}]
    data["comment"] = HOSTILE_IMG
    data["deals"][0]["comment"] = HOSTILE_SCRIPT
    for move in data["deals"][0]["rounds"][0]["moves"][:3]:
        move["comment"] = HOSTILE_IMG
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(data), encoding="utf-8")

    dialogs = open_viewer(page, viewer_url)
    page.locator('input[type="file"]').set_input_files(str(path))
    expect(page.get_by_role("heading", name="xss-test")).to_be_visible()
    names = f"({re.escape(HOSTILE_SCRIPT)}|{re.escape(HOSTILE_IMG)})"
    expect(headline(page)).to_contain_text(re.compile(rf" 0 / .* · {names} to play"))
    button(page, "Next").click()
    expect(headline(page)).to_contain_text(" 1 / ")
    main = page.get_by_test_id("stMain")
    expect(headline(page)).to_contain_text(f"{HOSTILE_SCRIPT} to play")
    expect(main.get_by_text(HOSTILE_IMG, exact=True).first).to_be_visible()
    moves = stepper(page).locator(".cr-moves")
    expect(moves).to_contain_text(f"1. R1 · {HOSTILE_IMG}: ")
    expect(stepper(page).locator(".hand-of").first).to_contain_text(HOSTILE_SCRIPT)
    page.keyboard.press("End")
    expect(headline(page)).to_contain_text("End of the deal")
    expect(stepper(page).locator(".cr-table").first).to_contain_text(HOSTILE_SCRIPT)
    expect(
        page.get_by_text(re.compile(re.escape(HOSTILE_SCRIPT))).first
    ).to_be_visible()
    expect(page.locator("img[onerror]")).to_have_count(0)
    expect(page.locator('img[src="x"]')).to_have_count(0)
    expect(main.locator("script")).to_have_count(0)
    page.wait_for_timeout(500)  # give a handler the chance to fire
    page.screenshot(
        path=str(artifacts_dir / "viewer-hostile-names.png"), full_page=True
    )
    assert dialogs == []
