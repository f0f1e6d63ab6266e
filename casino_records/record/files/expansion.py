"""A compressed input that expands hugely with no record in it: said, and not read for ever.

A few kilobytes of gzip can hold gigabytes of blank lines (a "decompression
bomb", or a file gone wrong). Blank lines cost next to nothing to skip
(:func:`casino_records.record.files.kinds.lines_of` takes runs of them a buffer at a time), but reading
4 GiB to report "0 records" still takes minutes. :class:`ExpansionGuard`
counts what a decompressing stream gives; until a record is found, it stops
the reading once the data is both :data:`RATIO` times the compressed file and
over a bound (:data:`STOP_BYTES`, or four records at the size limit), and it
says at the end when a file held no record though it expanded that much past
:data:`SAY_BYTES`.

>>> import io
>>> guard = ExpansionGuard(io.BytesIO(b"\\n" * 2000), compressed=10, max_bytes=100)
>>> len(guard.read(5000)), guard.empty_note()
(2000, '')
>>> guard.say_bytes = 1000
>>> guard.empty_note()
'no record: 2,000 bytes of blank lines, 200 times its 10 compressed bytes'
"""

from __future__ import annotations

from typing import IO, Final

__all__ = ["RATIO", "SAY_BYTES", "STOP_BYTES", "ExpansionGuard", "TooExpanded"]

RATIO: Final = 100
"""How many times its compressed size a file may expand to with no record in it."""
SAY_BYTES: Final = 1 << 20
"""A file that held no record and expanded past this (and :data:`RATIO`) is named."""
STOP_BYTES: Final = 64 << 20
"""The reading stops past this (and :data:`RATIO`, and four records' limit)
while no record is found."""


class TooExpanded(Exception):
    """The data expanded past the guard's bounds with no record found."""


class ExpansionGuard:
    """A decompressing stream's ``read``, ``readline`` and ``peek``, counted."""

    def __init__(self, stream: IO[bytes], compressed: int, max_bytes: int) -> None:
        self.stream = stream
        self.compressed = max(compressed, 1)
        self.expanded = 0
        """Bytes read so far."""
        self.found = False
        """Set by the reader once it found a record (or any item): the guard
        then only counts."""
        self.say_bytes = SAY_BYTES
        self._stop = max(STOP_BYTES, 4 * max_bytes, RATIO * self.compressed)

    def read(self, n: int = -1, /) -> bytes:
        """The stream's ``read``, counted."""
        return self._counted(self.stream.read(n))

    def readline(self, n: int = -1, /) -> bytes:
        """The stream's ``readline``, counted."""
        return self._counted(self.stream.readline(n))

    def peek(self, n: int = 1, /) -> bytes:
        """What the stream has buffered, unread (nothing when it cannot say)."""
        peek = getattr(self.stream, "peek", None)
        return b"" if peek is None else bytes(peek(n))

    def _counted(self, data: bytes) -> bytes:
        self.expanded += len(data)
        if not self.found and self.expanded > self._stop:
            raise TooExpanded(
                f"no record in the first {self.expanded:,} bytes, {self._ratio()} times"
                f" its {self.compressed:,} compressed bytes: not read further"
            )
        return data

    def _ratio(self) -> int:
        return self.expanded // self.compressed

    def empty_note(self) -> str:
        """Why a file that held no record is worth a word ("" when it is not)."""
        if self.found or self.expanded <= max(self.say_bytes, RATIO * self.compressed):
            return ""
        return (
            f"no record: {self.expanded:,} bytes of blank lines, {self._ratio()}"
            f" times its {self.compressed:,} compressed bytes"
        )
