"""Lines of play (variations) in the replay: each checked from where it branches.

docs/notation.md, "Variations": a line's moves are checked with the engine's
move check from the position before the move they replace, crossing into the
deal's next rounds when the record gives their hands; an illegal move in a
line is a located error; claims are checked on the main line only; where a
hand is known only as far as played, a card nobody has seen is "not known to
be held" and the line is not checked on from there (a warning, rule D7).
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from casino_records.check.replay import replay
from casino_records.engine.movegen import generate_legal_moves
from casino_records.engine.play import apply_move, needs_hands, next_round
from casino_records.engine.seating import Seating
from casino_records.errors import IllegalMoveError
from casino_records.record.format.models import GameRecord, MoveRecord
from casino_records.record.format.provenance import resolve_deal_cards
from casino_records.record.format.translate import to_engine, to_notation
from casino_records.record.json.jsonio import loads
from tests.paths import SAMPLES


def _data(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SAMPLES / name).read_text(encoding="utf-8"))
    return data


def _move_at(data: dict[str, Any], deal: int, number: int) -> dict[str, Any]:
    """The JSON of move ``number`` (from 1, across the rounds) of deal ``deal`` (from 0)."""
    for round_ in data["deals"][deal]["rounds"]:
        if number <= len(round_["moves"]):
            move: dict[str, Any] = round_["moves"][number - 1]
            return move
        number -= len(round_["moves"])
    raise AssertionError("no such move")


class _NoErrors:
    def error(self, *args: object, **kwargs: object) -> None:
        raise AssertionError(args)


def _engine_line(
    data: dict[str, Any], deal: int, number: int, length: int, pick: int = -1
) -> list[dict[str, Any]]:
    """A legal line of ``length`` moves replacing move ``number``: at each
    position the ``pick``-th legal move (the first one differs from the move
    recorded), the rounds after dealt from the record's cards."""
    record = GameRecord.model_validate(data)
    played = replay(record, positions=True)
    state = played.positions[deal][number - 1].state.copy()
    rules = record.rules.effective()
    seating = Seating.create(rules, len(record.players), record.teams)
    cards = resolve_deal_cards(_NoErrors(), deal, record.deals[deal], rules, seating)
    assert cards is not None
    recorded = to_engine(_record_move(record, deal, number))
    line: list[dict[str, Any]] = []
    for _ in range(length):
        if needs_hands(state):
            next_round(state, cards.rounds[state.round + 1])
        legal = generate_legal_moves(state)
        if not line:  # another move than the one recorded, where there is one
            other = [m for m in legal if m != recorded]
            legal = other or legal
        move = legal[pick]
        apply_move(state, move)
        line.append(to_notation(move).model_dump(mode="json", exclude_none=True))
    return line


def _record_move(record: GameRecord, deal: int, number: int) -> MoveRecord:
    for round_ in record.deals[deal].rounds:
        if number <= len(round_.moves):
            return round_.moves[number - 1]
        number -= len(round_.moves)
    raise AssertionError("no such move")


def _with_line(
    data: dict[str, Any], deal: int, number: int, *lines: list[dict[str, Any]]
) -> GameRecord:
    changed = copy.deepcopy(data)
    _move_at(changed, deal, number)["variations"] = [list(line) for line in lines]
    return loads(json.dumps(changed))


def test_a_legal_line_leaves_the_verdict_and_the_claims_as_they_were() -> None:
    data = _data("classic-2p-unfinished.json")
    before = replay(loads(json.dumps(data))).report
    line = _engine_line(data, 0, 3, 5)
    after = replay(_with_line(data, 0, 3, line)).report
    assert after.findings == before.findings
    assert after.valid and [d.sides for d in after.deals] == [
        d.sides for d in before.deals
    ]
    assert after.moves_checked == before.moves_checked + 5


def test_a_line_crosses_into_the_next_round_when_the_shuffle_gives_its_hands() -> None:
    data = _data("classic-2p-unfinished.json")  # a shuffle: every round is known
    line = _engine_line(data, 0, 7, 6)  # moves 7 and 8 of round 1, then round 2
    report = replay(_with_line(data, 0, 7, line)).report
    assert report.valid and not report.findings


def _with_an_illegal_line() -> GameRecord:
    """A sample whose move 11 carries a line of two moves, the second a capture
    of a card not on the table."""
    data = _data("classic-2p-unfinished.json")
    line = _engine_line(data, 0, 11, 2)
    line[1] = {
        "seat": line[1]["seat"],
        "card": line[1]["card"],
        "action": "capture",
        "take": ["QC"],
    }
    return _with_line(data, 0, 11, line)


def test_an_illegal_move_in_a_line_is_located_by_pointer_and_words() -> None:
    record = _with_an_illegal_line()
    report = replay(record).report
    assert not report.valid
    [error] = [f for f in report.findings if f.severity == "error"]
    assert error.kind == "illegal_move"
    assert error.loc == "/deals/0/rounds/1/moves/2/variations/0/1"
    assert error.where.startswith("deal 1, move 11 (round 2), line 1, move 2, ")
    assert error.legal  # what was legal instead
    with pytest.raises(IllegalMoveError) as raised:
        replay(record, strict=True)
    assert raised.value.loc == error.loc
    assert raised.value.where.startswith("deal 1, move 11 (round 2), line 1, move 2")


