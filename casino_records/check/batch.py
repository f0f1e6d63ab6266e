"""Check many records: find them, read them lazily, replay them, in parallel if asked.

The command line's ``validate`` and ``rescore`` are built on this module; it
never prints. Files and folders become a stream of raw :class:`Item` s (one per
``.json`` file, one per line of a ``.jsonl`` archive, one per game of a ``.txt``
text archive), so an archive of any size is read with flat memory.
:func:`check_item` parses and replays one item and returns a small
:class:`Outcome`; :func:`check_all` maps it over a stream, in worker processes
when ``jobs > 1``, keeping the input order and a bounded number of items in
flight.

>>> item = Item("inline", "json", b'{"format": "casino-record/1"')
>>> outcome = check_item(item)
>>> outcome.status, outcome.problem
('unreadable', 'line 1, column 29: invalid JSON: unexpected end of data')
"""

from __future__ import annotations

import gc
import os
import sys
import threading
from collections.abc import Generator, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import IO, TYPE_CHECKING, Final, Literal

if TYPE_CHECKING:
    from ..errors import RecordFormatError
    from ..record.models import GameRecord
    from .report import ReplayReport

__all__ = [
    "CLI_MAX_BYTES",
    "RECORD_SUFFIXES",
    "Item",
    "ItemKind",
    "RecordKind",
    "Outcome",
    "Status",
    "check_all",
    "check_item",
    "default_jobs",
    "error_text",
    "find_files",
    "first_problem",
    "items_of_stream",
    "iter_items",
    "read_item",
    "sniff_kind",
]

CLI_MAX_BYTES: Final = 16 * 1024 * 1024
"""The largest record (or archive line, or text game) the command line reads: 16 MiB.

A whole match of a hundred deals is about 1 MiB, so anything larger is refused
at once, before it is parsed.
"""
RECORD_SUFFIXES: Final = (".json", ".jsonl", ".txt")
"""The file names a folder is searched for."""

RecordKind = Literal["json", "jsonl", "text"]
ItemKind = Literal["json", "jsonl", "text", "error"]
Status = Literal["ok", "disputed", "invalid", "unreadable"]
_BOM: Final = b"\xef\xbb\xbf"
_PRELOAD: Final = [
    "casino_records.check.batch",
    "casino_records.record.jsonio",
    "casino_records.check.replay",
]
_TEXT_BOM: Final = "\ufeff"


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


@dataclass(frozen=True, slots=True)
class Outcome:
    """What checking one record found (small, so cheap to send between processes)."""

    label: str
    """The item's label."""
    status: Status
    """``ok``, ``disputed``, ``invalid`` or ``unreadable``."""
    problem: str = ""
    """The first problem in words, with its JSON pointer; ``""`` when ok."""
    problems: int = 0
    """How many problems (errors and disputes) were found."""
    size: int = 0
    """The item's size (for progress bars)."""
    report: bytes | None = None
    """When asked for: a JSON object (``io.dumps_json``) with ``source``,
    ``status``, ``problem`` and the replay ``report`` (or the read ``errors``)."""


# --- Finding records ----------------------------------------------------------


def find_files(paths: Iterable[Path]) -> Iterator[Path]:
    """Expand folders (recursively, sorted, hidden entries skipped) into record files.

    Files named on the command line are kept whatever their suffix; ``-`` stands
    for standard input.
    """
    for path in paths:
        if str(path) != "-" and path.is_dir():
            found = [
                p
                for p in path.rglob("*")
                if p.suffix in RECORD_SUFFIXES
                and p.is_file()
                and not any(part.startswith(".") for part in p.relative_to(path).parts)
            ]
            yield from sorted(found)
        else:
            yield path


def sniff_kind(path: Path, head: bytes) -> RecordKind:
    """Decide how to read a file: by its suffix, else by its first line.

    A first line that is a whole JSON object means an archive; a document that
    starts with ``{`` is one JSON record; anything else is the text notation.
    """
    if path.suffix == ".jsonl":
        return "jsonl"
    if path.suffix == ".json":
        return "json"
    if path.suffix == ".txt":
        return "text"
    first = head.removeprefix(_BOM).lstrip()
    if not first.startswith(b"{"):
        return "text"
    line = first.split(b"\n", 1)[0].strip()
    return "jsonl" if line.startswith(b"{") and line.endswith(b"}") else "json"


