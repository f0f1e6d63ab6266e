"""RULES.md A25, option ``single_build_as_card``: a single build stands for a card
of its value, in captures and in build moves (create, extend, increase).

Each case is played with the option on (legal, generated, and what it makes) and
off (refused, with the rule that refuses it). The kind of a build move follows
the reading stated in the rulebook's A25: an increase of the oldest build that
can share the played card's group, else an extend of the oldest build of the
announced value, else a create.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from casino_records.engine.cards import parse_card as card
from casino_records.engine.cards import parse_cards as cards
from casino_records.engine.legality import verify_move
from casino_records.engine.movegen import generate_legal_moves
from casino_records.engine.moves import Build, Move, MoveKind
from casino_records.engine.play import apply_move
from casino_records.engine.state import DealState
from casino_records.errors import IllegalMoveError
from tests.engine.positions import build, position

ON = {"single_build_as_card": True}


def table(
    hand: str, loose: str, builds: Sequence[Build], options: Mapping[str, object] | None
) -> DealState:
    return position(
        "classic", hands={0: hand, 1: "KD"}, table=loose, builds=builds, options=options
    )


def build_move(played: str, onto: str, value: int) -> Move:
    return Move.build(0, card(played), cards(onto), value)


def groups(state: DealState, bid: int) -> list[list[str]]:
    found = [b for b in state.builds if b.id == bid]
    assert len(found) == 1, state.builds
    return sorted(sorted(str(c) for c in g) for g in found[0].groups)


def refused(state: DealState, move: Move) -> str:
    with pytest.raises(IllegalMoveError) as info:
        verify_move(state, move)
    assert move not in generate_legal_moves(state)
    return info.value.rule


# --- create ---------------------------------------------------------------------


def test_create_with_a_build_and_a_loose_card() -> None:
    """7C beside the 3-build and a loose 4: a multiple build of 7 (two groups)."""
    threes = [build(1, 3, "2S AH", 1)]
    move = build_move("7C", "2S AH 4D", 7)
    state = table("7C 7H", "4D", threes, ON)
    assert move in generate_legal_moves(state)
    step = apply_move(state, move)
    assert step.kind is MoveKind.CREATE and step.builds_taken == tuple(threes)
    assert [b.id for b in state.builds] == [2]
    assert groups(state, 2) == [["2S", "4D", "AH"], ["7C"]]
    assert state.builds[0].owner == 0 and not state.builds[0].is_single
    # Off: the 3-build can only be increased by the 7 itself (3 + 7 = 10).
    assert refused(table("7C 7H", "4D", threes, None), move) == "I2"


def test_create_with_two_builds_and_no_loose_card() -> None:
    """7C beside a 3-build and a 4-build: together they are the second 7."""
    both = [build(1, 3, "2S AH", 1), build(2, 4, "3C AD", 1)]
    move = build_move("7C", "2S AH 3C AD", 7)
    state = table("7C 7H", "", both, ON)
    assert move in generate_legal_moves(state)
    step = apply_move(state, move)
    assert step.kind is MoveKind.CREATE
    assert groups(state, 3) == [["2S", "3C", "AD", "AH"], ["7C"]]
    assert refused(table("7C 7H", "", both, None), move) == "B2"


# --- increase -------------------------------------------------------------------


def test_increase_with_a_loose_card() -> None:
    """AC with the 3-build and a loose 4 makes 8: the played card, the build and a
    loose card reach the new value together."""
    threes = [build(1, 3, "2S AH", 1)]
    move = build_move("AC", "2S AH 4D", 8)
    state = table("AC 8H", "4D", threes, ON)
    assert move in generate_legal_moves(state)
    step = apply_move(state, move)
    assert step.kind is MoveKind.INCREASE and step.previous == threes[0]
    assert groups(state, 1) == [["2S", "4D", "AC", "AH"]]
    assert state.builds[0].value == 8 and state.builds[0].owner == 0
    assert refused(table("AC 8H", "4D", threes, None), move) == "I2"


def test_increase_with_another_build_and_no_loose_card() -> None:
    """AC with the 3-build and the 4-build makes 8: the older build is increased
    and the other joins its group as a card."""
    both = [build(1, 3, "2S AH", 1), build(2, 4, "3C AD", 1)]
    move = build_move("AC", "2S AH 3C AD", 8)
    state = table("AC 8H", "", both, ON)
    assert move in generate_legal_moves(state)
    step = apply_move(state, move)
    assert step.kind is MoveKind.INCREASE and step.previous == both[0]
    assert [b.id for b in state.builds] == [1]
    assert groups(state, 1) == [["2S", "3C", "AC", "AD", "AH"]]
    assert refused(table("AC 8H", "", both, None), move) == "B2"


def test_increase_options_still_bind() -> None:
    """The reading does not dodge an increase's options: increasing one's own
    build stays forbidden under increase_own_build=false."""
    mine = [build(1, 3, "2S AH", 0)]
    options = {**ON, "increase_own_build": False}
    move = build_move("AC", "2S AH 4D", 8)
    assert refused(table("AC 8H", "4D", mine, options), move) == "I4"


# --- extend ---------------------------------------------------------------------


def test_extend_with_a_build_as_a_loose_card() -> None:
    """8C beside the 8-build, with a 3-build and a loose 5 as a further group."""
    builds = [build(1, 8, "5S 3H", 1), build(2, 3, "2S AH", 1)]
    move = build_move("8C", "5S 3H 2S AH 5D", 8)
    state = table("8C 8H", "5D", builds, ON)
    assert move in generate_legal_moves(state)
    step = apply_move(state, move)
    assert step.kind is MoveKind.EXTEND and step.previous == builds[0]
    assert groups(state, 1) == [["2S", "5D", "AH"], ["3H", "5S"], ["8C"]]
    assert refused(table("8C 8H", "5D", builds, None), move) == "B2"


# --- what does not change ----------------------------------------------------------


def test_a_multiple_build_never_stands_for_a_card() -> None:
    fours = [build(1, 4, "3C AD | 4S", 1)]
    move = build_move("AC", "3C AD 4S 4D", 9)
    assert refused(table("AC 9H", "4D", fours, ON), move) == "I1"


def test_capture_of_a_single_build_with_a_loose_card() -> None:
    sevens = [build(1, 7, "4S 3H", 1)]
    move = Move.capture(0, card("9C"), cards("4S 3H 2D"))
    state = table("9C", "2D", sevens, ON)
    assert move in generate_legal_moves(state)
    assert verify_move(state, move).kind is MoveKind.CAPTURE
    assert refused(table("9C", "2D", sevens, None), move) == "C3"


# --- the reading does not depend on which build is older (issue 36, point 9) --------


def _age_swapped(single: Build, multiple: Build) -> list[tuple[str, list[Build]]]:
    """The two builds made in either order (the older has the lower id)."""
    young_single = Build(2, single.value, single.groups, single.owner)
    old_multiple = Build(1, multiple.value, multiple.groups, multiple.owner)
    return [
        ("single older", [single, multiple]),
        ("multiple older", [old_multiple, young_single]),
    ]


@pytest.mark.parametrize(
    ("hand", "loose", "single", "multiple", "played", "value", "expected"),
    [
        pytest.param(
            "6S TD",
            "4D",
            build(1, 10, "4S 6D", 0),
            build(2, 10, "5D 5H | TS", 0),
            "6S",
            10,
            [["10S"], ["4D", "6S"], ["4S", "6D"], ["5D", "5H"]],
            id="single-build-as-a-group-of-its-own",
        ),
        pytest.param(
            "AH 9H",
            "6H",
            build(1, 2, "AC AS", 0),
            build(2, 9, "4S 5S | 9D", 0),
            "AH",
            9,
            [["4S", "5S"], ["6H", "AC", "AH", "AS"], ["9D"]],
            id="single-build-in-the-played-cards-group",
        ),
    ],
)
def test_a_single_build_as_card_whichever_build_is_older(
    hand: str,
    loose: str,
    single: Build,
    multiple: Build,
    played: str,
    value: int,
    expected: list[list[str]],
) -> None:
    """A25: the single build counts as a card, so the move extends the multiple
    build (the only build it may use whole without merge_builds), legal and
    generated in either age order; the brute-force oracle finds the same moves."""
    from tests.engine.test_properties import brute_force

    onto = " ".join(str(c) for g in (*single.groups, *multiple.groups) for c in g)
    move = build_move(played, f"{onto} {loose}", value)
    for order, builds in _age_swapped(single, multiple):
        state = table(hand, loose, builds, ON)
        generated = generate_legal_moves(state)
        assert move in generated, order
        assert set(generated) == brute_force(state), order
        target = next(b for b in builds if not b.is_single)
        step = apply_move(state, move)
        assert step.kind is MoveKind.EXTEND and step.previous == target, order
        assert [b.id for b in state.builds] == [target.id], order
        assert groups(state, target.id) == expected, order
