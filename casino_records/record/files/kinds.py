"""What a record file is, how large a record may be, and how an archive's lines are read.

One rule decides how every file is read and written: by its suffix, matched
without regard to case (``.json`` one record, ``.jsonl`` or ``.ndjson`` an
archive of one record per line, ``.txt`` the text notation); a file with any
other suffix (or standard input) by its content: a first line that is a whole
JSON object means an archive, a document that starts with ``{`` one record,
anything else the text notation. A compressed file (``.gz``, ``.zst``) is
read as the suffix before says, once decompressed: ``games.jsonl.gz`` is an
archive.

>>> from pathlib import Path
>>> kind_of(Path("games/T.JSONL")), kind_of(Path("-"), b'{"format": "casino-record/1"}')
('jsonl', 'jsonl')
>>> kind_of(Path("notes"), b"{"), kind_of(Path("notes"), b"[Format ...]")
('json', 'text')
>>> compression_of(Path("week.JSONL.gz")), is_record_file(Path("week.jsonl.zst"))
('gzip', True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal, Protocol

__all__ = [
    "BOM",
    "COMPRESSED_SUFFIXES",
    "MAX_RECORD_BYTES",
    "READ_BUFFER_BYTES",
    "RECORD_SUFFIXES",
    "Line",
    "LineSource",
    "Compression",
    "RecordKind",
    "compression_of",
    "is_record_file",
    "kind_by_suffix",
    "kind_of",
    "lines_of",
    "too_large",
    "uncompressed",
]

MAX_RECORD_BYTES: Final = 16 * 1024 * 1024
"""The largest record (a ``.json`` file, an archive line or a text game): 16 MiB.

The one limit of the library, the command line (``--max-bytes``) and the viewer.
A whole match of a hundred deals is about 1 MiB, so anything larger is refused
at once, before it is parsed. An archive line's end (``\\n`` or ``\\r\\n``) is
not counted.
"""

READ_BUFFER_BYTES: Final = 1 << 20
"""The buffer a record file is read through (:func:`.sources.open_source`): a
record is a few KB, and with the default 8 KB buffer nearly every line of an
archive costs a read from the system (and, in a thread, the interpreter lock
given up and taken back); with 1 MiB, reading an archive line by line takes
about 40 % less time (a whole file read by ``file_items``: about 60 %)."""

RecordKind = Literal["json", "jsonl", "text"]
"""How a file holds its records: one JSON record, JSON Lines, the text notation."""

_SUFFIXES: Final[dict[str, RecordKind]] = {
    ".json": "json",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".txt": "text",
}
RECORD_SUFFIXES: Final = tuple(_SUFFIXES)
"""The suffixes of record files (a folder is searched for these, in any case)."""
Compression = Literal["gzip", "zstd"]
"""How a record file is compressed."""
_COMPRESSIONS: Final[dict[str, Compression]] = {".gz": "gzip", ".zst": "zstd"}
COMPRESSED_SUFFIXES: Final = tuple(_COMPRESSIONS)
"""The suffixes of compressed record files (``games.jsonl.gz``, ``games.jsonl.zst``)."""
BOM: Final = b"\xef\xbb\xbf"
"""The UTF-8 byte order mark, tolerated at the start of a file."""


def kind_by_suffix(path: Path) -> RecordKind | None:
    """The kind a file's suffix names (in any case), or ``None``.

    Only the last suffix counts: a reader asks about :func:`uncompressed` names.
    """
    return _SUFFIXES.get(path.suffix.lower()) if str(path) != "-" else None


def compression_of(path: Path) -> Compression | None:
    """How ``path`` is compressed, by its last suffix (in any case), or ``None``."""
    return _COMPRESSIONS.get(path.suffix.lower()) if str(path) != "-" else None


def uncompressed(path: Path) -> Path:
    """The name of ``path`` once decompressed: ``a.jsonl.gz`` is ``a.jsonl``."""
    return path.with_suffix("") if compression_of(path) is not None else path


def is_record_file(path: Path) -> bool:
    """True when a folder's file is a record file: a record suffix, compressed or not."""
    return uncompressed(path).suffix.lower() in RECORD_SUFFIXES