def iter_items(
    paths: Iterable[Path],
    *,
    max_bytes: int = CLI_MAX_BYTES,
    stdin: IO[bytes] | None = None,
) -> Iterator[Item]:
    """Stream every record of ``paths`` as a raw :class:`Item`, never raising.

    Folders are searched with :func:`find_files`. A file that cannot be opened,
    or a record larger than ``max_bytes``, becomes an ``error`` item.
    """
    for path in find_files(paths):
        if str(path) == "-":
            stream = stdin if stdin is not None else sys.stdin.buffer
            yield from items_of_stream(stream, Path("-"), "<stdin>", max_bytes)
            continue
        label = str(path)
        try:
            with open(path, "rb") as stream:
                size = os.fstat(stream.fileno()).st_size
                if size > max_bytes and path.suffix not in (".jsonl", ".txt"):
                    problem = _too_large(max_bytes, size)
                    yield Item(label, "error", size=size, problem=problem)
                    continue
                yield from items_of_stream(stream, path, label, max_bytes)
        except OSError as exc:
            reason = exc.strerror or type(exc).__name__
            yield Item(label, "error", problem=f"cannot read the file: {reason}")


def items_of_stream(
    stream: IO[bytes], path: Path, label: str, max_bytes: int = CLI_MAX_BYTES
) -> Iterator[Item]:
    """Stream the records of one open binary stream (see :func:`iter_items`).

    :param path: decides the format by its suffix (else the content does).
    :param label: names the source in the items' labels.
    """
    head = b""
    while not head.strip():  # up to the first line that is not blank
        line = stream.readline(max_bytes + 1)
        head += line
        if not line or len(head) > max_bytes:
            break
    source = _Prefixed(head, stream)
    kind = sniff_kind(path, head)
    if kind == "json":
        data = source.read(max_bytes + 1)
        if len(data) > max_bytes:
            yield Item(label, "error", size=len(data), problem=_too_large(max_bytes))
        else:
            yield Item(label, "json", data, size=len(data))
    elif kind == "jsonl":
        yield from _jsonl_items(source, label, max_bytes)
    else:
        yield from _text_items(source, label, max_bytes)


class _Prefixed:
    """A read-only stream that first returns ``head``, then the rest of ``stream``."""

    def __init__(self, head: bytes, stream: IO[bytes]) -> None:
        self.head = head
        self.stream = stream

    def read(self, n: int) -> bytes:
        head, self.head = self.head[:n], self.head[n:]
        return head + self.stream.read(n - len(head)) if len(head) < n else head

    def readline(self, n: int) -> bytes:
        if not self.head:
            return self.stream.readline(n)
        end = self.head.find(b"\n") + 1 or len(self.head)
        line = self.head[: min(end, n)]
        self.head = self.head[len(line) :]
        if line.endswith(b"\n") or len(line) >= n or self.head:
            return line
        return line + self.stream.readline(n - len(line))


def _too_large(max_bytes: int, size: int | None = None) -> str:
    shown = f"{size} bytes" if size is not None else f"more than {max_bytes} bytes"
    return f"record too large: {shown} (the limit is {max_bytes})"


def _jsonl_items(stream: _Prefixed, label: str, limit: int) -> Iterator[Item]:
    line_no = 0
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        line_no += 1
        size = len(line)
        if size > limit and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):
                line = stream.readline(1024 * 1024)
                size += len(line)
            problem = _too_large(limit, size - 1)
            yield Item(
                f"{label}:{line_no}", "error", line=line_no, size=size, problem=problem
            )
            continue
        if line_no == 1:
            line = line.removeprefix(_BOM)
        if line.strip():
            yield Item(f"{label}:{line_no}", "jsonl", line, line_no, size)


