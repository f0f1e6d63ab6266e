"""Hand-set positions for the engine tests (worked cases, illegal-move reasons)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from casino_records.engine.cards import parse_cards as cards
from casino_records.engine.moves import Build
from casino_records.engine.rules import Rules
from casino_records.engine.seating import Seating
from casino_records.engine.state import DealState
from casino_records.engine.values import value_tables

PARTNERS = [[0, 2], [1, 3]]


def position(
    preset: str,
    *,
    hands: Mapping[int, str],
    table: str = "",
    builds: Sequence[Build] = (),
    players: int = 2,
    teams: Sequence[Sequence[int]] | None = None,
    turn: int = 0,
    options: Mapping[str, object] | None = None,
    round_index: int = 0,
) -> DealState:
    """A position with ``turn`` to play (the seat after the dealer)."""
    rules = Rules.from_preset(preset, options)
    seating = Seating.create(rules, players, teams)
    return DealState(
        rules=rules,
        seating=seating,
        dealer=(turn - seating.step) % players,
        values=value_tables(rules.card_values),
        hands=[cards(hands.get(seat, "")) for seat in range(players)],
        loose=cards(table),
        builds=list(builds),
        piles=[[] for _ in range(seating.sides)],
        sweeps=[[] for _ in range(seating.sides)],
        turn=turn,
        round=round_index,
        next_build_id=max((b.id for b in builds), default=0) + 1,
    )


def build(bid: int, value: int, groups: str, owner: int) -> Build:
    """``build(1, 9, "5S 4H | 9C", 0)`` is ``B1{[5S,4H],[9C]}=9 @seat 0``."""
    return Build(bid, value, tuple(tuple(cards(g)) for g in groups.split("|")), owner)
