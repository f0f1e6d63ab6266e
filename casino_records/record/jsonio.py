"""Read and write records: the only module that imports :mod:`orjson`.

Reading is lenient about spellings and key order but strict about structure;
every problem becomes a :class:`~casino_records.errors.RecordFormatError` whose
``loc`` is a JSON pointer and whose ``where`` says the same in words. Writing
emits one canonical, byte-stable form, so equal games give equal bytes.

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

import difflib
import enum
import os
import stat
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, Final

import orjson
from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from ..engine.cards import Card
from ..errors import RecordFormatError
from . import models
from .layout import layout
from .models import GameRecord

__all__ = [
    "DEFAULT_MAX_BYTES",
    "InvalidRecordError",
    "atomic_writer",
    "dump",
    "dump_jsonl",
    "dumps",
    "dumps_json",
    "describe_loc",
    "dumps_jsonl",
    "iter_jsonl",
    "load",
    "loads",
    "validate_record_bytes",
]

DEFAULT_MAX_BYTES: Final = 64 * 1024 * 1024
"""The largest record (or archive line) read by default: 64 MiB."""

_RECORD_OPTIONS: Final = orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE
_BOM: Final = b"\xef\xbb\xbf"


class InvalidRecordError(RecordFormatError):
    """A record with one or more format errors; all of them are in :attr:`errors`.

    ``message``, ``loc`` and ``where`` are those of the first error.
    """

    def __init__(self, errors: Iterable[RecordFormatError]) -> None:
        self.errors: tuple[RecordFormatError, ...] = tuple(errors)
        """Every error found, in document order (at least one)."""
        first = self.errors[0]
        more = len(self.errors) - 1
        suffix = f" (and {more} more error{'s' * (more > 1)})" if more else ""
        super().__init__(first.message, loc=first.loc, where=first.where)
        self._suffix = suffix

    def __str__(self) -> str:
        return super().__str__() + self._suffix


# --- Reading ----------------------------------------------------------------


def validate_record_bytes(
    data: bytes | str, *, max_bytes: int = DEFAULT_MAX_BYTES
) -> tuple[GameRecord | None, list[RecordFormatError]]:
    """Parse and validate one record, collecting every error instead of raising.

    :param data: the JSON document, as bytes (UTF-8) or text.
    :param max_bytes: refuse documents larger than this.
    :returns: ``(record, [])`` when valid, else ``(None, errors)``.
    """
    return _read(data, max_bytes=max_bytes, line_no=None)


def loads(data: bytes | str, *, max_bytes: int = DEFAULT_MAX_BYTES) -> GameRecord:
    """Parse and validate one record.

    :param data: the JSON document, as bytes (UTF-8) or text.
    :param max_bytes: refuse documents larger than this.
    :raises InvalidRecordError: the document is not a valid record; every
        problem is in its ``errors``.
    """
    record, errors = _read(data, max_bytes=max_bytes, line_no=None)
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
        size = os.fstat(stream.fileno()).st_size
        if size > max_bytes:
            raise InvalidRecordError([_too_large(size, max_bytes)])
        data = stream.read(max_bytes + 1)
    return loads(data, max_bytes=max_bytes)


def iter_jsonl(
    source: str | os.PathLike[str] | IO[bytes],
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> Iterator[tuple[int, GameRecord | InvalidRecordError]]:
    """Stream an archive (JSON Lines), one record per line.

    A bad line does not stop the stream: it is yielded as an error whose
    ``where`` starts with the line number. Blank lines are skipped.

    :param source: a path, or a binary stream opened for reading.
    :param max_bytes: the longest line read; longer lines are skipped as errors.
    :returns: an iterator of ``(line_no, record_or_error)``, ``line_no`` from 1.
    :raises OSError: the file cannot be read.
    """
    if isinstance(source, str | os.PathLike):
        with open(source, "rb") as stream:
            yield from _iter_lines(stream, max_bytes)
    else:
        yield from _iter_lines(source, max_bytes)


def _iter_lines(
    stream: IO[bytes], max_bytes: int
) -> Iterator[tuple[int, GameRecord | InvalidRecordError]]:
    line_no = 0
    while True:
        line = stream.readline(max_bytes + 1)
        if not line:
            return
        line_no += 1
        if len(line) > max_bytes and not line.endswith(b"\n"):
            size = len(line)
            while line and not line.endswith(b"\n"):
                line = stream.readline(1024 * 1024)
                size += len(line)
            error = _too_large(size, max_bytes)
            yield line_no, InvalidRecordError([_at_line(error, line_no)])
            continue
        if line_no == 1 and line.startswith(_BOM):
            line = line[len(_BOM) :]
        if not line.strip():
            continue
        record, errors = _read(line, max_bytes=max_bytes, line_no=line_no)
        if record is None:
            yield line_no, InvalidRecordError(_at_line(e, line_no) for e in errors)
        else:
            yield line_no, record


def _read(
    data: bytes | str, *, max_bytes: int, line_no: int | None
) -> tuple[GameRecord | None, list[RecordFormatError]]:
    size = (
        len(data.encode("utf-8", "surrogatepass"))
        if isinstance(data, str)
        else len(data)
    )
    if size > max_bytes:
        return None, [_too_large(size, max_bytes)]
    if isinstance(data, str):
        data = data.removeprefix("\ufeff")
    else:
        data = data.removeprefix(_BOM)
    try:
        # Fast path: pydantic parses and validates in one pass. For a document
        # it accepts, orjson reads the same values (JSON_INTEGER_RANGE bounds
        # every integer field; floats, NaN and Infinity fit no field), so the
        # record is the one the path below would build. Anything it rejects is
        # read again below, so that every error is reported one way.
        return GameRecord.model_validate_json(data), []
    except ValidationError:
        pass
    try:
        obj = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        return None, [_json_error(exc, line_no)]
    if not isinstance(obj, dict):
        message = f"a record is a JSON object, not {_json_kind(obj)}"
        return None, [RecordFormatError(message, where="the whole record")]
    try:
        return GameRecord.model_validate(obj), []
    except ValidationError as exc:
        return None, _validation_errors(exc, obj)


def _too_large(size: int, max_bytes: int) -> RecordFormatError:
    return RecordFormatError(
        f"record too large: {size} bytes (the limit is {max_bytes})",
        where="the whole record",
    )


def _at_line(error: RecordFormatError, line_no: int) -> RecordFormatError:
    where = "" if error.where == "the whole record" else error.where
    if not where.startswith(f"line {line_no}"):
        where = f"line {line_no}, {where}" if where else f"line {line_no}"
    return RecordFormatError(error.message, loc=error.loc, where=where, rule=error.rule)


def _json_error(exc: orjson.JSONDecodeError, line_no: int | None) -> RecordFormatError:
    reason = exc.msg
    if "depth limit" in reason or "recursion" in reason:
        reason = "nested too deeply"
    elif "zero-length" in reason:
        reason = "empty document"
    elif "UTF-8" in reason:
        reason = "not UTF-8 text"
    line = exc.lineno if line_no is None else line_no
    return RecordFormatError(
        f"invalid JSON: {reason}", where=f"line {line}, column {exc.colno}"
    )


def _json_kind(obj: object) -> str:
    if isinstance(obj, list):
        return "an array"
    if isinstance(obj, str):
        return "a string"
    if isinstance(obj, bool) or obj is None:
        return orjson.dumps(obj).decode()
    return "a number"


# --- Validation errors -------------------------------------------------------

_INDEXED: Final = {
    "deals": "deal {n}",
    "rounds": "round {n}",
    "moves": "move {n}",
    "players": "player at seat {i}",
    "hands": "hand of seat {i}",
    "teams": "team {i}",
    "sides": "side {i}",
    "totals": "total of side {i}",
    "table": "table card {n}",
    "deck": "deck card {n}",
    "take": "taken card {n}",
    "onto": "card {n} built onto",
}
_FIELD_NAMES: Final = sorted(
    {
        name
        for model in vars(models).values()
        if isinstance(model, type) and issubclass(model, BaseModel)
        for name in model.model_fields
    }
)


def _validation_errors(
    exc: ValidationError, obj: dict[str, Any]
) -> list[RecordFormatError]:
    details = exc.errors(include_url=False)
    locs = [_clean_loc(detail["loc"], obj) for detail in details]
    errors = []
    for detail, loc in zip(details, locs, strict=True):
        if detail["type"] in ("too_short", "too_long") and any(
            len(other) > len(loc) and other[: len(loc)] == loc for other in locs
        ):
            continue  # pydantic counts only valid items; the item errors say more
        errors.append(
            RecordFormatError(
                _message(detail, loc),
                loc="".join(f"/{_escape(part)}" for part in loc),
                where=describe_loc(loc),
            )
        )
    return errors


def _clean_loc(loc: tuple[int | str, ...], obj: object) -> tuple[int | str, ...]:
    """Drop pydantic's union tags and ``[key]`` markers, keeping a JSON pointer."""
    node: object = obj
    clean: list[int | str] = []
    for part in loc:
        if part == "[key]":
            continue
        if isinstance(node, dict):
            if part in node:
                node = node[part]
            elif node.get("action") == part:
                continue  # the discriminated union's tag
            else:
                node = None
        elif isinstance(node, list) and isinstance(part, int) and part < len(node):
            node = node[part]
        else:
            node = None
        clean.append(part)
    return tuple(clean)


