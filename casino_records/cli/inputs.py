"""Records read for a command: files, folders and archives, and one record of them.

Heavy modules (pydantic models, the engine, orjson) are imported inside functions,
so ``casino-records --help`` starts fast.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..record.files.reading import read_item
from ..record.files.sources import Item, iter_items

if TYPE_CHECKING:
    from ..record.format.models import GameRecord
    from ..record.format.readnotes import ReadNotes
from .exits import fail, stderr

__all__ = ["load_one", "load_records", "record_files", "same_file"]


def load_records(
    paths: Iterable[Path], max_bytes: int
) -> Iterator[tuple[Item, GameRecord]]:
    """Every record of ``paths``, in order; raise at the first one that is bad."""
    for item in iter_items(paths, max_bytes=max_bytes):
        record, errors, unreadable = read_item(item, max_bytes)
        if record is None:
            fail(item.label, errors, unreadable)
        yield item, record


def load_one(
    path: Path, max_bytes: int, number: int | None, notes: ReadNotes | None = None
) -> tuple[str, GameRecord]:
    """The one record of ``path``, or record ``number`` (from 1) of an archive.

    :param notes: filled with what the reader saw (see :func:`casino_records.record.files.reading.read_item`).

    :raises click.UsageError: an archive holds several records and no number
        was given, or fewer than ``number``.
    """
    from ..engine.describe import plural

    if str(path) != "-" and path.is_dir():
        raise click.BadParameter(
            f"{path} is a folder; name one file", param_hint="PATH"
        )
    items = iter_items([path], max_bytes=max_bytes)
    wanted = number or 1
    chosen: Item | None = None
    count = 0
    for count, item in enumerate(items, 1):
        if count == wanted:
            chosen = item
        if count > wanted and number is None:
            raise click.UsageError(
                f"{path} holds several records; choose one with --record N"
            )
        if count >= wanted and number is not None:
            break
    if chosen is None:
        raise click.UsageError(f"{path} holds {plural(count, 'record')}, not {wanted}")
    record, errors, unreadable = read_item(chosen, max_bytes, notes)
    if record is None:
        fail(chosen.label, errors, unreadable)
    return chosen.label, record


def same_file(a: Path, b: Path) -> bool:
    """True when both paths name the same existing file."""
    try:
        return str(a) != "-" and str(b) != "-" and a.resolve() == b.resolve()
    except OSError:  # pragma: no cover - an unresolvable path
        return False


def record_files(paths: Iterable[Path]) -> list[Path]:
    """The record files of ``paths`` (folders searched), each file a folder
    holds that is plainly not a record named on standard error as skipped."""
    from ..record.files.sources import find_files

    skipped: list[tuple[Path, str]] = []
    files = list(find_files(paths, skipped))
    for path, what in skipped:
        stderr(f"skipped {path}: {what}")
    return files
