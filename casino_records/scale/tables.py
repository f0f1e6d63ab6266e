"""The Parquet datasets' schemas, and a writer that streams rows into them.

Needs pyarrow (the ``[scale]`` extra).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import pyarrow as pa
import pyarrow.parquet as pq

from .columns import FINDING_KINDS

__all__ = [
    "FINDINGS_SCHEMA",
    "RECORDS_SCHEMA",
    "TableWriter",
    "findings_table",
    "records_table",
]

_STRINGS: Final = pa.list_(pa.string())
_INTS: Final = pa.list_(pa.int32())

RECORDS_SCHEMA: Final = pa.schema(
    [
        ("seq", pa.int64()),
        ("source", pa.string()),
        ("file", pa.string()),
        ("kind", pa.string()),
        ("line", pa.int64()),
        ("offset", pa.int64()),
        ("size", pa.int64()),
        ("record_id", pa.string()),
        ("status", pa.string()),
        ("problem", pa.string()),
        ("problems", pa.int32()),
        ("preset", pa.string()),
        ("player_count", pa.int8()),
        ("players", _STRINGS),
        ("deals", pa.int32()),
        ("totals", _INTS),
        ("winner", pa.int8()),
        ("claimed_totals", _INTS),
        ("claimed_winner", pa.int8()),
        ("moves_checked", pa.int32()),
        ("errors", pa.int32()),
        ("disputes", pa.int32()),
        ("warnings", pa.int32()),
        *[(f"findings_{kind}", pa.int32()) for kind in FINDING_KINDS],
    ]
)
"""One row per record, in input order (``seq``)."""

FINDINGS_SCHEMA: Final = pa.schema(
    [
        ("seq", pa.int64()),
        ("source", pa.string()),
        ("record_id", pa.string()),
        ("number", pa.int32()),
        ("severity", pa.string()),
        ("kind", pa.string()),
        ("rule", pa.string()),
        ("loc", pa.string()),
        ("where", pa.string()),
        ("message", pa.string()),
        ("category", pa.string()),
        ("side", pa.int8()),
        ("claimed", pa.int32()),
        ("computed", pa.int32()),
    ]
)
"""One row per finding (or read error), in record order; ``seq`` joins the records."""


def records_table(rows: Sequence[dict[str, Any]]) -> pa.Table:
    """The ``records`` rows as an Arrow table."""
    return pa.Table.from_pylist(list(rows), schema=RECORDS_SCHEMA)


def findings_table(rows: Sequence[dict[str, Any]]) -> pa.Table:
    """The ``findings`` rows as an Arrow table."""
    return pa.Table.from_pylist(list(rows), schema=FINDINGS_SCHEMA)


class TableWriter:
    """Streams tables into Parquet files of one dataset folder, in order.

    Rows are buffered into row groups of about ``group_rows``; a new file is
    started every ``file_rows`` rows, so no file grows without bound.
    """

    def __init__(
        self,
        folder: Path,
        schema: pa.Schema,
        *,
        group_rows: int = 65_536,
        file_rows: int = 4_000_000,
    ) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.schema = schema
        self.group_rows = group_rows
        self.file_rows = file_rows
        self.rows = 0
        """Rows written so far (buffered ones included)."""
        self._buffer: list[pa.Table] = []
        self._buffered = 0
        self._writer: pq.ParquetWriter | None = None
        self._in_file = 0
        self._files = 0

    def write(self, table: pa.Table) -> None:
        """Add rows (in order); written once a row group is full."""
        self._buffer.append(table)
        self._buffered += table.num_rows
        self.rows += table.num_rows
        if self._buffered >= self.group_rows:
            self._flush()

    def close(self) -> None:
        """Write what is buffered and close the file (an empty dataset gets one
        empty file, so that every reader finds its columns)."""
        self._flush()
        if self._writer is None:
            self._open()
        assert self._writer is not None
        self._writer.close()
        self._writer = None

    def _open(self) -> None:
        path = self.folder / f"part-{self._files:05d}.parquet"
        self._writer = pq.ParquetWriter(path, self.schema, compression="zstd")
        self._files += 1
        self._in_file = 0

    def _flush(self) -> None:
        if not self._buffered:
            return
        table = pa.concat_tables(self._buffer)
        self._buffer, self._buffered = [], 0
        if self._writer is not None and self._in_file >= self.file_rows:
            self._writer.close()
            self._writer = None
        if self._writer is None:
            self._open()
        assert self._writer is not None
        self._writer.write_table(table, row_group_size=max(table.num_rows, 1))
        self._in_file += table.num_rows
