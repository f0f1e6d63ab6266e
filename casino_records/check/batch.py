"""Check many records: read them lazily, replay them, in parallel if asked.

The command line's ``validate`` and ``rescore`` are built on this module; it
never prints. The records come as raw items from
:mod:`casino_records.record.files.sources` (an archive of any size is read with flat
memory); :func:`check_item` parses and replays one item and returns a small
:class:`~casino_records.check.outcome.Outcome`; :func:`check_all` maps it over a
stream, in worker processes when ``jobs > 1``, keeping the input order and a
bounded number of items in flight. :func:`check_files` checks files and
folders; in worker processes, each worker reads its own byte ranges of a plain
archive (the command only finds where they start), so no record is sent to a
worker through a pipe.

>>> item = Item("inline", "json", b'{"format": "casino-record/1"')
>>> outcome = check_item(item)
>>> str(outcome.status), outcome.problem
('unreadable', 'line 1, column 29: invalid JSON: unexpected end of data')
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TypeVar

from ..collector import collector_paused
from ..i18n import DEFAULT, ENGLISH, Translator, translator
from ..record.files.kinds import MAX_RECORD_BYTES
from ..record.files.ranges import (
    ByteRange,
    range_items,
    split_archive,
    splittable,
)
from ..record.files.reading import light_item, read_item
from ..record.files.sources import Item, file_items, find_files, iter_items
from .outcome import (
    Outcome,
    error_text,
    first_finding,
    first_problem,
    in_source_terms,
)
from .status import Severity, Status

if TYPE_CHECKING:
    from ..errors import RecordFormatError
    from ..record.format.models import GameRecord
    from ..record.replayable import RecordShape
    from .replay import Replay
    from .report import ReplayReport

__all__ = [
    "ArchiveRange",
    "Checked",
    "check_all",
    "check_files",
    "check_item",
    "checked_item",
    "default_jobs",
    "map_files",
    "parallel_map",
    "task_results",
    "work_of",
]

_PRELOAD: Final = [
    "casino_records.check.batch",
    "casino_records.record.json.jsonio",
    "casino_records.check.replay",
]
RANGE_BYTES: Final = 1 << 20
"""A worker's byte range of a plain archive is about this long (with
:data:`RANGE_RECORDS`: a fraction of a second of work, so the output keeps
coming and ``--fail-fast`` stops soon)."""
RANGE_RECORDS: Final = 256
"""And holds at most this many records."""
_T = TypeVar("_T")
_R = TypeVar("_R")


# --- Checking one record ------------------------------------------------------------


class Checked:
    """One item read and replayed: its record, errors or report, and its outcome."""

    __slots__ = (
        "errors",
        "item",
        "record",
        "replayed",
        "shape",
        "status",
        "unreadable",
    )

    def __init__(
        self,
        item: Item,
        max_bytes: int = MAX_RECORD_BYTES,
        strict: bool = False,
        quick: bool = False,
    ) -> None:
        from .replay import replay, replay_if_clean

        self.item = item
        """The item checked."""
        self.record: GameRecord | None = None
        """The record, when it could be read (None when ``quick`` read it)."""
        self.shape: RecordShape | None = None
        """What was read of the record, when it could be read: the record, or
        the quick reader's lighter record when ``quick`` read it."""
        self.errors: list[RecordFormatError] = []
        """Why it could not be read (empty when it was)."""
        self.unreadable = False
        """True when it is not even a document (bad JSON, not UTF-8, too large)."""
        self.replayed: Replay | None = None
        """The replay, when the record could be read."""
        self.status: Status
        """The verdict."""
        if quick:
            # A well-formed JSON record with nothing to report is read without
            # the models and replayed without bookkeeping; anything else goes
            # the full way below, so its findings are those of a full check.
            light = light_item(item, max_bytes)
            clean = (
                None
                if light is None
                else replay_if_clean(light, source=item.label, strict_claims=strict)
            )
            if clean is not None:
                self.shape = light
                self.replayed = clean
                self.status = clean.report.status
                return
        from ..record.format.readnotes import ReadNotes

        notes = ReadNotes()
        record, self.errors, self.unreadable = read_item(item, max_bytes, notes)
        self.record = self.shape = record
        if record is None:
            self.status = Status.UNREADABLE if self.unreadable else Status.INVALID
            return
        self.replayed = replay(
            record, source=item.label, strict_claims=strict, quick=quick
        )
        if self.replayed.report.findings:
            in_source_terms(self.replayed.report, notes)
        self.status = self.replayed.report.status

    @property
    def report(self) -> ReplayReport | None:
        """The replay's report, when the record could be read."""
        return None if self.replayed is None else self.replayed.report

    @property
    def problem(self) -> str:
        """The first problem in players' words (its pointer is
        :attr:`problem_loc`), or ``""``. A record that cannot be read has no
        game to tell in words: its first read error keeps its pointer inline."""
        return self.problem_in(ENGLISH)

    def problem_in(self, t: Translator) -> str:
        """:attr:`problem` in ``t``'s language (English where it is not said so yet)."""
        if self.replayed is None:
            return error_text(self.errors[0], t=t)
        return first_problem(self.replayed.report, t=t)

    @property
    def problem_loc(self) -> str:
        """The JSON pointer of the first finding of the replay (``""``: none, the
        whole record, or a read error, whose pointer is in :attr:`problem`)."""
        if self.replayed is None:
            return ""
        finding = first_finding(self.replayed.report)
        return "" if finding is None else finding.loc

    @property
    def problems(self) -> int:
        """How many problems: read errors, or the report's errors and disputes."""
        if self.replayed is None:
            return len(self.errors)
        findings = self.replayed.report.findings
        return sum(1 for f in findings if f.severity != Severity.WARNING)

    def entry(self) -> dict[str, Any]:
        """The JSON entry of ``--format json``: source, status, problem, report (as
        dicts: :func:`~casino_records.record.json.dump.as_dicts`) or errors."""
        from ..record.json.dump import as_dicts

        entry: dict[str, Any] = {
            "source": self.item.label,
            "status": self.status,
            "problem": self.problem,
        }
        if self.report is None:
            entry["errors"] = [
                {"loc": e.loc, "message": e.message, "where": e.where}
                for e in self.errors
            ]
        else:
            entry["report"] = as_dicts(self.report)
        return entry

    def outcome(self, reports: bool = False, lang: str = DEFAULT) -> Outcome:
        """The small summary sent back from a worker process, its problem in the
        language ``lang`` (a code: a worker loads its own translator; the JSON
        report stays English)."""
        report = None
        if reports:
            from ..record.json.dump import dumps_json

            report = dumps_json(self.entry())
        return Outcome(
            self.item.label,
            self.status,
            self.problem_in(translator(lang)),
            self.problems,
            self.item.size,
            report,
            self.problem_loc,
        )


