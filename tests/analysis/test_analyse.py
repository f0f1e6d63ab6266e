"""Whole records analysed: plain blunders found, bots told apart, results reproducible."""

from __future__ import annotations

import json
import math
import threading
from typing import NoReturn

import pytest

from casino_records.analysis import analysed_game as game_module
from casino_records.analysis.analyse import analyse_record, make_settings
from casino_records.analysis.estimate import mean_and_stderr
from casino_records.analysis.marks import BLUNDER
from casino_records.analysis.sampler import NoConsistentDeal
from casino_records.check.report import SideReport
from casino_records.record.format.models import GameRecord
from casino_records.record.json.jsonio import dumps, loads
from casino_records.record.simulate import simulate_record


def _one_move(move: dict[str, object]) -> GameRecord:
    """A deal interrupted after its first move (hands and table recorded)."""
    return loads(
        json.dumps(
            {
                "format": "casino-record/1",
                "rules": {"preset": "classic"},
                "players": [{"name": "Ana"}, {"name": "Ben"}],
                "deals": [
                    {
                        "dealer": 1,
                        "table": ["10D", "5H", "8C", "KS"],
                        "rounds": [
                            {
                                "hands": [
                                    ["10S", "3H", "7D", "QC"],
                                    ["2C", "4D", "9S", "JH"],
                                ],
                                "moves": [move],
                            }
                        ],
                    }
                ],
            }
        )
    )


def test_leaving_big_casino_on_the_table_is_a_blunder() -> None:
    """Estimated (round 1): trailing the ten instead of taking Big Casino."""
    record = _one_move({"seat": 0, "card": "10S", "action": "trail"})
    analysis = analyse_record(record, make_settings(samples=48, seed="bc"))
    (move,) = analysis.moves
    assert move.method == "estimated" and move.samples == 48
    assert move.played == "10S trails"
    assert move.best == "10S takes 10D"
    assert move.loss >= BLUNDER and move.mark == "??"
    assert move.alternatives[0].move == move.best
    good = analyse_record(
        _one_move({"seat": 0, "card": "10S", "action": "capture", "take": ["10D"]}),
        make_settings(samples=48, seed="bc"),
    ).moves[0]
    assert good.loss == 0 and good.mark == "" and good.best == good.played


def test_one_sample_marks_no_estimated_move() -> None:
    """One sample has no standard error: even a large estimated loss is not marked."""
    record = _one_move({"seat": 0, "card": "10S", "action": "trail"})
    (move,) = analyse_record(record, make_settings(samples=1, seed="one-0")).moves
    assert move.method == "estimated" and move.loss_stderr == 0
    assert move.loss >= BLUNDER and move.mark == ""


def test_the_last_round_is_exact_and_losses_are_never_negative() -> None:
    record = simulate_record(
        "royal", 2, seed="exact-tail", bots=["greedy"], max_deals=1
    )
    analysis = analyse_record(record, make_settings(samples=2, seed=1))
    moves = analysis.deals[0].moves
    assert [m.index for m in moves] == list(range(48))
    assert {m.method for m in moves[40:]} == {"exact"}
    assert {m.method for m in moves[:40]} == {"estimated"}
    for move in moves:
        assert move.loss >= 0
        assert move.best_value == move.alternatives[0].value
        assert move.played_value in [a.value for a in move.alternatives]
        assert len(move.points) == 2
    last = moves[-1]
    assert last.loss == 0 and last.loss_stderr == 0 and last.nodes >= 1
    # After the last move, the points are the deal's points.
    assert last.points == tuple(float(side.banked) for side in _deal_scores(record))


def _deal_scores(record: GameRecord) -> list[SideReport]:
    from casino_records.check.replay import replay

    return replay(record).report.deals[0].sides


