"""JSON Schemas generated from the notation models (never edited by hand).

The files in ``schemas/`` are committed; a test fails when they are stale.
Regenerate them with ``casino-records schema``.
The schemas describe the *canonical* form (what the writer emits); the reader
also accepts lenient card spellings, and checks counts and indexes that JSON
Schema cannot express.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Final

from pydantic import BaseModel

from ..format.models import GameRecord
from .jsonio import dumps_json

__all__ = [
    "JSON_SCHEMA_DIALECT",
    "SCHEMA_BASE_URI",
    "SCHEMA_FILES",
    "generate_schemas",
    "stale_schemas",
    "write_schemas",
]

JSON_SCHEMA_DIALECT: Final = "https://json-schema.org/draft/2020-12/schema"
"""The ``$schema`` of every generated file."""
SCHEMA_BASE_URI: Final = "https://casino-records.example/schemas/"
"""Where the files are published; a file's ``$id`` is this plus its name."""
SCHEMA_FILES: Final[dict[str, type[BaseModel]]] = {
    "casino-record.v1.schema.json": GameRecord,
}
"""Every generated schema file, by name, with the model it describes."""


def schema_of(name: str) -> dict[str, Any]:
    """Return the JSON Schema (2020-12) of the file ``name`` as a dict.

    :raises KeyError: ``name`` is not in :data:`SCHEMA_FILES`.
    """
    schema = SCHEMA_FILES[name].model_json_schema(mode="validation")
    return {"$schema": JSON_SCHEMA_DIALECT, "$id": SCHEMA_BASE_URI + name, **schema}


def generate_schemas() -> dict[str, bytes]:
    """Return the content of every schema file, by file name."""
    return {name: dumps_json(schema_of(name)) for name in SCHEMA_FILES}


def write_schemas(directory: str | os.PathLike[str]) -> list[str]:
    """Write every schema file into ``directory`` (created if needed).

    :returns: the names of the files whose content changed.
    :raises OSError: a file cannot be written.
    """
    target = Path(directory)
    target.mkdir(parents=True, exist_ok=True)
    changed = stale_schemas(target)
    for name, content in generate_schemas().items():
        if name in changed:
            (target / name).write_bytes(content)
    return changed


def stale_schemas(directory: str | os.PathLike[str]) -> list[str]:
    """List the schema files in ``directory`` that are missing or out of date."""
    target = Path(directory)
    stale = []
    for name, content in generate_schemas().items():
        path = target / name
        if not path.is_file() or path.read_bytes() != content:
            stale.append(name)
    return stale