def checked_item(
    item: Item,
    max_bytes: int = MAX_RECORD_BYTES,
    strict: bool = False,
    quick: bool = False,
) -> Checked:
    """Read and replay one item (see :class:`Checked`); never raises for a bad record.

    :param strict: claims that cannot be checked (a deal not played out) make
        the record disputed.
    :param quick: read and replay a record with nothing to report the quick
        way, as ``validate`` does (its :attr:`Checked.record` is then None,
        its :attr:`Checked.shape` the quick reader's); same status and report.
    """
    with collector_paused():
        return Checked(item, max_bytes, strict, quick)


def check_item(
    item: Item,
    reports: bool = False,
    max_bytes: int = MAX_RECORD_BYTES,
    strict: bool = False,
    lang: str = DEFAULT,
) -> Outcome:
    """Read and replay one item; never raises for a bad record.

    :param reports: also return the replay report as JSON bytes.
    :param strict: claims that cannot be checked (a deal not played out) make
        the record disputed.
    :param lang: the language of the outcome's problem (a code).
    """
    # The record and its report are gone by the time the collector is back on,
    # so it never walks them.
    with collector_paused():
        return Checked(item, max_bytes, strict, quick=True).outcome(reports, lang)


# --- Checking many -------------------------------------------------------------------


def check_all(
    items: Iterable[Item],
    *,
    jobs: int = 1,
    reports: bool = False,
    max_bytes: int = MAX_RECORD_BYTES,
    chunksize: int = 64,
    strict: bool = False,
) -> Generator[Outcome, None, None]:
    """Check every item, in order; with ``jobs > 1`` in that many worker processes.

    At most ``jobs * chunksize * 4`` items are read ahead of the results, so
    memory stays flat however long the stream is. Closing the iterator early
    (``--fail-fast``) stops the workers.
    """
    work = partial(check_item, reports=reports, max_bytes=max_bytes, strict=strict)
    yield from parallel_map(work, items, jobs=jobs, chunksize=chunksize)


