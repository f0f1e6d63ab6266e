"""The "Record a game" page in-process (Streamlit's AppTest): its flows.

Set-up, table, moves typed and clicked, a refused move with its rule, undo,
the score sheet at the end of a deal and the next deal, known hands, a
seeded shuffle, and going on with an uploaded record.
"""

from __future__ import annotations

from typing import Any

import pytest

from casino_records.engine.cards import parse_card, parse_cards
from casino_records.present.scorer_view import snapshot
from casino_records.record import jsonio
from casino_records.record.simulate import simulate_record
from casino_records.record.textnotation import move_text, write_text
from casino_records.scorer import ScorerSession
from tests.paths import ROOT

AppTest = pytest.importorskip("streamlit.testing.v1").AppTest

PAGE = str(ROOT / "viewer" / "scorer_page.py")
pytestmark = pytest.mark.timeout(300)


def start(**choices: Any) -> Any:
    at = AppTest.from_file(PAGE, default_timeout=60).run()
    assert not at.exception
    for key, value in choices.items():
        widget = at.radio(key=key) if key in ("scorer_table", "scorer_source") else None
        if widget is None:
            widget = at.text_input(key=key)
        widget.set_value(value).run()
    at.button(key="scorer_start").click().run()
    assert not at.exception
    return at


def title(at: Any) -> str:
    return str(at.subheader[0].value)


def typed(at: Any, text: str) -> None:
    at.text_input(key="scorer_typed").input(text).run()
    assert not at.exception


def test_type_a_move_refuse_one_and_undo() -> None:
    at = start()
    assert title(at) == "Deal 1 · enter the table cards"
    at.text_input(key="scorer_table_text_0").input("4s 5d 6c 9c").run()
    assert title(at) == "Deal 1 · round 1 · move 1 · Ben to play"
    typed(at, "9D x 4S 6C")  # not worth 9
    assert title(at).endswith("move 1 · Ben to play")
    assert any("C2" in e.value for e in at.error)
    assert any("9♦ takes 4♠ 5♦" in c.value for c in at.caption)
    typed(at, "9D x 4S 5D")
    assert title(at) == "Deal 1 · round 1 · move 2 · Ana to play"
    assert not at.error
    at.button(key="scorer_undo").click().run()
    assert title(at) == "Deal 1 · round 1 · move 1 · Ben to play"


def test_pick_a_card_then_its_move() -> None:
    at = start()
    at.multiselect(key="scorer_table_0").set_value(parse_cards("4S 5D 6C 9C")).run()
    at.button(key="scorer_deal").click().run()
    at.pills(key="scorer_pick_0_0").set_value(parse_card("9D")).run()
    labels = [b.label for b in at.button if b.key and b.key.startswith("scorer_cand_")]
    assert labels[0] == "1 · 9♦ takes 4♠ 5♦" and labels[-1].endswith("9♦ trails")
    assert "announcing 9" in at.markdown[-1].value or any(
        "announcing 9" in m.value for m in at.markdown
    )
    at.button(key="scorer_cand_0_0_0").click().run()
    assert title(at) == "Deal 1 · round 1 · move 2 · Ana to play"
    at.toggle(key="scorer_show_moves").set_value(True).run()
    assert any("Ben plays 9♦ and takes" in m.value for m in at.markdown)


def test_a_violation_shows_once_the_hand_is_known() -> None:
    at = start()  # Ana deals: Ben (2D KH QH JH) plays first and builds 8 with no 8
    at.text_input(key="scorer_table_text_0").input("4S 5D 6C 9C").run()
    for move in ["2D +8 6C", "8C x 2D 6C", "KH -", "KS x KH", "QH -", "QS x QH"]:
        typed(at, move)
        assert not at.error, move
    typed(at, "JH -")  # Ben's fourth card: he never held an 8
    (error,) = at.error
    assert "B4" in error.value and "move 1" in error.value


def test_a_whole_deal_then_the_score_sheet_and_the_next_deal() -> None:
    record = simulate_record("classic", 2, seed="apptest-scorer", provenance="inferred")
    deal = record.deals[0]
    at = start()
    at.text_input(key="scorer_table_text_0").input(" ".join(deal.table or ())).run()
    for move in [m for r in deal.rounds for m in r.moves]:
        typed(at, move_text(move).split(" ", 1)[1])
    assert title(at) == "Deal 1 is over · score sheet"
    assert any(m.value.startswith("**Score sheet**") for m in at.markdown)
    at.button(key="scorer_next").click().run()
    assert title(at) == "Deal 2 · enter the table cards"


def test_known_hands_and_a_shuffle() -> None:
    at = start(scorer_source="hands")
    at.text_input(key="scorer_table_text_0").input("4S 5D 6C 9C").run()
    assert title(at) == "Deal 1 · enter the hands"
    hands = ["2D KH QH JH", "8C 3C KS QS"]
    for seat, hand in enumerate(hands):
        key = "scorer_hands_0_0_" + str(seat)
        at.multiselect(key=key).set_value(parse_cards(hand)).run()
    at.button(key="scorer_hands").click().run()
    assert title(at) == "Deal 1 · round 1 · move 1 · Ben to play"
    assert len(at.pills[0].options) == 4  # Ben's hand, nothing else
    typed(at, "2D +8 6C")  # not Ben's card
    assert any("R4.1" in e.value.replace("\\", "") for e in at.error)

    at = start(scorer_source="shuffle", scorer_seed="apptest")
    assert title(at).startswith("Deal 1 · round 1 · move 1 ·")
    assert len(at.pills[0].options) == 4


def test_go_on_with_an_uploaded_record() -> None:
    record = simulate_record("royal", 3, seed="apptest-upload", provenance="inferred")
    deal = record.deals[0]
    cut = deal.model_copy(
        update={
            "rounds": (
                deal.rounds[0],
                deal.rounds[1].model_copy(update={"moves": deal.rounds[1].moves[:5]}),
            ),
            "claimed": None,
        }
    )
    partial = record.model_copy(update={"deals": (cut,), "claimed": None})
    expected = snapshot(ScorerSession.from_record(partial)).title
    assert expected.startswith("Deal 1 · round 2 · move 18 · ")
    for data, name in (
        (jsonio.dumps(partial), "game.json"),
        (write_text(partial).encode(), "game.txt"),
    ):
        at = AppTest.from_file(PAGE, default_timeout=60).run()
        upload = (name, data, "application/octet-stream")
        at.file_uploader(key="scorer_upload").set_value(upload).run()
        at.button(key="scorer_resume").click().run()
        assert not at.exception
        assert title(at) == expected
