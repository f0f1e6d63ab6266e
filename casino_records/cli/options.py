"""The options and parameter types several commands share, and the group's settings."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal, TypeAlias

import click

from ..i18n import ENGLISH, Translator

__all__ = [
    "FORMATS",
    "FORMAT_OPTION",
    "Format",
    "INPUTS",
    "INPUT_FILE",
    "JOBS_OPTION",
    "OUTPUT",
    "STRICT_OPTION",
    "Settings",
    "VERBOSE_OPTION",
    "option_setting",
]


INPUTS: Final = click.Path(exists=True, path_type=Path, allow_dash=True)
"""Files, folders or ``-``: the PATH arguments of the record commands."""


OUTPUT: Final = click.Path(dir_okay=False, path_type=Path, allow_dash=True)
"""A file to write, or ``-`` for standard output."""


FORMAT_OPTION: Final = click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text for people; json (the report models) for scripts.",
)
"""``--format text|json`` of the report commands."""


JOBS_OPTION: Final = click.option(
    "-j",
    "--jobs",
    type=click.IntRange(0),
    default=1,
    show_default=True,
    help="Worker processes; 0 means one per core.",
)
"""``--jobs N`` of the commands that check many records."""


STRICT_OPTION: Final = click.option(
    "--strict",
    is_flag=True,
    help="A record whose claimed scores cannot all be checked (a deal not played"
    " out) counts as disputed.",
)
"""``--strict`` of the commands that check claims (D8)."""


VERBOSE_OPTION: Final = click.option(
    "-v",
    "--verbose",
    is_flag=True,
    help="Add under each problem (and each move that decided it) a line with its"
    " place in the record's JSON (a JSON pointer), for whoever edits the file.",
)
"""``--verbose`` of ``validate`` and ``rescore``: the text for people plus pointers."""


Format: TypeAlias = Literal["json", "jsonl", "text", "csv"]


FORMATS: Final[tuple[Format, ...]] = ("json", "jsonl", "text", "csv")
"""Every output format: the record kinds and CSV."""


INPUT_FILE: Final = click.Path(
    exists=True, dir_okay=False, path_type=Path, allow_dash=True
)
"""A click parameter type: one existing file, or ``-``."""


@dataclass(frozen=True, slots=True)
class Settings:
    """The group's options, handed to every command."""

    max_bytes: int
    """The largest record read (``--max-bytes``)."""
    translator: Translator = ENGLISH
    """The language of the words for people (``--lang``, else the locale)."""
    lang_given: bool = False
    """``--lang`` was given: the commands a command suggests repeat it."""


def option_setting(text: str) -> tuple[str, bool | int | str]:
    """Read ``--option NAME=VALUE``: ``true``/``false`` as booleans, integers as
    integers, anything else as text.

    >>> option_setting("target_score=11"), option_setting("sweeps=true")
    (('target_score', 11), ('sweeps', True))
    """
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise click.BadParameter(f"{text!r} is not NAME=VALUE", param_hint="--option")
    value = value.strip()
    if value.lower() in ("true", "false"):
        return name.strip(), value.lower() == "true"
    try:
        return name.strip(), int(value)
    except ValueError:
        return name.strip(), value
