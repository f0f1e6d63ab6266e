"""Compressed archives (.jsonl.gz, .jsonl.zst) read as the plain ones, and items read
again by their line and byte offset."""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

import pytest

from casino_records.record.files.kinds import MAX_RECORD_BYTES
from casino_records.record.files.reading import read_item
from casino_records.record.files.sources import (
    ZSTD_MISSING,
    Item,
    find_files,
    item_at,
    iter_items,
)
from casino_records.record.files.writers import TEXT_SEPARATOR, record_bytes
from casino_records.record.json.jsonio import load
from tests.paths import SAMPLES

ARCHIVE = SAMPLES / "archive-mixed.jsonl"


def _zst(data: bytes, path: Path, frames: int = 1) -> Path:
    """``data`` compressed into ``frames`` concatenated zstd frames."""
    zstandard = pytest.importorskip("zstandard")  # the scale extra
    step = -(-len(data) // frames)
    compressor = zstandard.ZstdCompressor()
    path.write_bytes(
        b"".join(
            compressor.compress(data[i : i + step]) for i in range(0, len(data), step)
        )
    )
    return path


def _same(a: Item, b: Item) -> bool:
    return (a.kind, a.data, a.line, a.offset, a.size, a.problem) == (
        b.kind,
        b.data,
        b.line,
        b.offset,
        b.size,
        b.problem,
    )


def test_compressed_archives_give_the_plain_archives_items(tmp_path: Path) -> None:
    data = ARCHIVE.read_bytes()
    gz = tmp_path / "week.jsonl.gz"
    gz.write_bytes(gzip.compress(data))
    zst = _zst(data, tmp_path / "week.JSONL.zst", frames=3)
    plain = list(iter_items([ARCHIVE]))
    for path in (gz, zst):
        items = list(iter_items([path]))
        assert len(items) == len(plain) > 10
        assert all(_same(a, b) for a, b in zip(items, plain, strict=True))
        assert items[2].label == f"{path}:{plain[2].line}"


def test_a_folder_is_searched_for_compressed_record_files(tmp_path: Path) -> None:
    for name in ("a.jsonl.gz", "b.JSONL.ZST", "c.json.gz", "d.gz", "e.tar.gz"):
        (tmp_path / name).write_bytes(b"")
    assert [p.name for p in find_files([tmp_path])] == [
        "a.jsonl.gz",
        "b.JSONL.ZST",
        "c.json.gz",
    ]


def test_an_unreadable_line_of_a_compressed_archive_is_reported_with_its_line(
    tmp_path: Path,
) -> None:
    lines = ARCHIVE.read_bytes().splitlines(keepends=True)[:3]
    lines.insert(1, b'{"format": "casino-record/1", "id": \n')
    path = tmp_path / "bad.jsonl.gz"
    path.write_bytes(gzip.compress(b"".join(lines)))
    items = list(iter_items([path]))
    assert [item.line for item in items] == [1, 2, 3, 4]
    record, errors, unreadable = read_item(items[1])
    assert record is None and unreadable
    assert items[1].label == f"{path}:2"
    assert errors[0].where.startswith("line 2, column")


def test_cut_off_compressed_data_is_reported_after_the_last_line_read(
    tmp_path: Path,
) -> None:
    data = ARCHIVE.read_bytes()
    whole = gzip.compress(data)
    path = tmp_path / "cut.jsonl.gz"
    path.write_bytes(whole[: len(whole) // 2])
    items = list(iter_items([path]))
    last = items[-1]
    read = items[:-1]
    assert read and all(item.kind == "jsonl" for item in read)
    assert last.kind == "error"
    assert last.line == read[-1].line + 1
    assert last.label == f"{path}:{last.line}"
    assert f"cut off after line {read[-1].line}" in last.problem


def test_a_file_that_is_not_gzip_is_an_error_item(tmp_path: Path) -> None:
    path = tmp_path / "fake.jsonl.gz"
    path.write_bytes(ARCHIVE.read_bytes()[:500])
    [item] = list(iter_items([path]))
    assert item.kind == "error" and "damaged" in item.problem


def test_a_zst_file_without_zstandard_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _zst(ARCHIVE.read_bytes(), tmp_path / "a.jsonl.zst")
    monkeypatch.setitem(sys.modules, "zstandard", None)
    [item] = list(iter_items([path]))
    assert item.kind == "error" and item.problem == ZSTD_MISSING
    assert "casino-records[scale]" in item.problem


@pytest.mark.parametrize("suffix", ["", ".gz", ".zst"])
def test_every_item_is_read_again_by_its_line_and_offset(
    tmp_path: Path, suffix: str
) -> None:
    data = b"\xef\xbb\xbf" + ARCHIVE.read_bytes().replace(b"\n", b"\r\n", 3)
    path = tmp_path / f"a.jsonl{suffix}"
    if suffix == ".gz":
        path.write_bytes(gzip.compress(data))
    elif suffix == ".zst":
        _zst(data, path, frames=2)
    else:
        path.write_bytes(data)
    items = list(iter_items([path]))
    for item in items:
        again = item_at(path, "jsonl", item.line, item.offset)
        assert _same(again, item) and again.label == item.label


def test_text_and_json_items_are_read_again(tmp_path: Path) -> None:
    games = [
        record_bytes(load(p), "text", MAX_RECORD_BYTES)
        for p in sorted(SAMPLES.glob("*-2p-*.json"))[:3]
    ]
    text = tmp_path / "games.txt"
    text.write_bytes(b"\n\n" + TEXT_SEPARATOR.join(games))
    items = list(iter_items([text]))
    assert len(items) >= 2
    for item in items:
        assert _same(item_at(text, "text", item.line, item.offset), item)
    single = SAMPLES / "royal-2p-count-out.json"
    [item] = list(iter_items([single]))
    assert _same(item_at(single, "json"), item)


def test_a_changed_file_is_an_error_not_a_wrong_record(tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl"
    path.write_bytes(ARCHIVE.read_bytes())
    items = list(iter_items([path]))
    path.write_bytes(b"\n" * 3)
    again = item_at(path, "jsonl", items[5].line, items[5].offset)
    assert again.kind == "error" and "no longer holds" in again.problem
    missing = item_at(tmp_path / "gone.jsonl", "jsonl", 1, 0)
    assert missing.kind == "error" and "cannot read" in missing.problem


def test_validate_reads_a_compressed_archive_and_names_the_bad_line(
    tmp_path: Path,
) -> None:
    from click.testing import CliRunner

    from casino_records.cli.main import main

    lines = ARCHIVE.read_bytes().splitlines(keepends=True)[:4]
    lines.insert(2, b"{not json\n")
    path = tmp_path / "week.jsonl.gz"
    path.write_bytes(gzip.compress(b"".join(lines)))
    result = CliRunner().invoke(main, ["validate", "-q", str(path)])
    assert result.exit_code == 2
    assert f"{path}:3: line 3, column 2: invalid JSON" in result.stdout
    assert "5 records: 4 ok, 0 disputed, 0 invalid, 1 unreadable" in result.stdout


def test_no_command_writes_a_compressed_name_uncompressed(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from casino_records.cli.main import main

    target = tmp_path / "out.jsonl.gz"
    result = CliRunner().invoke(
        main, ["convert", str(ARCHIVE), "-o", str(target), "--to", "jsonl"]
    )
    assert result.exit_code == 2 and "write no compressed file" in result.output
    assert not target.exists()
