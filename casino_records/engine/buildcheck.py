"""Verify one build move: create, extend or increase (R6–R8, A25, A27).

:func:`verify_build` reads a build move after
:func:`~casino_records.engine.plan.locate` found its table cards, and returns
its :class:`~casino_records.engine.plan.Plan` or raises naming the rule broken.
The rules are the predicates of :mod:`casino_records.engine.constraints`.

Which kind a build move is follows from the builds it uses (RULES.md A25):
none, a create; one of the announced value, an extend of it; one of another
value, an increase of it. With ``single_build_as_card`` a single build may also
be used as a card; the kind is then that of the first reading that groups the
cards: an increase of the oldest build that can share the played card's group,
else an extend of the oldest build of the announced value, else a create.
Without ``merge_builds`` a multiple build the move uses can only be the build
extended (it never joins as a card): an increase that would take one in is not
a reading, and the extend is of the multiple build, whichever build is older.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import IllegalMoveError
from ..i18n import Seat, said
from .cards import Card
from .combos import Item, partition, sum_subsets
from .constraints import holds, may_absorb, may_change, value_ok
from .describe import build_said, build_words, cards_text
from .masks import cards_of
from .moves import Build, Move, MoveKind
from .plan import Plan, check_g1, group_cards, illegal, locate, partition_all
from .state import DealState

__all__ = ["read_build", "verify_build"]


def read_build(state: DealState, move: Move) -> Plan | None:
    """The plan of a build move, or ``None`` when it is illegal."""
    try:
        loose, builds = locate(state, move)
        return verify_build(state, move, loose, builds)
    except IllegalMoveError:
        return None


def verify_build(state: DealState, move: Move, loose: int, builds: list[Build]) -> Plan:
    """Check a build move whose table cards are ``loose`` and the whole ``builds``."""
    card, value = move.card, move.value
    index: int = card  # a native int: the table look-ups stay in C
    low = state.values.low
    if value is None:
        illegal("B5", said.gettext("a build must announce its value"))
    if low[index] == 0:
        illegal(
            "B1",
            said.gettext(
                "{card} is a face card: faces are never built with (classic)"
            ).format(card=card),
        )
    faces = 0
    rest = loose
    while rest:
        bit = rest & -rest
        if low[bit.bit_length() - 1] == 0:
            faces |= bit
        rest ^= bit
    if faces:
        illegal(
            "B1",
            said.gettext("{cards}: face cards are never built with (classic)").format(
                cards=" ".join(map(str, cards_of(faces)))
            ),
        )
    if not builds:
        return _create(
            state,
            move,
            value,
            loose,
            [],
            _partition_or_none(state, card, loose, [], value),
        )
    if state.rules.single_build_as_card and any(b.is_single for b in builds):
        return _as_cards(state, move, value, loose, builds)
    merged = [b for b in builds if b.value == value]
    changed = [b for b in builds if b.value != value]
    if len(builds) > 1 and not state.rules.merge_builds:
        illegal(
            "B2",
            said.gettext(
                "one move may use only one existing build, not {n} (option merge_builds)"
            ).format(n=len(builds)),
        )
    if len(changed) > 1:
        illegal(
            "I2",
            said.gettext(
                "a move can change the value of one build only, not {n}"
            ).format(n=len(changed)),
        )
    if changed:
        return _increase(state, move, value, loose, changed[0], merged)
    return _extend(state, move, value, loose, merged[0], merged[1:], None)


# --- the items of a build move: the played card, loose cards, builds -----------


class _Items:
    """The played card (item 0), the loose cards used, then the builds used."""

    def __init__(
        self, state: DealState, card: Card, loose: int, builds: list[Build]
    ) -> None:
        item = state.values.item
        summable = state.rules.single_build_as_card
        self.cards_in = cards_of(loose)
        """The cards of the items before the builds: the played card, the loose cards."""
        self.cards_in.insert(0, card)
        self.builds = builds
        items: list[Item] = []
        for c in self.cards_in:
            at: int = c  # a plain int indexes the table without a generic call
            items.append(item[at])
        for b in builds:
            items.append((1 << b.value, b.value if summable and b.is_single else 0))
        self.items = items
        self.first_build = len(self.cards_in)

    def mask(self, leave_out: Sequence[int] = ()) -> int:
        everything = (1 << len(self.items)) - 1
        for index in leave_out:
            everything &= ~(1 << index)
        return everything

    def cards(self, group: list[int]) -> tuple[Card, ...]:
        """The cards of a group of items, as one group."""
        return group_cards(group, self.cards_in, self.builds)

    def groups(self, found: list[list[int]]) -> tuple[tuple[Card, ...], ...]:
        """The card groups of a partition; a build standing alone keeps its groups."""
        groups: list[tuple[Card, ...]] = []
        for group in found:
            if len(group) == 1 and group[0] >= self.first_build:
                groups += self.builds[group[0] - self.first_build].groups
            else:
                groups.append(self.cards(group))
        return tuple(groups)


def _partition_or_none(
    state: DealState, card: Card, loose: int, builds: list[Build], value: int
) -> tuple[_Items, list[list[int]] | None]:
    items = _Items(state, card, loose, builds)
    return items, partition_all(items.items, value)


# --- the three kinds -----------------------------------------------------------


def _create(
    state: DealState,
    move: Move,
    value: int,
    loose: int,
    absorbed: list[Build],
    read: tuple[_Items, list[list[int]] | None],
) -> Plan:
    items, found = read
    card = move.card
    if found is None:
        illegal(
            "B2",
            said.gettext("{card} with {cards} does not make groups worth {n}").format(
                card=card, cards=cards_text(move.table, pretty=False), n=value
            ),
        )
    single = len(found) == 1 and not (
        len(found[0]) == 1 and found[0][0] >= items.first_build
    )
    if not value_ok(state.values.royal, value, single):
        illegal(
            "R1.5",
            (
                said.gettext("a single build cannot be worth {n}")
                if single
                else said.gettext("a multiple build cannot be worth {n}")
            ).format(n=value),
        )
    for build in absorbed:
        _check_partner(state, move, build, "extend_partner_build")
    _check_hold(state, move, None, value, absorbed, "B4")
    groups = items.groups(found)
    return Plan(MoveKind.CREATE, value, loose, tuple(absorbed), groups)


def _extend(
    state: DealState,
    move: Move,
    value: int,
    loose: int,
    target: Build,
    others: list[Build],
    read: tuple[_Items, list[list[int]] | None] | None,
) -> Plan:
    rules, card = state.rules, move.card
    for build in (target, *others):
        _check_partner(state, move, build, "extend_partner_build")
    if read is None:
        read = _partition_or_none(state, card, loose, others, value)
    items, found = read
    if found is None:
        illegal(
            "E2",
            said.gettext(
                "{card} with {cards} does not make groups worth {n} to add to {build}"
            ).format(
                card=card,
                cards=cards_text(loose, pretty=False),
                n=value,
                build=build_words(target),
            ),
        )
    if len(found) > 1 and not rules.extend_extra_table_groups:
        illegal(
            "E2",
            said.gettext(
                "only the played card's group may be added to a build"
                " (option extend_extra_table_groups)"
            ),
        )
    _check_merge(state, others)
    _check_hold(state, move, target, value, [target, *others], "E3")
    # The played card's group last, after any build taken in whole.
    order = [group for group in found if 0 not in group]
    order += [group for group in found if 0 in group]
    return Plan(
        MoveKind.EXTEND,
        value,
        loose,
        (target, *others),
        items.groups(order),
        target,
    )


def _increase(
    state: DealState,
    move: Move,
    value: int,
    loose: int,
    target: Build,
    merged: list[Build],
) -> Plan:
    card = move.card
    if not target.is_single:
        illegal(
            "I1",
            said.gettext(
                "{build} is a multiple build: its value can never change"
            ).format(build=build_words(target)),
        )
    new_value = target.value + state.values.low[card]
    if value != new_value:
        illegal(
            "I2",
            said.gettext(
                "{card} on {build} makes {made}, not {n}: table cards never change a"
                " build's value"
            ).format(card=card, build=build_words(target), made=new_value, n=value),
        )
    items = _Items(state, card, loose, merged)
    found = partition(items.items, value, items.mask([0]))
    return _increase_plan(state, move, value, loose, target, merged, items, [], found)


def _increase_plan(
    state: DealState,
    move: Move,
    value: int,
    loose: int,
    target: Build,
    others: list[Build],
    items: _Items,
    joined: Sequence[int],
    found: list[list[int]] | None,
) -> Plan:
    """The checks of an increase once its target's new group is known (I2–I5)."""
    rules = state.rules
    if value > state.values.max_value:
        illegal(
            "I2",
            said.gettext("{build} cannot be increased to {n} (R1.5)").format(
                build=build_words(target), n=value
            ),
        )
    rule = may_change(state, move.seat, target)
    if rule and target.owner == move.seat and not rules.increase_own_build:
        illegal(
            "I4",
            said.gettext(
                "{seat} may not increase its own build of {n} ({cards})"
                " (option increase_own_build)"
            ).format(
                seat=Seat(move.seat), n=target.value, cards=cards_text(target.mask)
            ),
        )
    if rule:
        _check_partner(state, move, target, "increase_partner_build")
    for build in others:
        _check_partner(state, move, build, "extend_partner_build")
    if (loose or others) and not rules.increase_incorporate_table:
        illegal(
            "I5",
            said.gettext(
                "an increase adds the played card only, no table cards"
                " (option increase_incorporate_table)"
            ),
        )
    if found is None:
        illegal(
            "I5",
            said.gettext(
                "{cards} do not make groups worth {n} to add to {build}"
            ).format(
                cards=cards_text(loose, pretty=False),
                n=value,
                build=build_words(target),
            ),
        )
    _check_merge(state, others)
    _check_hold(state, move, target, value, [target, *others], "I3")
    return Plan(
        MoveKind.INCREASE,
        value,
        loose,
        (target, *others),
        items.groups(found),
        target,
        items.cards(list(joined)),
    )


