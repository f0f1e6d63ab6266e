"""Replay: strict and collecting modes, positions, provenance, structure, match claims."""

from __future__ import annotations

import json
from dataclasses import asdict
from functools import cache
from typing import Any

import pytest

from casino_records.check.replay import ReplayPosition, replay
from casino_records.check.report import ReplayReport
from casino_records.engine.cards import parse_card
from casino_records.engine.shuffle import shuffled_deck
from casino_records.errors import (
    IllegalMoveError,
    RecordFormatError,
    ScoreMismatchError,
)
from casino_records.record.format.models import GameRecord
from casino_records.record.json import jsonio
from casino_records.record.simulate import Provenance, simulate_record
from tests.harness.records import edited

Data = dict[str, Any]
PROVENANCES: tuple[Provenance, ...] = ("seed", "deck", "hands", "inferred")


@cache
def game(
    preset: str = "classic",
    players: int = 2,
    provenance: Provenance = "seed",
    seed: str = "replay",
    teams: bool = False,
) -> GameRecord:
    """A whole simulated match (cached: records are immutable)."""
    return simulate_record(
        preset,
        players,
        teams=teams,
        seed=seed,
        bots=("greedy", "random"),
        provenance=provenance,
    )


def data_of(record: GameRecord) -> Data:
    data: Data = json.loads(jsonio.dumps(record))
    return data


def report_of(record: GameRecord) -> ReplayReport:
    return replay(record).report


def findings(record: GameRecord) -> list[tuple[str, str, str, str]]:
    return [(f.severity, f.kind, f.rule, f.loc) for f in report_of(record).findings]


def first_deal(data: Data) -> None:
    """Keep only the first deal, without a claimed match result."""
    data["deals"] = data["deals"][:1]
    data.pop("claimed", None)


def swap_moves(data: Data, d: int, r: int, k: int) -> None:
    moves = data["deals"][d]["rounds"][r]["moves"]
    moves[k], moves[k + 1] = moves[k + 1], moves[k]


def snapshot(position: ReplayPosition) -> tuple[object, ...]:
    """Everything a viewer reads from a position, as plain values.

    Hands are sorted: inferred hands hold the cards in the order they were played.
    """
    state = position.state
    return (
        [sorted(h) for h in state.hands],
        list(state.loose),
        [(b.id, b.value, b.groups, b.owner) for b in state.builds],
        [list(p) for p in state.piles],
        [list(s) for s in state.sweeps],
        len(state.log),
        state.turn,
        state.round,
        state.finished,
    )


# --- sanity of the fixtures ------------------------------------------------------


def test_simulated_game_replays_ok() -> None:
    record = game()
    report = report_of(record)
    assert report.status == "ok"
    assert len(record.deals) >= 3
    assert report.moves_checked == 48 * len(record.deals)


# --- strict mode raises, collecting mode gathers -----------------------------------


def test_strict_illegal_move() -> None:
    record = edited(game(), lambda d: swap_moves(d, 0, 1, 2))
    with pytest.raises(IllegalMoveError) as info:
        replay(record, strict=True)
    exc = info.value
    assert exc.loc == "/deals/0/rounds/1/moves/2"
    assert exc.rule == "R2.4"
    assert exc.where.startswith("deal 1, move 11 (round 2), Ana: ")
    assert exc.message == "out of turn: it is Ben's turn, not Ana's (R2.4)"
    assert exc.legal and all(isinstance(m, str) for m in exc.legal)
    assert exc.loc in str(exc) and exc.where in str(exc)
    [finding] = report_of(record).findings
    assert (finding.loc, finding.rule, finding.where) == (exc.loc, "R2.4", exc.where)
    assert finding.legal == list(exc.legal)


def test_strict_record_format_error() -> None:
    def table_wrong(data: Data) -> None:
        first_deal(data)
        deck = data["deals"][0].pop("shuffle")
        data["deals"][0]["deck"] = [str(c) for c in shuffled_deck(deck["seed"])]
        data["deals"][0]["table"] = ["AS", "2S", "3S", "4S"]

    record = edited(game(), table_wrong)
    with pytest.raises(RecordFormatError) as info:
        replay(record, strict=True)
    exc = info.value
    assert not isinstance(exc, IllegalMoveError | ScoreMismatchError)
    assert (exc.loc, exc.rule) == ("/deals/0/table", "R3.4")
    assert exc.where == "deal 1, table"
    assert "A♠ 2♠ 3♠ 4♠" in exc.message


