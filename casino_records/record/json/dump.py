"""Reports, schemas and other data as indented JSON (``--format json``), without the record models.

>>> from casino_records.engine.cards import parse_card
>>> dumps_json({"b": {parse_card("th")}, "a": 1})
b'{\\n  "a": 1,\\n  "b": [\\n    "10H"\\n  ]\\n}\\n'
"""

from __future__ import annotations

import enum
import os
import sys
from typing import Any, Final

import orjson

from ...engine.cards import Card

__all__ = ["dumps_json"]

_REPORT_OPTIONS: Final = (
    orjson.OPT_INDENT_2
    | orjson.OPT_APPEND_NEWLINE
    | orjson.OPT_SORT_KEYS
    | orjson.OPT_PASSTHROUGH_SUBCLASS
)


def dumps_json(obj: Any) -> bytes:
    """Serialise a report, schema or other data: indented, keys sorted.

    Models are dumped in JSON mode, cards as strings, sets as sorted lists.
    """
    return orjson.dumps(obj, default=_default, option=_REPORT_OPTIONS)


def _default(obj: Any) -> Any:
    if isinstance(obj, Card):
        return str(obj)
    pydantic = sys.modules.get("pydantic")  # a model exists only once it is loaded
    if pydantic is not None and isinstance(obj, pydantic.BaseModel):
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
