"""Analysis (issue 15): the exact solver's speed and a whole deal's analysis.

Prints figures only (no assertions):

a. the exact value of every move of a two-player last round, from scratch (a
   fresh solver, an empty transposition table) at the round's first position,
   the largest: CPU ms per position (median, max), nodes, nodes per second;
   target < 50 ms per position. Then the whole last round as the analysis
   solves it (one table per side across its 8 positions);
b. a whole two-player deal analysed with the default samples on one core (CPU
   seconds; target < 60 s), and the same with ``jobs=2``: wall seconds of both
   runs (which the machine's other load disturbs), and the speed-up two free
   cores give, from each work unit's CPU time and the order the pool takes them;
c. where the time goes: moves estimated, samples, positions played out per
   CPU second;
d. the sample game ``sample_games/classic-2p-annotated.json`` (three deals, 144
   moves) with the default settings, as ``casino-records analyse GAME --jobs 0``
   runs it (issue 34: at most 5 s wall on two cores): CPU seconds in one
   process, wall seconds with ``jobs=1`` and ``jobs=2``, and with ``jobs=2``
   from a thread as the viewer's button runs it, the samples the estimated
   moves took, and the marks;
e. the exact value of every move at the first position of a two-player deal's
   last two rounds (16 moves; issue 34: at most 1 s a position), and of a
   three- and a four-player deal's last round (12 and 16 moves; four players
   in two partnerships, and alone), a fresh solver each time: CPU ms per
   position (median, max) and nodes (median, mean, max: they do not depend
   on the machine).

Run: ``.venv/bin/python bench/bench_analysis.py [--positions N] [--deals N] [--samples N]
[--game-only] [--reach N] [--reach-only]``.
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time
from collections import Counter
from pathlib import Path

from timing import python_reference

import casino_records
from casino_records.analysis.analyse import (
    DEFAULT_SAMPLES,
    analyse_record,
    make_settings,
)
from casino_records.analysis.analysed_game import AnalysedGame
from casino_records.analysis.game_analysis import AnalysisSettings
from casino_records.analysis.solver import ExactSolver
from casino_records.analysis.value import DealContext
from casino_records.engine.bots import Bot, GreedyBot, RandomBot
from casino_records.engine.cards import Card
from casino_records.engine.movegen import generate_legal_moves
from casino_records.engine.play import apply_move, needs_hands, next_round
from casino_records.engine.rules import Rules
from casino_records.engine.seating import Seating, deal_from_deck
from casino_records.engine.shuffle import shuffled_deck
from casino_records.engine.state import DealState
from casino_records.record.format.models import GameRecord
from casino_records.record.json.jsonio import loads
from casino_records.record.simulate import simulate_record


def last_round(seed: str) -> tuple[DealState, DealContext]:
    """The first position of a two-player deal's last round (bots played before)."""
    state, context, _ = last_rounds(seed, 1)
    return state, context


def last_rounds(
    seed: str, rounds: int, players: int = 2, teams: list[list[int]] | None = None
) -> tuple[DealState, DealContext, dict[int, list[list[Card]]]]:
    """The first position of a deal's last ``rounds`` rounds (bots played
    before: greedy and random seats in turn), and the hands of the rounds
    after it, by round."""
    rules = Rules()
    seating = Seating.create(rules, players, teams)
    dealt = deal_from_deck(shuffled_deck(seed), seating, 0, rules.deal_batch)
    state = DealState.start(rules, seating, 0, dealt.table, dealt.rounds[0])
    bots: list[Bot] = [
        RandomBot(seed) if seat % 2 else GreedyBot(seed) for seat in range(players)
    ]
    first = seating.rounds - rounds
    while not (needs_hands(state) and state.round == first - 1):
        if needs_hands(state):
            next_round(state, dealt.rounds[state.round + 1])
        apply_move(state, bots[state.turn].choose(state, generate_legal_moves(state)))
    next_round(state, dealt.rounds[first])
    later = {
        r: [list(h) for h in dealt.rounds[r]] for r in range(first + 1, seating.rounds)
    }
    return state, DealContext(rules, (0,) * seating.sides), later


