"""The legal-move lists, order included, stay what they were (issue 16).

Move generation was rewritten for speed more than once; every rewrite must give
the same moves in the same order, as seeded simulations, records made by bots
and a viewer's move list depend on it. Each rule set below plays seeded deals
with random and greedy bots and hashes every legal-move list on the way (and
the captures each card in hand could make, and the deal's end). The digests
were taken with the engine of before the rewrites (commit 867ea25) and every
build since gives the same, compiled and pure Python.

A change that means to reorder the moves updates ``PINNED`` with the values the
failure prints, and says why in its commit.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casino_records.engine.bots import GreedyBot, RandomBot
from casino_records.engine.cards import CARDS
from casino_records.engine.combos import Item, groups_for, summed_sets, unions
from casino_records.engine.movegen import captures_for, generate_legal_moves
from casino_records.engine.play import apply_move, needs_hands, next_round
from casino_records.engine.rules import Rules
from casino_records.engine.seating import Seating, deal_from_deck
from casino_records.engine.state import DealState

PARTNERS = [[0, 2], [1, 3]]
CONFIGS: list[tuple[str, str, dict[str, Any], int, list[list[int]] | None]] = [
    ("classic-2p", "classic", {}, 2, None),
    ("classic-3p", "classic", {}, 3, None),
    ("classic-4p-teams", "classic", {}, 4, PARTNERS),
    ("royal-2p", "royal", {}, 2, None),
    ("royal-4p-no-sweeps", "royal", {"sweeps": False}, 4, None),
    ("dominican-2p", "dominican", {}, 2, None),
    ("dominican-4p", "dominican", {}, 4, PARTNERS),
    (
        "classic-merge-extend-increase",
        "classic",
        {
            "merge_builds": True,
            "extend_extra_table_groups": True,
            "increase_incorporate_table": True,
        },
        2,
        None,
    ),
    (
        "royal-merge-build-as-card",
        "royal",
        {"merge_builds": True, "single_build_as_card": True},
        2,
        None,
    ),
    (
        "classic-build-as-card-3p",
        "classic",
        {"single_build_as_card": True, "increase_own_build": True},
        3,
        None,
    ),
    (
        "royal-all-same-rank-pairing-all",
        "royal",
        {"face_capture": "all_same_rank", "pairing_obligation": "all"},
        2,
        None,
    ),
    (
        "royal-numeric-faces-no-trail",
        "royal",
        {
            "face_capture": "numeric",
            "pairing_obligation": "at_least_one",
            "no_trail_if_capture_possible": True,
        },
        2,
        None,
    ),
    (
        "classic-partner-options",
        "classic",
        {
            "owner_may_trail": True,
            "trail_ban_matching_loose": True,
            "extend_partner_build": True,
            "increase_partner_build": True,
        },
        4,
        PARTNERS,
    ),
    (
        "royal-increase-merge-3p",
        "royal",
        {
            "increase_own_build": True,
            "increase_incorporate_table": True,
            "merge_builds": True,
        },
        3,
        None,
    ),
]
DEALS = 25

PINNED: dict[str, str] = {
    "classic-2p": "3a445111aefdba3da536b71570c2f890f5e00627b9f9ceaa397e5ed39d79ae96",
    "classic-3p": "d6dbc7214e09e02e68744ff7022ebd8a25aa3499b0ec9bf9fcb631127961fb5e",
    "classic-4p-teams": "7599c57967d8ffaedef75c0cbcf4af74838ba6bb61d07882718b84e1260e55f5",
    "royal-2p": "9ee56222c3e64d14197b27010b5268fd9adf5facd6fde57e4adbcc439c483c50",
    "royal-4p-no-sweeps": "ec9e25c05349cd79787c44c53db62bf0575eaa381fb433a60652b595dcf844ee",
    "dominican-2p": "63df2809916abfbcba8c6edfbac310829edaac9e142c290e01e36f05b18d355b",
    "dominican-4p": "727629d6300fb9b538f1db11c877bbfa3ef138a9379d39e784342f6ffa1377d1",
    "classic-merge-extend-increase": "981007deb07b6613ea63877e1068ababe7cadc7a827f5512dabe2c35f56d3416",
    "royal-merge-build-as-card": "0a152a6b2bd9f590fb3fd78b6ab3c40b8c2307f11ab122bef20e3856d48a7435",
    "classic-build-as-card-3p": "6709e7f218a1b70ac748de32abb9a1fdb22dd37b9bbe3a967e533e64a836d0f6",
    "royal-all-same-rank-pairing-all": "b9570d2da4a072b6c1d45b13d778bd99210c4389f7ec3a6760158ba2222128db",
    "royal-numeric-faces-no-trail": "bae69601d34d2349aa4b5e9dfa4853a379ce2b280e1f3c149bf3facf5aace039",
    "classic-partner-options": "496cf72ff0e44c403e6669d12e2c25eef29edd28456f30e1f9a74509d8e55dbe",
    "royal-increase-merge-3p": "9871d56bc398b04539d7ed40a43102f0a7fd788cfa22e3df8045c06aff2f234f",
}


def digest(
    preset: str,
    options: Mapping[str, Any],
    players: int,
    teams: Sequence[Sequence[int]] | None,
) -> str:
    """The hash of every legal-move list of ``DEALS`` seeded deals."""
    rules = Rules.from_preset(preset, options)
    seating = Seating.create(rules, players, teams)
    found = hashlib.sha256()
    for number in range(DEALS):
        tag = f"{preset}-{sorted(options.items())}-{players}-{number}"
        deck = list(CARDS)
        random.Random(tag).shuffle(deck)
        bots = [
            RandomBot(f"{tag}-{seat}") if (seat + number) % 3 else GreedyBot(tag)
            for seat in range(players)
        ]
        dealt = deal_from_deck(deck, seating, 0, rules.deal_batch)
        state = DealState.start(
            rules, seating, 0, dealt.table, dealt.rounds[0], keep_log=False
        )
        while not state.finished:
            if needs_hands(state):
                next_round(state, dealt.rounds[state.round + 1])
            legal = generate_legal_moves(state)
            listed = [
                (m.seat, int(m.card), m.action.value, m.table, m.value) for m in legal
            ]
            found.update(repr(listed).encode())
            for card in state.hands[state.turn]:
                taken = [
                    (m.table, m.value) for m in captures_for(state, state.turn, card)
                ]
                found.update(repr(taken).encode())
            apply_move(state, bots[state.turn].choose(state, legal))
        found.update(repr((state.pile_bits, state.sweeps, state.residue_bits)).encode())
    return found.hexdigest()


@pytest.mark.parametrize(
    ("name", "preset", "options", "players", "teams"),
    [pytest.param(*config, id=config[0]) for config in CONFIGS],
)
def test_the_legal_moves_and_their_order_are_pinned(
    name: str,
    preset: str,
    options: dict[str, Any],
    players: int,
    teams: list[list[int]] | None,
) -> None:
    found = digest(preset, options, players, teams)
    assert found == PINNED[name], f"{name}: now {found}"


def _brute_summed_sets(items: Sequence[Item], total: int) -> list[int]:
    return [
        mask
        for mask in range(1 << len(items))
        if mask & (mask - 1)
        and all(items[i][1] > 0 for i in range(len(items)) if mask >> i & 1)
        and sum(items[i][1] for i in range(len(items)) if mask >> i & 1) == total
    ]


def _brute_unions(items: Sequence[Item], value: int) -> set[int]:
    groups = groups_for(items, value)
    found: set[int] = set()
    for chosen in range(1, 1 << len(groups)):
        picked = [g for i, g in enumerate(groups) if chosen >> i & 1]
        union = 0
        for group in picked:
            if union & group:
                break
            union |= group
        else:
            found.add(union)
    return found


items_strategy = st.lists(
    st.tuples(st.integers(0, (1 << 15) - 1), st.integers(0, 14)), max_size=9
)


@settings(deadline=None, max_examples=300, derandomize=True)
@given(items=items_strategy, total=st.integers(-1, 16))
def test_summed_sets_are_every_set_of_two_or_more_in_ascending_order(
    items: list[Item], total: int
) -> None:
    assert summed_sets(items, total) == _brute_summed_sets(items, total)


@settings(deadline=None, max_examples=300, derandomize=True)
@given(items=items_strategy, value=st.integers(1, 14))
def test_unions_are_every_union_of_disjoint_groups_in_order(
    items: list[Item], value: int
) -> None:
    assert unions(groups_for(items, value)) == sorted(_brute_unions(items, value))
