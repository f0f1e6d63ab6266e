"""The scorer's score sheet in a real Chromium: every value typed is kept.

A finished deal is uploaded to the "Record a game" page, and the 20 claimed
figures of its sheet (10 per side) are typed as a person does: a value, Enter,
the next value down the column; on a phone, a tap on each cell. The downloaded
record holds all 20. Before this was fixed, the table's data changed with each
value typed (its claimed column went from empty to numbers), Streamlit took it
for a new table and the browser dropped what followed: only the first value of
20 was kept.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from casino_records.record.json import jsonio
from casino_records.record.simulate import simulate_record
from casino_records.scorer.sheet import CATEGORIES
from tests.viewer.browser_support import PHONE, own_page, wait_up_to

pytestmark = [pytest.mark.timeout(300), pytest.mark.slow]

SHEET = {  # per side, the figures in the sheet's order (CATEGORIES)
    0: [3, 0, 2, 0, 1, 0, 6, 27, 7, 1],
    1: [0, 1, 0, 1, 3, 1, 6, 25, 6, 2],
}
ROW = 35  # Streamlit's data grid: header and rows, in pixels


def finished_deal(folder: Path) -> Path:
    record = simulate_record(
        "classic", 2, seed="sheet-typing", provenance="inferred", max_deals=1
    )
    deal = record.deals[0].model_copy(update={"claimed": None})
    path = folder / "one-deal.json"
    bare = record.model_copy(update={"deals": (deal,), "claimed": None})
    path.write_bytes(jsonio.dumps(bare))
    return path


def open_sheet(page: Any, url: str, record: Path) -> None:
    from playwright.sync_api import expect

    wait_up_to(page, 60_000)
    page.goto(url.rstrip("/") + "/record")
    upload = page.locator('[data-testid="stFileUploaderDropzoneInput"]')
    upload.set_input_files(str(record))
    page.get_by_role("button", name="Go on with it").click()
    expect(page.locator(".st-key-scorer_sheet_0_1")).to_be_visible()
    page.wait_for_selector('[data-testid="stStatusWidget"]', state="detached")


def grid_box(page: Any, side: int) -> dict[str, float]:
    grid = page.locator(
        f".st-key-scorer_sheet_0_{side} [data-testid=stDataFrameResizable]"
    )
    grid.evaluate("(e) => e.scrollIntoView({block: 'center'})")
    page.wait_for_timeout(200)
    box: dict[str, float] = grid.bounding_box()
    return box


def cell(box: dict[str, float], row: int) -> tuple[float, float]:
    """The middle of the claimed cell of ``row`` (the grid's last column)."""
    return box["x"] + box["width"] - 30, box["y"] + ROW * (row + 1) + ROW / 2


def select_cell(page: Any, side: int, row: int) -> None:
    """Click a claimed cell. Into a second grid, click twice: the first click
    there only takes the focus from the other grid (no frame shows, and a person
    clicks again)."""
    where = cell(grid_box(page, side), row)
    for _ in range(2 if side else 1):
        page.mouse.click(*where)
        page.wait_for_timeout(300)


def settled(page: Any) -> None:
    """Wait until the app's script is not running: a person looks at the page
    before the next cell (on a loaded machine a rerun takes seconds)."""
    page.wait_for_selector(
        '[data-testid=stApp][data-test-script-state="notRunning"]', timeout=60_000
    )


def shows_in_editor(page: Any, value: int, timeout: float) -> bool:
    """Whether ``value`` shows in the cell's editor, as a person sees it."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(
            "(v) => [...document.querySelectorAll('#portal input, #portal textarea')]"
            ".some((e) => e.value === v)",
            arg=str(value),
            timeout=timeout,
        )
    except PlaywrightTimeout:
        return False
    return True


def type_value(page: Any, value: int, commit: str) -> None:
    """Type as a person: a key every 60 ms, a look that the value shows, the key
    that commits, a look at the page once it has settled."""
    page.keyboard.type(str(value), delay=60)
    assert shows_in_editor(page, value, 10_000)
    commit_value(page, commit)


def commit_value(page: Any, key: str) -> None:
    """Press the key that commits the value, and wait for the page to settle."""
    page.keyboard.press(key)
    page.wait_for_timeout(400)
    settled(page)


def tap_value(page: Any, side: int, row: int, value: int) -> None:
    """Tap a claimed cell and type a value into it, as on a phone. A tap that
    opened no editor (the page moved under the finger, or the tap only took the
    focus from the other grid, as a click does: :func:`select_cell`) is tapped
    again, twice, as a person does on seeing nothing typed; the value typed is
    then checked."""
    for attempt in range(4):
        where = cell(grid_box(page, side), row)
        for _ in range(2 if attempt else 1):
            page.touchscreen.tap(*where)
            page.wait_for_timeout(300)
        page.keyboard.type(str(value), delay=60)
        if shows_in_editor(page, value, 10_000):
            break
        page.keyboard.press("Escape")
        settled(page)
    else:
        raise AssertionError(f"no editor opened on side {side}, row {row}")
    commit_value(page, "Enter")


def downloaded_claims(page: Any, tmp_path: Path) -> list[dict[str, Any]]:
    """Check the sheet (which keeps it), then download the record: its claims."""
    page.get_by_role("button", name="Check").click()
    page.get_by_text("the sheet and the rules").first.wait_for()
    page.wait_for_selector('[data-testid="stStatusWidget"]', state="detached")
    with page.expect_download() as caught:
        page.get_by_role("button", name="Download JSON").click()
    path = tmp_path / "typed.json"
    caught.value.save_as(path)
    sides: list[dict[str, Any]] = json.loads(path.read_bytes())["deals"][0]["claimed"][
        "sides"
    ]
    return sides


def figure(side: dict[str, Any], category: str) -> Any:
    group, _, name = category.partition(".")
    return side.get("total") if group == "total" else side.get(group, {}).get(name)


def assert_all_kept(sides: list[dict[str, Any]]) -> None:
    typed = {(s, c): SHEET[s][i] for s in SHEET for i, c in enumerate(CATEGORIES)}
    kept = {(s, c): figure(sides[s], c) for s in SHEET for c in CATEGORIES}
    assert kept == typed  # all 20


def test_twenty_values_typed_down_the_columns_are_all_kept(
    page: Any, viewer_url: str, tmp_path: Path
) -> None:
    open_sheet(page, viewer_url, finished_deal(tmp_path))
    for side in SHEET:
        select_cell(page, side, 0)
        for value in SHEET[side]:  # value, Enter: the next cell down
            type_value(page, value, "Enter")
    assert_all_kept(downloaded_claims(page, tmp_path))


def test_twenty_values_tapped_in_on_a_phone(
    browser: Any, viewer_url: str, tmp_path: Path
) -> None:
    with own_page(browser, PHONE, touch=True, ms=60_000) as page:
        open_sheet(page, viewer_url, finished_deal(tmp_path))
        for side in SHEET:
            for row, value in enumerate(SHEET[side]):
                tap_value(page, side, row, value)
        assert_all_kept(downloaded_claims(page, tmp_path))


def test_a_started_game_opens_at_the_top_on_a_phone(
    browser: Any, viewer_url: str, artifacts_dir: Path
) -> None:
    """Issue 37.6: after "Start recording", far down the set-up form, the game
    opened mid-page on a phone (title, table and card picker off-screen)."""
    from playwright.sync_api import expect

    with own_page(browser, PHONE, ms=60_000) as page:
        page.goto(viewer_url.rstrip("/") + "/record")
        start = page.get_by_role("button", name="Start recording")
        page.locator(".st-key-scorer_source label").filter(
            has_text="seeded shuffle"
        ).click()
        start.click()  # scrolled down to it, as a thumb does
        title = page.locator("h3").filter(has_text="to play")
        expect(title).to_be_visible()
        page.wait_for_timeout(1500)
        main = "() => document.querySelector('[data-testid=stMain]').scrollTop"
        assert page.evaluate(main) == 0
        assert title.bounding_box()["y"] < 200
        page.screenshot(path=str(artifacts_dir / "scorer-after-start-390.png"))
