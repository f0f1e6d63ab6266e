"""What a command writes: records in each kind of file, atomically, and JSON batches.

An input is never overwritten unless asked (``fmt``); every file is replaced whole
or not at all (:mod:`casino_records.record.files.atomic`).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, TYPE_CHECKING

import click

from ..check.outcome import error_text
from ..record.files.kinds import compression_of, kind_by_suffix
from ..record.files.reading import read_item

if TYPE_CHECKING:
    from ..record.format.models import GameRecord
from .exits import EXIT_PROBLEM, EXIT_UNREADABLE, RecordProblem, stderr
from .options import Format

__all__ = [
    "atomic_output",
    "canonical_copy",
    "format_of",
    "write_json_batch",
    "write_records",
]


def write_json_batch(out: IO[bytes], entries: Iterator[bytes | None]) -> None:
    """Stream ``{"records": [`` and the entries; the caller adds the summary."""
    out.write(b'{"records": [\n')
    n = 0
    for entry in entries:
        if entry is not None:
            out.write((b",\n" if n else b"") + entry.rstrip(b"\n"))
            n += 1


def format_of(path: Path, given: str | None) -> Format:
    """The output format: ``given``, else by the file's suffix (in any case).

    The suffixes are those every reader knows (:func:`casino_records.record.files.kinds.kind_by_suffix`:
    ``.json``, ``.jsonl``, ``.ndjson``, ``.txt``), and ``.csv``.

    :raises click.UsageError: neither gives a format.
    """
    if compression_of(path) is not None:
        raise click.UsageError(
            f"{str(path)!r}: the commands write no compressed file; compress it"
            " afterwards (gzip, zstd)"
        )
    if given is not None:
        return given  # type: ignore[return-value]
    found: Format | None = kind_by_suffix(path)
    if found is None and path.suffix.lower() == ".csv":
        found = "csv"
    if found is None:
        raise click.UsageError(
            f"cannot tell the format of {str(path)!r} from its suffix;"
            " use --to json|jsonl|text|csv"
        )
    return found


@contextmanager
def atomic_output(path: Path) -> Iterator[IO[bytes]]:
    """A binary stream that replaces ``path`` only when the block succeeds.

    ``-`` writes to standard output. Otherwise the data goes to a temporary
    file beside ``path`` that is renamed over it at the end, so a reader never
    sees half a file and an error leaves the old file as it was.
    """
    if str(path) == "-":
        stdout = sys.stdout.buffer
        yield stdout
        stdout.flush()
        return
    from ..record.json.jsonio import atomic_writer  # noqa: PLC0415 (heavy: kept off start-up)

    with atomic_writer(path) as stream:
        yield stream


def write_records(
    records: Iterable[GameRecord], stream: IO[bytes], fmt: Format, max_bytes: int
) -> int:
    """Write records as one JSON record, a JSONL archive or a text archive.

    :returns: how many records were written.
    :raises click.UsageError: several records for a ``.json`` target.
    :raises RecordProblem: a record too large to be read back (``max_bytes``).
    """
    from ..record.files.writers import (
        TEXT_SEPARATOR,
        RecordTooLargeError,
        record_bytes,
    )

    if fmt == "csv":  # pragma: no cover - csv has its own writer
        raise ValueError(f"not a record format: {fmt!r}")
    count = 0
    for record in records:
        if fmt == "json" and count:
            raise click.UsageError(
                "a .json file holds one record and the input holds several;"
                " write a .jsonl or .txt archive (or a folder) instead"
            )
        try:
            data = record_bytes(record, fmt, max_bytes)
        except RecordTooLargeError as exc:
            raise RecordProblem(f"record {count + 1}: {exc.message}") from None
        if fmt == "text" and count:
            stream.write(TEXT_SEPARATOR)
        stream.write(data)
        count += 1
    return count


def canonical_copy(path: Path, max_bytes: int, *, write: bool) -> tuple[int, bool]:
    """Write the canonical form of a record file over it, when it differs.

    The file keeps its kind (:func:`casino_records.record.files.kinds.kind_of`: by suffix, else by
    content). The canonical bytes go to a temporary file first (so memory
    stays flat for archives), which replaces ``path`` only if every record was
    read and the bytes differ. ``-`` writes the canonical form of standard
    input to standard output. Bad records are reported on standard error.

    :param write: replace the file; False only compares (``fmt --check``).
    :returns: ``(exit code for a bad record or 0, whether the bytes differ)``.
    """
    import filecmp
    import shutil
    import tempfile

    from ..record.files.atomic import atomic_writer
    from ..record.files.sources import items_of_stream
    from ..record.files.writers import TEXT_SEPARATOR

    stdin = str(path) == "-"
    with tempfile.TemporaryDirectory(prefix="casino-fmt.") as scratch:
        source = path
        if stdin:
            source = Path(scratch) / "stdin"
            with open(source, "wb") as copy:
                shutil.copyfileobj(sys.stdin.buffer, copy)
        canonical = Path(scratch) / "canonical"
        with open(canonical, "wb") as out, open(source, "rb") as raw:
            label = "<stdin>" if stdin else str(path)
            for item in items_of_stream(raw, path, label, max_bytes):
                record, errors, unreadable = read_item(item, max_bytes)
                if record is None:
                    message = f"{item.label}: {error_text(errors[0])} (left as it is)"
                    stderr(f"Error: {message}")
                    return (EXIT_UNREADABLE if unreadable else EXIT_PROBLEM), False
                kind: Format = "text" if item.kind == "text" else item.kind  # type: ignore[assignment]
                if kind == "text" and out.tell():
                    out.write(TEXT_SEPARATOR)
                try:
                    write_records([record], out, kind, max_bytes)
                except RecordProblem as exc:
                    stderr(f"Error: {item.label}: {exc.message} (left as it is)")
                    return EXIT_PROBLEM, False
        differs = not filecmp.cmp(canonical, source, shallow=False)
        if stdin:
            with open(canonical, "rb") as done:
                shutil.copyfileobj(done, sys.stdout.buffer)
            sys.stdout.buffer.flush()
        elif differs and write:
            with atomic_writer(path) as target, open(canonical, "rb") as done:
                shutil.copyfileobj(done, target)
        return 0, differs
