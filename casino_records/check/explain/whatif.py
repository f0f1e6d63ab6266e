"""Re-score a replayed game under "what if" changes, without replaying the play.

The moves of a record are replayed once (:func:`~casino_records.check.replay.replay`);
what a deal scores then depends only on its piles, its sweeps, the rules and the
match totals before it. A :class:`Scenario` holds exactly those, and
:func:`rescore` scores one with the engine's own functions
(:func:`~casino_records.engine.scoring.score_piles`,
:func:`~casino_records.engine.scoring.bank_points`): the explanation of a
dispute (:mod:`casino_records.check.explain.dispute`) changes a scenario the way a
counting mistake would and compares the result with the claims. Nothing here
changes what the referee computed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from ...engine.cards import Card
from ...engine.describe import side_names
from ...engine.match import CountOutItem, MatchState
from ...engine.moves import MoveKind, Step
from ...engine.rules import Rules
from ...engine.scoring import (
    CATEGORIES,
    SideScore,
    bank_points,
    near_target_band,
    score_piles,
)
from ...engine.seating import Seating
from ...engine.state import DealState
from ...record.format.claims import points_read
from ...record.format.models import ClaimedSide, GameRecord
from ...record.format.pointer import deal_pointer, move_pointer
from ..replay import Replay

__all__ = [
    "DealFacts",
    "Figures",
    "GameFacts",
    "MatchOutcome",
    "Scenario",
    "figures_of",
    "game_facts",
    "rescore",
    "run_match",
]

Figures = dict[str, int]
"""One side's figures by the names a score check gives them: ``points.<category>``,
``total`` (points banked), ``counts.cards``, ``counts.spades``, ``counts.sweeps``."""

PointsTweak = Callable[[list[dict[str, int]]], None]
"""Changes the sides' points per category in place (a mistake in scoring an item)."""
TotalsTweak = Callable[[list[int]], None]
"""Changes the sides' deal totals in place (a mistake in adding them up)."""

FIGURE_NAMES: Final = (
    *(f"points.{c}" for c in CATEGORIES),
    "total",
    "counts.cards",
    "counts.spades",
    "counts.sweeps",
)


_POINT_KEYS: Final = tuple((f"points.{c}", c) for c in CATEGORIES)


@dataclass(frozen=True, slots=True)
class Scenario:
    """Everything a deal's score depends on, once the moves are played."""

    rules: Rules
    piles: tuple[tuple[Card, ...], ...]
    """Each pile's cards (a side's; a seat's when ``fold`` is set)."""
    sweeps: tuple[tuple[int, ...], ...]
    """Each pile's sweeps, as deal move indexes in the order made."""
    totals_before: tuple[int, ...]
    """Each side's match total at the start of the deal."""
    play_on: bool
    """True after a tied finish (R13.5)."""
    unbanded: tuple[int, ...] = ()
    """Sides that bank every point they earn, whatever their total (R13.4 ignored)."""
    fold: tuple[int, ...] | None = None
    """When the piles are the seats' own, the side of each (they are scored one
    by one and their points added per side)."""
    points_tweaks: tuple[PointsTweak, ...] = ()
    totals_tweaks: tuple[TotalsTweak, ...] = ()

    def replace(self, **changes: object) -> Scenario:
        """A copy with ``changes``."""
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    def with_pile(self, side: int, cards: Sequence[Card]) -> Scenario:
        """A copy where ``side``'s pile is ``cards``."""
        piles = list(self.piles)
        piles[side] = tuple(cards)
        return self.replace(piles=tuple(piles))

    def with_sweeps(self, side: int, moves: Sequence[int]) -> Scenario:
        """A copy where ``side``'s sweeps are ``moves``."""
        sweeps = list(self.sweeps)
        sweeps[side] = tuple(sorted(moves))
        return self.replace(sweeps=tuple(sweeps))

    def tweak_points(self, tweak: PointsTweak) -> Scenario:
        """A copy whose item points are changed by ``tweak`` after scoring."""
        return self.replace(points_tweaks=(*self.points_tweaks, tweak))

    def tweak_totals(self, tweak: TotalsTweak) -> Scenario:
        """A copy whose deal totals are changed by ``tweak`` after banking."""
        return self.replace(totals_tweaks=(*self.totals_tweaks, tweak))


def rescore(scenario: Scenario, sides: int) -> list[SideScore]:
    """Score ``scenario`` with the engine's scoring, then apply its tweaks.

    Tweaked points are banked again with :func:`bank_points` (the near-target
    rule of R13.4 sees the changed items).
    """
    rules, totals = scenario.rules, scenario.totals_before
    if scenario.fold is None:
        scores = score_piles(
            rules, scenario.piles, scenario.sweeps, totals, scenario.play_on
        )
        if not (scenario.points_tweaks or scenario.totals_tweaks or scenario.unbanded):
            return scores
        scores = [dataclasses.replace(s, points=dict(s.points)) for s in scores]
    else:
        scores = _folded(scenario, sides)
    if scenario.points_tweaks or scenario.fold is not None or scenario.unbanded:
        for tweak in scenario.points_tweaks:
            tweak([s.points for s in scores])
        scores = [_banked_again(scenario, score) for score in scores]
    if scenario.totals_tweaks:
        banked = [s.banked for s in scores]
        for totals_tweak in scenario.totals_tweaks:
            totals_tweak(banked)
        scores = [
            dataclasses.replace(score, banked=value)
            for score, value in zip(scores, banked, strict=True)
        ]
    return scores


