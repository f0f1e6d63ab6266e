"""Batch checking: finding records, streaming items, bounded parallel workers."""

from __future__ import annotations

import threading
from collections.abc import Iterator

from casino_records.check.batch import check_all, check_item
from casino_records.check.replay import replay
from casino_records.present.report_text import report_text, status_line, summary_line
from casino_records.record import jsonio
from casino_records.record.sources import Item, iter_items
from tests.paths import SAMPLES

ARCHIVE = SAMPLES / "archive-mixed.jsonl"


def test_check_all_in_parallel_equals_serial() -> None:
    items = list(iter_items([SAMPLES]))
    serial = list(check_all(items, jobs=1))
    parallel = list(check_all(items, jobs=2, chunksize=2))
    assert parallel == serial


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
