"""Verify one move: is it legal here, and if so what exactly does it do.

:func:`verify_move` raises :class:`IllegalMoveError` naming the rule
broken, or returns a :class:`Plan` that :mod:`casino_records.engine.play` carries out.
:func:`is_legal` wraps it as a bool. Generation lives in
:mod:`casino_records.engine.movegen`; both share the rule checks defined here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple, NoReturn

from ..errors import IllegalMoveError
from .cards import Card
from .combos import Item, groups_for, partition
from .moves import Action, Build, Move, MoveKind
from .state import DealState
from .values import build_value_ok, is_face, rank_of, same_value, values_of

__all__ = ["Plan", "is_legal", "verify_move"]


class Plan(NamedTuple):
    """What a verified move will do to the position."""

    kind: MoveKind
    value: int | None = None
    """Capture value used, or the build's value afterwards."""
    loose_taken: tuple[Card, ...] = ()
    """Loose cards the move takes (capture) or builds with (build)."""
    builds_used: tuple[Build, ...] = ()
    """Builds captured, or absorbed by a build move (the target first)."""
    groups: tuple[tuple[Card, ...], ...] = ()
    """Capture: the groups taken. Build: the groups added (or the new build's)."""
    target: Build | None = None
    """The build extended or increased."""


_TRAIL_PLAN: Final = Plan(MoveKind.TRAIL)
# Enum members looked up once: ``MoveKind.X`` costs a class-attribute lookup.
# Final module names are static in compiled code; other globals are dictionary
# lookups, imported names included, hence the aliases.
_CAPTURE: Final = MoveKind.CAPTURE
_CREATE: Final = MoveKind.CREATE
_TRAIL_ACTION: Final = Action.TRAIL
_CAPTURE_ACTION: Final = Action.CAPTURE
_PLAN: Final = Plan


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
        _illegal("R3.3", "the deal is over: every card has been played")
    if move.seat != state.turn:
        _illegal(
            "R2.4",
            f"out of turn: it is seat {state.turn}'s turn, not seat {move.seat}'s",
        )
    if move.card not in state.hands[move.seat]:
        _illegal("R4.1", f"{move.card} is not in seat {move.seat}'s hand")
    if move.action is _TRAIL_ACTION:
        if move.cards:
            _illegal("R9.1", "a trail uses no table cards")
        check_trail(state, move.seat, move.card)
        return _TRAIL_PLAN
    if not move.cards:
        _illegal("G3", f"a {move.action} must name the table cards it uses")
    loose, builds = _locate(state, move)
    if move.action is _CAPTURE_ACTION:
        return _verify_capture(state, move, loose, builds)
    return _verify_build(state, move, loose, builds)


def _illegal(rule: str, text: str) -> NoReturn:
    raise IllegalMoveError(f"{rule} {text}", rule=rule)


def _cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(c) for c in sorted(cards))


def _locate(state: DealState, move: Move) -> tuple[list[int], list[Build]]:
    """Find the move's table cards: indexes of loose cards, and whole builds."""
    on_table = state.loose
    loose: list[int] = []
    builds: list[Build] = []
    missing = []
    for card in sorted(move.cards):
        if card in on_table:
            loose.append(on_table.index(card))
            continue
        for build in state.builds:
            if card in build.cards:
                if build not in builds:
                    builds.append(build)
                break
        else:
            missing.append(card)
    if missing:
        _illegal("G3", f"{_cards(missing)} not on the table")
    for build in builds:
        if not move.cards.issuperset(build.cards):
            rule = "C3" if move.action is Action.CAPTURE else "R4.2"
            part = [c for c in build.cards if c in move.cards]
            _illegal(
                rule,
                f"builds are used only whole: {_cards(part)} is part of"
                f" {build.label} ({_cards(list(build.cards))})",
            )
    if len(builds) > 1:
        builds.sort(key=lambda b: state.builds.index(b))
    return loose, builds


# --- shared rule checks ------------------------------------------------------


def same_value_loose(state: DealState, card: Card) -> list[int]:
    """Indexes of loose cards of the same value as ``card`` (R5.3, R9.3)."""
    return same_value(state.loose, card, state.values.cvals)


