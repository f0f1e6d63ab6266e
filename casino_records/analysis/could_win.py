"""Could I have won? A different choice of a side's own that changes its result.

**The result.** A side's result of a deal is its *standing* by the deal's banked
points (the analysis' points, :class:`~casino_records.analysis.value.DealContext`):
ahead of every other side (won the deal), level with the best (tied), or behind
(lost; with three or four sides its place). Its result of the match is whether
it won the match, the match was not decided by the deals recorded, or another
side won it; the match is settled by the engine (:class:`~casino_records.engine.match.MatchState`)
with the deal changed and every other deal's piles as played (later deals
scored again from the totals the change gives them).

**The moves asked.** For each side that did not win, every analysed move of its
own with a choice the analysis valued higher than the move played (the three
highest): that choice *changes the result* when

- **exact** (the move is in the solver's reach, every card known): on a line of
  best play after it (every side of the others playing against the side, as the
  solver's value) the side reaches a better result than the recorded one and
  than the move played reaches on its own best line;
- **estimated**: in the analysis' own sampled deals of the unseen cards (the
  same seeds, so the same deals and the same greedy play-outs: where the
  analysis kept their ends, none is played twice), the choice
  reaches a better result than the recorded one in a larger share of the samples
  than the move played does, by at least ``significance`` standard errors of the
  paired difference.

The first such choice of a move (the highest valued) is kept, per scope.

:func:`could_have_won` fills :attr:`DealAnalysis.could_win` and
:attr:`GameAnalysis.could_win`; it depends only on the record, the settings and
the analysis, never on how many processes made the analysis.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..engine.bots import GreedyBot
from ..engine.describe import move_text
from ..engine.match import MatchState
from ..engine.movegen import generate_legal_moves
from ..engine.moves import Move
from ..engine.play import apply_move
from ..engine.scoring import score_masks
from ..engine.state import DealState
from .analysed_game import AnalysedGame, Ends
from .estimate import derive_seed, mean_and_stderr, paired, play_out
from .game_analysis import CouldWin, GameAnalysis, Method, MoveAnalysis, Turnaround
from .sampler import NoConsistentDeal
from .solver import ExactSolver
from .value import DealEnd, deal_end

__all__ = [
    "CANDIDATES",
    "best_line_end",
    "could_have_won",
    "match_text",
    "standing",
    "standing_text",
]

CANDIDATES = 3
"""Choices asked per move: those the analysis valued highest above the move played."""
_EPSILON = 1e-9
_MATCH_WORDS = ("won the match", "left the match undecided", "lost the match")
_PLACES = ("first", "second", "third", "fourth")


def standing(points: Sequence[float], side: int) -> int:
    """``side``'s standing by the deal's points, the lower the better: twice the
    sides ahead of it, plus one when another side is level with it.

    >>> standing((7, 4), 0), standing((5, 5), 0), standing((4, 7), 0)
    (0, 1, 2)
    >>> standing((3, 6, 6), 1), standing((3, 6, 6), 0)
    (1, 4)
    """
    mine = points[side]
    ahead = sum(1 for p in points if p > mine + _EPSILON)
    level = sum(
        1 for s, p in enumerate(points) if s != side and abs(p - mine) < _EPSILON
    )
    return 2 * ahead + (1 if level else 0)


def standing_text(points: Sequence[float], side: int) -> str:
    """The deal's result for ``side`` in words.

    >>> standing_text((7, 4), 1), standing_text((5, 5), 0), standing_text((3, 6, 6), 1)
    ('lost the deal 4–7', 'tied the deal 5–5', 'came shared first in the deal 6–3–6')
    """
    score = "–".join(f"{p:g}" for p in _mine_first(points, side))
    return f"{_deal_words(standing(points, side), len(points))} {score}"


def _deal_words(rank: int, sides: int) -> str:
    """A deal's result in words, by :func:`standing`'s rank among ``sides`` sides."""
    if sides == 2:
        return ("won the deal", "tied the deal", "lost the deal")[rank]
    return f"came {'shared ' if rank % 2 else ''}{_PLACES[rank // 2]} in the deal"


def _mine_first(points: Sequence[float], side: int) -> list[float]:
    return [points[side], *(p for s, p in enumerate(points) if s != side)]


def match_text(outcome: int) -> str:
    """A side's match result in words (0 won, 1 not decided by the deals
    recorded, 2 lost)."""
    return _MATCH_WORDS[outcome]


def best_line_end(solver: ExactSolver, state: DealState) -> DealState:
    """The end of the deal from ``state`` on a line of best play for the
    solver's side: at every turn the first move of best value (engine order),
    the highest for the side, the lowest for every other."""
    while not state.finished:
        mine = state.seating.side_of[state.turn] == solver.side
        best: tuple[Move, float] | None = None
        for move, value in solver.move_values(state):
            if best is None or (value > best[1] if mine else value < best[1]):
                best = (move, value)
        assert best is not None
        state = solver.child(state, best[0])
    return state


@dataclass(frozen=True, slots=True)
class _Ending:
    """Where one line of play ends: each side's deal points, the deal's standing
    of each side and each side's match outcome."""

    points: tuple[int, ...]
    standings: tuple[int, ...]
    match: tuple[int, ...]


