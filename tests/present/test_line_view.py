"""What the Replay page shows of a tried line (present.line_view): words, board, link."""

from __future__ import annotations

import json
from typing import Any

import pytest

from casino_records.check.lines import TriedLine
from casino_records.i18n import translator
from casino_records.present import line_view as lv
from casino_records.present.viewmodel import build_game
from casino_records.record.format.models import GameRecord
from casino_records.record.json import jsonio
from casino_records.record.text.parse import parse_move
from tests.paths import SAMPLES

GAME = "classic-2p-annotated.json"


@pytest.fixture(scope="module")
def record() -> GameRecord:
    return jsonio.load(SAMPLES / GAME)


@pytest.fixture(scope="module")
def game(record: GameRecord) -> Any:
    return build_game(record, source=GAME)


def test_the_moves_are_offered_card_by_card_in_hand_order(
    record: GameRecord, game: Any
) -> None:
    line = lv.start_line(game, record, 0, 11)
    assert isinstance(line, TriedLine)
    by_card = lv.moves_by_card(line)
    assert [m for _, moves in by_card for m, _ in moves] == sorted(
        line.legal(), key=lambda m: line.shown.hands[0].index(m.card)
    )
    assert [card.pretty for card, _ in by_card] == ["9♥", "10♦", "10♥"]
    assert by_card[0][1][0][1] == "9♥ trails"


def test_no_line_starts_at_the_end_of_a_deal_or_in_a_deal_of_piles(
    record: GameRecord, game: Any
) -> None:
    ends = lv.start_line(game, record, 0, 48)
    assert isinstance(ends, str) and ends.startswith("No recorded move follows")
    piles = jsonio.load(SAMPLES / "classic-2p-piles.json")
    said = lv.start_line(build_game(piles), piles, 1, 0)
    assert said == "This deal is given by its piles: it has no moves to try."


def test_the_result_is_said_beside_the_played_one_in_the_players_language(
    record: GameRecord,
) -> None:
    done = TriedLine.start(record, 0, 11).play(parse_move("S0 9H -", seat=0)).finish()
    result = done.result()
    assert result is not None
    assert lv.result_words(result) == result.text  # the library's English
    spanish = lv.result_words(result, t=translator("es"))
    assert (
        spanish.startswith("esta línea: Marta ")
        and "jugada: Marta 6, Tomás 5" in spanish
    )
    pseudo = lv.result_words(result, t=translator("qps"))
    assert pseudo.startswith("⟦") and pseudo.endswith("⟧")


def test_what_was_assumed_is_said_a_sentence_per_seat_and_round(
    record: GameRecord,
) -> None:
    data: dict[str, Any] = json.loads(jsonio.dumps(record))
    deal = data["deals"][0]
    deal["rounds"] = deal["rounds"][:2]
    deal["rounds"][1]["moves"] = deal["rounds"][1]["moves"][:6]
    del deal["claimed"], data["claimed"]
    data["deals"] = [deal]
    cut = jsonio.loads(json.dumps(data))
    line = TriedLine.start(cut, 0, 3)
    said = lv.assumption_words(line)
    assert len(said) == len(line.assumptions) == len(line.assumed)
    assert said[0].startswith("Round 2: Tomás's 1 unseen card is taken to be ")
    assert any(s.startswith("Round 3: Marta's 4 unseen cards are taken") for s in said)
    assert lv.assumption_words(TriedLine.start(record, 0, 3)) == []


def test_the_deep_link_opens_the_same_step_of_the_same_line(record: GameRecord) -> None:
    line = TriedLine.start(record, 0, 11).play(parse_move("S0 9H -", seat=0)).finish()
    params = lv.line_link_params(line, 4)
    assert params["from"] == "12" and params["step"] == "4"
    assert "step" not in lv.line_link_params(line, len(line.moves))
    link = lv.parse_line_link(params)
    assert link is not None
    opened = lv.open_line_link(record, link)
    assert not isinstance(opened, str)
    assert opened[0].moves == line.moves and opened[1] == 4
    for bad in ({"deal": "1", "from": "x", "line": "S0 9H -"}, {"deal": "1"}):
        assert lv.parse_line_link(bad) is None
    broken = lv.parse_line_link({"deal": "1", "from": "12", "line": "S0 9H -;S0 10D -"})
    assert broken is not None
    said = lv.open_line_link(record, broken)
    assert isinstance(said, str) and said.startswith("The link's line cannot be played")
    assert "line 1, move 2" in said and "(R2.4)" in said


def test_the_board_follows_the_line_and_ends_with_the_table_cleared(
    record: GameRecord, game: Any
) -> None:
    line = TriedLine.start(record, 0, 11).play(parse_move("S0 9H -", seat=0)).finish()
    first = lv.line_board(game, line, 1)
    assert 'data-card="9H"' in first and "cr-turn" in first
    assert lv.last_words(game, line, 1) == "Marta trails 9♥."
    assert lv.played_words(game, line, 1) == "In the game, move 12: Marta trails 10♥."
    assert lv.last_words(game, line, 0) is None
    assert lv.step_words(game, line, 1) == (
        f"Line move 1 / {len(line.moves)} (move 12 of the deal) · Tomás to play"
    )
    end = lv.line_board(game, line, len(line.moves))
    assert "cr-turn" not in end and "(no cards)" in end
    assert lv.step_words(game, line, len(line.moves)).endswith("the deal is over")


def test_a_kept_line_downloads_as_a_record_that_validates(record: GameRecord) -> None:
    line = TriedLine.start(record, 0, 11).play(parse_move("S0 9H -", seat=0)).finish()
    again = jsonio.loads(lv.record_bytes(line.kept()))
    variations = again.deals[0].rounds[1].moves[3].variations
    assert variations is not None and len(variations[-1]) == len(line.moves)
