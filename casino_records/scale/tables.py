"""The Parquet datasets' schemas, and a writer that streams rows into them.

Needs pyarrow (the ``[scale]`` extra).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import pyarrow as pa
import pyarrow.parquet as pq

from .columns import FINDING_KINDS

__all__ = [
    "FINDINGS_SCHEMA",
    "RECORDS_SCHEMA",
    "PartWriter",
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


class PartWriter:
    """Writes one partition's rows to a Parquet file, whole or not at all.

    Rows are converted and written a row group at a time (memory stays flat
    however large the partition); the file is written under a hidden temporary
    name beside ``path`` and moved to ``path`` by :meth:`commit`, replacing a
    file an earlier attempt left there.
    """

    def __init__(
        self, path: Path, schema: pa.Schema, *, group_rows: int = 8192
    ) -> None:
        self.path = path
        self.schema = schema
        self.group_rows = group_rows
        self.rows = 0
        """Rows added so far."""
        self._temp = path.with_name(f".{path.name}.{os.getpid()}-{id(self):x}.tmp")
        self._buffer: list[dict[str, Any]] = []
        self._writer: pq.ParquetWriter | None = None

    def add(self, rows: Sequence[dict[str, Any]]) -> None:
        """Add rows (in order); written once a row group is full."""
        self._buffer += rows
        self.rows += len(rows)
        if len(self._buffer) >= self.group_rows:
            self._flush()

    def commit(self) -> None:
        """Write what is left and move the file into place (a partition without
        rows gets a file without rows, so that every reader finds the columns)."""
        self._flush()
        if self._writer is None:
            self._open()
        assert self._writer is not None
        self._writer.close()
        self._writer = None
        os.replace(self._temp, self.path)

    def abort(self) -> None:
        """Drop the temporary file, if not committed (harmless after a commit)."""
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        self._temp.unlink(missing_ok=True)

    def _open(self) -> None:
        self._writer = pq.ParquetWriter(self._temp, self.schema, compression="zstd")

    def _flush(self) -> None:
        if not self._buffer:
            return
        table = pa.Table.from_pylist(self._buffer, schema=self.schema)
        self._buffer = []
        if self._writer is None:
            self._open()
        assert self._writer is not None
        self._writer.write_table(table, row_group_size=max(table.num_rows, 1))
