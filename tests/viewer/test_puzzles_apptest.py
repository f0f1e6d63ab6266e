"""The Puzzles page in-process (Streamlit's AppTest): the board, a move chosen, the score.

The puzzles are the library's (tests/analysis/test_puzzles.py); here the page
makes them from a sample game or reads an uploaded puzzles file, draws the
position from the mover's seat, and judges a move.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from casino_records.analysis.puzzle import puzzle_line
from casino_records.analysis.puzzles import find_puzzles
from casino_records.present.viewmodel import VIEW_PATH_ENV
from casino_records.present.viewmodel import puzzles as pv
from casino_records.record.json import jsonio
from tests.paths import ROOT, SAMPLES

AppTest = pytest.importorskip("streamlit.testing.v1").AppTest

PAGE = str(ROOT / "viewer" / "puzzles_page.py")
GAME = SAMPLES / "classic-2p-tie-play-on.json"
pytestmark = pytest.mark.timeout(300)


@pytest.fixture(autouse=True)
def _samples(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(VIEW_PATH_ENV, raising=False)


def start() -> Any:
    at = AppTest.from_file(PAGE, default_timeout=60).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def board(at: Any) -> str:
    (element,) = at.get("bidi_component")
    html: str = json.loads(element.proto.json)["html"]
    return html


def moves(at: Any) -> list[Any]:
    return [b for b in at.button if str(b.key).startswith("puzzle_move_")]


def plain(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def test_the_sample_game_opens_on_its_first_puzzle_from_the_movers_seat() -> None:
    at = start()
    expected = find_puzzles(jsonio.load(GAME), source=GAME.name)
    assert len(at.selectbox(key=f"puzzles_index_{GAME.name}").options) == len(expected)
    puzzle = expected[0]
    html = board(at)
    assert 'class="cr-board cr-p2"' in html
    # The mover's hand is face up, the other's face down: its cards are not in it.
    assert f'aria-label="{puzzle.player}: {len(puzzle.hand)} cards"' in html
    other = puzzle.players[1 - puzzle.seat]
    assert (
        f'aria-label="{other}: {puzzle.held[1 - puzzle.seat]} cards (face down)"'
        in html
    )
    drawn = html.split('class="cr-sprite-host"')[1].split("</div>", 1)[1]
    assert all(f"#cr-card-{card}" in drawn for card in puzzle.hand)
    assert not any(f"#cr-card-{card}" in drawn for card in puzzle.unseen)
    assert [b.label for b in moves(at)] == pv.choice_labels(puzzle)
    assert any("No puzzle tried yet" in plain(c.value) for c in at.caption)


def test_the_best_move_is_right_and_the_score_counts_it() -> None:
    at = start()
    puzzle = find_puzzles(jsonio.load(GAME), source=GAME.name)[0]
    moves(at)[puzzle.best].click().run()
    assert not at.exception
    (said,) = at.success
    assert plain(said.value).startswith("Right: ")
    assert all(b.disabled for b in moves(at))
    lines = [plain(m.value) for m in at.markdown]
    assert any(pv.judge(puzzle, puzzle.best).chosen_line[1] in line for line in lines)
    assert any("Solved 1 of 1" in plain(c.value) for c in at.caption)
    at.button(key="puzzle_next").click().run()
    assert at.selectbox(key=f"puzzles_index_{GAME.name}").value == 1
    assert not any(b.disabled for b in moves(at))


def test_a_wrong_move_shows_both_lines_and_try_again_keeps_the_score() -> None:
    at = start()
    puzzle = find_puzzles(jsonio.load(GAME), source=GAME.name)[0]
    moves(at)[puzzle.played].click().run()
    (said,) = at.error
    assert plain(said.value).startswith("Not the best: ")
    assert (
        moves(at)[puzzle.played].label
        == pv.answered_labels(puzzle, puzzle.played)[puzzle.played]
    )
    assert moves(at)[puzzle.best].label.endswith(" · best")
    assert moves(at)[puzzle.played].label.endswith(" · your move · played in the game")
    text = " ".join(plain(m.value) for m in at.markdown)
    assert f"In the game {puzzle.player} played" in text
    assert "The best move" in text
    assert pv.judge(puzzle, puzzle.played).best_line[0] in text
    at.button(key="puzzle_again").click().run()
    moves(at)[puzzle.best].click().run()
    assert at.success and any("Solved 0 of 1" in plain(c.value) for c in at.caption)


def test_an_uploaded_puzzles_file_is_read_and_a_bad_one_said() -> None:
    record = jsonio.load(SAMPLES / "classic-2p-annotated.json")
    data = b"".join(puzzle_line(p) for p in find_puzzles(record, source="mine.json"))
    at = start()
    at.file_uploader(key="puzzles_upload").set_value(
        ("puzzles.jsonl", data, "application/octet-stream")
    ).run()
    assert not at.exception
    assert any("1 puzzle read from puzzles.jsonl" in plain(c.value) for c in at.caption)
    assert "Marta to play" in " ".join(plain(m.value) for m in at.markdown)
    bad = data.replace(b'"best":', b'"bestest":', 1)
    at.file_uploader(key="puzzles_upload").set_value(
        ("broken.jsonl", bad, "application/octet-stream")
    ).run()
    (error,) = at.error
    assert plain(error.value) == (
        "broken.jsonl is not a puzzles file: line 1: a puzzle without its 'best'"
    )


def test_a_record_with_no_puzzle_says_so() -> None:
    at = start()
    at.selectbox(key="puzzles_file").set_value("classic-2p-unfinished.json").run()
    assert not at.exception
    (info,) = at.info
    assert "no move there lost a point" in plain(info.value)
