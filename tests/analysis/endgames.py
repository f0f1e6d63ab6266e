"""Random endgames of real deals, and a brute-force minimax to check the solver."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from casino_records.analysis.solver import ExactSolver
from casino_records.analysis.value import DealContext, scaled_advantage
from casino_records.engine.bots import GreedyBot, RandomBot
from casino_records.engine.movegen import generate_legal_moves
from casino_records.engine.play import apply_move, needs_hands, next_round
from casino_records.engine.rules import Rules
from casino_records.engine.seating import Seating, deal_from_deck
from casino_records.engine.shuffle import shuffled_deck
from casino_records.engine.state import DealState

TABLES = [(2, None), (3, None), (4, None), (4, [[0, 2], [1, 3]])]
"""Every table size: 2, 3 and 4 players, and 4 in two partnerships."""
MOVES_PER_DEAL = 48
EndgameArgs = tuple[str, int, list[list[int]] | None, str]
"""Preset, players, teams and seed of an endgame."""


@dataclass(frozen=True)
class Endgame:
    """A position ``left`` moves before the end of a deal, all hands known."""

    state: DealState
    solver: ExactSolver
    label: str


def endgame(
    preset: str,
    players: int,
    teams: list[list[int]] | None,
    seed: str,
    left: int,
    totals: tuple[int, ...] | None = None,
) -> Endgame:
    """Play a shuffled deal with a random and a greedy bot until ``left`` moves remain."""
    rules = Rules.from_preset(preset)
    seating = Seating.create(rules, players, teams)
    dealt = deal_from_deck(shuffled_deck(seed), seating, 0, rules.deal_batch)
    state = DealState.start(rules, seating, 0, dealt.table, dealt.rounds[0])
    bots = [RandomBot(seed) if seat % 2 else GreedyBot(seed) for seat in range(players)]
    later = {r: [list(h) for h in hands] for r, hands in enumerate(dealt.rounds)}
    while True:
        if needs_hands(state):
            next_round(state, later[state.round + 1])
        if MOVES_PER_DEAL - state.moves_played <= left:
            break
        apply_move(state, bots[state.turn].choose(state, generate_legal_moves(state)))
    context = DealContext(rules, totals or (0,) * seating.sides)
    solver = ExactSolver(context, seating.side_of[state.turn], later)
    label = f"{preset} {players}p{' teams' if teams else ''} {seed} left={left}"
    return Endgame(state, solver, label)


def endgames(presets: tuple[str, ...], count: int) -> Iterator[EndgameArgs]:
    """Parameters of ``count`` endgames per preset and table size."""
    for preset in presets:
        for players, teams in TABLES:
            if preset == "dominican" and players == 4 and not teams:
                continue  # Dominican four-handed is played in partnerships only
            for i in range(count):
                yield preset, players, teams, f"endgame-{preset}-{players}-{i}"


def brute_force(state: DealState, game: Endgame) -> int:
    """Plain minimax (no pruning, no table) of ``state`` for the solver's side."""
    solver = game.solver
    if state.finished:
        return scaled_advantage(solver.context.points(state), solver.side)
    values = [
        brute_force(solver.child(state, move), game)
        for move in generate_legal_moves(state)
    ]
    mover_side = state.seating.side_of[state.turn]
    return max(values) if mover_side == solver.side else min(values)


def memoised_brute_force(
    state: DealState, game: Endgame, seen: dict[object, int]
) -> int:
    """Plain minimax with a memo keyed by the engine's own :meth:`DealState.key`
    (no pruning, no cards merged): the oracle for endgames too long to
    enumerate move by move."""
    if state.finished:
        return scaled_advantage(game.solver.context.points(state), game.solver.side)
    key = state.key()
    found = seen.get(key)
    if found is None:
        values = [
            memoised_brute_force(game.solver.child(state, move), game, seen)
            for move in generate_legal_moves(state)
        ]
        mover_side = state.seating.side_of[state.turn]
        found = max(values) if mover_side == game.solver.side else min(values)
        seen[key] = found
    return found
