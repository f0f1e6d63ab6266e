"""R13.4 with option near_target_immediate_win: the match ends at the capture."""

from __future__ import annotations

from casino_records.check.replay import replay
from casino_records.engine.cards import BIG_CASINO, LITTLE_CASINO
from casino_records.engine.match import MatchState
from casino_records.engine.rules import Rules
from casino_records.record.models import GameRecord
from casino_records.record.simulate import simulate_record

OPTIONS = {"near_target_immediate_win": True}


def test_match_state_wins_at_the_casino_capture() -> None:
    rules = Rules.from_preset("dominican", OPTIONS)
    match = MatchState(rules, 2, totals=[19, 20])
    assert match.immediate_win(1, [BIG_CASINO]) is None  # 20 needs Little Casino
    decision = match.immediate_win(0, [BIG_CASINO])
    assert decision is not None and decision.winner == 0
    assert match.totals == [21, 20] and match.over


def test_off_by_default() -> None:
    match = MatchState(Rules.from_preset("dominican"), 2, totals=[19, 20])
    assert match.immediate_win(1, [LITTLE_CASINO]) is None


def immediate_win_record() -> GameRecord:
    """A simulated match that seed iw0 ends with an immediate win."""
    return simulate_record(
        "dominican",
        2,
        seed="iw0",
        options=OPTIONS,
        bots=("greedy",),
        provenance="inferred",
    )


def test_simulated_match_ends_mid_deal_and_replays_clean() -> None:
    record = immediate_win_record()
    report = replay(record).report
    assert report.status == "ok", report.findings
    assert report.match is not None and report.match.finished
    assert "wins at once" in report.match.reason
    last = report.deals[-1]
    assert not last.complete and "wins at once" in last.match_note
    assert report.match.totals[report.match.winner or 0] == 21


def test_moves_after_the_winning_capture_are_an_error() -> None:
    record = immediate_win_record()
    data = record.model_dump(mode="json", exclude_none=True)
    rounds = data["deals"][-1]["rounds"]
    last_round = rounds[-1]
    played = len(last_round["moves"])
    # As if play had gone on: the next seat trails a card it still holds.
    hands = last_round["hands"]
    mover = (last_round["moves"][-1]["seat"] + 1) % 2
    played_cards = {m["card"] for m in last_round["moves"]}
    card = next(c for c in hands[mover] if c not in played_cards)
    last_round["moves"].append({"seat": mover, "card": card, "action": "trail"})
    report = replay(GameRecord.model_validate(data)).report
    errors = [f for f in report.findings if f.severity == "error"]
    assert [(f.rule, f.loc) for f in errors] == [
        (
            "R13.4",
            f"/deals/{len(data['deals']) - 1}/rounds/{len(rounds) - 1}/moves/{played}",
        )
    ]
