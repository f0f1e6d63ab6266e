"""The Puzzles page's view model: files opened, the board from the mover's seat, moves judged."""

from __future__ import annotations

from casino_records.analysis.puzzle import puzzle_line
from casino_records.analysis.puzzles import find_puzzles
from casino_records.i18n import translator
from casino_records.present.viewmodel import puzzles as pv
from casino_records.record.json import jsonio
from casino_records.record.text.notation import write_text
from tests.paths import SAMPLES

ANNOTATED = SAMPLES / "classic-2p-annotated.json"


def test_a_record_a_text_game_an_archive_and_a_puzzles_file_open() -> None:
    record = jsonio.load(ANNOTATED)
    made = pv.open_puzzles(ANNOTATED.read_bytes(), "game.json")
    assert made.made and made.summary() == "1 puzzle made from 1 record of game.json"
    typed = pv.open_puzzles(write_text(record).encode(), "game.txt")
    assert [p.place for p in typed.puzzles] == [p.place for p in made.puzzles]
    archive = pv.open_puzzles((SAMPLES / "archive-mixed.jsonl").read_bytes(), "a.jsonl")
    assert archive.records == 20 and len(archive.puzzles) == 32
    assert archive.puzzles[0].source == "a.jsonl:1"
    data = b"".join(puzzle_line(p) for p in archive.puzzles)
    read = pv.open_puzzles(data, "puzzles.jsonl")
    assert not read.made and read.puzzles == archive.puzzles
    assert read.summary() == "32 puzzles read from puzzles.jsonl"


def test_bad_files_are_said_in_words() -> None:
    assert pv.open_puzzles(b"%PDF", "x.pdf").problem.startswith(
        "x.pdf is not a record file"
    )
    broken = pv.open_puzzles(b'{"format": "casino-rec', "g.json")
    assert broken.problem == (
        "g.json is not a valid casino record: line 1, column 23: invalid JSON:"
        " unexpected end of data"
    )
    assert pv.open_puzzles(b'{"format":"casino-puzzle/1"}\n', "p.jsonl").problem == (
        "p.jsonl is not a puzzles file: line 1: a puzzle without its 'source'"
    )


def test_the_board_hides_every_hand_but_the_movers() -> None:
    (puzzle,) = find_puzzles(jsonio.load(ANNOTATED))
    html = pv.puzzle_board(puzzle)
    drawn = html.split("</svg></div>", 1)[1]  # after the cards' drawings
    assert all(f"#cr-card-{card}" in drawn for card in puzzle.hand)
    assert not any(f"#cr-card-{card}" in drawn for card in puzzle.unseen)
    assert 'aria-label="Tomás: 1 card (face down)"' in html
    assert pv.seen_lines(puzzle)[0] == (
        "The cards you have not seen, all in Tomás's hand: Q♥."
    )


def test_a_move_is_judged_against_the_best_with_both_lines() -> None:
    (puzzle,) = find_puzzles(jsonio.load(ANNOTATED))
    assert pv.choice_labels(puzzle) == ["Q♦ trails", "3♠ trails"]
    wrong = pv.judge(puzzle, puzzle.played)
    assert not wrong.right
    assert wrong.headline == (
        "Not the best: Q♦ trails is worth −7, 10 points less than 3♠ trails (+3)."
    )
    assert wrong.chosen_line[0] == "Marta: Q♦ trails"
    assert wrong.best_line[0] == "Marta: 3♠ trails"
    right = pv.judge(puzzle, puzzle.best)
    assert right.right and not right.best_line
    assert right.headline.startswith("Right: 3♠ trails is the best move, worth +3")
    assert pv.score_text(0, 0) == "No puzzle tried yet"
    assert pv.score_text(2, 3) == "Solved 2 of 3"


def test_the_puzzle_is_said_in_the_players_language() -> None:
    es = translator("es")
    (puzzle,) = find_puzzles(jsonio.load(ANNOTATED))
    title = pv.puzzle_title(puzzle, es)
    assert title == "le toca a Marta · mano 3, jugada 46 (ronda 6) · classic"
    assert pv.choice_labels(puzzle, es) == ["Q♦ se bota", "3♠ se bota"]
    wrong = pv.judge(puzzle, puzzle.played, es)
    assert wrong.chosen_line[0] == "Marta: Q♦ se bota"
    assert "trails" not in " ".join((*wrong.chosen_line, *wrong.best_line))
    board = pv.puzzle_board(puzzle, es)
    assert "cartas" in board and " cards" not in board
