"""Records written in each kind of file, never larger than a reader accepts.

The counterpart of :mod:`.sources`: :func:`record_bytes` writes one record as
a ``.json`` file, an archive line or a text game, in its canonical form, and
refuses a record whose canonical form the readers would refuse as too large
(a record read under the limit may grow when written canonically). A text
archive separates its games with a blank line (:data:`TEXT_SEPARATOR`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import orjson

from ...errors import RecordTooLargeError
from .kinds import MAX_RECORD_BYTES, RecordKind

if TYPE_CHECKING:
    from ..format.models import GameRecord

__all__ = ["TEXT_SEPARATOR", "RecordTooLargeError", "record_bytes"]

TEXT_SEPARATOR: Final = b"\n"
"""What goes between two games of a text archive (a blank line)."""


def record_bytes(
    record: GameRecord | dict[str, Any],
    kind: RecordKind,
    max_bytes: int = MAX_RECORD_BYTES,
) -> bytes:
    """The canonical bytes of ``record`` as a ``json`` file, ``jsonl`` line or ``text`` game.

    :param record: a record, or the canonical JSON data of a valid one
        (:func:`casino_records.record.json.jsonio.canonical_data`), which spares a validation.
    :raises RecordTooLargeError: the written record (its line end not counted)
        would be larger than ``max_bytes``, so no reader with that limit could
        read it back.
    """
    from ..json.jsonio import canonical_data
    from ..json.layout import layout

    if kind == "text":
        from ..format.models import GameRecord
        from ..text.notation import write_text

        model = (
            record
            if not isinstance(record, dict)
            else GameRecord.model_validate(record)
        )
        data = write_text(model).encode("utf-8")
        size = len(data)
    else:
        content = record if isinstance(record, dict) else canonical_data(record)
        if kind == "json":
            data = layout(content).encode()
            size = len(data)
        else:
            data = orjson.dumps(content, option=orjson.OPT_APPEND_NEWLINE)
            size = len(data) - 1
    if size > max_bytes:
        raise RecordTooLargeError(
            f"not written: its canonical form would be {size} bytes, over the"
            f" {max_bytes}-byte limit of every reader (see --max-bytes)",
            where="the whole record",
        )
    return data
