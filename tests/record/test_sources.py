"""Records as they come: the one rule for what a file is, items, the line reader."""

from __future__ import annotations

import io as stdio
from pathlib import Path

import pytest

from casino_records.check.batch import check_item
from casino_records.record.files.kinds import MAX_RECORD_BYTES, kind_of, lines_of
from casino_records.record.files.reading import read_item
from casino_records.record.files.sources import (
    Item,
    find_files,
    items_of_stream,
    iter_items,
)
from casino_records.record.json import jsonio
from tests.paths import SAMPLES

ARCHIVE = SAMPLES / "archive-mixed.jsonl"


def test_find_files_skips_hidden_and_other_suffixes(tmp_path: Path) -> None:
    for name in ("b.json", "a.jsonl", "c.txt", "d.md", ".e.json"):
        (tmp_path / name).write_text("x")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "f.json").write_text("x")
    found = [p.name for p in find_files([tmp_path])]
    assert found == ["a.jsonl", "b.json", "c.txt"]


def test_kind_of_by_suffix_in_any_case_then_by_content() -> None:
    assert kind_of(Path("-"), b'{"format": "x"}\n') == "jsonl"
    assert kind_of(Path("-"), b"{\n") == "json"
    assert kind_of(Path("-"), b'[Format "casino-record/1"]') == "text"
    assert kind_of(Path("x.json"), b"[Format") == "json"
    assert kind_of(Path("x.JSON"), b"[Format") == "json"
    assert kind_of(Path("t.JSONL"), b"{\n") == "jsonl"
    assert kind_of(Path("t.ndjson"), b"{\n") == "jsonl"
    assert kind_of(Path("t.TXT"), b"{}") == "text"
    assert kind_of(Path("notes.md"), b"\xef\xbb\xbf  {}") == "jsonl"


def test_archive_items_carry_line_numbers() -> None:
    data = b"\n" + ARCHIVE.read_bytes().split(b"\n", 1)[0] + b"\n\n{bad\n"
    items = list(items_of_stream(stdio.BytesIO(data), Path("a.jsonl"), "a.jsonl"))
    assert [(i.label, i.line) for i in items] == [("a.jsonl:2", 2), ("a.jsonl:4", 4)]
    outcome = check_item(items[1])
    assert outcome.status == "unreadable"
    assert outcome.problem.startswith("line 4, column")


def test_text_archive_items(tmp_path: Path) -> None:
    from casino_records.record.text.notation import write_text_archive

    records = [r for _, r in jsonio.iter_jsonl(ARCHIVE)][:3]
    path = tmp_path / "a.txt"
    path.write_text(write_text_archive(records))  # type: ignore[arg-type]
    items = list(iter_items([path]))
    assert len(items) == 3
    assert items[0].label == str(path)
    assert items[1].label.startswith(f"{path}:")
    assert all(check_item(item).status == "ok" for item in items)


def test_find_files_takes_suffixes_in_any_case(tmp_path: Path) -> None:
    for name in ("a.JSONL", "b.ndjson", "c.Json", "d.TXT", "e.jsn"):
        (tmp_path / name).write_text("x")
    found = [p.name for p in find_files([tmp_path])]
    assert found == ["a.JSONL", "b.ndjson", "c.Json", "d.TXT"]


def test_the_line_reader_counts_no_line_end() -> None:
    data = b"abc\r\nde\n\nxyzw"
    lines = list(lines_of(stdio.BytesIO(data), 3))
    assert [(line.number, line.data, line.too_long) for line in lines] == [
        (1, b"abc", False),
        (2, b"de", False),
        (3, b"", False),
        (4, b"", True),
    ]
    assert lines[3].size == 4 and lines[0].raw_size == 5


def test_the_line_reader_drops_a_bom_on_the_first_line_only() -> None:
    data = b"\xef\xbb\xbfab\n\xef\xbb\xbfcd\n"
    lines = [line.data for line in lines_of(stdio.BytesIO(data), 10)]
    assert lines == [b"ab", b"\xef\xbb\xbfcd"]


@pytest.mark.parametrize("suffix", [".json", ".jsonl"])
def test_a_record_of_exactly_the_limit_is_read_either_way(
    tmp_path: Path, suffix: str
) -> None:
    line = ARCHIVE.read_bytes().split(b"\n", 1)[0]
    path = tmp_path / f"r{suffix}"
    path.write_bytes(line + b"\n" if suffix == ".jsonl" else line)
    (item,) = iter_items([path], max_bytes=len(line))
    assert read_item(item, len(line))[0] is not None
    (item,) = iter_items([path], max_bytes=len(line) - 1)
    record, errors, unreadable = read_item(item, len(line) - 1)
    assert record is None and unreadable
    assert f"record too large: {len(line)} bytes" in errors[0].message


def test_a_binary_file_is_one_error(tmp_path: Path) -> None:
    path = tmp_path / "photo.jsonl"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 40)
    items = list(iter_items([path]))
    assert len(items) == 1
    record, errors, unreadable = read_item(items[0])
    assert record is None and unreadable
    assert errors[0].message == "not a text file"
    assert errors[0].where == "the whole record"


def test_one_line_record_from_stdin_is_an_archive_of_one() -> None:
    line = ARCHIVE.read_bytes().split(b"\n", 1)[0]
    items = list(items_of_stream(stdio.BytesIO(line), Path("-"), "<stdin>"))
    assert [(i.kind, i.label) for i in items] == [("jsonl", "<stdin>:1")]


def test_the_default_limit_is_the_library_limit() -> None:
    assert jsonio.DEFAULT_MAX_BYTES == MAX_RECORD_BYTES == 16 * 1024 * 1024


def test_an_error_item_is_unreadable_and_placed() -> None:
    record, errors, unreadable = read_item(
        Item("a.jsonl:3", "error", line=3, problem="x")
    )
    assert record is None and unreadable and errors[0].where == "the whole record"