def solve_first_positions(
    label: str, positions: int, rounds: int, players: int, teams: list[list[int]] | None
) -> None:
    """The exact value of every move at ``positions`` first positions of a
    deal's last ``rounds`` rounds, a fresh solver each time."""
    times, nodes = [], []
    for i in range(positions):
        state, context, later = last_rounds(f"{label}-{i}", rounds, players, teams)
        solver = ExactSolver(context, state.seating.side_of[state.turn], later)
        start = time.process_time()
        solver.move_values(state)
        times.append(time.process_time() - start)
        nodes.append(solver.nodes)
    moves = rounds * 4 * players
    table = f"{players}-player" + (" 2 v 2" if teams else "")
    where = "last two rounds" if rounds == 2 else "last round"
    print(
        f"   {table}, first position of the {where} ({moves} moves, {positions}"
        f" deals): median {statistics.median(times) * 1000:.0f} ms,"
        f" max {max(times) * 1000:.0f} ms per position; nodes median"
        f" {statistics.median(nodes):,.0f}, mean {statistics.mean(nodes):,.0f},"
        f" max {max(nodes):,}"
    )


def reach_figures(positions: int) -> None:
    """Part e."""
    print("e. exact, every move at the first position, a fresh solver each time:")
    solve_first_positions("bench-reach", positions, 2, 2, None)
    solve_first_positions("bench-reach-3p", positions, 1, 3, None)
    solve_first_positions("bench-reach-4t", positions, 1, 4, [[0, 2], [1, 3]])
    solve_first_positions("bench-reach-4p", positions, 1, 4, None)


def exact_figures(positions: int) -> None:
    """Part a."""
    times, nodes, rounds = [], 0, []
    for i in range(positions):
        state, context = last_round(f"bench-exact-{i}")
        solver = ExactSolver(context, state.seating.side_of[state.turn])
        start = time.process_time()
        solver.move_values(state)
        times.append(time.process_time() - start)
        nodes += solver.nodes
        # The whole round, as the analysis solves it: one solver per side.
        solvers = {side: ExactSolver(context, side) for side in (0, 1)}
        start = time.process_time()
        while not state.finished:
            values = solvers[state.seating.side_of[state.turn]].move_values(state)
            state = solvers[0].child(state, values[0][0])
        rounds.append(time.process_time() - start)
    total = sum(times)
    print(
        f"a. exact, first position of a 2-player last round ({positions} deals):"
        f" median {statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms"
        f" per position; {nodes / positions:.0f} nodes, {nodes / total:,.0f} nodes/s"
    )
    print(
        f"   the whole last round (8 positions, tables kept per side):"
        f" median {statistics.median(rounds) * 1000:.1f} ms,"
        f" {statistics.median(rounds) / 8 * 1000:.1f} ms per position"
    )


def deal_figures(deals: int, samples: int) -> None:
    """Parts b and c."""
    settings = make_settings(samples=samples, seed="bench")
    cpu, played, moves = [], 0, 0
    for i in range(deals):
        record = simulate_record(
            "classic", 2, seed=f"bench-deal-{i}", bots=["greedy", "random"], max_deals=1
        )
        start = time.process_time()
        analysis = analyse_record(record, settings)
        cpu.append(time.process_time() - start)
        played += analysis.nodes
        moves += len(analysis.moves)
    print(
        f"b. a whole 2-player deal, {samples} samples, one core ({deals} deals):"
        f" median {statistics.median(cpu):.1f} s CPU, max {max(cpu):.1f} s"
    )
    record = simulate_record(
        "classic", 2, seed="bench-deal-0", bots=["greedy", "random"], max_deals=1
    )
    walls = {}
    for jobs in (1, 2):
        start = time.perf_counter()
        analyse_record(record, settings, jobs=jobs)
        walls[jobs] = time.perf_counter() - start
    print(
        f"   wall time, same deal: jobs=1 {walls[1]:.1f} s, jobs=2 {walls[2]:.1f} s,"
        f" speed-up {walls[1] / walls[2]:.2f} (on this machine's load)"
    )
    units = unit_times(record, settings)
    total = sum(units)
    print(
        f"   the deal's {len(units)} work units timed one by one ({total:.1f} s CPU),"
        f" dealt to 2 workers as analyse_record deals them: speed-up"
        f" {total / makespan(units, 2):.2f} with 2 free cores"
    )
    print(
        f"c. {moves} moves analysed; {played / sum(cpu):,.0f} positions searched"
        " or played out per CPU second"
    )


