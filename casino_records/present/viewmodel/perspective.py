"""Perspectives: whose hands a position shows (``all``, ``seatN`` or ``none``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from ...i18n import ENGLISH, Translator

__all__ = [
    "ALL",
    "NONE",
    "alternatives_visible",
    "parse_perspective",
    "perspective_label",
    "perspectives",
    "seat_of",
]

ALL: Final = "all"
"""Perspective: every hand face up."""
NONE: Final = "none"
"""Perspective: no hand shown (a spectator's view of the table)."""
_SEAT_VIEW: Final = re.compile(r"^seat(\d)$")


def perspectives(players: int) -> list[str]:
    """The perspectives of a game: ``all``, one ``seatN`` per seat, ``none``."""
    return [ALL, *(f"seat{s}" for s in range(players)), NONE]


def parse_perspective(text: str | None, players: int) -> str:
    """A perspective from a URL value; anything unknown is ``all``.

    >>> parse_perspective("seat1", 2), parse_perspective("seat3", 2)
    ('seat1', 'all')
    """
    return text if text in perspectives(players) else ALL


def perspective_label(
    perspective: str, names: Sequence[str], t: Translator = ENGLISH
) -> str:
    """``All hands``, ``Ana's view (seat 0)`` or ``No hands`` (not escaped)."""
    if perspective == ALL:
        return t.gettext("All hands")
    if perspective == NONE:
        return t.gettext("No hands (spectator)")
    seat = seat_of(perspective)
    return t.gettext("{player}'s view (seat {n})").format(player=names[seat], n=seat)


def seat_of(perspective: str) -> int:
    """The seat of a ``seatN`` perspective; -1 for ``all`` and ``none``.

    >>> seat_of("seat2"), seat_of("all")
    (2, -1)
    """
    found = _SEAT_VIEW.match(perspective)
    return -1 if found is None else int(found.group(1))


def alternatives_visible(perspective: str, turn: int) -> bool:
    """True when the legal moves may be shown: they reveal the hand to play."""
    return perspective == ALL or seat_of(perspective) == turn
