"""One test per distinct reason :mod:`casino_records.engine.legality` refuses a move.

Each case checks the rule id on the error, that the message starts with it, a
fragment that tells the branch apart from others of the same rule, and that the
generator does not produce the move either.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from casino_records._native import source_of
from casino_records.engine.cards import parse_card as card
from casino_records.engine.cards import parse_cards as cards
from casino_records.engine.legality import is_legal, verify_move
from casino_records.engine.masks import mask_of
from casino_records.engine.movegen import generate_legal_moves
from casino_records.engine.moves import Action, Move
from casino_records.engine.state import DealState
from casino_records.errors import IllegalMoveError
from tests.engine.positions import PARTNERS, build, position


def trail(played: str, seat: int = 0) -> Move:
    return Move.trail(seat, card(played))


def take(played: str, targets: str, value: int | None = None) -> Move:
    return Move.capture(0, card(played), cards(targets), value)


def build_move(played: str, onto: str, value: int) -> Move:
    return Move.build(0, card(played), cards(onto), value)


@dataclass(frozen=True)
class Reason:
    rule: str
    fragment: str
    state: Callable[[], DealState]
    move: Move


def finished() -> DealState:
    state = position("classic", hands={0: "5S"}, table="9C")
    state.finished = True
    return state


def classic(hands: str = "9C 5D 2H", table: str = "4S 5H", **kw: object) -> DealState:
    return position("classic", hands={0: hands, 1: "KD"}, table=table, **kw)  # type: ignore[arg-type]


def royal_q() -> DealState:
    return position(
        "royal",
        hands={0: "QH"},
        table="QS QD",
        options={"face_capture": "single_same_rank"},
    )


def dominican(**kw: object) -> DealState:
    return position("dominican", **kw)  # type: ignore[arg-type]


B9_MINE = build(1, 9, "5S 4H", 0)
B9_THEIRS = build(1, 9, "5S 4H", 1)
B7_THEIRS = build(1, 7, "4S 3H", 1)
B5_THEIRS = build(2, 5, "3D 2D", 1)
MERGE = {"merge_builds": True}

REASONS: dict[str, Reason] = {
    "deal_over": Reason("R3.3", "the deal is over", finished, trail("5S")),
    "out_of_turn": Reason("R2.4", "out of turn", classic, trail("KD", seat=1)),
    "not_in_hand": Reason("R4.1", "not in seat 0's hand", classic, trail("8C")),
    "trail_with_table_cards": Reason(
        "R9.1",
        "a trail uses no table cards",
        classic,
        Move(0, card("5D"), Action.TRAIL, mask_of(cards("4S"))),
    ),
    "no_table_cards": Reason(
        "G3",
        "must name the table cards",
        classic,
        Move(0, card("9C"), Action.CAPTURE),
    ),
    "not_on_table": Reason("G3", "not on the table", classic, take("9C", "4S 5C")),
    "cards_used_twice": Reason(
        "G3",
        "a card counts in one group only",
        lambda: classic(hands="8C", table="AS 2H 3C 5D 6S 8H"),
        take("8C", "AS 2H 3C 5D 6S 8H"),
    ),
    "capture_part_of_build": Reason(
        "C3",
        "builds are used only whole",
        lambda: classic(hands="5C 9D", builds=[B9_THEIRS]),
        take("5C", "5S"),
    ),
    "build_with_part_of_build": Reason(
        "R4.2",
        "builds are used only whole",
        lambda: classic(hands="5C 9D", builds=[B9_THEIRS]),
        build_move("5C", "4H", 9),
    ),
    "owner_trails": Reason(
        "R9.2",
        "owner may not trail",
        lambda: classic(hands="9C 2H", builds=[B9_MINE]),
        trail("2H"),
    ),
    "dominican_trail_ban": Reason(
        "R9.3",
        "may not be trailed while",
        lambda: dominican(hands={0: "5C 9D"}, table="5H"),
        trail("5C"),
    ),
    "no_trail_if_capture_possible": Reason(
        "R9.4",
        "could capture",
        lambda: classic(options={"no_trail_if_capture_possible": True}),
        trail("9C"),
    ),
    "capture_leaves_own_build_uncovered": Reason(
        "G1",
        "without a card left in hand",
        lambda: classic(hands="9C 5D", table="9H", builds=[B9_MINE]),
        take("9C", "9H"),
    ),
    "new_build_leaves_own_build_uncovered": Reason(
        "G1",
        "without a card left in hand",
        lambda: classic(hands="9C 10D", table="AH", builds=[B9_MINE]),
        build_move("9C", "AH", 10),
    ),
    "owner_trails_the_capture_card": Reason(
        "G1",
        "without a card left in hand",
        lambda: classic(
            hands="9C 2H", builds=[B9_MINE], options={"owner_may_trail": True}
        ),
        trail("9C"),
    ),
    "pairing_at_least_one": Reason(
        "R5.3",
        "must take the equal loose",
        lambda: dominican(hands={0: "5C 9D"}, table="5H 2S 3D"),
        take("5C", "2S 3D"),
    ),
    "pairing_all": Reason(
        "R5.3",
        "must take every equal loose card",
        lambda: dominican(
            hands={0: "5C 9D"},
            table="5H 5S",
            options={"pairing_obligation": "all"},
        ),
        take("5C", "5H"),
    ),
    "card_cannot_stand_for_value": Reason(
        "C1", "cannot stand for 14", classic, take("9C", "4S 5H", value=14)
    ),
    "build_of_another_value": Reason(
        "C3",
        "is worth 7",
        lambda: classic(hands="9C", table="2D", builds=[B7_THEIRS]),
        take("9C", "4S 3H 2D"),
    ),
    "royal_face_single_same_rank": Reason(
        "R5.2", "may take only one loose card of its rank", royal_q, take("QH", "QS QD")
    ),
    "classic_face_other_rank": Reason(
        "R5.2",
        "captures only loose cards of its own rank",
        lambda: classic(hands="JC", table="5S 6H"),
        take("JC", "5S 6H"),
    ),
    "classic_face_takes_two": Reason(
        "R5.2",
        "may take only one loose Q",
        lambda: classic(hands="QH", table="QS QD"),
        take("QH", "QS QD"),
    ),
    "classic_face_all_same_rank": Reason(
        "R5.2",
        "must take every loose Q",
        lambda: classic(
            hands="QH", table="QS QD", options={"face_capture": "all_same_rank"}
        ),
        take("QH", "QS"),
    ),
    "no_split_into_groups": Reason(
        "C2",
        "do not split into groups worth 9",
        lambda: classic(table="4S 5H 2S"),
        take("9C", "4S 5H 2S"),
    ),
    "build_without_value": Reason(
        "B5",
        "a build must announce its value",
        classic,
        Move(0, card("5D"), Action.BUILD, mask_of(cards("4S"))),
    ),
    "build_with_played_face": Reason(
        "B1",
        "QD is a face card",
        lambda: classic(hands="QD 9C", table="4S"),
        build_move("QD", "4S", 9),
    ),
    "build_with_table_face": Reason(
        "B1",
        "KS: face cards are never built with",
        lambda: classic(hands="2C KD", table="KS"),
        build_move("2C", "KS", 12),
    ),
    "two_builds_without_merge": Reason(
        "B2",
        "only one existing build",
        lambda: classic(
            hands="2C 9D", table="", builds=[B7_THEIRS, build(2, 9, "6D 3D", 1)]
        ),
        build_move("2C", "4S 3H 6D 3D", 9),
    ),
    "create_groups_do_not_match": Reason(
        "B2",
        "does not make groups worth 9",
        classic,
        build_move("2H", "4S 5H", 9),
    ),
    "merge_changes_two_values": Reason(
        "I2",
        "change the value of one build only",
        lambda: classic(
            hands="2C 9D", table="", builds=[B7_THEIRS, B5_THEIRS], options=MERGE
        ),
        build_move("2C", "4S 3H 3D 2D", 9),
    ),
    "increase_wrong_value": Reason(
        "I2",
        "makes 9, not 10",
        lambda: classic(hands="2C 10D", table="", builds=[B7_THEIRS]),
        build_move("2C", "4S 3H", 10),
    ),
    "increase_above_range": Reason(
        "I2",
        "cannot be increased to 15",
        lambda: position(
            "royal", hands={0: "2C AD"}, builds=[build(1, 13, "9S 4H", 1)]
        ),
        build_move("2C", "9S 4H", 15),
    ),
    "classic_value_above_10": Reason(
        "R1.5",
        "single build cannot be worth 11",
        lambda: classic(hands="5C 6D", table="6H"),
        build_move("5C", "6H", 11),
    ),
    "royal_aces_worth_1": Reason(
        "R1.5",
        "multiple build cannot be worth 1",
        lambda: position("royal", hands={0: "AC AD"}, table="AH"),
        build_move("AC", "AH", 1),
    ),
    "extend_partners_build": Reason(
        "E1",
        "may not be extended",
        lambda: dominican(
            players=4,
            teams=PARTNERS,
            hands={0: "9C 9D"},
            builds=[build(1, 9, "5S 4H", 2)],
        ),
        build_move("9C", "5S 4H", 9),
    ),
    "increase_merging_partners_build": Reason(
        "E1",
        "may not be extended",
        lambda: position(
            "classic",
            players=4,
            teams=PARTNERS,
            hands={0: "2C 9D"},
            builds=[B7_THEIRS, build(2, 9, "6D 3D", 2)],
            options={**MERGE, "extend_partner_build": False},
        ),
        build_move("2C", "4S 3H 6D 3D", 9),
    ),
    "extend_groups_do_not_match": Reason(
        "E2",
        "to add to seat 1's build of 9 (5♠ 4♥)",
        lambda: classic(hands="5C 9D", builds=[B9_THEIRS]),
        build_move("5C", "5S 4H", 9),
    ),
    "extend_extra_groups_off": Reason(
        "E2",
        "only the played card's group",
        lambda: classic(
            hands="9C 9D",
            table="4S 5H",
            builds=[B9_THEIRS],
            options={"extend_extra_table_groups": False},
        ),
        build_move("9C", "5S 4H 4S 5H", 9),
    ),
    "extend_two_builds_extra_groups_off": Reason(
        "E2",
        "only the played card's group",
        lambda: classic(
            hands="9C 9D",
            table="",
            builds=[B9_THEIRS, build(2, 9, "6D 3D", 1)],
            options={**MERGE, "extend_extra_table_groups": False},
        ),
        build_move("9C", "5S 4H 6D 3D", 9),
    ),
    "increase_multiple_build": Reason(
        "I1",
        "is a multiple build",
        lambda: classic(hands="2C 8D", builds=[build(1, 3, "3S | 3H", 1)]),
        build_move("2C", "3S 3H", 8),
    ),
    "increase_own_build": Reason(
        "I4",
        "may not increase its own build of 9 (7♠ 2♥)",
        lambda: dominican(hands={0: "AD 10C"}, builds=[build(1, 9, "7S 2H", 0)]),
        build_move("AD", "7S 2H", 10),
    ),
    "increase_partners_build": Reason(
        "I4",
        "may not be increased",
        lambda: dominican(
            players=4,
            teams=PARTNERS,
            hands={0: "2C JD"},
            builds=[build(1, 9, "5S 4H", 2)],
        ),
        build_move("2C", "5S 4H", 11),
    ),
    "increase_with_table_cards_off": Reason(
        "I5",
        "adds the played card only",
        lambda: dominican(hands={0: "2C 9C"}, table="9D", builds=[B7_THEIRS]),
        build_move("2C", "4S 3H 9D", 9),
    ),
    "increase_table_groups_do_not_match": Reason(
        "I5",
        "do not make groups worth 9",
        lambda: classic(hands="2C 9C", table="4D", builds=[B7_THEIRS]),
        build_move("2C", "4S 3H 4D", 9),
    ),
    "extend_without_capture_card": Reason(
        "E3",
        "holds no card to capture the build of 9 (5♠ 4♥ 9♣)",
        lambda: classic(hands="9C 5D", builds=[B9_THEIRS]),
        build_move("9C", "5S 4H", 9),
    ),
    "increase_without_capture_card": Reason(
        "I3",
        "holds no card to capture the build of 9 (4♠ 3♥ 2♣)",
        lambda: classic(hands="2C 8D", table="", builds=[B7_THEIRS]),
        build_move("2C", "4S 3H", 9),
    ),
    "create_without_capture_card": Reason(
        "B4",
        "holds no card to capture the build of 8 (5♠ 3♥)",
        lambda: classic(hands="3H 10C 2D", table="5S"),
        build_move("3H", "5S", 8),
    ),
}


@pytest.mark.parametrize("name", list(REASONS))
def test_illegal_reason(name: str) -> None:
    reason = REASONS[name]
    state = reason.state()
    with pytest.raises(IllegalMoveError) as info:
        verify_move(state, reason.move)
    error = info.value
    assert error.rule == reason.rule, error
    assert error.message.startswith(f"{reason.rule} "), error.message
    assert str(error).startswith(f"{reason.rule} ")
    assert reason.fragment in error.message, error.message
    assert not is_legal(state, reason.move)
    move = reason.move
    # A capture's value is not part of its identity: the same cards taken at
    # another value may be legal (and generated).
    if not state.finished and not (move.action is Action.CAPTURE and move.value):
        assert move not in generate_legal_moves(state)


def test_every_rule_id_in_legality_is_covered() -> None:
    # The source files, not __file__: a compiled module's __file__ is its binary.
    checking = ("legality", "buildcheck", "plan", "constraints")
    source = "".join(
        source_of(f"engine.{name}").read_text(encoding="utf-8") for name in checking
    )
    raised = set(re.findall(r'"([BCEGIR][0-9]+(?:\.[0-9]+)?)"', source))
    covered = {reason.rule for reason in REASONS.values()}
    assert raised <= covered, sorted(raised - covered)
    assert {"E3", "I3", "B4", "R4.2", "E1", "I4"} <= raised
