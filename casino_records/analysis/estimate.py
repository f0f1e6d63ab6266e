"""Estimated values of moves: sampled deals of the unseen cards, played out.

For each sample, :class:`~casino_records.analysis.sampler.WorldSampler` deals the
cards the mover could not see; every legal move is then played in that same deal
and the rest of the deal is played out by the **greedy bot** of
:mod:`casino_records.engine.bots` at every seat (ties broken by a seeded choice,
the same for every move of one sample). A move's estimate is the mean of its
values over the samples and the standard error of that mean; the same samples
serve every move (common random numbers), so differences between moves are much
less noisy than the values themselves.

Sampling stops early once more samples cannot change the verdict
(:func:`estimate_moves` with ``played``): after
:data:`~casino_records.analysis.game_analysis.FIRST_SAMPLES` samples
and every :data:`CHECK_EVERY` after, a move *clearly worse* than the leading
move (its paired difference to the leader below 0 by ``z`` standard errors) is
sampled no more, and sampling stops when every loss within ``z`` standard
errors of the estimates falls between the same two marking thresholds.

Every random choice comes from a seed derived from the analysis seed, the deal,
the move and the sample number (:func:`derive_seed`), so an analysis does not
depend on which process computes which move, and the first samples of an
analysis stopped early are those of one that is not.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from ..engine.bots import GreedyBot
from ..engine.cards import Card
from ..engine.moves import Move
from ..engine.play import apply_move, needs_hands, next_round, play_generated
from ..engine.state import DealState
from .game_analysis import FIRST_SAMPLES
from .sampler import WorldSampler
from .value import DealContext, DealEnd, advantage, deal_end

__all__ = [
    "CHECK_EVERY",
    "Estimate",
    "derive_seed",
    "estimate_moves",
    "mean_and_stderr",
    "paired",
    "play_out",
]

CHECK_EVERY: Final = 10
"""Samples between two checks of whether sampling may stop."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """One move's sampled values."""

    move: Move
    values: tuple[float, ...]
    """The move's value in each sample, in sample order (the first samples when
    the move was sampled no more)."""
    points: tuple[float, ...]
    """Each side's mean points over the move's samples."""
    ends: tuple[DealEnd, ...] = ()
    """Where the deal ended in each sample, in sample order."""

    @property
    def mean(self) -> float:
        """The mean value."""
        return mean_and_stderr(self.values)[0]

    @property
    def stderr(self) -> float:
        """The standard error of the mean value."""
        return mean_and_stderr(self.values)[1]


def derive_seed(*parts: object) -> int:
    """A 64-bit seed from ``parts`` (the same in every process and on every run)."""
    text = "/".join(str(part) for part in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def mean_and_stderr(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (0 for fewer than 2 values)."""
    n = len(values)
    mean = math.fsum(values) / n
    if n < 2:
        return mean, 0.0
    variance = math.fsum([(v - mean) ** 2 for v in values]) / (n - 1)
    return mean, math.sqrt(variance / n)


def paired(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """The mean of ``a - b`` over their common samples, and its standard error."""
    return mean_and_stderr([x - y for x, y in zip(a, b, strict=False)])


def play_out(
    state: DealState,
    later_hands: Mapping[int, Sequence[Sequence[Card]]],
    seed: int | Sequence[GreedyBot],
) -> DealState:
    """Play ``state`` to the end of the deal with a greedy bot at every seat.

    Changes and returns ``state``; ``later_hands`` are dealt as rounds end.
    ``seed`` seeds the bots (``GreedyBot(f"{seed}/{seat}")``), or is the bots.
    """
    if isinstance(seed, int):
        bots = [GreedyBot(f"{seed}/{seat}") for seat in range(state.seating.players)]
    else:
        bots = list(seed)
    while not state.finished:
        if needs_hands(state):
            next_round(state, later_hands[state.round + 1])
        play_generated(state, bots[state.turn].play(state))
    return state


def estimate_moves(
    sampler: WorldSampler,
    moves: Sequence[Move],
    context: DealContext,
    samples: int,
    seed: int,
    played: int | None = None,
    thresholds: Sequence[float] = (),
    z: float = 2.0,
) -> tuple[list[Estimate], int]:
    """Each of ``moves`` (legal at the sampler's decision point) estimated over
    up to ``samples`` sampled deals, reproducibly from ``seed``.

    With ``played`` (the index of the move played) sampling stops early as the
    module says, ``thresholds`` being the losses from which moves are marked;
    without it every move gets every sample.

    :returns: the estimates, in the order of ``moves``, and the number of
        positions the play-outs went through.
    """
    side = sampler.round_start.seating.side_of[sampler.mover]
    players = sampler.round_start.seating.players
    sides = len(context.totals)
    values: list[list[float]] = [[] for _ in moves]
    ends: list[list[DealEnd]] = [[] for _ in moves]
    totals = [[0.0] * sides for _ in moves]
    active = list(range(len(moves)))
    nodes = 0
    check = FIRST_SAMPLES
    for j in range(samples):
        rng = random.Random(derive_seed(seed, j))
        world = sampler.sample(rng)
        bot_seed = rng.getrandbits(64)
        # Seeded once per sample: every move's play-out starts from their state.
        bots = [GreedyBot(f"{bot_seed}/{seat}") for seat in range(players)]
        start_states = [bot.rng.getstate() for bot in bots]
        for i in active:
            for bot, rng_state in zip(bots, start_states, strict=True):
                bot.rng.setstate(rng_state)
            state = world.state.copy()
            apply_move(state, moves[i])
            start = state.moves_played
            points = context.points(play_out(state, world.later_hands, bots))
            nodes += state.moves_played - start + 1
            ends[i].append(deal_end(state))
            values[i].append(advantage(points, side))
            for s in range(sides):
                totals[i][s] += points[s]
        if played is not None and j + 1 == check and j + 1 < samples:
            check += CHECK_EVERY
            active = _still_sampled(values, active, played, z)
            if _settled(values, active, played, thresholds, z):
                break
    estimates = [
        Estimate(move, tuple(vals), tuple(t / len(vals) for t in tot), tuple(end))
        for move, vals, tot, end in zip(moves, values, totals, ends, strict=True)
    ]
    return estimates, nodes


def _still_sampled(
    values: list[list[float]], active: list[int], played: int, z: float
) -> list[int]:
    """``active`` without the moves clearly worse than the leading one."""
    leader = max(active, key=lambda i: (mean_and_stderr(values[i])[0], i == played))
    kept = []
    for i in active:
        if i != played and i != leader:
            mean, stderr = paired(values[i], values[leader])
            if mean + z * stderr < 0:
                continue
        kept.append(i)
    return kept


def _settled(
    values: list[list[float]],
    active: list[int],
    played: int,
    thresholds: Sequence[float],
    z: float,
) -> bool:
    """True when every loss within ``z`` standard errors falls between the
    same two ``thresholds``: from the leader's lower bound to the highest
    upper bound of a move still sampled."""
    low, high = 0.0, 0.0
    for i in active:
        if i != played:
            mean, stderr = paired(values[i], values[played])
            low = max(low, mean - z * stderr)
            high = max(high, mean + z * stderr)
    return sum(low >= t for t in thresholds) == sum(high >= t for t in thresholds)
