"""The Dominican scoring rules said where the score is read (issue 37.1, 37.4).

``dominican-4p-partnership-hands.json``: Ben & Dee start deal 3 on 20, take
Little Casino among 10 points of items, bank 1 and win (R13.4); in deal 1 their
4 sweeps against Ana & Caio's 1 score 3 (R10.4).
"""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from casino_records.check.replay import replay
from casino_records.check.report import DealReport, SideReport
from casino_records.present.report_text import report_text
from casino_records.present.scoring_notes import near_target_results, sweep_note
from casino_records.present.viewmodel import build_game
from casino_records.present.viewmodel.stepper import stepper_payload
from casino_records.record.json import jsonio
from tests.paths import SAMPLES

SAMPLE = SAMPLES / "dominican-4p-partnership-hands.json"
NEEDS = "Ben & Dee are on 20 and need Little Casino to win (R13.4)"
TOOK = (
    "Ben & Dee took Little Casino: 21, match won (R13.4);"
    " the deal's other 9 points are not banked"
)
SWEEPS = "Ben & Dee: sweep points 3 (4 − 1, R10.4)"


def _text(html: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def test_rescore_says_what_the_near_target_rule_did() -> None:
    text = report_text(replay(jsonio.load(SAMPLE)).report)
    deal1 = text[text.index("Deal 1 —") : text.index("Deal 2 —")]
    deal3 = text[text.index("Deal 3 —") : text.index("Match (target")]
    assert NEEDS not in text[: text.index("Deal 3 —")]
    assert deal3.splitlines()[1].strip() == NEEDS  # said at the deal's start
    assert TOOK in deal3
    assert SWEEPS in deal1
    assert "Ana & Caio: sweep points 0 (cancelled, 1 against 4, R10.4)" in deal1


def test_the_stepper_says_it_at_the_deals_start_and_score() -> None:
    game = build_game(jsonio.load(SAMPLE))
    payload = stepper_payload(game, 2, "all")
    fragments, positions = payload["fragments"], payload["positions"]
    start = _text(fragments[positions[0]["parts"]["last"]])
    assert NEEDS in start
    assert NEEDS not in _text(fragments[positions[1]["parts"]["last"]])
    score = _text(fragments[positions[-1]["parts"]["felt"]])
    assert TOOK in score
    assert score.index("Deal 3:") < score.index(TOOK) < score.index("Match:")
    first = stepper_payload(game, 0, "all")
    assert SWEEPS in _text(first["fragments"][first["positions"][-1]["parts"]["felt"]])
    assert "R13.4" not in _text(
        first["fragments"][first["positions"][0]["parts"]["last"]]
    )


def _side(side: int, name: str, **figures: Any) -> SideReport:
    base: dict[str, Any] = {
        "cards": 0,
        "spades": 0,
        "sweeps": 0,
        "points": {},
        "earned": 0,
        "banked": 0,
    }
    return SideReport(side=side, name=name, **(base | figures))


def test_a_side_that_misses_its_item_banks_nothing() -> None:
    ana = _side(
        0,
        "Ana",
        points={"big_casino": 0, "aces": 2, "most_cards": 3},
        earned=5,
        banked=0,
        total_after=19,
        note="at 19: needed big casino",
    )
    ben = _side(1, "Ben", points={"big_casino": 2}, earned=2, banked=2, total_after=9)
    deal = DealReport(
        index=1,
        loc="/deals/1",
        dealer=0,
        moves=48,
        complete=True,
        sides=[ana, ben],
        totals_before=[19, 7],
        near_target=[2, 0],
    )
    assert near_target_results(deal) == [
        "Ana, on 19, did not take Big Casino: none of the deal's 5 points banked (R13.4)"
    ]


def test_sweeps_barred_near_the_target() -> None:
    """R10.5: a side on 19 keeps its margin in the cancellation, scores none."""
    ana = _side(0, "Ana", sweeps=3, points={"sweeps": 0}, banked=0, total_after=19)
    ben = _side(1, "Ben", sweeps=1, points={"sweeps": 0}, banked=4, total_after=10)
    assert sweep_note(ana, [ana, ben]) == "3 − 1, none on 19, R10.5"
    assert sweep_note(ben, [ana, ben]) == "cancelled, 1 against 3, R10.4"
    assert sweep_note(_side(0, "Ana", sweeps=2, points={"sweeps": 2}), [ana]) == ""
