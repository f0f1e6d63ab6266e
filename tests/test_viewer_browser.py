"""The replay viewer in a real headless Chromium against a live Streamlit server.

Uses the fixtures of ``tests/browser_support.py`` (``viewer_url``, ``page``,
``artifacts_dir``); skipped cleanly where Chromium is missing.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from casino_records import io
from casino_records.simulate import simulate_record

pytestmark = pytest.mark.timeout(120)

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted(
    p.name
    for p in (ROOT / "sample_games").glob("*.json")
    if not p.name.startswith("invalid-")
)
HOSTILE_SCRIPT = "<script>alert(1)</script>"
HOSTILE_IMG = "<img src=x onerror=alert(1)>"
HEADLINE = re.compile(r"^Deal \d+ / \d+ · Round \d+ / \d+ · \d+ / \d+ moves played")


def headline(page: Any) -> Any:
    return page.get_by_text(HEADLINE)


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
    expect(headline(page)).to_be_visible()
    expect(page.get_by_test_id("stSlider")).to_be_visible()
    expect(page.locator("svg.table")).to_be_visible()
    return dialogs


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
    page.get_by_role("button", name="Next").click()
    expect(headline(page)).to_contain_text(" 1 / ")
    expect(page).to_have_url(re.compile(r"move=2"))
    headline(page).click()  # focus on plain text, so the shortcuts reach the page
    for expected in (2, 3, 4):
        page.keyboard.press("ArrowRight")
        expect(headline(page)).to_contain_text(f" {expected} / ")
    page.keyboard.press("ArrowLeft")
    expect(headline(page)).to_contain_text(" 3 / ")
    expect(page).to_have_url(re.compile(r"move=4"))
    page.keyboard.press("End")
    expect(headline(page)).to_contain_text("End of the deal")
    page.keyboard.press("Home")
    expect(headline(page)).to_contain_text(" 0 / ")
    # The move list: click a move to see the position right after it.
    page.get_by_test_id("stRadio").filter(has_text="Start of the deal").get_by_text(
        re.compile(r"^3\. R1 · ")
    ).click()
    expect(headline(page)).to_contain_text(" 3 / ")
    assert not dialogs


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
    expect(page.get_by_text(re.compile(r"^Move 12"))).to_be_visible()
    page.screenshot(path=str(artifacts_dir / "viewer-mid-game.png"), full_page=True)
    page.get_by_role("button", name="Next").click()
    expect(headline(page)).to_contain_text(" 13 / ")
    expect(page).to_have_url(
        re.compile(rf"game={re.escape(name)}&deal=1&move=14&view=seat0")
    )


def test_upload_a_record(page: Any, viewer_url: str, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    record = simulate_record("royal", 3, seed="browser-upload")
    path = tmp_path / "uploaded.json"
    io.dump(record, path)
    open_viewer(page, viewer_url)
    page.locator('input[type="file"]').set_input_files(str(path))
    expect(page.get_by_role("heading", name=record.id or "")).to_be_visible()
    expect(headline(page)).to_contain_text("Round 1 / 4 · 0 / ")
    expect(page).to_have_url(re.compile(r"src=upload"))

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

    data = json.loads(io.dumps(simulate_record("classic", 2, seed="browser-xss")))
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
    page.get_by_role("button", name="Next").click()
    expect(headline(page)).to_contain_text(" 1 / ")
    main = page.get_by_test_id("stMain")
    expect(headline(page)).to_contain_text(f"{HOSTILE_SCRIPT} to play")
    expect(main.get_by_text(HOSTILE_IMG, exact=True).first).to_be_visible()
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
