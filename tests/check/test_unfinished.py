"""An unfinished round whose hands are unknown (rulebook D7): checked as far as known.

A move whose check needs the rest of the hand (G1, B4, E3, I3) is refused when
no hand the seat could hold makes it legal, waits (listed in the deal's
``pending``) when some hand could, and a finished round is checked against the
hands its moves reveal, as before.
"""

from __future__ import annotations

from typing import Any

from casino_records.check.replay import replay
from casino_records.check.report import ReplayReport
from casino_records.present.report_text import report_text
from casino_records.record.format.models import GameRecord

BUILD_9 = {"seat": 0, "card": "7D", "action": "build", "value": 9, "onto": ["2C"]}


def record(table: list[str], moves: list[dict[str, Any]]) -> GameRecord:
    """Classic, Ben deals, one deal with only its table and moves recorded."""
    return GameRecord.model_validate(
        {
            "format": "casino-record/1",
            "rules": {"preset": "classic"},
            "players": [{"name": "Ana"}, {"name": "Ben"}],
            "deals": [{"dealer": 1, "table": table, "rounds": [{"moves": moves}]}],
        }
    )


def report(table: list[str], moves: list[dict[str, Any]]) -> ReplayReport:
    return replay(record(table, moves)).report


def trail(seat: int, card: str) -> dict[str, Any]:
    return {"seat": seat, "card": card, "action": "trail"}


def test_a_check_that_must_wait_for_the_hand() -> None:
    # Ana builds 9 holding no known 9; 9D is unseen, so her hand may hold it.
    result = report(["9C", "9S", "3H", "2C"], [BUILD_9])
    assert result.status == "ok" and result.findings == []
    deal = result.deals[0]
    assert not deal.complete and deal.unseen == [3, 4]
    [pending] = deal.pending
    assert (pending.rule, pending.loc) == ("B4", "/deals/0/rounds/0/moves/0")
    assert "unless one of its 3 unseen cards can" in pending.message
    text = report_text(result)
    assert "checks that wait for those hands:" in text
    assert "deal 1, move 1 (round 1), Ana: 7♦ " in text


def test_a_violation_decidable_now_no_card_of_the_value_unseen() -> None:
    # Every 9 is seen (three on the table, 9D played): no hand holds one.
    moves = [
        trail(0, "KD"),
        {"seat": 1, "card": "9D", "action": "capture", "take": ["9C"]},
    ]
    result = report(["9C", "9S", "9H", "2C"], [*moves, {**BUILD_9}])
    assert result.status == "invalid"
    [finding] = result.findings
    assert (finding.kind, finding.rule) == ("illegal_move", "B4")
    assert finding.loc == "/deals/0/rounds/0/moves/2"
    assert all(line.startswith("Ana: ") for line in finding.legal)


def test_a_violation_decidable_now_too_few_unseen_cards() -> None:
    # Ana owns a 9-build, then builds 8: she must hold a 9 and an 8, but only
    # one of her cards is unseen (she plays 7D, 5S and JC).
    moves = [
        BUILD_9,
        trail(1, "KH"),
        {"seat": 0, "card": "5S", "action": "build", "value": 8, "onto": ["3H"]},
        trail(1, "QH"),
        trail(0, "JC"),
    ]
    result = report(["9C", "4S", "3H", "2C"], moves)
    [finding] = result.findings
    assert (finding.rule, finding.loc) == ("B4", "/deals/0/rounds/0/moves/2")
    assert "its unseen card cannot give every value this move needs" in finding.message
    # without JC, two cards are unseen: a 9 and an 8 may both be there
    result = report(["9C", "4S", "3H", "2C"], moves[:3])
    assert result.status == "ok"
    assert [p.loc for p in result.deals[0].pending] == [
        "/deals/0/rounds/0/moves/0",
        "/deals/0/rounds/0/moves/2",
    ]


def test_a_finished_round_is_checked_against_the_hands_it_reveals() -> None:
    # The round finishes: Ana's hand is 7D KD QD JD, no 9 to take her build.
    moves = [BUILD_9, trail(1, "KH")]
    for ana, ben in (("KD", "QH"), ("QD", "JH"), ("JD", "10H")):
        moves += [trail(0, ana), trail(1, ben)]
    result = report(["9C", "9S", "3H", "2C"], moves)
    [finding] = result.findings
    assert (finding.kind, finding.rule) == ("illegal_move", "B4")
    assert finding.loc == "/deals/0/rounds/0/moves/0"
    assert result.deals[0].pending == [] and result.deals[0].unseen == []


def test_a_deal_with_only_its_table() -> None:
    data = record(["9C", "9S", "3H", "2C"], []).model_dump(exclude_none=True)
    data["deals"][0]["rounds"] = []
    result = replay(GameRecord.model_validate(data)).report
    assert result.status == "ok" and result.deals[0].moves == 0
    assert result.deals[0].unseen == [4, 4]
