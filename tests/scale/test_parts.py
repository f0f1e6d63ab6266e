"""Partitions: the input cut on the client, each checked and written by its task alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.paths import SAMPLES
from tests.scale.conftest import validate_json, write_archives

pytest.importorskip("pyarrow")  # the scale extra


def test_partitions_number_every_record_once_in_input_order(tmp_path: Path) -> None:
    from casino_records.scale.parts import plan

    inputs = [SAMPLES, *write_archives(tmp_path, 300)]
    parts = list(plan(inputs, size=4096, records=50, max_bytes=1 << 24))
    expected = validate_json(inputs)["records"]
    assert [p.number for p in parts] == list(range(len(parts)))
    assert parts[0].first_seq == 0
    assert all(
        a.first_seq + a.records == b.first_seq
        for a, b in zip(parts, parts[1:], strict=False)
    )
    assert parts[-1].first_seq + parts[-1].records == len(expected)
    assert all(p.records <= 50 or len(p.pieces) == 1 for p in parts)
    spans = [piece for p in parts for piece in p.pieces if piece.span is not None]
    assert len(spans) > 3  # the plain archive is cut in ranges
    assert all(
        piece.span is None
        for p in parts
        for piece in p.pieces
        if not piece.path.endswith(".jsonl")
    )


def test_a_partition_run_again_replaces_its_files(tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    from casino_records.scale.parts import plan
    from casino_records.scale.work import PartError, check_part

    inputs = write_archives(tmp_path, 120)
    [part, *_] = plan(inputs, size=1 << 20, records=40, max_bytes=1 << 24)
    out = tmp_path / "out"
    for table in ("records", "findings"):
        (out / table).mkdir(parents=True)
    first = check_part(part, str(out), 1 << 24, False)
    again = check_part(part, str(out), 1 << 24, False)
    assert first == again and sum(first.counts.values()) == part.records == 40
    for table in ("records", "findings"):
        assert [p.name for p in (out / table).iterdir()] == ["part-00000.parquet"]
    rows = pq.read_table(out / "records").to_pylist()
    assert [r["seq"] for r in rows] == list(range(40))
    entries = validate_json(inputs)["records"][:40]
    assert [(r["source"], r["status"]) for r in rows] == [
        (e["source"], e["status"]) for e in entries
    ]
    inputs[0].write_bytes(inputs[0].read_bytes()[:200])  # cut short since planned
    with pytest.raises(PartError, match="changed during the run"):
        check_part(part, str(out), 1 << 24, False)
    assert json.dumps(sorted(p.name for p in (out / "records").iterdir())) == (
        '["part-00000.parquet"]'
    )
