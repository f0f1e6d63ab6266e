"""Records written in each kind of file, never larger than a reader accepts.

The counterpart of :mod:`.sources`: :func:`record_bytes` writes one record as
a ``.json`` file, an archive line or a text game, in its canonical form, and
refuses a record whose canonical form the readers would refuse as too large
(a record read under the limit may grow when written canonically). A text
archive separates its games with a blank line (:data:`TEXT_SEPARATOR`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import orjson

from ..errors import RecordFormatError
from .files import MAX_RECORD_BYTES, RecordKind

if TYPE_CHECKING:
    from .models import GameRecord

__all__ = ["TEXT_SEPARATOR", "RecordTooLargeError", "record_bytes"]

TEXT_SEPARATOR: Final = b"\n"
"""What goes between two games of a text archive (a blank line)."""


class RecordTooLargeError(RecordFormatError):
    """A record whose canonical form is larger than the readers accept."""


def record_bytes(
    record: GameRecord, kind: RecordKind, max_bytes: int = MAX_RECORD_BYTES
) -> bytes:
    """The canonical bytes of ``record`` as a ``json`` file, ``jsonl`` line or ``text`` game.

    :raises RecordTooLargeError: the written record (its line end not counted)
        would be larger than ``max_bytes``, so no reader with that limit could
        read it back.
    """
    from .jsonio import canonical_data, dumps

    if kind == "json":
        data = dumps(record)
        size = len(data)
    elif kind == "jsonl":
        data = orjson.dumps(canonical_data(record), option=orjson.OPT_APPEND_NEWLINE)
        size = len(data) - 1
    else:
        from .textnotation import write_text

        data = write_text(record).encode("utf-8")
        size = len(data)
    if size > max_bytes:
        raise RecordTooLargeError(
            f"not written: its canonical form would be {size} bytes, over the"
            f" {max_bytes}-byte limit of every reader (see --max-bytes)",
            where="the whole record",
        )
    return data
