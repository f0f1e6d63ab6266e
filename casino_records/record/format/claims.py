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

from .fields import Count, RecordModel, SideIndex
from .shared import points_read

__all__ = [
    "ClaimedCounts",
    "ClaimedDeal",
    "ClaimedMatch",
    "ClaimedPoints",
    "ClaimedSide",
    "points_read",
]


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


class ClaimedMatch(RecordModel):
    """The result of the match as the players recorded it (input, never trusted)."""

    totals: tuple[Count, ...] | None = None
    """Final totals, one per side (index = side)."""
    winner: SideIndex | None = None
    """The winning side; omitted when not recorded (or no winner)."""
    comment: str | None = None
    """Free-form remark about the claimed result."""
