"""Batch checking: finding records, streaming items, bounded parallel workers."""

from __future__ import annotations

import io as stdio
import threading
from collections.abc import Iterator
from pathlib import Path

from casino_records.check.batch import (
    Item,
    check_all,
    check_item,
    find_files,
    items_of_stream,
    iter_items,
    sniff_kind,
)
from casino_records.check.replay import replay
from casino_records.present.render import report_text, status_line, summary_line
from casino_records.record import jsonio
from tests.paths import SAMPLES

ARCHIVE = SAMPLES / "archive-mixed.jsonl"


def test_find_files_skips_hidden_and_other_suffixes(tmp_path: Path) -> None:
    for name in ("b.json", "a.jsonl", "c.txt", "d.md", ".e.json"):
        (tmp_path / name).write_text("x")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "f.json").write_text("x")
    found = [p.name for p in find_files([tmp_path])]
    assert found == ["a.jsonl", "b.json", "c.txt"]


def test_sniff_kind() -> None:
    assert sniff_kind(Path("-"), b'{"format": "x"}\n') == "jsonl"
    assert sniff_kind(Path("-"), b"{\n") == "json"
    assert sniff_kind(Path("-"), b'[Format "casino-record/1"]') == "text"
    assert sniff_kind(Path("x.json"), b"[Format") == "json"


def test_archive_items_carry_line_numbers() -> None:
    data = b"\n" + ARCHIVE.read_bytes().split(b"\n", 1)[0] + b"\n\n{bad\n"
    items = list(items_of_stream(stdio.BytesIO(data), Path("a.jsonl"), "a.jsonl"))
    assert [(i.label, i.line) for i in items] == [("a.jsonl:2", 2), ("a.jsonl:4", 4)]
    outcome = check_item(items[1])
    assert outcome.status == "unreadable"
    assert outcome.problem.startswith("line 4, column")


def test_text_archive_items(tmp_path: Path) -> None:
    from casino_records.record.textnotation import write_text_archive

    records = [r for _, r in jsonio.iter_jsonl(ARCHIVE)][:3]
    path = tmp_path / "a.txt"
    path.write_text(write_text_archive(records))  # type: ignore[arg-type]
    items = list(iter_items([path]))
    assert len(items) == 3
    assert items[0].label == str(path)
    assert items[1].label.startswith(f"{path}:")
    assert all(check_item(item).status == "ok" for item in items)


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
