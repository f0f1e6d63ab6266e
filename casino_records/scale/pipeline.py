"""``bulk``: check every record of many files on a Dask cluster, write the results.

The client (this process) cuts the input into partitions, about sixteen per
worker thread (:mod:`.parts`: byte ranges of plain archives, whole files otherwise)
and submits each as one Dask task (:func:`.work.check_part`): the worker reads
its own partition, checks it and writes its Parquet files into a folder beside
the target; only counts come back. At most a few partitions per worker thread
are in flight. The folder becomes the target only when every partition is
written; one that a killed run left is removed by the next run to the same
target.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..check.status import STATUSES
from ..record.files.atomic import remove_stale
from ..record.files.kinds import MAX_RECORD_BYTES
from ..record.json.jsonio import dumps_json
from .parts import Part, part_bytes, plan
from .results import MANIFEST, RESULTS_FORMAT, TABLES, check_target
from .tables import FINDINGS_SCHEMA, RECORDS_SCHEMA, PartWriter
from .work import PartDone, check_part, part_name, peak_memory

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["BulkError", "BulkResult", "run_bulk"]


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


def run_bulk(
    client: Client,
    paths: Iterable[Path],
    out: Path,
    *,
    max_bytes: int = MAX_RECORD_BYTES,
    strict: bool = False,
    replace: bool = False,
    part_records: int | None = None,
    progress: Callable[[Mapping[str, int]], None] | None = None,
) -> BulkResult:
    """Check every record of ``paths`` on ``client``'s cluster; write the results to ``out``.

    The workers read the input files and write the results themselves: they
    must see both at the same paths as this process (a local cluster does).

    :param replace: replace ``out`` when it is a results folder already
        (anything else there is never touched).
    :param part_records: at most this many records per partition (default: a
        few partitions per worker, whatever their records).
    :param progress: called with the counts by status after each partition.
    :raises ResultsError: ``out`` is taken.
    :raises BulkError: a partition failed on the cluster (nothing is written).
    """
    paths = list(paths)
    check_target(out, replace)
    started = time.perf_counter()
    _remove_left_behind(out)
    work = out.absolute().parent / f".{out.name}.partial-{os.getpid()}"
    shutil.rmtree(work, ignore_errors=True)
    counts: dict[str, int] = dict.fromkeys(STATUSES, 0)
    findings = 0

    def taken(done: PartDone) -> None:
        nonlocal findings
        for status, n in done.counts.items():
            counts[status] += n
        findings += done.findings
        if progress is not None:
            progress(counts)

    try:
        for table in TABLES:
            (work / table).mkdir(parents=True)
        threads = _threads(client)
        size = part_bytes(paths, threads)
        parts = plan(paths, size=size, records=part_records, max_bytes=max_bytes)
        task = partial(check_part, folder=str(work), max_bytes=max_bytes, strict=strict)
        written = _run(client, parts, task, taken, limit=max(2 * threads, 4))
        _finish_tables(work, written)
        seconds = time.perf_counter() - started
        memory = {str(k): int(v) for k, v in client.run(peak_memory).items()}
        result = BulkResult(out, counts, findings, seconds, memory)
        _write_manifest(work, result, paths, strict)
        _put_in_place(work, out)
    except OSError as exc:  # an input file that breaks off, a folder not writable
        _remove(work)
        raise BulkError(f"{exc.filename or out}: {exc.strerror or exc}") from None
    except BaseException:
        _remove(work)
        raise
    return result


class BulkError(Exception):
    """The cluster could not check a partition (a worker lost too often, a bug,
    workers that cannot see the input files)."""


def _threads(client: Client) -> int:
    workers = client.scheduler_info()["workers"].values()
    return max(sum(int(w.get("nthreads", 1)) for w in workers), 1)


def _run(
    client: Client,
    parts: Iterator[Part],
    task: Callable[[Part], PartDone],
    taken: Callable[[PartDone], None],
    *,
    limit: int,
) -> int:
    """Submit the partitions, at most ``limit`` in flight; the number submitted."""
    from distributed import as_completed

    run = f"casino-bulk-{os.getpid()}-{time.time_ns()}"
    waiting = as_completed()
    pending: dict[Any, int] = {}
    submitted = 0

    def receive() -> None:
        future = next(waiting)
        number = pending.pop(future)
        try:
            taken(future.result())
        except Exception as exc:
            raise BulkError(
                f"partition {number + 1} failed on the cluster: {exc}"
            ) from exc
        finally:
            future.release()

    try:
        for part in parts:
            while len(pending) >= limit:
                receive()
            future = client.submit(task, part, key=f"{run}-{part.number}", pure=False)
            pending[future] = part.number
            waiting.add(future)
            submitted += 1
        while pending:
            receive()
    finally:
        for future in pending:
            future.cancel()
    return submitted


def _finish_tables(work: Path, written: int) -> None:
    """Drop what a lost worker left half written; give an empty run its (empty)
    files, so that every reader finds the columns."""
    for table, schema in zip(TABLES, (RECORDS_SCHEMA, FINDINGS_SCHEMA), strict=True):
        for left in (work / table).glob(".*.tmp"):
            left.unlink(missing_ok=True)
        if not written:
            PartWriter(work / table / part_name(0), schema).commit()


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


def _remove(work: Path, attempts: int = 5) -> None:
    """Remove the folder being written, though workers may still be writing in it.

    A task still running when the run stops can move a file in while the folder
    is being emptied, and the folder then stays; removed again, it is gone (a
    task that starts a file after its folder is gone fails to open it).
    """
    for _ in range(attempts):
        shutil.rmtree(work, ignore_errors=True)
        if not work.exists():
            return
        time.sleep(0.1)


def _remove_left_behind(out: Path) -> list[Path]:
    """Remove the folders that runs to ``out`` killed before they ended left
    beside it, those of a PID that no longer runs (a run still going is left
    alone): ``.OUT.partial-PID``, and ``.OUT.old-PID`` (the results it
    replaced) once ``out`` holds new ones."""
    kinds = "partial|old" if out.exists() else "partial"
    name = re.compile(rf"\.{re.escape(out.name)}\.(?:{kinds})-([0-9]+)")
    return remove_stale(out.absolute().parent, name)


def _put_in_place(work: Path, out: Path) -> None:
    """Make ``work`` the results folder ``out``, replacing old results last."""
    old = None
    if out.exists():
        old = out.parent / f".{out.name}.old-{os.getpid()}"
        out.rename(old)
    work.rename(out)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
