"""The long fuzz run: as many mutated records as asked, through the real commands.

The same harness as ``tests/cli/test_fuzz.py`` (40 batches of 25 in ``make test``,
120 in CI), for a long run: ``--batches`` batches of ``--per-batch`` inputs
from seeds ``--first``, ``--first + 1``, … Every input must get a verdict with
no traceback and no hang, every problem must be located, and every valid
record must pass the independent card check. Prints the verdicts counted, and
each failure with its seed (re-run one with ``--first SEED --batches 1``).
Not named ``bench_*.py``: ``make bench`` does not run it.

Run: ``.venv/bin/python bench/fuzz_long.py [--batches 800] [--per-batch 25] [--first 0]``.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.cli.fuzzing import mutated_inputs  # noqa: E402
from tests.cli.test_fuzz import SECONDS_PER_BATCH, check_batch, deadline  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--batches", type=int, default=800)
    parser.add_argument("--per-batch", type=int, default=25)
    parser.add_argument("--first", type=int, default=0)
    args = parser.parse_args()
    failures = 0
    kinds: collections.Counter[str] = collections.Counter()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="casino-fuzz.") as scratch:
        for seed in range(args.first, args.first + args.batches):
            folder = Path(scratch) / str(seed)
            folder.mkdir()
            inputs = mutated_inputs(random.Random(seed), args.per_batch)
            kinds.update(one.mutation.split(" ")[0] for one in inputs)
            try:
                with deadline(SECONDS_PER_BATCH):
                    check_batch(folder, inputs, jobs=2 if seed % 3 == 0 else 1)
            except Exception:  # report every failing seed, go on with the next
                failures += 1
                print(f"FAILED seed {seed}:\n{traceback.format_exc()}", flush=True)
    seconds = time.perf_counter() - start
    total = args.batches * args.per_batch
    print(
        json.dumps(
            {"inputs": total, "failed batches": failures, "seconds": round(seconds)}
        )
    )
    print("mutations:", dict(kinds.most_common()))
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