def _banked_again(scenario: Scenario, score: SideScore) -> SideScore:
    """``score`` with its (tweaked) points banked again under the near-target rule."""
    total = scenario.totals_before[score.side]
    band = near_target_band(scenario.rules, total, scenario.play_on)
    if score.side in scenario.unbanded:
        band = 0
    banked, note = bank_points(scenario.rules, score.points, total, band)
    return dataclasses.replace(score, banked=banked, note=note)


def _folded(scenario: Scenario, sides: int) -> list[SideScore]:
    """Score each seat's pile on its own and add the seats' points per side."""
    fold = scenario.fold
    assert fold is not None
    seat_totals = [scenario.totals_before[side] for side in fold]
    per_seat = score_piles(
        scenario.rules, scenario.piles, scenario.sweeps, seat_totals, scenario.play_on
    )
    scores = []
    for side in range(sides):
        seats = [s for s in per_seat if fold[s.side] == side]
        scores.append(
            SideScore(
                side=side,
                cards=sum(s.cards for s in seats),
                spades=sum(s.spades for s in seats),
                sweeps=sum(s.sweeps for s in seats),
                aces=tuple(sorted(a for s in seats for a in s.aces)),
                points={c: sum(s.points[c] for s in seats) for c in CATEGORIES},
                banked=0,
            )
        )
    return scores


def figures_of(score: SideScore) -> Figures:
    """A side's figures, named as the claims name them."""
    points = score.points
    figures = {key: points[c] for key, c in _POINT_KEYS}
    figures["total"] = score.banked
    figures["counts.cards"] = score.cards
    figures["counts.spades"] = score.spades
    figures["counts.sweeps"] = score.sweeps
    return figures


def claimed_figures(claimed: ClaimedSide) -> Figures:
    """The figures a side's claim gives: an item left off a sheet that lists
    items gives 0 (:func:`points_read`); other figures left out are not in the
    result."""
    figures: Figures = {
        f"points.{name}": value for name, value, _ in points_read(claimed.points)
    }
    if claimed.total is not None:
        figures["total"] = claimed.total
    if claimed.counts is not None:
        for name in ("cards", "spades", "sweeps"):
            value = claimed.counts.__dict__[name]
            if value is not None:
                figures[f"counts.{name}"] = value
    return figures


@dataclass(slots=True)
class DealFacts:
    """A finished deal as the explanation needs it: replayed once, re-scored often."""

    index: int
    """0-based deal index."""
    state: DealState
    """The engine state at the end of the deal (piles, sweeps, residue, log)."""
    base: Scenario
    """The deal as the rules score it."""
    scores: list[SideScore]
    """The computed scores (what the replay reported)."""
    move_locs: list[str]
    """JSON pointer of each move, by move index within the deal."""
    claimed: list[Figures] | None
    """Each side's claimed figures, if the deal has claims."""

    @property
    def loc(self) -> str:
        """JSON pointer of the deal."""
        return deal_pointer(self.index)

    @property
    def captures(self) -> list[Step]:
        """The deal's captures, in order."""
        return [s for s in self.state.log if s.kind is MoveKind.CAPTURE]

    @property
    def last_capture(self) -> Step | None:
        """The deal's last capture (it took the residue, R11.1)."""
        captures = self.captures
        return captures[-1] if captures else None

    def differing(self) -> set[tuple[int, str]]:
        """(side, figure) of every claimed figure that differs from the computed one."""
        if self.claimed is None:
            return set()
        return {
            (side, name)
            for side, claims in enumerate(self.claimed)
            if side < len(self.scores)
            for name, value in claims.items()
            if figures_of(self.scores[side])[name] != value
        }


@dataclass(slots=True)
class MatchOutcome:
    """What a match came to: totals, winner and the decision of its last deal."""

    totals: tuple[int, ...]
    winner: int | None
    reason: str
    count_out_item: CountOutItem | None = None
    decided_in: int | None = None
    """0-based deal in which the winner was decided."""


