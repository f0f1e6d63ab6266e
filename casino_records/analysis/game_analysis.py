"""The analysis of a game as data: per move, per deal, per player.

Plain dataclasses, serialisable as they are (``orjson`` writes dataclasses), so
``analyse --format json`` prints exactly these fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal, TypeAlias

__all__ = [
    "DEFAULT_EXACT_MOVES",
    "FIRST_SAMPLES",
    "AnalysisSettings",
    "Alternative",
    "CouldWin",
    "DealAnalysis",
    "GameAnalysis",
    "Method",
    "MoveAnalysis",
    "Par",
    "PlayerLoss",
    "Turnaround",
]

DEFAULT_EXACT_MOVES: Final = 8
"""Moves at the end of a deal solved exactly: the whole last round of a
two-player deal, the last two or three turns around a larger table (the default
of ``analyse`` and ``puzzles``)."""

FIRST_SAMPLES: Final = 30
"""Samples every estimated move gets before sampling may stop early (see
:mod:`casino_records.analysis.estimate`)."""

Method: TypeAlias = Literal["exact", "estimated"]
"""How a move's values were found: solved with every card known, or sampled."""


@dataclass(frozen=True, slots=True)
class AnalysisSettings:
    """What an analysis was asked to do; the same settings give the same analysis."""

    samples: int
    """Sampled deals per estimated move, at most (see :attr:`up_to`)."""
    seed: str
    """The seed every random choice is derived from."""
    exact_moves: int
    """Moves at the end of each deal solved exactly (every card known)."""
    inaccuracy: float
    """Points lost from which a move is marked ``?!``."""
    mistake: float
    """Points lost from which a move is marked ``?``."""
    blunder: float
    """Points lost from which a move is marked ``??``."""
    significance: float
    """An estimated loss is marked only if it is this many standard errors."""
    value: str
    """What a move's value is, in words."""
    policy: str
    """How sampled deals are played out, in words."""

    @property
    def up_to(self) -> str:
        """``"up to "`` when sampling may stop before :attr:`samples`, else ``""``
        (for the texts that say how many samples a move got)."""
        return "up to " if self.samples > FIRST_SAMPLES else ""


@dataclass(frozen=True, slots=True)
class Alternative:
    """One legal move and its value for the mover."""

    move: str
    """The move in words (``9D takes 4S 5D``)."""
    value: float
    """Its value: the mover's side's expected points minus the others' (see
    :mod:`casino_records.analysis.value`)."""
    stderr: float
    """The standard error of ``value`` (0 when exact)."""


@dataclass(slots=True)
class MoveAnalysis:
    """How good one move was."""

    deal: int
    """0-based deal index."""
    index: int
    """0-based move index within the deal."""
    loc: str
    """JSON pointer of the move in the record."""
    round: int
    """0-based round."""
    seat: int
    """The mover's seat."""
    player: str
    """The mover's name."""
    method: Method
    """``exact`` or ``estimated``."""
    played: str
    """The move played, in words."""
    played_value: float
    """Its value for the mover."""
    best: str
    """The best move (the played one when it is among the best)."""
    best_value: float
    """Its value for the mover."""
    loss: float
    """``best_value - played_value``: points the move gave away (0 at best)."""
    loss_stderr: float
    """Standard error of ``loss`` (0 when exact)."""
    mark: str
    """``""``, ``?!``, ``?`` or ``??`` (see :mod:`casino_records.analysis.marks`)."""
    points: tuple[float, ...]
    """Each side's expected points of the deal after the move played."""
    alternatives: list[Alternative]
    """Every legal move, best first."""
    samples: int = 0
    """Sampled deals used (0 when exact)."""
    nodes: int = 0
    """Positions the search or the play-outs visited for this move."""


@dataclass(frozen=True, slots=True)
class PlayerLoss:
    """A player's average loss per move."""

    seat: int
    name: str
    moves: int
    """Moves analysed."""
    average_loss: float
    """Mean points lost per move (0 with no move)."""
    marks: dict[str, int] = field(default_factory=dict)
    """How many moves got each mark."""
    error_rate: float = 0.0
    """The share of the moves analysed that got a mark (``?!``, ``?`` or
    ``??``), from 0 to 1 (0 with no move)."""


