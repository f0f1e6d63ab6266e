"""The exact solver agrees with brute-force minimax, and finds the plain best moves."""

from __future__ import annotations

import gc
import random

import pytest

from casino_records.analysis.solver import ExactSolver, canonical, order_moves
from casino_records.analysis.value import DealContext
from casino_records.engine.cards import parse_card
from casino_records.engine.describe import move_text
from casino_records.engine.movegen import generate_legal_moves
from casino_records.engine.rules import Rules
from casino_records.engine.scoring import SCORED_APART, pile_tally, score_masks
from casino_records.engine.state import DealState
from tests.engine.positions import position

from .endgames import (
    EndgameArgs,
    brute_force,
    endgame,
    endgames,
    memoised_brute_force,
)

PRESETS = ("classic", "royal", "dominican")


def _check_against_brute_force(
    game_args: EndgameArgs, left: int, totals: tuple[int, ...] | None = None
) -> None:
    game = endgame(*game_args, left, totals)
    sides = len(game.solver.context.totals)
    solved = game.solver.move_values(game.state)
    brute = [
        brute_force(game.solver.child(game.state, move), game) / (sides - 1)
        for move, _ in solved
    ]
    assert [value for _, value in solved] == brute, game.label
    assert game.solver.value(game.state) == max(brute), game.label


def _id(args: EndgameArgs) -> str:
    return f"{args[3]}{'-teams' if args[2] else ''}"


@pytest.mark.parametrize("args", list(endgames(PRESETS, 10)), ids=_id)
def test_solver_matches_brute_force(args: EndgameArgs) -> None:
    """Every move's value, on random endgames of every preset and table size."""
    _check_against_brute_force(args, left=5)


@pytest.mark.slow
@pytest.mark.parametrize("left", [6, 7])
@pytest.mark.parametrize("args", list(endgames(PRESETS, 3)), ids=_id)
def test_solver_matches_brute_force_deeper(args: EndgameArgs, left: int) -> None:
    """Longer endgames (the brute force takes seconds)."""
    _check_against_brute_force(args, left=left)


@pytest.mark.slow
def test_solver_crosses_into_the_last_round() -> None:
    """Nine moves left of a two-player deal: the search deals the last round.

    (The brute force of nine moves takes seconds: one deal is checked, one
    whose brute force visits 25,000 positions; some deals need 550,000.)
    """
    args = ("classic", 2, None, "cross-3")
    game = endgame(*args, left=9)
    assert game.state.round == 4
    _check_against_brute_force(args, left=9)


@pytest.mark.parametrize("seed", range(4))
def test_near_target_totals_change_values(seed: int) -> None:
    """Dominican, frozen near the target: banked points, not earned ones, count."""
    args = ("dominican", 2, None, f"near-{seed}")
    _check_against_brute_force(args, left=5, totals=(19, 18))


@pytest.mark.parametrize("seed", range(4))
def test_near_target_totals_with_three_sides(seed: int) -> None:
    """Three sides near the target (Dominican, frozen): the bound of what the
    other sides bank together holds when the near-target rules take points
    away."""
    args = ("dominican", 3, None, f"near3-{seed}")
    _check_against_brute_force(args, left=8, totals=(19, 18, 20))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "left", "totals"),
    [
        (("dominican", 3, None, "near3-c"), 12, (19, 18, 20)),
        (("classic", 4, None, "alone-b"), 12, None),
    ],
    ids=lambda value: str(value),
)
def test_solver_matches_memoised_brute_force_with_more_sides(
    args: EndgameArgs, left: int, totals: tuple[int, ...] | None
) -> None:
    """A three-player last round near the target, and three quarters of a
    four-player last round, every player alone (the brute force takes 10 to 20
    s)."""
    _check_against_memoised_brute_force(args, left, totals)


def _last_round(
    preset: str, hands: dict[int, str], table: str, **options: object
) -> tuple[DealState, ExactSolver]:
    state = position(preset, hands=hands, table=table, round_index=5, options=options)
    rules = Rules.from_preset(preset, options)
    return state, ExactSolver(DealContext(rules, (0, 0)), 0)


def test_taking_big_casino_with_the_last_capture_is_best() -> None:
    """The last capture takes Big Casino and the residue: plainly the best move."""
    state, solver = _last_round("classic", {0: "10S 3H", 1: "10C 4C"}, "10D 6H")
    values = {move_text(m, pretty=False): v for m, v in solver.move_values(state)}
    best = max(values, key=values.__getitem__)
    assert best == "10S takes 10D"
    assert all(v < values[best] for k, v in values.items() if k != best)
    # Left on the table, Big Casino goes to the opponent's 10C, and with it the
    # last capture: most cards and the residue.
    assert values[best] - values["3H trails"] >= 2 * 2


