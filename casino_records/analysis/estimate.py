"""Estimated values of moves: sampled deals of the unseen cards, played out.

For each sample, :class:`~casino_records.analysis.sampler.WorldSampler` deals the
cards the mover could not see; every legal move is then played in that same deal
and the rest of the deal is played out by the **greedy bot** of
:mod:`casino_records.engine.bots` at every seat (ties broken by a seeded choice,
the same for every move of one sample). A move's estimate is the mean of its
values over the samples and the standard error of that mean; the same samples
serve every move (common random numbers), so differences between moves are much
less noisy than the values themselves.

Every random choice comes from a seed derived from the analysis seed, the deal,
the move and the sample number (:func:`derive_seed`), so an analysis does not
depend on which process computes which move.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..engine.bots import GreedyBot
from ..engine.cards import Card
from ..engine.moves import Move
from ..engine.play import apply_move, needs_hands, next_round, play_generated
from ..engine.state import DealState
from .sampler import WorldSampler
from .value import DealContext, advantage

__all__ = ["Estimate", "derive_seed", "estimate_moves", "mean_and_stderr", "play_out"]


@dataclass(frozen=True, slots=True)
class Estimate:
    """One move's sampled values."""

    move: Move
    values: tuple[float, ...]
    """The move's value in each sample, in sample order."""
    points: tuple[float, ...]
    """Each side's mean points over the samples."""

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


def play_out(
    state: DealState, later_hands: Mapping[int, Sequence[Sequence[Card]]], seed: int
) -> DealState:
    """Play ``state`` to the end of the deal with a greedy bot at every seat.

    Changes and returns ``state``; ``later_hands`` are dealt as rounds end.
    """
    bots = [GreedyBot(f"{seed}/{seat}") for seat in range(state.seating.players)]
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
) -> tuple[list[Estimate], int]:
    """Each of ``moves`` (legal at the sampler's decision point) estimated over
    ``samples`` sampled deals, reproducibly from ``seed``.

    :returns: the estimates, in the order of ``moves``, and the number of
        positions the play-outs went through.
    """
    side = sampler.round_start.seating.side_of[sampler.mover]
    sides = len(context.totals)
    values: list[list[float]] = [[] for _ in moves]
    totals = [[0.0] * sides for _ in moves]
    nodes = 0
    for j in range(samples):
        rng = random.Random(derive_seed(seed, j))
        world = sampler.sample(rng)
        bot_seed = rng.getrandbits(64)
        for i, move in enumerate(moves):
            state = world.state.copy()
            apply_move(state, move)
            start = state.moves_played
            points = context.points(play_out(state, world.later_hands, bot_seed))
            nodes += state.moves_played - start + 1
            values[i].append(advantage(points, side))
            for s in range(sides):
                totals[i][s] += points[s]
    estimates = [
        Estimate(move, tuple(vals), tuple(t / samples for t in tot))
        for move, vals, tot in zip(moves, values, totals, strict=True)
    ]
    return estimates, nodes
