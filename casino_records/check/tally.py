"""What a replay found, as plain objects: the report models are built from it on demand.

The replay (:mod:`.replay`) writes its results here rather than into the pydantic
models of :mod:`.report`, so that a good record checked by ``validate`` (which
needs only the verdict) never imports pydantic; :meth:`ReplayTally.report`
builds the :class:`~casino_records.check.report.ReplayReport` the first time
anything asks for it, with the same values the replay would have put in it.
Findings and pending checks are report models already: only a record with
something to report makes them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.match import MatchState
from ..engine.scoring import SideScore
from .scorecheck import ScoreCheck

if TYPE_CHECKING:
    from .report import DealReport, Finding, MatchReport, PendingCheck, ReplayReport

__all__ = ["DealTally", "Figure", "MatchTally", "ReplayTally", "verdict"]

Figure = tuple[str, str, int, int, int]
"""A claimed figure checked: the fields of its :class:`ScoreCheck`, in order."""


def verdict(valid: bool, disputed: bool) -> str:
    """A replay's status: ``invalid``, else ``disputed``, else ``ok``."""
    if not valid:
        return "invalid"
    return "disputed" if disputed else "ok"


class DealTally:
    """A replayed deal (the fields of a ``DealReport``; sides as engine scores)."""

    __slots__ = (
        "_checks",
        "complete",
        "dealer",
        "figures",
        "index",
        "last_capture",
        "loc",
        "match_note",
        "moves",
        "near_target",
        "pending",
        "residue",
        "residue_side",
        "sides",
        "totals_before",
        "unseen",
    )

    def __init__(self, index: int, loc: str, dealer: int) -> None:
        self.index = index
        self.loc = loc
        self.dealer = dealer
        self.moves = 0
        self.complete = False
        self.sides: list[tuple[SideScore, str, int]] = []
        """Per side: its score, its name and its match total after the deal."""
        self.residue: list[str] = []
        self.residue_side: int | None = None
        self.last_capture = ""
        self.figures: list[Figure] = []
        """The claimed figures checked; :attr:`checks` makes them objects."""
        self._checks: list[ScoreCheck] | None = None
        self.match_note = ""
        self.unseen: list[int] = []
        self.pending: list[PendingCheck] = []
        self.totals_before: list[int] = []
        self.near_target: list[int] = []

    @property
    def checks(self) -> list[ScoreCheck]:
        """A :class:`ScoreCheck` per claimed figure (made on first use: the
        verdict of a good record needs none)."""
        if self._checks is None:
            self._checks = [ScoreCheck(*figure) for figure in self.figures]
        return self._checks

    def report(self) -> DealReport:
        """The ``DealReport`` of this deal."""
        from .report import DealReport, SideReport

        report = DealReport(
            index=self.index,
            loc=self.loc,
            dealer=self.dealer,
            moves=self.moves,
            complete=self.complete,
        )
        report.sides = [SideReport.of(*side) for side in self.sides]
        report.residue = self.residue
        report.residue_side = self.residue_side
        report.last_capture = self.last_capture
        report.checks = self.checks
        report.match_note = self.match_note
        report.unseen = self.unseen
        report.pending = self.pending
        report.totals_before = self.totals_before
        report.near_target = self.near_target
        return report


class MatchTally:
    """The match as it stood at the end of a replay (the fields of a ``MatchReport``)."""

    __slots__ = ("checks", "finished", "reason", "target", "totals", "winner")

    def __init__(self, match: MatchState) -> None:
        decisions = match.decisions
        self.totals = list(match.totals)
        self.winner = match.winner
        self.finished = match.over
        self.reason = decisions[-1].reason if decisions else "no deal finished"
        self.target = match.rules.target_score
        self.checks: list[ScoreCheck] = []

    def report(self) -> MatchReport:
        """The ``MatchReport`` of the match."""
        from .report import MatchReport

        report = MatchReport(
            totals=self.totals,
            winner=self.winner,
            finished=self.finished,
            reason=self.reason,
            target=self.target,
        )
        report.checks = self.checks
        return report


class ReplayTally:
    """Everything a replay found about one record (the fields of a ``ReplayReport``)."""

    __slots__ = (
        "_report",
        "deals",
        "disputed",
        "findings",
        "id",
        "match",
        "moves_checked",
        "players",
        "preset",
        "sides",
        "source",
        "valid",
    )

    def __init__(
        self, id: str | None, source: str, preset: str, players: list[str]
    ) -> None:
        self.id = id
        self.source = source
        self.preset = preset
        self.players = players
        self.sides: list[str] = []
        self.valid = True
        self.disputed = False
        self.moves_checked = 0
        self.findings: list[Finding] = []
        self.deals: list[DealTally] = []
        self.match: MatchTally | None = None
        self._report: ReplayReport | None = None

    @property
    def status(self) -> str:
        """``ok``, ``disputed`` or ``invalid`` (as ``ReplayReport.status``)."""
        return verdict(self.valid, self.disputed)

    def report(self) -> ReplayReport:
        """The ``ReplayReport``, built on the first call; the same object after."""
        if self._report is None:
            from .report import ReplayReport

            report = ReplayReport(
                id=self.id,
                source=self.source,
                preset=self.preset,
                players=self.players,
                valid=self.valid,
                disputed=self.disputed,
                moves_checked=self.moves_checked,
            )
            report.sides = self.sides
            report.findings = self.findings
            report.deals = [deal.report() for deal in self.deals]
            report.match = None if self.match is None else self.match.report()
            self._report = report
        return self._report
