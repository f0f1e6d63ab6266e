"""The results folder ``bulk`` writes, and its manifest (no extra needed to read these).

A results folder holds ``manifest.json`` (what was checked, when, the counts)
and two Parquet datasets, one file or more each::

    DIR/manifest.json
    DIR/records/part-00000.parquet     one row per record
    DIR/findings/part-00000.parquet    one row per finding (or read error)

DuckDB reads them as ``'DIR/records/*.parquet'``; pyarrow and pandas as the
folders ``DIR/records`` and ``DIR/findings``.

>>> is_results_dir(Path("sample_games"))
False
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

__all__ = [
    "MANIFEST",
    "RESULTS_FORMAT",
    "ResultsError",
    "TABLES",
    "check_target",
    "is_results_dir",
    "read_manifest",
    "table_glob",
]

RESULTS_FORMAT: Final = "casino-results/1"
"""The ``format`` of a results folder's manifest."""
MANIFEST: Final = "manifest.json"
"""The manifest's file name in a results folder."""
TABLES: Final = ("records", "findings")
"""The datasets of a results folder, each a sub-folder of Parquet files."""


class ResultsError(Exception):
    """A folder that is not (or no longer) a readable results folder."""


def is_results_dir(path: Path) -> bool:
    """True when ``path`` is a folder written by ``bulk`` (it has the manifest)."""
    try:
        return (path / MANIFEST).is_file()
    except OSError:
        return False


def read_manifest(path: Path) -> dict[str, Any]:
    """The manifest of the results folder ``path``.

    :raises ResultsError: not a results folder, or a manifest that cannot be read.
    """
    file = path / MANIFEST
    try:
        data = json.loads(file.read_bytes())
    except FileNotFoundError:
        raise ResultsError(
            f"{path} is not a results folder (no {MANIFEST}: write one with"
            " casino-records bulk PATH... --out DIR)"
        ) from None
    except (OSError, ValueError) as exc:
        raise ResultsError(f"{file}: cannot be read: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != RESULTS_FORMAT:
        raise ResultsError(f"{file}: not a {RESULTS_FORMAT} manifest")
    return data


def table_glob(path: Path, table: str) -> str:
    """The glob of one dataset's Parquet files, as DuckDB reads it."""
    return str(path / table / "*.parquet")


def check_target(out: Path, replace: bool) -> None:
    """Refuse ``out`` as a place to write results unless it is new, empty, or
    (with ``replace``) a results folder already.

    :raises ResultsError: in words, what is there and what to do.
    """
    if not out.exists():
        if not out.parent.is_dir():
            raise ResultsError(f"--out {out}: the folder {out.parent} does not exist")
        return
    if is_results_dir(out):
        if replace:
            return
        raise ResultsError(
            f"--out {out} holds results already: add --replace to replace them"
        )
    if out.is_dir() and not any(out.iterdir()):
        return
    raise ResultsError(
        f"--out {out} exists and is not a results folder: choose a new folder"
    )
