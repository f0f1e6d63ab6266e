"""A plain archive cut into byte ranges that start at line starts, read range by range.

Several processes can then read one archive at once, each its own range,
without reading what comes before it: :func:`split_archive` walks the file once
and says where each range starts, which line that is and how many records it
holds (counted as :func:`.sources.jsonl_items` counts them: a line that is not
blank, or one too long to keep); :func:`range_items` reads the items of one
range, labelled and numbered as reading the whole file would.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     path = Path(folder) / "a.jsonl"
...     _ = path.write_bytes(b'{"id": 1}\\n\\n{"id": 2}\\n{"id": 3}\\n')
...     ranges = list(split_archive(path, range_bytes=12))
...     items = [i.label for r in ranges for i in range_items(path, r, label="a")]
>>> [(r.start, r.end, r.first_line, r.records) for r in ranges]
[(0, 21, 1, 2), (21, 31, 4, 1)]
>>> items
['a:1', 'a:3', 'a:4']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from .kinds import MAX_RECORD_BYTES, compression_of, kind_by_suffix, lines_of
from .sources import Item, is_binary, jsonl_items, open_source

__all__ = ["ByteRange", "range_items", "split_archive", "splittable"]


@dataclass(frozen=True, slots=True)
class ByteRange:
    """Bytes ``start`` to ``end`` of a plain archive, whole lines only."""

    start: int
    end: int
    first_line: int
    """The number of the range's first line in the file."""
    records: int
    """The items :func:`range_items` reads from it."""


def splittable(path: Path) -> bool:
    """A plain ``.jsonl`` archive that is text: it can be entered at any line start
    (a compressed archive, a record file or a text archive cannot)."""
    if compression_of(path) is not None or kind_by_suffix(path) != "jsonl":
        return False
    try:
        with open(path, "rb") as stream:
            return not is_binary(stream.read(8192))
    except OSError:
        return False


def split_archive(
    path: Path,
    *,
    range_bytes: int,
    range_records: int | None = None,
    max_bytes: int = MAX_RECORD_BYTES,
) -> Iterator[ByteRange]:
    """Cut the plain (uncompressed) archive ``path`` into ranges of about
    ``range_bytes`` bytes and at most ``range_records`` records, in order.

    Ranges are yielded as they are found, so a reader can start on the first
    while the rest of the file is still being cut. An empty file has one empty
    range.

    :raises OSError: the file cannot be read.
    """
    start = offset = 0
    first = line_number = 1
    records = 0
    with open_source(path) as stream:
        for line in lines_of(stream, max_bytes, blank_runs=True):
            offset += line.raw_size
            line_number = line.number + line.count
            if line.too_long or line.data.strip():
                records += 1
            full = range_records is not None and records >= range_records
            if offset - start >= range_bytes or full:
                yield ByteRange(start, offset, first, records)
                start, first, records = offset, line_number, 0
    if offset > start or start == 0:
        yield ByteRange(start, offset, first, records)


def range_items(
    path: Path, part: ByteRange, *, label: str, max_bytes: int = MAX_RECORD_BYTES
) -> Iterator[Item]:
    """The items of one range of ``path``, labelled ``label:LINE`` as reading the
    whole file labels them.

    :raises OSError: the file cannot be read.
    """
    with open_source(path) as stream:
        stream.seek(part.start)
        bounded = _Bounded(stream, part.end - part.start)
        yield from jsonl_items(bounded, label, max_bytes, part.first_line, part.start)


class _Bounded:
    """The next ``left`` bytes of a stream, read line by line."""

    def __init__(self, stream: IO[bytes], left: int) -> None:
        self.stream = stream
        self.left = left

    def readline(self, n: int = -1, /) -> bytes:
        n = self.left if n < 0 else min(n, self.left)
        line = self.stream.readline(n) if n > 0 else b""
        self.left -= len(line)
        return line

    def read(self, n: int, /) -> bytes:
        data = self.stream.read(min(n, self.left)) if self.left > 0 else b""
        self.left -= len(data)
        return data

    def peek(self, n: int = 1, /) -> bytes:
        peek = getattr(self.stream, "peek", None)
        ahead = b"" if peek is None or self.left <= 0 else bytes(peek(n))
        return ahead[: self.left]