def _text_items(stream: _Prefixed, label: str, limit: int) -> Iterator[Item]:
    """Split a text archive into games, as ``textnotation.read_text_archive`` does."""
    chunk: list[bytes] = []
    size = 0
    start = 1
    in_body = False
    number = 0
    for number, raw in enumerate(iter(lambda: stream.readline(limit + 1), b""), 1):
        if number == 1:
            raw = raw.removeprefix(_BOM)
        stripped = raw.strip()
        if stripped.startswith(b"[") and in_body:
            yield _text_item(label, chunk, start, size, limit)
            chunk, size, start, in_body = [], 0, number, False
        size += len(raw)
        if not chunk and not stripped:
            start = number + 1
            continue
        if stripped and not stripped.startswith(b"["):
            in_body = True
        if size <= limit:
            chunk.append(raw)
    if chunk or number == 0:
        yield _text_item(label, chunk, start, size, limit)


def _text_item(
    label: str, chunk: list[bytes], start: int, size: int, limit: int
) -> Item:
    where = label if start == 1 else f"{label}:{start}"
    if size > limit:
        return Item(
            where, "error", line=start, size=size, problem=_too_large(limit, size)
        )
    return Item(where, "text", b"".join(chunk), start, size)


# --- Reading and checking one record ------------------------------------------------


def _is_unreadable(error: RecordFormatError) -> bool:
    return not error.loc and error.message.startswith(
        ("invalid JSON", "record too large", "syntax error", "not UTF-8")
    )


def read_item(
    item: Item, max_bytes: int = CLI_MAX_BYTES
) -> tuple[GameRecord | None, list[RecordFormatError], bool]:
    """Parse and validate one item, collecting its errors instead of raising.

    :returns: ``(record, errors, unreadable)``: the record when valid, else every
        error, and whether the item could not be read as a document at all (bad
        JSON, not UTF-8, too large, a text syntax error) rather than being a
        readable but invalid record.
    """
    from ..errors import RecordFormatError
    from ..record.jsonio import InvalidRecordError, validate_record_bytes

    if item.kind == "error":
        return None, [RecordFormatError(item.problem, where="the whole record")], True
    if item.kind == "text":
        from ..record.textparse import parse_game

        try:
            text = item.data.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = item.line + item.data[: exc.start].count(b"\n")
            error = RecordFormatError("not UTF-8 text", where=f"line {line}")
            return None, [error], True
        lines = [line.removesuffix("\r") for line in text.split("\n")]
        if lines and lines[-1] == "":
            lines.pop()
        try:
            return parse_game(lines, first_line=item.line), [], False
        except InvalidRecordError as exc:
            errors = list(exc.errors)
            unreadable = len(errors) == 1 and not errors[0].loc
            return None, errors, unreadable
    record, errors = validate_record_bytes(item.data, max_bytes=max_bytes)
    if item.kind == "jsonl":
        errors = [_at_line(error, item.line) for error in errors]
    return record, errors, bool(errors) and all(_is_unreadable(e) for e in errors)


def _at_line(error: RecordFormatError, line: int) -> RecordFormatError:
    from ..errors import RecordFormatError

    where = error.where
    if where.startswith("line 1, column"):
        where = f"line {line}," + where.removeprefix("line 1,")
    elif where == "the whole record":
        where = f"line {line}"
    else:
        where = f"line {line}, {where}"
    return RecordFormatError(error.message, loc=error.loc, where=where, rule=error.rule)


def error_text(error: RecordFormatError) -> str:
    """An error in one line: message, place in words, JSON pointer.

    >>> from casino_records.errors import RecordFormatError
    >>> error_text(RecordFormatError("bad", loc="/deals/0", where="deal 1"))
    'deal 1: bad (/deals/0)'
    """
    return _place(error.message, error.where, error.loc)


def _place(message: str, where: str, loc: str) -> str:
    text = message
    if where and where != "the whole record" and where not in message:
        text = f"{where}: {message}"
    return text + (f" ({loc})" if loc else "")


def first_problem(report: ReplayReport) -> str:
    """The first error of a report (else its first dispute, else its first
    warning, such as claims that could not be checked) in words, or ``""``."""
    for severity in ("error", "dispute", "warning"):
        for finding in report.findings:
            if finding.severity == severity:
                return _place(finding.message, finding.where, finding.loc)
    return ""


