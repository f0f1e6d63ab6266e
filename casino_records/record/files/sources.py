"""Records as they come: files, folders and streams cut into raw items.

Files and folders become a stream of raw :class:`Item` s (one per ``.json``
file, one per line of an archive, one per game of a text archive), so an
archive of any size is read with flat memory;
:func:`casino_records.record.files.reading.read_item` then parses one item into
a record or its located errors. How a file is read is decided by
:func:`casino_records.record.files.kinds.kind_of`, the one rule every reader and
writer follows; a compressed file (``.gz``, ``.zst``) is decompressed as it is
read. Nothing here raises for bad input: a file that cannot be read (or whose
compressed data breaks off) becomes an ``error`` item. Every item knows its
line and byte offset, so :func:`item_at` reads it again without reading what
comes before it into memory.

>>> import io
>>> from pathlib import Path
>>> stream = io.BytesIO(b'{"format": "casino-record/1"}\\n\\n{"id": 1}\\n')
>>> [(item.label, item.kind) for item in items_of_stream(stream, Path("-"), "<stdin>")]
[('<stdin>:1', 'jsonl'), ('<stdin>:3', 'jsonl')]
"""

from __future__ import annotations

import io
import os
import re
import sys
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Final, Literal, cast

from .expansion import ExpansionGuard, TooExpanded
from .foreign import not_a_record
from .kinds import (
    BOM,
    MAX_RECORD_BYTES,
    READ_BUFFER_BYTES,
    LineSource,
    RecordKind,
    compression_of,
    is_record_file,
    kind_by_suffix,
    kind_of,
    lines_of,
    too_large,
    uncompressed,
)

__all__ = [
    "Item",
    "ItemKind",
    "ZSTD_MISSING",
    "file_items",
    "find_files",
    "is_binary",
    "item_at",
    "items_of_stream",
    "iter_items",
    "jsonl_items",
    "open_source",
]


ItemKind = Literal["json", "jsonl", "text", "error"]
"""How to parse an item's data; ``error`` when the item could not even be read."""


_NOT_TEXT: Final = re.compile("[\x00-\x08\x0b\x0e-\x1f\ufffd]")
"""Characters no text file holds: controls (but tab, line ends, form feed) and
the stand-in for bytes that are not UTF-8."""


_SNIFF_BYTES: Final = 8192
"""The bytes at the start of a file that tell a text file from a binary one."""


_SKIP_BYTES: Final = 1 << 20
"""How much decompressed data is read (and dropped) at a time to reach an offset."""


ZSTD_MISSING: Final = (
    "cannot read a .zst file: the zstandard package is not installed"
    " (pip install 'casino-records[scale]')"
)


@dataclass(frozen=True, slots=True)
class Item:
    """One record, still raw: the bytes of a file, an archive line or a text game."""

    label: str
    """Where it comes from: ``games/a.json``, ``archive.jsonl:12`` (line 12)."""
    kind: ItemKind
    """How to parse ``data``; ``error`` when the item could not even be read."""
    data: bytes = b""
    """The raw record (UTF-8)."""
    line: int = 1
    """The line of the file where the record starts."""
    size: int = 0
    """Bytes of the source this item accounts for (for progress bars)."""
    problem: str = ""
    """For ``kind == "error"``: why it could not be read."""
    offset: int = 0
    """The byte offset of the record's first line in its (decompressed) file."""


def find_files(
    paths: Iterable[Path], skipped: list[tuple[Path, str]] | None = None
) -> Iterator[Path]:
    """Expand folders (recursively, sorted, hidden entries skipped) into record files.

    A folder is searched for the suffixes of :data:`casino_records.record.files.kinds.RECORD_SUFFIXES` in
    any case, compressed (``.gz``, ``.zst``) or not; a JSON file in it that is
    plainly not a record (:func:`.foreign.not_a_record`: a ``bulk`` results
    manifest, a document of another format) is passed over, and added with what
    it is to ``skipped`` when given. Files named on the command line are kept
    whatever their suffix; ``-`` stands for standard input.
    """
    for path in paths:
        if str(path) != "-" and path.is_dir():
            found = [
                p
                for p in path.rglob("*")
                if is_record_file(p)
                and p.is_file()
                and not any(part.startswith(".") for part in p.relative_to(path).parts)
            ]
            for file in sorted(found):
                what = not_a_record(file)
                if what is None:
                    yield file
                elif skipped is not None:
                    skipped.append((file, what))
        else:
            yield path


