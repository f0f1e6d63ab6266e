"""Deal the cards a player could not see, consistently with everything they saw.

At a decision point the mover has seen their own hand, the table and every card
played (captured cards are in the piles, trailed ones on the table). Every other
card of the pack is *unseen*: the other players' hands and the cards still to be
dealt. :class:`WorldSampler` deals the unseen cards at random and keeps a deal
only if the engine accepts every move of the current round again from its start
with the dealt hands: a player who built a nine must hold a nine, a player who
trailed under ``no_trail_if_capture_possible`` could not capture, and so on. The
accepted deals are uniform among the consistent ones (rejection sampling), and
the engine is the only judge of consistency.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.cards import CARDS, Card
from ..engine.moves import Move
from ..engine.play import play_move
from ..engine.seating import HAND_SIZE
from ..engine.state import DealState
from ..errors import IllegalMoveError

__all__ = ["NoConsistentDeal", "World", "WorldSampler"]

MAX_TRIES = 2000
"""Deals tried for one sample before giving up (see :class:`NoConsistentDeal`)."""


class NoConsistentDeal(Exception):
    """No deal of the unseen cards consistent with the round was found in time."""


@dataclass(frozen=True, slots=True)
class World:
    """One deal of the unseen cards: the decision point and the rounds to come."""

    state: DealState
    """The position at the decision point, every hand dealt (keeping no log)."""
    later_hands: dict[int, list[list[Card]]]
    """The hands of each later round, by round index."""


class WorldSampler:
    """Samples :class:`World` values for the player to move at ``here``."""

    def __init__(
        self, round_start: DealState, round_moves: Sequence[Move], here: DealState
    ) -> None:
        """:param round_start: the position before the first move of the round.
        :param round_moves: the moves of the round played before ``here``.
        :param here: the decision point (``round_moves`` played from ``round_start``).
        """
        self.round_start = round_start
        self.round_moves = tuple(round_moves)
        self.mover = here.turn
        players = here.seating.players
        seen = set(here.table_cards)
        seen.update(here.hands[self.mover])
        for pile in here.piles:
            seen.update(pile)
        self.unseen: tuple[Card, ...] = tuple(c for c in CARDS if c not in seen)
        """The cards the mover has not seen, in pack order."""
        self.played: list[list[Card]] = [[] for _ in range(players)]
        for move in self.round_moves:
            self.played[move.seat].append(move.card)
        self.hidden = [
            0 if seat == self.mover else len(here.hands[seat])
            for seat in range(players)
        ]
        self.later_rounds = range(here.round + 1, here.seating.rounds)
        self.tries = 0
        """Deals tried so far (accepted and rejected)."""
        expected = sum(self.hidden) + len(self.later_rounds) * players * HAND_SIZE
        if expected != len(self.unseen):
            raise ValueError(
                f"{len(self.unseen)} unseen cards for {expected} places:"
                " the position is not one of a whole deal"
            )

    @property
    def everything_seen(self) -> bool:
        """True when the mover has seen every card (nothing to sample)."""
        return not self.unseen

    def sample(self, rng: random.Random) -> World:
        """A random consistent :class:`World`.

        :raises NoConsistentDeal: none was found in :data:`MAX_TRIES` tries.
        """
        for _ in range(MAX_TRIES):
            self.tries += 1
            cards = list(self.unseen)
            rng.shuffle(cards)
            world = self._world(cards)
            if world is not None:
                return world
        raise NoConsistentDeal(
            f"no deal of the {len(self.unseen)} unseen cards agrees with the round's"
            f" moves in {MAX_TRIES} tries"
        )

    def _world(self, cards: list[Card]) -> World | None:
        players = len(self.hidden)
        hands: list[list[Card]] = []
        at = 0
        for seat in range(players):
            if seat == self.mover:
                hands.append(list(self.round_start.hands[seat]))
                continue
            count = self.hidden[seat]
            hands.append(self.played[seat] + cards[at : at + count])
            at += count
        state = self.round_start.copy()
        # No log: the copies the analysis makes of this state stay cheap, and
        # play needs none (the piles and sweeps hold all that scoring reads).
        state.keep_log = False
        state.log = []
        state.give_hands(hands)
        try:
            for move in self.round_moves:
                play_move(state, move)
        except IllegalMoveError:
            return None
        later: dict[int, list[list[Card]]] = {}
        for r in self.later_rounds:
            later[r] = [
                cards[at + i * HAND_SIZE : at + (i + 1) * HAND_SIZE]
                for i in range(players)
            ]
            at += players * HAND_SIZE
        return World(state, later)
