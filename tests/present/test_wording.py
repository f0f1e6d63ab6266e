"""Players' words in the command line's report and the viewer (issues #31.6, #37.3, #37.13)."""

from __future__ import annotations

import pytest

from casino_records.check.replay import replay
from casino_records.present.render import deal_text
from casino_records.present.report_text import report_text
from casino_records.present.viewmodel import build_game, match_result
from casino_records.record.json import jsonio
from tests.paths import SAMPLES


def _result_line(name: str) -> str:
    """The ``Result:`` line of ``rescore``'s report of a sample."""
    report = replay(jsonio.load(SAMPLES / name)).report
    [line] = [ln for ln in report_text(report).splitlines() if "Result:" in ln]
    return line.strip().removeprefix("Result: ")


def _viewer_result(name: str) -> str:
    return match_result(build_game(jsonio.load(SAMPLES / name)))


@pytest.mark.parametrize(
    ("name", "said"),
    [
        # 2 v 2: the winner's total first, the verb agreeing with partners
        (
            "dominican-4p-partnership-hands.json",
            "Ben & Dee win, 21 to 7 (Ben & Dee reached 21)",
        ),
        (
            "classic-4p-partnership-hands.json",
            "Ben & Dee win, 23 to 21 (Ben & Dee have the highest total (R13.2))",
        ),
        # three players: every total by name, highest first
        (
            "royal-3p-match-inferred.json",
            "Caio wins: Caio 24, Ana 8, Ben 1 (Caio counted out: reached 21 at most"
            " spades (R13.3))",
        ),
        # a count-out: the crediting order that shows why the higher total lost
        (
            "royal-2p-count-out.json",
            "Ana wins, 21 to 23 (Ana counted out: reached 21 first, at Big Casino;"
            " Ben reached 21 only at ace A♣ (R13.3))",
        ),
    ],
)
def test_the_result_is_said_one_way_in_the_cli_and_the_viewer(
    name: str, said: str
) -> None:
    """Issue #37.3."""
    assert _result_line(name) == said
    assert _viewer_result(name) == said


def test_an_undecided_match_lists_named_totals_in_both() -> None:
    name = "classic-2p-unfinished.json"
    said = "no winner yet: Ana 8, Ben 3 (nobody reached the target)"
    assert _result_line(name) == said
    assert _viewer_result(name) == "N" + said[1:]


def test_partners_agree_and_one_point_is_singular() -> None:
    """Issue #37.13: "Ana & Caio takes the residue", "1 points", "took little casino"."""
    record = jsonio.load(SAMPLES / "dominican-4p-partnership-hands.json")
    result = replay(record, positions=True)
    names = [p.name for p in record.players]
    deals = {d.index: d for d in result.report.deals}
    text = "\n".join(
        deal_text(kept, names, deals.get(kept[0].deal))
        for kept in result.positions
        if kept
    )
    assert "Ana & Caio take the residue" in text
    assert "Ben & Dee take the residue" in text
    assert " takes the residue" not in text.replace("capturer takes", "")
    assert "Ana & Caio: 1 point (aces 1)" in text
    assert " 1 points" not in text
    assert "took Little Casino, reaches 21 (R13.4)" in text
    assert "little casino" not in text
