"""The rules that bound a move, each stated once, over card masks.

Move generation (:mod:`casino_records.engine.movegen`) and the check of one move
(:mod:`casino_records.engine.legality`) both decide legality with these
predicates; neither restates a rule. How table cards may be grouped (C2, B2,
R1.4) is the combinatorics of :mod:`casino_records.engine.combos`; everything
else a move must respect is here: holding a capture card for one's builds (G1,
B4, E3, I3), the pairing obligation (R5.3), face captures (R5.2, A29), partners'
and one's own builds (E1, I4), merging (B2, A27), what a build may be worth (R1.5)
and when a card may be trailed (R9.2–R9.4). A predicate answers with a bool, or
with the id of the rule broken (``""`` when none is).

Sets of cards are card masks (bit ``c`` for card ``c``); ``after`` is always the
value mask of the mover's hand without the played card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .moves import Build
from .rules import Rules
from .state import DealState
from .values import RANK_MASK

__all__ = [
    "equal_loose",
    "face_targets",
    "holds",
    "may_absorb",
    "may_change",
    "pairing_binds",
    "pairing_ok",
    "same_rank_binds",
    "same_rank_ok",
    "trail_refusal",
    "trail_restricted",
    "unheld",
    "value_ok",
]

_RANK_MASK: Final = RANK_MASK  # compiled, a static (an imported name is a dict look-up)


def holds(after: int, value: int) -> bool:
    """B4, E3, I3 and G1: a hand of values ``after`` can capture ``value``."""
    return bool(after >> value & 1)


def unheld(own: Sequence[Build], after: int, skip: int = 0) -> Build | None:
    """G1: the first of the mover's builds ``own`` that a hand of values ``after``
    could no longer capture, leaving out the builds whose cards are in ``skip``
    (taken, or changed by the move); ``None`` when G1 holds."""
    for build in own:
        if not (after >> build.value & 1 or build.mask & skip):
            return build
    return None


def equal_loose(state: DealState, card: int) -> int:
    """R5.3, R9.3: the loose cards of the same value as ``card`` (classic faces:
    of the same rank)."""
    return state.values.same[card] & state.loose_bits


def pairing_binds(rules: Rules, equal: int) -> bool:
    """R5.3: does the pairing obligation limit a capture, ``equal`` lying loose?"""
    return rules.pairing_obligation != "none" and equal != 0


def pairing_ok(rules: Rules, equal: int, taken: int) -> bool:
    """R5.3: may a capture take ``taken`` when ``equal`` lie loose?"""
    if not pairing_binds(rules, equal):
        return True
    if rules.pairing_obligation == "all":
        return taken & equal == equal
    return taken & equal != 0


def same_rank_binds(state: DealState, card: int) -> bool:
    """A29: does a capture by ``card`` face the one-card-of-its-rank limit?"""
    return (
        state.values.royal
        and state.rules.face_capture == "single_same_rank"
        and card % 13 >= 10
    )


def same_rank_ok(state: DealState, card: int, taken: int) -> bool:
    """A29: with royal values and ``face_capture=single_same_rank`` a face takes
    at most one loose card of its own rank."""
    if not same_rank_binds(state, card):
        return True
    return (taken & state.loose_bits & _RANK_MASK[card]).bit_count() <= 1


def face_targets(state: DealState, card: int) -> list[int]:
    """R5.2: what a classic face card may take, as card masks (one same-rank
    loose card each, or all of them)."""
    rule = state.rules.face_capture
    same = state.loose_bits & _RANK_MASK[card]
    if not same:
        return []
    if rule == "all_same_rank":
        return [same]
    targets = []
    while same:
        low = same & -same
        targets.append(low)
        same ^= low
    return targets


def value_ok(royal: bool, value: int, single: bool) -> bool:
    """R1.5: may a build (single or multiple) be declared ``value``?

    >>> value_ok(False, 1, single=False), value_ok(False, 1, single=True)
    (True, False)
    >>> value_ok(True, 14, single=True), value_ok(True, 15, single=False)
    (True, False)
    """
    if royal:
        return 2 <= value <= 14
    return (2 if single else 1) <= value <= 10


def _partner(state: DealState, seat: int, owner: int) -> bool:
    side_of = state.seating.side_of
    return owner != seat and side_of[owner] == side_of[seat]


def may_absorb(state: DealState, seat: int, build: Build) -> bool:
    """E1: may ``seat`` extend ``build``, or take it into one of its builds?"""
    return state.rules.extend_partner_build or not _partner(state, seat, build.owner)


def may_change(state: DealState, seat: int, build: Build) -> str:
    """I1, I4: may ``seat`` increase ``build``? The rule broken, or ``""``."""
    rules = state.rules
    if len(build.groups) != 1:
        return "I1"
    if build.owner == seat and not rules.increase_own_build:
        return "I4"
    if not rules.increase_partner_build and _partner(state, seat, build.owner):
        return "I4"
    return ""


def trail_restricted(state: DealState, seat: int) -> bool:
    """Whether any rule of :func:`trail_refusal` can bind ``seat`` here: it owns
    a build, or a rules option limits trailing."""
    rules = state.rules
    if rules.trail_ban_matching_loose or rules.no_trail_if_capture_possible:
        return True
    return any(build.owner == seat for build in state.builds)


def trail_refusal(
    state: DealState, seat: int, card: int, after: int, can_capture: bool
) -> str:
    """R9.2–R9.4 and G1: why ``seat`` may not trail ``card`` (``""``: it may).

    :param can_capture: whether ``card`` has a legal capture (asked only of
        ``no_trail_if_capture_possible``).
    """
    rules = state.rules
    if state.builds:
        own = [b for b in state.builds if b.owner == seat]
        if own and not rules.owner_may_trail:
            return "R9.2"
        if unheld(own, after) is not None:
            return "G1"
    if rules.trail_ban_matching_loose and equal_loose(state, card):
        return "R9.3"
    if rules.no_trail_if_capture_possible and can_capture:
        return "R9.4"
    return ""
