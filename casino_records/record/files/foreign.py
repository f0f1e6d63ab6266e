"""Files a folder search passes over: JSON documents plainly not records.

A folder may hold other JSON beside records: the ``manifest.json`` that
``bulk`` writes into its results folder, or any document that names a format of
its own. Such a file is no record with an error in it, so :func:`not_a_record`
says what it is and the folder search skips it (and says so), where reading it
as a record would call it invalid. Only a top-level ``"format"`` naming another
format, in a document with no ``"deals"``, counts: a document without one may
be a record missing its field (or with its format misspelt), and is read (and
reported) as a record.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> _ = (folder / "manifest.json").write_text('{"format": "casino-results/1"}')
>>> not_a_record(folder / "manifest.json")
'a bulk results manifest (casino-results/1)'
>>> _ = (folder / "game.json").write_text('{"format": "casino-record/1"}')
>>> not_a_record(folder / "game.json") is None
True
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Final

from .kinds import BOM, compression_of, kind_by_suffix

__all__ = ["not_a_record"]

RECORD_FORMAT_PREFIX: Final = "casino-record/"
"""What a record's ``format`` starts with (any version: the reader words the rest)."""
_RESULTS_FORMAT_PREFIX: Final = "casino-results/"
"""The format of the manifest of ``bulk``'s results folder (``scale.results``)."""
_HEAD_BYTES: Final = 256
_RECORD_HEAD: Final = re.compile(rb'\s*\{\s*"format"\s*:\s*"casino-record/')
"""How nearly every record file starts: read no further."""
_LARGEST_SNIFFED: Final = 1 << 20
"""A larger document is left to the reader (a manifest is a few hundred bytes)."""


def not_a_record(path: Path) -> str | None:
    """What the ``.json`` file ``path`` is when it is plainly not a record
    (its top-level ``format`` names another format), else ``None``.

    Never raises: a file that cannot be read or parsed is left to the reader,
    which says why.
    """
    if kind_by_suffix(path) != "json" or compression_of(path) is not None:
        return None
    try:
        with path.open("rb") as stream:
            head = stream.read(_HEAD_BYTES)
            if _RECORD_HEAD.match(head.removeprefix(BOM)):
                return None
            rest = stream.read(_LARGEST_SNIFFED)
            if stream.read(1):
                return None
        data = json.loads((head + rest).removeprefix(BOM))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    named = data.get("format")
    if not isinstance(named, str) or not named or "deals" in data:
        return None  # a record, perhaps with its format misspelt
    if named.startswith(RECORD_FORMAT_PREFIX):
        return None
    if named.startswith(_RESULTS_FORMAT_PREFIX):
        return f"a bulk results manifest ({named})"
    return f"a {named} document, not a record"