class _Game:
    """The record's deals as played, and the match settled with one deal changed."""

    def __init__(self, game: AnalysedGame) -> None:
        self.game = game
        self.rules = game.record.rules.effective()
        self.sides = game.seating.sides
        self.ends = [
            deal_end(state) if state is not None and state.finished else None
            for state in game.report.states
        ]

    def ending(self, d: int, end: DealEnd) -> _Ending:
        """The line ending at ``end`` (deal ``d`` finished so)."""
        points = self.game.deals[d].context.points_at(end)
        standings = tuple(standing(points, s) for s in range(self.sides))
        return _Ending(points, standings, self.outcomes(self.winner(d, end)))

    def outcomes(self, winner: int | None) -> tuple[int, ...]:
        """Each side's match outcome (see :func:`match_text`) when ``winner`` won it."""
        return tuple(
            1 if winner is None else (0 if winner == s else 2)
            for s in range(self.sides)
        )

    def winner(self, d: int, changed: DealEnd | None) -> int | None:
        """The match's winning side with deal ``d`` ending at ``changed`` and
        every other deal as played (``None``: not decided by these deals)."""
        match = MatchState(self.rules, self.sides)
        for k, recorded in enumerate(self.ends):
            end = changed if k == d else recorded
            if end is None:
                break
            scores = score_masks(
                self.rules, end.piles, end.sweeps, match.totals, match.play_on
            )
            match.settle(scores, end.sweeps)
            if match.over:
                break
        return match.winner


def could_have_won(
    game: AnalysedGame,
    analysis: GameAnalysis,
    ends: Mapping[tuple[int, int], Ends] | None = None,
) -> None:
    """Fill each deal's and the match's "could I have won" (see the module).

    ``ends``: where the analysis' own play-outs of an estimated move (deal,
    index) ended, by move text (:attr:`UnitResult.ends`); play-outs not among
    them are played again, to the same ends.
    """
    played = _Game(game)
    known = ends or {}
    sides = analysis.sides
    rules = played.rules
    immediate = rules.near_target_immediate_win
    recorded_match = played.outcomes(played.winner(-1, None))
    match_found: list[list[Turnaround]] = [[] for _ in sides]
    for deal in analysis.deals:
        d = deal.index
        end = played.ends[d] if d < len(played.ends) else None
        if d not in game.deals or end is None:
            deal.could_win = [
                CouldWin(s, name, "deal", "", note="the deal was not played to its end")
                for s, name in enumerate(sides)
            ]
            continue
        actual = played.ending(d, end)
        found: list[list[Turnaround]] = [[] for _ in sides]
        asked = [
            actual.standings[s] > 0 or (recorded_match[s] > 0 and not immediate)
            for s in range(len(sides))
        ]
        for move in deal.moves:
            side = game.seating.side_of[move.seat]
            if not asked[side]:
                continue
            kinds: set[str] = set()  # one choice per move: the highest valued
            sampled = known.get((d, move.index), {})
            for better, kind in _turnarounds(game, played, move, side, actual, sampled):
                if kind in kinds:
                    continue
                kinds.add(kind)
                if kind == "deal" and actual.standings[side] > 0:
                    found[side].append(better)
                if kind == "match":
                    match_found[side].append(better)
        deal.could_win = [
            CouldWin(
                s,
                name,
                "deal",
                standing_text(actual.points, s),
                sorted(found[s], key=_surest),
                "" if actual.standings[s] else "the best result of the deal",
            )
            for s, name in enumerate(sides)
        ]
    analysis.could_win = [
        CouldWin(
            s,
            name,
            "match",
            match_text(recorded_match[s]),
            sorted(match_found[s], key=_surest),
            "the match was won"
            if recorded_match[s] == 0
            else (
                "not asked: an immediate win (option near_target_immediate_win)"
                " is not looked for on other lines"
                if immediate
                else ""
            ),
        )
        for s, name in enumerate(sides)
    ]


