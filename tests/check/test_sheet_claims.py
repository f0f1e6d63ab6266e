"""Claims as club players write them (issue 31, points 1 and 7): an item left off
a sheet of items reads as 0, a totals-only sheet claims its totals only, and the
moves listed under a difference are those that change that figure."""

from __future__ import annotations

import json
from typing import Any

from casino_records.check.replay import replay
from casino_records.check.report import Finding, ReplayReport
from casino_records.present.report_text import report_text
from casino_records.record.format.claims import ClaimedPoints, ClaimedSide
from casino_records.record.format.models import GameRecord
from casino_records.record.format.sheets import sheet_form
from casino_records.record.json import jsonio
from tests import paths

SWEEPS = paths.SAMPLES / "disputed-sweep-count.json"


def with_sides(*sides: dict[str, Any]) -> GameRecord:
    """The sweep sample with deal 1's claimed sides replaced by ``sides``."""
    data = json.loads(jsonio.dumps(jsonio.load(SWEEPS)))
    data["deals"][0]["claimed"]["sides"] = list(sides)
    data.pop("claimed")
    return jsonio.loads(json.dumps(data))


def checked(report: ReplayReport) -> dict[tuple[int, str], tuple[int, int]]:
    return {
        (c.side, c.category): (c.claimed, c.computed) for c in report.deals[0].checks
    }


def disputes(report: ReplayReport) -> dict[str, Finding]:
    return {f.loc: f for f in report.findings if f.severity == "dispute"}


# Deal 1 as the rules score it: Ana 3+1+2+1+2 aces+1 sweep = 10, Ben 2 aces = 2.
ANA_ITEMS = {
    "most_cards": 3,
    "most_spades": 1,
    "big_casino": 2,
    "little_casino": 1,
    "aces": 2,
    "sweeps": 1,
}


def test_a_sheet_of_the_items_scored_agrees() -> None:
    report = replay(
        with_sides(
            {"points": ANA_ITEMS, "total": 10}, {"points": {"aces": 2}, "total": 2}
        )
    ).report
    assert report.status == "ok"
    # Ben's items left off, scored by nobody: not shown as checks of their own.
    assert checked(report)[(1, "points.aces")] == (2, 2)
    assert (1, "points.most_cards") not in checked(report)


def test_an_item_left_off_reads_as_zero() -> None:
    report = replay(
        with_sides({"points": ANA_ITEMS, "total": 10}, {"points": {}, "total": 2})
    ).report
    assert report.status == "disputed"
    (finding,) = disputes(report).values()
    assert finding.loc == "/deals/0/claimed/sides/1/points/aces"
    assert finding.message == "claimed 0 (left off the sheet), computed 2"
    assert checked(report)[(1, "points.aces")] == (0, 2)


def test_a_totals_only_sheet_checks_the_totals_alone() -> None:
    report = replay(with_sides({"total": 10}, {"total": 2})).report
    assert report.status == "ok"
    assert set(checked(report)) == {(0, "total"), (1, "total")}


def test_a_side_that_writes_no_points_claims_no_item() -> None:
    report = replay(with_sides({"total": 10}, {"counts": {"cards": 16}})).report
    assert report.status == "ok"
    assert set(checked(report)) == {(0, "total"), (1, "counts.cards")}


def test_the_full_sample_reads_as_before() -> None:
    report = replay(jsonio.load(SWEEPS)).report
    assert sorted(disputes(report)) == [
        "/claimed/totals/0",
        "/deals/0/claimed/sides/0/counts/sweeps",
        "/deals/0/claimed/sides/0/points/sweeps",
        "/deals/0/claimed/sides/0/total",
    ]
    assert len(report.deals[0].checks) == 20


def test_sheet_forms() -> None:
    full = ClaimedSide(
        points=ClaimedPoints(
            **ANA_ITEMS,
        ),
        total=10,
    )
    ben = ClaimedSide(
        points=ClaimedPoints(
            most_cards=0, most_spades=0, big_casino=0, little_casino=0, aces=0, sweeps=0
        ),
        total=0,
    )
    assert sheet_form(full, "full") is full
    assert sheet_form(full, "items") == full
    assert sheet_form(ben, "items") == ClaimedSide(points=ClaimedPoints(), total=0)
    assert sheet_form(full, "totals") == ClaimedSide(total=10)


# --- "decided by": the moves that change the figure, in order, once ------------------


def test_a_total_is_decided_by_its_own_side_s_moves_only() -> None:
    # Ana's total is 1 too high, every item of hers matches Ben's aces: the
    # total is decided by Ana's scoring moves, not by Ben's ace captures.
    record = with_sides({"total": 11}, {"total": 2})
    report = replay(record).report
    (finding,) = disputes(report).values()
    assert finding.loc == "/deals/0/claimed/sides/0/total"
    moves = [m for m in finding.deciding if "/moves/" in m.loc]
    assert moves and all("Ana: " in m.where for m in moves)
    locs = [m.loc for m in finding.deciding]
    assert len(locs) == len(set(locs))
    order = [
        (int(p[4]), int(p[6])) for p in (loc.split("/") for loc in locs) if len(p) > 6
    ]
    assert order == sorted(order)
    assert finding.deciding[-1].loc == "/deals/0"  # the residue, at the end


def test_a_side_s_aces_are_decided_by_the_aces_it_took() -> None:
    record = with_sides(
        {"points": ANA_ITEMS, "total": 10}, {"points": {"aces": 1}, "total": 1}
    )
    report = replay(record).report
    aces = disputes(report)["/deals/0/claimed/sides/1/points/aces"]
    assert [m.why for m in aces.deciding] == [
        "captured an ace (A♣)",
        "captured an ace (A♥)",
    ]
    assert all("Ben: " in m.where for m in aces.deciding)
    # Ben's total is decided by what decided his aces, said once each.
    total = disputes(report)["/deals/0/claimed/sides/1/total"]
    assert [m.loc for m in total.deciding] == [m.loc for m in aces.deciding]


def test_the_report_never_says_moves_listed_above() -> None:
    text = report_text(replay(jsonio.load(SWEEPS)).report, verbose=True)
    assert "listed above" not in text
    assert (
        text.count("at /deals/0/rounds/4/moves/1") == 1
    )  # the sweep, shown once in full
