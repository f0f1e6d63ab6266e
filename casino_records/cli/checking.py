"""``validate`` and ``rescore``: check records and report what differs."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..check.batch import Item
from .util import (
    EXIT_PROBLEM,
    FORMAT_OPTION,
    INPUTS,
    OUTPUT,
    STATUSES,
    Format,
    Settings,
    atomic_output,
    exit_code,
    format_of,
    is_terminal,
    same_file,
    stderr,
    write_json_batch,
    write_records,
)

if TYPE_CHECKING:
    from ..record.models import GameRecord

__all__ = ["rescore", "validate"]

# --- validate -------------------------------------------------------------------


@click.command()
@click.argument("paths", nargs=-1, required=True, type=INPUTS)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(0),
    default=1,
    show_default=True,
    help="Worker processes; 0 means one per core.",
)
@click.option(
    "--strict",
    is_flag=True,
    help="A record whose claimed scores cannot all be checked (a deal not played"
    " out) counts as disputed.",
)
@click.option("--fail-fast", is_flag=True, help="Stop at the first record not ok.")
@click.option("-q", "--quiet", is_flag=True, help="Print only records that are not ok.")
@click.option(
    "--progress/--no-progress",
    default=None,
    help="Show a progress bar on stderr [default: for large input on a terminal].",
)
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
) -> None:
    """Replay every record and print one status line per record.

    The status is ok, disputed (a claimed score differs from the computed
    one), invalid (broken format or an illegal move) or unreadable (not JSON,
    too large ...), followed by the first problem. An ok record whose claimed
    scores could not all be checked (a deal not played out) says so; with
    --strict it counts as disputed. A .jsonl archive is read one line at a
    time, so its size does not matter. Exit code 2 if any record is
    unreadable, else 1 if any is invalid or disputed.
    """
    from ..check.batch import check_all, default_jobs, find_files, iter_items
    from ..present.render import status_line, summary_line
    from ..record.jsonio import dumps_json

    files = list(find_files(paths))
    size = sum(p.stat().st_size for p in files if str(p) != "-")
    show_bar = progress if progress is not None else is_terminal() and size > 2**20
    items = iter_items(files, max_bytes=settings.max_bytes)
    outcomes = check_all(
        items,
        jobs=jobs or default_jobs(),
        reports=fmt == "json",
        max_bytes=settings.max_bytes,
        strict=strict,
    )
    counts = dict.fromkeys(STATUSES, 0)
    stopped = False
    out = sys.stdout
    raw = sys.stdout.buffer
    bar_cm = (
        click.progressbar(length=size, label="checking", file=sys.stderr)
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
                    out.write(status_line(outcome) + "\n")
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
        summary = {**counts, "records": sum(counts.values()), "stopped": stopped}
        raw.write(b'\n], "summary": ' + dumps_json(summary).rstrip() + b"}\n")
    else:
        note = " (stopped at the first problem: --fail-fast)" if stopped else ""
        out.write(summary_line(counts) + note + "\n")
    sys.exit(exit_code(counts))


# --- rescore --------------------------------------------------------------------


def _error_report(label: str, status: str, errors: list[Any]) -> str:
    from ..check.batch import error_text

    lines = [
        f"{label}: {status.upper()} — {len(errors)} error{'s' * (len(errors) != 1)}"
    ]
    lines += [f"  ✗ {error_text(e)}" for e in errors]
    return "\n".join(lines) + "\n"


@click.command()
@click.argument("paths", nargs=-1, required=True, type=INPUTS)
@click.option(
    "-o",
    "--output",
    type=OUTPUT,
    help="Write a corrected copy (claimed scores replaced by computed ones) here.",
)
@click.option(
    "--in-place", is_flag=True, help="Correct the input files themselves (atomically)."
)
@click.option(
    "--strict",
    is_flag=True,
    help="A record whose claimed scores cannot all be checked (a deal not played"
    " out) counts as disputed.",
)
@FORMAT_OPTION
@click.pass_obj
def rescore(
    settings: Settings,
    paths: tuple[Path, ...],
    output: Path | None,
    in_place: bool,
    strict: bool,
    fmt: str,
) -> None:
    """Print the dispute report: every claimed score against the computed one.

    Per deal and side, each claimed category shows claimed / computed with ✓ or
    ✗, then the match totals and winner; under each difference, the moves that
    decided it with their JSON pointers. With -o, a copy whose claimed scores
    are the computed ones is written (never over an input unless --in-place);
    an invalid record cannot be corrected. Claims on a deal not played out
    cannot be checked: the report says so and checks what the moves played
    decide; with --strict such a record counts as disputed. Exit code 1 if any
    record is disputed or invalid, 2 if any is unreadable.
    """
    from ..check.batch import find_files, iter_items

    files = list(find_files(paths))
    if output is not None:
        clash = [p for p in files if same_file(p, output)]
        if clash and not in_place:
            raise click.UsageError(
                f"-o {output} is an input; add --in-place to overwrite it"
            )
        targets: list[tuple[list[Path], Path | None]] = [(files, output)]
    elif in_place:
        if any(str(p) == "-" for p in files):
            raise click.UsageError("--in-place cannot rewrite standard input")
        targets = [([p], p) for p in files]
    else:
        targets = [(files, None)]
    counts = dict.fromkeys(STATUSES, 0)
    report_to_stderr = output is not None and str(output) == "-"
    entries: list[bytes] = []
    uncorrected = False
    for inputs, target in targets:
        uncorrected |= not _rescore_into(
            settings,
            iter_items(inputs, max_bytes=settings.max_bytes),
            target,
            fmt,
            report_to_stderr,
            counts,
            entries,
            strict,
        )
    if fmt == "json":
        from ..record.jsonio import dumps_json

        stream = sys.stderr.buffer if report_to_stderr else sys.stdout.buffer
        write_json_batch(stream, iter(entries))
        summary = {**counts, "records": sum(counts.values())}
        stream.write(b'\n], "summary": ' + dumps_json(summary).rstrip() + b"}\n")
    code = exit_code(counts)
    if uncorrected:
        code = max(code, EXIT_PROBLEM)
    sys.exit(code)


def _rescore_into(
    settings: Settings,
    items: Iterator[Item],
    target: Path | None,
    fmt: str,
    report_to_stderr: bool,
    counts: dict[str, int],
    entries: list[bytes],
    strict: bool = False,
) -> bool:
    """Report on ``items``; write their corrections to ``target``; False if not written."""
    from ..check.batch import error_text, first_problem, read_item
    from ..check.correct import corrected
    from ..check.explain import explain
    from ..check.replay import replay
    from ..present.render import report_text
    from ..record.jsonio import dumps_json

    bad: list[str] = []
    kind: Format = "jsonl"
    if target is not None and str(target) != "-":
        kind = format_of(target, None)
        if kind == "csv":
            raise click.UsageError(
                "a corrected copy is a record: .json, .jsonl or .txt"
            )
    fixed: list[GameRecord] = []
    for item in items:
        record, errors, unreadable = read_item(item, settings.max_bytes)
        if record is None:
            status = "unreadable" if unreadable else "invalid"
            counts[status] += 1
            bad.append(item.label)
            text = _error_report(item.label, status, errors)
            entry: dict[str, Any] = {
                "source": item.label,
                "status": status,
                "problem": error_text(errors[0]),
                "errors": [
                    {"loc": e.loc, "message": e.message, "where": e.where}
                    for e in errors
                ],
            }
        else:
            replayed = replay(record, source=item.label, strict_claims=strict)
            report = replayed.report
            report.explanations = explain(record, replayed)
            counts[report.status] += 1
            text = report_text(report)
            entry = {
                "source": item.label,
                "status": report.status,
                "problem": first_problem(report),
                "report": report,
            }
            if report.valid:
                fixed.append(corrected(record, report))
            else:
                bad.append(item.label)
        if fmt == "json":
            entries.append(dumps_json(entry))
        else:
            click.echo(text, err=report_to_stderr)
    if target is None:
        return True
    if bad:
        stderr(
            f"not written: {target}: an invalid or unreadable record cannot be"
            f" corrected ({', '.join(bad)})"
        )
        return False
    with atomic_output(target) as stream:
        written = write_records(fixed, stream, kind)
    stderr(f"wrote {written} corrected record{'s' * (written != 1)} to {target}")
    return True
