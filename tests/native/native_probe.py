"""A fingerprint of what the engine computes, to compare its two builds.

``fingerprint()`` replays every bundled sample, simulates matches in every
preset and table size, and lists the legal moves at every position of some of
their deals; each result is reduced to a digest under a readable key. Run as a
script, it prints the fingerprint as JSON, so ``tests/test_native.py`` can take
it from a pure-Python subprocess and compare it with the compiled build's.
"""

from __future__ import annotations

import hashlib
import json
import sys

import casino_records
from casino_records.check.replay import replay
from casino_records.engine.movegen import generate_legal_moves
from casino_records.record.json.dump import as_dicts
from casino_records.record.json.jsonio import dumps_json, iter_jsonl, load
from casino_records.record.simulate import simulate_record
from tests.paths import SAMPLES

TABLES = [
    ("classic", 2, False),
    ("classic", 3, False),
    ("classic", 4, True),
    ("royal", 2, False),
    ("royal", 3, False),
    ("royal", 4, False),
    ("dominican", 2, False),
    ("dominican", 4, True),
]
OPTIONS = [
    ("classic", {"sweeps": True, "pairing_obligation": "all"}),
    ("royal", {"sweeps": False, "face_capture": "single_same_rank"}),
]


def _json(report: object) -> bytes:
    return dumps_json(as_dicts(report))


def _digest(data: bytes | str) -> str:
    raw = data.encode() if isinstance(data, str) else data
    return hashlib.sha256(raw).hexdigest()[:16]


def fingerprint() -> dict[str, str]:
    """Digests of replay reports, simulated records and legal-move lists."""
    found: dict[str, str] = {}
    for path in sorted(SAMPLES.glob("*.json")):
        found[f"sample {path.name}"] = _digest(_json(replay(load(path)).report))
    for path in sorted(SAMPLES.glob("*.jsonl")):
        for line, item in iter_jsonl(path):
            text = (
                str(item) if isinstance(item, Exception) else _json(replay(item).report)
            )
            found[f"sample {path.name}:{line}"] = _digest(text)
    simulated: list[tuple[str, int, bool, dict[str, object]]] = [
        (preset, players, teams, {}) for preset, players, teams in TABLES
    ] + [(preset, 2, False, options) for preset, options in OPTIONS]
    for preset, players, teams, options in simulated:
        for seed in ("a", "b"):
            label = f"{preset} {players}p{' teams' if teams else ''} {options} {seed}"
            record = simulate_record(
                preset,
                players,
                teams=teams,
                options=options,
                seed=f"native-{seed}",
                bots=("greedy", "random"),
            )
            found[f"simulated {label}"] = _digest(dumps_json(record))
            result = replay(record, positions=True)
            found[f"replayed {label}"] = _digest(_json(result.report))
            legal = [
                " | ".join(str(move) for move in generate_legal_moves(position.state))
                for position in result.positions[0]
                if not position.finished
            ]
            found[f"legal moves {label}"] = _digest("\n".join(legal))
    return found


if __name__ == "__main__":
    json.dump(
        {"compiled": casino_records.COMPILED, "fingerprint": fingerprint()},
        sys.stdout,
    )
