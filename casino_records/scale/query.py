"""Questions about a results folder, asked with DuckDB: ``stats``, SQL, the viewer's filters.

The folder's datasets are the views ``records`` and ``findings`` of a DuckDB
connection (:func:`connect`); every question here is plain SQL over them, as a
user's own query would be.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import duckdb

from .results import TABLES, read_manifest, table_glob

__all__ = [
    "Filters",
    "QueryError",
    "Stats",
    "Table",
    "connect",
    "filter_choices",
    "filtered_records",
    "run_sql",
    "stats",
]

TOP: Final = 10
"""How many categories and rules ``stats`` lists."""


@dataclass(frozen=True, slots=True)
class Table:
    """A query's answer: column names and rows of plain values."""

    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]

    def dicts(self) -> list[dict[str, Any]]:
        """The rows as dictionaries by column name."""
        return [dict(zip(self.columns, row, strict=True)) for row in self.rows]


def connect(folder: Path) -> duckdb.DuckDBPyConnection:
    """An in-memory DuckDB connection with the views ``records`` and ``findings``.

    :raises ResultsError: ``folder`` is not a results folder.
    """
    read_manifest(folder)
    con = duckdb.connect(":memory:")
    for table in TABLES:
        glob = table_glob(folder, table).replace("'", "''")
        con.execute(f"CREATE VIEW {table} AS SELECT * FROM read_parquet('{glob}')")
    return con


def _table(
    con: duckdb.DuckDBPyConnection, sql: str, params: Sequence[Any] = ()
) -> Table:
    cursor = con.execute(sql, list(params))
    columns = tuple(d[0] for d in cursor.description or ())
    return Table(columns, tuple(tuple(row) for row in cursor.fetchall()))


class QueryError(Exception):
    """A user's SQL query that DuckDB refuses (the message says where)."""


def run_sql(folder: Path, sql: str) -> Table:
    """Run one SQL query over the views ``records`` and ``findings`` of ``folder``.

    :raises QueryError: the query is wrong (its message says where).
    """
    with connect(folder) as con:
        try:
            return _table(con, sql)
        except duckdb.Error as exc:
            raise QueryError(str(exc)) from None


@dataclass(frozen=True, slots=True)
class Stats:
    """What ``stats`` reports about a results folder."""

    overall: dict[str, Any]
    """Records, counts by status, dispute and invalid rates."""
    groups: Table
    """Per preset and player count: records, rates, the top disputed category
    and the rule most often broken."""
    categories: Table
    """The most disputed categories (claimed scores that differ), by records."""
    rules: Table
    """The rules most often broken, by records."""
    manifest: dict[str, Any] = field(default_factory=dict)


_OVERALL: Final = """
SELECT count(*) AS records,
       count(*) FILTER (WHERE status = 'ok') AS ok,
       count(*) FILTER (WHERE status = 'disputed') AS disputed,
       count(*) FILTER (WHERE status = 'invalid') AS invalid,
       count(*) FILTER (WHERE status = 'unreadable') AS unreadable,
       coalesce(avg((status = 'disputed')::INT), 0) AS dispute_rate,
       coalesce(avg((status = 'invalid')::INT), 0) AS invalid_rate
FROM records
"""

_CATEGORY: Final = (
    "CASE WHEN kind = 'match' THEN 'match ' || coalesce(category, 'claims')"
    " ELSE coalesce(category, kind) END"
)
"""A disputed category: the claimed figure's (``points.aces``, a deal's ``total``),
``match totals`` or ``match winner`` for the match's claims."""

_GROUPS: Final = f"""
WITH grouped AS (
    SELECT preset, player_count, count(*) AS records,
           avg((status = 'disputed')::INT) AS dispute_rate,
           avg((status = 'invalid')::INT) AS invalid_rate
    FROM records WHERE preset IS NOT NULL GROUP BY ALL
), categories AS (
    SELECT r.preset, r.player_count, f.category, count(DISTINCT f.seq) AS n
    FROM (
        SELECT seq, {_CATEGORY} AS category FROM findings WHERE severity = 'dispute'
    ) f JOIN records r USING (seq)
    GROUP BY ALL
), rules AS (
    SELECT r.preset, r.player_count, f.rule, count(DISTINCT f.seq) AS n
    FROM findings f JOIN records r USING (seq)
    WHERE f.severity = 'error' AND f.rule <> '' GROUP BY ALL
)
SELECT g.preset, g.player_count AS players, g.records, g.dispute_rate,
       g.invalid_rate,
       (SELECT category FROM categories c
        WHERE c.preset = g.preset AND c.player_count = g.player_count
        ORDER BY n DESC, category LIMIT 1) AS top_category,
       (SELECT rule FROM rules u
        WHERE u.preset = g.preset AND u.player_count = g.player_count
        ORDER BY n DESC, rule LIMIT 1) AS top_rule
FROM grouped g ORDER BY g.preset, g.player_count
"""

