"""What the benchmarks run on: shuffled packs (``bench_engine``,
``bench_selfplay``) and simulated archives (``bench_bulk``, ``bench_rescore``):
:data:`DISTINCT` short matches of every preset and table, cycled to any length
(what is measured does not depend on the content)."""

from __future__ import annotations

import random
from pathlib import Path

from casino_records.engine.cards import CARDS, Card
from casino_records.record.json.jsonio import dumps_jsonl
from casino_records.record.simulate import simulate_record

DISTINCT = 200
"""Matches simulated (of at most two deals); an archive repeats them."""


def write_archive(path: Path, records: int, seed: str) -> None:
    """Write ``records`` lines to ``path``, cycling through :data:`DISTINCT`
    simulated matches seeded ``{seed}-{k}``."""
    lines = dumps_jsonl(
        simulate_record(
            ("classic", "royal", "dominican")[k % 3],
            2 + k % 3,
            teams=k % 3 == 2,
            seed=f"{seed}-{k}",
            max_deals=2,
        )
        for k in range(DISTINCT)
    ).splitlines(keepends=True)
    with open(path, "wb") as out:
        for k in range(records):
            out.write(lines[k % DISTINCT])


def decks(count: int, seed: int = 5) -> list[list[Card]]:
    """``count`` packs, each shuffled by one ``random.Random(seed)`` in turn."""
    rng = random.Random(seed)
    result = []
    for _ in range(count):
        deck = list(CARDS)
        rng.shuffle(deck)
        result.append(deck)
    return result
