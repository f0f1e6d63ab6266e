"""The sampler deals the unseen cards, and only consistently with what was seen."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

import pytest

from casino_records.analysis.analyse import make_settings
from casino_records.analysis.analysed_game import AnalysedGame
from casino_records.analysis.sampler import MAX_TRIES, NoConsistentDeal, WorldSampler
from casino_records.engine.cards import CARDS, Card
from casino_records.engine.moves import Move
from casino_records.record.simulate import simulate_record
from tests.engine.positions import position

TABLES = [(2, False), (3, False), (4, False), (4, True)]


def _game(
    players: int, teams: bool, seed: str, preset: str = "classic"
) -> AnalysedGame:
    record = simulate_record(
        preset, players, teams=teams, seed=seed, bots=["greedy", "random"], max_deals=1
    )
    return AnalysedGame(record, make_settings(samples=1))


def _same_cards(a: Iterable[Card], b: Iterable[Card]) -> bool:
    return sorted(a) == sorted(b)


@pytest.mark.parametrize(("players", "teams"), TABLES)
def test_worlds_keep_what_the_mover_saw(players: int, teams: bool) -> None:
    game = _game(players, teams, f"sampler-{players}-{teams}")
    rng = random.Random(1)
    for i in range(0, 40, 3):
        here = game.position(0, i)
        sampler = game.sampler(0, i)
        world = sampler.sample(rng)
        state, mover = world.state, here.turn
        assert state.turn == mover and state.moves_played == here.moves_played
        assert _same_cards(state.hands[mover], here.hands[mover])
        assert _same_cards(state.loose, here.loose)
        assert state.builds == here.builds
        assert [sorted(p) for p in state.piles] == [sorted(p) for p in here.piles]
        for seat in range(players):
            assert len(state.hands[seat]) == len(here.hands[seat])
        # Every card of the pack exactly once: seen, dealt now, or dealt later.
        every = [c for hand in state.hands for c in hand] + list(state.table_cards)
        every += [c for pile in state.piles for c in pile]
        every += [c for hands in world.later_hands.values() for h in hands for c in h]
        assert Counter(every) == Counter(CARDS)
        assert sorted(world.later_hands) == list(
            range(here.round + 1, here.seating.rounds)
        )


def test_the_same_seed_deals_the_same_world() -> None:
    game = _game(3, False, "sampler-seed")
    one = game.sampler(0, 5).sample(random.Random(7))
    two = game.sampler(0, 5).sample(random.Random(7))
    other = game.sampler(0, 5).sample(random.Random(8))
    assert one.state.hands == two.state.hands and one.later_hands == two.later_hands
    assert (one.state.hands, one.later_hands) != (other.state.hands, other.later_hands)


def _owned_build_position(game: AnalysedGame) -> tuple[int, int] | None:
    """A position where another player owns a build and still holds cards."""
    for i in range(len(game.deals[0].positions) - 1):
        here = game.position(0, i)
        if any(b.owner != here.turn and here.hands[b.owner] for b in here.builds):
            return 0, i
    return None


def test_a_build_owner_always_holds_its_capture_card() -> None:
    """The engine's hold rule (G1) rejects deals where the owner could not capture."""
    for n in range(40):
        game = _game(2, False, f"sampler-build-{n}")
        found = _owned_build_position(game)
        if found is not None:
            break
    else:  # pragma: no cover - the seeds above have builds
        pytest.fail("no position with an opponent's build")
    here = game.position(*found)
    sampler = game.sampler(*found)
    rng = random.Random(3)
    for _ in range(30):
        state = sampler.sample(rng).state
        for build in state.builds:
            if build.owner != here.turn and state.hands[build.owner]:
                assert state.hand_value_mask(build.owner) >> build.value & 1
    assert sampler.tries > 30  # some deals were rejected


def test_no_consistent_deal_is_reported() -> None:
    """A round whose moves no deal of the unseen cards explains."""
    game = _game(2, False, "sampler-none")
    d, i = 0, 3
    sampler = game.sampler(d, i)
    # The opponent "took" a card the mover holds: no deal explains that move.
    mine = game.position(d, i).hands[game.position(d, i).turn][0]
    moves = list(sampler.round_moves)
    moves[-1] = Move.capture(moves[-1].seat, moves[-1].card, [mine])
    broken = WorldSampler(sampler.round_start, moves, game.position(d, i))
    with pytest.raises(NoConsistentDeal, match=f"{MAX_TRIES} tries"):
        broken.sample(random.Random(0))


def test_a_position_of_no_whole_deal_is_refused() -> None:
    """A hand-set position (a few cards, not a pack) has no deal to sample."""
    here = position("classic", hands={0: "2H", 1: "3H"}, table="KD")
    with pytest.raises(ValueError, match="50 unseen cards for 41 places"):
        WorldSampler(here, [], here)
