"""R13.4 with option near_target_immediate_win: the match ends at the capture."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from casino_records.check.replay import replay
from casino_records.engine.bots import MatchPlay, make_bot, play_match
from casino_records.engine.cards import BIG_CASINO, LITTLE_CASINO
from casino_records.engine.match import MatchState
from casino_records.engine.rules import Rules
from casino_records.engine.scoring import score_piles
from casino_records.engine.shuffle import shuffled_deck
from casino_records.record.format.models import GameRecord, RulesSpec
from casino_records.record.simulate import record_of_match, simulate_record

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
    assert "winning at once" in report.match.reason
    last = report.deals[-1]
    assert not last.complete and "winning at once" in last.match_note
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


# --- issue 19: a win on the deal's last play is not scored on top ------------------

LOW = {"target_score": 11, "near_target_immediate_win": True}


def scripted_match(
    rules: Rules, decks: Sequence[str], bots: Sequence[str], first_dealer: int = 0
) -> MatchPlay:
    """A match whose deal ``i`` is dealt from ``shuffled_deck(decks[i])``."""
    seat_bots = [make_bot(kind, f"issue19/bot{s}") for s, kind in enumerate(bots)]
    return play_match(
        rules,
        len(bots),
        None,
        seat_bots,
        deck_for=lambda i: shuffled_deck(decks[i]),
        first_dealer=first_dealer,
        max_deals=len(decks),
    )


def issue_19_match() -> MatchPlay:
    """The issue's case: Dominican, 2 players, target 11. Deal 2 starts at [9, 3]
    (side 0 needs Big Casino); its last move is seat 0 KS taking 3S 10D."""
    rules = Rules.from_preset("dominican", LOW)
    return scripted_match(
        rules, ["issue19-a3", "issue19-b2464"], ["greedy", "random"], first_dealer=1
    )


def test_issue_19_win_on_the_last_play_is_not_scored() -> None:
    played = issue_19_match()
    first, second = played.match.decisions
    assert first.totals == (9, 3)
    last = played.deals[1].state
    assert last.finished  # every card was played
    step = last.log[-1]
    assert (step.move.seat, str(step.move.card)) == (0, "KS")
    assert sorted(map(str, step.taken)) == ["10D", "3S"]
    # R13.4: the match ends at the capture; the winner has exactly the target,
    # the other side keeps its start-of-deal total; the deal is not scored.
    assert played.match.totals == [11, 3] and played.match.winner == 0
    assert second.totals == (11, 3) and "winning at once" in second.reason
    assert len(played.match.decisions) == 2
    assert not played.deals[1].scores


def test_issue_19_replay_agrees() -> None:
    played = issue_19_match()
    spec = RulesSpec(preset="dominican", options=LOW)
    record = record_of_match(
        played, spec, ["Ana", "Ben"], seed="", provenance="deck", record_id="i19"
    )
    assert record.claimed is not None and record.claimed.totals == (11, 3)
    assert record.deals[1].claimed is None  # the simulator claims no deal score
    report = replay(record).report
    assert report.status == "ok" and report.findings == []
    assert report.match is not None
    assert (report.match.totals, report.match.winner) == ([11, 3], 0)
    deal = report.deals[1]
    assert deal.moves == 48 and not deal.complete and deal.sides == []
    assert "winning at once" in deal.match_note


def test_the_old_double_count_is_a_dispute() -> None:
    played = issue_19_match()
    spec = RulesSpec(preset="dominican", options=LOW)
    record = record_of_match(
        played, spec, ["Ana", "Ben"], seed="", provenance="deck", record_id="i19"
    )
    data = record.model_dump(mode="json", exclude_none=True)
    data["claimed"]["totals"] = [21, 4]  # the deal scored on top of the win
    report = replay(GameRecord.model_validate(data)).report
    assert report.status == "disputed"
    assert [(f.loc, f.message) for f in report.findings] == [
        ("/claimed/totals/0", "claimed 21, computed 11"),
        ("/claimed/totals/1", "claimed 4, computed 3"),
    ]


def test_settling_a_deal_after_the_win_is_refused() -> None:
    match = MatchState(Rules.from_preset("dominican", OPTIONS), 2, totals=[19, 3])
    assert match.immediate_win(0, [BIG_CASINO]) is not None
    with pytest.raises(ValueError, match="match is over"):
        match.settle(score_piles(match.rules, [[], []], [[], []], match.totals))


@pytest.mark.parametrize(
    ("seed", "bots", "totals", "winner"),
    [("84", ("random",), (2, 11), 1), ("188", ("random",), (11, 7), 0)],
)
def test_simulate_claims_the_right_totals_after_a_last_card_win(
    seed: str, bots: tuple[str, ...], totals: tuple[int, int], winner: int
) -> None:
    record = simulate_record("dominican", 2, seed=seed, bots=bots, options=LOW)
    last = record.deals[-1]
    assert sum(len(r.moves) for r in last.rounds) == 48  # won on the last card
    assert record.claimed is not None
    assert (record.claimed.totals, record.claimed.winner) == (totals, winner)
    assert last.claimed is None
    report = replay(record).report
    assert report.status == "ok" and report.findings == []


def test_a_residue_is_not_a_capture() -> None:
    """Target 7: deal 2 starts at [5, 6]; side 1 (needs Little Casino) gets the 2S
    only with the residue. No win at once: the deal is scored, and side 1 wins
    at its end by holding its item (R13.4 frozen)."""
    rules = Rules.from_preset("dominican", {"target_score": 7, **OPTIONS})
    seat_bots = [make_bot("greedy", f"res81/bot{s}") for s in range(2)]
    played = play_match(
        rules, 2, None, seat_bots, deck_for=lambda j: shuffled_deck(f"res81/{j}")
    )
    first, second = played.match.decisions[:2]
    assert first.totals == (5, 6)
    state = played.deals[1].state
    assert LITTLE_CASINO in state.residue and state.residue_side == 1
    assert second.reason == "side 1 reached 7" and second.totals[1] == 7
    scores = played.deals[1].scores
    assert scores is not None and "took Little Casino" in scores[1].note


# --- issue 36 point 10: no residue after a win at the deal's last play ---------------


def test_a_win_at_the_last_play_gives_the_table_to_nobody() -> None:
    """The match ends at the capture, so the deal's end (R11) never comes: the
    cards left on the table stay there, nobody's; the piles hold what was captured."""
    state = issue_19_match().deals[1].state
    assert state.finished
    assert [str(c) for c in state.loose] == ["9C", "6S", "AH"]
    assert (state.residue, state.residue_side, state.residue_bits) == ((), None, 0)
    assert not any(bits & state.loose_bits for bits in state.pile_bits)
    assert len(state.all_cards()) == 52


def test_the_replay_and_its_report_say_the_same_of_the_table() -> None:
    """The sample whose deal 2 is won at its last play: the replay's final state
    and the report's deal agree (no residue, no side), and the note says why."""
    from casino_records.record.json import jsonio
    from tests.paths import SAMPLES

    record = jsonio.load(SAMPLES / "dominican-2p-immediate-win-last-card.json")
    played = replay(record, positions=True)
    deal = played.report.deals[1]
    state = played.states[1]
    assert state is not None and state.finished
    assert (deal.residue, deal.residue_side) == ([], None)
    assert (state.residue, state.residue_side) == ((), None)
    assert [str(c) for c in state.loose] == ["9C", "6S", "AH"]
    assert deal.match_note == (
        "the deal is not scored: side 0 captured Big Casino (10♦), winning at once"
        " (R13.4, option near_target_immediate_win); it was the deal's last play,"
        " and the cards left on the table (9♣ 6♠ A♥) go to nobody (no residue, R11)"
    )
    final = played.positions[1][-1].state
    assert [str(c) for c in final.loose] == ["9C", "6S", "AH"]
    assert final.residue_side is None
