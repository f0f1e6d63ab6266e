"""The "Record a game" page in-process (Streamlit's AppTest): its flows.

Set-up, table, the move entry's data, a violation found once a hand is known,
undo, the score sheet at the end of a deal and the next deal, known hands, a
seeded shuffle, the claimed match result and the comments, and going on with an
uploaded record.

The move entry is a Custom Component v2 whose JavaScript AppTest cannot run:
these tests read what Python sends it and enter moves through the session the
page keeps (what the component's answer does, see
casino_records.present.scorer_entry.answer_entry). Clicking and typing in the
component itself is tested in Chromium (test_scorer_browser.py).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from casino_records.engine.cards import parse_cards
from casino_records.present.scorer_view import snapshot
from casino_records.present.viewmodel import md_escape
from casino_records.record.format.models import ClaimedMatch
from casino_records.record.json import jsonio
from casino_records.record.simulate import simulate_record
from casino_records.record.text.notation import move_notation, write_text
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


def entry(at: Any) -> dict[str, Any]:
    """The data the page sends the move entry component (one on the page)."""
    elements = at.get("bidi_component")
    assert len(elements) == 1, elements
    data: dict[str, Any] = json.loads(elements[0].proto.json)
    return data


def session(at: Any) -> ScorerSession:
    found: ScorerSession = at.session_state["scorer_session"]
    return found


def enter(at: Any, text: str) -> None:
    """Enter a move as the component's answer does: through the page's session."""
    session(at).play(text)
    at.run()
    assert not at.exception


def test_the_set_up_offers_only_the_tables_the_rules_allow() -> None:
    """Issue 37.9: no "4 players" under Dominican; an error says what to choose."""
    at = AppTest.from_file(PAGE, default_timeout=60).run()
    assert "4 players" in at.radio(key="scorer_table").options
    at.selectbox(key="scorer_preset").set_value("dominican").run()
    assert at.radio(key="scorer_table").options == ["2 players", "3 players", "2 v 2"]
    at.selectbox(key="scorer_preset").set_value("classic").run()
    at.session_state["scorer_opt_classic_partnership_4p"] = "required"
    at.run()  # the option, set to 2 v 2 only, takes "4 players" away too
    assert "4 players" not in at.radio(key="scorer_table").options
    at.selectbox(key="scorer_preset").set_value("dominican").run()
    at.radio(key="scorer_table").set_value("2v2").run()
    at.button(key="scorer_start").click().run()
    assert not at.exception and not at.error
    assert title(at) == "Deal 1 · enter the table cards"


def test_the_entry_gets_every_card_and_its_moves() -> None:
    at = start()
    assert title(at) == "Deal 1 · enter the table cards"
    at.text_input(key="scorer_table_text_0").input("4s 5d 6c 9c").run()
    assert title(at) == "Deal 1 · round 1 · move 1 · Ben to play"
    data = entry(at)
    assert data["prompt"] == "Pick the card Ben played"
    picker = data["picker"]
    assert picker.count("data-pick=") == 52 and picker.count(" disabled>") == 4
    assert len(data["moves"]) == 48  # every unseen card may be Ben's
    assert "9♦ takes 4♠ 5♦" in data["moves"]["9D"]
    assert data["moves"]["9D"].count("data-move=") == 7
    key = data["key"]
    enter(at, "9D x 4S 5D")
    assert title(at) == "Deal 1 · round 1 · move 2 · Ana to play"
    assert entry(at)["key"] != key and "9D" not in entry(at)["moves"]
    at.button(key="scorer_undo").click().run()
    assert title(at) == "Deal 1 · round 1 · move 1 · Ben to play"
    assert entry(at)["key"] != key  # the same move again, a new position key
    at.session_state["scorer_error"] = ("C2 <not worth> 9", ["9♦ takes 4♠ 5♦"])
    at.run()
    error = entry(at)["error"]
    assert "C2 &lt;not worth&gt; 9. Legal with that card: 9♦" in error


def test_a_violation_shows_once_the_hand_is_known() -> None:
    at = start()  # Ana deals: Ben (2D KH QH JH) plays first and builds 8 with no 8
    at.text_input(key="scorer_table_text_0").input("4S 5D 6C 9C").run()
    for move in ["2D +8 6C", "8C x 2D 6C", "KH -", "KS x KH", "QH -", "QS x QH"]:
        enter(at, move)
        assert not at.error, move
    enter(at, "JH -")  # Ben's fourth card: he never held an 8
    (error,) = at.error
    assert "B4" in error.value and "move 1" in error.value


def test_a_whole_deal_then_the_score_sheet_and_the_next_deal() -> None:
    record = simulate_record("classic", 2, seed="apptest-scorer", provenance="inferred")
    deal = record.deals[0]
    at = start()
    at.text_input(key="scorer_table_text_0").input(" ".join(deal.table or ())).run()
    moves = [m for r in deal.rounds for m in r.moves]
    for move in moves[:-1]:
        enter(at, move_notation(move).split(" ", 1)[1])
    session(at).claim(0, 0, "total", 99)  # written before the sheet shows
    enter(at, move_notation(moves[-1]).split(" ", 1)[1])
    assert title(at) == "Deal 1 is over · score sheet"
    assert not at.get("bidi_component")
    assert any(m.value.startswith("**Score sheet**") for m in at.markdown)
    # one narrow table per side, which a phone stacks; blind: no rules' figures
    assert [d.key for d in at.dataframe] == ["scorer_sheet_0_0", "scorer_sheet_0_1"]
    assert list(at.dataframe[0].value.columns) == ["category", "claimed"]
    assert not at.warning and not at.error  # the difference waits for Check
    assert [m.value for m in at.markdown if m.value in ("**Ana**", "**Ben**")] == [
        "**Ana**",
        "**Ben**",
    ]
    at.button(key="FormSubmitter:scorer_sheet_form_0-Check").click().run()
    assert not at.exception
    assert session(at).deals[0].claimed is not None  # Check kept the sheet
    assert len(at.dataframe) == 4  # the rules' figures, once checked
    assert list(at.dataframe[2].value.columns) == ["category", "sheet", "rules", ""]
    computed = at.dataframe[2].value["rules"][6]  # deal points
    (warning,) = at.warning
    assert warning.value.startswith("Ana")  # said once: not in the heading too
    assert warning.value.endswith(f"the sheet says 99, the rules give {computed}")
    assert not at.error
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
    data = entry(at)
    assert sorted(data["moves"]) == sorted(hands[1].split())  # Ben's hand only
    assert 'class="cr-hand"' in data["picker"] and "disabled" not in data["picker"]

    at = start(scorer_source="shuffle", scorer_seed="apptest")
    assert title(at).startswith("Deal 1 · round 1 · move 1 ·")
    assert len(entry(at)["moves"]) == 4


def test_the_claimed_match_result_and_the_comments() -> None:
    at = start()
    at.text_input(key="scorer_table_text_0").input("4S 5D 6C 9C").run()
    enter(at, "9D x 4S 5D")
    at.toggle(key="scorer_show_claims").set_value(True).run()
    at.number_input(key="scorer_claim_total_0").set_value(12)
    at.button(key="FormSubmitter:scorer_match_form-Save").click().run()
    assert any("every side" in e.value for e in at.error)
    assert session(at).match_claim is None
    at.number_input(key="scorer_claim_total_1").set_value(22)
    at.selectbox(key="scorer_claim_winner").set_value(1)
    at.text_input(key="scorer_claim_comment").input("Ben counted the sweeps twice")
    at.text_area(key="scorer_game_comment").input("Club night, table 3")
    at.button(key="FormSubmitter:scorer_match_form-Save").click().run()
    assert not at.exception and not at.error
    assert session(at).match_claim == ClaimedMatch(
        totals=(12, 22), winner=1, comment="Ben counted the sweeps twice"
    )
    assert "(claimed 12 – 22)" not in " ".join(
        m.value for m in at.markdown
    )  # no deal over
    at.toggle(key="scorer_show_moves").set_value(True).run()
    at.text_input(key="scorer_deal_comment_0").input("Ben dealt fast").run()
    at.button(key="scorer_deal_comment_save").click().run()
    record = session(at).record()
    assert record is not None
    assert record.comment == "Club night, table 3"
    assert record.deals[0].comment == "Ben dealt fast"
    assert record.claimed is not None and record.claimed.winner == 1


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


def test_the_set_up_says_how_the_seats_sit_and_who_plays_first() -> None:
    """Issue 37.2: a club can match its chairs to the seats."""
    at = AppTest.from_file(PAGE, default_timeout=60).run()
    said = " ".join(str(m.value) for m in at.markdown).replace("\\", "")
    assert "The seats run clockwise round the table: Ben sits opposite Ana." in said
    at.selectbox(key="scorer_preset").set_value("dominican").run()
    at.radio(key="scorer_table").set_value("2v2").run()
    said = " ".join(str(m.value) for m in at.markdown).replace("\\", "")
    assert "Play goes counter-clockwise ↺, the dealer’s right first (R2.3)" in said
    assert "when Ana deals, Dee plays first, then Caio, Ben and Ana." in said


def test_a_build_taken_is_said_and_confirmed_as_the_player_sees_it() -> None:
    """Issue 37.7 on the page: the move buttons and the line confirming the move
    say "the build of 10"; the prompt says how to type a build's label; the
    hands panel marks the seat to play (▶), the dealer and the partners."""
    at = start(scorer_source="hands")
    at.text_input(key="scorer_table_text_0").input("4S 5D 7C 9C").run()
    for seat, hand in enumerate(["10S 8C KS QS", "3D 10H QH JH"]):
        at.multiselect(key=f"scorer_hands_0_0_{seat}").set_value(parse_cards(hand))
    at.button(key="scorer_hands").click().run()
    enter(at, "3D +10 7C")  # Ana deals: Ben plays first, and holds a 10
    data = entry(at)
    assert "(or type it; a build by its label, as B1 in “10S x B1”)" in data["prompt"]
    assert ">10♠ takes the build of 10 (3♦ 7♣)<" in data["moves"]["10S"]
    enter(at, "10S x B1")
    captions = [c.value for c in at.caption]
    confirmed = "Entered · Ana: 10♠ takes the build of 10 (3♦ 7♣)"
    assert md_escape(confirmed) in captions  # as Markdown shows it: the text
    seats = [m.value for m in at.markdown if 'class="scorer-seat' in m.value]
    assert len(seats) == 2
    turn = [s for s in seats if "scorer-turn" in s]
    assert len(turn) == 1 and "<p>▶ Ben · to play" in turn[0]
    assert "<p>Ana · deals" in seats[0]
