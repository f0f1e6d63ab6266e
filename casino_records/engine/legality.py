"""Verify one move: is it legal here, and if so what exactly does it do.

:func:`verify_move` raises :class:`IllegalMoveError` naming the rule
broken, or returns a :class:`~casino_records.engine.plan.Plan` that
:mod:`casino_records.engine.play` carries out. :func:`is_legal` wraps it as a
bool. The rules themselves are the predicates of
:mod:`casino_records.engine.constraints`, which move generation
(:mod:`casino_records.engine.movegen`) applies as well; build moves are read by
:mod:`casino_records.engine.buildcheck`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..errors import IllegalMoveError
from ..i18n import Said, Seat, said
from .buildcheck import verify_build
from .cards import RANK_NAMES, Card
from .combos import Item, groups_for
from .constraints import (
    equal_loose,
    face_targets,
    pairing_ok,
    same_rank_ok,
    trail_refusal,
    trail_restricted,
)
from .describe import build_said, build_words, cards_text, either
from .masks import cards_alone, cards_of
from .movegen import captures_for
from .moves import Action, Build, Move, MoveKind
from .plan import Plan, check_g1, group_cards, illegal, locate, partition_all
from .state import DealState
from .values import RANK_MASK, values_of

__all__ = ["TRAIL_PLAN", "Plan", "is_legal", "verify_move"]

TRAIL_PLAN: Final = Plan(MoveKind.TRAIL)
"""The plan of every legal trail."""


def is_legal(state: DealState, move: Move) -> bool:
    """Return True if ``move`` is legal in ``state``."""
    try:
        verify_move(state, move)
    except IllegalMoveError:
        return False
    return True


def verify_move(state: DealState, move: Move) -> Plan:
    """Check ``move`` against the rules in ``state`` and say what it does.

    :returns: the :class:`Plan` to apply.
    :raises IllegalMoveError: with ``rule`` set to the id of the rule broken.
    """
    if state.finished:
        illegal("R3.3", said.gettext("the deal is over: every card has been played"))
    seat, card = move.seat, move.card
    if seat != state.turn:
        illegal(
            "R2.4",
            said.gettext("out of turn: it is {turn}'s turn, not {seat}'s").format(
                turn=Seat(state.turn), seat=Seat(seat)
            ),
        )
    index: int = card  # a native int: shifts and table look-ups stay in C
    if not state.hand_bits[seat] >> index & 1:
        illegal(
            "R4.1",
            said.gettext("{card} is not in {seat}'s hand").format(
                card=card, seat=Seat(seat)
            ),
        )
    if move.action is Action.TRAIL:
        if move.table:
            illegal("R9.1", said.gettext("a trail uses no table cards"))
        _check_trail(state, seat, card)
        return TRAIL_PLAN
    if not move.table:
        illegal(
            "G3",
            said.gettext("a capture must name the table cards it uses")
            if move.action is Action.CAPTURE
            else said.gettext("a build must name the table cards it uses"),
        )
    loose, builds = locate(state, move)
    if move.action is Action.CAPTURE:
        return _verify_capture(state, move, loose, builds)
    return verify_build(state, move, loose, builds)


def _check_trail(state: DealState, seat: int, card: Card) -> None:
    """R9.2–R9.4, and G1 for an owner."""
    if not trail_restricted(state, seat):
        return
    after = state.hand_value_mask(seat, without=card)
    can_capture = state.rules.no_trail_if_capture_possible and bool(
        captures_for(state, seat, card)
    )
    rule = trail_refusal(state, seat, card, after, can_capture)
    if rule == "R9.2":
        owned = state.owned_builds(seat)
        names: Said | str = build_said(None, owned[0].value, owned[0].mask)
        for b in owned[1:]:
            names = said.gettext("{a} and {b}").format(
                a=names, b=build_said(None, b.value, b.mask)
            )
        illegal(
            "R9.2",
            said.gettext("owner may not trail: {seat} owns {builds}").format(
                seat=Seat(seat), builds=names
            ),
        )
    if rule == "G1":
        check_g1(state, seat, card, [])
    if rule == "R9.3":
        same = cards_of(equal_loose(state, card))
        illegal(
            "R9.3",
            said.gettext(
                "{card} may not be trailed while {other} of the same value lies loose"
            ).format(card=card, other=same[0]),
        )
    if rule == "R9.4":
        illegal(
            "R9.4",
            said.gettext(
                "{card} could capture, so it may not be trailed"
                " (option no_trail_if_capture_possible)"
            ).format(card=card),
        )


def _check_pairing(state: DealState, card: Card, taken: int) -> None:
    """R5.3: a Dominican capture must take the loose card(s) of equal value."""
    rules = state.rules
    equal = equal_loose(state, card)
    if pairing_ok(rules, equal, taken):
        return
    if rules.pairing_obligation == "all":
        illegal(
            "R5.3",
            said.gettext(
                "a capture with {card} must take every equal loose card: {cards}"
            ).format(card=card, cards=cards_text(equal, pretty=False)),
        )
    illegal(
        "R5.3",
        said.gettext("a capture with {card} must take the equal loose {cards}").format(
            card=card, cards=cards_text(equal, pretty=False)
        ),
    )


# --- capture -------------------------------------------------------------------


def _verify_capture(
    state: DealState, move: Move, loose: int, builds: list[Build]
) -> Plan:
    card, values = move.card, state.values
    index: int = card
    low, cvals = values.low, values.cvals
    stands = cvals[index]  # the values the card may stand for, as a mask
    if stands == 0:
        return _verify_face_capture(state, move, loose, builds)
    if move.value is not None:
        if not _stands_for(stands, move.value):
            illegal(
                "C1",
                said.gettext("{card} cannot stand for {n}").format(
                    card=card, n=move.value
                ),
            )
        stands = 1 << move.value
    summable = state.rules.single_build_as_card
    for b in builds:
        if not _stands_for(stands, b.value) and not (summable and b.is_single):
            illegal(
                "C3",
                said.gettext(
                    "{build} is worth {n}: {card} cannot take it (a build is taken"
                    " only by a card of its own value)"
                ).format(build=build_words(b), n=b.value, card=card),
            )
    if not same_rank_ok(state, index, loose):
        same = loose & RANK_MASK[card]
        illegal(
            "R5.2",
            said.gettext(
                "{card} may take only one loose card of its rank, not {cards}"
                " (option face_capture=single_same_rank)"
            ).format(card=card, cards=cards_text(same, pretty=False)),
        )
    # The common case: every card and build taken matches the played card alone.
    common = stands
    rest = loose
    while rest:
        bit = rest & -rest
        common &= cvals[bit.bit_length() - 1]
        rest ^= bit
    for build in builds:
        common &= 1 << build.value
    if common:
        value = (common & -common).bit_length() - 1
        groups = cards_alone(loose)
        if builds:
            groups += tuple([build.cards for build in builds])
        return _capture_plan(state, move, loose, builds, value, groups)
    table = cards_of(loose)
    items: list[Item] = []
    for taken in table:
        at: int = taken  # a plain int indexes the tables without a generic call
        items.append((cvals[at], low[at]))
    for build in builds:
        as_card = summable and build.is_single
        items.append((1 << build.value, build.value if as_card else 0))
    found: list[list[int]] | None = None
    value = 0
    rest = stands
    while rest:  # the values the card stands for, lowest first
        bit = rest & -rest
        value = bit.bit_length() - 1
        found = partition_all(items, value)
        if found is not None:
            break
        rest ^= bit
    if found is None:
        candidates = values_of(stands)
        worth = either(candidates)
        if _overlapping(items, candidates):
            illegal(
                "G3",
                said.gettext(
                    "{card} cannot take {cards}: every card fits a group worth {n},"
                    " but a card counts in one group only"
                ).format(
                    card=card, cards=cards_text(move.table, pretty=False), n=worth
                ),
            )
        illegal(
            "C2",
            said.gettext(
                "{card} cannot take {cards}: they do not split into groups worth {n}"
            ).format(card=card, cards=cards_text(move.table, pretty=False), n=worth),
        )
    groups = tuple([group_cards(group, table, builds) for group in found])
    return _capture_plan(state, move, loose, builds, value, groups)


def _stands_for(stands: int, value: int) -> bool:
    """True if ``value`` is among the values of the mask ``stands`` (0 to 14)."""
    return 0 <= value <= 14 and bool(stands >> value & 1)


def _capture_plan(
    state: DealState,
    move: Move,
    loose: int,
    builds: list[Build],
    value: int | None,
    groups: tuple[tuple[Card, ...], ...],
) -> Plan:
    """The checks every capture still faces (R5.3, G1), then its plan."""
    _check_pairing(state, move.card, loose)
    if state.builds:
        check_g1(state, move.seat, move.card, builds)
    return Plan(MoveKind.CAPTURE, value, loose, tuple(builds), groups)


def _overlapping(items: list[Item], candidates: Sequence[int]) -> bool:
    """True if each item fits a group of some value, only not all disjointly (G3)."""
    everything = (1 << len(items)) - 1
    for value in candidates:
        covered = 0
        for group in groups_for(items, value):
            covered |= group
        if covered == everything:
            return True
    return False


def _verify_face_capture(
    state: DealState, move: Move, loose: int, builds: list[Build]
) -> Plan:
    """R5.2: a classic face card captures loose cards of its own rank only."""
    card = move.card
    index: int = card
    same_rank = RANK_MASK[index]
    if builds or loose & ~same_rank:
        illegal(
            "R5.2",
            said.gettext(
                "{card} captures only loose cards of its own rank, not {cards}"
            ).format(card=card, cards=cards_text(move.table, pretty=False)),
        )
    if loose not in face_targets(state, index):
        rule = state.rules.face_capture
        rank = RANK_NAMES[index % 13]
        if rule == "single_same_rank":
            illegal(
                "R5.2",
                said.gettext(
                    "{card} may take only one loose {rank}, not {cards}"
                ).format(card=card, rank=rank, cards=cards_text(loose, pretty=False)),
            )
        illegal(
            "R5.2",
            said.gettext(
                "{card} must take every loose {rank}: {cards}"
                " (option face_capture=all_same_rank)"
            ).format(
                card=card,
                rank=rank,
                cards=cards_text(state.loose_bits & same_rank, pretty=False),
            ),
        )
    return _capture_plan(state, move, loose, [], None, cards_alone(loose))
