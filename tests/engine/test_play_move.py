"""play_move plays a move exactly as apply_move does, without its step unless one
is logged; play_generated plays a generated move as play_move does."""

from __future__ import annotations

import random

import pytest

from casino_records.engine.bots import RandomBot
from casino_records.engine.movegen import generate_legal_moves
from casino_records.engine.play import (
    apply_move,
    needs_hands,
    next_round,
    play_generated,
    play_move,
)
from casino_records.engine.rules import Rules
from casino_records.engine.seating import Seating, deal_from_deck
from casino_records.engine.shuffle import shuffled_deck
from casino_records.engine.state import DealState
from casino_records.errors import IllegalMoveError


def _everything(state: DealState) -> tuple[object, ...]:
    """The whole position, history included (the key leaves some out)."""
    return (
        state.key(),
        state.loose,
        [(b.id, b.value, b.groups, b.owner) for b in state.builds],
        [list(s) for s in state.sweeps],
        state.moves_played,
        state.last_capture_move,
        state.residue,
        state.residue_side,
        list(state.log),
    )


GAMES = [("classic", 2, None), ("royal", 3, None), ("dominican", 4, [[0, 2], [1, 3]])]


@pytest.mark.parametrize(("preset", "players", "teams"), GAMES)
@pytest.mark.parametrize("keep_log", [False, True])
def test_play_move_plays_as_apply_move(
    preset: str, players: int, teams: list[list[int]] | None, keep_log: bool
) -> None:
    rules = Rules.from_preset(preset)
    seating = Seating.create(rules, players, teams)
    for deal in range(8):
        dealt = deal_from_deck(
            shuffled_deck(f"play-{deal}"), seating, 0, rules.deal_batch
        )
        stepped = DealState.start(
            rules, seating, 0, dealt.table, dealt.rounds[0], keep_log=keep_log
        )
        played = stepped.copy()
        bot = RandomBot(deal)
        while not stepped.finished:
            if needs_hands(stepped):
                next_round(stepped, dealt.rounds[stepped.round + 1])
                next_round(played, dealt.rounds[played.round + 1])
            move = bot.choose(stepped, generate_legal_moves(stepped))
            step = apply_move(stepped, move)
            assert play_move(played, move) is step.kind
            assert _everything(played) == _everything(stepped)
        assert played.finished
        assert len(played.log) == (stepped.moves_played if keep_log else 0)


@pytest.mark.parametrize(("preset", "players", "teams"), GAMES)
@pytest.mark.parametrize("keep_log", [False, True])
def test_play_generated_plays_every_generated_move_as_play_move(
    preset: str, players: int, teams: list[list[int]] | None, keep_log: bool
) -> None:
    """Every legal move of every position of random deals, builds among them."""
    rules = Rules.from_preset(preset)
    seating = Seating.create(rules, players, teams)
    kinds: set[str] = set()
    for deal in range(6):
        dealt = deal_from_deck(
            shuffled_deck(f"generated-{deal}"), seating, 0, rules.deal_batch
        )
        state = DealState.start(
            rules, seating, 0, dealt.table, dealt.rounds[0], keep_log=keep_log
        )
        bot = RandomBot(deal)
        while not state.finished:
            if needs_hands(state):
                next_round(state, dealt.rounds[state.round + 1])
            legal = generate_legal_moves(state)
            for move in legal:
                checked, trusted = state.copy(), state.copy()
                kinds.add(str(play_move(checked, move)))
                play_generated(trusted, move)
                assert _everything(trusted) == _everything(checked), move
            apply_move(state, bot.choose(state, legal))
    assert len(kinds) >= 4  # trails, captures, and builds made and changed


def test_an_illegal_move_leaves_the_state_as_it_was() -> None:
    rules = Rules.from_preset("classic")
    seating = Seating.create(rules, 2, None)
    dealt = deal_from_deck(shuffled_deck("illegal"), seating, 0)
    state = DealState.start(rules, seating, 0, dealt.table, dealt.rounds[0])
    before = _everything(state)
    other = random.Random(0).choice(dealt.rounds[0][state.turn ^ 1])
    move = generate_legal_moves(state)[-1]
    wrong = type(move).trail(state.turn, other)  # a card the seat does not hold
    with pytest.raises(IllegalMoveError, match="R4.1"):
        play_move(state, wrong)
    assert _everything(state) == before
