"""Validate + re-score throughput (issue "record notation, replay ..."): prints figures.

Simulates an archive of whole matches (all presets and player counts), then
measures, each as the best CPU time of several runs:

- ``orjson.loads`` of every line alone (the reference: parsing the bytes);
- reading records (parsing and validating them into the models);
- the full job, as ``casino-records validate`` runs it on one core
  (``batch.check_all`` with one job): read, replay every move through the
  engine, score every deal, audit every claim (target: >= 120,000 moves/s),
  and the share of it spent refusing keys given twice;
- the same full job with the engine in pure Python (a subprocess with
  ``CASINO_RECORDS_PURE_PYTHON=1``), when the engine is compiled;
- the replay alone (records already read: verify every move, score, audit);
- python-chess's ``chess.pgn.read_game`` over a PGN corpus of random games
  generated here (seeded, not stored): the plies per CPU second it reads and
  validates, in runs taking turns with the full job's, the ratio of each pair
  and their median (target: validate + re-score >= 10x its plies/s).
  Needs the ``bench`` extra (``pip install -e '.[bench]'``); skipped without it.

Run: ``.venv/bin/python bench/bench_replay.py [--games N] [--runs N]``.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import subprocess
import sys
from collections.abc import Callable
from statistics import median

import orjson
from timing import best_of, python_reference

import casino_records
from casino_records.check.batch import check_all
from casino_records.check.replay import replay
from casino_records.record.files.sources import Item
from casino_records.record.json.exact import has_repeated_keys
from casino_records.record.json.jsonio import dumps_jsonl, loads, validate_record_bytes
from casino_records.record.quick.moves import cut_moves
from casino_records.record.quick.reader import key_count
from casino_records.record.simulate import simulate_record

CONFIGS = [
    ("classic", 2, False),
    ("classic", 3, False),
    ("classic", 4, True),
    ("royal", 2, False),
    ("royal", 4, False),
    ("dominican", 2, False),
    ("dominican", 4, True),
]


def archive(games: int) -> list[bytes]:
    """The simulated archive, one JSON line per match."""
    records = [
        simulate_record(
            preset, players, teams=teams, seed=f"bench-{i}", bots=("greedy", "random")
        )
        for i in range(games)
        for preset, players, teams in [CONFIGS[i % len(CONFIGS)]]
    ]
    return dumps_jsonl(records).splitlines()


def pgn_corpus(games: int, seed: int = 7) -> tuple[list[str], int]:
    """Random legal chess games as PGN text, and their number of plies."""
    import chess  # noqa: PLC0415 (the bench extra)
    import chess.pgn  # noqa: PLC0415

    rng = random.Random(seed)
    texts: list[str] = []
    plies = 0
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over() and board.ply() < 160:
            board.push(rng.choice(list(board.legal_moves)))
        game = chess.pgn.Game.from_board(board)
        texts.append(str(game))
        plies += board.ply()
    return texts, plies


def chess_reader(games: int) -> tuple[Callable[[], None], int] | None:
    """A job reading the PGN corpus with ``chess.pgn.read_game``, and its plies;
    None without python-chess."""
    try:
        import chess.pgn  # noqa: PLC0415 (the bench extra)
    except ImportError:
        return None
    texts, plies = pgn_corpus(games)

    def read_all() -> None:
        for text in texts:
            chess.pgn.read_game(io.StringIO(text))

    return read_all, plies


def full_job(lines: list[bytes]) -> Callable[[], None]:
    """Checking every line as ``validate`` does (warmed up: the report models
    used once, the caches filled)."""
    items = [
        Item(f"bench.jsonl:{n}", "jsonl", line, line=n, size=len(line) + 1)
        for n, line in enumerate(lines, 1)
    ]

    def job() -> None:
        for outcome in check_all(items):
            assert outcome.status == "ok", outcome

    job()
    return job


def side_by_side(
    ours: Callable[[], None], theirs: Callable[[], None], runs: int
) -> list[tuple[float, float]]:
    """CPU seconds of ``runs`` pairs of runs, ours then theirs: a change in the
    machine's speed falls on both sides of a pair."""
    return [(best_of(1, ours), best_of(1, theirs)) for _ in range(runs)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=140)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--chess-games", type=int, default=150)
    parser.add_argument(
        "--full-job-only", action="store_true", help="print the full job's seconds"
    )
    args = parser.parse_args()
    lines = archive(args.games)
    if args.full_job_only:
        print(best_of(args.runs, full_job(lines)))
        return
    size = sum(len(line) + 1 for line in lines)
    moves = sum(replay(loads(line)).report.moves_checked for line in lines)
    parse = best_of(args.runs, lambda: [orjson.loads(line) for line in lines])
    read = best_of(args.runs, lambda: [validate_record_bytes(line) for line in lines])
    job = full_job(lines)
    full = best_of(args.runs, job)
    build = "compiled (mypyc)" if casino_records.COMPILED else "pure Python"
    print(
        f"archive: {len(lines)} matches, {moves} moves, {size / 1e6:.1f} MB;"
        f" best of {args.runs} runs (CPU time); engine: {build}"
    )
    print(
        f"orjson.loads alone (reference): {parse:7.3f} s  {moves / parse:10.0f} moves/s"
    )
    print(
        f"read records (models):          {read:7.3f} s  {moves / read:10.0f} moves/s"
        f"  ({read / parse:.1f}x the reference)"
    )
    print(
        f"validate + re-score (full job): {full:7.3f} s  {moves / full:10.0f} moves/s"
        f"  ({full / parse:.1f}x the reference; target >= 120000 moves/s)"
    )
    # as validate checks them: parsed, what is left once the moves are cut out
    texts = [line if (cut := cut_moves(line)) is None else cut[0] for line in lines]
    parsed = [orjson.loads(text) for text in texts]
    repeated = best_of(
        args.runs,
        lambda: [
            has_repeated_keys(text, p, key_count(p))
            for text, p in zip(texts, parsed, strict=True)
        ],
    )
    print(
        f"  of which the check for keys given twice: {repeated:7.3f} s"
        f"  ({repeated / full:.1%} of the full job)"
    )
    records = [loads(line) for line in lines]
    alone = best_of(args.runs, lambda: [replay(record) for record in records])
    print(
        f"replay alone (records read):    {alone:7.3f} s  {moves / alone:10.0f} moves/s"
    )
    chess = chess_reader(args.chess_games)
    if chess is None:
        print("python-chess not installed (pip install -e '.[bench]'): no comparison")
    else:
        read_all, plies = chess
        read_all()  # warm
        pairs = side_by_side(job, read_all, args.runs)
        ratios = sorted(moves * theirs / (ours * plies) for ours, theirs in pairs)
        chess_rate = plies / median(theirs for _, theirs in pairs)
        print(
            f"python-chess read_game:                  {chess_rate:10.0f} plies/s"
            f" (median of {args.runs} runs, each beside one of the full job)"
        )
        print(
            f"  validate + re-score is {median(ratios):.1f}x its plies/s, the median"
            f" of the pairs (from {ratios[0]:.1f}x to {ratios[-1]:.1f}x);"
            f" the replay alone {moves / alone / chess_rate:.1f}x (target >= 10x)"
        )
    if casino_records.COMPILED:
        env = {**os.environ, "CASINO_RECORDS_PURE_PYTHON": "1"}
        command = [sys.executable, __file__, "--full-job-only"]
        command += ["--games", str(args.games), "--runs", str(min(args.runs, 3))]
        done = subprocess.run(command, env=env, capture_output=True, text=True)
        pure = float(done.stdout.strip().splitlines()[-1])
        print(
            f"  the same, pure-Python engine: {pure:7.3f} s  {moves / pure:10.0f} moves/s"
            f"  (the compiled engine is {pure / full:.1f}x faster)"
        )
    print(
        f"machine speed now: the pure-Python reference takes {python_reference():.3f} s"
        " (0.16 s to 0.23 s when the figures in bench/README.md were taken)"
    )


if __name__ == "__main__":
    main()
