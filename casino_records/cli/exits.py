"""How a command ends: the exit codes, the exceptions that carry them, diagnostics on standard error."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING, Final, NoReturn

import click

from ..check.outcome import error_text

if TYPE_CHECKING:
    from ..errors import RecordFormatError

__all__ = [
    "EXIT_INTERRUPTED",
    "EXIT_PROBLEM",
    "EXIT_UNREADABLE",
    "RecordProblem",
    "UnreadableInput",
    "exit_code",
    "fail",
    "is_terminal",
    "stderr",
]


EXIT_PROBLEM: Final = 1
"""Exit code: an invalid record, a dispute, an illegal move."""


EXIT_UNREADABLE: Final = 2
"""Exit code: a usage error, or input that cannot be read at all."""


EXIT_INTERRUPTED: Final = 128 + 2
"""Exit code: stopped by Ctrl+C (SIGINT), as a shell reports it; a stop
signal N (``kill``: SIGTERM) gives ``128 + N``."""


def exit_code(counts: dict[str, int]) -> int:
    """The exit code of a batch: 2 if any record is unreadable, 1 if any is bad."""
    if counts["unreadable"]:
        return EXIT_UNREADABLE
    return EXIT_PROBLEM if counts["invalid"] or counts["disputed"] else 0


class RecordProblem(click.ClickException):
    """A record is invalid, disputed or cannot be corrected (exit code 1)."""

    exit_code = EXIT_PROBLEM


class UnreadableInput(click.ClickException):
    """Input that cannot be read as a record at all (exit code 2)."""

    exit_code = EXIT_UNREADABLE


def fail(label: str, errors: Sequence[RecordFormatError], unreadable: bool) -> NoReturn:
    """Raise the exception that fits a record's read errors, naming the source."""
    from ..engine.describe import plural

    more = len(errors) - 1
    suffix = f" (and {plural(more, 'more error')})" if more > 0 else ""
    message = f"{label}: {error_text(errors[0])}{suffix}"
    if unreadable:
        raise UnreadableInput(message)
    raise RecordProblem(message)


def stderr(message: str) -> None:
    """Write a diagnostic line to standard error."""
    click.echo(message, err=True)


def is_terminal(stream: IO[str] | None = None) -> bool:
    """True when ``stream`` (standard error by default) is an interactive terminal."""
    stream = stream if stream is not None else sys.stderr
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