_CATEGORIES: Final = f"""
SELECT {_CATEGORY} AS category, count(DISTINCT seq) AS records, count(*) AS findings
FROM findings WHERE severity = 'dispute'
GROUP BY ALL ORDER BY records DESC, category LIMIT {TOP}
"""

_RULES: Final = f"""
SELECT rule, count(DISTINCT seq) AS records, count(*) AS findings
FROM findings WHERE severity = 'error' AND rule <> ''
GROUP BY ALL ORDER BY records DESC, rule LIMIT {TOP}
"""


def stats(folder: Path) -> Stats:
    """Dispute and invalid rates, the most disputed categories and broken rules.

    :raises ResultsError: ``folder`` is not a results folder.
    """
    manifest = read_manifest(folder)
    with connect(folder) as con:
        overall = _table(con, _OVERALL).dicts()[0]
        return Stats(
            overall,
            _table(con, _GROUPS),
            _table(con, _CATEGORIES),
            _table(con, _RULES),
            manifest,
        )


# --- the viewer's filters -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Filters:
    """Which records to list; an empty field does not filter."""

    statuses: tuple[str, ...] = ()
    player: str = ""
    """A player's name, or part of it (any case)."""
    preset: str = ""
    rule: str = ""
    """A rule id broken (an error finding with that rule)."""


_LISTED: Final = (
    'seq, source, file, kind, line, "offset", record_id, status, problem,'
    " preset, players"
)


def filtered_records(
    folder: Path, filters: Filters, limit: int = 500
) -> tuple[int, Table]:
    """The records ``filters`` keep, in input order: how many, and the first ``limit``."""
    where, params = _where(filters)
    with connect(folder) as con:
        count = _table(con, f"SELECT count(*) FROM records WHERE {where}", params)
        rows = _table(
            con,
            f"SELECT {_LISTED} FROM records WHERE {where} ORDER BY seq LIMIT {int(limit)}",
            params,
        )
    return int(count.rows[0][0]), rows


def _where(filters: Filters) -> tuple[str, list[Any]]:
    clauses = ["TRUE"]
    params: list[Any] = []
    if filters.statuses:
        marks = ", ".join("?" for _ in filters.statuses)
        clauses.append(f"status IN ({marks})")
        params += list(filters.statuses)
    if filters.player:
        # names joined by a character no name holds, so no match spans two
        clauses.append(
            "contains(lower(array_to_string(coalesce(players, []), chr(31))), lower(?))"
        )
        params.append(filters.player)
    if filters.preset:
        clauses.append("preset = ?")
        params.append(filters.preset)
    if filters.rule:
        clauses.append(
            "seq IN (SELECT seq FROM findings WHERE severity = 'error' AND rule = ?)"
        )
        params.append(filters.rule)
    return " AND ".join(clauses), params


def filter_choices(folder: Path) -> dict[str, list[str]]:
    """What the filters offer: the presets and the rules broken in the results."""
    with connect(folder) as con:
        presets = _table(
            con,
            "SELECT DISTINCT preset FROM records WHERE preset IS NOT NULL ORDER BY 1",
        )
        rules = _table(
            con,
            "SELECT rule FROM findings WHERE severity = 'error' AND rule <> ''"
            " GROUP BY rule ORDER BY count(*) DESC, rule",
        )
    return {
        "preset": [str(r[0]) for r in presets.rows],
        "rule": [str(r[0]) for r in rules.rows],
    }


def record_source(folder: Path, seq: int) -> tuple[str, str, int, int, str, str] | None:
    """Where record ``seq`` is: file, kind, line, offset, source and the JSON
    pointer of its first finding (errors first, then disputes, then warnings)."""
    with connect(folder) as con:
        found = _table(
            con,
            'SELECT file, kind, line, "offset", source FROM records WHERE seq = ?',
            [seq],
        )
        if not found.rows:
            return None
        first = _table(
            con,
            "SELECT loc FROM findings WHERE seq = ? ORDER BY"
            " CASE severity WHEN 'error' THEN 0 WHEN 'dispute' THEN 1 ELSE 2 END,"
            " number LIMIT 1",
            [seq],
        )
    file, kind, line, offset, source = found.rows[0]
    loc = str(first.rows[0][0]) if first.rows else ""
    return str(file), str(kind), int(line), int(offset), str(source), loc
