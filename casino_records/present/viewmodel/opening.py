"""Opening files: a record or an archive, and the files the viewer lists.

Every form a record comes in opens here, read as the command line reads it
(:mod:`casino_records.check.batch`): a ``.json`` record, a ``.jsonl`` archive
and the text notation (``.txt``, one game or several), all with the command
line's size limit. Bad data never raises here: it comes back as a
:class:`LoadProblem` the page shows in words.
"""

from __future__ import annotations

import io as _io
import itertools
import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ...check.replay import replay
from ...errors import RecordFormatError
from ...i18n import ENGLISH, Translator
from ...record.files.kinds import (
    MAX_RECORD_BYTES,
    RECORD_SUFFIXES,
    kind_by_suffix,
)
from ...record.files.reading import read_item
from ...record.files.sources import items_of_stream
from ...record.format.models import GameRecord
from ...scale.results import is_results_dir
from .. import VIEW_PATH_ENV
from ..status_words import status_word

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

MAX_UPLOAD_MB: Final = MAX_RECORD_BYTES // (1024 * 1024)
"""The largest file the viewer accepts from an upload, in MiB (Streamlit's unit):
the one record size limit of every reader
(:data:`casino_records.record.files.kinds.MAX_RECORD_BYTES`)."""


@dataclass(frozen=True, slots=True)
class LoadProblem:
    """Why a file (or an archive line) cannot be shown, in words."""

    title: str
    """One sentence: which file, and that it cannot be read."""
    details: tuple[str, ...]
    """Each problem as ``where (JSON pointer): message``."""

    @classmethod
    def of(
        cls, name: str, exc: RecordFormatError, t: Translator = ENGLISH
    ) -> LoadProblem:
        """Describe ``exc`` (every error of an :class:`InvalidRecordError`)."""
        errors = getattr(exc, "errors", None) or (exc,)
        return cls.of_errors(name, errors, t)

    @classmethod
    def of_errors(
        cls, name: str, errors: Sequence[RecordFormatError], t: Translator = ENGLISH
    ) -> LoadProblem:
        """Describe every error of a record that cannot be read (the title in
        ``t``'s language; the errors' own words are the reader's)."""
        details = []
        for error in errors:
            where = error.where or t.gettext("the whole record")
            loc = f" ({error.loc})" if error.loc else ""
            message = error.message
            if message.startswith(f"{where}: "):  # the text notation says where itself
                message = message[len(where) + 2 :]
            details.append(f"{where}{loc}: {message}")
        title = t.gettext("{file} is not a valid casino record").format(file=name)
        return cls(title, tuple(details))


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

    def label(self, t: Translator = ENGLISH) -> str:
        """``3. archive-02 · Ana, Ben · ok`` (not escaped)."""
        status = status_word(self.status, t)
        if self.record is None:
            line = t.gettext("line {n}").format(n=self.line)
            return f"{self.number}. {line} · {status}"
        names = ", ".join(p.name for p in self.record.players)
        record = self.record.id or t.gettext("(no id)")
        return f"{self.number}. {record} · {names} · {status}"


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


def open_bytes(
    data: bytes,
    name: str,
    *,
    max_bytes: int = MAX_RECORD_BYTES,
    any_suffix: bool = False,
    t: Translator = ENGLISH,
) -> Opened:
    """Read a file's bytes as one record or an archive, as every reader does.

    A file with a record suffix (``.json``, ``.jsonl``, ``.ndjson``, ``.txt``)
    is read as that suffix says; any other is refused in words, unless
    ``any_suffix`` (a file named on the command line), when its content
    decides by the one rule of :func:`casino_records.record.files.kinds.kind_of`. A
    text archive of several games is an archive. Never raises for bad data:
    binary junk, truncated JSON, a text syntax error or a record that breaks
    the format all come back as :attr:`Opened.problem`, with the JSON pointer
    (or line) and the words of each error (its title in ``t``'s language).

    >>> opened = open_bytes(b'{"format": "casino-rec', "bad.json")
    >>> opened.problem.title
    'bad.json is not a valid casino record'
    >>> opened.problem.details
    ('line 1, column 23: invalid JSON: unexpected end of data',)
    >>> open_bytes(b"%PDF-1.4", "scores.pdf").problem.title
    'scores.pdf is not a record file: the viewer opens .json records, .jsonl archives and .txt text notation'
    """
    suffix = Path(name).suffix.lower()
    if suffix not in RECORD_SUFFIXES and not any_suffix:
        title = t.gettext(
            "{file} is not a record file: the viewer opens .json records, .jsonl"
            " archives and .txt text notation"
        ).format(file=name)
        return Opened(name, problem=LoadProblem(title, ()))
    if not data.strip():
        title = t.gettext("{file} is empty").format(file=name)
        return Opened(name, problem=LoadProblem(title, ()))
    items = items_of_stream(_io.BytesIO(data), Path(name), name, max_bytes)
    first = next(items, None)
    second = next(items, None)
    if first is None:
        title = t.gettext("{file} holds no record").format(file=name)
        return Opened(name, problem=LoadProblem(title, ()))
    if second is None and first.kind != "jsonl":
        record, errors, _ = read_item(first, max_bytes)
        if record is None:
            return Opened(name, problem=LoadProblem.of_errors(name, errors, t))
        return Opened(name, record=record)
    entries: list[ArchiveEntry] = []
    rest = (item for item in (first, second) if item is not None)
    for number, item in enumerate(itertools.chain(rest, items), 1):
        record, errors, unreadable = read_item(item, max_bytes)
        if record is None:
            line = t.gettext("line {n}").format(n=item.line)
            problem = LoadProblem.of_errors(line, errors, t)
            status = "unreadable" if unreadable else "invalid"
            entries.append(ArchiveEntry(number, item.line, None, problem, status))
        else:
            status = replay(record).report.status
            entries.append(ArchiveEntry(number, item.line, record, None, status))
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

    A folder given to ``casino-records view`` replaces the samples (a results
    folder of ``bulk`` does not: the Results page lists it); a file is listed
    first. Missing folders list nothing.
    """

    def files(folder: Path | None) -> list[Path]:
        if folder is None or not folder.is_dir():
            return []
        found = [
            p
            for p in folder.iterdir()
            if p.is_file() and p.suffix.lower() in RECORD_SUFFIXES
        ]
        return sorted(found, key=lambda p: (kind_by_suffix(p) == "jsonl", p.name))

    if given is not None and is_results_dir(given):
        given = None  # a results folder: the Results page lists it
    if given is not None and given.is_dir():
        return {p.name: p for p in files(given)}
    listed = {} if given is None else {given.name: given}
    for path in files(samples):
        listed.setdefault(path.name, path)
    return listed
