"""A deal's findings and where they lead; its claimed-versus-computed score table."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...check.report import Finding
from ...engine.scoring import CHECK_LABELS
from .game import MOVE_POINTER, Game, locate

__all__ = [
    "Jump",
    "ScoreRow",
    "failing_finding",
    "finding_jumps",
    "findings_at",
    "score_grid",
    "score_rows",
]


@dataclass(frozen=True, slots=True)
class Jump:
    """A link to the position a finding points at."""

    label: str
    """The button's words (not escaped)."""
    deal: int
    """0-based deal."""
    move: int
    """The step shown (see :mod:`.game`)."""
    why: str = ""
    """What that position decided, for a dispute's deciding move (not escaped)."""


def findings_at(game: Game, deal: int) -> list[Finding]:
    """The findings located in deal ``deal`` (a claimed score, a move, the deal)."""
    return [f for f in game.report.findings if _within(f.loc, f"/deals/{deal}")]


def finding_jumps(game: Game, finding: Finding) -> list[Jump]:
    """Where a finding is: its own place (an illegal move's position before it).

    A dispute's deciding moves are :func:`.verdict.deciders`.
    """
    found = locate(game, finding.loc)
    return [] if found is None else [Jump(f"Go to {finding.where}", *found)]


def failing_finding(game: Game, deal: int, move: int) -> Finding | None:
    """The error about the record's next move at this position, if any.

    That is the position an invalid record opens at: the move the record
    plays next is illegal (or cannot be read).
    """
    loc = game.positions[deal][move].loc
    if MOVE_POINTER.match(loc) is None:
        return None
    for finding in game.report.findings:
        if finding.severity == "error" and _within(finding.loc, loc):
            return finding
    return None


def _within(loc: str, pointer: str) -> bool:
    """True when JSON pointer ``loc`` is ``pointer`` or lies below it."""
    return loc == pointer or loc.startswith(pointer + "/")


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One scoring figure of one side at a deal's end: computed, and claimed."""

    side: int
    """The side."""
    side_name: str
    """Its players."""
    category: str
    """``points.most_cards``, ``total``, ``counts.cards`` …"""
    label: str
    """The category in words."""
    computed: int
    """What the replay computed."""
    claimed: int | None
    """What the record claims, if it does."""
    loc: str = ""
    """JSON pointer of the claimed figure."""

    @property
    def agrees(self) -> bool | None:
        """True or False when claimed, None when the record claims nothing."""
        return None if self.claimed is None else self.claimed == self.computed

    def row(self) -> dict[str, str | int]:
        """The figure as a table row (not escaped)."""
        check = {None: "", True: "✓", False: "✗ differs"}[self.agrees]
        return {
            "side": self.side_name,
            "category": self.label,
            "computed": self.computed,
            "claimed": "" if self.claimed is None else self.claimed,
            "check": check,
        }


def score_rows(game: Game, deal: int) -> list[ScoreRow]:
    """A scored deal's breakdown per side and category, claimed beside computed.

    Empty for a deal that was not scored (unfinished, or after an error).
    """
    report = game.deal_report(deal)
    if report is None or not report.sides:
        return []
    claimed = {(c.side, c.category): c for c in report.checks}
    rows = []
    for side in report.sides:
        for category, value in side.figures.items():
            check = claimed.get((side.side, category))
            rows.append(
                ScoreRow(
                    side=side.side,
                    side_name=side.name,
                    category=category,
                    label=CHECK_LABELS[category],
                    computed=value,
                    claimed=None if check is None else check.claimed,
                    loc="" if check is None else check.loc,
                )
            )
    return rows


def score_grid(rows: Sequence[ScoreRow]) -> list[dict[str, ScoreRow | str]]:
    """:func:`score_rows` laid out one row per category, claimed beside computed.

    Each row maps ``category`` to the label, and ``<side> computed`` /
    ``<side> claimed`` to that side's :class:`ScoreRow` (side names made
    unique with their side number when two are equal).
    """
    names: dict[int, str] = {}
    for row in rows:
        names.setdefault(row.side, row.side_name)
    duplicated = len(set(names.values())) < len(names)
    label = {
        side: f"{name} (side {side})" if duplicated else name
        for side, name in names.items()
    }
    grid: dict[str, dict[str, ScoreRow | str]] = {}
    for row in rows:
        line = grid.setdefault(row.category, {"category": row.label})
        line[f"{label[row.side]} computed"] = row
        line[f"{label[row.side]} claimed"] = row
    return list(grid.values())
