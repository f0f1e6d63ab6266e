"""The offline page (``casino-records html``) in a real Chromium, from ``file://``.

No server: the page is written by the command line into a temporary folder
and opened as a file. Screenshots go to ``test-artifacts/`` (``offline-*.png``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from casino_records.cli import main
from casino_records.record.json import jsonio
from casino_records.record.simulate import simulate_record
from tests.paths import SAMPLES
from tests.viewer.browser_support import LAPTOP, PHONE, wait_up_to

pytestmark = pytest.mark.timeout(120)

HOSTILE = (
    "<script>alert(1)</script>",
    "</script><img src=x onerror=alert(2)>",
    '"><svg onload=alert(3)>',
)
HEADLINE = "[data-part=headline]"


def write_page(source: Path, out: Path, *args: str) -> Path:
    result = CliRunner().invoke(main, ["html", str(source), "-o", str(out), *args])
    assert result.exit_code in (0, 1), result.output
    assert out.is_file()
    return out


def open_page(page: Any, path: Path, hash_: str = "") -> dict[str, list[str]]:
    """Open ``path`` from a file URL; return the dialogs seen and the requests made."""
    from playwright.sync_api import expect

    seen: dict[str, list[str]] = {"dialogs": [], "requests": [], "errors": []}

    def on_dialog(dialog: Any) -> None:
        seen["dialogs"].append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    page.on("request", lambda request: seen["requests"].append(request.url))
    page.on("pageerror", lambda error: seen["errors"].append(str(error)))
    page.on(
        "console",
        lambda message: (
            seen["errors"].append(message.text) if message.type == "error" else None
        ),
    )
    wait_up_to(page, 10_000)
    page.goto(path.as_uri() + hash_)
    expect(page.locator(HEADLINE)).to_contain_text("Deal ")
    return seen


def test_the_page_steps_with_no_server(
    page: Any, tmp_path: Path, artifacts_dir: Path
) -> None:
    from playwright.sync_api import expect

    path = write_page(SAMPLES / "classic-2p-annotated.json", tmp_path / "game.html")
    seen = open_page(page, path)
    headline = page.locator(HEADLINE)
    expect(headline).to_contain_text("Deal 1 / 3 · Round 1 / 6 · Start")
    page.keyboard.press("ArrowRight")
    expect(headline).to_contain_text(" · Move 1 / 48")
    expect(page).to_have_url(re.compile(r"game\.html#deal=1&move=1$"))
    page.keyboard.press("End")
    expect(headline).to_contain_text(" · Score · End of the deal")
    expect(page.locator(".cr-felt .cr-score")).to_contain_text("Deal 1 score")
    page.keyboard.press("ArrowRight")  # on into deal 2: the page's own loader
    expect(headline).to_contain_text("Deal 2 / 3 · Round 1 / 6 · Start")
    expect(page).to_have_url(re.compile(r"#deal=2&move=0$"))
    page.get_by_role("combobox", name="Deal").select_option(label="Deal 3")
    expect(headline).to_contain_text("Deal 3 / 3 · ")
    page.locator(".cr-moves").get_by_role("button", name=re.compile(r"^3\. ")).click()
    expect(headline).to_contain_text(" · Move 3 / 48")
    page.set_viewport_size(LAPTOP)
    page.screenshot(path=str(artifacts_dir / "offline-2p-1400x900.png"))
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(artifacts_dir / "offline-2p-390x844.png"), full_page=True)
    # Nothing but the file itself was fetched, and nothing failed.
    assert seen["requests"] == [path.as_uri()], seen["requests"]
    assert seen["errors"] == [] and seen["dialogs"] == []


def test_a_link_into_the_page_opens_its_step(page: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    path = write_page(SAMPLES / "disputed-most-cards.json", tmp_path / "d.html")
    open_page(page, path, "#deal=1&move=residue")
    expect(page.locator(HEADLINE)).to_contain_text("Deal 1 / 3 · Round 6 / 6 · Residue")
    banner = page.locator(".cr-banner")
    expect(banner).to_contain_text("3 claimed figures differ from the replay")
    banner.get_by_role("button", name="47. Ben").first.click()
    expect(page.locator(HEADLINE)).to_contain_text(" · Move 47 / 48")
    expect(page).to_have_url(re.compile(r"#deal=1&move=47$"))
    page.reload()
    expect(page.locator(HEADLINE)).to_contain_text(" · Move 47 / 48")


def test_a_changed_hash_moves_the_open_page(page: Any, tmp_path: Path) -> None:
    """Issue 37.11: a new ``#deal=…&move=…`` typed or followed while the page is
    open shows that step, without a reload."""
    from playwright.sync_api import expect

    path = write_page(
        SAMPLES / "dominican-4p-partnership-hands.json", tmp_path / "h.html"
    )
    open_page(page, path, "#deal=1&move=5")
    headline = page.locator(HEADLINE)
    expect(headline).to_contain_text("Deal 1 / 3 · Round 1 / 3 · Move 5 / 48")
    page.evaluate("window.location.hash = '#deal=3&move=score'")
    expect(headline).to_contain_text("Deal 3 / 3 · Round 3 / 3 · Score")
    page.evaluate("window.location.hash = '#deal=3&move=12'")
    expect(headline).to_contain_text("Deal 3 / 3 · Round 1 / 3 · Move 12 / 48")
    page.keyboard.press("ArrowRight")  # the stepper's own step still writes the hash
    expect(page).to_have_url(re.compile(r"#deal=3&move=13$"))
    expect(headline).to_contain_text(" · Move 13 / 48")


def test_a_phone_stacks_the_seats_in_play_order(page: Any, tmp_path: Path) -> None:
    """Issue 37.2: at 390 px the seats read in the order they play, the table
    first, under the direction of play."""
    from playwright.sync_api import expect

    path = write_page(
        SAMPLES / "dominican-4p-partnership-hands.json", tmp_path / "o.html"
    )
    page.set_viewport_size(PHONE)
    open_page(page, path, "#deal=3&move=0")
    expect(page.locator(".cr-order")).to_contain_text(
        "counter-clockwise ↺, the dealer’s right first (R2.3): Ben → Ana → Dee → Caio"
    )

    def top(selector: str) -> float:
        box = page.locator(selector).bounding_box()
        assert box is not None
        return float(box["y"])

    tops = [top(f"[data-part=seat{seat}]") for seat in (1, 0, 3, 2)]
    assert top(".cr-order") < top("[data-part=felt]") < tops[0]
    assert tops == sorted(tops)
    page.set_viewport_size(LAPTOP)
    assert top("[data-part=seat2]") < top("[data-part=felt]") < top("[data-part=seat0]")


def test_an_invalid_record_opens_at_its_illegal_move(
    page: Any, tmp_path: Path, artifacts_dir: Path
) -> None:
    from playwright.sync_api import expect

    path = write_page(SAMPLES / "invalid-out-of-turn.json", tmp_path / "i.html")
    open_page(page, path)
    expect(page.locator(HEADLINE)).to_contain_text("(the record stops here)")
    expect(page.locator(".cr-banner.cr-invalid")).to_contain_text("rule R2.4")
    expect(page.locator(".cr-illegal")).to_have_count(2)
    page.set_viewport_size(LAPTOP)
    page.screenshot(path=str(artifacts_dir / "offline-invalid-1400x900.png"))


def test_a_hostile_record_stays_text(
    page: Any, tmp_path: Path, artifacts_dir: Path
) -> None:
    from playwright.sync_api import expect

    data = json.loads(jsonio.dumps(simulate_record("classic", 2, seed="offline-xss")))
    data["id"] = HOSTILE[1]
    data["comment"] = HOSTILE[2]
    data["players"] = [{"name": HOSTILE[0]}, {"name": HOSTILE[2]}]
    data["deals"][0]["comment"] = HOSTILE[1]
    data["deals"][0]["rounds"][0]["moves"][0]["comment"] = HOSTILE[1]
    data["deals"][0]["claimed"]["sides"][0]["points"]["most_cards"] ^= 3
    source = tmp_path / "hostile.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    path = write_page(source, tmp_path / "hostile.html")
    seen = open_page(page, path)
    expect(page.locator("h1")).to_have_text(HOSTILE[1])
    expect(page.locator(".cr-record-comment")).to_have_text(HOSTILE[2])
    expect(page.locator(".cr-name").first).to_have_text(HOSTILE[0])
    expect(page.locator(".cr-last")).to_contain_text(HOSTILE[1])  # the deal's comment
    page.keyboard.press("ArrowRight")
    expect(page.locator(".cr-last")).to_contain_text(HOSTILE[1])  # the move's comment
    expect(page.locator(".cr-moves")).to_contain_text(f"1. {HOSTILE[2]}: ")
    expect(page.locator(".cr-banner")).to_contain_text(HOSTILE[0])
    page.keyboard.press("End")
    expect(page.locator(".cr-score-table")).to_contain_text(HOSTILE[2])
    page.wait_for_timeout(500)  # give a handler the chance to fire
    assert page.locator("img").count() == 0
    assert page.locator("svg[onload]").count() == 0
    assert page.locator("script").count() == 2  # the page's data and its own code
    page.screenshot(path=str(artifacts_dir / "offline-hostile.png"), full_page=True)
    assert seen["dialogs"] == [] and seen["errors"] == []
    assert seen["requests"] == [path.as_uri()]
