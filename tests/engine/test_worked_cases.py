"""Every worked case of RULES.md section 5, as a named test.

Each test sets up the case's position, checks legal moves (verified, generated
and applied: kind, owner, value, grouping, sweep) and illegal ones (the exact
rule id of the :class:`IllegalMoveError`), or the exact points, totals and winner.
Seats: P1 is seat 0, P2 seat 1 …; in partnership games P1 & P3 play P2 & P4.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from casino_records.engine.bots import RandomBot
from casino_records.engine.cards import BIG_CASINO, CARDS, LITTLE_CASINO, Card, Suit
from casino_records.engine.cards import parse_card as card
from casino_records.engine.cards import parse_cards as cards
from casino_records.engine.legality import is_legal, verify_move
from casino_records.engine.masks import mask_of
from casino_records.engine.match import MatchState, count_out_items
from casino_records.engine.movegen import generate_legal_moves
from casino_records.engine.moves import Action, Build, Move, MoveKind, Step
from casino_records.engine.play import apply_move, needs_hands, next_round
from casino_records.engine.rules import Rules
from casino_records.engine.scoring import SideScore, score_piles
from casino_records.engine.seating import Seating, deal_from_deck
from casino_records.engine.shuffle import shuffled_deck
from casino_records.engine.state import DealState
from casino_records.errors import IllegalMoveError
from tests.engine.positions import PARTNERS, build, position

# --- helpers ----------------------------------------------------------------------


def trail(seat: int, played: str) -> Move:
    return Move.trail(seat, card(played))


def take(seat: int, played: str, targets: str, value: int | None = None) -> Move:
    return Move.capture(seat, card(played), cards(targets), value)


def build_move(seat: int, played: str, onto: str, value: int) -> Move:
    return Move.build(seat, card(played), cards(onto), value)


def grouping(groups: Iterable[Iterable[Card]]) -> set[frozenset[Card]]:
    return {frozenset(group) for group in groups}


def groups_of(text: str) -> set[frozenset[Card]]:
    return {frozenset(cards(g)) for g in text.split("|")}


def play(state: DealState, move: Move) -> Step:
    """Check ``move`` is legal and generated, then apply it to ``state``."""
    assert is_legal(state, move), move
    assert move in generate_legal_moves(state), move
    return apply_move(state, move)


def legal(state: DealState, move: Move) -> Step:
    """Like :func:`play`, on a copy: ``state`` is left as it was."""
    return play(state.copy(), move)


def illegal(state: DealState, move: Move, rule: str) -> IllegalMoveError:
    """Check ``move`` is refused for ``rule`` and is not generated."""
    with pytest.raises(IllegalMoveError) as info:
        verify_move(state, move)
    assert info.value.rule == rule, info.value
    assert info.value.message.startswith(f"{rule} ")
    assert not is_legal(state, move)
    if not (move.action is Action.CAPTURE and move.value is not None):
        # (A capture's value is not part of its identity: the same cards taken
        # at the other value may well be generated.)
        assert move not in generate_legal_moves(state)
    return info.value


def only_build(state: DealState) -> Build:
    assert len(state.builds) == 1
    return state.builds[0]


def side_score(side: int, banked: int) -> SideScore:
    points = dict.fromkeys(
        ("most_cards", "most_spades", "big_casino", "little_casino", "aces"), 0
    )
    points["sweeps"] = banked
    return SideScore(side, 0, 0, 0, (), points, banked)


# --- captures ------------------------------------------------------------------------


def test_case_1_equal_cards_and_sets_together() -> None:
    state = position("classic", table="6C 6D 6H 3S 3H 2C 2D 2H", hands={0: "6S"})
    step = legal(state, take(0, "6S", "6C"))
    assert step.kind is MoveKind.CAPTURE and step.value == 6
    assert grouping(step.groups) == groups_of("6C")
    step = legal(state, take(0, "6S", "6C 6D 6H"))
    assert grouping(step.groups) == groups_of("6C | 6D | 6H")
    step = legal(state, take(0, "6S", "3S 3H 2C 2D 2H"))
    assert grouping(step.groups) == groups_of("3S 3H | 2C 2D 2H")
    after = state.copy()
    step = play(after, take(0, "6S", "6C 6D 6H 3S 3H 2C 2D 2H"))
    assert grouping(step.groups) == groups_of("6C | 6D | 6H | 3S 3H | 2C 2D 2H")
    assert step.sweep and after.table_empty
    assert sorted(after.piles[0]) == sorted(cards("6S 6C 6D 6H 3S 3H 2C 2D 2H"))
    assert after.last_capturer == 0


def test_case_2_sets_are_disjoint() -> None:
    state = position("classic", table="AS 2H 3C 5D 6S 8H", hands={0: "8C"})
    step = legal(state, take(0, "8C", "8H 6S 2H 5D 3C"))
    assert grouping(step.groups) == groups_of("8H | 6S 2H | 5D 3C")
    assert not step.sweep
    step = legal(state, take(0, "8C", "8H 5D 2H AS"))
    assert grouping(step.groups) == groups_of("8H | 5D 2H AS")
    # Every card is in some 8, but 25 cannot be split into disjoint 8s.
    illegal(state, take(0, "8C", "AS 2H 3C 5D 6S 8H"), "G3")


def test_case_3_build_taken_only_by_its_value() -> None:
    state = position(
        "classic", table="2D", builds=[build(1, 7, "4S 3H", 1)], hands={0: "9C 5S"}
    )
    illegal(state, take(0, "9C", "4S 3H 2D"), "C3")


def test_case_4_own_build_and_a_set_in_one_capture() -> None:
    state = position(
        "classic",
        table="5C",
        builds=[build(1, 9, "6S 3H", 0)],
        hands={0: "9H KD", 1: "4D QC"},
        turn=1,
    )
    play(state, trail(1, "4D"))
    step = play(state, take(0, "9H", "6S 3H 5C 4D"))
    assert grouping(step.groups) == groups_of("6S 3H | 5C 4D")
    assert [b.id for b in step.builds_taken] == [1]
    assert step.sweep and state.table_empty


def test_case_5_builds_are_taken_whole() -> None:
    state = position("classic", builds=[build(1, 9, "5S 4H", 1)], hands={0: "5C 9D"})
    illegal(state, take(0, "5C", "5S"), "C3")


def test_case_7_one_face_card_in_classic_all_in_royal() -> None:
    state = position("classic", table="QS QD", hands={0: "QH"})
    step = legal(state, take(0, "QH", "QS"))
    assert grouping(step.groups) == groups_of("QS")
    illegal(state, take(0, "QH", "QS QD"), "R5.2")
    royal = position("royal", table="QS QD", hands={0: "QH"})
    step = legal(royal, take(0, "QH", "QS QD"))
    assert step.value == 12
    assert grouping(step.groups) == groups_of("QS | QD")


def test_case_8_faces_have_no_value_in_classic() -> None:
    state = position("classic", table="5S 6H", hands={0: "JC"})
    illegal(state, take(0, "JC", "5S 6H"), "R5.2")
    royal = position("royal", table="5S 6H", hands={0: "JC"})
    step = legal(royal, take(0, "JC", "5S 6H"))
    assert step.value == 11 and step.sweep


def test_case_9_played_ace_as_14_table_ace_as_1() -> None:
    state = position("royal", table="8S 5H AD", hands={0: "AC"})
    step = legal(state, take(0, "AC", "8S 5H AD", value=14))
    assert step.value == 14
    assert grouping(step.groups) == groups_of("8S 5H AD")
    illegal(state, take(0, "AC", "8S 5H AD", value=1), "C2")


@pytest.mark.parametrize("preset", ["royal", "dominican"])
def test_case_11_ace_takes_a_14_build(preset: str) -> None:
    state = position(preset, builds=[build(1, 14, "5S 9H", 1)], hands={0: "AC 3D"})
    step = legal(state, take(0, "AC", "5S 9H", value=14))
    assert step.value == 14 and [b.id for b in step.builds_taken] == [1]
    illegal(state, take(0, "AC", "5S 9H", value=1), "C3")


def test_case_12_sweep_then_only_trails() -> None:
    state = position(
        "classic",
        table="5S 3H 6D 2C",
        hands={0: "8C KS", 1: "4D 9H 7C"},
        options={"sweeps": True},
    )
    step = play(state, take(0, "8C", "5S 3H 6D 2C"))
    assert grouping(step.groups) == groups_of("6D 2C | 5S 3H")
    assert step.sweep and state.sweeps == [[0], []]
    moves = generate_legal_moves(state)
    assert moves and all(m.action is Action.TRAIL for m in moves)
    assert {m.card for m in moves} == set(cards("4D 9H 7C"))
    assert score_piles(state.rules, [[], []], state.sweeps)[0].points["sweeps"] == 1


# --- building ------------------------------------------------------------------------


def test_case_13_increase_chain() -> None:
    state = position(
        "classic",
        players=3,
        builds=[build(1, 5, "2S 3H", 0)],
        hands={0: "5C KD", 1: "3D 8C", 2: "AH 9S"},
        turn=1,
    )
    step = play(state, build_move(1, "3D", "2S 3H", 8))
    assert step.kind is MoveKind.INCREASE
    assert only_build(state).owner == 1 and only_build(state).value == 8
    step = play(state, build_move(2, "AH", "2S 3H 3D", 9))
    assert step.kind is MoveKind.INCREASE and step.previous is not None
    assert step.previous.value == 8
    b1 = only_build(state)
    assert (b1.owner, b1.value, b1.is_single) == (2, 9, True)
    assert grouping(b1.groups) == groups_of("2S 3H 3D AH")
    illegal(state, take(0, "5C", "2S 3H 3D AH"), "C3")


def test_case_14_multiple_builds_are_fixed() -> None:
    multiple = position(
        "classic", builds=[build(1, 3, "3S | 3H", 1)], hands={0: "2C 8D"}
    )
    illegal(multiple, build_move(0, "2C", "3S 3H", 8), "I1")
    single = position("classic", builds=[build(1, 6, "3S 3H", 1)], hands={0: "2C 8D"})
    step = legal(single, build_move(0, "2C", "3S 3H", 8))
    assert step.kind is MoveKind.INCREASE
    assert step.build is not None and step.build.owner == 0
    assert step.build.value == 8 and step.build.is_single


def test_case_16_increase_and_incorporate_a_loose_card() -> None:
    b1 = build(1, 7, "3S 4H", 1)
    classic = position("classic", table="9D", builds=[b1], hands={0: "2C 9C"})
    step = legal(classic, build_move(0, "2C", "3S 4H 9D", 9))
    assert step.kind is MoveKind.INCREASE and step.build is not None
    assert step.build.groups == (tuple(cards("3S 4H 2C")), tuple(cards("9D")))
    assert (step.build.value, step.build.owner) == (9, 0)
    assert not step.build.is_single
    dominican = position("dominican", table="9D", builds=[b1], hands={0: "2C 9C"})
    step = legal(dominican, build_move(0, "2C", "3S 4H", 9))
    assert step.kind is MoveKind.INCREASE and step.build is not None
    assert step.build.is_single and step.build.owner == 0
    illegal(dominican, build_move(0, "2C", "3S 4H 9D", 9), "I5")


def test_case_17_extend_then_owner_must_act() -> None:
    state = position(
        "classic",
        table="3C",
        builds=[build(1, 9, "5S 4H", 1)],
        hands={0: "6D 9C 9H", 1: "KS KD"},
    )
    step = play(state, build_move(0, "6D", "5S 4H 3C", 9))
    assert step.kind is MoveKind.EXTEND
    b1 = only_build(state)
    assert b1.groups == (tuple(cards("5S 4H")), tuple(cards("6D 3C")))
    assert (b1.value, b1.owner) == (9, 0)
    play(state, trail(1, "KS"))
    illegal(state, trail(0, "9C"), "R9.2")
    step = play(state, build_move(0, "9C", "5S 4H 6D 3C", 9))
    assert step.kind is MoveKind.EXTEND
    assert only_build(state).groups[-1] == (card("9C"),)
    play(state, trail(1, "KD"))
    capture = take(0, "9H", "5S 4H 6D 3C 9C")
    assert generate_legal_moves(state) == [capture]
    play(state, capture)
    assert not state.builds


def test_case_19_which_builds_a_3_can_make() -> None:
    state = position("classic", table="AS 2H", hands={0: "3C 3D 6S"})
    legal(state, take(0, "3C", "AS 2H"))
    step = legal(state, build_move(0, "3C", "AS 2H", 6))
    assert step.kind is MoveKind.CREATE and step.build is not None
    assert step.build.is_single and step.build.owner == 0
    step = legal(state, build_move(0, "3C", "AS 2H", 3))
    assert step.kind is MoveKind.CREATE and step.build is not None
    assert grouping(step.build.groups) == groups_of("3C | AS 2H")
    illegal(state, build_move(0, "3C", "AS", 4), "B4")
    illegal(state, build_move(0, "3C", "2H", 5), "B4")


def test_case_21_no_intermediate_build_without_its_card() -> None:
    state = position("classic", table="5S", hands={0: "10C 3H 2D"})
    illegal(state, build_move(0, "3H", "5S", 8), "B4")


def test_case_22_build_and_raise_twice() -> None:
    state = position(
        "classic", hands={0: "6C 2D 9S 4H", 1: "7S 10H AC AD"}, table="KS QH JD"
    )
    assert state.dealer == 1
    play(state, trail(0, "6C"))
    step = play(state, build_move(1, "AC", "6C", 7))
    assert step.kind is MoveKind.CREATE and only_build(state).owner == 1
    step = play(state, build_move(0, "2D", "6C AC", 9))
    assert step.kind is MoveKind.INCREASE and only_build(state).owner == 0
    step = play(state, build_move(1, "AD", "6C AC 2D", 10))
    assert step.kind is MoveKind.INCREASE
    assert (only_build(state).owner, only_build(state).value) == (1, 10)
    play(state, trail(0, "4H"))
    step = play(state, take(1, "10H", "6C AC 2D AD"))
    assert step.value == 10 and not state.builds


@pytest.mark.parametrize(
    ("preset", "allowed"), [("classic", True), ("dominican", False)]
)
def test_case_23_increase_own_build(preset: str, allowed: bool) -> None:
    state = position(preset, table="7S", hands={0: "9C 2H AD 10S", 1: "KD QS"})
    step = play(state, build_move(0, "2H", "7S", 9))
    assert step.kind is MoveKind.CREATE
    play(state, trail(1, "KD"))
    increase = build_move(0, "AD", "7S 2H", 10)
    if allowed:
        step = play(state, increase)
        assert step.kind is MoveKind.INCREASE
        assert (only_build(state).value, only_build(state).owner) == (10, 0)
    else:
        illegal(state, increase, "I4")


def test_case_24_faces_cannot_be_built_in_classic() -> None:
    state = position("classic", table="KS", hands={0: "2C KD"})
    illegal(state, build_move(0, "2C", "KS", 12), "B1")
    royal = position("royal", table="JS", hands={0: "2C KD"})
    step = legal(royal, build_move(0, "2C", "JS", 13))
    assert step.kind is MoveKind.CREATE and step.build is not None
    assert (step.build.value, step.build.owner) == (13, 0)


def test_case_26_royal_value_limits_and_ace_as_14() -> None:
    state = position("royal", builds=[build(1, 13, "9S 4H", 1)], hands={0: "2C AD"})
    illegal(state, build_move(0, "2C", "9S 4H", 15), "I2")
    no_ace = position("royal", table="5S", hands={0: "9C 3D"})
    illegal(no_ace, build_move(0, "9C", "5S", 14), "B4")
    with_ace = position("royal", table="5S", hands={0: "9C AD"})
    step = legal(with_ace, build_move(0, "9C", "5S", 14))
    assert step.kind is MoveKind.CREATE and step.build is not None
    assert step.build.value == 14 and step.build.is_single


@pytest.mark.parametrize("preset", ["royal", "dominican"])
def test_case_28_increase_an_opponents_build(preset: str) -> None:
    state = position(preset, builds=[build(1, 10, "6S 4H", 1)], hands={0: "2C QD"})
    step = legal(state, build_move(0, "2C", "6S 4H", 12))
    assert step.kind is MoveKind.INCREASE and step.build is not None
    assert (step.build.value, step.build.owner) == (12, 0)


def test_case_29_dominican_partners_build() -> None:
    b1 = build(1, 9, "5S 4H", 2)

    def at(hand: str) -> DealState:
        return position(
            "dominican", players=4, teams=PARTNERS, builds=[b1], hands={0: hand}
        )

    illegal(at("2C JD"), build_move(0, "2C", "5S 4H", 11), "I4")
    illegal(at("9C 9D"), build_move(0, "9C", "5S 4H", 9), "E1")
    step = legal(at("9C 9D"), take(0, "9C", "5S 4H"))
    assert [b.id for b in step.builds_taken] == [1]


def test_case_30_dominican_multiple_builds() -> None:
    state = position("dominican", table="4S 8H 6D 2C", hands={0: "4H 8C"})
    step = legal(state, build_move(0, "4H", "4S 8H 6D 2C", 8))
    assert step.kind is MoveKind.CREATE and step.build is not None
    assert grouping(step.build.groups) == groups_of("4H 4S | 8H | 6D 2C")
    pair = position("dominican", table="8H", hands={0: "8C 8D"})
    step = legal(pair, build_move(0, "8C", "8H", 8))
    assert step.build is not None
    assert grouping(step.build.groups) == groups_of("8C | 8H")
    sets = position("dominican", table="6D 2C", hands={0: "8C 8D"})
    step = legal(sets, build_move(0, "8C", "6D 2C", 8))
    assert step.build is not None
    assert grouping(step.build.groups) == groups_of("8C | 6D 2C")
    state = position(
        "dominican", builds=[build(1, 8, "8H | 6D 2C", 1)], hands={0: "8C 8D"}
    )
    step = legal(state, build_move(0, "8C", "8H 6D 2C", 8))
    assert step.kind is MoveKind.EXTEND and step.build is not None
    assert grouping(step.build.groups) == groups_of("8H | 6D 2C | 8C")
    assert step.build.owner == 0


# --- ownership and trailing ------------------------------------------------------------


def test_case_31_owner_may_not_trail() -> None:
    state = position(
        "classic", table="KS", builds=[build(1, 7, "5S 2H", 0)], hands={0: "7C KD"}
    )
    illegal(state, trail(0, "KD"), "R9.2")
    step = legal(state, take(0, "KD", "KS"))
    assert step.kind is MoveKind.CAPTURE and not step.sweep
    step = legal(state, take(0, "7C", "5S 2H"))
    assert step.kind is MoveKind.CAPTURE


@pytest.mark.parametrize("preset", ["classic", "dominican"])
def test_case_33_trailing_a_card_that_pairs(preset: str) -> None:
    state = position(
        preset,
        players=4,
        teams=PARTNERS,
        table="10C 3H 7S",
        hands={0: "10D 10S 4C", 1: "5D", 2: "6H", 3: "8D"},
    )
    if preset == "classic":
        step = legal(state, trail(0, "10D"))
        assert step.kind is MoveKind.TRAIL
        return
    illegal(state, trail(0, "10D"), "R9.3")
    illegal(state, take(0, "10D", "3H 7S"), "R5.3")
    with_ten = [m for m in generate_legal_moves(state) if m.card == card("10D")]
    assert with_ten
    for move in with_ten:
        assert move.action is Action.BUILD or card("10C") in move.cards
    assert take(0, "10D", "10C") in with_ten
    assert build_move(0, "10D", "10C", 10) in with_ten


def test_case_35_dominican_owner_with_one_card() -> None:
    state = position(
        "dominican",
        table="2H KS",
        builds=[build(1, 9, "5S 4H", 0)],
        hands={0: "9C", 1: "3D"},
    )
    assert generate_legal_moves(state) == [take(0, "9C", "5S 4H")]
    illegal(state, trail(0, "9C"), "R9.2")
    illegal(state, take(0, "9C", "2H KS"), "C2")


def test_case_36_no_build_survives_a_round() -> None:
    state = position(
        "classic",
        table="5S KH",
        hands={0: "3C 8D", 1: "KD QS"},
        round_index=2,
    )
    step = play(state, build_move(0, "3C", "5S", 8))
    assert step.kind is MoveKind.CREATE
    play(state, trail(1, "KD"))
    capture = take(0, "8D", "5S 3C")
    assert generate_legal_moves(state) == [capture]
    play(state, capture)
    play(state, trail(1, "QS"))
    assert needs_hands(state) and not state.builds and not state.finished
    next_round(state, [cards("2C 3D 4H 6S"), cards("7C 9D 10H JS")])
    assert state.round == 3 and state.turn == 0
    assert sorted(state.loose) == sorted(cards("KH KD QS"))


# --- end of deal and scoring --------------------------------------------------------------


def test_case_37_residue_to_the_last_capturer() -> None:
    state = position(
        "classic", table="3S 9C", hands={0: "", 1: "7D"}, turn=1, round_index=5
    )
    state.last_capturer = 0
    state.pile_bits = [mask_of(cards("4H 4D")), 0]
    step = play(state, trail(1, "7D"))
    assert not step.sweep and state.finished
    assert state.residue_side == 0
    assert sorted(state.residue) == sorted(cards("3S 9C 7D"))
    assert sorted(state.piles[0]) == sorted(cards("4H 4D 3S 9C 7D"))
    assert state.sweeps == [[], []] and state.table_empty


@pytest.mark.parametrize("last_play_sweep", [True, False])
def test_case_38_last_card_sweep(last_play_sweep: bool) -> None:
    options = {"sweeps": True, "last_play_sweep": last_play_sweep}

    def last(table: str) -> DealState:
        return position(
            "classic",
            table=table,
            hands={1: "9S"},
            turn=1,
            round_index=5,
            options=options,
        )

    state = last("4H 5D")
    step = play(state, take(1, "9S", "4H 5D"))
    assert step.sweep is last_play_sweep
    assert state.sweeps == [[], [0] if last_play_sweep else []]
    assert state.residue == () and state.finished
    state = last("4H 5D KC")
    step = play(state, take(1, "9S", "4H 5D"))
    assert not step.sweep and state.sweeps == [[], []]
    assert state.residue == (card("KC"),) and state.residue_side == 1
    assert card("KC") in state.piles[1]


def _split_pack(first: Iterable[Card]) -> list[list[Card]]:
    mine = list(first)
    return [mine, [c for c in CARDS if c not in mine]]


def test_case_39_classic_deal_points() -> None:
    spades = [c for c in CARDS if c.suit is Suit.SPADES]
    plain = [
        c
        for c in CARDS
        if c.suit is not Suit.SPADES and not c.is_ace and c != BIG_CASINO
    ]
    p1 = [*cards("AS 3S 4S 5S 6S 7S 8S"), BIG_CASINO, card("AH"), *plain[:18]]
    piles = _split_pack(p1)
    assert LITTLE_CASINO in piles[1] and len(spades) == 13
    score = score_piles(Rules.from_preset("classic"), piles, [[], []])
    assert [(s.cards, s.spades) for s in score] == [(27, 7), (25, 6)]
    assert score[0].points == {
        "most_cards": 3,
        "most_spades": 1,
        "big_casino": 2,
        "little_casino": 0,
        "aces": 2,
        "sweeps": 0,
    }
    assert score[1].points["little_casino"] == 1 and score[1].points["aces"] == 2
    assert [s.earned for s in score] == [8, 3]
    assert [s.banked for s in score] == [8, 3]
    assert sum(s.earned for s in score) == 11


def test_case_40_tie_for_cards_scores_nobody() -> None:
    spades = [c for c in CARDS if c.suit is Suit.SPADES]
    others = [c for c in CARDS if c.suit is not Suit.SPADES]
    piles = _split_pack(spades[:8] + others[:18])
    score = score_piles(Rules.from_preset("classic"), piles, [[], []])
    assert [(s.cards, s.spades) for s in score] == [(26, 8), (26, 5)]
    assert [s.points["most_cards"] for s in score] == [0, 0]
    assert [s.points["most_spades"] for s in score] == [1, 0]


def test_case_42_partners_piles_are_combined() -> None:
    state = position(
        "classic",
        players=4,
        teams=PARTNERS,
        table="5S 6H",
        hands={0: "5C", 1: "2D", 2: "6C", 3: "3D"},
    )
    play(state, take(0, "5C", "5S"))
    play(state, trail(1, "2D"))
    play(state, take(2, "6C", "6H"))
    assert sorted(state.piles[0]) == sorted(cards("5C 5S 6C 6H"))
    assert not state.piles[1]
    team_a = [c for c in CARDS if c.rank in (3, 4)][:6] + [
        c for c in CARDS if c.rank >= 5
    ][:21]
    piles = _split_pack(team_a)
    assert [len(p) for p in piles] == [27, 25]
    score = score_piles(state.rules, piles, [[], []])
    assert [s.points["most_cards"] for s in score] == [3, 0]


def test_case_43_simultaneous_target() -> None:
    rules = Rules.from_preset("classic")
    match = MatchState(rules, 2, totals=[19, 18])
    decision = match.settle([side_score(0, 3), side_score(1, 4)])
    assert decision.totals == (22, 22) and decision.tied and decision.winner is None
    assert not match.over
    decision = match.settle([side_score(0, 1), side_score(1, 0)])
    assert decision.winner == 0 and match.winner == 0 and decision.totals == (23, 22)
    variant = MatchState(rules, 2, totals=[19, 18])
    decision = variant.settle([side_score(0, 3), side_score(1, 3)])
    assert decision.totals == (22, 21) and decision.winner == 0


def test_case_45_royal_sweeps_in_count_out() -> None:
    rules = Rules.from_preset("royal", {"sweeps": True})
    sweeps = [[5], [2, 9]]
    score = score_piles(rules, [[], []], sweeps)
    assert [s.points["sweeps"] for s in score] == [1, 2]
    assert [s.earned for s in score] == [1, 2]
    items = count_out_items(score, sweeps)
    assert [(i.side, i.category) for i in items] == [
        (1, "sweeps"),
        (0, "sweeps"),
        (1, "sweeps"),
    ]
    piles = _split_pack(CARDS[:30])
    score = score_piles(rules, piles, sweeps)
    items = count_out_items(score, sweeps)
    assert [i.category for i in items][-3:] == ["sweeps"] * 3
    assert [i.side for i in items][-3:] == [1, 0, 1]
    match = MatchState(rules, 2, totals=[20, 20])
    decision = match.settle(score_piles(rules, [[], []], [[1], [2, 9]]), [[1], [2, 9]])
    assert decision.winner == 0 and decision.count_out_item is not None
    assert decision.count_out_item.category == "sweeps"


def test_case_46_dominican_sweep_cancellation() -> None:
    rules = Rules.from_preset("dominican")
    score = score_piles(rules, [[], []], [[1, 2, 3], [4]])
    assert [s.points["sweeps"] for s in score] == [2, 0]
    assert [s.sweeps for s in score] == [3, 1]


@pytest.mark.parametrize("rule", ["frozen", "cap_at_20"])
def test_case_48_dominican_near_target(rule: str) -> None:
    rules = Rules.from_preset("dominican", {"near_target_rule": rule})
    plain = [c for c in CARDS if not c.is_ace and c not in (BIG_CASINO, LITTLE_CASINO)]
    hearts_first = sorted(plain, key=lambda c: c.suit is Suit.SPADES)
    # A takes most cards (27 of 52).
    piles = _split_pack(hearts_first[:27])
    score = score_piles(rules, piles, [[], []], totals_before=[18, 0])
    match = MatchState(rules, 2, totals=[18, 0])
    decision = match.settle(score)
    assert decision.winner == 0 and match.totals[0] == 21
    # A misses most cards but takes Big Casino and two aces: 4 points.
    piles = _split_pack([BIG_CASINO, *cards("AH AD"), *hearts_first[:22]])
    score = score_piles(rules, piles, [[], []], totals_before=[18, 0])
    assert score[0].cards == 25 and score[0].earned == 4
    match = MatchState(rules, 2, totals=[18, 0])
    decision = match.settle(score)
    assert decision.winner is None and not match.over
    assert match.totals[0] == (18 if rule == "frozen" else 20)
    assert match.totals[1] == score[1].earned


@pytest.mark.parametrize(("players", "rounds"), [(2, 6), (3, 4), (4, 3)])
def test_case_51_deal_structure(players: int, rounds: int) -> None:
    rules = Rules.from_preset("classic")
    seating = Seating.create(rules, players, None)
    assert seating.rounds == rounds
    deck = shuffled_deck(f"case-51-{players}")
    dealt = deal_from_deck(deck, seating, dealer=0)
    assert len(dealt.table) == 4 and len(dealt.rounds) == rounds
    assert all(len(hand) == 4 for hands in dealt.rounds for hand in hands)
    state = DealState.start(rules, seating, 0, dealt.table, dealt.rounds[0])
    bots = [RandomBot(seat) for seat in range(players)]
    while not state.finished:
        if needs_hands(state):
            table = sorted(state.table_cards)
            next_round(state, dealt.rounds[state.round + 1])
            assert sorted(state.table_cards) == table  # never replenished
        assert state.last_round is (state.round == rounds - 1)
        apply_move(state, bots[state.turn].choose(state, generate_legal_moves(state)))
    assert state.round == rounds - 1 and state.moves_played == 4 * players * rounds


@pytest.mark.parametrize(
    ("preset", "order", "next_dealer"),
    [("dominican", (3, 2, 1, 0), 3), ("classic", (1, 2, 3, 0), 1)],
)
def test_case_52_turn_order(
    preset: str, order: tuple[int, ...], next_dealer: int
) -> None:
    seating = Seating.create(Rules.from_preset(preset), 4, PARTNERS)
    assert seating.play_order(dealer=0) == order
    assert seating.next_dealer(0) == next_dealer
    dealt = deal_from_deck(shuffled_deck("case-52"), seating, dealer=0)
    state = DealState.start(
        Rules.from_preset(preset), seating, 0, dealt.table, dealt.rounds[0]
    )
    seen = []
    for _ in range(4):
        seen.append(state.turn)
        apply_move(state, generate_legal_moves(state)[-1])
    assert tuple(seen) == order


def test_case_54_trail_a_card_that_could_capture() -> None:
    state = position("classic", table="5C", hands={0: "5H 9S"})
    step = legal(state, trail(0, "5H"))
    assert step.kind is MoveKind.TRAIL
    strict = position(
        "classic",
        table="5C",
        hands={0: "5H 9S"},
        options={"no_trail_if_capture_possible": True},
    )
    illegal(strict, trail(0, "5H"), "R9.4")
    legal(strict, trail(0, "9S"))