def _escape(part: int | str) -> str:
    return str(part).replace("~", "~0").replace("/", "~1")


def describe_loc(loc: tuple[int | str, ...]) -> str:
    """Say in words where a location is: ``deal 1, round 3, move 4, field card``.

    Deals, rounds, moves and cards count from 1; seats and sides from 0, as
    in the notation.

    >>> describe_loc(("deals", 0, "rounds", 2, "moves", 3, "card"))
    'deal 1, round 3, move 4, field card'
    >>> describe_loc(("rules", "options", "sweep"))
    'field rules.options.sweep'
    >>> describe_loc(())
    'the whole record'
    """
    words: list[str] = []
    fields: list[str] = []
    for k, part in enumerate(loc):
        following = loc[k + 1] if k + 1 < len(loc) else None
        if isinstance(part, str) and part in _INDEXED and isinstance(following, int):
            continue
        if isinstance(part, int):
            parent = loc[k - 1] if k else None
            if isinstance(parent, str) and parent in _INDEXED and not fields:
                words.append(_INDEXED[parent].format(n=part + 1, i=part))
                continue
            if fields:
                words.append("field " + ".".join(fields))
                fields = []
            words.append(f"item {part + 1}")
            continue
        fields.append(part)
    if fields:
        words.append("field " + ".".join(fields))
    return ", ".join(words) or "the whole record"


