"""Claims on a deal that was not played out (D8): said to be unchecked, checked
against the moves played where those decide."""

from __future__ import annotations

import json
from typing import Any

import pytest

from casino_records.check.replay import replay
from casino_records.check.report import Finding
from casino_records.record.format.models import GameRecord
from casino_records.record.json import jsonio
from casino_records.record.simulate import simulate_record

Data = dict[str, Any]


def full_game() -> Data:
    record = simulate_record("classic", 2, seed="unplayed-0", bots=("greedy", "random"))
    data: Data = json.loads(jsonio.dumps(record))
    data.pop("claimed")
    data["deals"] = data["deals"][:1]
    return data


def cut(data: Data, moves: int) -> Data:
    """The first deal cut after ``moves`` moves, its claims kept."""
    rounds = data["deals"][0]["rounds"]
    kept, left = [], moves
    for round_ in rounds:
        if left <= 0:
            break
        kept.append({**round_, "moves": round_["moves"][:left]})
        left -= len(round_["moves"])
    data["deals"][0]["rounds"] = kept
    return data


def findings(data: Data, strict: bool = False) -> list[Finding]:
    record = GameRecord.model_validate(data)
    return replay(record, strict_claims=strict).report.findings


def side(data: Data, k: int) -> Data:
    claimed: Data = data["deals"][0]["claimed"]["sides"][k]
    return claimed


def test_a_full_deal_is_checked_as_usual() -> None:
    assert findings(full_game()) == []


def test_true_claims_of_a_cut_deal_are_only_said_to_be_unchecked() -> None:
    (notice,) = findings(cut(full_game(), 30))
    assert (notice.severity, notice.rule, notice.loc) == (
        "warning",
        "D8",
        "/deals/0/claimed",
    )
    assert notice.message.startswith(
        "not checked: the deal stops after move 30 of 48, so the deal is not scored"
    )
    assert "not checkable: " in notice.message and "deal points" in notice.message
    (strict,) = findings(cut(full_game(), 30), strict=True)
    assert strict.severity == "dispute" and strict.message == notice.message


def test_no_claims_no_notice() -> None:
    data = cut(full_game(), 30)
    data["deals"][0].pop("claimed")
    assert findings(data) == []


def test_fewer_cards_than_taken_and_more_than_possible() -> None:
    data = cut(full_game(), 30)
    side(data, 0)["counts"]["cards"] = 0
    side(data, 1)["counts"]["cards"] = 52
    notice, low, high = findings(data)
    assert notice.severity == "warning"
    assert (low.severity, low.loc) == (
        "dispute",
        "/deals/0/claimed/sides/0/counts/cards",
    )
    assert "claimed 0, but the moves played already make it at least" in (low.message)
    assert low.where == "deal 1, Ana's cards taken"
    assert low.deciding[0].why == "this capture took Ana past 0"
    assert (high.loc, high.deciding[0].why) == (
        "/deals/0/claimed/sides/1/counts/cards",
        "the last move played: the deal goes no further",
    )
    assert "at most" in high.message


def first_past_half(data: Data) -> int:
    """The number of moves after which a side first holds more than 26 cards."""
    record = GameRecord.model_validate(data)
    for position in replay(record, positions=True).positions[0][1:]:
        if any(len(pile) > 26 for pile in position.state.piles):
            return position.state.moves_played
    raise AssertionError("no side passed half the pack")


def test_most_cards_is_decided_once_a_side_has_more_than_half() -> None:
    data = full_game()
    moves = first_past_half(data)
    assert moves < 48
    data = cut(data, moves)
    leader = max((0, 1), key=lambda k: side(data, k)["counts"]["cards"])
    side(data, leader)["points"]["most_cards"] = 0
    notice, dispute = findings(data)
    assert dispute.loc == f"/deals/0/claimed/sides/{leader}/points/most_cards"
    assert "already make it exactly 3" in dispute.message
    assert dispute.deciding[0].why.startswith(
        f"this capture gave {('Ana', 'Ben')[leader]} more than half of the cards"
    )
    assert "most cards" in notice.message.split("checked against the moves played:")[1]