def unit_times(record: GameRecord, settings: AnalysisSettings) -> list[float]:
    """CPU seconds of each work unit, in the order the workers take them."""
    game = AnalysedGame(record, settings)
    times = []
    for unit in sorted(game.units(), key=lambda unit: unit.exact):
        start = time.process_time()
        game.run(unit)
        times.append(time.process_time() - start)
    return times


def makespan(times: list[float], workers: int) -> float:
    """The time ``workers`` take for ``times``, each unit to the first free worker."""
    free = [0.0] * workers
    for cost in times:
        free[free.index(min(free))] += cost
    return max(free)


SAMPLE_GAME = (
    Path(__file__).resolve().parent.parent
    / "sample_games"
    / "classic-2p-annotated.json"
)


def viewer_wall(record: GameRecord, settings: AnalysisSettings) -> float:
    """Wall seconds of the analysis as the viewer runs it: from a thread of a
    threaded process (Streamlit's), so its workers come from a fork server."""
    took: list[float] = []

    def run() -> None:
        start = time.perf_counter()
        analyse_record(record, settings, jobs=2)
        took.append(time.perf_counter() - start)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    return took[0]


def game_figures() -> None:
    """Part d."""
    record = loads(SAMPLE_GAME.read_bytes())
    settings = make_settings()
    start, wall = time.process_time(), time.perf_counter()
    analysis = analyse_record(record, settings)
    cpu, walls = time.process_time() - start, {1: time.perf_counter() - wall}
    start = time.perf_counter()
    analyse_record(record, settings, jobs=2)
    walls[2] = time.perf_counter() - start
    walls[0] = viewer_wall(record, settings)
    estimated = [move for move in analysis.moves if move.method == "estimated"]
    samples = sum(move.samples for move in estimated) / len(estimated)
    marks = Counter(move.mark for move in analysis.moves if move.mark)
    print(
        f"d. {SAMPLE_GAME.name}, {len(analysis.moves)} moves, default settings:"
        f" {cpu:.1f} s CPU in one process; wall jobs=1 {walls[1]:.1f} s,"
        f" jobs=2 {walls[2]:.1f} s (speed-up {walls[1] / walls[2]:.2f});"
        f" {analysis.nodes:,} positions"
    )
    print(
        f"   the viewer's Analyse every move (jobs=2 from a thread, workers from a"
        f" fork server): wall {walls[0]:.1f} s"
    )
    print(
        f"   {len(estimated)} estimated moves, {samples:.0f} samples each on average"
        f" (at most {settings.samples}); marks {dict(sorted(marks.items()))}"
    )


def main() -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20, help="last rounds solved")
    parser.add_argument("--deals", type=int, default=3, help="deals analysed")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    parser.add_argument("--game-only", action="store_true", help="part d only")
    parser.add_argument(
        "--reach", type=int, default=6, help="part e: first positions per table"
    )
    parser.add_argument("--reach-only", action="store_true", help="part e only")
    args = parser.parse_args()
    engine = "compiled" if casino_records.COMPILED else "pure Python"
    print(f"engine: {engine}; reference workload {python_reference() * 1000:.0f} ms")
    if args.reach_only:
        reach_figures(args.reach)
        return 0
    if not args.game_only:
        exact_figures(args.positions)
        reach_figures(args.reach)
        deal_figures(args.deals, args.samples)
    game_figures()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