def parallel_map(
    work: Callable[[_T], _R],
    items: Iterable[_T],
    *,
    jobs: int = 1,
    chunksize: int = 64,
) -> Generator[_R, None, None]:
    """``map(work, items)`` in order, in ``jobs`` worker processes when ``jobs > 1``.

    ``work`` must be picklable (a module-level function or a ``partial`` of
    one). At most ``jobs * chunksize * 4`` items are read ahead of the
    results, so memory stays flat however long the stream is. Closing the
    iterator early stops the workers.
    """
    if jobs <= 1:
        yield from map(work, items)
        return
    import threading

    window = max(jobs * chunksize * 4, chunksize)
    slots = threading.Semaphore(window)
    stop = threading.Event()

    def feed() -> Iterator[_T]:
        for item in items:
            slots.acquire()
            if stop.is_set():
                return
            yield item

    import multiprocessing

    from .pools import start_pool, stop_pool, stopping_workers

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
    with stopping_workers():  # SIGTERM stops the workers first, then this process
        gc.freeze()
        try:
            pool = start_pool(context, jobs)
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
            stop_pool(pool)


@dataclass(frozen=True, slots=True)
class ArchiveRange:
    """Byte range ``span`` of the plain archive ``path``, read by the worker that
    checks it (see :func:`casino_records.record.files.ranges.split_archive`)."""

    path: Path
    label: str
    span: ByteRange


Work = tuple[Item, ...] | ArchiveRange
"""What one worker task checks: items read by the command, or a range it reads."""


def check_files(
    paths: Iterable[Path],
    *,
    jobs: int = 1,
    reports: bool = False,
    max_bytes: int = MAX_RECORD_BYTES,
    strict: bool = False,
    lang: str = DEFAULT,
) -> Generator[Outcome, None, None]:
    """Check every record of ``paths`` (files, folders, ``-``), in input order.

    The same outcomes as :func:`check_all` of :func:`.sources.iter_items`; with
    ``jobs > 1`` the workers read plain archives themselves, range by range.
    Each outcome's problem is in the language ``lang`` (a code).
    """
    check = partial(
        check_item, reports=reports, max_bytes=max_bytes, strict=strict, lang=lang
    )
    yield from map_files(check, paths, jobs=jobs, max_bytes=max_bytes)


def map_files(
    work: Callable[[Item], _R],
    paths: Iterable[Path],
    *,
    jobs: int = 1,
    max_bytes: int = MAX_RECORD_BYTES,
) -> Generator[_R, None, None]:
    """``work`` of every item of ``paths`` (as :func:`.sources.iter_items` reads
    them), in input order; with ``jobs > 1`` in worker processes that read
    plain archives themselves, range by range (:func:`work_of`).

    ``work`` must be picklable, as for :func:`parallel_map`.
    """
    if jobs <= 1:
        yield from map(work, iter_items(paths, max_bytes=max_bytes))
        return
    task = partial(task_results, work=work, max_bytes=max_bytes)
    for results in parallel_map(
        task, work_of(paths, max_bytes), jobs=jobs, chunksize=1
    ):
        yield from results


def work_of(
    paths: Iterable[Path], max_bytes: int = MAX_RECORD_BYTES, batch: int = 64
) -> Iterator[Work]:
    """The tasks of :func:`map_files`: a plain archive's byte ranges, and the
    items of every other source in batches of ``batch``."""
    held: list[Item] = []
    for path in find_files(paths):
        if str(path) != "-" and splittable(path):
            if held:
                yield tuple(held)
                held = []
            yield from _ranges(path, max_bytes)
            continue
        for item in iter_items([path], max_bytes=max_bytes):
            held.append(item)
            if len(held) >= batch:
                yield tuple(held)
                held = []
    if held:
        yield tuple(held)


def _ranges(path: Path, max_bytes: int) -> Iterator[Work]:
    label = str(path)
    cut = False
    try:
        for span in split_archive(
            path,
            range_bytes=RANGE_BYTES,
            range_records=RANGE_RECORDS,
            max_bytes=max_bytes,
        ):
            cut = True
            yield ArchiveRange(path, label, span)
    except OSError as exc:
        if not cut:  # as reading it whole says it
            yield tuple(file_items(path, max_bytes))
        else:
            yield (_unreadable(label, exc),)


def task_results(
    task: Work, work: Callable[[Item], _R], max_bytes: int = MAX_RECORD_BYTES
) -> list[_R]:
    """``work`` of every item of one task of :func:`map_files` (in a worker process)."""
    if isinstance(task, tuple):
        return [work(item) for item in task]
    results = []
    try:
        for item in range_items(
            task.path, task.span, label=task.label, max_bytes=max_bytes
        ):
            results.append(work(item))
    except OSError as exc:  # the archive went away after it was cut
        results.append(work(_unreadable(task.label, exc)))
    return results


def _unreadable(label: str, exc: OSError) -> Item:
    problem = f"cannot read {label}: {exc.strerror or type(exc).__name__}"
    return Item(label, "error", problem=problem)


def default_jobs() -> int:
    """The number of usable cores."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1
