"""The ``casino-records`` command line: a thin click layer over the library.

Results go to standard output, diagnostics to standard error. ``-`` stands for
standard input (or output). Exit codes: 0 all good; 1 an invalid record, a
score dispute or an illegal move; 2 a usage error or input that cannot be read
at all. Heavy modules are imported inside the commands, so ``--help`` is fast.
"""

from __future__ import annotations

import errno
from typing import TYPE_CHECKING, Any

import click

from .. import __version__
from ..errors import CasinoRecordError
from ..record.files import MAX_RECORD_BYTES
from .util import (
    RecordProblem,
    Settings,
    UnreadableInput,
)

if TYPE_CHECKING:
    pass

__all__ = ["main"]

_CONTEXT: dict[str, Any] = {"help_option_names": ["-h", "--help"]}


class _Group(click.Group):
    """Maps library and OS errors that escape a command to clean exits."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except OSError as exc:
            if exc.errno == errno.EPIPE:
                raise
            where = f"{exc.filename}: " if exc.filename else ""
            raise UnreadableInput(f"{where}{exc.strerror or exc}") from None
        except CasinoRecordError as exc:
            raise RecordProblem(str(exc)) from None


@click.group(cls=_Group, context_settings=_CONTEXT)
@click.version_option(__version__, "-V", "--version", prog_name="casino-records")
@click.option(
    "--max-bytes",
    type=click.IntRange(1),
    default=MAX_RECORD_BYTES,
    show_default=True,
    help="Refuse any record (or archive line) larger than this, unread.",
)
@click.pass_context
def main(ctx: click.Context, max_bytes: int) -> None:
    """Validate, re-score, show and convert records of games of Casino.

    PATH arguments take files, folders (searched for *.json, *.jsonl, *.ndjson
    and *.txt, in any case) and - for standard input. Exit codes: 0 all good; 1 an invalid record, a
    score dispute or an illegal move; 2 a usage error or unreadable input.
    """
    ctx.obj = Settings(max_bytes)


def _register() -> None:
    from .analyse import analyse
    from .bulk import bulk, stats
    from .checking import rescore, validate
    from .convert import convert, fmt_command, schema
    from .game import legal, show, simulate
    from .html import html_command
    from .rules import rules
    from .view import view

    for command in (validate, rescore, show, legal, convert, fmt_command, simulate):
        main.add_command(command)
    for command in (schema, rules, view, html_command, analyse, bulk, stats):
        main.add_command(command)


_register()
