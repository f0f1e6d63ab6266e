"""Engine benchmark (issue "rules engine"): prints its figures, asserts nothing.

1. Random self-play of two-player classic deals with full legal-move generation
   at every turn (target: >= 400 deals/s on one core).
2. The replay path: verifying and applying recorded moves, the engine alone
   (target: >= 120,000 moves/s).

Each figure is the best of several runs of CPU time (``time.process_time``), so
other processes on the machine disturb it less. A reference measured in the same
run, ``orjson.loads`` of the same games as JSON Lines, is printed beside them.

Run: ``.venv/bin/python bench/bench_engine.py [--deals N]``.
"""

from __future__ import annotations

import argparse

import orjson
from inputs import decks
from timing import best_of, python_reference

from casino_records.engine.bots import RandomBot, play_deal
from casino_records.engine.legality import verify_move
from casino_records.engine.movegen import clear_caches
from casino_records.engine.moves import Move
from casino_records.engine.play import apply_plan, next_round
from casino_records.engine.rules import Rules
from casino_records.engine.seating import DealtCards, Seating
from casino_records.engine.state import DealState


def replay_moves(
    rules: Rules, seating: Seating, games: list[tuple[DealtCards, list[Move]]]
) -> int:
    """Verify and apply every recorded move of ``games``; return the move count.

    Round by round, as :func:`casino_records.check.replay.replay` walks a record.
    """
    count = 0
    per_round = 4 * seating.players
    for dealt, moves in games:
        state = DealState.start(rules, seating, 1, dealt.table, dealt.rounds[0])
        for r in range(seating.rounds):
            if r:
                next_round(state, dealt.rounds[r])
            for move in moves[r * per_round : (r + 1) * per_round]:
                apply_plan(state, move, verify_move(state, move))
        count += len(moves)
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    rules = Rules.from_preset("classic")
    seating = Seating.create(rules, 2, None)
    packs = decks(args.deals)

    def self_play() -> list[DealState]:
        clear_caches()  # every run starts cold: no table analysis carried over
        bots = [RandomBot(1), RandomBot(2)]
        return [play_deal(rules, seating, 1, pack, bots).state for pack in packs]

    played = self_play()
    games = [
        (
            play.dealt,
            [step.move for step in play.state.log],
        )
        for play in (
            play_deal(rules, seating, 1, pack, [RandomBot(1), RandomBot(2)])
            for pack in packs
        )
    ]
    del played
    moves = sum(len(m) for _, m in games)
    lines = [
        orjson.dumps(
            {
                "table": [str(c) for c in dealt.table],
                "moves": [
                    {
                        "seat": m.seat,
                        "card": str(m.card),
                        "take": sorted(map(str, m.cards)),
                    }
                    for m in ms
                ],
            }
        )
        for dealt, ms in games
    ]

    play_time = best_of(args.runs, self_play)
    replay_time = best_of(args.runs, lambda: replay_moves(rules, seating, games))
    parse_time = best_of(args.runs, lambda: [orjson.loads(line) for line in lines])
    print(
        f"deals: {args.deals} two-player classic deals, {moves} moves; best of {args.runs} runs (CPU time)"
    )
    print(
        f"self-play with full move generation: {args.deals / play_time:8.0f} deals/s   (target >= 400)"
    )
    print(
        f"replay path (verify + apply):        {moves / replay_time:8.0f} moves/s   (target >= 120000)"
    )
    print(
        f"reference, orjson.loads of the same moves: {moves / parse_time:8.0f} moves/s;"
        f" the replay path takes {replay_time / parse_time:.1f}x its time"
    )

    print(
        f"machine speed now: the pure-Python reference takes {python_reference():.3f} s"
        " (0.16 s to 0.23 s when the figures in bench/README.md were taken)"
    )


if __name__ == "__main__":
    main()
