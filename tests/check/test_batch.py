"""Batch checking: finding records, streaming items, bounded parallel workers."""

from __future__ import annotations

import gzip
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from casino_records.check import batch
from casino_records.check.batch import (
    ArchiveRange,
    check_all,
    check_files,
    check_item,
    task_results,
    work_of,
)
from casino_records.check.replay import replay
from casino_records.present.report_text import report_text, status_line, summary_line
from casino_records.record.files.sources import Item, iter_items
from casino_records.record.json import jsonio
from tests.paths import SAMPLES

ARCHIVE = SAMPLES / "archive-mixed.jsonl"


def test_check_all_in_parallel_equals_serial() -> None:
    items = list(iter_items([SAMPLES]))
    serial = list(check_all(items, jobs=1))
    parallel = list(check_all(items, jobs=2, chunksize=2))
    assert parallel == serial


def _mixed_inputs(folder: Path) -> list[Path]:
    """An archive of many ranges with every kind of line, and other sources."""
    lines = ARCHIVE.read_bytes().splitlines(keepends=True)
    odd = [b"\n", b"   \n", b"{not json\n", b'{"id": "' + b"x" * 40000 + b'"}\n']
    body = b"".join(
        lines[k % len(lines)] + odd[k % 4] * (k % 3 == 0) for k in range(90)
    )
    big = folder / "big.jsonl"
    big.write_bytes(b"\xef\xbb\xbf" + body + b'{"id": "no line end"}')
    packed = folder / "packed.jsonl.gz"
    packed.write_bytes(gzip.compress(b"".join(lines[:5])))
    return [SAMPLES / "disputed-two-mistakes.json", big, packed, ARCHIVE, SAMPLES]


def test_check_files_in_workers_reading_ranges_equals_one_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch, "RANGE_BYTES", 4096)
    monkeypatch.setattr(batch, "RANGE_RECORDS", 7)
    inputs = _mixed_inputs(tmp_path)
    ranges = [w for w in work_of(inputs) if isinstance(w, ArchiveRange)]
    assert len({w.label for w in ranges}) == 2 and len(ranges) > 10
    serial = list(check_files(inputs, jobs=1, reports=True, max_bytes=30000))
    parallel = list(check_files(inputs, jobs=2, reports=True, max_bytes=30000))
    assert parallel == serial
    statuses = {o.status for o in serial}
    assert statuses == {"ok", "disputed", "invalid", "unreadable"}
    assert [o.label for o in serial if o.label.startswith(str(inputs[1]))][:2] == [
        f"{inputs[1]}:1",
        f"{inputs[1]}:3",
    ]


def test_a_range_whose_archive_is_gone_is_one_error(tmp_path: Path) -> None:
    archive = tmp_path / "a.jsonl"
    archive.write_bytes(ARCHIVE.read_bytes())
    (work,) = work_of([archive])
    assert isinstance(work, ArchiveRange)
    archive.unlink()
    (outcome,) = task_results(work, check_item)
    assert outcome.status == "unreadable"
    assert outcome.label == str(archive) and "cannot read" in outcome.problem


def test_check_all_reads_a_bounded_window_ahead() -> None:
    line = ARCHIVE.read_bytes().split(b"\n", 1)[0]
    taken = 0
    lock = threading.Lock()

    def endless() -> Iterator[Item]:
        nonlocal taken
        n = 0
        while True:
            n += 1
            with lock:
                taken += 1
            yield Item(f"x:{n}", "jsonl", line, n, len(line))

    outcomes = check_all(endless(), jobs=2, chunksize=2)
    got = [next(outcomes) for _ in range(5)]
    outcomes.close()  # like --fail-fast: stops the workers
    assert [o.status for o in got] == ["ok"] * 5
    assert taken <= 5 + 2 * 2 * 4 + 2  # results + the window (+ one chunk in hand)


def test_render_report_of_a_dispute() -> None:
    record = jsonio.load(SAMPLES / "disputed-sweep-count.json")
    text = report_text(replay(record, source="x.json").report)
    assert text.startswith("x.json: DISPUTED")
    assert "✗" in text and "✓" in text
    assert "decided by:" in text


def test_status_and_summary_lines() -> None:
    outcome = check_item(Item("x.json", "json", b"[]"))
    assert status_line(outcome) == (
        "invalid     x.json: a record is a JSON object, not an array"
    )
    assert summary_line({"ok": 1}) == "1 record: 1 ok"
