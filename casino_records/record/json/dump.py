"""Reports, schemas and other data as indented JSON (``--format json``), without the record models.

>>> from casino_records.engine.cards import parse_card
>>> dumps_json({"b": {parse_card("th")}, "a": 1})
b'{\\n  "a": 1,\\n  "b": [\\n    "10H"\\n  ]\\n}\\n'
"""

from __future__ import annotations

import enum
import os
import sys
from dataclasses import fields, is_dataclass
from typing import Any, Final

import orjson

from ...engine.cards import Card

__all__ = ["as_dicts", "dumps_json"]

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


def as_dicts(obj: Any) -> Any:
    """``obj`` with each dataclass in it (in lists and dict values too) as a dict
    of its fields (but those whose metadata say ``json: False``), so that :func:`dumps_json` sorts their keys as it sorts a
    model's (orjson writes a dataclass's fields in the order they are defined).

    >>> from dataclasses import dataclass
    >>> @dataclass
    ... class Check:
    ...     side: int
    ...     claimed: int
    >>> as_dicts({"checks": [Check(0, 11)]})
    {'checks': [{'side': 0, 'claimed': 11}]}
    """
    if is_dataclass(obj) and not isinstance(obj, type):
        return {
            f.name: as_dicts(getattr(obj, f.name))
            for f in fields(obj)
            if f.metadata.get("json", True)
        }
    if isinstance(obj, list | tuple):
        return [as_dicts(value) for value in obj]
    if isinstance(obj, dict):
        return {key: as_dicts(value) for key, value in obj.items()}
    return obj


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