def test_a_sweep_for_the_winning_point_is_best() -> None:
    """With sweeps scored, clearing the table wins the point that decides the deal."""
    state, solver = _last_round(
        "classic", {0: "7H 2C", 1: "KD 8D"}, "4S 3C", sweeps=True
    )
    values = {move_text(m, pretty=False): v for m, v in solver.move_values(state)}
    best = max(values, key=values.__getitem__)
    assert best == "7H takes 4S 3C"
    assert all(v < values[best] for k, v in values.items() if k != best)
    assert values[best] - values["2C trails"] == 1  # the sweep's point


def test_move_order_puts_the_first_move_first_and_trails_last() -> None:
    state = position("classic", hands={0: "10S 3H"}, table="10D 7H")
    moves = generate_legal_moves(state)
    ordered = order_moves(moves)
    assert ordered[0].card == parse_card("10S")
    assert ordered[-1].action == "trail"
    assert order_moves(moves, ordered[-1])[0] == ordered[-1]
    assert sorted(map(str, ordered)) == sorted(map(str, moves))


def test_solver_needs_the_hands_of_a_round_it_reaches() -> None:
    game = endgame("classic", 2, None, "no-hands", left=9)
    game.solver.later_hands.clear()
    with pytest.raises(ValueError, match="round 6"):
        game.solver.move_values(game.state)


def test_final_points_follow_a_best_line() -> None:
    """The points at the end of the best line give the position's value."""
    game = endgame("classic", 2, None, "line", left=6)
    points = game.solver.final_points(game.state)
    assert points[0] - points[1] == pytest.approx(
        game.solver.value(game.state) * (1 if game.solver.side == 0 else -1)
    )


def _check_against_memoised_brute_force(
    game_args: EndgameArgs, left: int, totals: tuple[int, ...] | None = None
) -> None:
    game = endgame(*game_args, left, totals)
    sides = len(game.solver.context.totals)
    seen: dict[object, int] = {}
    solved = game.solver.move_values(game.state)
    brute = [
        memoised_brute_force(game.solver.child(game.state, move), game, seen)
        / (sides - 1)
        for move, _ in solved
    ]
    assert [value for _, value in solved] == brute, game.label


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "left"),
    [
        (("classic", 2, None, "reach-2-0"), 12),
        (("dominican", 3, None, "reach-3-1"), 11),
        (("royal", 4, [[0, 2], [1, 3]], "reach-4-1"), 12),
    ],
    ids=lambda value: str(value),
)
def test_solver_matches_memoised_brute_force_at_the_new_reach(
    args: EndgameArgs, left: int
) -> None:
    """Across a round's end (two players, 12 moves), and deep into a larger
    table's last round (11 and 12 moves)."""
    _check_against_memoised_brute_force(args, left)


def test_canonical_merges_exactly_the_cards_scoring_cannot_tell_apart() -> None:
    """Equal images exactly when every class has as many cards (random masks)."""
    rng = random.Random(34)
    classes: dict[tuple[int, bool], int] = {}
    for card in range(52):
        apart = bool(SCORED_APART >> card & 1)
        key = (card, True) if apart else (card % 13, False)
        classes[key] = classes.get(key, 0) | 1 << card
    for _ in range(3000):
        one, two = rng.getrandbits(52), rng.getrandbits(52)
        if rng.random() < 0.5:  # often the same counts, other cards
            two = 0
            for members in classes.values():
                count = (one & members).bit_count()
                cards = [c for c in range(52) if members >> c & 1]
                for card in rng.sample(cards, count):
                    two |= 1 << card
        same = all(
            (one & m).bit_count() == (two & m).bit_count() for m in classes.values()
        )
        assert (canonical(one) == canonical(two)) == same
        assert canonical(one).bit_count() == one.bit_count()
        assert all(
            (canonical(one) & m).bit_count() == (one & m).bit_count()
            for m in classes.values()
        )


_ACE_OF_SPADES = parse_card("AS")
_BIG, _LITTLE = parse_card("10D"), parse_card("2S")


