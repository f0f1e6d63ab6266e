"""Puzzles from records: certain, one move clearly best, what the mover saw, the lines."""

from __future__ import annotations

import orjson
import pytest

from casino_records.analysis.puzzle import (
    PuzzleFileError,
    puzzle_line,
    read_puzzles,
    spelled_move,
)
from casino_records.analysis.puzzles import (
    PuzzleOptions,
    find_puzzles,
    item_puzzles,
    mover_knows_every_card,
)
from casino_records.analysis.solver import ExactSolver
from casino_records.analysis.value import DealContext, advantage
from casino_records.check.replay import replay
from casino_records.engine.cards import CARDS
from casino_records.engine.describe import move_text
from casino_records.engine.movegen import generate_legal_moves
from casino_records.engine.state import DealState
from casino_records.record.files.sources import Item
from casino_records.record.format.models import GameRecord
from casino_records.record.json import jsonio
from casino_records.record.simulate import simulate_record
from casino_records.record.text.notation import read_text, write_text
from tests.analysis.endgames import Endgame, memoised_brute_force
from tests.paths import SAMPLES

ANNOTATED = SAMPLES / "classic-2p-annotated.json"


def _position(record: GameRecord, deal: int, move: int) -> DealState:
    """The position before move ``move`` (from 1) of ``deal``, replayed anew."""
    return replay(record, positions=True).positions[deal][move - 1].state


@pytest.fixture(scope="module")
def simulated() -> list[GameRecord]:
    """Matches of every table size, random bots against greedy ones."""
    tables = [
        *[("classic", 2, False)] * 3,
        ("royal", 3, False),
        ("classic", 4, False),
        ("dominican", 4, True),
    ]
    return [
        simulate_record(
            preset,
            players,
            teams=teams,
            seed=f"puzzles-{k}-{t}",
            bots=["random", "greedy"],
            max_deals=3,
        )
        for k in range(4)
        for t, (preset, players, teams) in enumerate(tables)
    ]


def test_the_sample_game_has_its_last_round_blunder() -> None:
    record = jsonio.load(ANNOTATED)
    puzzles = find_puzzles(record, source="classic-2p-annotated.json")
    assert puzzles, "the annotated sample game has a blunder in a last round"
    puzzle = next(p for p in puzzles if p.place == "deal 3, move 46 (round 6)")
    assert puzzle.player == "Marta" and puzzle.source == "classic-2p-annotated.json"
    assert puzzle.choices[puzzle.played].move == "QD trails"
    assert puzzle.choices[puzzle.best].move == "3S trails"
    assert puzzle.loss == pytest.approx(10.0)


def test_every_puzzle_is_certain_and_clearly_best(simulated: list[GameRecord]) -> None:
    found = 0
    for record in simulated:
        report = replay(record, positions=True)
        for puzzle in find_puzzles(record):
            found += 1
            state = report.positions[puzzle.deal][puzzle.move - 1].state
            assert mover_knows_every_card(state)
            assert state.turn == puzzle.seat
            worths = sorted((c.worth for c in puzzle.choices), reverse=True)
            assert puzzle.choices[puzzle.best].worth == worths[0]
            assert worths[0] - worths[1] >= 1.0 - 1e-9
            assert puzzle.margin == pytest.approx(worths[0] - worths[1])
            assert puzzle.loss >= 1.0 and puzzle.played != puzzle.best
            played = record.deals[puzzle.deal].rounds[puzzle.round]
            assert any(
                m.card == puzzle.choices[puzzle.played].card for m in played.moves
            )
    assert found >= 10, "random bots make mistakes in last rounds"


def test_the_values_are_minimax_and_the_lines_reach_them(
    simulated: list[GameRecord],
) -> None:
    """Each move's worth is plain minimax's; its line plays to the deal's end and
    its end points give that worth exactly (a line of best play)."""
    checked = 0
    for record in simulated[:6]:
        for puzzle in find_puzzles(record):
            state = _position(record, puzzle.deal, puzzle.move)
            side = puzzle.side_of[puzzle.seat]
            context = DealContext(record.rules.effective(), puzzle.totals)
            game = Endgame(state, ExactSolver(context, side), "puzzle")
            moves = generate_legal_moves(state)
            assert [c.card for c in puzzle.choices] == [str(m.card) for m in moves]
            seen: dict[object, int] = {}
            scale = len(puzzle.sides) - 1
            for move, choice in zip(moves, puzzle.choices, strict=True):
                exact = memoised_brute_force(game.solver.child(state, move), game, seen)
                assert choice.worth == pytest.approx(exact / scale)
                assert advantage(choice.points, side) == pytest.approx(choice.worth)
                assert choice.line[0].seat == puzzle.seat
                left = sum(len(hand) for hand in state.hands)
                assert len(choice.line) == left  # to the end of the deal
            checked += 1
    assert checked >= 3


def test_the_mover_sees_own_hand_table_piles_and_knows_the_rest(
    simulated: list[GameRecord],
) -> None:
    for record in simulated:
        for puzzle in find_puzzles(record):
            state = _position(record, puzzle.deal, puzzle.move)
            assert puzzle.hand == tuple(str(c) for c in state.hands[puzzle.seat])
            assert puzzle.held == tuple(len(h) for h in state.hands)
            on_table = [
                *puzzle.loose,
                *(c for b in puzzle.builds for g in b.groups for c in g),
            ]
            taken = [c for pile in puzzle.piles for c in pile.taken]
            everything = [*puzzle.hand, *on_table, *taken, *puzzle.unseen]
            assert sorted(everything) == sorted(str(c) for c in CARDS)
            holder = puzzle.holder
            if holder is None:
                assert not puzzle.unseen
            else:  # every unseen card is in the one other hand still holding any
                assert set(puzzle.unseen) == {str(c) for c in state.hands[holder]}
            assert sum(p.sweeps for p in puzzle.piles) == sum(
                len(s) for s in state.sweeps
            )


