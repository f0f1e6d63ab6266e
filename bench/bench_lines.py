"""Try another move: the bot finishing a what-if line to the end of the deal.

For each sample below and each position of its first deal, starts a line
there (``TriedLine.start``), plays the position's first legal move and lets
the greedy bot finish the deal (``TriedLine.finish``), then scores it
(``TriedLine.result``): the work of the viewer's "let the bot finish" button.
Prints the median and the slowest of those, CPU time, beside the script's
fixed pure-Python reference workload measured in the same run; then the same
with what the Replay page adds to it (``present.line_view``: the board of the
line's last step drawn, the result in words)::

    .venv/bin/python bench/bench_lines.py [--every N] [RECORD ...]

The target (issue 33): < 0.5 s for a line finished by the bot.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from timing import python_reference

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_games"
DEFAULT = (
    "classic-2p-annotated.json",
    "classic-4p-partnership-hands.json",
    "royal-3p-match-inferred.json",
    "dominican-2p-near-target.json",
)
TARGET = 0.5


def main(argv: list[str]) -> int:
    from casino_records.check.lines import TriedLine
    from casino_records.present import line_view
    from casino_records.present.viewmodel import build_game
    from casino_records.record.json import jsonio

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="*", type=Path)
    parser.add_argument(
        "--every", type=int, default=4, help="start a line at every Nth position"
    )
    args = parser.parse_args(argv)
    paths = args.records or [SAMPLES / name for name in DEFAULT]
    reference = python_reference()
    times: list[float] = []
    paged: list[float] = []
    for path in paths:
        record = jsonio.load(path)
        game = build_game(record)
        moves = sum(len(r.moves) for r in record.deals[0].rounds)
        mine: list[float] = []
        for at in range(0, moves, args.every):
            start = time.process_time()
            line = TriedLine.start(record, 0, at)
            done = line.play(line.legal()[0]).finish()
            assert done.finished
            result = done.result()
            mine.append(time.process_time() - start)
            line_view.line_board(game, done, len(done.moves))
            if result is not None:
                line_view.result_words(result)
            paged.append(time.process_time() - start)
        times += mine
        print(
            f"{path.name}: {len(mine)} lines, median {statistics.median(mine) * 1000:.1f}"
            f" ms, slowest {max(mine) * 1000:.1f} ms"
        )
    slowest = max(times)
    print(
        f"all: {len(times)} lines finished by the bot, median"
        f" {statistics.median(times) * 1000:.1f} ms, slowest {slowest * 1000:.1f} ms"
        f" ({slowest / reference:.2f}x the reference workload's"
        f" {reference * 1000:.0f} ms); target < {TARGET} s:"
        f" {'met' if slowest < TARGET else 'MISSED'}"
    )
    print(
        f"with the page's board and words: median {statistics.median(paged) * 1000:.1f}"
        f" ms, slowest {max(paged) * 1000:.1f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
