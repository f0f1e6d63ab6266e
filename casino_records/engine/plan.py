"""What a verified move does (:class:`Plan`), and what the checks of captures
and builds share.

:func:`locate` finds a move's table cards (loose cards, and builds used whole);
:func:`illegal` raises the :class:`~casino_records.errors.IllegalMoveError`
that names the rule a move breaks; :func:`check_g1` applies G1 to the builds a
move leaves the mover; :func:`partition_all` groups all of a move's items and
:func:`group_cards` says the cards of a group.
"""

from __future__ import annotations

from typing import Final, NoReturn, final

from ..errors import IllegalMoveError
from ..i18n import Said, Seat, said
from .cards import Card
from .combos import Item, partition
from .constraints import unheld
from .describe import build_said, build_words, cards_text
from .moves import Action, Build, Move, MoveKind, _Value
from .state import DealState

__all__ = ["Plan", "check_g1", "group_cards", "illegal", "locate", "partition_all"]


@final
class Plan(_Value):
    """What a verified move will do to the position."""

    _fields = (
        "kind",
        "value",
        "loose_taken",
        "builds_used",
        "groups",
        "target",
        "joined",
    )
    __slots__ = _fields

    def __init__(
        self,
        kind: MoveKind,
        value: int | None = None,
        loose_taken: int = 0,
        builds_used: tuple[Build, ...] = (),
        groups: tuple[tuple[Card, ...], ...] = (),
        target: Build | None = None,
        joined: tuple[Card, ...] = (),
    ) -> None:
        self.kind: Final = kind
        self.value: Final = value
        """Capture value used, or the build's value afterwards."""
        self.loose_taken: Final = loose_taken
        """Loose cards the move takes (capture) or builds with (build), as a card mask."""
        self.builds_used: Final = builds_used
        """Builds captured, or absorbed by a build move (the target first)."""
        self.groups: Final = groups
        """Capture: the groups taken. Build: the groups the move adds to the build
        (for an increase, those beside the target's own group)."""
        self.target: Final = target
        """The build extended or increased."""
        self.joined: Final = joined
        """Increase: the table cards that join the target's group beside the played
        card (``single_build_as_card``, A25)."""


def illegal(rule: str, text: Said) -> NoReturn:
    """Refuse a move: raise :class:`IllegalMoveError` for ``rule``, its message
    in English and kept as said (``said``) for any other language."""
    raise IllegalMoveError(f"{rule} {text.text()}", rule=rule, said=text)


def locate(state: DealState, move: Move) -> tuple[int, list[Build]]:
    """The move's loose cards (a mask) and the builds it uses whole, in table order.

    :raises IllegalMoveError: G3 a card is not on the table; C3 / R4.2 a build
        is used only in part.
    """
    cards = move.table
    loose = cards & state.loose_bits
    rest = cards ^ loose
    builds: list[Build] = []
    if rest:
        for build in state.builds:
            if build.mask & rest:
                builds.append(build)
                rest &= ~build.mask
        if rest:
            illegal(
                "G3",
                said.gettext("{cards} not on the table").format(
                    cards=cards_text(rest, pretty=False)
                ),
            )
        for build in builds:
            if build.mask & ~cards:
                rule = "C3" if move.action is Action.CAPTURE else "R4.2"
                illegal(
                    rule,
                    said.gettext(
                        "builds are used only whole: {cards} is part of {build}"
                    ).format(
                        cards=cards_text(build.mask & cards, pretty=False),
                        build=build_words(build),
                    ),
                )
    return loose, builds


def check_g1(state: DealState, seat: int, card: Card, changed: list[Build]) -> None:
    """G1: raise if ``seat`` would keep a build it cannot capture after playing
    ``card`` (the builds ``changed`` by the move aside)."""
    own = state.owned_builds(seat)
    if not own:  # nothing to hold: the hand need not be read
        return
    skip = 0
    for build in changed:
        skip |= build.mask
    after = state.hand_value_mask(seat, without=card)
    broken = unheld(own, after, skip)
    if broken is not None:
        illegal(
            "G1",
            said.gettext(
                "{seat} would own {build} without a card left in hand to capture it"
            ).format(
                seat=Seat(seat), build=build_said(None, broken.value, broken.mask)
            ),
        )


def partition_all(items: list[Item], value: int) -> list[list[int]] | None:
    """``partition(items, value, everything)``, without its search when the
    split is plain.

    Every item matches ``value`` alone: each is a group. Otherwise, when the
    items that match alone could join no sum and the others (two or more, all
    summable) add up to exactly ``value``, those others are one group and the
    rest each a group of its own: no other split exists, and the groups come
    in partition's order, by their first item.
    """
    count = len(items)
    bit = 1 << value
    matched = 0
    total = 0
    plain = True
    for alone, low in items:
        if alone & bit:
            matched += 1
            if 0 < low < value:  # an ace as 14: alone, or in a sum
                plain = False
        elif low > 0:
            total += low
        else:
            plain = False  # it cannot be grouped at all
    if matched == count:
        return [[i] for i in range(count)]
    if not plain or count - matched < 2 or total != value:
        return partition(items, value, (1 << count) - 1)
    found: list[list[int]] = []
    summed: list[int] = []  # placed where its first item is
    for i in range(count):
        if items[i][0] & bit:
            found.append([i])
        else:
            if not summed:
                found.append(summed)
            summed.append(i)
    return found


def group_cards(
    group: list[int], singles: list[Card], builds: list[Build]
) -> tuple[Card, ...]:
    """The cards of a group of a move's items, as one group: the items are the
    cards ``singles``, then the ``builds``, each taken whole."""
    count = len(singles)
    cards: list[Card] = []
    for i in group:
        if i < count:
            cards.append(singles[i])
        else:
            cards.extend(builds[i - count].cards)
    return tuple(cards)