@dataclass(frozen=True, slots=True)
class Turnaround:
    """A different choice of a side's own that changes its result (see
    :mod:`casino_records.analysis.could_win`)."""

    deal: int
    """0-based deal index of the move."""
    index: int
    """0-based move index within the deal."""
    loc: str
    """JSON pointer of the move in the record."""
    player: str
    """Who played the move."""
    played: str
    """The move played, in words."""
    better: str
    """The choice that changes the result, in words."""
    result: str
    """The result it reaches, in words (``won the deal``, ``won the match``)."""
    gain: float
    """Its value minus the played move's, in points (the analysis' values)."""
    method: Method
    """``exact`` (every card known, best play after) or ``estimated`` (sampled)."""
    points: tuple[float, ...]
    """Each side's points of the deal with the better choice: on a line of best
    play (exact), or the mean over the samples (estimated)."""
    share: float
    """The share of the samples in which the better choice reaches a better
    result than the one recorded (1 when exact)."""
    played_share: float
    """The same share for the move played (0 when exact)."""
    share_stderr: float
    """The standard error of ``share - played_share`` (0 when exact)."""
    samples: int = 0
    """Sampled deals (0 when exact)."""


@dataclass(slots=True)
class CouldWin:
    """Could a side have changed its result of a deal or of the match?"""

    side: int
    name: str
    """The side's name."""
    scope: Literal["deal", "match"]
    result: str
    """The result as recorded, in words (``lost the deal 4–7``)."""
    turnarounds: list[Turnaround] = field(default_factory=list)
    """The moves whose other choice changes the result, the surest first;
    empty: no single move of the side's changes it."""
    note: str = ""
    """Why it was not asked (the best result was reached, the deal unfinished)."""


@dataclass(frozen=True, slots=True)
class Par:
    """A deal's par from the start of one round: what each side would reach
    playing perfectly from there (see :mod:`casino_records.analysis.par`)."""

    round: int
    """0-based round."""
    index: int
    """The move index of the round's first move."""
    method: Method
    """``exact`` (solved, every card known) or ``estimated`` (sampled)."""
    values: tuple[float, ...]
    """Each side's par value: its points minus the others' mean at the deal's end."""
    stderrs: tuple[float, ...]
    """The standard error of each value (0 when exact)."""
    points: tuple[float, ...]
    """Each side's points at par: on a line of best play (exact), or the mean
    points of the samples after the best move (estimated)."""
    played_values: tuple[float, ...]
    """Each side's value as the deal was played."""
    played_points: tuple[int, ...]
    """Each side's points as the deal was played."""
    played_minus_par: tuple[float, ...]
    """Each side's played value minus its par value: below 0, what the play
    from the round's start cost the side."""


@dataclass(slots=True)
class DealAnalysis:
    """One deal's moves, analysed."""

    index: int
    """0-based deal index."""
    moves: list[MoveAnalysis] = field(default_factory=list)
    players: list[PlayerLoss] = field(default_factory=list)
    note: str = ""
    """Why some or all moves were not analysed, if so."""
    could_win: list[CouldWin] = field(default_factory=list)
    """Each side: could a different choice of its own have changed its result?"""
    par: list[Par] = field(default_factory=list)
    """The deal's par from the start of each round analysed."""


@dataclass(slots=True)
class GameAnalysis:
    """A whole record, analysed."""

    id: str | None
    source: str
    players: list[str]
    sides: list[str]
    """Each side's name."""
    settings: AnalysisSettings
    deals: list[DealAnalysis] = field(default_factory=list)
    totals: list[PlayerLoss] = field(default_factory=list)
    """Each player's average over the match."""
    could_win: list[CouldWin] = field(default_factory=list)
    """Each side: could a different choice in any deal have changed the match?"""

    @property
    def moves(self) -> list[MoveAnalysis]:
        """Every move analysed, in order."""
        return [move for deal in self.deals for move in deal.moves]

    @property
    def nodes(self) -> int:
        """Positions visited over the whole analysis."""
        return sum(move.nodes for move in self.moves)