def iter_items(
    paths: Iterable[Path],
    *,
    max_bytes: int = MAX_RECORD_BYTES,
    stdin: IO[bytes] | None = None,
) -> Iterator[Item]:
    """Stream every record of ``paths`` as a raw :class:`Item`, never raising.

    Folders are searched with :func:`find_files`. A file that cannot be opened,
    or a record larger than ``max_bytes``, becomes an ``error`` item; so does
    the rest of a compressed file whose data breaks off (labelled with the line
    where it does).
    """
    for path in find_files(paths):
        if str(path) == "-":
            stream = stdin if stdin is not None else sys.stdin.buffer
            yield from items_of_stream(stream, Path("-"), "<stdin>", max_bytes)
            continue
        yield from file_items(path, max_bytes)


def file_items(
    path: Path, max_bytes: int = MAX_RECORD_BYTES, label: str | None = None
) -> Iterator[Item]:
    """The items of one file, as :func:`iter_items` reads it, never raising.

    :param label: names the file in the items' labels (default: ``str(path)``),
        so a file opened by its absolute path keeps the name it was given.
    """
    label = str(path) if label is None else label
    last_line = 0  # the last line of the last record read
    guard = None
    try:
        with open_source(path) as stream:
            source: IO[bytes] = stream
            if compression_of(path) is None:
                size = os.fstat(stream.fileno()).st_size
                if size > max_bytes and kind_by_suffix(path) == "json":
                    problem = too_large(size, max_bytes)
                    yield Item(label, "error", size=size, problem=problem)
                    return
            else:
                guard = ExpansionGuard(stream, os.path.getsize(path), max_bytes)
                source = cast(IO[bytes], guard)
            for item in items_of_stream(source, path, label, max_bytes):
                last_line = item.line + item.data.count(b"\n")
                if guard is not None:
                    guard.found = True
                yield item
        note = "" if guard is None else guard.empty_note()
        if note:
            yield Item(label, "error", problem=f"the compressed data holds {note}")
    except TooExpanded as exc:
        yield Item(label, "error", problem=f"the compressed data holds {exc}")
    except _ZstdMissing:
        yield Item(label, "error", problem=ZSTD_MISSING)
    except _decompression_errors() as exc:
        after = f" after line {last_line}" if last_line else ""
        where = f"{label}:{last_line + 1}" if last_line else label
        problem = f"the compressed data is damaged or cut off{after}: {exc}"
        yield Item(where, "error", line=last_line + 1, problem=problem)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        yield Item(label, "error", problem=f"cannot read the file: {reason}")


class _ZstdMissing(Exception):
    """A ``.zst`` file, and no zstandard package to read it."""


def _decompression_errors() -> tuple[type[BaseException], ...]:
    """What a decompressor raises for damaged or cut-off data."""
    errors: tuple[type[BaseException], ...] = (EOFError, zlib.error)
    zstd = sys.modules.get("zstandard")
    if zstd is not None:
        errors += (zstd.ZstdError,)
    import gzip

    return (*errors, gzip.BadGzipFile)


def open_source(path: Path) -> IO[bytes]:
    """Open a record file for reading, decompressing a ``.gz`` or ``.zst`` file.

    :raises OSError: the file cannot be opened.
    """
    compression = compression_of(path)
    if compression is None:
        return open(path, "rb", buffering=READ_BUFFER_BYTES)
    if compression == "gzip":
        import gzip

        return cast(IO[bytes], gzip.open(path, "rb"))
    try:
        import zstandard
    except ImportError:
        raise _ZstdMissing() from None
    raw = open(path, "rb")
    reader: Any = zstandard.ZstdDecompressor().stream_reader(
        raw, read_across_frames=True, closefd=True
    )
    return io.BufferedReader(reader, READ_BUFFER_BYTES)


