"""Helpers of the command line: its exceptions, record loading and atomic output.

Kept apart from :mod:`casino_records.cli.main` so the commands stay short. Heavy
modules (pydantic models, the engine, orjson) are imported inside functions, so
``casino-records --help`` starts fast.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Final, Literal, NoReturn, TypeAlias

import click

from ..check.outcome import error_text
from ..record.files.kinds import compression_of, kind_by_suffix
from ..record.files.sources import Item, iter_items, read_item

if TYPE_CHECKING:
    from ..errors import RecordFormatError
    from ..record.format.models import GameRecord
    from ..record.format.readnotes import ReadNotes

__all__ = [
    "FORMAT_OPTION",
    "JOBS_OPTION",
    "INPUTS",
    "OUTPUT",
    "COMPUTED_COLUMNS",
    "EXIT_INTERRUPTED",
    "EXIT_PROBLEM",
    "EXIT_UNREADABLE",
    "FORMATS",
    "INPUT_FILE",
    "Format",
    "RecordProblem",
    "Settings",
    "UnreadableInput",
    "atomic_output",
    "canonical_copy",
    "exit_code",
    "fail",
    "format_of",
    "option_setting",
    "record_files",
    "load_one",
    "load_records",
    "same_file",
    "write_csv",
    "write_json_batch",
    "write_records",
]


INPUTS: Final = click.Path(exists=True, path_type=Path, allow_dash=True)
"""Files, folders or ``-``: the PATH arguments of the record commands."""
OUTPUT: Final = click.Path(dir_okay=False, path_type=Path, allow_dash=True)
"""A file to write, or ``-`` for standard output."""
FORMAT_OPTION: Final = click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text for people; json (the report models) for scripts.",
)
"""``--format text|json`` of the report commands."""
JOBS_OPTION: Final = click.option(
    "-j",
    "--jobs",
    type=click.IntRange(0),
    default=1,
    show_default=True,
    help="Worker processes; 0 means one per core.",
)
"""``--jobs N`` of the commands that check many records."""
STRICT_OPTION: Final = click.option(
    "--strict",
    is_flag=True,
    help="A record whose claimed scores cannot all be checked (a deal not played"
    " out) counts as disputed.",
)
"""``--strict`` of the commands that check claims (D8)."""

VERBOSE_OPTION: Final = click.option(
    "-v",
    "--verbose",
    is_flag=True,
    help="Add under each problem (and each move that decided it) a line with its"
    " place in the record's JSON (a JSON pointer), for whoever edits the file.",
)
"""``--verbose`` of ``validate`` and ``rescore``: the text for people plus pointers."""

EXIT_PROBLEM: Final = 1
"""Exit code: an invalid record, a dispute, an illegal move."""
EXIT_UNREADABLE: Final = 2
"""Exit code: a usage error, or input that cannot be read at all."""
EXIT_INTERRUPTED: Final = 128 + 2
"""Exit code: stopped by Ctrl+C (SIGINT), as a shell reports it; a stop
signal N (``kill``: SIGTERM) gives ``128 + N``."""

Format: TypeAlias = Literal["json", "jsonl", "text", "csv"]
FORMATS: Final[tuple[Format, ...]] = ("json", "jsonl", "text", "csv")
"""Every output format: the record kinds and CSV."""


INPUT_FILE: Final = click.Path(
    exists=True, dir_okay=False, path_type=Path, allow_dash=True
)
"""A click parameter type: one existing file, or ``-``."""


@dataclass(frozen=True, slots=True)
class Settings:
    """The group's options, handed to every command."""

    max_bytes: int
    """The largest record read (``--max-bytes``)."""


def exit_code(counts: dict[str, int]) -> int:
    """The exit code of a batch: 2 if any record is unreadable, 1 if any is bad."""
    if counts["unreadable"]:
        return EXIT_UNREADABLE
    return EXIT_PROBLEM if counts["invalid"] or counts["disputed"] else 0


def write_json_batch(out: IO[bytes], entries: Iterator[bytes | None]) -> None:
    """Stream ``{"records": [`` and the entries; the caller adds the summary."""
    out.write(b'{"records": [\n')
    n = 0
    for entry in entries:
        if entry is not None:
            out.write((b",\n" if n else b"") + entry.rstrip(b"\n"))
            n += 1


class RecordProblem(click.ClickException):
    """A record is invalid, disputed or cannot be corrected (exit code 1)."""

    exit_code = EXIT_PROBLEM


class UnreadableInput(click.ClickException):
    """Input that cannot be read as a record at all (exit code 2)."""

    exit_code = EXIT_UNREADABLE


def fail(label: str, errors: Sequence[RecordFormatError], unreadable: bool) -> NoReturn:
    """Raise the exception that fits a record's read errors, naming the source."""
    from ..engine.describe import plural

    more = len(errors) - 1
    suffix = f" (and {plural(more, 'more error')})" if more > 0 else ""
    message = f"{label}: {error_text(errors[0])}{suffix}"
    if unreadable:
        raise UnreadableInput(message)
    raise RecordProblem(message)


def load_records(
    paths: Iterable[Path], max_bytes: int
) -> Iterator[tuple[Item, GameRecord]]:
    """Every record of ``paths``, in order; raise at the first one that is bad."""
    for item in iter_items(paths, max_bytes=max_bytes):
        record, errors, unreadable = read_item(item, max_bytes)
        if record is None:
            fail(item.label, errors, unreadable)
        yield item, record