# --- single builds used as cards (A25) --------------------------------------------


def _as_cards(
    state: DealState, move: Move, value: int, loose: int, builds: list[Build]
) -> Plan:
    """A25: read a build move that may use single builds as cards."""
    card = move.card
    low = state.values.low[card]
    merge = state.rules.merge_builds
    for k, target in enumerate(builds):
        if not target.is_single or target.value >= value:
            continue
        others = builds[:k] + builds[k + 1 :]
        if not merge and not all(b.is_single for b in others):
            continue  # a multiple build would be taken in whole: an extend of it
        items = _Items(state, card, loose, others)
        need = value - low - target.value
        rest = items.mask([0])
        for joined in [()] if need == 0 else sum_subsets(items.items, rest, need):
            left = rest
            for i in joined:
                left &= ~(1 << i)
            found = partition(items.items, value, left)
            if found is not None:
                return _increase_plan(
                    state, move, value, loose, target, others, items, joined, found
                )
    same = [b for b in builds if b.value == value]
    if same:
        target = same[0]
        if not merge:
            # Only single builds join as cards: a multiple one is the target.
            target = next((b for b in same if not b.is_single), target)
        others = [b for b in builds if b is not target]
        read = _partition_or_none(state, card, loose, others, value)
        if read[1] is not None:
            return _extend(state, move, value, loose, target, others, read)
    return _create(
        state,
        move,
        value,
        loose,
        builds,
        _partition_or_none(state, card, loose, builds, value),
    )


