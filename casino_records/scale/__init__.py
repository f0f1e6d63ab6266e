"""Archives beyond one machine: ``bulk`` on a Dask cluster, its Parquet results, ``stats``.

The same checks as ``validate`` (:mod:`casino_records.check.batch`), run by
Dask's ``distributed`` scheduler on a local cluster or an existing one, and
left as a Parquet dataset that DuckDB, pyarrow or pandas can query:

- :mod:`.columns`: one record's checks as table rows (no extra needed);
- :mod:`.results`: the results folder, its manifest (no extra needed);
- :mod:`.tables`: the rows as Arrow tables, the Parquet schema;
- :mod:`.cluster`: the Dask client: a local cluster it starts and stops, or a scheduler;
- :mod:`.work`: what a Dask worker runs on a batch of records;
- :mod:`.pipeline`: reading, batching, submitting, writing in input order;
- :mod:`.query`: ``stats`` and the viewer's filters, with DuckDB.

Needs the ``[scale]`` extra (dask[distributed], pyarrow, duckdb, zstandard);
nothing outside this package imports it when the package or the command line
starts, so the base install works without it.
"""

from __future__ import annotations

__all__: list[str] = []
