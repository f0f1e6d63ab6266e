"""Read and write records: the only module that imports :mod:`orjson`.

Reading is lenient about spellings and key order but strict about structure;
every problem becomes a :class:`~casino_records.errors.RecordFormatError` whose
``loc`` is a JSON pointer and whose ``where`` says the same in words (the words
are :mod:`casino_records.record.format.messages`'). A key given twice in one object is refused. Writing
emits one canonical, byte-stable form (laid out by :mod:`.layout`), so equal
games give equal bytes.

>>> record = loads(b'{"format": "casino-record/1", "rules": {"preset": "classic"},'
...     b' "players": [{"name": "Ana"}, {"name": "Ben"}],'
...     b' "deals": [{"dealer": 1, "table": ["Th", "2s", "3s", "4s"]}]}')
>>> print(dumps(record).decode(), end="")
{
  "format": "casino-record/1",
  "rules": {"preset": "classic"},
  "players": [{"name": "Ana"}, {"name": "Ben"}],
  "deals": [{"dealer": 1, "table": ["10H", "2S", "3S", "4S"], "rounds": []}]
}
>>> try:
...     loads(b'{"format": "casino-record/1", "rules": {"preset": "classic"},'
...         b' "players": [{"name": "Ana"}, {"name": "Ben"}],'
...         b' "deals": [{"dealer": 1, "table": ["1OH", "2s", "3s", "4s"]}]}')
... except InvalidRecordError as exc:
...     print(exc.loc, "|", exc.where, "|", exc.message[:17])
/deals/0/table/0 | deal 1, table card 1 | not a card: '1OH'
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any, Final

import orjson
from pydantic import ValidationError

from ...engine.cards import UNKNOWN_CARD, parse_card
from ...errors import InvalidRecordError, RecordFormatError
from ..files.atomic import atomic_writer
from ..files.kinds import BOM, MAX_RECORD_BYTES, lines_of, too_large
from ..format.messages import validation_errors
from ..format.models import GameRecord
from ..format.pointer import describe, pointer
from ..format.readnotes import LENIENT_CARDS, ReadNotes, typed_cards
from . import exact
from .dump import dumps_json
from .layout import layout

__all__ = [
    "DEFAULT_MAX_BYTES",
    "InvalidRecordError",
    "atomic_writer",
    "canonical_data",
    "dump",
    "dump_jsonl",
    "dumps",
    "dumps_json",
    "dumps_jsonl",
    "iter_jsonl",
    "load",
    "loads",
    "validate_record_bytes",
]

DEFAULT_MAX_BYTES: Final = MAX_RECORD_BYTES
"""The largest record (or archive line) read by default: :data:`casino_records.record.files.kinds.MAX_RECORD_BYTES`."""

# --- Reading ----------------------------------------------------------------


def validate_record_bytes(
    data: bytes | str,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    notes: ReadNotes | None = None,
) -> tuple[GameRecord | None, list[RecordFormatError]]:
    """Parse and validate one record, collecting every error instead of raising.

    :param data: the JSON document, as bytes (UTF-8) or text.
    :param max_bytes: refuse documents larger than this (a byte order mark
        not counted).
    :param notes: filled with the cards of a valid record that were typed in
        another spelling than the canonical one.
    :returns: ``(record, [])`` when valid, else ``(None, errors)``.
    """
    lenient = LENIENT_CARDS.set(False)
    try:
        record, errors = _read(data, max_bytes)
        if record is not None and notes is not None and LENIENT_CARDS.get():
            _note_typed_cards(record, data, notes)
        return record, errors
    finally:
        LENIENT_CARDS.reset(lenient)


def _note_typed_cards(record: GameRecord, data: bytes | str, notes: ReadNotes) -> None:
    obj = orjson.loads(
        data.removeprefix("\ufeff") if isinstance(data, str) else data.removeprefix(BOM)
    )
    for loc, typed in typed_cards(obj):
        if typed.strip() == UNKNOWN_CARD:
            continue
        canonical = str(parse_card(typed))
        if canonical != typed:
            notes.typed[loc] = (typed, canonical)


def _read(
    data: bytes | str, max_bytes: int
) -> tuple[GameRecord | None, list[RecordFormatError]]:
    if isinstance(data, str):
        data = data.removeprefix("\ufeff").encode("utf-8", "surrogatepass")
    data = data.removeprefix(BOM)
    if len(data) > max_bytes:
        return None, [
            RecordFormatError(too_large(len(data), max_bytes), where="the whole record")
        ]
    try:
        # Fast path: pydantic parses and validates in one pass. For a document
        # it accepts, the exact reader below reads the same values (every field
        # is bounded, and no field takes a fraction), so the record is the one
        # that path would build. Anything it refuses is read again below, so
        # that every error is reported one way.
        record = GameRecord.model_validate_json(data)
    except ValidationError:
        return _read_slowly(data)
    if exact.has_repeated_keys(data):
        return None, _repeated(data, exact.parse(data))
    return record, []


def _read_slowly(data: bytes) -> tuple[GameRecord | None, list[RecordFormatError]]:
    error = exact.syntax_error(data)
    if error is not None:
        return None, [error]
    obj = exact.parse(data)
    errors = _repeated(data, obj)
    if not isinstance(obj, dict):
        message = f"a record is a JSON object, not {_json_kind(obj)}"
        return None, [RecordFormatError(message, where="the whole record")]
    try:
        record = GameRecord.model_validate(obj)
    except ValidationError as exc:
        return None, errors + validation_errors(exc, obj)
    return (None, errors) if errors else (record, [])


def _repeated(data: bytes, obj: object) -> list[RecordFormatError]:
    return [
        RecordFormatError(
            f"the key {str(path[-1])!r} is given twice in one object (a record"
            " gives each field once)",
            loc=pointer(*path),
            where=describe(path, obj),
        )
        for path in exact.repeated_keys(data)
    ]


def _json_kind(obj: object) -> str:
    if isinstance(obj, list):
        return "an array"
    if isinstance(obj, str):
        return "a string"
    if isinstance(obj, bool) or obj is None:
        return {True: "true", False: "false", None: "null"}[obj]
    return "a number"


def loads(data: bytes | str, *, max_bytes: int = DEFAULT_MAX_BYTES) -> GameRecord:
    """Parse and validate one record.

    :param data: the JSON document, as bytes (UTF-8) or text.
    :param max_bytes: refuse documents larger than this.
    :raises InvalidRecordError: the document is not a valid record; every
        problem is in its ``errors``.
    """
    record, errors = validate_record_bytes(data, max_bytes=max_bytes)
    if record is None:
        raise InvalidRecordError(errors)
    return record


def load(
    path: str | os.PathLike[str], *, max_bytes: int = DEFAULT_MAX_BYTES
) -> GameRecord:
    """Read one record from a ``.json`` file.

    :param path: the file to read.
    :param max_bytes: refuse files larger than this.
    :raises InvalidRecordError: the file is not a valid record.
    :raises OSError: the file cannot be read.
    """
    with open(path, "rb") as stream:
        data = stream.read(max_bytes + len(BOM) + 1)
        if len(data.removeprefix(BOM)) > max_bytes:
            size = (
                os.fstat(stream.fileno()).st_size
                - len(data)
                + len(data.removeprefix(BOM))
            )
            error = RecordFormatError(
                too_large(size, max_bytes), where="the whole record"
            )
            raise InvalidRecordError([error])
    return loads(data, max_bytes=max_bytes)


def iter_jsonl(
    source: str | os.PathLike[str] | IO[bytes],
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> Iterator[tuple[int, GameRecord | InvalidRecordError]]:
    """Stream an archive (JSON Lines), one record per line.

    A bad line does not stop the stream: it is yielded as an error whose
    ``where`` starts with the line number. Blank lines are skipped. Lines are
    read by :func:`casino_records.record.files.kinds.lines_of`, the reader of every archive.

    :param source: a path, or a binary stream opened for reading.
    :param max_bytes: the longest line read (its line end not counted); longer
        lines are skipped as errors.
    :returns: an iterator of ``(line_no, record_or_error)``, ``line_no`` from 1.
    :raises OSError: the file cannot be read.
    """
    from ..files.reading import at_line

    if isinstance(source, str | os.PathLike):
        with open(source, "rb") as stream:
            yield from iter_jsonl(stream, max_bytes=max_bytes)
        return
    for line in lines_of(source, max_bytes, blank_runs=True):
        if line.too_long:
            error = RecordFormatError(too_large(line.size, max_bytes))
            yield line.number, InvalidRecordError([at_line(error, line.number)])
            continue
        if not line.data.strip():
            continue
        record, errors = validate_record_bytes(line.data, max_bytes=max_bytes)
        if record is None:
            yield (
                line.number,
                InvalidRecordError(at_line(e, line.number) for e in errors),
            )
        else:
            yield line.number, record


# --- Writing -----------------------------------------------------------------


def canonical_data(record: GameRecord) -> dict[str, Any]:
    """The JSON data of a record's canonical form (what :func:`dumps` lays out)."""
    data = record.model_dump(mode="json", exclude_none=True)
    for deal in data["deals"]:
        if "piles" in deal:  # a deal given by its piles has no rounds
            del deal["rounds"]
    if not data["rules"].get("options"):
        data["rules"].pop("options", None)
    meta = data.get("meta")
    if meta is not None:
        if not meta.get("tags"):
            meta.pop("tags", None)
        if not meta:
            del data["meta"]
    return data