def test_thresholds_choose_fewer_puzzles(simulated: list[GameRecord]) -> None:
    record = simulated[0]
    default = find_puzzles(record)
    strict = find_puzzles(record, PuzzleOptions(min_loss=3.0, margin=2.0))
    assert {p.place for p in strict} <= {p.place for p in default}
    assert all(p.loss >= 3.0 and p.margin >= 2.0 for p in strict)
    assert find_puzzles(record, PuzzleOptions(exact_moves=0)) == []
    with pytest.raises(ValueError, match="more than 0 points"):
        PuzzleOptions(margin=0)


def test_three_and_four_players_only_where_the_unseen_are_in_one_hand(
    simulated: list[GameRecord],
) -> None:
    found = 0
    for record in simulated:
        for puzzle in find_puzzles(record):
            others = [n for s, n in enumerate(puzzle.held) if s != puzzle.seat and n]
            assert len(others) <= 1
            found += len(puzzle.players) > 2
    assert found, "a table of three or four has such positions too"


def test_a_record_typed_in_the_text_notation_gives_the_same_puzzles() -> None:
    record = jsonio.load(ANNOTATED)
    typed = read_text(write_text(record))
    assert [puzzle_line(p) for p in find_puzzles(typed)] == [
        puzzle_line(p) for p in find_puzzles(record)
    ]


def test_an_invalid_record_gives_the_puzzles_before_its_illegal_move() -> None:
    record = jsonio.load(SAMPLES / "invalid-out-of-turn.json")
    stop = len(replay(record, positions=True).positions[-1]) - 1
    for puzzle in find_puzzles(record):
        assert puzzle.deal < len(record.deals) - 1 or puzzle.move <= stop


def test_an_unfinished_game_and_piled_deals_are_no_trouble() -> None:
    for name in ("classic-2p-unfinished.json", "classic-2p-piles.json"):
        record = jsonio.load(SAMPLES / name)
        for puzzle in find_puzzles(record):
            state = _position(record, puzzle.deal, puzzle.move)
            assert mover_knows_every_card(state)


def test_lines_round_trip_and_keys_are_sorted(simulated: list[GameRecord]) -> None:
    puzzles = [p for record in simulated[:3] for p in find_puzzles(record)]
    data = b"".join(puzzle_line(p) for p in puzzles)
    assert read_puzzles(data) == puzzles
    first = orjson.loads(data.splitlines()[0])
    assert list(first) == sorted(first) and first["format"] == "casino-puzzle/1"
    assert read_puzzles(b"\n" + data + b"\n\n") == puzzles


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (b'{"format": "casino-puzzle/1"', "line 1: not JSON"),
        (
            b'{"format": "casino-record/1"}',
            'line 1: not a puzzle (a casino-puzzle/1 line has "format"',
        ),
        (b"[1, 2]", "line 1: not a puzzle"),
        (
            b'{"format": "casino-puzzle/1", "source": "x"}',
            "line 1: a puzzle without its 'record'",
        ),
    ],
)
def test_a_bad_puzzles_file_is_said_in_words(text: bytes, said: str) -> None:
    with pytest.raises(PuzzleFileError) as caught:
        read_puzzles(text)
    assert str(caught.value).startswith(said)


def test_a_puzzle_with_a_wrong_index_is_refused(simulated: list[GameRecord]) -> None:
    puzzle = next(p for r in simulated for p in find_puzzles(r))
    data = orjson.loads(puzzle_line(puzzle))
    data["best"] = len(data["choices"])
    with pytest.raises(
        PuzzleFileError, match="line 1: a puzzle with a wrong value: best"
    ):
        read_puzzles(orjson.dumps(data))


def test_an_item_that_cannot_be_read_says_why() -> None:
    result = item_puzzles(
        (3, Item("games.jsonl:3", "jsonl", b'{"x": 1', line=3)), PuzzleOptions()
    )
    assert result.puzzles == [] and result.unreadable
    assert result.problem.startswith("line 3") and result.label == "games.jsonl:3"
    good = item_puzzles(
        (1, Item("a.json", "json", ANNOTATED.read_bytes())), PuzzleOptions()
    )
    assert good.puzzles and all(
        p.record == 1 and p.source == "a.json" for p in good.puzzles
    )


def test_every_move_of_self_play_reads_back_from_its_spelling() -> None:
    record = simulate_record("royal", 3, seed="spelled", max_deals=1)
    kept = replay(record, positions=True).positions
    moves = [p.last.move for deal in kept for p in deal if p.last is not None]
    assert len(moves) > 40
    for move in moves:
        back = spelled_move(move_text(move, pretty=False), move.seat)
        assert (back.seat, back.card, back.action, back.cards) == (
            move.seat,
            move.card,
            move.action,
            move.cards,
        )
        assert move_text(back) == move_text(move)
    for wrong in ("", "9D", "9D sings", "9D takes", "3C builds 8 5D", "9D trails 4S"):
        with pytest.raises(ValueError):
            spelled_move(wrong, 0)
