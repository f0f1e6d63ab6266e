"""A record's claims as a score sheet of each form would hold them.

Players write a sheet in one of three forms (docs/notation.md §8): every item, total and count; only the items each side
scored and the total; or the deal totals only. The samples and the explainer's
measurements write the same claims in each form.
"""

from __future__ import annotations

from typing import Final, Literal

from .claims import ClaimedPoints, ClaimedSide
from .models import GameRecord

__all__ = ["SHEET_FORMS", "SheetForm", "sheet_form", "written_as"]

SheetForm = Literal["full", "items", "totals"]
"""How a score sheet is written: ``full`` (every item, the total and the
counts, as the samples are), ``items`` (the items each side scored and its
total: no zeros, no counts), ``totals`` (the deal totals only)."""

SHEET_FORMS: Final[tuple[SheetForm, ...]] = ("full", "items", "totals")


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


def written_as(record: GameRecord, form: SheetForm) -> GameRecord:
    """``record`` with every deal's claims written as a sheet of ``form``
    (:func:`sheet_form`); the match claims stay."""
    if form == "full":
        return record
    deals = tuple(
        deal
        if deal.claimed is None
        else deal.model_copy(
            update={
                "claimed": deal.claimed.model_copy(
                    update={
                        "sides": tuple(sheet_form(s, form) for s in deal.claimed.sides)
                    }
                )
            }
        )
        for deal in record.deals
    )
    return record.model_copy(update={"deals": deals})