def kind_of(path: Path, first_line: bytes = b"") -> RecordKind:
    """How to read (or write) ``path``: by its suffix, else by its first line.

    :param first_line: the file's first line that is not blank, as read by
        :func:`lines_of` (ignored when the suffix decides).
    """
    by_suffix = kind_by_suffix(path)
    if by_suffix is not None:
        return by_suffix
    first = first_line.removeprefix(BOM).strip()
    if not first.startswith(b"{"):
        return "text"
    return "jsonl" if first.endswith(b"}") else "json"


def too_large(size: int | None, limit: int) -> str:
    """The message for a record over the limit (``size`` ``None``: not measured)."""
    shown = f"{size} bytes" if size is not None else f"more than {limit} bytes"
    return f"record too large: {shown} (the limit is {limit})"


class LineSource(Protocol):
    """Anything with ``readline(limit)``: an open binary file, a buffer."""

    def readline(self, size: int = -1, /) -> bytes:
        """Read up to ``size`` bytes, stopping after a newline."""
        ...  # pragma: no cover - a protocol


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a file, without its line end, or the size of one too long to keep."""

    number: int
    """The line's number, from 1."""
    data: bytes
    """The line without its ``\\n`` or ``\\r\\n`` (empty when too long)."""
    size: int
    """Bytes of the line without its line end."""
    raw_size: int
    """Bytes of the line with its line end (what it takes in the file)."""
    too_long: bool = False
    """True when the line is over the limit: ``data`` was not kept."""
    count: int = 1
    """How many lines this stands for: more than one for a run of blank lines
    read at once (``lines_of(..., blank_runs=True)``), numbered from ``number``."""


def lines_of(
    stream: LineSource, limit: int, first: int = 1, *, blank_runs: bool = False
) -> Iterator[Line]:
    """Every line of ``stream``, each at most ``limit`` bytes kept in memory.

    A byte order mark at the start of line 1 is dropped; a line longer
    than ``limit`` (its line end not counted) comes as ``too_long``, read to its
    end without being kept.

    :param first: the number of the first line.
    :param blank_runs: a run of empty lines (``\n`` or ``\r\n`` alone) comes
        as one :class:`Line` of :attr:`Line.count` lines, read a buffer at a
        time from a stream that can ``peek``: blank lines go by at reading
        speed, not at a line's cost each.
    """
    number = first - 1
    peek = getattr(stream, "peek", None) if blank_runs else None
    while True:
        raw = stream.readline(limit + 2)  # the record and a "\r\n"
        if not raw:
            return
        number += 1
        raw_size = len(raw)
        if peek is not None and raw in (b"\n", b"\r\n"):
            count, more = _blank_run(stream, peek)
            yield Line(number, b"", 0, raw_size + more, count=1 + count)
            number += count
            continue
        if number == 1 and raw.startswith(BOM):
            raw = raw[len(BOM) :]
        if not raw.endswith(b"\n") and len(raw) >= limit + 2:
            tail = raw[-2:]  # a "\r\n" may straddle two reads
            while raw and not raw.endswith(b"\n"):
                raw = stream.readline(1 << 20)
                raw_size += len(raw)
                tail = (tail + raw)[-2:]
            size = raw_size - len(_ending(tail))
            yield Line(number, b"", size, raw_size, too_long=True)
            continue
        data = raw[: len(raw) - len(_ending(raw))]
        if len(data) > limit:
            yield Line(number, b"", len(data), raw_size, too_long=True)
        else:
            yield Line(number, data, len(data), raw_size)


def _blank_run(stream: Any, peek: Callable[[int], bytes]) -> tuple[int, int]:
    """Read the empty lines that come next in ``stream`` (up to the first line
    that is not): how many, and their bytes."""
    count = size = 0
    while True:
        ahead = peek(1)  # what is buffered (one byte at least, unless at the end)
        blank = ahead[: len(ahead) - len(ahead.lstrip(b"\r\n"))]
        whole = blank.rfind(b"\n") + 1  # a lone "\r" is part of the next line
        if not whole:
            return count, size
        stream.read(whole)
        count += blank.count(b"\n", 0, whole)
        size += whole
        if whole < len(ahead):
            return count, size


def _ending(raw: bytes) -> bytes:
    if raw.endswith(b"\r\n"):
        return b"\r\n"
    return b"\n" if raw.endswith(b"\n") else b""