def dumps(record: GameRecord) -> bytes:
    """Return the canonical bytes of a record.

    Canonical form: UTF-8 JSON laid out by :func:`.layout.layout` (one move
    per line, card lists on one line) with a final newline, keys
    in the models' field order, absent values and empty ``options``/``tags``/
    ``meta`` omitted, cards in canonical spelling, options and tags sorted.
    ``dumps(loads(dumps(r))) == dumps(r)`` for every record.
    """
    return layout(canonical_data(record)).encode()


def dump(record: GameRecord, path: str | os.PathLike[str]) -> None:
    """Write a record to a file atomically, in canonical form.

    :raises OSError: the file cannot be written.
    """
    _write_atomic(Path(path), dumps(record))


def dumps_jsonl(records: Iterable[GameRecord]) -> bytes:
    """Return an archive: each record's canonical content on one line."""
    return b"".join(
        orjson.dumps(canonical_data(record), option=orjson.OPT_APPEND_NEWLINE)
        for record in records
    )


def dump_jsonl(records: Iterable[GameRecord], path: str | os.PathLike[str]) -> None:
    """Write an archive (JSON Lines) atomically.

    :raises OSError: the file cannot be written.
    """
    _write_atomic(Path(path), dumps_jsonl(records))


def _write_atomic(path: Path, data: bytes) -> None:
    with atomic_writer(path) as stream:
        stream.write(data)
