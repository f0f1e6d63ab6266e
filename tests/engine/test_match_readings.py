"""The readings of R5.2, R10.5, R13.3 and R13.4 settled in issue 19, one test each.

(The immediate win on the deal's last play and "a residue is not a capture" are
in test_immediate_win.py.)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from casino_records.engine.cards import BIG_CASINO, CARDS, LITTLE_CASINO, Card, Suit
from casino_records.engine.match import MatchState, count_out_items
from casino_records.engine.rules import Rules
from casino_records.engine.scoring import SideScore, score_piles
from casino_records.errors import RulesError
from casino_records.record.format.models import RulesSpec

PLAIN = [c for c in CARDS if not c.is_ace and c not in (BIG_CASINO, LITTLE_CASINO)]
"""Cards that score nothing by themselves, hearts and clubs before spades."""
PLAIN.sort(key=lambda c: c.suit is Suit.SPADES)


def piles(first: Sequence[Card]) -> list[list[Card]]:
    """Side 0 takes ``first``; side 1 the rest of the pack."""
    return [list(first), [c for c in CARDS if c not in first]]


def dominican(**options: Any) -> Rules:
    return Rules.from_preset("dominican", options)


def deal(
    rules: Rules,
    first: Sequence[Card],
    totals: Sequence[int],
    sweeps: Sequence[Sequence[int]] = ((), ()),
) -> list[SideScore]:
    return score_piles(rules, piles(first), [list(s) for s in sweeps], totals)


MOST_CARDS = PLAIN[:27]
"""27 plain cards: most cards and nothing else."""


@pytest.mark.parametrize(
    ("short", "item", "first"),
    [
        (3, "most cards", MOST_CARDS),
        (2, "Big Casino", [BIG_CASINO]),
        (1, "Little Casino", [LITTLE_CASINO]),
    ],
)
@pytest.mark.parametrize("target", [11, 21, 30])
def test_bands_are_measured_from_the_target(
    short: int, item: str, first: Sequence[Card], target: int
) -> None:
    """R13.4: T-3 needs most cards, T-2 Big Casino, T-1 Little Casino; meeting it
    under frozen makes the total exactly T."""
    rules = dominican(target_score=target)
    score = deal(rules, first, [target - short, 0])
    assert score[0].banked == short and f"took {item}" in score[0].note
    match = MatchState(rules, 2, totals=[target - short, 0])
    decision = match.settle(score)
    assert decision.winner == 0 and match.totals[0] == target
    # Without the item the side in the band banks nothing (frozen).
    specials = [c for c in CARDS if c.is_ace or c in (BIG_CASINO, LITTLE_CASINO)]
    missed = deal(rules, [c for c in specials if c not in first], [target - short, 0])
    assert missed[0].banked == 0 and missed[0].earned > 0
    # Four short: not in a band, every point counts.
    assert deal(rules, first, [target - 4, 0])[0].banked == score[0].earned


SWEEPS = ((1, 2), ())
"""Side 0 makes two sweeps, side 1 none."""


@pytest.mark.parametrize(
    ("setting", "start", "sweep_points"),
    [
        (None, 8, 2),  # not set: the threshold is T-2 = 9, so 8 scores its sweeps
        (None, 9, 0),
        (18, 8, 0),  # 18 reads T-3 = 8
        (18, 7, 2),
        (19, 8, 2),  # 19 reads T-2 = 9
        (19, 9, 0),
    ],
)
def test_sweep_threshold(setting: int | None, start: int, sweep_points: int) -> None:
    """R10.5: the threshold is T-2 when near_target_sweep_threshold is not set,
    T-3 or T-2 when it is set to 18 or 19 (read at 21, moved with T = 11).
    Under cap_at_20 with the item taken, every point of the deal is banked, so
    the sweep points show in the total."""
    options: dict[str, Any] = {"target_score": 11, "near_target_rule": "cap_at_20"}
    if setting is not None:
        options["near_target_sweep_threshold"] = setting
    rules = dominican(**options)
    assert rules.sweep_threshold == {None: 9, 18: 8, 19: 9}[setting]
    item = MOST_CARDS if start == 8 else [BIG_CASINO, *MOST_CARDS[:20]]
    score = deal(rules, item, [start, 0], SWEEPS)
    assert score[0].sweeps == 2
    assert score[0].points["sweeps"] == sweep_points
    assert score[0].banked == score[0].earned


def test_sweep_threshold_not_set_is_kept_apart_from_a_set_19() -> None:
    plain = dominican()
    assert plain.near_target_sweep_threshold is None
    assert "near_target_sweep_threshold" not in plain.overrides()
    assert dominican(near_target_sweep_threshold=19).overrides() == {
        "near_target_sweep_threshold": 19
    }


def test_no_sweep_threshold_without_a_near_target_rule() -> None:
    """R10.5 applies only while a near-target rule is in force."""
    rules = dominican(near_target_rule="none", target_score=11)
    score = deal(rules, PLAIN[:5], [10, 0], SWEEPS)
    assert score[0].points["sweeps"] == 2 and score[0].banked == score[0].earned
    frozen = dominican(near_target_rule="frozen", target_score=11)
    assert deal(frozen, PLAIN[:5], [10, 0], SWEEPS)[0].points["sweeps"] == 0


def test_cap_at_20_banks_every_point_when_the_item_is_taken() -> None:
    """R13.4 cap_at_20: with its item the side keeps all its points and may pass T."""
    rules = dominican(near_target_rule="cap_at_20")
    first = [*MOST_CARDS, *[c for c in CARDS if c.is_ace]]
    score = deal(rules, first, [18, 0], SWEEPS)
    # Most cards, four aces and two sweeps (18 is below the T-2 threshold).
    assert score[0].earned == 3 + 4 + 2
    assert score[0].banked == score[0].earned and "took most cards" in score[0].note
    match = MatchState(rules, 2, totals=[18, 0])
    assert match.settle(score).totals[0] == 18 + score[0].earned > 21
    # Without the item: capped one short of the target.
    missed = deal(rules, [c for c in CARDS if c.is_ace], [18, 0])
    assert missed[0].earned == 4 and missed[0].banked == 2


def test_count_out_banks_every_point_of_every_side() -> None:
    """R13.3: the winner is fixed by the order of crediting, yet every side banks
    all its points of the deal: here the winner ends with the lower total."""
    rules = Rules.from_preset("royal")
    score = deal(rules, MOST_CARDS, [18, 20])
    assert [s.earned for s in score] == [3, 8]
    match = MatchState(rules, 2, totals=[18, 20])
    decision = match.settle(score)
    assert decision.winner == 0 and decision.totals == (21, 28)
    assert decision.count_out_item is not None
    assert decision.count_out_item.label == "most cards"


def test_count_out_credits_sweeps_in_order_after_cancellation() -> None:
    """R13.3 with R10.4: side 0 swept at moves 3, 20 and 30, side 1 at move 10.
    Cancellation leaves side 0 two sweeps, credited at moves 3 and 20, its
    earliest; side 1's cancelled sweep is not credited."""
    rules = Rules.from_preset(
        "royal", {"sweeps": True, "sweep_cancellation": "vs_runner_up"}
    )
    sweeps = [[2, 19, 29], [9]]
    score = score_piles(rules, [[], []], sweeps)
    assert [s.points["sweeps"] for s in score] == [2, 0]
    items = count_out_items(score, sweeps)
    assert [(i.side, i.label) for i in items] == [
        (0, "sweep at move 3"),
        (0, "sweep at move 20"),
    ]
    match = MatchState(rules, 2, totals=[19, 20])
    decision = match.settle(score, sweeps)
    assert decision.winner == 0 and decision.count_out_item == items[1]