def _surest(turnaround: Turnaround) -> tuple[object, ...]:
    return (
        turnaround.method != "exact",
        -(turnaround.share - turnaround.played_share),
        -turnaround.gain,
        turnaround.deal,
        turnaround.index,
    )


def _candidates(move: MoveAnalysis) -> list[tuple[str, float]]:
    better = [
        (a.move, a.value)
        for a in move.alternatives
        if a.move != move.played and a.value > move.played_value + _EPSILON
    ]
    return better[:CANDIDATES]


@dataclass(frozen=True, slots=True)
class _Reached:
    """A result a choice reaches in one scope, and how that was found (the
    fields of :class:`Turnaround` past the move and the choice)."""

    scope: str
    result: str
    method: Method
    points: tuple[float, ...]
    share: float = 1.0
    played_share: float = 0.0
    share_stderr: float = 0.0
    samples: int = 0


def _turnarounds(
    game: AnalysedGame,
    played: _Game,
    move: MoveAnalysis,
    side: int,
    actual: _Ending,
    sampled: Ends,
) -> list[tuple[Turnaround, str]]:
    """The choices at ``move`` that change the side's deal or match result,
    each with the scope it changes (a choice may change both)."""
    candidates = _candidates(move)
    if not candidates:
        return []
    here = game.position(move.deal, move.index)
    legal = {move_text(m, pretty=False): m for m in generate_legal_moves(here)}
    texts = [move.played, *(text for text, _ in candidates)]
    choices = [game.deals[move.deal].moves[move.index], *(legal[t] for t in texts[1:])]
    if move.method == "exact":
        reached = _exact(game, played, move, here, side, actual, choices)
    else:
        known = [sampled.get(text, ()) for text in texts]
        reached = _sampled(game, played, move, side, actual, choices, known)
    return [
        (
            Turnaround(
                deal=move.deal,
                index=move.index,
                loc=move.loc,
                player=move.player,
                played=move.played,
                better=text,
                result=r.result,
                gain=value - move.played_value,
                method=r.method,
                points=r.points,
                share=r.share,
                played_share=r.played_share,
                share_stderr=r.share_stderr,
                samples=r.samples,
            ),
            r.scope,
        )
        for (text, value), results in zip(candidates, reached, strict=True)
        for r in results
    ]


def _exact(
    game: AnalysedGame,
    played: _Game,
    move: MoveAnalysis,
    here: DealState,
    side: int,
    actual: _Ending,
    choices: Sequence[Move],
) -> list[list[_Reached]]:
    """What each choice past the first (the move played) reaches on a line of
    best play after it."""
    deal = game.deals[move.deal]
    solver = ExactSolver(deal.context, side, deal.later_hands)
    endings = [
        played.ending(
            move.deal, deal_end(best_line_end(solver, solver.child(here, choice)))
        )
        for choice in choices
    ]
    return [
        [
            _Reached(scope, text, "exact", tuple(float(p) for p in ending.points))
            for scope, text in _better(side, actual, endings[0], ending)
        ]
        for ending in endings[1:]
    ]


