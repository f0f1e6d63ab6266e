"""The run cut into partitions: many per worker, read by the workers.

A partition is a list of pieces of files in input order: a byte range of a
plain archive (``.jsonl``, cut at line starts by
:func:`casino_records.record.files.ranges.split_archive`), or a whole file (a record
file, a text archive, a compressed archive: those cannot be entered in the
middle). Small files are grouped into one partition. The client only says
where each piece is and how many records it holds (so every record gets its
input order number ``seq`` before it is checked); the worker opens the file
and reads its own piece. Standard input is read here and its records are sent
with the partition.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ..record.files.ranges import ByteRange, split_archive, splittable
from ..record.files.sources import Item, file_items, find_files, iter_items

__all__ = ["MIN_PART_BYTES", "Part", "Piece", "part_bytes", "plan"]

MIN_PART_BYTES: Final = 1 << 20
"""No partition is cut smaller than this (unless its file is)."""
MAX_PART_BYTES: Final = 64 << 20
"""Nor larger (about 10,000 records of two deals, seconds of work): a worker lost
mid-partition costs at most this much work again, and larger ones only make
fewer files."""
PARTS_PER_THREAD: Final = 16
"""Partitions per worker thread: enough that the workers finish together (the
last partitions are small beside a worker's share, so no worker waits long
for the others at the end, even on a machine busy with other work), few
enough that Dask's cost per task (milliseconds) does not count."""


@dataclass(frozen=True, slots=True)
class Piece:
    """One file, or one byte range of it, that a worker reads."""

    path: str
    """The file's absolute path (what the worker opens, and the ``file`` column)."""
    label: str
    """The file as it was named (the start of each record's ``source``)."""
    span: ByteRange | None
    """The byte range of a plain archive; ``None``: the whole file."""
    records: int
    """The items the worker reads from it."""
    readable: bool
    """The client could open the file: a worker that cannot is not set up right."""


@dataclass(frozen=True, slots=True)
class Part:
    """One Dask task: its pieces (or standard input's items), in input order."""

    number: int
    """In input order from 0; names the partition's Parquet files."""
    first_seq: int
    """The input order number of its first record."""
    pieces: tuple[Piece, ...] = ()
    items: tuple[Item, ...] = ()
    """Records read by the client (standard input only); their file is ``-``."""

    @property
    def records(self) -> int:
        """The records the partition holds."""
        return len(self.items) + sum(p.records for p in self.pieces)


def part_bytes(paths: Iterable[Path], threads: int) -> int:
    """The size of a partition: the input's size over a few per worker thread."""
    total = 0
    for path in find_files(paths):
        try:
            total += 0 if str(path) == "-" else path.stat().st_size
        except OSError:
            continue
    wanted = total // max(PARTS_PER_THREAD * threads, 1) + 1
    return min(max(wanted, MIN_PART_BYTES), MAX_PART_BYTES)


def plan(
    paths: Iterable[Path],
    *,
    size: int,
    records: int | None = None,
    max_bytes: int,
) -> Iterator[Part]:
    """The partitions of ``paths`` (files and folders, as ``validate`` finds them)
    of about ``size`` bytes and at most ``records`` records each, in input order.

    Yielded as they are found: the workers start on the first ones while the
    rest of the input is still being cut.
    """
    pieces: list[Piece] = []
    held = held_bytes = 0
    number = seq = 0

    def close() -> Part:
        nonlocal pieces, held, held_bytes, number, seq
        part = Part(number, seq, tuple(pieces))
        number, seq = number + 1, seq + held
        pieces, held, held_bytes = [], 0, 0
        return part

    for path in find_files(paths):
        if str(path) == "-":
            if pieces:
                yield close()
            for chunk in _stdin_chunks(max_bytes, records or 10_000):
                yield Part(number, seq, items=tuple(chunk))
                number, seq = number + 1, seq + len(chunk)
            continue
        for piece, piece_bytes in _pieces(path, size, records, max_bytes):
            full = records is not None and held + piece.records > records
            if pieces and (held_bytes + piece_bytes > size or full):
                yield close()
            pieces.append(piece)
            held += piece.records
            held_bytes += piece_bytes
    if pieces:
        yield close()


def _pieces(
    path: Path, size: int, records: int | None, max_bytes: int
) -> Iterator[tuple[Piece, int]]:
    """The pieces of one file and their sizes in bytes."""
    name, label = str(path.absolute()), str(path)
    if splittable(path):
        cut = 0
        try:
            for span in split_archive(
                path, range_bytes=size, range_records=records, max_bytes=max_bytes
            ):
                piece = Piece(name, label, span, span.records, True)
                yield piece, span.end - span.start
                cut += 1
            return
        except OSError:
            if cut:  # part of it is planned already: no item can stand for it
                raise
            # else read whole below, where the error becomes the file's item
    count = sum(1 for _ in file_items(path, max_bytes, label))
    try:
        readable = os.access(path, os.R_OK) and path.is_file()
        weight = path.stat().st_size
    except OSError:
        readable, weight = False, 0
    yield Piece(name, label, None, count, readable), weight


def _stdin_chunks(max_bytes: int, records: int) -> Iterator[list[Item]]:
    chunk: list[Item] = []
    for item in iter_items([Path("-")], max_bytes=max_bytes):
        chunk.append(item)
        if len(chunk) >= records:
            yield chunk
            chunk = []
    if chunk:
        yield chunk
