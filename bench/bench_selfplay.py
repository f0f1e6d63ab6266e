"""Random self-play against a native Rust Casino engine, side by side (issue 16).

Both play whole two-player classic deals with a uniform random legal move at
every turn, full legal-move generation, the move checked and applied, and the
count at the end. The Rust engine is ``../shared/peer-engine-rs`` (abartnof's
cassino core, see its NOTICE.md): when ``cargo`` is on the PATH the bench copies
it to a temporary folder and builds it there (``cargo build --release
--offline``); otherwise, or when the build fails, it quotes that engine's
figure of about 29,000 deals per CPU second on this kind of machine.

The two engines take turns (``--runs`` pairs: one run of ours, then one of
Rust's), so that the machine's drift, large on a shared machine, falls on both
sides of each pair's ratio. Prints each engine's median deals per CPU second
and the median of the pairs' ratios, with their range (target: ours >= 1/6 of
Rust's). Run with ``CASINO_RECORDS_PURE_PYTHON=1`` for the pure-Python build.

Run: ``.venv/bin/python bench/bench_selfplay.py [--deals N] [--runs N]``.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import tempfile
from inspect import signature
from pathlib import Path
from statistics import median
from typing import Any

from inputs import decks
from timing import best_of, python_reference

import casino_records
from casino_records.engine.bots import RandomBot, play_deal
from casino_records.engine.movegen import clear_caches
from casino_records.engine.rules import Rules
from casino_records.engine.scoring import score_piles
from casino_records.engine.seating import Seating

ROOT = Path(__file__).resolve().parents[1]
PEER = next(
    (
        folder / "shared" / "peer-engine-rs"
        for folder in (ROOT.parent, ROOT.parent.parent)  # beside a clone or a worktree
        if (folder / "shared" / "peer-engine-rs").is_dir()
    ),
    ROOT.parent / "shared" / "peer-engine-rs",
)
QUOTED_RUST = 29_000.0
"""Deals per CPU second of the Rust engine on this kind of machine (its NOTICE.md)."""


class RustEngine:
    """The Rust engine's self-play driver, built once in a temporary folder.

    ``binary`` is None (and ``source`` says why) when it cannot be built here:
    the bench then quotes :data:`QUOTED_RUST`.
    """

    def __init__(self, build: bool) -> None:
        self._folder = tempfile.TemporaryDirectory(prefix="peer-engine-rs-")
        self.binary: Path | None = None
        self.source = "quoted (--rust-deals 0)"
        if build:
            self.binary, self.source = self._build(Path(self._folder.name) / "peer")

    @staticmethod
    def _build(copy: Path) -> tuple[Path | None, str]:
        cargo = shutil.which("cargo")
        if cargo is None or not PEER.is_dir():
            return None, "quoted (no cargo or no peer-engine-rs here)"
        shutil.copytree(PEER, copy, ignore=shutil.ignore_patterns("target"))
        built = subprocess.run(
            [cargo, "build", "--release", "--offline", "--quiet"],
            cwd=copy,
            capture_output=True,
            text=True,
            timeout=900,
            check=False,
        )
        if built.returncode != 0:
            why = built.stderr.strip().splitlines()[-1:] or ["?"]
            return None, f"quoted (cargo build failed: {why[0]})"
        return (
            copy / "target" / "release" / "selfplay",
            "measured now (cargo build --release --offline)",
        )

    def deals_per_second(self, deals: int) -> float:
        """One run of ``deals`` deals: deals per CPU second (the driver's own clock)."""
        if self.binary is None:
            return QUOTED_RUST
        ran = subprocess.run(
            [str(self.binary), str(deals), "1", "1"],
            capture_output=True,
            text=True,
            timeout=900,
            check=True,
        )
        found = re.search(r"deals/s median (\d+)", ran.stdout)
        if found is None:
            raise SystemExit(f"unreadable output of the Rust selfplay: {ran.stdout!r}")
        return float(found.group(1))

    def close(self) -> None:
        """Remove the temporary build."""
        self._folder.cleanup()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument(
        "--rust-deals",
        type=int,
        default=3000,
        help="deals per run of the Rust engine (0: quote its figure)",
    )
    args = parser.parse_args()
    rules = Rules.from_preset("classic")
    seating = Seating.create(rules, 2, None)
    packs = decks(args.deals)

    # keep_log=False where the engine has it (an older checkout may not).
    quiet: dict[str, Any] = (
        {"keep_log": False} if "keep_log" in signature(play_deal).parameters else {}
    )

    def self_play() -> int:
        clear_caches()  # every run starts cold: no table analysis carried over
        bots = [RandomBot(1), RandomBot(2)]
        points = 0
        for pack in packs:
            state = play_deal(rules, seating, 1, pack, bots, **quiet).state
            points += sum(
                s.earned for s in score_piles(rules, state.piles, state.sweeps)
            )
        return points

    # The two engines take turns, each run beside the other's, so that a
    # change in the machine's speed falls on both sides of a ratio.
    rust_engine = RustEngine(build=args.rust_deals > 0)
    try:
        pairs = []
        for _ in range(args.runs):
            ours = args.deals / best_of(1, self_play)
            pairs.append((ours, rust_engine.deals_per_second(args.rust_deals)))
    finally:
        rust_engine.close()
    ratios = sorted(rust / ours for ours, rust in pairs)
    build = "compiled (mypyc)" if casino_records.COMPILED else "pure Python"
    pure = (
        " (CASINO_RECORDS_PURE_PYTHON set)"
        if os.environ.get("CASINO_RECORDS_PURE_PYTHON")
        else ""
    )
    print(
        f"random self-play, two-player classic deals, CPU time; engine: {build}{pure}"
    )
    print(
        f"this engine: {median(o for o, _ in pairs):9.0f} deals/s median,"
        f" best {max(o for o, _ in pairs):.0f}  ({args.runs} runs of {args.deals} deals)"
    )
    print(
        f"Rust engine: {median(r for _, r in pairs):9.0f} deals/s median,"
        f" best {max(r for _, r in pairs):.0f}  ({rust_engine.source};"
        f" {args.rust_deals} deals a run, alternating with ours)"
    )
    print(
        f"ratio: 1/{median(ratios):.1f} of the Rust engine, median of {args.runs}"
        f" side-by-side pairs (1/{ratios[0]:.1f} to 1/{ratios[-1]:.1f}; target >= 1/6)"
    )
    print(
        f"machine speed now: the pure-Python reference takes {python_reference():.3f} s"
    )


if __name__ == "__main__":
    main()
