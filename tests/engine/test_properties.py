"""Properties of whole random deals, for every preset and table size (hypothesis).

Each example shuffles a pack (chosen by hypothesis), deals it and lets seeded
:class:`RandomBot` players play the deal out, checking at every position:

(a) the 52 cards are all somewhere (hands, table, piles, residue, undealt) once;
(b) every generated move is legal and listed once;
(c) on small tables, the generated moves are exactly the legal ones found by
    brute force over every card × (trail, every subset as a capture, every
    subset × value 1–14 as a build);
(d) a position that is not the end of the deal always has a legal move;
(e) no build survives the end of a round (R11.3; it follows from G1 and R9.2,
    and from G1 alone under owner_may_trail, so it is checked under every option);
(f) the base items of a deal add up to 11 points when nobody ties for most cards
    or most spades, and piles plus residue hold the 52 cards;
(g) what a move did is of the action it said (``step.kind.action``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casino_records.engine.bots import RandomBot
from casino_records.engine.cards import CARDS, Card
from casino_records.engine.legality import is_legal
from casino_records.engine.movegen import generate_legal_moves
from casino_records.engine.moves import Action, Build, Move, MoveKind, Step
from casino_records.engine.play import apply_move, needs_hands, next_round
from casino_records.engine.rules import Rules
from casino_records.engine.scoring import score_piles
from casino_records.engine.seating import DealtCards, Seating, deal_from_deck
from casino_records.engine.state import DealState

PARTNERS = ((0, 2), (1, 3))
TABLES: dict[str, tuple[int, tuple[tuple[int, ...], ...] | None]] = {
    "2p": (2, None),
    "3p": (3, None),
    "4p": (4, None),
    "4p-teams": (4, PARTNERS),
}
CONFIGS = [
    pytest.param(preset, table, id=f"{preset}-{table}")
    for preset in ("classic", "royal", "dominican")
    for table in TABLES
    if not (preset == "dominican" and table == "4p")  # partnership required
]
BRUTE_FORCE_ITEMS = 4
"""Brute force the positions with at most this many table items (5 with builds)."""

pytestmark = pytest.mark.slow

STABLE = settings(
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

decks = st.permutations(CARDS)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def brute_force(state: DealState) -> set[Move]:
    """Every legal move, found by trying every candidate move on ``verify``.

    Candidates, for every card in hand: the trail; and every non-empty set of
    table cards (of table items, loose cards and whole builds, plus each single
    card of a build, when more than 6 cards lie on the table), as a capture and
    as a build of each value 1–14.
    """
    seat, table = state.turn, state.table_cards
    if len(table) <= 6:
        units: list[tuple[Card, ...]] = [(c,) for c in table]
        extra: list[tuple[Card, ...]] = []
    else:
        units = [(c,) for c in state.loose] + [b.cards for b in state.builds]
        extra = [(c,) for b in state.builds for c in b.cards]
    targets = [
        tuple(c for unit in chosen for c in unit)
        for size in range(1, len(units) + 1)
        for chosen in combinations(units, size)
    ]
    found: set[Move] = set()
    for card in state.hands[seat]:
        candidates = [Move.trail(seat, card)]
        for subset in targets + extra:
            candidates.append(Move.capture(seat, card, subset))
            candidates += [Move.build(seat, card, subset, v) for v in range(1, 15)]
        found.update(move for move in candidates if is_legal(state, move))
    return found


def small(state: DealState) -> bool:
    """Few enough table items to brute force (a little more with builds)."""
    items = len(state.loose) + len(state.builds)
    return items <= BRUTE_FORCE_ITEMS or (items <= 5 and bool(state.builds))


class BuilderBot(RandomBot):
    """A seeded random player that prefers build moves, so builds pile up."""

    def choose(self, state: DealState, legal: Sequence[Move]) -> Move:
        builds = [m for m in legal if m.action is Action.BUILD]
        if builds and self.rng.random() < 0.7:
            return builds[self.rng.randrange(len(builds))]
        return super().choose(state, legal)


def builds_after(before: Sequence[Build], step: Step) -> list[Build]:
    """The builds on the table right after ``step`` (even if the deal then ended)."""
    gone = {b.id for b in step.builds_taken}
    if step.previous is not None:
        gone.add(step.previous.id)
    left = [b for b in before if b.id not in gone]
    if step.kind is MoveKind.CAPTURE or step.build is None:
        return left
    return [*left, step.build]


def undealt(dealt: DealtCards, state: DealState) -> list[Card]:
    return [c for hands in dealt.rounds[state.round + 1 :] for h in hands for c in h]


def play_checked(
    rules: Rules,
    seating: Seating,
    dealer: int,
    deck: Sequence[Card],
    seed: int,
    *,
    brute: bool,
) -> DealState:
    """Play a random deal, checking properties (a)–(e) and (g) at every position."""
    dealt = deal_from_deck(deck, seating, dealer, rules.deal_batch)
    state = DealState.start(rules, seating, dealer, dealt.table, dealt.rounds[0])
    bot = BuilderBot(seed) if brute else RandomBot(seed)
    while not state.finished:
        if needs_hands(state):
            next_round(state, dealt.rounds[state.round + 1])
        everything = state.all_cards() + undealt(dealt, state)
        assert sorted(everything) == list(range(52))  # (a)
        legal = generate_legal_moves(state)
        assert legal, "no legal move"  # (d)
        assert len(set(legal)) == len(legal), "a move listed twice"  # (b)
        for move in legal:
            assert is_legal(state, move), move  # (b)
        if brute and small(state):
            found = brute_force(state)
            assert found == set(legal), (  # (c)
                sorted(map(str, found - set(legal))),
                sorted(map(str, set(legal) - found)),
            )
        before = list(state.builds)
        step = apply_move(state, bot.choose(state, legal))
        assert step.kind.action is step.move.action  # (g)
        if state.round_over:
            assert builds_after(before, step) == [], "a build outlived the round"  # (e)
    assert sorted(state.all_cards()) == list(range(52))
    return state


def seating_for(preset: str, table: str) -> tuple[Rules, Seating]:
    rules = Rules.from_preset(preset)
    players, teams = TABLES[table]
    return rules, Seating.create(rules, players, teams)


@pytest.mark.parametrize(("preset", "table"), CONFIGS)
@settings(STABLE, max_examples=30)
@given(deck=decks, seed=seeds, dealer=st.integers(0, 3))
def test_random_deals_keep_the_invariants(
    preset: str, table: str, deck: list[Card], seed: int, dealer: int
) -> None:
    rules, seating = seating_for(preset, table)
    state = play_checked(
        rules, seating, dealer % seating.players, deck, seed, brute=False
    )
    # (f) piles plus any unclaimed residue are the pack; 11 points of base items.
    claimed = [c for pile in state.piles for c in pile]
    unclaimed = [] if state.residue_side is not None else list(state.residue)
    assert sorted(claimed + unclaimed) == list(range(52))
    scores = score_piles(rules, state.piles, state.sweeps)
    if not rules.sweeps:
        assert all(s.points["sweeps"] == 0 for s in scores)
    base = sum(s.earned - s.points["sweeps"] for s in scores)
    cards = [s.cards for s in scores]
    spades = [s.spades for s in scores]
    if not unclaimed and cards.count(max(cards)) == spades.count(max(spades)) == 1:
        assert base == 11


@pytest.mark.parametrize(("preset", "table"), CONFIGS)
@settings(STABLE, max_examples=4)
@given(deck=decks, seed=seeds)
def test_generated_moves_equal_brute_force(
    preset: str, table: str, deck: list[Card], seed: int
) -> None:
    rules, seating = seating_for(preset, table)
    play_checked(rules, seating, 0, deck, seed, brute=True)


OPTIONS: Mapping[str, Any] = {
    "owner_may_trail": True,
    "merge_builds": True,
    "single_build_as_card": True,
    "no_trail_if_capture_possible": True,
    "face_capture": "all_same_rank",
    "pairing_obligation": "all",
    "extend_extra_table_groups": False,
}


@settings(STABLE, max_examples=20)
@given(
    preset=st.sampled_from(["classic", "royal", "dominican"]),
    table=st.sampled_from(["2p", "4p-teams"]),
    chosen=st.sets(st.sampled_from(sorted(OPTIONS)), min_size=1, max_size=4),
    deck=decks,
    seed=seeds,
)
def test_options_generated_moves_equal_brute_force(
    preset: str, table: str, chosen: set[str], deck: list[Card], seed: int
) -> None:
    rules = Rules.from_preset(preset, {name: OPTIONS[name] for name in chosen})
    players, teams = TABLES[table]
    seating = Seating.create(rules, players, teams)
    play_checked(rules, seating, 0, deck, seed, brute=True)


@settings(STABLE, max_examples=12)
@given(
    preset=st.sampled_from(["classic", "royal", "dominican"]),
    table=st.sampled_from(["2p", "3p", "4p-teams"]),
    chosen=st.sets(st.sampled_from(sorted(OPTIONS)), max_size=3),
    deck=decks,
    seed=seeds,
)
def test_single_build_as_card_generated_moves_equal_brute_force(
    preset: str, table: str, chosen: set[str], deck: list[Card], seed: int
) -> None:
    """A25 on in every example (builds used as cards in captures and build moves)."""
    options = {name: OPTIONS[name] for name in chosen}
    rules = Rules.from_preset(preset, {**options, "single_build_as_card": True})
    players, teams = TABLES[table]
    seating = Seating.create(rules, players, teams)
    play_checked(rules, seating, 0, deck, seed, brute=True)
