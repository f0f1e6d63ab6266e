"""Try another move (check.lines.TriedLine): start, legal moves, play, bot, result, keep."""

from __future__ import annotations

import json
from typing import Any

import pytest

from casino_records.check.lines import LineError, TriedLine
from casino_records.check.replay import replay
from casino_records.engine.movegen import generate_legal_moves
from casino_records.errors import IllegalMoveError
from casino_records.record.format.models import GameRecord
from casino_records.record.json import jsonio
from casino_records.record.text.notation import read_text, write_text
from casino_records.record.text.parse import parse_move
from tests.paths import SAMPLES


def _sample(name: str) -> GameRecord:
    return jsonio.load(SAMPLES / name)


def test_the_legal_moves_at_a_position_are_the_engines() -> None:
    record = _sample("classic-2p-annotated.json")
    line = TriedLine.start(record, 0, 11)  # before move 12: Marta to play
    played = replay(record, positions=True)
    state = played.positions[0][11].state
    assert line.legal() == generate_legal_moves(state)
    assert [str(m.card) for m in line.legal()] == ["9H", "10D", "10H"]


def test_a_move_played_in_a_line_is_checked_by_the_engine() -> None:
    line = TriedLine.start(_sample("classic-2p-annotated.json"), 0, 11)
    line = line.play(parse_move("S0 9H -", seat=0))
    assert line.words() == ["12. Marta: 9♥ trails"]
    with pytest.raises(IllegalMoveError) as raised:
        line.play(parse_move("S1 KS -", seat=1))  # Marta took it at move 10
    assert raised.value.rule == "R4.1"
    assert raised.value.loc == "/deals/0/rounds/1/moves/3/variations/0/1"
    assert raised.value.where.startswith("deal 1, move 12 (round 2), line 1, move 2")


def test_the_bot_finishes_the_deal_and_the_result_is_shown_beside_the_played() -> None:
    record = _sample("classic-2p-annotated.json")
    line = TriedLine.start(record, 0, 11).play(parse_move("S0 9H -", seat=0))
    assert line.result() is None
    done = line.finish()
    assert done.finished and not line.finished
    assert len(done.moves) == 48 - 11  # the rest of the deal, across its rounds
    result = done.result()
    assert result is not None
    assert result.played == (6, 5)  # the deal comment's 6 points to 5
    assert sum(result.line) >= 0
    assert result.text == (
        f"this line: Marta {result.line[0]}, Tomás {result.line[1]};"
        " played: Marta 6, Tomás 5"
    )
    assert done.finish() is done
    assert done.legal() == []
    with pytest.raises(LineError):
        done.play(done.moves[-1])


def test_a_kept_line_is_a_variation_that_validates_and_round_trips() -> None:
    record = _sample("classic-2p-annotated.json")
    done = TriedLine.start(record, 0, 11).play(parse_move("S0 9H -", seat=0)).finish()
    kept = done.kept()
    move = kept.deals[0].rounds[1].moves[3]
    assert move.variations is not None and len(move.variations) == 1
    assert len(move.variations[0]) == len(done.moves)
    assert replay(kept).report.status == "ok"
    assert replay(kept).report.findings == []
    assert jsonio.loads(jsonio.dumps(kept)) == kept
    assert read_text(write_text(kept)) == kept
    again = TriedLine(kept, 0, 11, done.moves).kept()
    assert again == kept  # a line already kept is not added twice


def test_where_hands_are_unknown_the_line_says_what_it_assumed() -> None:
    data: dict[str, Any] = json.loads(
        jsonio.dumps(_sample("classic-2p-annotated.json"))
    )
    deal = data["deals"][0]
    deal["rounds"] = deal["rounds"][:2]
    deal["rounds"][1]["moves"] = deal["rounds"][1]["moves"][:6]
    del deal["claimed"]
    data["deals"] = [deal]
    del data["claimed"]
    record = jsonio.loads(json.dumps(data))  # Tomás's round 2 known as far as played
    done = TriedLine.start(record, 0, 3).finish()
    assert done.finished
    assert done.assumed[0].startswith("round 2: Tomás's 1 unseen card taken to be ")
    assert any(a.startswith("round 3: Marta's 4 unseen cards") for a in done.assumed)
    result = done.result()
    assert result is not None and result.played is None
    assert "played: not played out" in result.text


def test_a_line_starts_only_at_a_recorded_move() -> None:
    record = _sample("classic-2p-annotated.json")
    with pytest.raises(LineError, match="no move 49"):
        TriedLine.start(record, 0, 48)
    with pytest.raises(LineError, match="no deal 9"):
        TriedLine.start(record, 8, 0)
    with pytest.raises(LineError, match="given by its piles"):
        TriedLine.start(_sample("classic-2p-piles.json"), 1, 0)
    with pytest.raises(LineError, match="no move to keep"):
        TriedLine.start(record, 0, 0).kept()


def test_the_deep_link_names_the_line_by_its_moves() -> None:
    record = _sample("classic-2p-annotated.json")
    line = TriedLine.start(record, 0, 11).play(parse_move("S0 9H -", seat=0))
    line = line.play(line.legal()[0])
    link = line.link()
    assert link["deal"] == "1" and link["from"] == "12"
    assert link["line"].startswith("S0 9H -;S1 ")
    back = TriedLine.start(record, 0, 11)
    for text in link["line"].split(";"):
        back = back.play(parse_move(text, seat=0))
    assert back.moves == line.moves
