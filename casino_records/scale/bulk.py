"""``bulk``: check every record of many files on a Dask cluster, write the results.

The client (this process) reads the records with the one reader
(:func:`casino_records.record.sources.iter_items`: every file kind, compressed
archives, flat memory), cuts them into batches and submits each batch with its
raw items as a Dask task (:func:`.work.check_batch`); at most a few batches per
worker thread are in flight, so memory stays flat however long the input is.
Results are taken once per batch and written in input order into a folder
beside the target, which becomes the target only when the run is complete.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import pyarrow.compute as pc

from .. import __version__
from ..check.outcome import Status
from ..record.files import MAX_RECORD_BYTES
from ..record.jsonio import dumps_json
from ..record.sources import Item, find_files, iter_items
from .results import MANIFEST, RESULTS_FORMAT, check_target
from .tables import FINDINGS_SCHEMA, RECORDS_SCHEMA, TableWriter
from .work import check_batch, peak_memory

if TYPE_CHECKING:
    import pyarrow as pa
    from distributed import Client

__all__ = ["BATCH_BYTES", "BATCH_RECORDS", "Batch", "BulkResult", "batches", "run_bulk"]

BATCH_RECORDS: Final = 200
"""Records per task: large enough that Dask's cost per task does not count."""
BATCH_BYTES: Final = 2 * 1024 * 1024
"""A batch is closed early once its records hold this many bytes."""
STATUSES: Final[tuple[Status, ...]] = ("ok", "disputed", "invalid", "unreadable")


@dataclass(frozen=True, slots=True)
class Batch:
    """Records read on the client, sent to a worker as one task."""

    number: int
    """The batch's number in input order, from 0."""
    first_seq: int
    """The input order number of its first record."""
    items: list[Item]
    files: list[str]
    """The file of each item."""


@dataclass(slots=True)
class BulkResult:
    """What a run checked and where it wrote it."""

    out: Path
    counts: dict[str, int]
    """Records by status."""
    findings: int
    """Rows of the findings table."""
    seconds: float
    workers: dict[str, int] = field(default_factory=dict)
    """Each worker's peak resident memory in bytes, by its address."""

    @property
    def records(self) -> int:
        """Records checked."""
        return sum(self.counts.values())


def batches(
    paths: Iterable[Path],
    *,
    max_bytes: int = MAX_RECORD_BYTES,
    batch_records: int = BATCH_RECORDS,
    batch_bytes: int = BATCH_BYTES,
) -> Iterator[Batch]:
    """The records of ``paths`` (files and folders, as ``validate`` finds them), batched.

    A file is named in the results by its absolute path (``-``: standard input),
    so the viewer finds it again from anywhere.
    """
    items: list[Item] = []
    files: list[str] = []
    size = 0
    number = 0
    seq = 0
    for path in find_files(paths):
        name = "-" if str(path) == "-" else str(path.absolute())
        for item in iter_items([path], max_bytes=max_bytes):
            items.append(item)
            files.append(name)
            size += len(item.data)
            if len(items) >= batch_records or size >= batch_bytes:
                yield Batch(number, seq, items, files)
                number, seq = number + 1, seq + len(items)
                items, files, size = [], [], 0
    if items:
        yield Batch(number, seq, items, files)


def run_bulk(
    client: Client,
    paths: Iterable[Path],
    out: Path,
    *,
    max_bytes: int = MAX_RECORD_BYTES,
    strict: bool = False,
    replace: bool = False,
    batch_records: int = BATCH_RECORDS,
    progress: Callable[[Mapping[str, int]], None] | None = None,
) -> BulkResult:
    """Check every record of ``paths`` on ``client``'s cluster; write the results to ``out``.

    :param replace: replace ``out`` when it is a results folder already
        (anything else there is never touched).
    :param progress: called with the counts by status after each batch written.
    :raises ResultsError: ``out`` is taken.
    :raises BulkError: a batch failed on the cluster (nothing is written).
    """
    paths = list(paths)
    check_target(out, replace)
    started = time.perf_counter()
    work = out.parent / f".{out.name}.partial-{os.getpid()}"
    shutil.rmtree(work, ignore_errors=True)
    counts: dict[str, int] = dict.fromkeys(STATUSES, 0)
    records = TableWriter(work / "records", RECORDS_SCHEMA)
    findings = TableWriter(work / "findings", FINDINGS_SCHEMA)

    def write(tables: tuple[pa.Table, pa.Table]) -> None:
        records.write(tables[0])
        findings.write(tables[1])
        statuses = pc.value_counts(tables[0].column("status")).to_pylist()
        for entry in statuses:
            counts[entry["values"]] += entry["counts"]
        if progress is not None:
            progress(counts)

    try:
        source = batches(paths, max_bytes=max_bytes, batch_records=batch_records)
        _run(client, source, write, max_bytes=max_bytes, strict=strict)
        records.close()
        findings.close()
        seconds = time.perf_counter() - started
        memory = {str(k): int(v) for k, v in client.run(peak_memory).items()}
        result = BulkResult(out, counts, findings.rows, seconds, memory)
        _write_manifest(work, result, paths, strict)
        _put_in_place(work, out)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return result


class BulkError(Exception):
    """The cluster could not check a batch (a worker lost too often, a bug)."""


def _run(
    client: Client,
    source: Iterator[Batch],
    write: Callable[[tuple[pa.Table, pa.Table]], None],
    *,
    max_bytes: int,
    strict: bool,
) -> None:
    """Submit the batches, at most a few per worker thread ahead of the writing."""
    from distributed import as_completed

    threads = sum(
        w.get("nthreads", 1) for w in client.scheduler_info()["workers"].values()
    )
    limit = max(4 * threads, 8)
    run = f"casino-bulk-{os.getpid()}-{time.time_ns()}"
    waiting = as_completed()
    pending: dict[Any, int] = {}
    done: dict[int, tuple[pa.Table, pa.Table]] = {}
    submitted = written = 0

    def receive() -> None:
        nonlocal written
        future = next(waiting)
        number = pending.pop(future)
        try:
            done[number] = future.result()
        except Exception as exc:
            raise BulkError(f"batch {number + 1} failed on the cluster: {exc}") from exc
        finally:
            future.release()
        while written in done:
            write(done.pop(written))
            written += 1

    try:
        for batch in source:
            while submitted - written >= limit:
                receive()
            future = client.submit(
                check_batch,
                batch.items,
                batch.files,
                batch.first_seq,
                max_bytes,
                strict,
                key=f"{run}-{batch.number}",
                pure=False,
            )
            pending[future] = batch.number
            waiting.add(future)
            submitted += 1
        while pending:
            receive()
    finally:
        for future in pending:
            future.cancel()


def _write_manifest(
    work: Path, result: BulkResult, paths: Iterable[Path], strict: bool
) -> None:
    manifest = {
        "format": RESULTS_FORMAT,
        "tool": f"casino-records {__version__}",
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        "inputs": [str(p) if str(p) == "-" else str(p.absolute()) for p in paths],
        "strict": strict,
        "records": result.records,
        "counts": result.counts,
        "findings": result.findings,
        "seconds": round(result.seconds, 3),
        "workers_peak_memory": result.workers,
    }
    (work / MANIFEST).write_bytes(dumps_json(manifest))


def _put_in_place(work: Path, out: Path) -> None:
    """Make ``work`` the results folder ``out``, replacing old results last."""
    old = None
    if out.exists():
        old = out.parent / f".{out.name}.old-{os.getpid()}"
        out.rename(old)
    work.rename(out)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
