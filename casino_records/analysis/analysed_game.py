"""A record replayed for analysis: its positions, moves, contexts and work units.

:class:`AnalysedGame` replays a record once (through :func:`~casino_records.check.replay.replay`)
and analyses one :class:`Unit` at a time: a single estimated move, or the exact
tail of a deal (solved together, so one transposition table serves it). A unit's
result depends only on the record, the settings and the unit, never on which
process computed it or what it computed before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..check.replay import ReplayPosition, replay
from ..engine.cards import Card
from ..engine.describe import move_text
from ..engine.match import MatchState
from ..engine.movegen import generate_legal_moves
from ..engine.moves import Move
from ..engine.scoring import score_piles
from ..engine.seating import HAND_SIZE, Seating
from ..engine.state import DealState
from ..record.format.models import GameRecord
from ..record.format.translate import to_engine
from .estimate import derive_seed, estimate_moves, paired
from .game_analysis import Alternative, AnalysisSettings, MoveAnalysis
from .marks import mark_for
from .sampler import NoConsistentDeal, WorldSampler
from .solver import ExactSolver
from .value import DealContext, DealEnd

__all__ = ["AnalysedGame", "Ends", "Unit", "UnitResult"]


@dataclass(frozen=True, slots=True)
class Unit:
    """A piece of work: moves of one deal, solved exactly or estimated."""

    deal: int
    indexes: tuple[int, ...]
    """Move indexes within the deal."""
    exact: bool


Ends = dict[str, tuple[DealEnd, ...]]
"""Where each sampled play-out of a move ended, by the move's text: the moves
valued no lower than the one played (what "could I have won" asks about)."""


@dataclass(frozen=True, slots=True)
class UnitResult:
    """What analysing a unit gives."""

    moves: list[MoveAnalysis]
    note: str = ""
    """Why some of the unit's moves could not be analysed, if they could not."""
    ends: dict[int, Ends] = field(default_factory=dict)
    """The sampled ends of each estimated move, by its index in the deal."""


@dataclass(slots=True)
class _Deal:
    positions: list[ReplayPosition]
    moves: list[Move]
    texts: list[str]
    context: DealContext
    round_starts: dict[int, int]
    """The move index of each round's first move."""
    later_hands: dict[int, list[list[Card]]]


