"""Blank lines go by at reading speed, and a compressed file of nothing but
blank lines says so (issue #36.7: a 19 KB ``.jsonl.gz`` of 20 MB of newlines
kept ``validate`` busy 44 s to report "0 records")."""

from __future__ import annotations

import gzip
import io
import time
from pathlib import Path

import pytest

from casino_records.record.files import expansion
from casino_records.record.files.kinds import lines_of
from casino_records.record.files.ranges import range_items, split_archive
from casino_records.record.files.sources import file_items
from tests.paths import SAMPLES

RECORD = (SAMPLES / "archive-mixed.jsonl").read_bytes().splitlines()[0]


def _lines(data: bytes, runs: bool, buffer: int) -> list[tuple[int, bytes, int]]:
    """(number, data, offset) of every line that is not blank."""
    stream = io.BufferedReader(io.BytesIO(data), buffer_size=buffer)
    found, offset = [], 0
    for line in lines_of(stream, 1 << 20, blank_runs=runs):
        if line.data.strip() or line.too_long:
            found.append((line.number, line.data, offset))
        offset += line.raw_size
    return found


@pytest.mark.parametrize("buffer", [8, 16, 1 << 16])
def test_runs_of_blank_lines_keep_every_number_and_offset(buffer: int) -> None:
    data = (
        b"\n\n\r\n{a}\n\n\n\n\r\n\r\n\n\r{b}\r\n"  # a lone \r starts a line
        + b"\n" * 37
        + b"  \n{c}\n\r\n\r\n\r\n"
        + b"\r\n" * 29
        + b"{d}"
    )
    assert _lines(data, True, buffer) == _lines(data, False, buffer)
    assert [n for n, _, _ in _lines(data, True, buffer)] == [4, 11, 50, 83]


def test_ranges_of_an_archive_with_blank_runs_number_lines_as_a_whole_read(
    tmp_path: Path,
) -> None:
    path = tmp_path / "a.jsonl"
    path.write_bytes(b"\n" * 5000 + RECORD + b"\n" + b"\r\n" * 3000 + RECORD + b"\n\n")
    whole = [(i.label, i.offset) for i in file_items(path)]
    parts = [
        (i.label, i.offset)
        for span in split_archive(path, range_bytes=1000)
        for i in range_items(path, span, label=str(path))
    ]
    assert (
        parts
        == whole
        == [(f"{path}:5001", 5000), (f"{path}:8002", 11001 + len(RECORD))]
    )


def test_twenty_megabytes_of_newlines_go_by_at_reading_speed(tmp_path: Path) -> None:
    path = tmp_path / "blank.jsonl.gz"
    path.write_bytes(gzip.compress(b"\n" * 20_000_000 + RECORD + b"\n"))
    started = time.perf_counter()
    items = list(file_items(path))
    seconds = time.perf_counter() - started
    assert [(i.kind, i.line) for i in items] == [("jsonl", 20_000_001)]
    assert seconds < 5, f"{seconds:.1f} s for 20 MB of blank lines (it took 44 s)"


def test_a_compressed_file_of_blank_lines_only_says_so(tmp_path: Path) -> None:
    path = tmp_path / "blank.jsonl.gz"
    path.write_bytes(gzip.compress(b"\n" * 20_000_000))
    (item,) = file_items(path)
    assert item.kind == "error"
    assert item.problem.startswith(
        "the compressed data holds no record: 20,000,000 bytes of blank lines,"
    )
    small = tmp_path / "few.jsonl.gz"
    small.write_bytes(gzip.compress(b"\n" * 1000))  # nothing worth a word
    assert list(file_items(small)) == []


def test_a_bomb_of_blank_lines_is_not_read_to_its_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(expansion, "STOP_BYTES", 1 << 20)
    path = tmp_path / "bomb.jsonl.gz"
    path.write_bytes(gzip.compress(b"\n" * 40_000_000 + RECORD + b"\n"))
    (item,) = file_items(path, max_bytes=1 << 18)
    assert item.kind == "error" and "not read further" in item.problem
    found = tmp_path / "found.jsonl.gz"  # a record first: only counted
    found.write_bytes(gzip.compress(RECORD + b"\n" + b"\n" * 40_000_000 + RECORD))
    assert [i.kind for i in file_items(found, max_bytes=1 << 18)] == ["jsonl"] * 2


def test_a_text_archive_keeps_its_games_and_lines_through_blank_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from click.testing import CliRunner

    from casino_records.cli.main import main
    from casino_records.record.files import kinds, sources

    text = tmp_path / "one.txt"
    result = CliRunner().invoke(
        main, ["convert", str(SAMPLES / "classic-2p-annotated.json"), "-o", str(text)]
    )
    assert result.exit_code == 0, result.output
    lines = text.read_bytes().split(b"\n")
    game = b"\n".join([*lines[:5], b"\n" * 40, *lines[5:]])  # blank lines in a game
    archive = tmp_path / "all.txt"
    archive.write_bytes(b"\n" * 30 + game + b"\n" * 300 + game + b"\r\n" * 9)
    items = list(file_items(archive))
    assert [(i.kind, i.line) for i in items] == [
        ("text", 31),
        ("text", 31 + game.count(b"\n") + 300),
    ]

    def line_by_line(*args: object, blank_runs: bool = False) -> object:
        return kinds.lines_of(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(sources, "lines_of", line_by_line)
    assert list(file_items(archive)) == items
