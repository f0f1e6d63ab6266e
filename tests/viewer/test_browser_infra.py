"""Prove the browser-test set-up on a throwaway Streamlit app (not the viewer).

The app shows the pure SVG renderers through ``st.markdown(svg,
unsafe_allow_html=True)`` (``st.html`` strips ``<svg>``), with hostile and
Markdown-looking player names in the build labels.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pytest

from tests.viewer.browser_support import PHONE, StartServer, own_page, wait_up_to

pytestmark = pytest.mark.timeout(120)

HOSTILE = "<img src=x onerror=alert(1)>"
MARKDOWNISH = "*Bo* $x$ :smile:"

APP = f"""
import streamlit as st

from casino_records.engine.cards import parse_card, parse_cards
from casino_records.engine.moves import Build
from casino_records.present.svg import card_svg, hand_svg, table_svg

st.title("svg smoke test")
st.markdown(card_svg(parse_card("KH"), highlight=True), unsafe_allow_html=True)
builds = [
    Build(1, 8, (tuple(parse_cards("3S 5H")),), owner=0),
    Build(2, 9, (tuple(parse_cards("9C")), tuple(parse_cards("4D 5D"))), owner=1),
]
st.markdown(
    table_svg(parse_cards("4C 10D"), builds, names=[{HOSTILE!r}, {MARKDOWNISH!r}]),
    unsafe_allow_html=True,
)
st.markdown(hand_svg(parse_cards("AS 2D"), face_down=True), unsafe_allow_html=True)
st.write("done")
"""


@pytest.fixture(scope="module")
def smoke_app(tmp_path_factory: pytest.TempPathFactory) -> Path:
    script = tmp_path_factory.mktemp("smoke_app") / "smoke_app.py"
    script.write_text(textwrap.dedent(APP), encoding="utf-8")
    return script


def test_apptest_sees_the_markdown(smoke_app: Path) -> None:
    AppTest = pytest.importorskip("streamlit.testing.v1").AppTest

    at = AppTest.from_file(str(smoke_app), default_timeout=30).run()
    assert not at.exception
    values = [m.value for m in at.markdown]
    assert any('data-card="KH"' in v for v in values)
    assert any('data-build="B2"' in v for v in values)


@pytest.mark.browser
def test_svg_renders_in_chromium(
    page: object, streamlit_server: StartServer, smoke_app: Path, artifacts_dir: Path
) -> None:
    from playwright.sync_api import Dialog, Page, expect

    assert isinstance(page, Page)
    dialogs: list[str] = []

    def on_dialog(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    wait_up_to(page, 20_000)
    page.goto(streamlit_server(smoke_app))
    expect(page.get_by_text("done")).to_be_visible()

    king = page.locator('svg.card[data-card="KH"]')
    expect(king).to_have_count(1)
    expect(king).to_be_visible()
    expect(king).to_have_class("card red highlight")
    box = king.bounding_box()
    assert box is not None and round(box["width"]) == 60 and round(box["height"]) == 84

    table = page.locator("svg.table")
    expect(table).to_be_visible()
    for label in ("B1", "B2"):
        expect(table.locator(f'g.build[data-build="{label}"]')).to_be_visible()
    expect(table.locator('svg.card[data-card="5D"]')).to_be_visible()

    # Hostile names stay text: no element, no script ran, no Markdown applied.
    labels = table.locator("text.build-label")
    expect(labels.nth(0)).to_have_text("B1 · 8 · single · <img src=x onerror=…")
    expect(labels.nth(1)).to_have_text(f"B2 · 9 · multiple · {MARKDOWNISH}")
    expect(table.locator('g[data-build="B1"] > title')).to_have_text(
        f"B1 · 8 · single · {HOSTILE}"
    )
    expect(page.locator("[data-testid=stMain] img")).to_have_count(0)
    expect(page.locator("svg.table em, svg.table .katex")).to_have_count(0)

    # Face-down cards are there, but say nothing about what they are.
    backs = page.locator("svg.hand svg.card.back")
    expect(backs).to_have_count(2)
    expect(page.locator('svg.hand svg.card[data-card="??"]')).to_have_count(2)

    page.screenshot(path=str(artifacts_dir / "browser-infra.png"), full_page=True)
    assert not dialogs


def test_an_own_page_is_closed_however_the_test_ends(browser: Any) -> None:
    with pytest.raises(RuntimeError), own_page(browser, PHONE, touch=True) as page:
        context = page.context
        assert page.viewport_size == PHONE
        assert page.evaluate("() => navigator.maxTouchPoints") > 0
        raise RuntimeError("the test failed here")
    assert context not in browser.contexts
    assert page.is_closed()
