"""``validate``: replay every record and print one status line per record.

Registered on the group in :mod:`casino_records.cli.main`; like it, it imports the
engine only when it runs.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import nullcontext
from pathlib import Path

import click

from ..check.status import STATUSES
from .exits import exit_code, is_terminal
from .inputs import record_files
from .options import (
    FORMAT_OPTION,
    INPUTS,
    JOBS_OPTION,
    STRICT_OPTION,
    VERBOSE_OPTION,
    Settings,
)
from .outputs import write_json_batch

__all__ = ["validate"]


@click.command()
@click.argument("paths", nargs=-1, required=True, type=INPUTS)
@JOBS_OPTION
@STRICT_OPTION
@click.option("--fail-fast", is_flag=True, help="Stop at the first record not ok.")
@click.option(
    "--summary",
    "as_summary",
    is_flag=True,
    help="A short summary for people: one line per record not ok with the"
    " likeliest counting mistake (disputed) or the first error and its rule"
    " (invalid), the totals, and the commands that show the full reports.",
)
@click.option("-q", "--quiet", is_flag=True, help="Print only records that are not ok.")
@click.option(
    "--progress/--no-progress",
    default=None,
    help="Show a progress bar on stderr [default: for large input on a terminal].",
)
@VERBOSE_OPTION
@FORMAT_OPTION
@click.pass_obj
def validate(
    settings: Settings,
    paths: tuple[Path, ...],
    jobs: int,
    fail_fast: bool,
    quiet: bool,
    progress: bool | None,
    fmt: str,
    strict: bool,
    as_summary: bool,
    verbose: bool,
) -> None:
    """Replay every record and print one status line per record.

    The status is ok, disputed (a claimed score differs from the computed
    one), invalid (broken format or an illegal move) or unreadable (not JSON,
    too large ...), followed by the first problem and how many more there are.
    An ok record whose claimed scores could not all be checked (a deal not
    played out) says so; with --strict it counts as disputed. A .jsonl archive
    is read one line at a time, so its size does not matter. Exit code 2 if any
    record is unreadable, else 1 if any is invalid or disputed, with --summary
    too; 130 when stopped by Ctrl+C, 143 by SIGTERM. The lines are in players'
    words; --verbose adds under each the JSON pointer of the problem, and
    --format json keeps every pointer.
    """
    if as_summary:
        if fmt == "json" or quiet or fail_fast or verbose:
            raise click.UsageError(
                "--summary is for people: not with --format json, -q, --fail-fast"
                " or --verbose"
            )
        from ..check.batch import default_jobs
        from .summary import program_name, summarize

        jobs = jobs or default_jobs()
        program = program_name()
        if settings.lang_given:  # the commands it suggests speak the same language
            program = f"{program} --lang {settings.translator.code}"
        sys.exit(
            summarize(
                paths,
                max_bytes=settings.max_bytes,
                jobs=jobs,
                strict=strict,
                t=settings.translator,
                program=program,
            )
        )
    from ..check.batch import check_files, default_jobs
    from ..present.report_text import status_line, summary_line

    files = record_files(paths)
    size = sum(p.stat().st_size for p in files if str(p) != "-")
    show_bar = progress if progress is not None else is_terminal() and size > 2**20
    outcomes = check_files(
        files,
        jobs=jobs or default_jobs(),
        reports=fmt == "json",
        max_bytes=settings.max_bytes,
        strict=strict,
        lang=settings.translator.code,
    )
    counts = dict.fromkeys(STATUSES, 0)
    stopped = False
    out = sys.stdout
    raw = sys.stdout.buffer
    bar_cm = (
        click.progressbar(
            length=size,
            label=settings.translator.gettext("checking"),
            file=sys.stderr,
        )
        if show_bar
        else nullcontext(None)
    )
    clear = show_bar and is_terminal() and is_terminal(sys.stdout)

    def run() -> Iterator[bytes | None]:
        nonlocal stopped
        with bar_cm as bar:
            for outcome in outcomes:
                counts[outcome.status] += 1
                if bar is not None:
                    bar.update(outcome.size)
                if fmt == "json":
                    yield outcome.report
                elif not quiet or outcome.status != "ok":
                    if clear:
                        sys.stderr.write("\r\033[K")
                    out.write(
                        status_line(outcome, verbose, t=settings.translator) + "\n"
                    )
                if fail_fast and outcome.status != "ok":
                    stopped = True
                    break

    try:
        if fmt == "json":
            write_json_batch(raw, run())
        else:
            for _ in run():
                pass
    finally:
        outcomes.close()
    if fmt == "json":
        from ..record.json.dump import dumps_json

        summary = {**counts, "records": sum(counts.values()), "stopped": stopped}
        raw.write(b'\n], "summary": ' + dumps_json(summary).rstrip() + b"}\n")
    else:
        t = settings.translator
        note = " " + t.gettext("(stopped at the first problem: --fail-fast)")
        note = note if stopped else ""
        out.write(summary_line(counts, t=t) + note + "\n")
    sys.exit(exit_code(counts))