def check_trail(state: DealState, seat: int, card: Card) -> None:
    """Raise unless ``seat`` may trail ``card`` (R9.2–R9.4, and G1 for an owner)."""
    rules = state.rules
    owned = state.owned_builds(seat) if state.builds else []
    if owned and not rules.owner_may_trail:
        names = ", ".join(f"{b.label} ({b.value})" for b in owned)
        _illegal("R9.2", f"owner may not trail: seat {seat} owns {names}")
    if owned:
        check_holds(state, seat, card, [(b.label, b.value) for b in owned])
    if rules.trail_ban_matching_loose:
        same = same_value_loose(state, card)
        if same:
            _illegal(
                "R9.3",
                f"{card} may not be trailed while {state.loose[same[0]]}"
                " of the same value lies loose",
            )
    if rules.no_trail_if_capture_possible:
        from .movegen import captures_for  # noqa: PLC0415 (circular import)

        if captures_for(state, seat, card):
            _illegal(
                "R9.4",
                f"{card} could capture, so it may not be trailed"
                " (option no_trail_if_capture_possible)",
            )


def check_holds(
    state: DealState, seat: int, card: Card, builds_after: list[tuple[str, int]]
) -> None:
    """G1: after playing ``card``, ``seat`` must hold a capture card per own build."""
    remaining = state.hand_value_mask(seat, without=card)
    for label, value in builds_after:
        if not remaining >> value & 1:
            _illegal(
                "G1",
                f"seat {seat} would own {label} worth {value} without a card"
                f" left in hand to capture it",
            )


def _check_pairing(state: DealState, card: Card, taken: set[int]) -> None:
    """R5.3: a Dominican capture must take the loose card(s) of equal value."""
    rule = state.rules.pairing_obligation
    if rule == "none":
        return
    same = same_value_loose(state, card)
    if not same:
        return
    if rule == "at_least_one" and not taken.intersection(same):
        names = _cards([state.loose[i] for i in same])
        _illegal("R5.3", f"a capture with {card} must take the equal loose {names}")
    if rule == "all" and not taken.issuperset(same):
        names = _cards([state.loose[i] for i in same])
        _illegal(
            "R5.3", f"a capture with {card} must take every equal loose card: {names}"
        )


# --- capture -------------------------------------------------------------------


def _verify_capture(
    state: DealState, move: Move, loose: list[int], builds: list[Build]
) -> Plan:
    card, values = move.card, state.values
    if values.cvals[card] == 0:
        return _verify_face_capture(state, move, loose, builds)
    candidates = values_of(values.cvals[card])
    if move.value is not None:
        if move.value not in candidates:
            _illegal("C1", f"{card} cannot stand for {move.value}")
        candidates = (move.value,)
    summable = state.rules.single_build_as_card
    wrong = [
        b
        for b in builds
        if b.value not in candidates and not (summable and b.is_single)
    ]
    if wrong:
        b = wrong[0]
        _illegal(
            "C3",
            f"{b.label} is worth {b.value}: {card} cannot take it (a build is"
            " taken only by a card of its own value)",
        )
    if values.royal and is_face(card):
        _check_single_same_rank(state, card, loose)
    table = [state.loose[i] for i in loose]
    low, cvals = values.low, values.cvals
    if not builds:
        # The common case: every card taken matches the played card alone.
        common = cvals[card] if move.value is None else 1 << move.value
        for taken in table:
            common &= cvals[taken]
        if common:
            value = (common & -common).bit_length() - 1
            groups: tuple[tuple[Card, ...], ...] = tuple((t,) for t in table)
            return _capture_plan(state, move, loose, table, [], value, groups)
    items: list[Item] = [(cvals[c], low[c]) for c in table]
    for build in builds:
        as_card = summable and build.is_single
        items.append((1 << build.value, build.value if as_card else 0))
    everything = (1 << len(items)) - 1
    found: list[list[int]] | None = None
    value = candidates[0]
    for value in candidates:
        found = partition(items, value, everything)
        if found is not None:
            break
    if found is None:
        worth = " or ".join(map(str, candidates))
        if _overlapping(items, candidates):
            _illegal(
                "G3",
                f"{card} cannot take {_cards(list(move.cards))}: every card fits"
                f" a group worth {worth}, but a card counts in one group only",
            )
        _illegal(
            "C2",
            f"{card} cannot take {_cards(list(move.cards))}: they do not split"
            f" into groups worth {worth}",
        )
    if builds:
        groups = tuple(
            tuple(c for i in group for c in _expand(i, table, builds))
            for group in found
        )
    else:
        groups = tuple(tuple(table[i] for i in group) for group in found)
    return _capture_plan(state, move, loose, table, builds, value, groups)


def _capture_plan(
    state: DealState,
    move: Move,
    loose: list[int],
    table: list[Card],
    builds: list[Build],
    value: int,
    groups: tuple[tuple[Card, ...], ...],
) -> Plan:
    """The checks every grouped capture still faces (R5.3, G1), then its plan."""
    if state.rules.pairing_obligation != "none":
        _check_pairing(state, move.card, set(loose))
    if state.builds:
        kept = [
            (b.label, b.value) for b in state.owned_builds(move.seat) if b not in builds
        ]
        check_holds(state, move.seat, move.card, kept)
    # Every field, through tuple.__new__ (the hot path: most moves are captures).
    return tuple.__new__(
        _PLAN, (_CAPTURE, value, tuple(table), tuple(builds), groups, None)
    )


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


