"""A plain archive read range by range gives the items of reading it whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from casino_records.record.files.kinds import BOM
from casino_records.record.files.ranges import range_items, split_archive
from casino_records.record.files.sources import Item, iter_items

LIMIT = 64


def archive(tmp_path: Path) -> Path:
    """Blank lines, CRLF line ends, a BOM first and one further on, a line too
    long to keep, whitespace only, and no line end at the end."""
    lines = [
        BOM + b'{"id": 0}',
        b"",
        b'{"id": 1}\r',
        b"   \t",
        b'{"id": 2, "pad": "' + b"x" * 2 * LIMIT + b'"}',
        BOM + b'{"id": 3}',
        *[b'{"id": %d}' % k for k in range(4, 40)],
        b"",
    ]
    path = tmp_path / "a.jsonl"
    path.write_bytes(b"\n".join(lines) + b'\n{"id": "last"}')
    return path


def fields(items: list[Item]) -> list[tuple[object, ...]]:
    return [
        (i.label, i.kind, i.data, i.line, i.size, i.offset, i.problem) for i in items
    ]


@pytest.mark.parametrize(
    ("range_bytes", "range_records"), [(1, None), (40, None), (100, 3), (10**6, None)]
)
def test_ranges_read_what_the_whole_file_reads(
    tmp_path: Path, range_bytes: int, range_records: int | None
) -> None:
    path = archive(tmp_path)
    whole = list(iter_items([path], max_bytes=LIMIT))
    ranges = list(
        split_archive(
            path, range_bytes=range_bytes, range_records=range_records, max_bytes=LIMIT
        )
    )
    assert ranges[0].start == 0 and ranges[-1].end == path.stat().st_size
    assert all(a.end == b.start for a, b in zip(ranges, ranges[1:], strict=False))
    read = []
    for part in ranges:
        items = list(range_items(path, part, label=str(path), max_bytes=LIMIT))
        assert len(items) == part.records
        assert range_records is None or part.records <= range_records
        read += items
    assert fields(read) == fields(whole)
    assert sum(1 for i in whole if i.kind == "error") == 1  # the long line
    assert len(ranges) > 1 or range_bytes == 10**6


def test_an_empty_archive_is_one_empty_range(tmp_path: Path) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_bytes(b"")
    [only] = split_archive(path, range_bytes=10)
    assert (only.start, only.end, only.records) == (0, 0, 0)
    assert list(range_items(path, only, label="empty")) == []
