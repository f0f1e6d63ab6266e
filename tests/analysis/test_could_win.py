"""Could I have won? Par, error rates: checked against plain minimax and the engine."""

from __future__ import annotations

from functools import cache

import pytest

from casino_records.analysis.analyse import analyse_record, make_settings
from casino_records.analysis.analysed_game import AnalysedGame
from casino_records.analysis.could_win import best_line_end, standing
from casino_records.analysis.game_analysis import GameAnalysis
from casino_records.analysis.solver import ExactSolver
from casino_records.analysis.value import advantage, scaled_advantage
from casino_records.engine.describe import move_text
from casino_records.engine.movegen import generate_legal_moves
from casino_records.present.could_win_text import could_win_lines
from casino_records.record.format.models import GameRecord
from casino_records.record.json import jsonio
from tests.analysis.endgames import Endgame, endgame, memoised_brute_force
from tests.paths import SAMPLES

GAME = SAMPLES / "classic-2p-annotated.json"
SETTINGS = make_settings(samples=20, seed="0")


@cache
def _record(name: str) -> GameRecord:
    return jsonio.load(SAMPLES / name)


@cache
def _analysis(name: str = GAME.name) -> GameAnalysis:
    return analyse_record(_record(name), SETTINGS)


def _minimax(game: AnalysedGame, d: int, i: int, move: str, side: int) -> int:
    """The plain minimax value for ``side`` after ``move`` at move ``i`` of deal ``d``."""
    deal = game.deals[d]
    here = game.position(d, i)
    solver = ExactSolver(deal.context, side, deal.later_hands)
    choice = next(
        m for m in generate_legal_moves(here) if move_text(m, pretty=False) == move
    )
    oracle = Endgame(here, solver, "sample")
    return memoised_brute_force(solver.child(here, choice), oracle, {})


@pytest.mark.parametrize("left", [4, 6])
@pytest.mark.parametrize("seed", ["line-0", "line-1", "line-2"])
def test_the_best_line_ends_at_the_minimax_value(seed: str, left: int) -> None:
    game = endgame("classic", 2, None, seed, left)
    end = best_line_end(game.solver, game.state.copy())
    points = game.solver.context.points(end)
    value = scaled_advantage(points, game.solver.side)
    assert value == memoised_brute_force(game.state, game, {})


def test_an_exact_turnaround_wins_where_the_move_played_loses() -> None:
    analysis = _analysis()
    marta = analysis.deals[1].could_win[0]
    assert marta.result == "lost the deal 4–7" and not marta.note
    exact = [t for t in marta.turnarounds if t.method == "exact"]
    assert exact, marta
    game = AnalysedGame(_record(GAME.name), SETTINGS)
    for t in exact:
        better = _minimax(game, t.deal, t.index, t.better, side=0)
        played = _minimax(game, t.deal, t.index, t.played, side=0)
        assert better > 0 >= played, t  # a win against any reply; a loss or tie
        assert t.result.startswith("won the deal") and t.share == 1.0
        assert t.points[0] - t.points[1] == better


def test_a_loser_with_no_turnaround_is_told_so_and_a_winner_is_not_asked() -> None:
    deal = _analysis().deals[0]
    marta, tomas = deal.could_win
    assert marta.note == "the best result of the deal" and not marta.turnarounds
    assert tomas.result == "lost the deal 5–6" and not tomas.turnarounds
    lines = could_win_lines(deal.could_win, 0)
    assert lines[1].endswith("no single move of Tomás's changes it.")
    assert lines[0] == "Could Marta have won deal 1? Marta won the deal 6–5."


def test_sampled_turnarounds_are_significant_in_the_analysis_samples() -> None:
    analysis = _analysis()
    moves = {(m.deal, m.index): m for m in analysis.moves}
    sampled = [
        t
        for verdicts in [analysis.could_win, *(d.could_win for d in analysis.deals)]
        for verdict in verdicts
        for t in verdict.turnarounds
        if t.method == "estimated"
    ]
    assert sampled
    for t in sampled:
        move = moves[(t.deal, t.index)]
        assert t.samples == move.samples
        assert t.share - t.played_share >= 2 * t.share_stderr > 0
        better = next(a for a in move.alternatives if a.move == t.better)
        assert t.gain == pytest.approx(better.value - move.played_value)


def test_a_match_turnaround_is_one_the_engine_settles_otherwise() -> None:
    analysis = _analysis()
    marta = analysis.could_win[0]
    assert marta.scope == "match" and marta.result == "lost the match"
    record = _record(GAME.name)
    target = record.rules.effective().target_score
    played = [deal.claimed for deal in record.deals]
    assert all(p is not None for p in played)
    last = next(t for t in marta.turnarounds if t.method == "exact" and t.deal == 2)
    game = AnalysedGame(record, SETTINGS)
    before = game.deals[2].context.totals
    totals = [before[s] + last.points[s] for s in range(2)]
    assert max(totals) < target  # nobody reaches the target: the match goes on
    assert last.result == "left the match undecided"
    assert analysis.could_win[1].note == "the match was won"


def test_three_sides_are_ranked() -> None:
    analysis = _analysis("royal-3p-match-inferred.json")
    for deal in analysis.deals:
        results = [verdict.result for verdict in deal.could_win]
        assert all(" in the deal " in r for r in results), results
        for verdict in deal.could_win:
            if verdict.note:
                assert verdict.result.startswith("came first")
            for t in verdict.turnarounds:
                assert t.method == "estimated"  # no round start in reach


def test_standing_orders_results() -> None:
    assert standing((7, 4), 0) < standing((5, 5), 0) < standing((4, 7), 0)
    assert standing((9, 1, 1), 0) == 0 and standing((9, 1, 1), 1) == 3


def test_par_is_exact_in_the_last_round_and_estimated_before() -> None:
    analysis = _analysis()
    for deal in analysis.deals:
        par = deal.par
        assert [p.round for p in par] == list(range(6))
        assert [p.method for p in par] == ["estimated"] * 5 + ["exact"]
        last = par[-1]
        first = next(m for m in deal.moves if m.index == last.index)
        assert last.values[first.seat] == first.best_value
        assert sum(last.values) == 0 and last.stderrs == (0.0, 0.0)
        assert last.points[0] - last.points[1] == last.values[0]
        for p in par:
            for s in range(2):
                assert p.played_minus_par[s] == pytest.approx(
                    p.played_values[s] - p.values[s]
                )
            assert p.played_values[0] == advantage(p.played_points, 0)
        assert all(p.points == () and p.stderrs[0] > 0 for p in par[:-1])


def test_three_side_par_is_each_sides_own_estimate() -> None:
    analysis = _analysis("royal-3p-match-inferred.json")
    par = analysis.deals[0].par
    assert par and all(p.method == "estimated" and len(p.values) == 3 for p in par)


def test_error_rate_is_the_share_of_moves_marked() -> None:
    analysis = _analysis()
    for players in [analysis.totals, *(d.players for d in analysis.deals)]:
        for player in players:
            assert player.error_rate == sum(player.marks.values()) / player.moves
    assert any(p.error_rate > 0 for p in analysis.totals)
