"""One item read: into a record or its located errors, or quickly into what the replay reads.

The items come from :mod:`casino_records.record.files.sources`; nothing here raises
for bad input.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import RecordFormatError
from .kinds import (
    BOM,
    MAX_RECORD_BYTES,
)

if TYPE_CHECKING:
    from ..format.models import GameRecord
    from ..format.readnotes import ReadNotes
    from ..quick.reader import LightRecord
from .sources import Item

__all__ = ["at_line", "light_item", "read_item"]


def read_item(
    item: Item, max_bytes: int = MAX_RECORD_BYTES, notes: ReadNotes | None = None
) -> tuple[GameRecord | None, list[RecordFormatError], bool]:
    """Parse and validate one item, collecting its errors instead of raising.

    :param notes: filled with what the reader saw (where each element of a text
        record was written, the cards typed in another spelling).
    :returns: ``(record, errors, unreadable)``: the record when valid, else every
        error, and whether the item could not be read as a document at all (bad
        JSON, not UTF-8, too large, a text syntax error) rather than being a
        readable but invalid record.
    """
    from ...errors import InvalidRecordError, TextSyntaxError
    from ..json.jsonio import validate_record_bytes

    if item.kind == "error":
        return None, [RecordFormatError(item.problem, where="the whole record")], True
    if item.kind == "text":
        from ..text.parse import parse_game

        try:
            text = item.data.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = item.line + item.data[: exc.start].count(b"\n")
            column = exc.start - (item.data.rfind(b"\n", 0, exc.start) + 1) + 1
            where = f"line {line}, column {column}"
            error = RecordFormatError(f"{where}: not UTF-8 text", where=where)
            return None, [error], True
        try:
            game = parse_game(text.split("\n"), first_line=item.line, notes=notes)
            return game, [], False
        except InvalidRecordError as exc:
            errors = list(exc.errors)
            return None, errors, isinstance(errors[0], TextSyntaxError)
    record, errors = validate_record_bytes(item.data, max_bytes=max_bytes, notes=notes)
    if item.kind == "jsonl":
        errors = [at_line(error, item.line) for error in errors]
    return record, errors, bool(errors) and all(_is_unreadable(e) for e in errors)


def light_item(item: Item, max_bytes: int = MAX_RECORD_BYTES) -> LightRecord | None:
    """A JSON item read the quick way (:mod:`casino_records.record.quick.reader`), or None.

    None whenever :func:`read_item` is to read it instead: a text record, an
    item over ``max_bytes``, a key given twice, or anything the quick reader
    is not sure of. A record read here is one :func:`read_item` reads too.
    """
    from ..json import exact
    from ..quick.reader import key_count, read_light

    if item.kind not in ("json", "jsonl"):
        return None
    data = item.data.removeprefix(BOM)
    if len(data) > max_bytes:
        return None
    read = read_light(data)
    if read is None:
        return None
    record, text, parsed = read
    if exact.has_repeated_keys(text, parsed, key_count(parsed)):
        return None
    return record


def _is_unreadable(error: RecordFormatError) -> bool:
    return not error.loc and error.message.startswith(
        ("invalid JSON", "record too large", "not UTF-8", "not a text file")
    )


def at_line(error: RecordFormatError, line: int) -> RecordFormatError:
    """The error of a record read from line ``line`` of an archive, so placed.

    ``where`` then starts with ``line N``: a JSON syntax error's ``line 1,
    column C`` becomes ``line N, column C``, anything else gets the prefix.

    >>> at_line(RecordFormatError("x", where="line 1, column 4"), 7).where
    'line 7, column 4'
    >>> at_line(RecordFormatError("x", loc="/id", where="field id"), 7).where
    'line 7, field id'
    """
    where = error.where
    if where.startswith("line 1, column"):
        where = f"line {line}," + where.removeprefix("line 1,")
    elif where in ("the whole record", ""):
        where = f"line {line}"
    elif not where.startswith(f"line {line},"):
        where = f"line {line}, {where}"
    return RecordFormatError(error.message, loc=error.loc, where=where, rule=error.rule)