def _message(detail: ErrorDetails, loc: tuple[int | str, ...]) -> str:
    kind = detail["type"]
    ctx: Mapping[str, Any] = detail.get("ctx") or {}
    key = loc[-1] if loc else ""
    value = detail.get("input")
    if kind == "extra_forbidden":
        close = difflib.get_close_matches(str(key), _FIELD_NAMES, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        return f"unknown field {key!r}{hint}"
    if kind == "missing":
        return f"missing field {key!r}"
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        expected = "'trail', 'capture' or 'build'"
        if kind == "union_tag_not_found":
            return f"a move needs an 'action' ({expected})"
        return f"unknown action {ctx.get('tag')!r} (expected {expected})"
    if kind in ("too_short", "too_long"):
        bound = "at least" if kind == "too_short" else "at most"
        limit = ctx.get("min_length" if kind == "too_short" else "max_length")
        items = "item" if limit == 1 else "items"
        return f"expected {bound} {limit} {items}, not {ctx.get('actual_length')}"
    if kind in ("model_type", "dict_type", "model_attributes_type"):
        return f"expected an object, not {_show(value)}"
    if kind in ("tuple_type", "list_type"):
        return f"expected an array, not {_show(value)}"
    message = str(detail["msg"])
    if message.startswith("Input should be "):
        message = "expected " + message.removeprefix("Input should be ")
        return f"{message}, not {_show(value)}"
    if message.startswith("Value error, "):
        message = message.removeprefix("Value error, ")
    return message[:1].lower() + message[1:]


def _show(value: object) -> str:
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "an array"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# --- Writing -----------------------------------------------------------------


def _canonical(record: GameRecord) -> dict[str, Any]:
    data = record.model_dump(mode="json", exclude_none=True)
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
    return layout(_canonical(record)).encode()


def dump(record: GameRecord, path: str | os.PathLike[str]) -> None:
    """Write a record to a file atomically, in canonical form.

    :raises OSError: the file cannot be written.
    """
    _write_atomic(Path(path), dumps(record))


def dumps_jsonl(records: Iterable[GameRecord]) -> bytes:
    """Return an archive: each record's canonical content on one line."""
    return b"".join(
        orjson.dumps(_canonical(record), option=orjson.OPT_APPEND_NEWLINE)
        for record in records
    )


def dump_jsonl(records: Iterable[GameRecord], path: str | os.PathLike[str]) -> None:
    """Write an archive (JSON Lines) atomically.

    :raises OSError: the file cannot be written.
    """
    _write_atomic(Path(path), dumps_jsonl(records))


def dumps_json(obj: Any) -> bytes:
    """Serialise a report, schema or other data: indented, keys sorted.

    Models are dumped in JSON mode, cards as strings, sets as sorted lists.

    >>> from casino_records.engine.cards import parse_card
    >>> dumps_json({"b": {parse_card("th")}, "a": 1})
    b'{\\n  "a": 1,\\n  "b": [\\n    "10H"\\n  ]\\n}\\n'
    """
    return orjson.dumps(
        obj,
        default=_default,
        option=_RECORD_OPTIONS | orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_SUBCLASS,
    )


def _default(obj: Any) -> Any:
    if isinstance(obj, Card):
        return str(obj)
    if isinstance(obj, BaseModel):
        return obj.model_dump(mode="json")
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, bool | int | float | str | dict | list | tuple):
        return type(obj).__mro__[-2](obj)  # a plain builtin for other subclasses
    if isinstance(obj, set | frozenset):
        return sorted(obj)
    if isinstance(obj, os.PathLike):
        return os.fspath(obj)
    raise TypeError(f"cannot serialise {type(obj).__name__} as JSON")


def _write_atomic(path: Path, data: bytes) -> None:
    with atomic_writer(path) as stream:
        stream.write(data)


@contextmanager
def atomic_writer(path: str | os.PathLike[str]) -> Iterator[IO[bytes]]:
    """A binary stream that replaces ``path`` only when the block succeeds.

    The data goes to a temporary file beside ``path`` (keeping the mode of the
    file it replaces) that is renamed over it at the end, so a reader never
    sees half a file and an error leaves the old file as it was.
    """
    path = Path(path)
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        mode = 0o644
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
