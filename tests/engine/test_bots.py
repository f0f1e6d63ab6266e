"""The bots' draws: the same numbers ``randrange`` draws, so seeded games stay as they were."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casino_records.engine.bots import GreedyBot, RandomBot, draw_below
from casino_records.engine.movegen import captures_else_moves, generate_legal_moves
from casino_records.engine.play import apply_move, needs_hands, next_round
from casino_records.engine.rules import Rules
from casino_records.engine.seating import Seating, deal_from_deck
from casino_records.engine.shuffle import shuffled_deck
from casino_records.engine.state import DealState


@given(st.integers(0, 2**32), st.lists(st.integers(1, 300), min_size=1, max_size=50))
def test_a_draw_is_randranges_draw(seed: int, sizes: list[int]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [draw_below(ours, n) for n in sizes] == [theirs.randrange(n) for n in sizes]
    assert ours.getstate() == theirs.getstate()  # and the generator is left alike


@pytest.mark.parametrize("n", [1, 2, 3, 7, 64, 65, 1000])
def test_every_draw_is_below_n_and_every_number_comes(n: int) -> None:
    rng = random.Random(n)
    drawn = {draw_below(rng, n) for _ in range(40 * n)}
    assert drawn == set(range(n))


@pytest.mark.parametrize("preset", ["classic", "royal", "dominican"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_greedy_bots_play_is_its_choice_of_every_legal_move(
    preset: str, players: int
) -> None:
    """``play`` generates captures only when there are some: the same move as
    ``choose`` among all the legal moves, with the same draw, at every turn."""
    rules = Rules.from_preset(preset)
    teams = [[0, 2], [1, 3]] if players == 4 else None
    seating = Seating.create(rules, players, teams)
    turns = 0
    for deal in range(4):
        seed = f"greedy-play-{preset}-{players}-{deal}"
        dealt = deal_from_deck(shuffled_deck(seed), seating, 0, rules.deal_batch)
        state = DealState.start(rules, seating, 0, dealt.table, dealt.rounds[0])
        fast, slow = GreedyBot(seed), GreedyBot(seed)
        mover = RandomBot(seed)
        while not state.finished:
            if needs_hands(state):
                next_round(state, dealt.rounds[state.round + 1])
            legal = generate_legal_moves(state)
            captures = [move for move in legal if move.action == "capture"]
            assert captures_else_moves(state) == (captures or legal)
            assert fast.play(state) == slow.choose(state, legal)
            turns += 1
            apply_move(state, mover.choose(state, legal))
    assert fast.rng.getstate() == slow.rng.getstate()
    assert turns == 4 * 48
