"""Try another move on the Replay page, in-process (Streamlit's AppTest).

A line is started from the legal moves at a position, played on card then
move, finished by the bot, kept and left; a deep link opens a step inside a
line. What the page shows is checked against the library's own line
(casino_records.check.lines.TriedLine), played here independently.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from casino_records.check.lines import TriedLine
from casino_records.check.replay import replay
from casino_records.present import line_view as lv
from casino_records.present.viewmodel import VIEW_PATH_ENV
from casino_records.record.json import jsonio
from casino_records.record.text.parse import parse_move
from tests.paths import ROOT, SAMPLES

AppTest = pytest.importorskip("streamlit.testing.v1").AppTest

APP = str(ROOT / "viewer" / "streamlit_app.py")
GAME = "classic-2p-annotated.json"
pytestmark = pytest.mark.timeout(300)


@pytest.fixture(autouse=True)
def _samples(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(VIEW_PATH_ENV, raising=False)


def app(**params: str) -> Any:
    at = AppTest.from_file(APP, default_timeout=60)
    for key, value in params.items():
        at.query_params[key] = value
    return ok(at.run())


def ok(at: Any) -> Any:
    assert not at.exception, [e.value for e in at.exception]
    return at


def board(at: Any) -> str:
    """The line's board (the page's only component while a line is open)."""
    (element,) = at.get("bidi_component")
    data = json.loads(element.proto.json)
    assert "html" in data, "the stepper is shown, not a line"
    html: str = data["html"]
    return html


def texts(elements: Any) -> list[str]:
    return [str(e.value) for e in elements]


def plain(text: str) -> str:
    return text.replace("\\", "")


def started(at: Any, words: str) -> Any:
    """Start a line with the legal move said ``words`` at the step shown."""
    (choose,) = [s for s in at.selectbox if str(s.key).startswith("try_start_")]
    choose.select_index(list(choose.options).index(words)).run()
    return ok(at.button(key="try_start").click().run())


def test_a_line_is_tried_played_on_finished_kept_and_left() -> None:
    record = jsonio.load(SAMPLES / GAME)
    at = app(game=GAME, deal="1", move="11")  # before move 12: Marta to play
    mine = TriedLine.start(record, 0, 11)
    offered = [words for _, moves in lv.moves_by_card(mine) for _, words in moves]
    (choose,) = [s for s in at.selectbox if str(s.key).startswith("try_start_")]
    assert list(choose.options) == offered
    assert at.button(key="try_start").disabled  # nothing chosen yet

    at = started(at, "9♥ trails")
    mine = mine.play(parse_move("S0 9H -", seat=0))
    assert 'data-card="9H"' in board(at)
    assert at.query_params["from"] == "12" and at.query_params["line"] == "S0 9H -"
    assert at.query_params["game"] == GAME
    assert any("Tomás to play" in c for c in texts(at.caption))

    # Tomás's move: his card, then one of its moves.
    (card, moves) = lv.moves_by_card(mine)[0]
    at.button_group(key="try_card").set_value(card.pretty).run()
    buttons = [b for b in at.button if str(b.key).startswith("try_move_")]
    assert [b.label for b in buttons] == [words for _, words in moves]
    ok(buttons[0].click().run())
    mine = mine.play(moves[0][0])
    assert at.query_params["line"] == lv.line_link_params(mine, 2)["line"]

    ok(at.button(key="try_finish").click().run())
    done = mine.finish()
    result = done.result()
    assert result is not None
    assert plain(at.success[0].value) == lv.result_words(result)
    assert "played: Marta 6, Tomás 5" in plain(at.success[0].value)
    assert any(f"Line move {len(done.moves)} / " in c for c in texts(at.caption))
    assert "try_finish" not in [b.key for b in at.button]  # the deal is over

    ok(at.button(key="try_keep").click().run())
    assert any(
        "Kept: the record now carries this line" in plain(i) for i in texts(at.info)
    ), texts(at.info)
    (download,) = [d for d in at.get("download_button") if "try_download" in d.id]
    kept = next(iter(at.session_state["try_kept"].values()))
    again = jsonio.loads(lv.record_bytes(kept))
    assert replay(again).report.status == "ok"
    move = again.deals[0].rounds[1].moves[3]  # move 12
    assert move.variations is not None
    assert [m.card for m in move.variations[-1]] == [str(m.card) for m in done.moves]
    assert download is not None

    ok(at.button(key="try_leave").click().run())
    assert "line" not in at.query_params and at.query_params["move"] == "11"
    (element,) = at.get("bidi_component")
    assert "positions" in json.loads(element.proto.json)  # the stepper again


def test_going_back_in_a_line_and_playing_there_replaces_what_followed() -> None:
    at = started(app(game=GAME, deal="1", move="11"), "9♥ trails")
    ok(at.button(key="try_finish").click().run())
    ok(at.button(key="try_back").click().run())
    ok(at.button(key="try_back").click().run())
    assert at.query_params["step"] != ""
    step = int(at.query_params["step"])
    assert any("replaces the line's moves after it" in c for c in texts(at.caption))
    group = at.button_group(key="try_card")
    ok(group.set_value(group.options[0]).run())
    ok([b for b in at.button if str(b.key).startswith("try_move_")][0].click().run())
    assert "step" not in at.query_params
    assert len(at.query_params["line"].split(";")) == step + 1


def test_a_deep_link_opens_a_step_inside_a_line() -> None:
    record = jsonio.load(SAMPLES / GAME)
    line = TriedLine.start(record, 0, 11).play(parse_move("S0 9H -", seat=0))
    line = line.finish()
    params = lv.line_link_params(line, 3)
    at = app(game=GAME, **params)
    assert at.query_params["step"] == "3" and at.query_params["from"] == "12"
    assert any("Line move 3 / " in c for c in texts(at.caption))
    assert board(at) == lv.line_board(at_game(record), line, 3)


def at_game(record: Any) -> Any:
    from casino_records.present.viewmodel import build_game

    return build_game(record, source=GAME)


def test_a_link_to_an_illegal_line_says_why_and_opens_the_game() -> None:
    at = app(game=GAME, deal="1", move="11", **{"from": "12", "line": "S1 KS -"})
    (warning,) = at.warning
    assert "The link's line cannot be played" in plain(warning.value)
    assert "R2.4" in plain(warning.value)
    (element,) = at.get("bidi_component")
    assert "positions" in json.loads(element.proto.json)


def test_no_line_starts_where_no_recorded_move_follows_or_a_hand_is_hidden() -> None:
    at = app(game=GAME, deal="1", move="score")
    assert any("No recorded move follows here" in c for c in texts(at.caption))
    at = app(game=GAME, deal="1", move="11", view="seat1")  # Marta's move, hidden
    assert any("This view hides the hand to play" in c for c in texts(at.caption))
    assert not [s for s in at.selectbox if str(s.key).startswith("try_start_")]


def test_where_hands_are_unknown_the_line_says_what_it_assumed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data: dict[str, Any] = json.loads(jsonio.dumps(jsonio.load(SAMPLES / GAME)))
    deal = data["deals"][0]
    deal["rounds"] = deal["rounds"][:2]  # stops in round 2, Tomás's hand ??
    deal["rounds"][1]["moves"] = deal["rounds"][1]["moves"][:6]
    del deal["claimed"], data["claimed"]
    data["deals"] = [deal]
    (tmp_path / "cut.json").write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setenv(VIEW_PATH_ENV, str(tmp_path))
    at = app(game="cut.json", deal="1", move="3")
    record = jsonio.load(tmp_path / "cut.json")
    first = lv.moves_by_card(TriedLine.start(record, 0, 3))[0][1][0][1]
    at = started(at, first)
    ok(at.button(key="try_finish").click().run())
    assumed = [plain(c) for c in texts(at.caption) if "unseen card" in c]
    assert assumed[0].startswith("Round 2: Tomás's 1 unseen card is taken to be ")
    assert any(a.startswith("Round 3: Marta's 4 unseen cards are") for a in assumed)
    assert "played: not played out" in plain(at.success[0].value)


def test_a_line_the_record_keeps_is_opened_from_where_it_branches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = jsonio.load(SAMPLES / GAME)
    line = TriedLine.start(record, 0, 11).play(parse_move("S0 9H -", seat=0)).finish()
    kept = line.kept()
    (tmp_path / "lines.json").write_bytes(lv.record_bytes(kept))
    monkeypatch.setenv(VIEW_PATH_ENV, str(tmp_path))

    at = app(game="lines.json", deal="1", move="10")  # no line kept on move 11
    assert not [b for b in at.button if str(b.key).startswith("try_kept_")]
    at = app(game="lines.json", deal="1", move="11")
    (button,) = [b for b in at.button if str(b.key).startswith("try_kept_")]
    assert plain(button.label) == "Line 1: 12. Marta: 9♥ trails"
    ok(button.click().run())
    assert any(f"Line move 1 / {len(line.moves)}" in c for c in texts(at.caption))
    assert at.query_params["from"] == "12" and at.query_params["step"] == "1"
    assert board(at) == lv.line_board(at_game(kept), line, 1)

    hidden = app(game="lines.json", deal="1", move="11", view="seat1")
    assert not [b for b in hidden.button if str(b.key).startswith("try_kept_")]


def test_a_line_kept_in_the_session_is_offered_where_it_branches() -> None:
    at = started(app(game=GAME, deal="1", move="11"), "9♥ trails")
    ok(at.button(key="try_finish").click().run())
    ok(at.button(key="try_keep").click().run())
    ok(at.button(key="try_leave").click().run())
    (button,) = [b for b in at.button if str(b.key).startswith("try_kept_")]
    assert plain(button.label) == "Line 1: 12. Marta: 9♥ trails"
