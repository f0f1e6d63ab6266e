"""Could I have won? (issue 33): each sample game of three deals, default settings.

Prints figures only (no assertions). For each record of ``sample_games/`` with
three deals: CPU seconds of the whole analysis as ``casino-records analyse GAME``
makes it in one process (every move valued, then "could I have won" and par;
"could I have won" reuses the analysis' own play-outs there), and of the "could
I have won" step alone (:func:`~casino_records.analysis.could_win.could_have_won`
over that analysis without them: the exact lines, and the sampled play-outs of
the choices it asks played again); target: "could I have won" under 10 s a game
on the 2-core machine.
Beside them, the script's reference workload of the same run, and how many
moves changed a deal's or the match's result.

Run: ``.venv/bin/python bench/bench_could_win.py [--samples N] [--games PATTERN]``.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from timing import python_reference

import casino_records
from casino_records.analysis.analyse import (
    DEFAULT_SAMPLES,
    analyse_record,
    make_settings,
)
from casino_records.analysis.analysed_game import AnalysedGame
from casino_records.analysis.could_win import could_have_won
from casino_records.record.json.jsonio import load

SAMPLES = Path(__file__).resolve().parents[1] / "sample_games"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    parser.add_argument(
        "--games", default="*.json", help="file pattern in sample_games/"
    )
    args = parser.parse_args()
    compiled = getattr(casino_records, "COMPILED", None)
    print(
        f"compiled: {compiled}; reference workload {python_reference() * 1000:.0f} ms"
    )
    settings = make_settings(samples=args.samples)
    worst = 0.0
    for path in sorted(SAMPLES.glob(args.games)):
        record = load(path)
        if len(record.deals) != 3:
            continue
        started = time.process_time()
        analysis = analyse_record(record, settings)
        whole = time.process_time() - started
        game = AnalysedGame(record, settings)
        started = time.process_time()
        could_have_won(game, analysis)
        alone = time.process_time() - started
        worst = max(worst, alone)
        found = sum(
            len(verdict.turnarounds)
            for verdicts in [analysis.could_win, *(d.could_win for d in analysis.deals)]
            for verdict in verdicts
        )
        print(
            f"{path.name:40} analyse {whole:5.1f} s CPU; could I have won alone,"
            f" play-outs played again, {alone:4.1f} s; {found} turnarounds"
        )
    print(f'slowest "could I have won": {worst:.1f} s CPU (target < 10 s)')


if __name__ == "__main__":
    main()