def is_binary(block: bytes) -> bool:
    """True when the start of a file is not text: a NUL byte, or much that is not UTF-8.

    More than one character in 8 that is not UTF-8 text (or is a control
    character other than tab, line feed, carriage return and form feed) makes
    it binary; a stray Latin-1 letter in a text file does not.

    >>> is_binary(b"\\x89PNG\\r\\n\\x1a\\n\\x00"), is_binary('[Player 0 "Tomás"]'.encode("latin-1"))
    (True, False)
    """
    if b"\0" in block:
        return True
    text = block.decode("utf-8", "replace")
    return len(_NOT_TEXT.findall(text)) * 8 > len(text)


def items_of_stream(
    stream: IO[bytes], path: Path, label: str, max_bytes: int = MAX_RECORD_BYTES
) -> Iterator[Item]:
    """Stream the records of one open binary stream (see :func:`iter_items`).

    :param path: decides the format by its suffix (else the content does).
    :param label: names the source in the items' labels.
    """
    source = _Prefixed(stream.read(_SNIFF_BYTES), stream)
    if is_binary(source.head):
        yield Item(label, "error", size=len(source.head), problem="not a text file")
        return
    kind = _kind(uncompressed(path), source, max_bytes)
    if kind == "json":
        data = source.read(max_bytes + 1)
        if data.startswith(BOM):
            data += source.read(len(BOM))
        size = len(data.removeprefix(BOM))
        if size > max_bytes:
            yield Item(label, "error", size=size, problem=too_large(None, max_bytes))
        else:
            yield Item(label, "json", data, size=size)
    elif kind == "jsonl":
        yield from jsonl_items(source, label, max_bytes)
    else:
        yield from _text_items(source, label, max_bytes)


def _kind(path: Path, source: _Prefixed, max_bytes: int) -> RecordKind:
    """The kind of ``source`` by :func:`casino_records.record.files.kinds.kind_of`, reading no record twice."""
    by_suffix = kind_by_suffix(path)
    if by_suffix is not None:
        return by_suffix
    first = source.peek_line(max_bytes + 2)
    if not first.endswith(b"\n") and len(first) >= max_bytes + 2:
        # A first line over the limit: an archive's line if it opens an object.
        return "jsonl" if first.removeprefix(BOM).lstrip().startswith(b"{") else "text"
    return kind_of(path, first)


class _Prefixed:
    """A read-only stream that first returns ``head``, then the rest of ``stream``."""

    def __init__(self, head: bytes, stream: IO[bytes]) -> None:
        self.head = head
        self.stream = stream

    def read(self, n: int) -> bytes:
        head, self.head = self.head[:n], self.head[n:]
        return head + self.stream.read(n - len(head)) if len(head) < n else head

    def readline(self, n: int = -1, /) -> bytes:
        if not self.head:
            return self.stream.readline(n)
        n = n if n >= 0 else len(self.head) + (1 << 30)
        end = self.head.find(b"\n") + 1 or len(self.head)
        line = self.head[: min(end, n)]
        self.head = self.head[len(line) :]
        if line.endswith(b"\n") or len(line) >= n or self.head:
            return line
        return line + self.stream.readline(n - len(line))

    def peek(self, n: int = 1, /) -> bytes:
        """What comes next, unread: the rest of ``head``, else what the stream
        has buffered (empty when it cannot say)."""
        if self.head:
            return self.head
        peek = getattr(self.stream, "peek", None)
        return b"" if peek is None else bytes(peek(n))

    def peek_line(self, n: int) -> bytes:
        """The first line that is not blank (at most ``n`` bytes), left unread."""
        taken = b""
        line = b""
        while not line.strip():
            line = self.readline(n)
            taken += line
            if not line or (not line.endswith(b"\n") and len(line) >= n):
                break
        self.head = taken + self.head
        return line


