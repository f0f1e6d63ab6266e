"""Each disputed sample as the three sheets players write (issue 31, point 2):
the full sheet (the sample), the items and totals (tests/data/sheets/*.items.json,
written by sample_games/make_samples.py) and the totals only (*.totals.json). On the first two the explanation names the
sample's mistake first; on totals alone that mistake is one of those offered."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from casino_records.check.explain.dispute import explain_record
from casino_records.check.explain.explanation import Explanation, MistakeReport
from casino_records.record.format.sheets import SHEET_FORMS
from casino_records.record.json import jsonio
from tests import paths

SHEETS = paths.ROOT / "tests" / "data" / "sheets"
MADE: dict[str, list[tuple[str, int | None]]] = {
    "disputed-big-casino-wrong-side": [("casino_to_side", 2)],
    "disputed-most-cards": [("tie_to_side", 0)],
    "disputed-partners-counted-apart": [("partnership_not_combined", None)],
    "disputed-residue-wrong-side": [("residue_to_side", 1)],
    "disputed-sweep-count": [("sweep_extra", 0)],
    "disputed-two-mistakes": [("casino_to_side", 1), ("aces_miscounted", 1)],
}
"""The mistake (or two) each disputed sample was made with: (kind, side)."""


def deal_explanation(stem: str, form: str) -> Explanation:
    path = (
        paths.SAMPLES / f"{stem}.json"
        if form == "full"
        else SHEETS / f"{stem}.{form}.json"
    )
    (deal,) = [e for e in explain_record(jsonio.load(path)) if e.scope == "deal"]
    return deal


def kinds(fit_mistakes: Sequence[MistakeReport]) -> list[tuple[str, int | None]]:
    return [(m.kind, m.side) for m in fit_mistakes]


@pytest.mark.parametrize("form", SHEET_FORMS)
@pytest.mark.parametrize("stem", sorted(MADE))
def test_each_sheet_form_gets_its_mistake(stem: str, form: str) -> None:
    deal = deal_explanation(stem, form)
    made = MADE[stem]
    assert deal.verdict == ("two_mistakes" if len(made) == 2 else "exact")
    offered = [kinds(f.mistakes) for f in deal.fits]
    if form == "totals":
        assert made in offered
    else:
        assert offered[0] == made
    if len(deal.fits) > 1 and deal.verdict == "exact":
        assert f"fits any one of {len(deal.fits)} mistakes" in deal.sentence


def test_the_sheets_are_written_as_their_form() -> None:
    items = json.loads((SHEETS / "disputed-sweep-count.items.json").read_text("utf-8"))
    totals = json.loads(
        (SHEETS / "disputed-sweep-count.totals.json").read_text("utf-8")
    )
    ben_items = items["deals"][0]["claimed"]["sides"][1]
    assert ben_items == {"points": {"aces": 2}, "total": 2}  # no zeros, no counts
    assert [s for s in totals["deals"][0]["claimed"]["sides"]] == [
        {"total": 11},
        {"total": 2},
    ]


def test_an_addition_slip_on_a_sheet_of_items_is_one_mistake() -> None:
    # The sheet as the rules score it, but Ana's total added up one too high.
    good = json.loads(
        (paths.SAMPLES / "classic-2p-tie-play-on.json").read_text("utf-8")
    )
    claimed = good["deals"][0]["claimed"]["sides"]
    sides = [
        {"points": {k: v for k, v in s["points"].items() if v}, "total": s["total"]}
        for s in claimed
    ]
    sides[0]["total"] += 1
    good["deals"][0]["claimed"]["sides"] = sides
    good.pop("claimed", None)
    (deal,) = [
        e for e in explain_record(jsonio.loads(json.dumps(good))) if e.scope == "deal"
    ]
    assert deal.verdict == "exact"
    assert kinds(deal.fits[0].mistakes) == [("total_added_wrong", 0)]
    assert len(deal.fits) == 1


def test_an_ace_given_to_the_wrong_side_is_one_mistake() -> None:
    good = json.loads((paths.SAMPLES / "disputed-sweep-count.json").read_text("utf-8"))
    good["deals"][0]["claimed"]["sides"] = [
        {
            "points": {
                "most_cards": 3,
                "most_spades": 1,
                "big_casino": 2,
                "little_casino": 1,
                "aces": 1,
                "sweeps": 1,
            },
            "total": 9,
        },
        {"points": {"aces": 3}, "total": 3},
    ]
    good.pop("claimed", None)
    (deal,) = [
        e for e in explain_record(jsonio.loads(json.dumps(good))) if e.scope == "deal"
    ]
    assert deal.verdict == "exact"
    (mistake,) = deal.fits[0].mistakes
    assert (mistake.kind, mistake.side) == ("ace_to_side", 1)
    # Ana took two aces: both named, each with the move that took it.
    assert mistake.what_if == (
        "one of Ana's 2 aces (A♦ at move 30, A♠ at move 40) had been counted for Ben"
    )
    assert mistake.move == 30


# --- several mistakes fit a sheet of items: the likeliest first (issue 31, point 2) ---


def item_sheet(sample: str, deal: int, sides: list[dict[str, object]]) -> Explanation:
    """The explanation of ``sample`` with deal ``deal`` (1-based) claimed as
    ``sides``, a sheet of items written by hand; no match claims."""
    data = json.loads((paths.SAMPLES / sample).read_text("utf-8"))
    data["deals"][deal - 1]["claimed"] = {"sides": sides}
    data.pop("claimed", None)
    (explanation,) = [
        e for e in explain_record(jsonio.loads(json.dumps(data))) if e.scope == "deal"
    ]
    return explanation


def test_a_sweep_not_counted_comes_before_another_scoring_of_sweeps() -> None:
    # Dominican, deal 2: Ana made the deal's one sweep (move 17) and wrote
    # everything else she scored; Ben scored nothing.
    deal = item_sheet(
        "dominican-2p-near-target.json",
        2,
        [
            {
                "points": {
                    "most_cards": 3,
                    "most_spades": 1,
                    "big_casino": 2,
                    "little_casino": 1,
                    "aces": 4,
                },
                "total": 11,
            },
            {"points": {}, "total": 0},
        ],
    )
    assert deal.verdict == "exact"
    offered = [kinds(f.mistakes) for f in deal.fits]
    # A sweep can be left out in one way here; the sweeps can be scored under
    # another option or preset in many: the sweep comes first, all are said.
    assert offered[0] == [("sweep_missed", 0)]
    assert deal.fits[0].mistakes[0].move == 17
    assert [("sweep_extra", 1)] in offered
    assert [("other_rules", None)] in offered
    assert deal.sentence.startswith(
        f"Your score sheet fits any one of {len(offered)} mistakes (one of these,"
        " the likeliest first): it is exactly what you get if Ana's sweep had not"
        " been counted;"
    )


ANA_DEAL_4 = {
    "most_cards": 3,
    "most_spades": 1,
    "big_casino": 2,
    "little_casino": 1,
    "aces": 1,
}
"""What Ana scored in deal 4 of classic-2p-tie-play-on (Ben: 3 aces, one of
them, A♦, among the 2 cards left on the table that Ben's last capture took)."""


def test_the_cards_left_on_the_table_come_before_an_ace_miscounted() -> None:
    # Ben wrote 2 aces of his 3: the A♦ left on the table was not counted.
    deal = item_sheet(
        "classic-2p-tie-play-on.json",
        4,
        [{"points": ANA_DEAL_4, "total": 8}, {"points": {"aces": 2}, "total": 2}],
    )
    assert [kinds(f.mistakes) for f in deal.fits] == [
        [("residue_to_nobody", 1)],
        [("aces_miscounted", 1)],
    ]
    assert "nobody had been given the 2 cards left on the table" in deal.sentence


def test_the_cards_left_on_the_table_given_away_come_before_one_ace() -> None:
    # The same A♦ counted for Ana: the cards left on the table went to her, or
    # one of Ben's aces was credited to her; both offered, the residue first.
    deal = item_sheet(
        "classic-2p-tie-play-on.json",
        4,
        [
            {"points": {**ANA_DEAL_4, "aces": 2}, "total": 9},
            {"points": {"aces": 2}, "total": 2},
        ],
    )
    assert [kinds(f.mistakes) for f in deal.fits] == [
        [("residue_to_side", 0)],
        [("ace_to_side", 0)],
    ]
    ace = deal.fits[1].mistakes[0]
    assert "A♦ with the cards left on the table" in ace.what_if
    assert ace.move == 16  # the first of Ben's aces, taken at move 16