def test_a_line_of_a_line_is_checked_and_placed_below_it() -> None:
    data = _data("classic-2p-unfinished.json")
    line = _engine_line(data, 0, 3, 3)
    inner = {"seat": line[1]["seat"], "card": "KD", "action": "trail"}  # not held
    line[1]["variations"] = [[inner]]
    report = replay(_with_line(data, 0, 3, line)).report
    [error] = [f for f in report.findings if f.severity == "error"]
    assert error.loc == "/deals/0/rounds/0/moves/2/variations/0/1/variations/0/0"
    assert error.where.startswith(
        "deal 1, move 3 (round 1), line 1, move 2, line 1, move 1, "
    )
    assert error.rule == "R4.1"


def test_a_second_line_of_one_move_is_numbered_apart() -> None:
    data = _data("classic-2p-unfinished.json")
    good = _engine_line(data, 0, 3, 2)
    bad = [{"seat": 0, "card": "JC", "action": "trail"}]  # seat 1 plays move 3
    report = replay(_with_line(data, 0, 3, good, bad)).report
    [error] = [f for f in report.findings if f.severity == "error"]
    assert error.loc == "/deals/0/rounds/0/moves/2/variations/1/0"
    assert "line 2, move 1" in error.where


def test_a_line_ends_at_the_latest_at_the_deals_end() -> None:
    data = _data("classic-2p-annotated.json")
    moves = sum(len(r["moves"]) for r in data["deals"][0]["rounds"])
    line = _engine_line(data, 0, moves, 1)
    line.append({"seat": 0, "card": "AS", "action": "trail"})
    report = replay(_with_line(data, 0, moves, line)).report
    [error] = [f for f in report.findings if f.severity == "error"]
    assert error.rule == "R3.3" and "line 1, move 2" in error.where
    assert "the deal is over" in error.message


def _unfinished_annotated(last: int) -> dict[str, Any]:
    """The annotated sample (Tomás's hands ``??``, completed from his moves)
    cut after move ``last`` of its first deal: his hand in that round is then
    known only as far as he played it."""
    data = _data("classic-2p-annotated.json")
    deal = data["deals"][0]
    kept, left = [], last
    for round_ in deal["rounds"]:
        if left <= 0:
            break
        round_["moves"] = round_["moves"][:left]
        left -= len(round_["moves"])
        kept.append(round_)
    deal["rounds"] = kept
    del deal["claimed"]
    data["deals"] = [deal]
    data.pop("claimed", None)
    return data


def test_a_card_nobody_has_seen_is_not_known_to_be_held() -> None:
    data = _unfinished_annotated(12)  # round 2: Tomás played 2S and QS only
    assert replay(loads(json.dumps(data))).report.findings == []
    line = [
        {"seat": 0, "card": "10D", "action": "trail"},
        {"seat": 1, "card": "7D", "action": "trail"},
    ]  # 7D: he held it, unseen
    report = replay(_with_line(data, 0, 12, line)).report
    assert report.valid  # the record cannot tell: no error
    [warning] = report.findings
    assert warning.severity == "warning" and warning.rule == "D7"
    assert warning.loc == "/deals/0/rounds/1/moves/3/variations/0/1"
    assert "7♦ is not known to be held" in warning.message
    assert "line 1, move 2" in warning.where


def test_a_card_known_to_be_elsewhere_is_illegal_in_a_partly_known_hand() -> None:
    data = _unfinished_annotated(12)
    line = [
        {"seat": 0, "card": "10D", "action": "trail"},
        {"seat": 1, "card": "KS", "action": "trail"},
    ]  # Marta played KS at move 10
    report = replay(_with_line(data, 0, 12, line)).report
    [error] = report.findings
    assert error.severity == "error" and error.rule == "R4.1"
    assert error.loc == "/deals/0/rounds/1/moves/3/variations/0/1"


def test_a_line_into_a_round_the_record_does_not_give_is_not_checked_on() -> None:
    data = _unfinished_annotated(16)  # the end of round 2; round 3 not recorded
    line = [{"seat": 0, "card": "10D", "action": "trail"}]  # move 16 replaced? no:
    # move 16 is Marta's 9H trail; the line plays it, then goes on into round 3
    line = [
        {"seat": 0, "card": "9H", "action": "trail"},
        {"seat": 1, "card": "5D", "action": "trail"},
    ]
    report = replay(_with_line(data, 0, 16, line)).report
    assert report.valid
    [warning] = report.findings
    assert warning.rule == "D7" and "round 3" in warning.message
    assert warning.loc == "/deals/0/rounds/1/moves/7/variations/0/1"


def test_claims_and_disputes_are_checked_on_the_main_line_only() -> None:
    data = _data("disputed-most-cards.json")
    before = replay(loads(json.dumps(data))).report
    line = _engine_line(data, 0, 1, 4)
    after = replay(_with_line(data, 0, 1, line)).report
    assert after.disputed and before.disputed
    assert [(f.loc, f.message) for f in after.findings] == [
        (f.loc, f.message) for f in before.findings
    ]


def test_the_quick_replay_of_a_record_with_lines_reports_them() -> None:
    record = _with_an_illegal_line()
    quick = replay(record, quick=True).report
    assert [f.loc for f in quick.findings] == [
        "/deals/0/rounds/1/moves/2/variations/0/1"
    ]