def check_item(
    item: Item,
    reports: bool = False,
    max_bytes: int = CLI_MAX_BYTES,
    strict: bool = False,
) -> Outcome:
    """Read and replay one item; never raises for a bad record.

    :param reports: also return the replay report as JSON bytes.
    :param strict: claims that cannot be checked (a deal not played out) make
        the record disputed.
    """
    # The record and its report are gone by the time the collector is back on,
    # so it never walks them.
    with _collector_paused():
        return _check(item, reports, max_bytes, strict)


def _check(item: Item, reports: bool, max_bytes: int, strict: bool) -> Outcome:
    from ..record.jsonio import dumps_json
    from .replay import replay

    def outcome(
        status: Status, problem: str, count: int, key: str, detail: object
    ) -> Outcome:
        entry = None
        if reports:
            entry = dumps_json(
                {
                    "source": item.label,
                    "status": status,
                    "problem": problem,
                    key: detail,
                }
            )
        return Outcome(item.label, status, problem, count, item.size, entry)

    record, errors, unreadable = read_item(item, max_bytes)
    if record is None:
        status: Status = "unreadable" if unreadable else "invalid"
        details = [_error_dict(e) for e in errors]
        return outcome(status, error_text(errors[0]), len(errors), "errors", details)
    result = replay(record, source=item.label, strict_claims=strict).report
    problems = sum(1 for f in result.findings if f.severity != "warning")
    status = "invalid" if not result.valid else "disputed" if result.disputed else "ok"
    return outcome(status, first_problem(result), problems, "report", result)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while one record is checked.

    Reading and replaying a record allocates many short-lived objects, almost
    none in cycles, and the collector would otherwise run hundreds of times per
    record for nothing. Memory is bounded by ``max_bytes`` per record; anything
    cyclic is collected once the collector is back on, between records.
    """
    if not gc.isenabled():  # paused by the caller already
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _error_dict(error: RecordFormatError) -> dict[str, str]:
    return {"loc": error.loc, "message": error.message, "where": error.where}


# --- Checking many -------------------------------------------------------------------


def check_all(
    items: Iterable[Item],
    *,
    jobs: int = 1,
    reports: bool = False,
    max_bytes: int = CLI_MAX_BYTES,
    chunksize: int = 64,
    strict: bool = False,
) -> Generator[Outcome, None, None]:
    """Check every item, in order; with ``jobs > 1`` in that many worker processes.

    At most ``jobs * chunksize * 4`` items are read ahead of the results, so
    memory stays flat however long the stream is. Closing the iterator early
    (``--fail-fast``) stops the workers.
    """
    work = partial(check_item, reports=reports, max_bytes=max_bytes, strict=strict)
    if jobs <= 1:
        yield from map(work, items)
        return
    window = max(jobs * chunksize * 4, chunksize)
    slots = threading.Semaphore(window)
    stop = threading.Event()

    def feed() -> Iterator[Item]:
        for item in items:
            slots.acquire()
            if stop.is_set():
                return
            yield item

    import multiprocessing

    context: multiprocessing.context.BaseContext
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        # Fastest: the workers inherit the engine, imported here once.
        import importlib

        for module in _PRELOAD:
            importlib.import_module(module)
        context = multiprocessing.get_context("fork")
    elif "forkserver" in methods:  # forking a threaded process is unsafe
        server = multiprocessing.get_context("forkserver")
        server.set_forkserver_preload(_PRELOAD)
        context = server
    else:  # pragma: no cover - neither on Linux nor macOS
        context = multiprocessing.get_context("spawn")
    # What the workers inherit by fork goes to the collector's permanent
    # generation first: their collections never touch (and copy) those pages.
    gc.freeze()
    try:
        pool = context.Pool(jobs)
    finally:
        gc.unfreeze()
    try:
        for outcome in pool.imap(work, feed(), chunksize=chunksize):
            slots.release()
            yield outcome
    finally:
        stop.set()
        for _ in range(window + 1):
            slots.release()  # unblock the feeder so the pool can shut down
        pool.terminate()
        pool.join()


def default_jobs() -> int:
    """The number of usable cores."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1