# --- shared checks ---------------------------------------------------------------


def _check_partner(state: DealState, move: Move, build: Build, option: str) -> None:
    """E1, I4: the partner's build may be changed only if ``option`` allows it."""
    if option == "extend_partner_build":
        allowed = may_absorb(state, move.seat, build)
    else:
        allowed = state.rules.increase_partner_build or not _partners(
            state, move, build
        )
    if not allowed:
        rule = "E1" if option == "extend_partner_build" else "I4"
        text = (
            said.gettext(
                "{build} belongs to {seat}'s partner, and may not be extended"
                " (option {option})"
            )
            if rule == "E1"
            else said.gettext(
                "{build} belongs to {seat}'s partner, and may not be increased"
                " (option {option})"
            )
        )
        illegal(
            rule,
            text.format(build=build_words(build), seat=Seat(move.seat), option=option),
        )


def _partners(state: DealState, move: Move, build: Build) -> bool:
    side_of = state.seating.side_of
    return build.owner != move.seat and side_of[build.owner] == side_of[move.seat]


def _check_merge(state: DealState, others: Sequence[Build]) -> None:
    """A27: a move takes in a further build of the value only under merge_builds
    (with single_build_as_card, a single build may join as a card)."""
    if state.rules.merge_builds:
        return
    whole = [
        b for b in others if not (state.rules.single_build_as_card and b.is_single)
    ]
    if whole:
        illegal(
            "B2",
            said.gettext(
                "one move may use only one existing build, not {n} (option merge_builds)"
            ).format(n=len(others) + 1),
        )


def _check_hold(
    state: DealState,
    move: Move,
    target: Build | None,
    value: int,
    changed: list[Build],
    rule: str,
) -> None:
    """B4, E3, I3: the mover holds the new value of ``target`` (``None``: the
    build created); G1 for the builds he keeps."""
    after = state.hand_value_mask(move.seat, without=move.card)
    if not holds(after, value):
        made = move.table | (target.mask if target is not None else 0)
        build = build_said(None, value, made | 1 << move.card)
        illegal(
            rule,
            said.gettext(
                "{seat} holds no card to capture {build} after this move"
            ).format(seat=Seat(move.seat), build=build),
        )
    check_g1(state, move.seat, move.card, changed)