@pytest.mark.parametrize("figure", ["aces", "big_casino", "little_casino"])
def test_cards_already_captured_fix_their_points(figure: str) -> None:
    data = cut(full_game(), 47)  # one move short of the end
    state = (
        replay(GameRecord.model_validate(data), positions=True).positions[0][-1].state
    )
    taken: list[int] = {
        "aces": [sum(c.is_ace for c in pile) for pile in state.piles],
        "big_casino": [2 * any(str(c) == "10D" for c in p) for p in state.piles],
        "little_casino": [int(any(str(c) == "2S" for c in p)) for p in state.piles],
    }[figure]
    k = max((0, 1), key=lambda s: taken[s])
    assert taken[k] > 0
    side(data, k)["points"][figure] = 0
    _, dispute = findings(data)
    assert dispute.loc == f"/deals/0/claimed/sides/{k}/points/{figure}"
    assert dispute.deciding and all("captured" in m.why for m in dispute.deciding)


def test_claims_on_a_deal_won_at_once_are_not_checked() -> None:
    """A deal ended by an immediate win (R13.4) is not scored: its claims, as
    the simulator wrote them before issue 19, are said to be unchecked."""
    record = simulate_record(
        "dominican",
        2,
        seed="84",
        options={"target_score": 11, "near_target_immediate_win": True},
    )
    data: Data = json.loads(jsonio.dumps(record))
    first = data["deals"][0]["claimed"]
    data["deals"][1]["claimed"] = {"sides": [{"total": 0}, {"total": 11}]}
    assert first is not None
    (notice,) = findings(data)
    assert notice.loc == "/deals/1/claimed" and notice.severity == "warning"
    assert notice.message == (
        "not checked: the match was won at move 48 of 48 (R13.4), so the deal is not"
        " scored; checked against the moves played: deal points"
    )


# --- issue 36 point 11: what the rules or the moves still to come settle --------------


def unfinished_sample() -> Data:
    """The classic sample whose deal 2 stops after move 19 of 48."""
    from tests.paths import SAMPLES

    data: Data = json.loads((SAMPLES / "unchecked-claims-unfinished.json").read_text())
    return data


@pytest.mark.parametrize(
    ("figure", "value", "message"),
    [
        (
            ("points", "sweeps"),
            2,
            "claimed 2, but the rules score no sweeps (option sweeps"
            " off), which make it exactly 0",
        ),
        (
            ("counts", "sweeps"),
            60,
            "claimed 60, but the moves played and the 29 still to come make it at most 29",
        ),
        (
            ("counts", "sweeps"),
            9_200_000_000_000_000_000,
            "claimed 9200000000000000000, but the moves played and the"
            " 29 still to come make it at most 29",
        ),
        (
            ("total",),
            9_200_000_000_000_000_000,
            "claimed 9200000000000000000, but the moves played and the"
            " 29 still to come make it at most 8",
        ),
    ],
)
def test_claims_the_rules_or_the_rest_of_the_deal_cannot_reach_are_disputed(
    figure: tuple[str, ...], value: int, message: str
) -> None:
    """Classic scores no sweeps, a move sweeps at most once, and a deal's points
    are at most what every category could still bring: such claims on an
    unfinished deal are disputed now, not left unchecked."""
    data = unfinished_sample()
    claimed = data["deals"][1]["claimed"]["sides"][0]
    if len(figure) == 2:
        claimed[figure[0]][figure[1]] = value
    else:
        claimed[figure[0]] = value
    report = replay(GameRecord.model_validate(data)).report
    assert report.status == "disputed"
    disputes = [f for f in report.findings if f.severity == "dispute"]
    assert [f.loc for f in disputes] == ["/deals/1/claimed/sides/0/" + "/".join(figure)]
    assert disputes[0].message == (f"{message} (the deal stops after move 19 of 48)")