def test_strict_score_mismatch() -> None:
    def wrong(data: Data) -> None:
        data["deals"][0]["claimed"]["sides"][1]["points"]["aces"] += 1

    record = edited(game(), wrong)
    with pytest.raises(ScoreMismatchError) as info:
        replay(record, strict=True)
    exc = info.value
    assert exc.loc == "/deals/0/claimed/sides/1/points/aces"
    assert exc.where == "deal 1, Ben's aces"
    assert exc.rule == ""
    assert exc.message.startswith("claimed ") and ", computed " in exc.message


def test_collecting_gathers_every_finding_strict_raises_the_first() -> None:
    def several(data: Data) -> None:
        data["deals"][0]["claimed"]["sides"][0]["total"] += 2  # deal 1: a dispute
        swap_moves(data, 1, 3, 0)  # deal 2: out of turn
        swap_moves(data, 2, 0, 4)  # deal 3: out of turn

    record = edited(game(), several)
    assert findings(record) == [
        ("dispute", "score", "", "/deals/0/claimed/sides/0/total"),
        ("error", "illegal_move", "R2.4", "/deals/1/rounds/3/moves/0"),
        ("error", "illegal_move", "R2.4", "/deals/2/rounds/0/moves/4"),
    ]
    report = report_of(record)
    assert report.status == "invalid" and report.disputed
    # deals after an unplayable deal are checked move by move but not scored,
    # and the claimed match result is not judged
    assert report.match is not None and report.match.checks == []
    assert report.moves_checked == 48 + 24 + 4
    with pytest.raises(ScoreMismatchError):
        replay(record, strict=True)


# --- positions ---------------------------------------------------------------------


def test_positions_one_more_than_moves_per_deal() -> None:
    record = game()
    result = replay(record, positions=True)
    assert len(result.positions) == len(record.deals)
    totals = [0, 0]
    for d, (deal, kept) in enumerate(zip(record.deals, result.positions, strict=True)):
        moves = [
            (r, k, m)
            for r, rnd in enumerate(deal.rounds)
            for k, m in enumerate(rnd.moves)
        ]
        assert len(kept) == len(moves) + 1
        assert kept[0].last is None and kept[0].last_loc == ""
        for i, position in enumerate(kept):
            assert (position.deal, position.index) == (d, i)
            assert list(position.totals) == totals
            if i < len(moves):
                r, k, _ = moves[i]
                assert position.loc == f"/deals/{d}/rounds/{r}/moves/{k}"
                assert position.round == r and not position.finished
            else:
                assert position.loc == f"/deals/{d}" and position.finished
            if i:
                r, k, move = moves[i - 1]
                assert position.last is not None
                assert position.last.index == i - 1
                assert position.last.move.card == parse_card(move.card)
                assert position.last.move.seat == move.seat
                assert position.last_loc == f"/deals/{d}/rounds/{r}/moves/{k}"
                assert position.last is position.state.log[-1]
        sides = result.report.deals[d].sides
        totals = [s.total_after or 0 for s in sides]
    assert replay(record).positions == []


def test_positions_are_independent_copies() -> None:
    record = game()
    kept = replay(record, positions=True).positions[0]
    fresh = replay(record, positions=True).positions[0]
    before = [snapshot(p) for p in kept]
    victim = kept[10].state
    victim.hand_bits[0] = 0
    victim.loose_bits |= 1 << parse_card("AS")
    victim.pile_bits[1] |= 1 << parse_card("2S")
    victim.sweeps[0].append(99)
    victim.log.clear()
    victim.builds.clear()
    victim.turn = 7
    assert snapshot(kept[10]) != before[10]
    for i, position in enumerate(kept):
        if i != 10:
            assert snapshot(position) == before[i] == snapshot(fresh[i])


def test_positions_of_an_unfinished_deal() -> None:
    def cut(data: Data) -> None:
        first_deal(data)
        rounds = data["deals"][0]["rounds"]
        del rounds[3:]
        del rounds[2]["moves"][5:]

    result = replay(edited(game(), cut), positions=True)
    [kept] = result.positions
    assert len(kept) == 8 + 8 + 5 + 1
    assert kept[-1].loc == "/deals/0" and not kept[-1].finished
    assert kept[-1].last_loc == "/deals/0/rounds/2/moves/4"


