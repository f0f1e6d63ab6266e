"""The ``casino-records`` command line: a thin click layer over the library.

Results go to standard output, diagnostics to standard error. ``-`` stands for
standard input (or output). Exit codes: 0 all good; 1 an invalid record, a
score dispute or an illegal move; 2 a usage error or input that cannot be read
at all; 130 stopped by Ctrl+C, 128 + N stopped by signal N (143: SIGTERM); see
docs/cli.md. A command's module is imported only when that command runs (the
table :data:`COMMANDS` names them, with their short help for ``--help``), and
heavy modules only inside the commands, so start-up is fast.
"""

from __future__ import annotations

import errno
import os
import sys
from contextlib import suppress
from importlib import import_module
from typing import Any, Final

import click

from .. import __version__
from ..errors import CasinoRecordError
from ..i18n import codes, translator
from ..record.files.kinds import MAX_RECORD_BYTES
from .exits import EXIT_INTERRUPTED, RecordProblem, UnreadableInput, stderr
from .language import current, help_words, in_language, install, language_in, speaking
from .options import Settings

__all__ = ["COMMANDS", "main"]

_CONTEXT: dict[str, Any] = {"help_option_names": ["-h", "--help"]}


COMMANDS: Final[dict[str, tuple[str, str, str]]] = {
    "validate": (
        "validate",
        "validate",
        "Replay every record and print one status line per record.",
    ),
    "rescore": (
        "rescore",
        "rescore",
        "Print the dispute report: every claimed score against the computed one.",
    ),
    "show": ("show", "show", "Show the game turn by turn, or one position of it."),
    "legal": (
        "legal",
        "legal",
        'List every legal move before a move: "could I have ...?".',
    ),
    "convert": (
        "convert",
        "convert",
        "Convert between one-record JSON, JSONL archives, the text notation and CSV.",
    ),
    "fmt": (
        "fmt",
        "fmt_command",
        "Rewrite records in canonical form, atomically (JSON, JSONL or text).",
    ),
    "simulate": (
        "simulate",
        "simulate",
        "Play whole matches with bots and write them as records.",
    ),
    "schema": (
        "schema",
        "schema",
        "Write (or check) the JSON Schema files, generated from the models.",
    ),
    "rules": (
        "rules",
        "rules",
        "Print the rules reference: presets, options, or one rule.",
    ),
    "view": (
        "view",
        "view",
        "Open the Streamlit viewer on 127.0.0.1, optionally on a file or folder.",
    ),
    "html": (
        "html",
        "html_command",
        "Write GAME as one HTML page that opens in any browser, with no server.",
    ),
    "analyse": (
        "analyse",
        "analyse",
        "Analyse every move of GAME: the points it lost against the best move.",
    ),
    "puzzles": (
        "puzzles",
        "puzzles",
        "Make puzzles of the mistakes in records: one JSON line per puzzle.",
    ),
    "bulk": (
        "bulk",
        "bulk",
        "Check and re-score every record with Dask; write a Parquet results folder.",
    ),
    "stats": (
        "stats",
        "stats",
        "Rates and rankings from the results folder `bulk` wrote, read with DuckDB.",
    ),
}
"""Every command: its module under ``cli/``, the command's name there, and the
first paragraph of its help (what ``--help`` lists; a test checks it is the
command's own). A new command goes here."""


install()


class _Group(click.Group):
    """The commands of :data:`COMMANDS`, each imported when used; maps library
    and OS errors that escape a command to clean exits. Each call speaks the
    language its ``--lang`` (or the environment) names: click's messages, and
    the help of the group and of the command it runs (:mod:`.language`)."""

    def main(  # type: ignore[override]
        self, args: list[str] | None = None, *rest: Any, **extra: Any
    ) -> Any:
        words = sys.argv[1:] if args is None else list(args)
        with speaking(translator(language_in(words, os.environ))) as t:
            return click.Group.main(in_language(self, t), words, *rest, **extra)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*COMMANDS, *self.commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = self.commands.get(cmd_name)
        if command is None and cmd_name in COMMANDS:
            module, name, _ = COMMANDS[cmd_name]
            command = getattr(import_module(f".{module}", __package__), name)
            assert isinstance(command, click.Command)
            self.add_command(command, cmd_name)
        return None if command is None else in_language(command, current())

    def format_commands(
        self, ctx: click.Context, formatter: click.HelpFormatter
    ) -> None:
        """List the commands with their short help, without importing them."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = [(name, self._short_help(name, limit)) for name in names]
        with formatter.section(current().gettext("Commands")):
            formatter.write_dl(rows)

    def _short_help(self, name: str, limit: int) -> str:
        text = COMMANDS[name][2] if name in COMMANDS else self.commands[name].help
        # click's own shortening, on the text the command would give
        words = help_words(text or "", current())
        return click.Command(name, help=words).get_short_help_str(limit)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:  # Ctrl+C: click would say "Aborted!", exit 1
            with suppress(OSError):
                sys.stdout.flush()
            stderr("stopped by Ctrl+C")
            sys.exit(EXIT_INTERRUPTED)
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
@click.option(
    "--lang",
    type=click.Choice(codes(), case_sensitive=False),
    default=None,
    help="The language of the words for people [default: from LC_ALL,"
    " LC_MESSAGES or LANG, else en]; JSON, CSV and the notation never change.",
)
@click.pass_context
def main(ctx: click.Context, max_bytes: int, lang: str | None) -> None:
    """Validate, re-score, show and convert records of games of Casino.

    PATH arguments take files, folders (searched for *.json, *.jsonl, *.ndjson
    and *.txt, in any case) and - for standard input. Exit codes: 0 all good; 1 an invalid record, a
    score dispute or an illegal move; 2 a usage error or unreadable input;
    130 stopped by Ctrl+C; 128 + N stopped by signal N (143 for kill).
    """
    ctx.obj = Settings(max_bytes, current(), lang_given=lang is not None)