def _better(
    side: int, actual: _Ending, before: _Ending, after: _Ending
) -> list[tuple[str, str]]:
    """Which of the side's results ``after`` improves on both the recorded one
    and ``before``'s: (scope, the result in words)."""
    out = []
    rank = after.standings[side]
    if rank < actual.standings[side] and rank < before.standings[side]:
        out.append(("deal", standing_text(after.points, side)))
    outcome = after.match[side]
    if outcome < actual.match[side] and outcome < before.match[side]:
        out.append(("match", match_text(outcome)))
    return out


def _sampled(
    game: AnalysedGame,
    played: _Game,
    move: MoveAnalysis,
    side: int,
    actual: _Ending,
    choices: Sequence[Move],
    known: Sequence[Sequence[DealEnd]],
) -> list[list[_Reached]]:
    """What each choice past the first (the move played) reaches, significantly
    more often than the move played, in the analysis' own samples."""
    out: list[list[_Reached]] = [[] for _ in choices[1:]]
    d, i = move.deal, move.index
    try:
        endings = _sample_endings(game, played, d, i, choices, move.samples, known)
    except NoConsistentDeal:  # pragma: no cover (the analysis found its deals)
        return out
    n = len(endings[0])
    if n < 2:
        return out
    z = game.settings.significance
    scopes: list[tuple[str, Callable[[_Ending], bool]]] = [
        ("deal", lambda e: e.standings[side] < actual.standings[side]),
        ("match", lambda e: e.match[side] < actual.match[side]),
    ]
    for c, results in enumerate(out, 1):
        for scope, improves in scopes:
            mine = [1.0 if improves(e) else 0.0 for e in endings[c]]
            base = [1.0 if improves(e) else 0.0 for e in endings[0]]
            diff, stderr = paired(mine, base)
            if diff <= 0 or diff < z * stderr:
                continue
            best = min(
                (e.standings[side] if scope == "deal" else e.match[side])
                for e in endings[c]
                if improves(e)
            )
            results.append(
                _Reached(
                    scope,
                    _deal_words(best, played.sides)
                    if scope == "deal"
                    else match_text(best),
                    "estimated",
                    tuple(
                        sum(e.points[s] for e in endings[c]) / n
                        for s in range(played.sides)
                    ),
                    share=mean_and_stderr(mine)[0],
                    played_share=mean_and_stderr(base)[0],
                    share_stderr=stderr,
                    samples=n,
                )
            )
    return out


def _sample_endings(
    game: AnalysedGame,
    played: _Game,
    d: int,
    i: int,
    choices: Sequence[Move],
    samples: int,
    known: Sequence[Sequence[DealEnd]],
) -> list[list[_Ending]]:
    """Each choice's endings in the analysis' own samples of move ``i``: the
    same deals and bot seeds as :func:`~casino_records.analysis.estimate.estimate_moves`.
    ``known[c]``: the first ends of choice ``c`` as the analysis played them;
    only the samples past them are played out here."""
    ends = [list(k[:samples]) for k in known]
    if any(len(e) < samples for e in ends):
        _play_missing(game, d, i, choices, samples, ends)
    return [[played.ending(d, end) for end in e] for e in ends]


def _play_missing(
    game: AnalysedGame,
    d: int,
    i: int,
    choices: Sequence[Move],
    samples: int,
    ends: list[list[DealEnd]],
) -> None:
    """Extend each of ``ends`` to ``samples`` ends, played as the analysis plays them."""
    sampler = game.sampler(d, i)
    seed = derive_seed(game.settings.seed, d, i)
    players = sampler.round_start.seating.players
    for j in range(min(len(e) for e in ends), samples):
        rng = random.Random(derive_seed(seed, j))
        world = sampler.sample(rng)
        bot_seed = rng.getrandbits(64)
        bots = [GreedyBot(f"{bot_seed}/{seat}") for seat in range(players)]
        start_states = [bot.rng.getstate() for bot in bots]
        for c, choice in enumerate(choices):
            if len(ends[c]) > j:
                continue
            for bot, rng_state in zip(bots, start_states, strict=True):
                bot.rng.setstate(rng_state)
            state = world.state.copy()
            apply_move(state, choice)
            ends[c].append(deal_end(play_out(state, world.later_hands, bots)))