def load_one(
    path: Path, max_bytes: int, number: int | None, notes: ReadNotes | None = None
) -> tuple[str, GameRecord]:
    """The one record of ``path``, or record ``number`` (from 1) of an archive.

    :param notes: filled with what the reader saw (see :func:`.sources.read_item`).

    :raises click.UsageError: an archive holds several records and no number
        was given, or fewer than ``number``.
    """
    from ..engine.describe import plural

    if str(path) != "-" and path.is_dir():
        raise click.BadParameter(
            f"{path} is a folder; name one file", param_hint="PATH"
        )
    items = iter_items([path], max_bytes=max_bytes)
    wanted = number or 1
    chosen: Item | None = None
    count = 0
    for count, item in enumerate(items, 1):
        if count == wanted:
            chosen = item
        if count > wanted and number is None:
            raise click.UsageError(
                f"{path} holds several records; choose one with --record N"
            )
        if count >= wanted and number is not None:
            break
    if chosen is None:
        raise click.UsageError(f"{path} holds {plural(count, 'record')}, not {wanted}")
    record, errors, unreadable = read_item(chosen, max_bytes, notes)
    if record is None:
        fail(chosen.label, errors, unreadable)
    return chosen.label, record


def same_file(a: Path, b: Path) -> bool:
    """True when both paths name the same existing file."""
    try:
        return str(a) != "-" and str(b) != "-" and a.resolve() == b.resolve()
    except OSError:  # pragma: no cover - an unresolvable path
        return False


def option_setting(text: str) -> tuple[str, bool | int | str]:
    """Read ``--option NAME=VALUE``: ``true``/``false`` as booleans, integers as
    integers, anything else as text.

    >>> option_setting("target_score=11"), option_setting("sweeps=true")
    (('target_score', 11), ('sweeps', True))
    """
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise click.BadParameter(f"{text!r} is not NAME=VALUE", param_hint="--option")
    value = value.strip()
    if value.lower() in ("true", "false"):
        return name.strip(), value.lower() == "true"
    try:
        return name.strip(), int(value)
    except ValueError:
        return name.strip(), value


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


COMPUTED_COLUMNS: Final = (
    "computed_most_cards",
    "computed_most_spades",
    "computed_big_casino",
    "computed_little_casino",
    "computed_aces",
    "computed_sweeps",
    "computed_total",
    "computed_cards",
    "computed_spades",
    "computed_sweep_count",
)
"""Columns the scores CSV adds to ``csvexport.SCORE_COLUMNS``: the replay's figures
(empty when the deal was not scored). ``computed_total`` is the points banked."""


def write_csv(records: Iterable[GameRecord], stream: IO[bytes], scores: bool) -> int:
    """Write the moves CSV, or the scores CSV with claimed and computed figures.

    The rows come from :mod:`casino_records.record.csvexport`, one record at a
    time (so memory stays flat), numbered by the record's position in the
    input, and are written once, as they come.

    :returns: how many records were written.
    """
    import csv
    import io

    from ..check.replay import replay
    from ..record.csvexport import (
        MOVE_COLUMNS,
        SCORE_COLUMNS,
        move_rows,
        score_rows,
    )

    text = io.TextIOWrapper(stream, encoding="utf-8", newline="", write_through=True)
    try:
        writer = csv.writer(text, lineterminator="\r\n")
        writer.writerow((*SCORE_COLUMNS, *COMPUTED_COLUMNS) if scores else MOVE_COLUMNS)
        count = 0
        for count, record in enumerate(records, 1):
            if not scores:
                writer.writerows(move_rows([record], first=count))
                continue
            deals = {d.index: d for d in replay(record).report.deals}
            for row in score_rows([record], first=count):
                deal, side = row[2], row[3]
                assert isinstance(deal, int) and isinstance(side, int)
                writer.writerow([*row, *_computed_cells(deals.get(deal - 1), side)])
    finally:
        text.detach()
    return count


def _computed_cells(deal: Any, side: int) -> list[str]:
    from ..engine.scoring import CATEGORIES

    scored = {s.side: s for s in deal.sides} if deal is not None else {}
    if side not in scored:
        return [""] * len(COMPUTED_COLUMNS)
    s = scored[side]
    figures = [s.points.get(c, 0) for c in CATEGORIES]
    return [str(v) for v in (*figures, s.banked, s.cards, s.spades, s.sweeps)]


def stderr(message: str) -> None:
    """Write a diagnostic line to standard error."""
    click.echo(message, err=True)


def record_files(paths: Iterable[Path]) -> list[Path]:
    """The record files of ``paths`` (folders searched), each file a folder
    holds that is plainly not a record named on standard error as skipped."""
    from ..record.files.sources import find_files

    skipped: list[tuple[Path, str]] = []
    files = list(find_files(paths, skipped))
    for path, what in skipped:
        stderr(f"skipped {path}: {what}")
    return files


def is_terminal(stream: IO[str] | None = None) -> bool:
    """True when ``stream`` (standard error by default) is an interactive terminal."""
    stream = stream if stream is not None else sys.stderr
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