def _expand(index: int, table: list[Card], builds: list[Build]) -> tuple[Card, ...]:
    if index < len(table):
        return (table[index],)
    return builds[index - len(table)].cards


def _check_single_same_rank(state: DealState, card: Card, loose: list[int]) -> None:
    """A29: with ``face_capture=single_same_rank`` a face takes one face of its rank."""
    if not is_face(card) or state.rules.face_capture != "single_same_rank":
        return
    rank = rank_of(card)
    same = [state.loose[i] for i in loose if rank_of(state.loose[i]) == rank]
    if len(same) > 1:
        _illegal(
            "R5.2",
            f"{card} may take only one loose card of its rank, not {_cards(same)}"
            " (option face_capture=single_same_rank)",
        )


def _verify_face_capture(
    state: DealState, move: Move, loose: list[int], builds: list[Build]
) -> Plan:
    """R5.2: a classic face card captures loose cards of its own rank only."""
    card = move.card
    taken = [state.loose[i] for i in loose]
    if builds or any(c.rank != card.rank for c in taken):
        _illegal(
            "R5.2",
            f"{card} captures only loose cards of its own rank, not"
            f" {_cards(list(move.cards))}",
        )
    if state.rules.face_capture == "single_same_rank" and len(taken) > 1:
        _illegal(
            "R5.2",
            f"{card} may take only one loose {card.rank_name}, not {_cards(taken)}",
        )
    if state.rules.face_capture == "all_same_rank":
        same = [x for x in state.loose if x.rank == card.rank]
        if len(taken) != len(same):
            _illegal(
                "R5.2",
                f"{card} must take every loose {card.rank_name}: {_cards(same)}"
                " (option face_capture=all_same_rank)",
            )
    _check_pairing(state, card, set(loose))
    kept = [(b.label, b.value) for b in state.owned_builds(move.seat)]
    check_holds(state, move.seat, card, kept)
    # All fields through tuple.__new__, as in _capture_plan.
    return tuple.__new__(
        _PLAN, (_CAPTURE, None, tuple(taken), (), tuple((c,) for c in taken), None)
    )


# --- build -----------------------------------------------------------------------


def _verify_build(
    state: DealState, move: Move, loose: list[int], builds: list[Build]
) -> Plan:
    card, value = move.card, move.value
    values = state.values
    if value is None:
        _illegal("B5", "a build must announce its value")
    if values.low[card] == 0:
        _illegal("B1", f"{card} is a face card: faces are never built with (classic)")
    faces = [state.loose[i] for i in loose if values.low[state.loose[i]] == 0]
    if faces:
        _illegal("B1", f"{_cards(faces)}: face cards are never built with (classic)")
    if not builds:
        return _verify_create(state, move, value, loose)
    merged = [b for b in builds if b.value == value]
    changed = [b for b in builds if b.value != value]
    if len(builds) > 1 and not state.rules.merge_builds:
        _illegal(
            "B2",
            f"one move may use only one existing build, not {len(builds)}"
            " (option merge_builds)",
        )
    if len(changed) > 1:
        _illegal(
            "I2", f"a move can change the value of one build only, not {len(changed)}"
        )
    if changed:
        return _verify_increase(state, move, value, loose, changed[0], merged)
    return _verify_extend(state, move, value, loose, merged)


def _played_and_loose(state: DealState, card: Card, loose: list[int]) -> list[Item]:
    values = state.values
    table_items = state.items()
    return [(values.cvals[card], values.low[card])] + [table_items[i] for i in loose]


def _groups_of(
    found: list[list[int]], card: Card, table: list[Card]
) -> tuple[tuple[Card, ...], ...]:
    cards = [card, *table]
    return tuple(tuple(cards[i] for i in group) for group in found)


def _verify_create(state: DealState, move: Move, value: int, loose: list[int]) -> Plan:
    card = move.card
    table = [state.loose[i] for i in loose]
    items = _played_and_loose(state, card, loose)
    found = partition(items, value, (1 << len(items)) - 1)
    if found is None:
        _illegal(
            "B2",
            f"{card} with {_cards(table)} does not make groups worth {value}",
        )
    single = len(found) == 1
    if not build_value_ok(state.values.royal, value, single):
        kind = "single" if single else "multiple"
        _illegal("R1.5", f"a {kind} build cannot be worth {value}")
    label = f"B{state.next_build_id}"
    builds_after = [(b.label, b.value) for b in state.owned_builds(move.seat)]
    _check_new_build_hold(state, move, label, value, builds_after, "B4")
    groups = _groups_of(found, card, table)
    return tuple.__new__(_PLAN, (_CREATE, value, tuple(table), (), groups, None))