def _same_tallies(owner: list[int], rng: random.Random) -> list[int]:
    """A random other deal of the cards into the same groups (``owner[card]``:
    a side, or the cards not taken) where every group keeps its tally: its
    cards, spades and aces counted, and the casinos where they were."""
    groups = max(owner) + 1
    spade = [card // 13 == 0 for card in range(52)]
    ace = [card % 13 == 0 for card in range(52)]

    def count(test: list[bool], group: int) -> int:
        return sum(1 for card in range(52) if owner[card] == group and test[card])

    spades = [count(spade, g) for g in range(groups)]
    aces = [count(ace, g) for g in range(groups)]
    sizes = [owner.count(g) for g in range(groups)]
    new = [-1] * 52
    new[_BIG], new[_LITTLE] = owner[_BIG], owner[_LITTLE]
    # The ace of spades may go to any group with an ace and a spade to spare.
    roomy = [
        g
        for g in range(groups)
        if aces[g]
        and spades[g] - (new[_LITTLE] == g) >= 1
        and sizes[g] - aces[g] - spades[g] - (new[_BIG] == g) >= -1
    ]
    new[_ACE_OF_SPADES] = rng.choice(roomy)
    if sum(
        sizes[g] - aces[g] - spades[g] + (new[_ACE_OF_SPADES] == g) - (new[_BIG] == g)
        < 0
        for g in range(groups)
    ):
        new[_ACE_OF_SPADES] = owner[_ACE_OF_SPADES]
    wanted = {
        "ace": [aces[g] - (new[_ACE_OF_SPADES] == g) for g in range(groups)],
        "spade": [
            spades[g] - (new[_ACE_OF_SPADES] == g) - (new[_LITTLE] == g)
            for g in range(groups)
        ],
    }
    wanted["other"] = [
        sizes[g]
        - wanted["ace"][g]
        - wanted["spade"][g]
        - (new[_ACE_OF_SPADES] == g)
        - (new[_LITTLE] == g)
        - (new[_BIG] == g)
        for g in range(groups)
    ]
    free = [c for c in range(52) if new[c] < 0]
    kinds = {
        "ace": [c for c in free if ace[c]],
        "spade": [c for c in free if spade[c] and not ace[c]],
        "other": [c for c in free if not ace[c] and not spade[c]],
    }
    for kind, cards in kinds.items():
        rng.shuffle(cards)
        for g in range(groups):
            for _ in range(wanted[kind][g]):
                new[cards.pop()] = g
        assert not cards
    return new


@pytest.mark.parametrize("preset", PRESETS)
def test_piles_of_one_tally_score_alike(preset: str) -> None:
    """Random deals of the pack into piles, and other deals with the same
    tallies (:func:`pile_tally`), score alike for every side (sweeps and
    near-target totals too); and the tallies of disjoint piles add up. So the
    solver's table may key each pile by its tally."""
    rng = random.Random(f"tally-{preset}")
    rules = Rules.from_preset(preset)
    moved = 0
    for _ in range(400):
        sides = rng.choice([2, 3, 4])
        owner = [rng.randrange(sides + 1) for _ in range(52)]  # sides: not taken
        other = _same_tallies(owner, rng)
        moved += other[_ACE_OF_SPADES] != owner[_ACE_OF_SPADES]
        piles = [sum(1 << c for c in range(52) if owner[c] == s) for s in range(sides)]
        alike = [sum(1 << c for c in range(52) if other[c] == s) for s in range(sides)]
        assert [pile_tally(p) for p in piles] == [pile_tally(p) for p in alike]
        totals = [rng.choice([0, 10, 18, 19, 20]) for _ in range(sides)]
        sweeps = [list(range(rng.randrange(3))) for _ in range(sides)]
        assert [
            score.banked for score in score_masks(rules, piles, sweeps, totals)
        ] == [score.banked for score in score_masks(rules, alike, sweeps, totals)]
        assert pile_tally(piles[0] | piles[1]) == pile_tally(piles[0]) + pile_tally(
            piles[1]
        )
    assert moved > 100  # the ace of spades changes piles, not only suits
    # Small piles, whose tallies often meet: one tally, one score.
    seen: dict[tuple[int, ...], list[int]] = {}
    for _ in range(3000):
        cards = rng.sample(range(52), 6)
        piles = [sum(1 << c for c in cards[:3]), sum(1 << c for c in cards[3:])]
        points = [s.banked for s in score_masks(rules, piles, [[], []], [18, 20])]
        assert seen.setdefault(tuple(map(pile_tally, piles)), points) == points
    assert len(seen) < 2000


EXACT_MOVES = 8
"""The moves the analysis solves exactly by default: a 2-player last round."""


@pytest.mark.parametrize("args", list(endgames(PRESETS, 3)), ids=_id)
def test_solver_gives_every_move_its_minimax_value_in_a_last_round(
    args: EndgameArgs,
) -> None:
    """The bounded zero-window search on the positions the analysis solves
    exactly (the last 8 moves), against minimax with no pruning: 33 random
    positions, every preset and table size."""
    _check_against_memoised_brute_force(args, EXACT_MOVES)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "left"),
    [
        (("classic", 2, None, "reach-16-0"), 16),
        (("dominican", 2, None, "reach-16-1"), 16),
        (("classic", 3, None, "reach-3-12"), 12),
    ],
    ids=lambda value: str(value),
)
def test_solver_matches_memoised_brute_force_at_two_rounds(
    args: EndgameArgs, left: int
) -> None:
    """The last two rounds of a two-player deal (16 moves), and a whole
    three-player last round (12 moves), against minimax with no pruning (a
    royal deal's, its faces valued, takes minutes at 16 moves)."""
    _check_against_memoised_brute_force(args, left)


def test_solving_leaves_no_garbage_only_the_collector_can_free() -> None:
    """The premise of the solver's pausing the cyclic collector: a search
    makes no reference cycles (its table and leaves aside, freed with the
    solver), so reference counting frees what it makes as it goes."""
    game = endgame("classic", 2, None, "no-cycles", left=10)
    gc.collect()
    gc.disable()
    try:
        game.solver.move_values(game.state)
        game.solver.final_points(game.state)
        del game
        assert gc.collect() == 0
    finally:
        gc.enable()
    assert gc.isenabled()