@pytest.mark.parametrize(("players", "teams"), [(3, False), (4, True)])
def test_other_tables_are_analysed(players: int, teams: bool) -> None:
    record = simulate_record(
        "dominican", players, teams=teams, seed="tables", bots=["random"], max_deals=1
    )
    analysis = analyse_record(record, make_settings(samples=2, seed=1, exact_moves=4))
    moves = analysis.deals[0].moves
    assert len(moves) == 48
    assert [m.method for m in moves].count("exact") == 4
    assert all(len(m.points) == (2 if teams else 3) for m in moves)
    assert [p.moves for p in analysis.totals] == [48 // players] * players


def test_the_same_seed_gives_the_same_analysis_with_jobs() -> None:
    """One process or two, or run again: the same analysis, move for move.

    (A deal's first round: eight estimated moves, a unit each. The command's
    test runs a whole deal, its exact tail too, with and without --jobs.)
    """
    record = _first_round(simulate_record("classic", 2, seed="jobs", max_deals=1))
    settings = make_settings(samples=2, seed="same")
    one = analyse_record(record, settings)
    assert len(one.moves) == 8
    assert analyse_record(record, settings, jobs=2) == one
    assert analyse_record(record, settings) == one
    other = analyse_record(record, make_settings(samples=2, seed="other"))
    assert other != one


def test_a_threaded_process_analyses_on_workers_from_a_fork_server() -> None:
    """As the viewer's button runs it: from a thread (the workers then come
    from a fork server, never forked from a threaded process), the same."""
    record = _first_round(simulate_record("classic", 2, seed="jobs", max_deals=1))
    settings = make_settings(samples=2, seed="same")
    found: list[object] = []
    thread = threading.Thread(
        target=lambda: found.append(analyse_record(record, settings, jobs=2))
    )
    thread.start()
    thread.join(timeout=120)
    assert found == [analyse_record(record, settings)]


def _first_round(record: GameRecord) -> GameRecord:
    """``record`` cut after its first deal's first round (claims dropped)."""
    data = json.loads(dumps(record))
    data.pop("claimed", None)
    deal = data["deals"][0]
    deal.pop("claimed", None)
    deal["rounds"] = deal["rounds"][:1]
    data["deals"] = [deal]
    return loads(json.dumps(data))


def test_progress_is_reported_move_by_move() -> None:
    record = simulate_record(
        "classic", 2, seed="progress", bots=["random"], max_deals=1
    )
    seen: list[tuple[int, int]] = []
    analyse_record(
        record, make_settings(samples=1), progress=lambda d, t: seen.append((d, t))
    )
    assert seen[-1] == (48, 48)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_unknown_cards_and_illegal_moves_are_noted() -> None:
    record = simulate_record("classic", 2, seed="notes", bots=["random"], max_deals=1)
    data = record.model_dump(mode="json", exclude_none=True)
    moves = data["deals"][0]["rounds"][1]["moves"]
    moves[2] = {**moves[2], "card": moves[0]["card"]}  # a card already played
    broken = loads(json.dumps(data))
    analysis = analyse_record(broken, make_settings(samples=1))
    deal = analysis.deals[0]
    assert len(deal.moves) == 10  # round 1's 8 moves and 2 of round 2
    assert "moves after move 11 not analysed" in deal.note
    data = record.model_dump(mode="json", exclude_none=True)
    data["deals"][0]["deck"] = [
        f"{r}{s}" for s in "SHDC" for r in ["A", *map(str, range(2, 11)), "J", "Q", "K"]
    ]  # not the shuffle's
    unknown = analyse_record(loads(json.dumps(data)), make_settings(samples=1))
    assert unknown.deals[0].moves == []
    assert "cards are not known" in unknown.deals[0].note


@pytest.mark.slow
def test_a_random_bot_loses_more_per_move_than_the_greedy_bot() -> None:
    """Five deals, random (seat 0) against greedy (seat 1): the random bot's mean
    loss per move exceeds the greedy bot's by two standard errors of the
    difference (z = 2.6 with these seeds and 4 samples a move)."""
    losses: dict[int, list[float]] = {0: [], 1: []}
    for seed in ("m1", "m2", "m3", "m4", "m5"):
        record = simulate_record(
            "classic", 2, seed=seed, bots=["random", "greedy"], max_deals=1
        )
        for move in analyse_record(record, make_settings(samples=4, seed="s")).moves:
            losses[move.seat].append(move.loss)
    assert len(losses[0]) == len(losses[1]) == 5 * 24
    (random_mean, random_se), (greedy_mean, greedy_se) = (
        mean_and_stderr(losses[0]),
        mean_and_stderr(losses[1]),
    )
    assert random_mean - greedy_mean > 2 * math.hypot(random_se, greedy_se)


def test_a_move_without_a_consistent_deal_is_noted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """When the sampler finds no deal, the move is left out and the note says why."""
    record = simulate_record("classic", 2, seed="no-deal", bots=["random"], max_deals=1)

    def refuse(*args: object) -> NoReturn:
        raise NoConsistentDeal("no deal of the 40 unseen cards agrees")

    monkeypatch.setattr(game_module, "estimate_moves", refuse)
    deal = analyse_record(record, make_settings(samples=1)).deals[0]
    assert [m.index for m in deal.moves] == list(range(40, 48))  # the exact ones
    assert deal.note.startswith("move 1 not estimated: no deal of the 40 unseen")
