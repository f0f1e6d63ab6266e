"""What the players claimed: per deal and side, and for the match (input, never trusted).

Any subset of a side's figures may be given, as club sheets are written
(docs/notation.md §8): the items it scored (``points``), its deal ``total``,
its ``counts``. A sheet that lists items lists them all: an item left off
``points`` was scored by nobody on that side, so it reads as 0
(:func:`points_read`). A figure of ``counts`` left off, and the items of a side
that gives no ``points`` at all (a totals-only sheet), are not claimed.
:func:`sheet_form` writes a side's claims in each of the three sheet forms.
"""

from __future__ import annotations

from typing import Final, Literal

from .fields import Count, RecordModel, SideIndex
from .shared import points_read

__all__ = [
    "SHEET_FORMS",
    "ClaimedCounts",
    "ClaimedDeal",
    "ClaimedMatch",
    "ClaimedPoints",
    "ClaimedSide",
    "SheetForm",
    "points_read",
    "sheet_form",
]

SheetForm = Literal["full", "items", "totals"]
"""How a score sheet is written: ``full`` (every item, the total and the
counts, as the samples are), ``items`` (the items each side scored and its
total: no zeros, no counts), ``totals`` (the deal totals only)."""

SHEET_FORMS: Final[tuple[SheetForm, ...]] = ("full", "items", "totals")


class ClaimedPoints(RecordModel):
    """Points a side claimed for a deal, by category; any subset may be given."""

    most_cards: Count | None = None
    """Points for most cards (3 or 0)."""
    most_spades: Count | None = None
    """Points for most spades (1 or 0)."""
    big_casino: Count | None = None
    """Points for the ten of diamonds (2 or 0)."""
    little_casino: Count | None = None
    """Points for the two of spades (1 or 0)."""
    aces: Count | None = None
    """Points for aces (0 to 4)."""
    sweeps: Count | None = None
    """Points for sweeps."""


class ClaimedCounts(RecordModel):
    """What a side counted in its capture pile at the end of a deal."""

    cards: Count | None = None
    """Number of cards captured."""
    spades: Count | None = None
    """Number of spades captured."""
    sweeps: Count | None = None
    """Number of sweeps made."""


class ClaimedSide(RecordModel):
    """One side's claimed result of a deal; only what is present is compared."""

    points: ClaimedPoints | None = None
    """Points by category."""
    total: Count | None = None
    """Total points scored in the deal."""
    counts: ClaimedCounts | None = None
    """Counts of cards, spades and sweeps."""


class ClaimedDeal(RecordModel):
    """The result of a deal as the players recorded it (input, never trusted)."""

    sides: tuple[ClaimedSide, ...]
    """One entry per side (index = side)."""
    comment: str | None = None
    """Free-form remark about the claimed result."""


def sheet_form(side: ClaimedSide, form: SheetForm) -> ClaimedSide:
    """``side``'s claims as a sheet of ``form`` would hold them.

    ``items`` keeps the items written with a value other than 0 (a side that
    scored none keeps an empty ``points``: it lists its items, and has none)
    and the total; ``totals`` keeps the total. A figure the side did not write
    stays unwritten.
    """
    if form == "full":
        return side
    if form == "totals" or side.points is None:
        return ClaimedSide(total=side.total)
    scored = {n: v for n, v in side.points.model_dump().items() if v}
    return ClaimedSide(points=ClaimedPoints(**scored), total=side.total)


class ClaimedMatch(RecordModel):
    """The result of the match as the players recorded it (input, never trusted)."""

    totals: tuple[Count, ...] | None = None
    """Final totals, one per side (index = side)."""
    winner: SideIndex | None = None
    """The winning side; omitted when not recorded (or no winner)."""
    comment: str | None = None
    """Free-form remark about the claimed result."""
