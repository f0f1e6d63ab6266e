"""Opening files: a record or a ``.jsonl`` archive, and the files the viewer lists.

Bad data never raises here: it comes back as a :class:`LoadProblem` the page
shows in words.
"""

from __future__ import annotations

import io as _io
import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ...check.replay import replay
from ...errors import RecordFormatError
from ...record import jsonio
from ...record.models import GameRecord
from .. import VIEW_PATH_ENV

__all__ = [
    "ArchiveEntry",
    "LoadProblem",
    "MAX_UPLOAD_MB",
    "Opened",
    "RECORD_SUFFIXES",
    "VIEW_PATH_ENV",
    "catalog",
    "env_path",
    "open_bytes",
    "view_path",
]

MAX_UPLOAD_MB: Final = 5
"""The largest file the viewer accepts from an upload, in MB."""
"""The environment variable through which ``casino-records view PATH`` passes PATH."""
RECORD_SUFFIXES: Final = (".json", ".jsonl")
"""The files the viewer lists."""


@dataclass(frozen=True, slots=True)
class LoadProblem:
    """Why a file (or an archive line) cannot be shown, in words."""

    title: str
    """One sentence: which file, and that it cannot be read."""
    details: tuple[str, ...]
    """Each problem as ``where (JSON pointer): message``."""

    @classmethod
    def of(cls, name: str, exc: RecordFormatError) -> LoadProblem:
        """Describe ``exc`` (every error of an :class:`jsonio.InvalidRecordError`)."""
        errors = getattr(exc, "errors", None) or (exc,)
        details = []
        for error in errors:
            where = error.where or "the whole record"
            loc = f" ({error.loc})" if error.loc else ""
            details.append(f"{where}{loc}: {error.message}")
        return cls(f"{name} is not a valid casino record", tuple(details))


@dataclass(frozen=True, slots=True)
class ArchiveEntry:
    """One record (one non-blank line) of a ``.jsonl`` archive."""

    number: int
    """Which record of the archive, from 1 (``show --record N``)."""
    line: int
    """The line number, from 1."""
    record: GameRecord | None
    """The record, or None when the line cannot be read."""
    problem: LoadProblem | None
    """Why the line cannot be read."""
    status: str
    """``ok``, ``disputed``, ``invalid`` or ``unreadable``."""

    @property
    def label(self) -> str:
        """``3. archive-02 · Ana, Ben · ok`` (not escaped)."""
        if self.record is None:
            return f"{self.number}. line {self.line} · unreadable"
        names = ", ".join(p.name for p in self.record.players)
        return f"{self.number}. {self.record.id or '(no id)'} · {names} · {self.status}"


@dataclass(frozen=True, slots=True)
class Opened:
    """A file as opened: one record, an archive of entries, or a problem."""

    name: str
    """The file name."""
    record: GameRecord | None = None
    """The record of a ``.json`` file."""
    entries: tuple[ArchiveEntry, ...] = ()
    """The lines of a ``.jsonl`` archive (blank lines skipped)."""
    problem: LoadProblem | None = None
    """Why the file cannot be shown at all."""

    @property
    def is_archive(self) -> bool:
        """True for a ``.jsonl`` archive."""
        return bool(self.entries)

    def entry(self, number: int | None) -> ArchiveEntry | None:
        """Record ``number`` of the archive (from 1), else the first readable one."""
        for entry in self.entries:
            if entry.number == number:
                return entry
        readable = [e for e in self.entries if e.record is not None]
        return readable[0] if readable else (self.entries[0] if self.entries else None)


def _looks_like_archive(name: str, data: bytes) -> bool:
    if name.lower().endswith(".jsonl"):
        return True
    if name.lower().endswith(".json"):
        return False
    lines = [line.strip() for line in data.splitlines() if line.strip()]
    return len(lines) > 1 and all(
        line.startswith(b"{") and line.endswith(b"}") for line in lines[:2]
    )


def open_bytes(data: bytes, name: str, *, max_mb: int = MAX_UPLOAD_MB) -> Opened:
    """Read a file's bytes as one record or, for ``.jsonl``, an archive.

    Never raises for bad data: binary junk, truncated JSON or a record that
    breaks the format all come back as :attr:`Opened.problem`, with the JSON
    pointer and the words of each error.

    >>> opened = open_bytes(b'{"format": "casino-rec', "bad.json")
    >>> opened.problem.title
    'bad.json is not a valid casino record'
    >>> opened.problem.details
    ('line 1, column 23: invalid JSON: unexpected end of data',)
    """
    max_bytes = max_mb * 1024 * 1024
    if not data.strip():
        return Opened(name, problem=LoadProblem(f"{name} is empty", ()))
    if not _looks_like_archive(name, data):
        record, errors = jsonio.validate_record_bytes(data, max_bytes=max_bytes)
        if record is None:
            return Opened(
                name, problem=LoadProblem.of(name, jsonio.InvalidRecordError(errors))
            )
        return Opened(name, record=record)
    entries: list[ArchiveEntry] = []
    lines = jsonio.iter_jsonl(_io.BytesIO(data), max_bytes=max_bytes)
    for number, (line, item) in enumerate(lines, 1):
        if isinstance(item, RecordFormatError):
            entries.append(
                ArchiveEntry(
                    number,
                    line,
                    None,
                    LoadProblem.of(f"line {line}", item),
                    "unreadable",
                )
            )
        else:
            status = replay(item).report.status
            entries.append(ArchiveEntry(number, line, item, None, status))
    if not entries:
        return Opened(name, problem=LoadProblem(f"{name} holds no record", ()))
    return Opened(name, entries=tuple(entries))


def view_path(
    environ: Mapping[str, str], argv: Sequence[str], script: str = "streamlit_app.py"
) -> Path | None:
    """The file or folder to open: ``$CASINO_RECORDS_VIEW_PATH``, else ``argv[1]``.

    ``casino-records view PATH`` sets the variable; ``streamlit run
    viewer/streamlit_app.py -- PATH`` puts PATH in ``argv[1]`` (only read when
    ``argv[0]`` is the viewer's ``script``, so a test runner's arguments are
    never taken for a path).

    >>> view_path({"CASINO_RECORDS_VIEW_PATH": "g.json"}, ["app.py"])
    PosixPath('g.json')
    >>> view_path({}, ["viewer/streamlit_app.py", "h.json"])
    PosixPath('h.json')
    >>> view_path({}, ["pytest", "tests"]), view_path({}, ["streamlit_app.py"])
    (None, None)
    """
    value = environ.get(VIEW_PATH_ENV)
    if not value and len(argv) > 1 and Path(argv[0]).name == script:
        value = argv[1]
    return Path(value) if value else None


def env_path() -> Path | None:
    """:func:`view_path` of this process."""
    return view_path(os.environ, sys.argv)


def catalog(samples: Path | None, given: Path | None = None) -> dict[str, Path]:
    """The files the viewer lists, by name: single records first, then archives.

    A folder given to ``casino-records view`` replaces the samples; a file is
    listed first. Missing folders list nothing.
    """

    def files(folder: Path | None) -> list[Path]:
        if folder is None or not folder.is_dir():
            return []
        found = [
            p for p in folder.iterdir() if p.is_file() and p.suffix in RECORD_SUFFIXES
        ]
        return sorted(found, key=lambda p: (p.suffix == ".jsonl", p.name))

    if given is not None and given.is_dir():
        return {p.name: p for p in files(given)}
    listed = {} if given is None else {given.name: given}
    for path in files(samples):
        listed.setdefault(path.name, path)
    return listed