@dataclass(slots=True)
class GameFacts:
    """A replayed game, ready to be re-scored deal by deal and as a match."""

    record: GameRecord
    rules: Rules
    seating: Seating
    names: tuple[str, ...]
    """Player names by seat."""
    sides: tuple[str, ...]
    """Side names."""
    deals: list[DealFacts]
    """The finished deals whose scores count, in order."""
    tail: DealState | None
    """The state where play stopped after the last finished deal, if any (an
    unfinished last deal, or one ended by an immediate win)."""
    outcome: MatchOutcome
    """The match as the rules decide it."""
    claimed_totals: tuple[int, ...] | None
    claimed_winner: int | None

    def side_of(self, seat: int) -> int:
        """The side a seat plays for."""
        return self.seating.side_of[seat]

    def side_name(self, side: int | None) -> str:
        """A side's name, ``nobody`` for ``None``."""
        return "nobody" if side is None else self.sides[side]

    def match_differs(self) -> bool:
        """True when a claimed match total or winner differs from the computed one."""
        return bool(self.match_claims_differing(self.outcome))

    def match_claims_differing(self, outcome: MatchOutcome) -> list[str]:
        """The match claims (``totals/<k>``, ``winner``) that ``outcome`` contradicts."""
        differing = []
        for k, value in enumerate(self.claimed_totals or ()):
            if k < len(outcome.totals) and outcome.totals[k] != value:
                differing.append(f"totals/{k}")
        if self.claimed_winner is not None:
            winner = -1 if outcome.winner is None else outcome.winner
            if winner != self.claimed_winner:
                differing.append("winner")
        return differing


DealScorer = Callable[[DealFacts, tuple[int, ...], bool], list[SideScore]]
"""Scores a deal given the match totals before it and the play-on flag."""


def truth_scorer(
    facts: DealFacts, totals: tuple[int, ...], play_on: bool
) -> list[SideScore]:
    """The deal as the rules score it, from the given totals."""
    return rescore(
        facts.base.replace(totals_before=totals, play_on=play_on), len(totals)
    )


def run_match(
    game: GameFacts,
    scorer: DealScorer = truth_scorer,
    rules: Rules | None = None,
    order: Callable[[list[CountOutItem]], list[CountOutItem]] | None = None,
) -> MatchOutcome:
    """Play the match again from the deals' scores (the moves are not replayed).

    :param scorer: how each deal is scored (the rules', or a mistake's).
    :param rules: the match rules (count-out, target …), the game's by default.
    :param order: a count-out order other than R13.3's.
    """
    rules = rules or game.rules
    match = MatchState(rules, game.seating.sides, count_out_order=order)
    decided_in: int | None = None
    for facts in game.deals:
        if match.over:
            break
        scores = scorer(facts, tuple(match.totals), match.play_on)
        match.settle(scores, facts.base.sweeps)
        if match.over:
            decided_in = facts.index
    tail = game.tail
    if (
        tail is not None
        and not match.over
        and rules.near_target_immediate_win
        and tail.log
        and tail.log[-1].kind is MoveKind.CAPTURE
    ):
        last = tail.log[-1]
        taken = (last.move.card, *last.taken)
        if match.immediate_win(game.side_of(last.move.seat), taken) is not None:
            decided_in = len(game.deals)
    decision = match.decisions[-1] if match.decisions else None
    return MatchOutcome(
        totals=tuple(match.totals),
        winner=match.winner,
        reason=decision.reason if decision else "no deal finished",
        count_out_item=decision.count_out_item if decision else None,
        decided_in=decided_in,
    )


def game_facts(record: GameRecord, replayed: Replay) -> GameFacts | None:
    """Everything needed to re-score ``record``'s deals and match.

    ``None`` when the record is invalid (an explanation needs a legal game) or
    no deal was scored.
    """
    report = replayed.report
    if not report.valid or report.match is None:
        return None
    rules = record.rules.effective()
    seating = Seating.create(rules, len(record.players), record.teams)
    names = tuple(p.name for p in record.players)
    match = MatchState(rules, seating.sides)
    deals: list[DealFacts] = []
    tail: DealState | None = None
    for d, state in enumerate(replayed.states):
        # A deal won at a capture in play is not scored, even when that capture
        # was its last play (R13.4): it is the tail, like an unfinished deal.
        if state is None or not report.deals[d].complete:
            tail = state
            break
        totals = tuple(match.totals)
        base = Scenario(
            rules=rules,
            piles=tuple(tuple(p) for p in state.piles),
            sweeps=tuple(tuple(s) for s in state.sweeps),
            totals_before=totals,
            play_on=match.play_on,
        )
        scores = rescore(base, seating.sides)
        match.settle(scores, state.sweeps)
        deal = record.deals[d]
        claimed = (
            [claimed_figures(side) for side in deal.claimed.sides]
            if deal.claimed is not None
            else None
        )
        deals.append(DealFacts(d, state, base, scores, _move_locs(record, d), claimed))
    if not deals:
        return None
    claims = record.claimed
    game = GameFacts(
        record=record,
        rules=rules,
        seating=seating,
        names=names,
        sides=tuple(side_names(list(names), seating.side_of)),
        deals=deals,
        tail=tail,
        outcome=MatchOutcome((), None, ""),
        claimed_totals=claims.totals if claims is not None else None,
        claimed_winner=claims.winner if claims is not None else None,
    )
    game.outcome = run_match(game)
    return game


def _move_locs(record: GameRecord, d: int) -> list[str]:
    return [
        move_pointer(d, r, k)
        for r, round_ in enumerate(record.deals[d].rounds)
        for k in range(len(round_.moves))
    ]
