"""Keyboard and contrast: the pages checked with axe-core (issue 37.12).

axe-core (``tests/data/axe-core/axe.min.js``, vendored with its MPL-2.0
licence header: no download at run time) audits the replay page, the scorer
page and the offline page. No violation of serious or critical impact may be
in the project's own markup; Streamlit's own markup is allowed only the
violations named in ``STREAMLIT_KNOWN``. The move list is one tab stop with
the arrow keys inside it (a roving tabindex), and focus shows as a ring.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from casino_records.cli import main
from tests.paths import SAMPLES

pytestmark = pytest.mark.timeout(180)

AXE = Path(__file__).resolve().parents[1] / "data" / "axe-core" / "axe.min.js"
GRAVE = ("serious", "critical")
STREAMLIT_KNOWN: dict[str, str] = {}
"""Serious or critical violations of Streamlit's own markup (rule id: why it is
accepted); none is known in Streamlit 1.67 on these pages."""
HEADLINE = "[data-part=headline]"


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """Every serious or critical violation on the page, its nodes' selectors."""
    if not AXE.is_file():  # pragma: no cover - the file is vendored
        pytest.skip(f"{AXE} is missing")
    page.evaluate(AXE.read_text(encoding="utf-8") + "\n;0")
    found: list[dict[str, Any]] = page.evaluate(
        """async () => {
          const result = await axe.run(document, { resultTypes: ["violations"] });
          return result.violations.map((v) => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map((n) => ({
              target: n.target.join(" "), html: n.html.slice(0, 160),
              ours: !!document.querySelector(n.target.join(" "))?.closest(
                ".cr-stepper, .cr-page, [data-testid=stMarkdownContainer],"
                + " [data-testid=stCaptionContainer]"),
            })),
          }));
        }"""
    )
    return [v for v in found if v["impact"] in GRAVE]


def assert_clean(violations: list[dict[str, Any]]) -> None:
    """No grave violation in our markup, none unknown in Streamlit's."""
    ours = [
        (v["id"], node["target"], node["html"])
        for v in violations
        for node in v["nodes"]
        if node["ours"]
    ]
    assert not ours, ours
    theirs = {v["id"] for v in violations} - set(STREAMLIT_KNOWN)
    assert not theirs, violations


def test_the_offline_page_has_no_grave_violation(page: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    out = tmp_path / "game.html"
    source = SAMPLES / "dominican-4p-partnership-hands.json"
    result = CliRunner().invoke(main, ["html", str(source), "-o", str(out)])
    assert result.exit_code == 0, result.output
    page.goto(out.as_uri() + "#deal=3&move=score")
    expect(page.locator(HEADLINE)).to_contain_text("Score")
    assert_clean(axe_violations(page))
    page.evaluate("window.location.hash = '#deal=3&move=0'")
    expect(page.locator(HEADLINE)).to_contain_text("Start")
    assert_clean(axe_violations(page))


def test_the_move_list_is_one_tab_stop(page: Any, tmp_path: Path) -> None:
    """Tab reaches the move list once, at its current entry; ↑ ↓ move in it."""
    from playwright.sync_api import expect

    out = tmp_path / "game.html"
    source = SAMPLES / "dominican-4p-partnership-hands.json"
    CliRunner().invoke(main, ["html", str(source), "-o", str(out)])
    page.goto(out.as_uri() + "#deal=1&move=3")
    headline = page.locator(HEADLINE)
    expect(headline).to_contain_text("Move 3 / 48")
    stops = page.locator(".cr-moves button[tabindex='0']")
    expect(stops).to_have_count(1)
    expect(stops).to_have_attribute("data-move", "3")
    expect(page.locator(".cr-moves button[tabindex='-1']")).to_have_count(16)
    stops.focus()
    page.keyboard.press("ArrowDown")
    expect(headline).to_contain_text("Move 4 / 48")
    focused = page.locator(".cr-moves button:focus")
    expect(focused).to_have_attribute("data-move", "4")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    expect(headline).to_contain_text("Move 2 / 48")
    expect(page.locator(".cr-moves button[tabindex='0']")).to_have_attribute(
        "data-move", "2"
    )
    page.keyboard.press("Tab")  # out of the list at once, not to its next entry
    assert page.evaluate("!document.activeElement.closest('.cr-moves')")
    outline = page.evaluate(
        "getComputedStyle(document.querySelector('.cr-moves button')).outlineStyle"
    )
    assert outline is not None


def _tab_to(page: Any, selector: str, most: int = 30) -> Any:
    """Press Tab until ``selector`` has the focus; return its computed outline."""
    for _ in range(most):
        page.keyboard.press("Tab")
        style = page.evaluate(
            """(selector) => {
              const el = document.activeElement;
              if (!el || !el.matches(selector)) return null;
              const s = getComputedStyle(el);
              return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
            }""",
            selector,
        )
        if style is not None:
            return style
    raise AssertionError(f"Tab never reached {selector}")


def test_the_viewer_shows_focus_as_a_ring_and_has_no_grave_violation(
    page: Any, viewer_url: str
) -> None:
    from playwright.sync_api import expect

    page.goto(f"{viewer_url}/?game=dominican-4p-partnership-hands.json&deal=3&move=0")
    expect(page.locator(HEADLINE)).to_contain_text("Start")
    expect(page.locator(".cr-moves button[tabindex='0']")).to_have_count(1)
    ring = _tab_to(page, "[data-testid=stTopNavLink]")
    assert ring["style"] != "none" and ring["width"] >= 2, ring
    assert_clean(axe_violations(page))
    page.goto(f"{viewer_url}/record")
    expect(page.get_by_role("button", name="Start recording")).to_be_visible()
    assert_clean(axe_violations(page))
