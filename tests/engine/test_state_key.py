"""DealState.key: equal for transposed positions, different when anything that
decides the rest of the deal differs."""

from __future__ import annotations

from casino_records.engine.cards import parse_card, parse_cards
from casino_records.engine.moves import Move
from casino_records.engine.play import apply_move
from casino_records.engine.state import DealState
from tests.engine.positions import build, position


def _after(*moves: tuple[int, str]) -> DealState:
    state = position("classic", hands={0: "2H 3D 9C", 1: "4S 5C 9D"}, table="KD")
    for seat, card in moves:
        apply_move(state, Move.trail(seat, parse_card(card)))
    return state


def test_transposed_positions_have_equal_keys() -> None:
    """Trails in another order reach the same position (loose cards in another order)."""
    one = _after((0, "2H"), (1, "4S"), (0, "3D"))
    two = _after((0, "3D"), (1, "4S"), (0, "2H"))
    assert one.loose != two.loose
    assert one.key() == two.key()
    assert hash(one.key()) == hash(two.key())


def test_keys_differ_when_the_future_differs() -> None:
    base = _after((0, "2H"))
    assert _after((0, "3D")).key() != base.key()  # another card left in hand
    moved = base.copy()
    apply_move(moved, Move.trail(1, parse_card("4S")))
    assert moved.key() != base.key()  # the turn and the table
    captured = _with_piles(["AS 2S"], [[]])
    assert _with_piles(["AS 2S"], [[]]).key() == captured.key()
    assert _with_piles(["AS 3S"], [[]]).key() != captured.key()
    assert _with_piles(["AS 2S"], [[4]]).key() != captured.key()
    last = captured.copy()
    last.last_capturer = 1
    assert last.key() != captured.key()


def _with_piles(piles: list[str], sweeps: list[list[int]]) -> DealState:
    base = position("classic", hands={0: "2H", 1: "4S"}, table="KD")
    return DealState(
        rules=base.rules,
        seating=base.seating,
        dealer=base.dealer,
        values=base.values,
        hands=[parse_cards("2H"), parse_cards("4S")],
        loose=parse_cards("KD"),
        piles=[parse_cards(piles[0]), []],
        sweeps=[sweeps[0], []],
        turn=0,
    )


def test_key_ignores_build_serial_numbers() -> None:
    one = position("classic", hands={0: "9C"}, builds=[build(1, 9, "5S 4H", 0)])
    two = position("classic", hands={0: "9C"}, builds=[build(7, 9, "5S 4H", 0)])
    other = position("classic", hands={0: "9C"}, builds=[build(1, 9, "5S 4H", 1)])
    assert one.key() == two.key()
    assert one.key() != other.key()
