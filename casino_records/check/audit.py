"""The claimed-versus-computed audit: every claimed figure checked, every difference explained.

For each difference the audit names the moves that decided the category: who
captured Big Casino at which move, where the last capture was (it took the
residue), which captures were sweeps.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ..engine.cards import BIG_CASINO, LITTLE_CASINO, Card, Suit
from ..engine.describe import move_text, plural
from ..engine.match import MatchState
from ..engine.moves import MoveKind, Step
from ..engine.scoring import CATEGORIES, SideScore
from ..engine.state import DealState
from ..record.pointer import move_place
from ..record.shape import DealShape as Deal
from ..record.shape import RecordShape
from .scorecheck import ScoreCheck
from .tally import Figure, MatchTally

if TYPE_CHECKING:  # the report models are built only when there is something to report
    from ..record.models import ClaimedSide
    from ..record.plain import PlainClaimedSide
    from .report import DecidingMove, Finding

__all__ = ["DecidingMoves", "audit_deal", "audit_match", "move_loc"]

_LABELS: Final = {
    "most_cards": "most cards",
    "most_spades": "most spades",
    "big_casino": "Big Casino",
    "little_casino": "Little Casino",
    "aces": "aces",
    "sweeps": "sweeps",
}


def move_loc(d: int, deal: Deal, index: int) -> str:
    """The JSON pointer of move ``index`` (0-based, counted over the whole deal)."""
    for r, round_ in enumerate(deal.rounds):
        if index < len(round_.moves):
            return f"/deals/{d}/rounds/{r}/moves/{index}"
        index -= len(round_.moves)
    return ""


class DecidingMoves:
    """Finds the moves behind a deal's categories (who took what, where)."""

    def __init__(
        self,
        d: int,
        deal: Deal,
        state: DealState,
        names: Sequence[str],
    ) -> None:
        self.d = d
        self.deal = deal
        self.state = state
        self.names = names
        self.origin: dict[Card, Step] = {}
        for step in state.log:
            if step.kind is MoveKind.CAPTURE:
                for card in (step.move.card, *step.taken):
                    self.origin[card] = step
        captures = [s for s in state.log if s.kind is MoveKind.CAPTURE]
        self.last_capture = captures[-1] if captures else None

    def step(self, step: Step, why: str) -> DecidingMove:
        """The move ``step`` as a deciding move, with what it decided."""
        name = self.names[step.move.seat]
        where = (
            f"{move_place(self.d, step.index + 1, step.round)}:"
            f" {name} (seat {step.move.seat}) {move_text(step.move)}"
        )
        loc = move_loc(self.d, self.deal, step.index)
        from .report import DecidingMove

        return DecidingMove(loc=loc, where=where, why=why)

    def residue(self, prefix: str = "") -> DecidingMove:
        """The residue (R11.1), optionally after what it held that matters."""
        side = self.state.residue_side
        taker = "nobody" if side is None else f"side {side}"
        cards = self.state.residue
        spades = sum(1 for c in cards if c.suit is Suit.SPADES)
        went = (
            f"the residue, {plural(len(cards), 'card')} ({plural(spades, 'spade')}),"
            f" went to {taker}"
        )
        from .report import DecidingMove

        return DecidingMove(
            loc=f"/deals/{self.d}",
            where=f"deal {self.d + 1}, end of the deal",
            why=f"{prefix}; {went}" if prefix else went,
        )

    def card(self, card: Card, what: str) -> list[DecidingMove]:
        """The capture that took ``card``, or the residue that held it."""
        step = self.origin.get(card)
        if step is not None:
            return [self.step(step, f"captured {what} ({card.pretty})")]
        if card in self.state.residue:
            return [self.residue(f"{what} ({card.pretty}) was left on the table")]
        return []

    def last(self) -> list[DecidingMove]:
        """The last capture and the residue it took: they decide cards and spades."""
        found = []
        if self.last_capture is not None:
            found.append(
                self.step(self.last_capture, "the last capture: it took the residue")
            )
        if self.state.residue:
            found.append(self.residue())
        return found

    def category(self, category: str) -> list[DecidingMove]:
        """The moves that decided ``category`` of the deal."""
        if category in ("most_cards", "cards", "most_spades", "spades"):
            return self.last()
        if category == "big_casino":
            return self.card(BIG_CASINO, "Big Casino")
        if category == "little_casino":
            return self.card(LITTLE_CASINO, "Little Casino")
        if category == "aces":
            aces = [c for c in self.origin if c.is_ace] + [
                c for c in self.state.residue if c.is_ace
            ]
            return [m for ace in sorted(aces) for m in self.card(ace, "an ace")]
        if category == "sweeps":
            return [
                self.step(s, "a sweep: it emptied the table")
                for s in self.state.log
                if s.sweep
            ]
        unique: dict[str, DecidingMove] = {}
        for name in CATEGORIES:
            for move in self.category(name):
                seen = unique.get(move.loc)
                if seen is None:
                    unique[move.loc] = move
                elif move.why not in seen.why:
                    why = f"{seen.why}; {move.why}"
                    unique[move.loc] = seen.model_copy(update={"why": why})
        return list(unique.values())


