"""A results folder in the viewer: the filterable list of records, and one record opened.

``casino-records bulk`` writes a results folder
(:mod:`casino_records.scale.results`); the viewer lists its records by status,
player, preset and rule broken (queried with DuckDB, the ``[scale]`` extra,
imported only when a results folder is shown) and opens one record by reading
it alone from its source, at the line and byte offset the results hold
(:func:`casino_records.record.files.sources.item_at`), never the whole archive.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from ...check.status import STATUSES
from ...i18n import ENGLISH, Translator
from ...record.files.kinds import uncompressed
from ...record.files.reading import read_item
from ...record.files.sources import ItemKind, item_at
from ...scale.results import ResultsError, is_results_dir, read_manifest
from ..status_words import status_count, status_word
from .game import Game, locate
from .navigation import opening_position
from .opening import LoadProblem

if TYPE_CHECKING:
    from ...scale.query import Filters

__all__ = [
    "COLUMNS",
    "LIMIT",
    "Picked",
    "STATUSES",
    "ResultsError",
    "choices",
    "column_labels",
    "filters",
    "first_finding",
    "is_results_dir",
    "listing",
    "pick",
    "read_manifest",
    "results_folders",
    "scale_missing",
    "summary",
]

COLUMNS: Final = ("status", "source", "record", "players", "preset", "first problem")
"""The columns of the results table, in order (the rows' keys: never translated)."""
LIMIT: Final = 500
"""The most rows the table lists (the count says how many match)."""


def column_labels(t: Translator = ENGLISH) -> dict[str, str]:
    """The table's header: each of :data:`COLUMNS` in ``t``'s language."""
    return {
        "status": t.pgettext("results column", "status"),
        "source": t.pgettext("results column", "source"),
        "record": t.pgettext("results column", "record"),
        "players": t.pgettext("results column", "players"),
        "preset": t.pgettext("results column", "preset"),
        "first problem": t.pgettext("results column", "first problem"),
    }


def scale_missing(t: Translator = ENGLISH) -> str | None:
    """Why results cannot be shown (the ``[scale]`` extra is missing), or None."""
    import importlib.util

    if importlib.util.find_spec("duckdb") is None:
        return t.gettext(
            "Results folders are read with DuckDB, which is not installed:"
            " `pip install 'casino-records[scale]'`"
        )
    return None


def results_folders(given: Path | None, cwd: Path | None = None) -> dict[str, Path]:
    """The results folders the sidebar offers, by name.

    The folder given to ``casino-records view`` when it is one, else those
    directly inside it (or inside ``cwd``, when nothing was given).
    """
    base = given if given is not None else cwd
    if base is None or not base.is_dir():
        return {}
    if is_results_dir(base):
        return {base.name: base}
    try:
        found = sorted(p for p in base.iterdir() if p.is_dir() and is_results_dir(p))
    except OSError:
        return {}
    return {p.name: p for p in found}


def summary(manifest: dict[str, Any], t: Translator = ENGLISH) -> str:
    """One line about a results folder: records by status, when it was written."""
    counts = manifest.get("counts", {})
    parts = ", ".join(
        status_count(status, counts[status], t)
        for status in STATUSES
        if status in counts
    )
    total = manifest.get("records", 0)
    return t.ngettext(
        "{n} record: {parts} · written {created}",
        "{n} records: {parts} · written {created}",
        total,
    ).format(n=total, parts=parts, created=manifest.get("created", "?"))


def filters(
    statuses: Sequence[str] = (), player: str = "", preset: str = "", rule: str = ""
) -> Filters:
    """The table's filters (empty: all)."""
    from ...scale.query import Filters

    return Filters(tuple(statuses), player.strip(), preset, rule)


def listing(
    folder: Path, chosen: Filters, t: Translator = ENGLISH
) -> tuple[int, list[dict[str, Any]]]:
    """How many records the filters keep, and the first :data:`LIMIT` as table rows.

    Each row has the :data:`COLUMNS` and ``seq`` (which record it is); the
    status in ``t``'s words.
    """
    from ...scale.query import filtered_records

    count, table = filtered_records(folder, chosen, LIMIT)
    rows = []
    for row in table.dicts():
        rows.append(
            {
                "seq": row["seq"],
                "status": status_word(row["status"], t),
                "source": row["source"],
                "record": row["record_id"] or "—",
                "players": ", ".join(row["players"] or ()) or "—",
                "preset": row["preset"] or "—",
                "first problem": row["problem"] or "—",
            }
        )
    return count, rows


def choices(folder: Path) -> dict[str, list[str]]:
    """The presets and the rules broken that the filters offer."""
    from ...scale.query import filter_choices

    return filter_choices(folder)


@dataclass(frozen=True, slots=True)
class Picked:
    """One record of a results folder, read again from its source."""

    data: bytes
    """The record alone, as the replay page opens it."""
    name: str
    """A name whose suffix says how to read ``data`` (``.json`` or ``.txt``)."""
    source: str
    """Where it is, as ``validate`` names it (``week.jsonl.gz:12``)."""
    loc: str
    """The JSON pointer of its first finding, or ``""``."""
    problem: LoadProblem | None = None
    """Why it cannot be read (its file changed or is gone)."""


def pick(folder: Path, seq: int, t: Translator = ENGLISH) -> Picked:
    """Read record ``seq`` of the results again from its file, by line and offset."""
    from ...scale.query import record_source

    found = record_source(folder, seq)
    if found is None:
        missing = t.gettext("no record {seq} in {folder}").format(
            seq=seq, folder=folder
        )
        return Picked(b"", "", "?", "", LoadProblem(missing, ()))
    file, kind, line, offset, source, loc = found
    if file == "-":
        title = t.gettext(
            "{source} was read from standard input: it cannot be opened again"
        ).format(source=source)
        return Picked(b"", "", source, loc, LoadProblem(title, ()))
    item_kind: ItemKind = (
        "json" if kind == "json" else "text" if kind == "text" else "jsonl"
    )
    item = item_at(Path(file), item_kind, line, offset)
    name = uncompressed(Path(file)).name
    if item.kind == "error":
        _, errors, _ = read_item(item)
        return Picked(b"", name, source, loc, LoadProblem.of_errors(source, errors))
    if item.kind == "jsonl":
        name = f"{Path(name).stem} line {line}.json"
    elif item.kind == "text" and not name.lower().endswith(".txt"):
        name += ".txt"
    return Picked(item.data, name, source, loc)


def first_finding(game: Game, loc: str) -> tuple[int, int] | None:
    """Where a record picked from the results opens: at its first finding (``loc``),
    else where the viewer opens any game."""
    if loc:
        found = locate(game, loc)
        if found is not None:
            return found
    return opening_position(game)