class AnalysedGame:
    """The record's deals as the analysis needs them."""

    def __init__(self, record: GameRecord, settings: AnalysisSettings) -> None:
        self.record = record
        self.settings = settings
        self.names = [player.name for player in record.players]
        self.report = replay(record, positions=True)
        self.deals: dict[int, _Deal] = {}
        self.notes: dict[int, str] = {}
        rules = record.rules.effective()
        self.seating = Seating.create(rules, len(record.players), record.teams)
        match = MatchState(rules, self.seating.sides)
        kept = {
            positions[0].deal: positions
            for positions in self.report.positions
            if positions
        }
        for d, deal in enumerate(record.deals):
            positions = kept.get(d)
            context = DealContext(rules, tuple(match.totals), match.play_on)
            if positions is None:
                self.notes[d] = "not analysed: the deal's cards are not known"
            else:
                moves = [to_engine(m) for r in deal.rounds for m in r.moves]
                self.deals[d] = self._deal(positions, moves, context)
                if len(positions) - 1 < len(moves):
                    self.notes[d] = (
                        f"moves after move {len(positions)} not analysed:"
                        " the replay stopped there"
                    )
            state = self.report.states[d] if d < len(self.report.states) else None
            if state is None or not state.finished:
                break
            scores = score_piles(
                rules, state.piles, state.sweeps, match.totals, match.play_on
            )
            match.settle(scores, state.sweeps)

    def _deal(
        self, positions: list[ReplayPosition], moves: list[Move], context: DealContext
    ) -> _Deal:
        round_starts: dict[int, int] = {}
        later: dict[int, list[list[Card]]] = {}
        for position in positions:
            state = position.state
            if not state.finished and state.round not in round_starts:
                round_starts[state.round] = position.index
                later[state.round] = [list(hand) for hand in state.hands]
        texts = [move_text(move, pretty=False) for move in moves]
        return _Deal(positions, moves, texts, context, round_starts, later)

    # --- the work ----------------------------------------------------------------

    def units(self) -> list[Unit]:
        """Every unit of work, in record order."""
        units: list[Unit] = []
        per_deal = self.seating.rounds * self.seating.players * HAND_SIZE
        for d, deal in self.deals.items():
            played = len(deal.positions) - 1
            exact: list[int] = []
            for i in range(played):
                if per_deal - i <= self.settings.exact_moves and self._hands_known(
                    deal, i
                ):
                    exact.append(i)
                else:
                    units.append(Unit(d, (i,), exact=False))
            if exact:
                units.append(Unit(d, tuple(exact), exact=True))
        return units

    def _hands_known(self, deal: _Deal, index: int) -> bool:
        here = deal.positions[index].state.round
        return all(r in deal.later_hands for r in range(here, self.seating.rounds))

    def run(self, unit: Unit) -> UnitResult:
        """Analyse ``unit``: its moves, and a note if some could not be."""
        deal = self.deals[unit.deal]
        if unit.exact:
            return UnitResult(self._exact(unit.deal, deal, unit.indexes))
        i = unit.indexes[0]
        try:
            move, ends = self._estimated(unit.deal, deal, i)
        except NoConsistentDeal as exc:
            return UnitResult([], f"move {i + 1} not estimated: {exc}")
        return UnitResult([move], ends={i: ends})

    def _exact(self, d: int, deal: _Deal, indexes: Sequence[int]) -> list[MoveAnalysis]:
        solvers: dict[int, ExactSolver] = {}
        out = []
        for i in indexes:
            here = deal.positions[i].state
            side = self.seating.side_of[here.turn]
            solver = solvers.get(side)
            if solver is None:
                solver = solvers[side] = ExactSolver(
                    deal.context, side, deal.later_hands
                )
            before = solver.nodes
            values = solver.move_values(here)
            played = deal.moves[i]
            points = solver.final_points(solver.child(here, played))
            rows = [(move, value, 0.0) for move, value in values]
            out.append(
                self._analysis(
                    d, deal, i, "exact", rows, 0.0, points, 0, solver.nodes - before
                )
            )
        return out

    def sampler(self, d: int, i: int) -> WorldSampler:
        """The sampler of the unseen cards before move ``i`` of deal ``d``."""
        deal = self.deals[d]
        here = deal.positions[i].state
        start = deal.round_starts[here.round]
        return WorldSampler(deal.positions[start].state, deal.moves[start:i], here)

    def position(self, d: int, i: int) -> DealState:
        """The position before move ``i`` of deal ``d`` (not to be changed)."""
        return self.deals[d].positions[i].state

    def _estimated(self, d: int, deal: _Deal, i: int) -> tuple[MoveAnalysis, Ends]:
        here = deal.positions[i].state
        sampler = self.sampler(d, i)
        legal = generate_legal_moves(here)
        settings = self.settings
        seed = derive_seed(settings.seed, d, i)
        played = legal.index(deal.moves[i])
        estimates, nodes = estimate_moves(
            sampler,
            legal,
            deal.context,
            settings.samples,
            seed,
            played,
            (settings.inaccuracy, settings.mistake, settings.blunder),
            settings.significance,
        )
        samples = len(estimates[played].values)
        # The best move is one sampled to the end: the others were dropped as
        # clearly worse than the leading move.
        best = max(
            (k for k, e in enumerate(estimates) if len(e.values) == samples),
            key=lambda k: (estimates[k].mean, k == played),
        )
        loss_stderr = paired(estimates[best].values, estimates[played].values)[1]
        rows = [(e.move, e.mean, e.stderr) for e in estimates]
        points = estimates[played].points
        floor = estimates[played].mean
        ends = {
            move_text(e.move, pretty=False): e.ends
            for e in estimates
            if e is estimates[played] or e.mean >= floor
        }
        analysis = self._analysis(
            d,
            deal,
            i,
            "estimated",
            rows,
            loss_stderr,
            points,
            samples,
            nodes,
            deal.moves[i] if best == played else legal[best],
        )
        return analysis, ends

    def _analysis(
        self,
        d: int,
        deal: _Deal,
        i: int,
        method: str,
        rows: list[tuple[Move, float, float]],
        loss_stderr: float,
        points: Sequence[float],
        samples: int,
        nodes: int,
        best: Move | None = None,
    ) -> MoveAnalysis:
        """:param best: the best move (by default the first of the highest value,
        the played one on a tie)."""
        played = deal.moves[i]
        played_value = next(value for move, value, _ in rows if move == played)
        ranked = sorted(rows, key=lambda row: -row[1])
        if best is None:
            best = played if played_value >= ranked[0][1] else ranked[0][0]
        best_value = next(value for move, value, _ in rows if move == best)
        loss = best_value - played_value
        settings = self.settings
        # One sample has no standard error: its loss cannot be shown significant.
        mark = (
            ""
            if method == "estimated" and samples < 2
            else mark_for(
                loss,
                loss_stderr,
                (settings.inaccuracy, settings.mistake, settings.blunder),
                settings.significance,
            )
        )
        position = deal.positions[i]
        return MoveAnalysis(
            deal=d,
            index=i,
            loc=position.loc,
            round=position.state.round,
            seat=played.seat,
            player=self.names[played.seat],
            method="exact" if method == "exact" else "estimated",
            played=deal.texts[i],
            played_value=played_value,
            best=deal.texts[i] if best is played else move_text(best, pretty=False),
            best_value=best_value,
            loss=loss,
            loss_stderr=loss_stderr,
            mark=mark,
            points=tuple(float(p) for p in points),
            alternatives=[
                Alternative(move_text(move, pretty=False), value, stderr)
                for move, value, stderr in ranked
            ],
            samples=samples,
            nodes=nodes,
        )