@pytest.mark.parametrize(
    ("preset", "options", "pointer", "names"),
    [
        ("dominican", {"count_out": True}, "count_out", ("near_target_rule",)),
        ("royal", {"near_target_rule": "frozen"}, "near_target_rule", ("count_out",)),
        ("classic", {"face_capture": "numeric"}, "face_capture", ("card_values",)),
        ("royal", {"card_values": "classic"}, "card_values", ("face_capture",)),
    ],
)
def test_rules_that_cannot_be_played_are_refused(
    preset: str, options: dict[str, Any], pointer: str, names: tuple[str, ...]
) -> None:
    """R13.4 and R5.2: the error names both options and points at the one set."""
    with pytest.raises(RulesError) as info:
        Rules.from_preset(preset, options)
    error = info.value
    assert error.loc == f"/rules/options/{pointer}"
    for name in (pointer, *names):
        assert name in error.message
    with pytest.raises(ValueError) as read:  # as a record's rules are read
        RulesSpec.model_validate({"preset": preset, "options": options})
    assert pointer in str(read.value) and names[0] in str(read.value)


def test_a_combination_is_refused_however_the_rules_are_made() -> None:
    with pytest.raises(RulesError, match="count_out"):
        Rules(count_out=True, near_target_rule="cap_at_20")
    with pytest.raises(RulesError, match="face_capture"):
        Rules(face_capture="numeric")
    # Turning the other option off as well makes it playable.
    assert Rules.from_preset(
        "dominican", {"count_out": True, "near_target_rule": "none"}
    )
    assert Rules.from_preset(
        "classic", {"face_capture": "numeric", "card_values": "royal"}
    )