_POINT_FIGURES: Final = tuple(
    (name, f"points/{name}", f"points.{name}") for name in CATEGORIES
)
_COUNT_FIGURES: Final = tuple(
    (name, f"counts/{name}", f"counts.{name}") for name in ("cards", "spades", "sweeps")
)


_CATEGORY_OF: Final = {
    dotted: name for name, _, dotted in (*_POINT_FIGURES, *_COUNT_FIGURES)
} | {"total": "total"}
"""The category of each figure, by its dotted name."""


def _add_figures(
    figures: list[Figure],
    claimed: ClaimedSide | PlainClaimedSide,
    score: SideScore,
    side_base: str,
    k: int,
) -> None:
    """Add to ``figures`` each figure side ``k`` claims, beside the computed one
    (its pointer is ``side_base`` and the figure's suffix)."""
    points = claimed.points
    if points is not None:
        for name, suffix, dotted in _POINT_FIGURES:
            value = getattr(points, name)
            if value is not None:
                figures.append(
                    (side_base + suffix, dotted, k, value, score.points[name])
                )
    if claimed.total is not None:
        figures.append((side_base + "total", "total", k, claimed.total, score.banked))
    counts = claimed.counts
    if counts is not None:
        computed = (score.cards, score.spades, score.sweeps)
        for i, (name, suffix, dotted) in enumerate(_COUNT_FIGURES):
            value = getattr(counts, name)
            if value is not None:
                figures.append((side_base + suffix, dotted, k, value, computed[i]))


def audit_deal(
    d: int,
    deal: Deal,
    state: DealState,
    scores: Sequence[SideScore],
    names: Sequence[str],
    sides: Sequence[str],
) -> tuple[list[Figure], list[Finding]]:
    """Check deal ``d``'s claimed scores against the computed ``scores``.

    A side's claimed ``total`` is compared with the points it banked (what the
    deal added to its match total); claimed ``points`` with the points earned
    per category; ``counts`` with the cards, spades and sweeps it took.
    Returns the figures checked (see :attr:`DealTally.checks`) and the findings.
    """
    if deal.claimed is None:
        return [], []
    explain: DecidingMoves | None = None  # built only when a figure differs
    figures: list[Figure] = []
    findings: list[Finding] = []
    base = f"/deals/{d}/claimed/sides"
    claimed_sides: Sequence[ClaimedSide | PlainClaimedSide] = deal.claimed.sides
    for k, claimed in enumerate(claimed_sides):
        if k >= len(scores):
            from .report import Finding

            findings.append(
                Finding(
                    severity="error",
                    kind="structure",
                    loc=f"{base}/{k}",
                    where=f"deal {d + 1}, claimed scores",
                    message=f"claims a score for side {k}, but the game has"
                    f" {len(scores)} sides",
                )
            )
            continue
        side_base = f"{base}/{k}/"
        first = len(figures)
        _add_figures(figures, claimed, scores[k], side_base, k)
        for loc, dotted, _, value, computed in figures[first:]:
            if value != computed:
                if explain is None:
                    explain = DecidingMoves(d, deal, state, names)
                category = _CATEGORY_OF[dotted]
                label = _LABELS.get(category, category)
                note = (
                    f" ({scores[k].note})"
                    if category == "total" and scores[k].note
                    else ""
                )
                from .report import Finding

                findings.append(
                    Finding(
                        severity="dispute",
                        kind="score",
                        loc=loc,
                        where=f"deal {d + 1}, side {k} ({sides[k]}), {dotted}",
                        message=f"claimed {label} {value}, computed {computed}{note}",
                        deciding=explain.category(category),
                    )
                )
    return figures, findings


def audit_match(
    record: RecordShape, match: MatchState, report: MatchTally, sides: Sequence[str]
) -> list[Finding]:
    """Check the record's claimed match totals and winner; fill ``report.checks``."""
    claimed = record.claimed
    if claimed is None:
        return []
    findings: list[Finding] = []
    for k, value in enumerate(claimed.totals or ()):
        if k >= len(match.totals):
            break
        check = ScoreCheck(
            loc=f"/claimed/totals/{k}",
            category="totals",
            side=k,
            claimed=value,
            computed=match.totals[k],
        )
        report.checks.append(check)
        if not check.agrees:
            from .report import Finding

            findings.append(
                Finding(
                    severity="dispute",
                    kind="match",
                    loc=check.loc,
                    where=f"match total of side {k} ({sides[k]})",
                    message=f"claimed match total {value}, computed {match.totals[k]}",
                )
            )
    if claimed.winner is not None:
        computed = -1 if match.winner is None else match.winner
        check = ScoreCheck(
            loc="/claimed/winner",
            category="winner",
            side=claimed.winner,
            claimed=claimed.winner,
            computed=computed,
        )
        report.checks.append(check)
        if not check.agrees:
            who = (
                "nobody yet"
                if match.winner is None
                else f"side {computed} ({sides[computed]})"
            )
            from .report import Finding

            findings.append(
                Finding(
                    severity="dispute",
                    kind="match",
                    loc=check.loc,
                    where="the match winner",
                    message=f"claimed winner side {claimed.winner}"
                    f" ({sides[claimed.winner] if claimed.winner < len(sides) else '?'}),"
                    f" computed {who}: {report.reason}",
                )
            )
    return findings


# --- claims on a deal that was not played out (D8) ----------------------------------
