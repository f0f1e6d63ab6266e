"""What a replay returns: the report, the positions kept for viewers, the states.

:class:`Kept` keeps a deal's positions as its walk goes (before each move and
at the end); :mod:`casino_records.check.replay` makes the :class:`Replay`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.match import MatchState
from ..engine.moves import Step
from ..engine.state import DealState
from ..record.format.pointer import deal_pointer, move_pointer
from .report import ReplayReport
from .walk import DealWalk

__all__ = ["Kept", "Replay", "ReplayPosition"]


@dataclass(frozen=True, slots=True)
class ReplayPosition:
    """A position of a deal: before move ``index`` (or after the last move)."""

    deal: int
    """0-based deal index."""
    index: int
    """Moves of this deal played before this position."""
    loc: str
    """JSON pointer of the next move, or of the deal at its end."""
    state: DealState
    """An independent copy of the engine state (hands, table, piles, turn)."""
    totals: tuple[int, ...]
    """Match totals at the start of this deal."""
    last: Step | None
    """The move that led here, if any."""
    last_loc: str = ""
    """JSON pointer of that move."""

    @property
    def round(self) -> int:
        """0-based round."""
        return self.state.round

    @property
    def finished(self) -> bool:
        """True at the end of the deal."""
        return self.state.finished


@dataclass(slots=True)
class Replay:
    """The result of replaying a record."""

    report: ReplayReport
    """What the replay found (the verdict: ``report.status``)."""
    positions: list[list[ReplayPosition]] = field(default_factory=list)
    """Per deal, every position (only with ``positions=True``)."""
    states: list[DealState | None] = field(default_factory=list)
    """Per deal replayed, the engine state where its replay stopped (the end of a
    finished deal: piles, sweeps, residue, the log); ``None`` where the deal's
    cards could not be read. Kept by reference, at no cost."""
    match: MatchState | None = None
    """The match after the last deal scored (totals, winner, play-on), to go on
    from; None when a deal could not be scored, so the totals are unknowable."""


class Kept:
    """The positions of one deal kept for viewers, before each move and at its end."""

    def __init__(self, deal: int, totals: tuple[int, ...]) -> None:
        self.deal = deal
        self.totals = totals
        self.positions: list[ReplayPosition] = []
        self.last: Step | None = None
        self.last_loc = ""

    def before(self, walk: DealWalk, r: int, k: int) -> None:
        """Keep the position before move ``k`` of round ``r``."""
        self.keep(walk, move_pointer(self.deal, r, k))

    def played(self, walk: DealWalk, step: Step) -> None:
        """Note the move just played, for the next position."""
        self.last = step
        self.last_loc = walk.place(step).pointer

    def end(self, walk: DealWalk) -> list[ReplayPosition]:
        """The positions, with the one where the walk ended."""
        self.keep(walk, deal_pointer(self.deal))
        return self.positions

    def keep(self, walk: DealWalk, loc: str) -> None:
        """Keep the position the walk is at, named ``loc`` (its hands as far as known)."""
        state = walk.state
        shown = state.copy() if walk.unseen is None else walk.unseen.shown(state)
        position = ReplayPosition(
            self.deal,
            state.moves_played,
            loc,
            shown,
            self.totals,
            self.last,
            self.last_loc,
        )
        self.positions.append(position)
