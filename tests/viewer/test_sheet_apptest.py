"""The "Check a score sheet" page in-process (Streamlit's AppTest): tap, type, check.

The piles are tapped on the card grid (one ``st.pills`` per pile shown), the
sweeps, the last capturer and the sheet typed, and one verdict shown with the
record to download; the logic is casino_records.present.sheet_check's.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from casino_records.engine.cards import CARD_NAMES
from tests.paths import ROOT

AppTest = pytest.importorskip("streamlit.testing.v1").AppTest

PAGE = str(ROOT / "viewer" / "sheet_page.py")
pytestmark = pytest.mark.timeout(300)
ANA = list(CARD_NAMES[:27])  # every spade, the hearts, A♦
BEN = list(CARD_NAMES[27:50])  # 2♦ … J♣, with 10♦ and A♣
LEFT = list(CARD_NAMES[50:])  # Q♣ K♣


def start() -> Any:
    at = AppTest.from_file(PAGE, default_timeout=60).run()
    assert not at.exception
    return at


def tap(at: Any, target: int | str, cards: list[str]) -> None:
    at.radio(key="sheet_target").set_value(target).run()
    grid = at.pills(key=f"sheet_grid_{target}")
    grid.set_value([*grid.value, *cards]).run()
    assert not at.exception


def test_tapped_cards_leave_the_grid_and_the_piles_are_kept() -> None:
    at = start()
    assert len(at.pills(key="sheet_grid_0").options) == 52
    tap(at, 0, ANA)
    tap(at, 1, BEN)
    assert len(at.pills(key="sheet_grid_1").options) == 52 - len(ANA)
    assert any("Not in any pile yet (2): Q♣ K♣" in c.value for c in at.caption)
    at.radio(key="sheet_target").set_value(0).run()
    assert at.pills(key="sheet_grid_0").value == ANA  # kept while Ben's was tapped


def test_a_disputed_sheet_gets_one_verdict_the_mistake_and_a_record() -> None:
    at = start()
    tap(at, 0, ANA)
    tap(at, 1, BEN)
    tap(at, "left", LEFT)
    at.selectbox(key="sheet_last").set_value(1).run()
    # Ana's side of the sheet lists her items (one left off would read as 0);
    # Ben's gives his total alone.
    for item, points in (("most_cards", 3), ("most_spades", 1), ("little_casino", 1)):
        at.number_input(key=f"sheet_claim_0_{item}").set_value(points).run()
    at.number_input(key="sheet_claim_0_aces").set_value(2).run()
    at.number_input(key="sheet_claim_0_total").set_value(7).run()
    at.number_input(key="sheet_claim_1_total").set_value(4).run()
    at.button(key="sheet_check").click().run()
    assert not at.exception
    (verdict,) = at.warning
    plain = verdict.value.replace("\\", "")  # as Markdown renders it
    assert plain == "Disputed: 3 figures differ from the rules' count."
    lines = [m.value.replace("\\", "") for m in at.markdown]
    assert any("the ace A♠ had been counted for Ben" in line for line in lines)
    assert any("| Deal points | 8 | 3 |" in line for line in lines)
    (download,) = at.get("download_button")
    assert download.proto.label == "Download the record"
    assert download.proto.url.endswith(".json")


def test_cards_missing_from_the_piles_are_named() -> None:
    at = start()
    tap(at, 0, ANA)
    at.button(key="sheet_check").click().run()
    (verdict,) = at.error
    assert verdict.value.replace("\\", "").startswith("The piles cannot be right")
    assert any("25 cards are in no pile" in m.value for m in at.markdown)


def test_an_agreeing_sheet_is_ok_and_the_record_reads_back() -> None:
    from casino_records.present.sheet_check import Sheet, check_sheet
    from casino_records.record.json import jsonio

    sheet = Sheet(("Ana", "Ben"), (tuple(ANA), tuple(BEN)), tuple(LEFT), (0, 0), 1,
                  claims=({"total": 8}, {"total": 3}))  # fmt: skip
    verdict = check_sheet(sheet)
    assert (verdict.status, verdict.headline) == (
        "ok",
        "OK: the sheet agrees with the rules' count: Ana 8, Ben 3.",
    )
    assert verdict.record is not None
    record = jsonio.loads(verdict.record)
    assert json.loads(verdict.record)["deals"][0]["piles"]["left"] == LEFT
    assert record.deals[0].claimed is not None