def jsonl_items(
    stream: LineSource, label: str, limit: int, first: int = 1, offset: int = 0
) -> Iterator[Item]:
    """The items of an archive's lines read from ``stream``, whose first line is
    line ``first`` of its file, at byte ``offset``."""
    for line in lines_of(stream, limit, first, blank_runs=True):
        where = f"{label}:{line.number}"
        if line.too_long:
            problem = too_large(line.size, limit)
            yield Item(
                where,
                "error",
                line=line.number,
                size=line.raw_size,
                problem=problem,
                offset=offset,
            )
        elif line.data.strip():
            yield Item(
                where, "jsonl", line.data, line.number, line.raw_size, offset=offset
            )
        offset += line.raw_size


def _text_items(
    stream: LineSource, label: str, limit: int, first: int = 1, offset: int = 0
) -> Iterator[Item]:
    """Split a text archive into games, as ``text.notation.read_text_archive`` does."""
    chunk: list[bytes] = []
    size = 0
    start = first
    start_offset = offset
    in_body = False
    number = first - 1
    for line in lines_of(stream, limit, first, blank_runs=True):
        number = line.number + line.count - 1
        stripped = line.data.strip()
        if stripped.startswith(b"[") and in_body:
            yield _text_item(label, chunk, start, size, limit, start_offset)
            chunk, size, start, in_body = [], 0, number, False
            start_offset = offset
        size += line.raw_size
        offset += line.raw_size
        if not chunk and not stripped and not line.too_long:
            start = number + 1
            start_offset = offset
            size = 0
            continue
        if line.too_long or (stripped and not stripped.startswith(b"[")):
            in_body = True
        if line.count == 1:
            chunk.append(line.data)
        elif size <= limit:  # a run of blank lines in a game (else: too large)
            chunk.extend([b""] * line.count)
    if chunk or number == first - 1:
        yield _text_item(label, chunk, start, size, limit, start_offset)


def _text_item(
    label: str, chunk: list[bytes], start: int, size: int, limit: int, offset: int
) -> Item:
    where = label if start == 1 else f"{label}:{start}"
    if size > limit:
        return Item(
            where,
            "error",
            line=start,
            size=size,
            problem=too_large(size, limit),
            offset=offset,
        )
    return Item(where, "text", b"\n".join(chunk), start, size, offset=offset)


def item_at(
    path: Path,
    kind: ItemKind,
    line: int = 1,
    offset: int = 0,
    max_bytes: int = MAX_RECORD_BYTES,
) -> Item:
    """Read again the item of ``path`` that starts at ``line`` and byte ``offset``.

    The offset is that of :attr:`Item.offset`; a plain file is read from there
    at once, a compressed one is decompressed up to it a block at a time (never
    held in memory). Never raises: a file that cannot be read, or that no
    longer holds a record there, gives an ``error`` item.
    """
    label = str(path)
    unreadable: tuple[type[BaseException], ...] = (*_decompression_errors(), OSError)
    try:
        with open_source(path) as stream:
            if kind == "json" or (line == 1 and offset == 0 and kind != "jsonl"):
                found = next(items_of_stream(stream, path, label, max_bytes), None)
            else:
                _skip_to(stream, offset, compression_of(path) is not None)
                split = jsonl_items if kind == "jsonl" else _text_items
                found = next(split(stream, label, max_bytes, line, offset), None)
    except _ZstdMissing:
        return Item(label, "error", problem=ZSTD_MISSING)
    except unreadable as exc:
        reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        return Item(
            label, "error", line=line, problem=f"cannot read the file: {reason}"
        )
    if found is None or found.line != line:
        where = f"{label}:{line}"
        problem = "the file no longer holds this record (was it changed?)"
        return Item(where, "error", line=line, offset=offset, problem=problem)
    return found


def _skip_to(stream: IO[bytes], offset: int, compressed: bool) -> None:
    if not compressed:
        stream.seek(offset)
        return
    left = offset
    while left > 0:
        block = stream.read(min(left, _SKIP_BYTES))
        if not block:
            return
        left -= len(block)
