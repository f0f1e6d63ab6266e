"""The score sheet: per deal, what the players claim beside what the engine computes.

The computed side is the replay's (:func:`casino_records.check.replay.replay` of
the deals finished so far): the scorer scores nothing itself. A claim is entered
per category, as on a paper sheet, with :func:`with_claim`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from ..check.replay import replay
from ..check.report import Finding, ReplayReport
from ..engine.match import MatchState
from ..engine.scoring import CHECK_LABELS
from ..errors import EntryError
from ..record.format.models import (
    ClaimedCounts,
    ClaimedDeal,
    ClaimedPoints,
    ClaimedSide,
    GameRecord,
)

__all__ = [
    "CATEGORIES",
    "DealSheet",
    "SheetRow",
    "Standing",
    "claimed_figure",
    "standing",
    "with_claim",
]

CATEGORIES: Final = tuple(CHECK_LABELS)
"""Every figure a sheet can claim: ``points.<category>``, ``total``, ``counts.<count>``."""


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One line of the sheet: a category, per side computed and claimed."""

    category: str
    """``points.most_cards`` … ``total`` … ``counts.sweeps``."""
    label: str
    """The category in words."""
    computed: tuple[int, ...]
    """Per side, the engine's figure."""
    claimed: tuple[int | None, ...]
    """Per side, the claimed figure (None: not claimed)."""

    @property
    def disputed(self) -> tuple[bool, ...]:
        """Per side: a claim that differs from the computed figure."""
        return tuple(
            c is not None and c != v
            for c, v in zip(self.claimed, self.computed, strict=True)
        )


@dataclass(frozen=True, slots=True)
class DealSheet:
    """The sheet of one finished deal."""

    deal: int
    """0-based deal."""
    rows: tuple[SheetRow, ...]
    """Every category, in display order."""
    totals_after: tuple[int, ...]
    """The match totals after the deal, as computed."""
    note: str
    """What the deal decided about the match."""


@dataclass(slots=True)
class Standing:
    """Where the match stands after the deals finished so far."""

    report: ReplayReport | None
    """The replay's report of the finished deals (None before any)."""
    match: MatchState | None
    """The match to go on from; None when a deal could not be scored."""
    sheets: list[DealSheet] = field(default_factory=list)
    """One sheet per deal the replay scored."""

    @property
    def totals(self) -> tuple[int, ...] | None:
        """The computed match totals, when known."""
        return tuple(self.match.totals) if self.match is not None else None

    @property
    def winner(self) -> int | None:
        """The side that won the match, if it is over."""
        return self.match.winner if self.match is not None else None

    @property
    def problems(self) -> list[Finding]:
        """The replay's errors and disputes (warnings left out)."""
        if self.report is None:
            return []
        return [f for f in self.report.findings if f.severity != "warning"]


def claimed_figure(claimed: ClaimedDeal | None, side: int, category: str) -> int | None:
    """The claimed figure of ``category`` for ``side``, if any."""
    if claimed is None or side >= len(claimed.sides):
        return None
    entry = claimed.sides[side]
    group, _, name = category.partition(".")
    if group == "total":
        return entry.total
    part = entry.points if group == "points" else entry.counts
    return None if part is None else getattr(part, name)


def with_claim(
    claimed: ClaimedDeal | None,
    sides: int,
    side: int,
    category: str,
    value: int | None,
) -> ClaimedDeal | None:
    """``claimed`` with one figure set (or cleared with None).

    :raises EntryError: an unknown category or side, or a negative figure.
    """
    if category not in CHECK_LABELS:
        raise EntryError(f"unknown score category {category!r}")
    if not 0 <= side < sides:
        raise EntryError(f"side {side} does not exist (there are {sides})")
    if value is not None and value < 0:
        raise EntryError(f"a claimed figure is 0 or more, not {value}")
    entries = list(claimed.sides) if claimed is not None else [ClaimedSide()] * sides
    entry = entries[side]
    group, _, name = category.partition(".")
    if group == "total":
        entry = entry.model_copy(update={"total": value})
    else:
        kind = ClaimedPoints if group == "points" else ClaimedCounts
        part = getattr(entry, group) or kind()
        part = part.model_copy(update={name: value})
        if not part.model_dump(exclude_none=True):
            part = None
        entry = entry.model_copy(update={group: part})
    entries[side] = ClaimedSide.model_validate(entry.model_dump())
    comment = claimed.comment if claimed is not None else None
    if comment is None and all(e == ClaimedSide() for e in entries):
        return None
    return ClaimedDeal(sides=tuple(entries), comment=comment)


def standing(record: GameRecord | None) -> Standing:
    """Replay ``record`` (the finished deals) and lay out its score sheets."""
    if record is None:
        return Standing(None, None)
    result = replay(record)
    sheets = []
    for deal_report in result.report.deals:
        if not deal_report.complete or not deal_report.sides:
            continue
        claimed = record.deals[deal_report.index].claimed
        figures = [side.figures for side in deal_report.sides]
        rows = tuple(
            SheetRow(
                category,
                label,
                tuple(f[category] for f in figures),
                tuple(
                    claimed_figure(claimed, side, category)
                    for side in range(len(figures))
                ),
            )
            for category, label in CHECK_LABELS.items()
        )
        totals = tuple(side.total_after or 0 for side in deal_report.sides)
        sheets.append(
            DealSheet(deal_report.index, rows, totals, deal_report.match_note)
        )
    return Standing(result.report, result.match, sheets)
