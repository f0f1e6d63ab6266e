"""What a Dask worker runs: check one partition, write its Parquet files, return counts.

The worker opens the input files itself and reads only its partition's pieces
(:mod:`.parts`), checks each record as ``validate`` does
(:func:`casino_records.check.batch.checked_item`, a record with nothing to
report read and replayed the quick way) and writes the partition's
rows to ``records/part-NNNNN.parquet`` and ``findings/part-NNNNN.parquet``
(named by the partition), each written beside its place and moved there
whole. Only the counts go back to the client. A partition whose worker dies is
run again elsewhere and its files are written again, replacing any left from
before: nothing is lost and nothing is written twice.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from ..check.batch import checked_item
from ..collector import collector_paused
from ..record.files.ranges import range_items
from ..record.files.sources import Item, file_items
from .columns import finding_rows, record_row
from .parts import Part, Piece
from .tables import FINDINGS_SCHEMA, RECORDS_SCHEMA, PartWriter

__all__ = ["PartDone", "PartError", "check_part", "part_name", "peak_memory"]


class PartError(Exception):
    """A partition cannot be checked as planned: its worker cannot read a file
    the client read, or a file changed since it was cut."""


@dataclass(slots=True)
class PartDone:
    """What a partition's task returns: counts only."""

    number: int
    counts: dict[str, int] = field(default_factory=dict)
    """Records by status."""
    findings: int = 0


def part_name(number: int) -> str:
    """The file name of a partition's Parquet files."""
    return f"part-{number:05d}.parquet"


def check_part(part: Part, folder: str, max_bytes: int, strict: bool) -> PartDone:
    """Check the records of ``part`` and write its rows under ``folder``.

    :param folder: the results folder being written (``records/`` and
        ``findings/`` in it exist).
    :param strict: as ``validate --strict``.
    :raises PartError: see :class:`PartError`.
    """
    done = PartDone(part.number)
    name = part_name(part.number)
    records = PartWriter(Path(folder, "records", name), RECORDS_SCHEMA)
    findings = PartWriter(Path(folder, "findings", name), FINDINGS_SCHEMA)
    try:
        with _objects_so_far_frozen():
            seq = part.first_seq
            for item, file in _items(part, max_bytes):
                status, found = _check(
                    item, file, seq, records, findings, max_bytes, strict
                )
                done.counts[status] = done.counts.get(status, 0) + 1
                done.findings += found
                seq += 1
            if seq - part.first_seq != part.records:
                raise PartError(
                    f"partition {part.number} held {seq - part.first_seq} records, not"
                    f" {part.records}: was an input file changed during the run?"
                )
        records.commit()
        findings.commit()
    finally:
        records.abort()
        findings.abort()
    return done


@contextmanager
def _objects_so_far_frozen() -> Iterator[None]:
    """Leave the objects alive so far out of the cyclic collector's walks while
    the block runs (:func:`gc.freeze`), as ``validate``'s forked workers do.

    A worker holds Dask and everything it imported: each full collection
    between records would walk them all again, and none of them is garbage
    made by the check.
    """
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _check(
    item: Item,
    file: str,
    seq: int,
    records: PartWriter,
    findings: PartWriter,
    max_bytes: int,
    strict: bool,
) -> tuple[str, int]:
    """Check one record and add its rows; its status and number of findings.

    The cyclic collector stays paused until the record's rows are taken and
    the record and its replay are gone, as
    :func:`casino_records.check.batch.check_item` pauses it: otherwise it walks
    the whole replay, many times per record or once as it comes back on, for
    nothing.
    """
    with collector_paused():
        checked = checked_item(item, max_bytes, strict, quick=True)
        status = checked.status
        records.add([record_row(checked, seq, file)])
        rows = finding_rows(checked, seq)
        del checked
        findings.add(rows)
    return status, len(rows)


def _items(part: Part, max_bytes: int) -> Iterator[tuple[Item, str]]:
    for item in part.items:
        yield item, "-"
    for piece in part.pieces:
        _check_access(piece)
        path = Path(piece.path)
        if piece.span is None:
            items = file_items(path, max_bytes, piece.label)
        else:
            items = range_items(
                path, piece.span, label=piece.label, max_bytes=max_bytes
            )
        for item in items:
            yield item, piece.path


def _check_access(piece: Piece) -> None:
    if piece.readable and not os.access(piece.path, os.R_OK):
        raise PartError(
            f"a worker cannot read {piece.path}: the workers must see the input"
            " files at the same path as the command (a shared file system)"
        )


def peak_memory() -> int:
    """This process's peak resident memory so far, in bytes (Linux and macOS)."""
    import resource
    import sys

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return int(peak) if sys.platform == "darwin" else int(peak) * 1024
