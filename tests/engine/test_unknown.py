"""Hands partly unknown (engine.unknown): a move is legal whatever the unseen cards,
illegal whatever they are, or waits for them."""

from __future__ import annotations

import pytest

from casino_records.engine.cards import CARDS, parse_card, parse_cards
from casino_records.engine.moves import Move
from casino_records.engine.rules import Rules
from casino_records.engine.seating import Seating
from casino_records.engine.state import DealState
from casino_records.engine.unknown import UnseenCards, representatives, start_deal
from casino_records.engine.values import value_tables
from casino_records.errors import IllegalMoveError

RULES = Rules.from_preset("classic")
SEATING = Seating.create(RULES, 2, None)
VALUES = value_tables(RULES.card_values)


def position(
    table: str, known: list[str], unknown: tuple[int, int], seen: str = ""
) -> tuple[DealState, UnseenCards]:
    """Seat 0 to move; ``known`` each seat's known cards; the rest of the pack unseen."""
    table_cards = parse_cards(table)
    hands = [parse_cards(k) for k in known]
    used = {*table_cards, *parse_cards(seen), *(c for h in hands for c in h)}
    unseen = UnseenCards.of(frozenset(CARDS) - used, unknown, VALUES)
    state = start_deal(RULES, SEATING, 1, table_cards, unseen.working_hands(hands))
    return state, unseen


def build(card: str, value: int, onto: str) -> Move:
    return Move.build(0, parse_card(card), parse_cards(onto), value)


def test_representatives_one_card_of_each_value() -> None:
    cards = representatives(parse_cards("2S 2H 9C AD KS"), VALUES)
    assert sorted(cards) == sorted(
        parse_cards("AD 2S 9C KS")
    )  # the first 2 in pack order


def test_legal_whatever_the_unseen_cards() -> None:
    state, unseen = position("4S 5D 6C 9C", ["9D", ""], (3, 4))
    take = Move.capture(0, parse_card("9D"), parse_cards("4S 5D"))
    assert unseen.verify(state, take).waits is None  # a capture needs nothing held
    assert unseen.verify(state, Move.trail(0, parse_card("9D"))).waits is None


def test_waits_for_the_hand() -> None:
    state, unseen = position("9C 9S 3H 2C", ["7D", ""], (3, 4))
    checked = unseen.verify(state, build("7D", 9, "2C"))
    assert checked.waits is not None and checked.waits.rule == "B4"


def test_illegal_whatever_they_are_no_card_of_the_value() -> None:
    state, unseen = position("9C 9S 9H 2C", ["7D", ""], (3, 4), seen="9D")
    with pytest.raises(IllegalMoveError) as caught:
        unseen.verify(state, build("7D", 9, "2C"))
    assert caught.value.rule == "B4"


def test_illegal_whatever_they_are_too_few_unseen_cards() -> None:
    # Seat 0 knows 7D only and has one unseen card: it cannot hold both a 9 and
    # an 8 (own build of 9, then a new build of 8 needs both)
    state, unseen = position("9C 4S 3H 2C", ["7D 5S JC", "KH"], (1, 3))
    from casino_records.engine.play import apply_plan

    first = build("7D", 9, "2C")
    apply_plan(state, first, unseen.verify(state, first).plan)
    trail = Move.trail(1, parse_card("KH"))
    apply_plan(state, trail, unseen.verify(state, trail).plan)
    with pytest.raises(IllegalMoveError) as caught:
        unseen.verify(state, build("5S", 8, "3H"))
    assert caught.value.rule == "B4"
    assert "its unseen card cannot give every value" in caught.value.message


def test_shown_keeps_only_the_known_cards() -> None:
    state, unseen = position("4S 5D 6C 9C", ["9D", "KH"], (3, 3))
    assert len(state.hands[0]) > 4  # the working hand
    assert [list(h) for h in unseen.shown(state).hands] == [
        parse_cards("9D"),
        parse_cards("KH"),
    ]
