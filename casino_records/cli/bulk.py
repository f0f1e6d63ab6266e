"""``bulk``: check and re-score archives on a Dask cluster, into a Parquet results folder.

It needs the ``[scale]`` extra (:mod:`casino_records.cli.scale_extra`), imported
inside the command, so the rest of the command line works without it.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Final

import click

from .exits import UnreadableInput, exit_code, is_terminal, stderr
from .options import INPUTS, Settings
from .scale_extra import need_scale
from .stopping import Stopped, stopping_on

__all__ = ["bulk"]


_STOP_SIGNALS: Final = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
"""Ctrl+C, ``kill`` and a closed terminal stop the run alike: nothing written."""


_SMALL_ARCHIVE: Final = 64_000_000
"""Below this many bytes of input (some 10,000 records), a local Dask cluster's
start-up is most of ``bulk``'s time: ``validate`` is faster on one machine."""


def _input_bytes(paths: tuple[Path, ...]) -> int | None:
    """The bytes of the files named or found in the folders named (``None``
    when standard input is one of them: its size is not known ahead)."""
    total = 0
    for path in paths:
        if str(path) == "-":
            return None
        if path.is_dir():
            total += sum(f.stat().st_size for f in path.rglob("*") if f.is_file())
        elif path.is_file():
            total += path.stat().st_size
    return total


@click.command()
@click.argument("paths", nargs=-1, required=True, type=INPUTS)
@click.option(
    "-o",
    "--out",
    required=True,
    type=click.Path(file_okay=False, path_type=Path),
    help="The results folder to write (a new or empty folder).",
)
@click.option(
    "--workers",
    type=click.IntRange(0),
    default=0,
    show_default=True,
    help="Worker processes of the local Dask cluster; 0 means one per core.",
)
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    help="Use this Dask scheduler (tcp://HOST:PORT, started with `dask scheduler`)"
    " and its workers instead of a local cluster.",
)
@click.option(
    "--strict",
    is_flag=True,
    help="A record whose claimed scores cannot all be checked (a deal not played"
    " out) counts as disputed.",
)
@click.option("--replace", is_flag=True, help="Replace the results already in --out.")
@click.option(
    "--batch",
    "batch_records",
    type=click.IntRange(1),
    default=None,
    help="At most N records per Dask task [default: a few tasks per worker,"
    " whatever their records].",
)
@click.option(
    "--progress/--no-progress",
    default=None,
    help="Show the progress on stderr [default: on a terminal].",
)
@click.pass_obj
def bulk(
    settings: Settings,
    paths: tuple[Path, ...],
    out: Path,
    workers: int,
    scheduler: str | None,
    strict: bool,
    replace: bool,
    batch_records: int | None,
    progress: bool | None,
) -> None:
    """Check and re-score every record with Dask; write a Parquet results folder.

    PATH takes what validate takes: files, folders and archives, compressed
    ones too (.jsonl.gz, .jsonl.zst). The input is cut into a few large parts per
    worker (byte ranges of plain archives, whole files otherwise); each worker
    reads its parts and writes their results itself, so the workers must see
    the files and OUT at the same paths (a shared file system); standard input
    is read here and sent to them. OUT gets
    records/*.parquet (one row per record: source, line and byte offset,
    status, first problem, preset, players, computed and claimed totals,
    findings by kind) and findings/*.parquet (one row per finding: kind,
    severity, rule, JSON pointer, words, claimed and computed values), which
    `casino-records stats OUT`, DuckDB or pandas read, and the viewer opens.
    The statuses and findings are those of validate. A worker lost during the
    run loses nothing: its parts run again elsewhere, and each record is
    written once. Exit code 2 if any record is unreadable, else 1 if any is
    invalid or disputed; 130 when stopped by Ctrl+C, 128 + N by signal N
    (nothing is written then).
    """
    need_scale("bulk")
    from ..scale.results import ResultsError, check_target

    try:
        check_target(out, replace)  # before a cluster starts for nothing
    except ResultsError as exc:
        raise UnreadableInput(str(exc)) from None
    from ..check.batch import default_jobs
    from ..present.report_text import summary_line
    from ..scale.cluster import ClusterError, dask_client
    from ..scale.pipeline import BulkError, run_bulk

    t = settings.translator
    show = progress if progress is not None else is_terminal()
    jobs = workers or default_jobs()
    where = (
        t.gettext("the Dask scheduler at {address}").format(address=scheduler)
        if scheduler
        else t.ngettext(
            "a local Dask cluster of {n} worker",
            "a local Dask cluster of {n} workers",
            jobs,
        ).format(n=jobs)
    )

    if show and not scheduler:
        size = _input_bytes(paths)
        if size is not None and size < _SMALL_ARCHIVE:
            said = t.gettext(
                "note: {size} MB of records: `casino-records validate --jobs {n}`"
                " checks them faster on this machine (bulk first starts a Dask"
                " cluster, seconds); bulk is for the Parquet results, or for a"
                " cluster of machines (--scheduler)"
            )
            stderr(said.format(size=f"{size / 1e6:.1f}", n=jobs))
    if show:
        sys.stderr.write(t.gettext("starting {where}...").format(where=where))
        sys.stderr.flush()

    def report(counts: Mapping[str, int]) -> None:
        done = sum(counts.values())
        line = t.ngettext(
            "checked {n} record on {where}", "checked {n} records on {where}", done
        ).format(n=done, where=where)
        sys.stderr.write(f"\r\033[K{line}")
        sys.stderr.flush()

    try:
        with stopping_on(_STOP_SIGNALS):
            with dask_client(scheduler, workers or default_jobs()) as client:
                if show and client.dashboard_link and scheduler:
                    said = t.gettext("Dask's dashboard: {address}")
                    stderr(said.format(address=client.dashboard_link))
                result = run_bulk(
                    client,
                    paths,
                    out,
                    max_bytes=settings.max_bytes,
                    strict=strict,
                    replace=replace,
                    part_records=batch_records,
                    progress=report if show else None,
                )
    except Stopped as stopped:
        if show:
            sys.stderr.write("\n")
        said = t.gettext("stopped by signal {signal}: nothing written to {folder}")
        stderr(said.format(signal=stopped.signum, folder=out))
        sys.exit(128 + stopped.signum)
    except (ResultsError, ClusterError, BulkError) as exc:
        raise UnreadableInput(str(exc)) from None
    if show:
        sys.stderr.write("\r\033[K")
    click.echo(summary_line(result.counts, t=t))
    records = t.ngettext("{n} record", "{n} records", result.records)
    findings = t.ngettext("{n} finding", "{n} findings", result.findings)
    said = t.gettext("results: {folder} ({records}, {findings})")
    click.echo(
        said.format(
            folder=out,
            records=records.format(n=result.records),
            findings=findings.format(n=result.findings),
        )
    )
    sys.exit(exit_code(result.counts))
