"""A deal's findings and where they lead; its claimed-versus-computed score table."""

from __future__ import annotations

from dataclasses import dataclass

from ...check.report import Finding
from ...engine.scoring import CHECK_LABELS
from ...i18n import ENGLISH, Translator
from ...record.format.pointer import below, move_at, pointer
from .game import Game

__all__ = [
    "Jump",
    "ScoreRow",
    "category_label",
    "failing_finding",
    "findings_at",
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
    return [f for f in game.report.findings if below(f.loc, pointer("deals", deal))]


def failing_finding(game: Game, deal: int, move: int) -> Finding | None:
    """The error about the record's next move at this position, if any.

    That is the position an invalid record opens at: the move the record
    plays next is illegal (or cannot be read).
    """
    loc = game.positions[deal][move].loc
    if move_at(loc) is None:
        return None
    for finding in game.report.findings:
        if finding.severity == "error" and below(finding.loc, loc):
            return finding
    return None


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


def category_label(category: str, t: Translator = ENGLISH) -> str:
    """A scoring category in words (:data:`~casino_records.engine.scoring.CHECK_LABELS`
    in ``t``'s language): ``most cards``, ``deal points`` …"""
    labels = {
        "points.most_cards": t.pgettext("scoring category", "most cards"),
        "points.most_spades": t.pgettext("scoring category", "most spades"),
        "points.big_casino": t.pgettext("scoring category", "Big Casino"),
        "points.little_casino": t.pgettext("scoring category", "Little Casino"),
        "points.aces": t.pgettext("scoring category", "aces"),
        "points.sweeps": t.pgettext("scoring category", "sweep points"),
        "total": t.pgettext("scoring category", "deal points"),
        "counts.cards": t.pgettext("scoring category", "cards taken"),
        "counts.spades": t.pgettext("scoring category", "spades taken"),
        "counts.sweeps": t.pgettext("scoring category", "sweeps made"),
    }
    return labels.get(category, CHECK_LABELS.get(category, category))


def score_rows(game: Game, deal: int, t: Translator = ENGLISH) -> list[ScoreRow]:
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
                    label=category_label(category, t),
                    computed=value,
                    claimed=None if check is None else check.claimed,
                    loc="" if check is None else check.loc,
                )
            )
    return rows
