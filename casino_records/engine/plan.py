"""What a verified move does (:class:`Plan`), and the checks every move starts with.

:func:`locate` finds a move's table cards (loose cards, and builds used whole);
:func:`illegal` raises the :class:`~casino_records.errors.IllegalMoveError`
that names the rule a move breaks.
"""

from __future__ import annotations

from typing import NamedTuple, NoReturn

from ..errors import IllegalMoveError
from .cards import Card
from .describe import cards_text
from .moves import Action, Build, Move, MoveKind
from .state import DealState

__all__ = ["Plan", "illegal", "locate"]


class Plan(NamedTuple):
    """What a verified move will do to the position."""

    kind: MoveKind
    value: int | None = None
    """Capture value used, or the build's value afterwards."""
    loose_taken: int = 0
    """Loose cards the move takes (capture) or builds with (build), as a card mask."""
    builds_used: tuple[Build, ...] = ()
    """Builds captured, or absorbed by a build move (the target first)."""
    groups: tuple[tuple[Card, ...], ...] = ()
    """Capture: the groups taken. Build: the groups the move adds to the build
    (for an increase, those beside the target's own group)."""
    target: Build | None = None
    """The build extended or increased."""
    joined: tuple[Card, ...] = ()
    """Increase: the table cards that join the target's group beside the played
    card (``single_build_as_card``, A25)."""


def illegal(rule: str, text: str) -> NoReturn:
    """Refuse a move: raise :class:`IllegalMoveError` for ``rule``."""
    raise IllegalMoveError(f"{rule} {text}", rule=rule)


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
            illegal("G3", f"{cards_text(rest, pretty=False)} not on the table")
        for build in builds:
            if build.mask & ~cards:
                rule = "C3" if move.action is Action.CAPTURE else "R4.2"
                illegal(
                    rule,
                    f"builds are used only whole: {cards_text(build.mask & cards, pretty=False)}"
                    f" is part of {build.label} ({cards_text(build.mask, pretty=False)})",
                )
    return loose, builds
