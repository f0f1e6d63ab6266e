"""A deal given by its piles: where every card went, when nobody wrote the moves down.

At a real table the players keep their capture piles and a score sheet, not
the moves. A deal's ``piles`` holds what the table can still see at the end
(docs/notation.md §6.6): each side's captured cards, the sweeps each side
made, the seat that made the last capture, and the cards left on the table
after the last card was played (the residue, which the rules then give to
the last capturer's side, R11.1). The replay scores it by the rules
(:mod:`casino_records.check.piles`).

>>> piles = Piles.model_validate({"sides": [["as", "2S"], []], "sweeps": [0, 0],
...                               "last_capture": 0, "left": ["Th"]})
>>> piles.sides, piles.left
((('AS', '2S'), ()), ('10H',))
"""

from __future__ import annotations

from typing import Annotated, TypeAlias

from pydantic import Field, Strict

from .fields import CardStr, RecordModel, Seat

__all__ = ["Piles", "SweepCount"]

SweepCount: TypeAlias = Annotated[int, Strict(), Field(ge=0, le=24)]
"""The sweeps one side made in a deal: 0 to 24 (a sweep takes two cards or more)."""


class Piles(RecordModel):
    """A deal's end as the table sees it: the piles, the sweeps, the last capture, the residue."""

    sides: tuple[tuple[CardStr, ...], ...]
    """Each side's capture pile (index = side), without the residue."""
    sweeps: tuple[SweepCount, ...]
    """How many sweeps each side made (index = side)."""
    last_capture: Seat | None = None
    """The seat that made the deal's last capture; omitted when nobody captured."""
    left: tuple[CardStr, ...] = ()
    """The cards left on the table after the last card was played: the residue,
    not yet in any pile (the rules give it to the last capturer's side, R11.1)."""