# --- provenance ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "players", "teams"),
    [("classic", 2, False), ("royal", 3, False), ("dominican", 4, True)],
)
def test_every_provenance_gives_the_same_replay(
    preset: str, players: int, teams: bool
) -> None:
    results = [
        replay(game(preset, players, p, "same", teams), positions=True)
        for p in PROVENANCES
    ]
    reports = [asdict(r.report) for r in results]
    assert reports[0]["findings"] == []
    assert all(report == reports[0] for report in reports[1:])
    views = [[[snapshot(p) for p in deal] for deal in r.positions] for r in results]
    assert all(view == views[0] for view in views[1:])


def test_deck_disagrees_with_shuffle() -> None:
    def add_deck(data: Data, swap: bool) -> None:
        deal = data["deals"][0]
        deck = [str(c) for c in shuffled_deck(deal["shuffle"]["seed"])]
        if swap:
            deck[10], deck[20] = deck[20], deck[10]
        deal["deck"] = deck

    assert findings(edited(game(), lambda d: add_deck(d, False))) == []
    record = edited(game(), lambda d: add_deck(d, True))
    assert findings(record) == [("error", "provenance", "", "/deals/0/deck/10")]
    [finding] = report_of(record).findings
    assert finding.where == "deal 1, deck card 11"
    assert "/deals/0/shuffle" in finding.message
    assert "card 11 is" in finding.message and "by the shuffle" in finding.message


def test_table_disagrees_with_deck() -> None:
    record = game(provenance="deck")
    dealt = game(provenance="hands").deals[0].table  # what the deck deals
    assert dealt is not None and record.deals[0].deck is not None

    def with_table(cards: list[str]) -> GameRecord:
        return edited(record, lambda d: d["deals"][0].__setitem__("table", cards))

    assert findings(with_table(list(reversed(dealt)))) == []  # any order
    other = next(c for c in record.deals[0].deck if c not in dealt)
    wrong = [*dealt[:3], other]
    bad = with_table(wrong)
    assert findings(bad) == [("error", "provenance", "R3.4", "/deals/0/table")]
    [finding] = report_of(bad).findings
    assert finding.where == "deal 1, table"
    wrong_, dealt_ = (" ".join(parse_card(c).pretty for c in x) for x in (wrong, dealt))
    assert f"the table {wrong_} disagrees with the deck" in finding.message
    assert f"which deals {dealt_} to the table" in finding.message


def test_hand_disagrees_with_deck() -> None:
    hands = game(provenance="hands").deals[0].rounds[0].hands
    assert hands is not None

    def with_hand(data: Data) -> None:
        mine = list(hands[0])
        mine[2] = hands[1][0]  # a card dealt to the other seat
        data["deals"][0]["rounds"][0]["hands"] = [mine, ["??"] * 4]

    record = edited(game(provenance="deck"), with_hand)
    assert findings(record) == [
        ("error", "provenance", "R3.4", "/deals/0/rounds/0/hands/0/2")
    ]
    finding = report_of(record).findings[0]
    assert finding.where == "deal 1, round 1, Ana's hand"
    assert f"{parse_card(hands[1][0]).pretty} is not in Ana's hand" in finding.message


def test_unknown_cards_are_completed_from_the_moves() -> None:
    record = game(provenance="hands")

    def hide(data: Data) -> None:
        for deal in data["deals"]:
            for r, round_ in enumerate(deal["rounds"]):
                round_["hands"][r % 2] = ["??"] * 4
                round_["hands"][1 - r % 2][1] = "??"

    hidden = edited(record, hide)
    assert report_of(hidden) == report_of(record)
    assert report_of(hidden).status == "ok"


def test_card_dealt_twice_with_inferred_hands() -> None:
    def twice(data: Data) -> None:
        first_deal(data)
        rounds = data["deals"][0]["rounds"]
        rounds[1]["moves"][3]["card"] = rounds[0]["moves"][0]["card"]

    record = edited(game(provenance="inferred"), twice)
    [finding] = report_of(record).findings
    assert (finding.kind, finding.rule) == ("provenance", "R1.1")
    assert finding.loc == "/deals/0/rounds/1/moves/3/card"
    assert finding.where.startswith("deal 1, move 12 (round 2), Ana plays ")
    assert (
        "dealt twice: at deal 1, move 1 (round 1) and at deal 1, move 12 (round 2)"
        in finding.message
    )


