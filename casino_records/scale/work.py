"""What a Dask worker runs: check a batch of records, return their rows as Arrow tables.

A batch carries its raw items (read on the client), so a worker needs no access
to the input files, and a batch whose worker dies is simply run again
elsewhere from the task itself: nothing is lost, and since the client takes
each batch's result once, nothing is counted twice.
"""

from __future__ import annotations

from collections.abc import Sequence

import pyarrow as pa

from ..check.batch import checked_item
from ..record.sources import Item
from .columns import finding_rows, record_row
from .tables import findings_table, records_table

__all__ = ["check_batch", "peak_memory"]


def check_batch(
    items: Sequence[Item],
    files: Sequence[str],
    first_seq: int,
    max_bytes: int,
    strict: bool,
) -> tuple[pa.Table, pa.Table]:
    """Check ``items`` (read and replay each) and return the records and findings rows.

    :param files: the file each item was read from (same length as ``items``).
    :param first_seq: the input order number of the first item.
    :param strict: as ``validate --strict``.
    """
    records = []
    findings = []
    for n, (item, file) in enumerate(zip(items, files, strict=True)):
        checked = checked_item(item, max_bytes, strict)
        records.append(record_row(checked, first_seq + n, file))
        findings += finding_rows(checked, first_seq + n)
    return records_table(records), findings_table(findings)


def peak_memory() -> int:
    """This process's peak resident memory so far, in bytes (Linux and macOS)."""
    import resource
    import sys

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return int(peak) if sys.platform == "darwin" else int(peak) * 1024
