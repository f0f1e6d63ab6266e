"""Records of every kind the project holds, as bytes: the record-reading tests' inputs."""

from __future__ import annotations

import gzip

from casino_records.record.json.jsonio import dumps
from casino_records.record.simulate import simulate_record
from tests.paths import PEER_GAMES, SAMPLES

CONFIGS = [
    ("classic", 2, False, "seed"),
    ("classic", 3, False, "deck"),
    ("royal", 4, True, "hands"),
    ("dominican", 2, False, "seed"),
    ("dominican", 4, True, "deck"),
]


def _documents() -> list[bytes]:
    """Records of every kind the project holds: samples, peer games, simulated."""
    found = [path.read_bytes() for path in sorted(SAMPLES.glob("*.json"))]
    found += (SAMPLES / "archive-mixed.jsonl").read_bytes().splitlines()
    found += (PEER_GAMES / "classic.jsonl").read_bytes().splitlines()[:20]
    with gzip.open(PEER_GAMES / "classic-legal.jsonl.gz") as stream:
        found += stream.read().splitlines()[:5]
    for i, (preset, players, teams, provenance) in enumerate(CONFIGS):
        record = simulate_record(
            preset,
            players,
            teams=teams,
            seed=f"fast-{i}",
            bots=("greedy", "random"),
            provenance=provenance,  # type: ignore[arg-type]
        )
        found.append(dumps(record))
    return [line for line in found if line.strip()]


DOCUMENTS = _documents()