def test_card_dealt_twice_table_and_move() -> None:
    def twice(data: Data) -> None:
        first_deal(data)
        data["deals"][0]["rounds"][2]["moves"][0]["card"] = data["deals"][0]["table"][1]

    [finding] = report_of(edited(game(provenance="inferred"), twice)).findings
    assert (finding.rule, finding.loc) == ("R1.1", "/deals/0/rounds/2/moves/0/card")
    assert "at deal 1, table card 2 and at deal 1, move 17 (round 3)" in finding.message


def test_unfinished_round_with_hands_unknown_is_valid() -> None:
    """D7: the moves of an unfinished round are checked as far as the hands are known."""

    def cut(data: Data) -> None:
        first_deal(data)
        rounds = data["deals"][0]["rounds"]
        del rounds[3:]
        del rounds[2]["moves"][5:]

    record = edited(game(provenance="inferred"), cut)
    report = report_of(record)
    assert report.status == "ok"
    assert all(f.severity == "warning" for f in report.findings)  # D8: the claims
    deal = report.deals[0]
    assert (deal.moves, deal.complete) == (21, False)
    assert sorted(deal.unseen) == [1, 2]  # 5 moves of round 3: 3 by one seat, 2
    # the same cut with the hands recorded: every hand known, nothing unseen
    report = report_of(edited(game(provenance="hands"), cut))
    assert report.status == "ok" and report.deals[0].moves == 21
    assert report.deals[0].unseen == [] and report.deals[0].pending == []
    assert report.match is not None and not report.match.finished
    # kept positions show only the cards known to be held
    end = replay(record, positions=True).positions[0][-1].state
    assert [len(hand) for hand in end.hands] == [0, 0]


def test_inferred_hands_need_four_cards_a_seat() -> None:
    def misattribute(data: Data) -> None:
        first_deal(data)
        move = data["deals"][0]["rounds"][0]["moves"][1]
        move["seat"] = 1 - move["seat"]

    record = edited(game(provenance="inferred"), misattribute)
    [finding] = report_of(record).findings
    assert (finding.kind, finding.rule) == ("structure", "R2.4")
    assert "Ana plays 3 cards in round 1" in finding.message


# --- structure of the match ----------------------------------------------------------


def test_dealer_rotation() -> None:
    def second_deal_same_dealer(data: Data) -> None:
        data["deals"] = data["deals"][:2]
        data.pop("claimed")
        second = data["deals"][1]
        second["dealer"] = data["deals"][0]["dealer"]
        second["rounds"] = []
        second.pop("claimed")

    record = edited(game(), second_deal_same_dealer)
    assert findings(record) == [("error", "structure", "R2.7", "/deals/1/dealer")]
    finding = report_of(record).findings[0]
    assert finding.message == "it is Ben's deal (the next after Ana), not Ana's"
    with pytest.raises(RecordFormatError) as info:
        replay(record, strict=True)
    assert (info.value.loc, info.value.rule) == ("/deals/1/dealer", "R2.7")


@pytest.mark.parametrize(
    ("preset", "order"), [("classic", [0, 1, 2]), ("dominican", [0, 2, 1])]
)
def test_dealer_passes_in_the_direction_of_play(preset: str, order: list[int]) -> None:
    record = game(preset, 3)
    dealers = [deal.dealer for deal in record.deals]
    assert dealers == [order[i % 3] for i in range(len(dealers))]


def test_deal_after_the_match_was_won() -> None:
    record = game()
    report = report_of(record)
    assert report.match is not None and report.match.winner is not None

    def extra(data: Data) -> None:
        last = data["deals"][-1]
        data["deals"].append(
            {
                "dealer": 1 - last["dealer"],
                "shuffle": {"method": "casino-shuffle/1", "seed": "one more"},
            }
        )

    late = edited(record, extra)
    n = len(record.deals)
    assert findings(late) == [("error", "match", "R13.2", f"/deals/{n}")]
    finding = report_of(late).findings[0]
    assert finding.where == f"deal {n + 1}"
    assert f"after {report.sides[report.match.winner]} had won" in finding.message
    assert report_of(late).match == report.match


