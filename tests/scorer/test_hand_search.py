"""The search for a hand that makes a move legal (engine.unknown._some_hand) tries
only the cards that can matter: it must agree with trying every hand."""

from __future__ import annotations

from itertools import chain, combinations
from typing import Any

import pytest

from casino_records.engine import unknown
from casino_records.engine.cards import Card
from casino_records.engine.legality import verify_move
from casino_records.engine.moves import Move
from casino_records.engine.state import DealState
from casino_records.errors import IllegalMoveError
from casino_records.record.simulate import simulate_record
from casino_records.record.text.notation import move_notation
from casino_records.scorer import ScorerSession
from casino_records.scorer.candidates import every_move

from .rebuild import setup_of


def every_hand(
    state: DealState, move: Move, known: list[Card], extra: list[Card], size: int
) -> bool:
    """The search as it was: every choice of one card, then of ``size`` cards."""
    for chosen in chain(combinations(extra, 1), combinations(extra, size)):
        try:
            with unknown._hand_as(state, move.seat, [*known, *chosen]):
                verify_move(state, move)
        except IllegalMoveError:
            continue
        return True
    return False


GAMES = [("classic", 2, False), ("royal", 3, False), ("dominican", 4, True)]


def test_the_narrow_search_agrees_with_every_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    searched = unknown._some_hand
    calls: list[tuple[bool, bool]] = []

    def both(state: DealState, move: Move, *args: Any) -> bool:
        found = searched(state, move, *args)
        calls.append((found, every_hand(state, move, *args)))
        return found

    monkeypatch.setattr(unknown, "_some_hand", both)
    for preset, players, teams in GAMES:
        enter_with_every_card(preset, players, teams)
    assert all(narrow == wide for narrow, wide in calls)
    found = [narrow for narrow, _ in calls]
    assert found.count(True) > 20 and found.count(False) > 20, found


def enter_with_every_card(preset: str, players: int, teams: bool) -> None:
    """Enter a deal as it appears, asking every card's moves at each position."""
    record = simulate_record(
        preset, players, teams=teams, seed=f"search-{preset}",
        bots=("greedy", "random"), provenance="inferred", max_deals=1,
    )  # fmt: skip
    session = ScorerSession(setup_of(record))
    deal = record.deals[0]
    assert deal.table is not None
    session.set_table(list(deal.table))
    for move in (m for r in deal.rounds for m in r.moves):
        live = session.live()
        assert live is not None
        every_move(live)  # every card's every move here, then the one played
        session.play(move_notation(move))