def _check_new_build_hold(
    state: DealState,
    move: Move,
    label: str,
    value: int,
    others: list[tuple[str, int]],
    rule: str,
) -> None:
    remaining = state.hand_value_mask(move.seat, without=move.card)
    if not remaining >> value & 1:
        _illegal(
            rule,
            f"seat {move.seat} holds no card to capture {label} worth {value}"
            " after this move",
        )
    check_holds(state, move.seat, move.card, others)


def _check_partner(state: DealState, move: Move, build: Build, option: str) -> None:
    owner = build.owner
    if owner != move.seat and state.side_of(owner) == state.side_of(move.seat):
        rule = "E1" if option == "extend_partner_build" else "I4"
        verb = "extended" if rule == "E1" else "increased"
        _illegal(
            rule,
            f"{build.label} belongs to seat {owner}, seat {move.seat}'s partner,"
            f" and may not be {verb} (option {option})",
        )


def _verify_extend(
    state: DealState, move: Move, value: int, loose: list[int], targets: list[Build]
) -> Plan:
    card = move.card
    if not state.rules.extend_partner_build:
        for build in targets:
            _check_partner(state, move, build, "extend_partner_build")
    table = [state.loose[i] for i in loose]
    items = _played_and_loose(state, card, loose)
    found = partition(items, value, (1 << len(items)) - 1)
    if found is None:
        _illegal(
            "E2",
            f"{card} with {_cards(table)} does not make groups worth {value}"
            f" to add to {targets[0].label}",
        )
    if len(found) > 1 and not state.rules.extend_extra_table_groups:
        _illegal(
            "E2",
            "only the played card's group may be added to a build"
            " (option extend_extra_table_groups)",
        )
    if len(targets) > 1 and not state.rules.extend_extra_table_groups:
        _illegal(
            "E2",
            "only the played card's group may be added to a build"
            " (option extend_extra_table_groups)",
        )
    target = targets[0]
    mine = [b for b in state.owned_builds(move.seat) if b not in targets]
    others = [(b.label, b.value) for b in mine]
    _check_new_build_hold(state, move, target.label, value, others, "E3")
    return Plan(
        MoveKind.EXTEND,
        value=value,
        loose_taken=tuple(table),
        builds_used=tuple(targets),
        groups=_groups_of(found, card, table),
        target=target,
    )


def _verify_increase(
    state: DealState,
    move: Move,
    value: int,
    loose: list[int],
    target: Build,
    merged: list[Build],
) -> Plan:
    card, rules = move.card, state.rules
    if not target.is_single:
        _illegal(
            "I1",
            f"{target.label} is a multiple build: its value {target.value}"
            " can never change",
        )
    new_value = target.value + state.values.low[card]
    if value != new_value:
        _illegal(
            "I2",
            f"{card} on {target.label} ({target.value}) makes {new_value},"
            f" not {value}: table cards never change a build's value",
        )
    if value > state.values.max_value:
        _illegal("I2", f"{target.label} cannot be increased to {value} (R1.5)")
    if target.owner == move.seat and not rules.increase_own_build:
        _illegal(
            "I4",
            f"seat {move.seat} may not increase its own {target.label}"
            " (option increase_own_build)",
        )
    if not rules.increase_partner_build:
        _check_partner(state, move, target, "increase_partner_build")
    if not rules.extend_partner_build:
        for build in merged:
            _check_partner(state, move, build, "extend_partner_build")
    table = [state.loose[i] for i in loose]
    if (table or merged) and not rules.increase_incorporate_table:
        _illegal(
            "I5",
            "an increase adds the played card only, no table cards"
            " (option increase_incorporate_table)",
        )
    table_items = state.items()
    items: list[Item] = [table_items[i] for i in loose]
    items += [(1 << b.value, 0) for b in merged]
    found = partition(items, value, (1 << len(items)) - 1)
    if found is None:
        _illegal(
            "I5",
            f"{_cards(table)} do not make groups worth {value} to add to"
            f" {target.label}",
        )
    mine = [
        b for b in state.owned_builds(move.seat) if b is not target and b not in merged
    ]
    _check_new_build_hold(
        state, move, target.label, value, [(b.label, b.value) for b in mine], "I3"
    )
    extra = tuple(
        tuple(c for i in group for c in _expand(i, table, merged)) for group in found
    )
    return Plan(
        MoveKind.INCREASE,
        value=value,
        loose_taken=tuple(table),
        builds_used=(target, *merged),
        groups=extra,
        target=target,
    )