def test_unfinished_last_deal_is_valid() -> None:
    def cut(data: Data) -> None:
        data["claimed"].pop("winner")
        data["claimed"].pop("totals")
        last = data["deals"][-1]
        last.pop("claimed")
        del last["rounds"][2:]
        del last["rounds"][1]["moves"][3:]

    record = edited(game(), cut)
    report = report_of(record)
    assert report.status == "ok" and report.findings == []
    assert report.match is not None
    assert not report.match.finished and report.match.winner is None
    assert not report.deals[-1].complete and report.deals[-1].moves == 11
    assert report.match.totals == [s.total_after for s in report.deals[-2].sides]


def test_claimed_winner_of_an_unfinished_match() -> None:
    def cut(data: Data) -> None:
        data["claimed"].pop("totals")
        del data["deals"][-1]  # every deal complete, nobody at the target yet

    report = report_of(edited(game(), cut))
    [finding] = report.findings
    assert (finding.severity, finding.kind, finding.loc) == (
        "dispute",
        "match",
        "/claimed/winner",
    )
    assert "computed nobody yet" in finding.message


def test_unfinished_deal_before_another_deal() -> None:
    def cut(data: Data) -> None:
        data.pop("claimed")
        del data["deals"][0]["rounds"][5]["moves"][7]
        data["deals"][0].pop("claimed")

    record = edited(game(), cut)
    assert findings(record)[0] == ("error", "structure", "R3.3", "/deals/0")


def test_round_after_an_unfinished_round() -> None:
    def cut(data: Data) -> None:
        first_deal(data)
        data["deals"][0].pop("claimed")
        del data["deals"][0]["rounds"][1]["moves"][6:]

    record = edited(game(), cut)
    assert findings(record) == [("error", "structure", "R3.2", "/deals/0/rounds/2")]


def test_claimed_match_totals_and_winner() -> None:
    record = game()
    report = report_of(record)
    assert report.match is not None
    checks = {
        (c.category, c.side): (c.claimed, c.computed) for c in report.match.checks
    }
    totals, winner = report.match.totals, report.match.winner
    assert winner is not None
    assert checks == {
        ("totals", 0): (totals[0], totals[0]),
        ("totals", 1): (totals[1], totals[1]),
        ("winner", winner): (winner, winner),
    }

    def wrong(data: Data) -> None:
        data["claimed"]["totals"][1] += 5
        data["claimed"]["winner"] = 1 - winner

    bad = report_of(edited(record, wrong))
    assert [(f.kind, f.loc) for f in bad.findings] == [
        ("match", "/claimed/totals/1"),
        ("match", "/claimed/winner"),
    ]
    assert bad.findings[0].message == (f"claimed {totals[1] + 5}, computed {totals[1]}")
    assert f"computed {record.players[winner].name}:" in bad.findings[1].message
    assert bad.status == "disputed"


# --- simulate_record round trips ---------------------------------------------------

SIMULATIONS = [
    (preset, players, teams)
    for preset in ("classic", "royal", "dominican")
    for players, teams in ((2, False), (3, False), (4, True))
] + [("classic", 4, False), ("royal", 4, False)]


@pytest.mark.parametrize("provenance", PROVENANCES)
@pytest.mark.parametrize(("preset", "players", "teams"), SIMULATIONS)
def test_simulate_record_round_trip(
    preset: str, players: int, teams: bool, provenance: Provenance
) -> None:
    record = game(preset, players, provenance, "trip", teams)
    text = jsonio.dumps(record)
    assert jsonio.dumps(jsonio.loads(text)) == text
    assert jsonio.loads(text) == record
    deal = record.deals[0]
    assert (deal.shuffle is not None) == (provenance == "seed")
    assert (deal.deck is not None) == (provenance == "deck")
    assert (deal.table is not None) == (provenance in ("hands", "inferred"))
    assert (deal.rounds[0].hands is not None) == (provenance == "hands")
    report = report_of(record)
    assert report.status == "ok", report.findings
    assert report.match is not None and report.match.finished
    assert record.claimed is not None
    assert record.claimed.winner == report.match.winner
    assert list(record.claimed.totals or ()) == report.match.totals
    assert all(d.complete and d.checks for d in report.deals)
