"""The ``casino-records`` command line: a thin click layer over the library.

Results go to standard output, diagnostics to standard error. ``-`` stands for
standard input (or output). Exit codes: 0 all good; 1 an invalid record, a
score dispute or an illegal move; 2 a usage error or input that cannot be read
at all. Heavy modules are imported inside the commands, so ``--help`` is fast.
"""

from __future__ import annotations

import errno
import sys
from collections.abc import Iterator
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from .. import __version__
from ..check.batch import CLI_MAX_BYTES, Item
from ..errors import CasinoRecordError
from .util import (
    EXIT_PROBLEM,
    INPUT_FILE,
    STATUSES,
    Format,
    RecordProblem,
    Settings,
    UnreadableInput,
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
    from ..record.csvexport import Target
    from ..record.models import GameRecord

__all__ = ["main"]

_CONTEXT: dict[str, Any] = {"help_option_names": ["-h", "--help"]}
_INPUTS = click.Path(exists=True, path_type=Path, allow_dash=True)
_OUTPUT = click.Path(dir_okay=False, path_type=Path, allow_dash=True)
_FORMAT = click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text for people; json (the report models) for scripts.",
)


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
    default=CLI_MAX_BYTES,
    show_default=True,
    help="Refuse any record (or archive line) larger than this, unread.",
)
@click.pass_context
def main(ctx: click.Context, max_bytes: int) -> None:
    """Validate, re-score, show and convert records of games of Casino.

    PATH arguments take files, folders (searched for *.json, *.jsonl and *.txt)
    and - for standard input. Exit codes: 0 all good; 1 an invalid record, a
    score dispute or an illegal move; 2 a usage error or unreadable input.
    """
    ctx.obj = Settings(max_bytes)


# --- validate -------------------------------------------------------------------


@main.command()
@click.argument("paths", nargs=-1, required=True, type=_INPUTS)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(0),
    default=1,
    show_default=True,
    help="Worker processes; 0 means one per core.",
)
@click.option("--fail-fast", is_flag=True, help="Stop at the first record not ok.")
@click.option("-q", "--quiet", is_flag=True, help="Print only records that are not ok.")
@click.option(
    "--progress/--no-progress",
    default=None,
    help="Show a progress bar on stderr [default: for large input on a terminal].",
)
@_FORMAT
@click.pass_obj
def validate(
    settings: Settings,
    paths: tuple[Path, ...],
    jobs: int,
    fail_fast: bool,
    quiet: bool,
    progress: bool | None,
    fmt: str,
) -> None:
    """Replay every record and print one status line per record.

    The status is ok, disputed (a claimed score differs from the computed
    one), invalid (broken format or an illegal move) or unreadable (not JSON,
    too large ...), followed by the first problem. A .jsonl archive is read one
    line at a time, so its size does not matter. Exit code 2 if any record is
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


@main.command()
@click.argument("paths", nargs=-1, required=True, type=_INPUTS)
@click.option(
    "-o",
    "--output",
    type=_OUTPUT,
    help="Write a corrected copy (claimed scores replaced by computed ones) here.",
)
@click.option(
    "--in-place", is_flag=True, help="Correct the input files themselves (atomically)."
)
@_FORMAT
@click.pass_obj
def rescore(
    settings: Settings,
    paths: tuple[Path, ...],
    output: Path | None,
    in_place: bool,
    fmt: str,
) -> None:
    """Print the dispute report: every claimed score against the computed one.

    Per deal and side, each claimed category shows claimed / computed with ✓ or
    ✗, then the match totals and winner; under each difference, the moves that
    decided it with their JSON pointers. With -o, a copy whose claimed scores
    are the computed ones is written (never over an input unless --in-place);
    an invalid record cannot be corrected. Exit code 1 if any record is
    disputed or invalid, 2 if any is unreadable.
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
) -> bool:
    """Report on ``items``; write their corrections to ``target``; False if not written."""
    from ..check.batch import error_text, first_problem, read_item
    from ..check.correct import corrected
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
            report = replay(record, source=item.label).report
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


# --- convert ----------------------------------------------------------------------


@main.command()
@click.argument("source", metavar="IN", type=INPUT_FILE)
@click.option(
    "-o", "--output", type=_OUTPUT, required=True, help="Where to write; - for stdout."
)
@click.option(
    "--to",
    type=click.Choice(["json", "jsonl", "text", "csv"]),
    help="The target format [default: from OUT's suffix: .json .jsonl .txt .csv].",
)
@click.option(
    "--csv",
    "csv_kind",
    type=click.Choice(["moves", "scores"]),
    default="moves",
    show_default=True,
    help="CSV: one row per move, or one per deal and side (claimed and computed).",
)
@click.pass_obj
def convert(
    settings: Settings, source: Path, output: Path, to: str | None, csv_kind: str
) -> None:
    """Convert between one-record JSON, JSONL archives, the text notation and CSV.

    Whatever the target cannot hold is listed on stderr (the loss report);
    nothing is dropped silently. JSON -> text -> JSON gives the same bytes.
    """
    from ..check.batch import find_files, sniff_kind
    from ..record.csvexport import loss_report
    from .util import load_records, write_csv

    if same_file(source, output):
        raise click.UsageError(
            f"-o {output} is the input; use 'casino-records fmt' to rewrite a file"
        )
    if to is None and str(output) == "-":
        head = b"" if str(source) == "-" else source.read_bytes()[:4096]
        to = sniff_kind(source, head)
    target = format_of(output, to)
    loaded = load_records(find_files([source]), settings.max_bytes)
    loss_target: Target = target if target != "csv" else f"{csv_kind}-csv"  # type: ignore[assignment]
    losses = 0

    def records() -> Iterator[GameRecord]:
        nonlocal losses
        for item, record in loaded:
            for line in loss_report(record, loss_target):
                stderr(f"lost: {item.label}: {line}")
                losses += 1
            yield record

    with atomic_output(output) as stream:
        if target == "csv":
            written = write_csv(records(), stream, csv_kind == "scores")
        else:
            written = write_records(records(), stream, target)
    where = "" if str(output) == "-" else f" to {output}"
    lost = f"; {losses} kinds of data left out (listed above)" if losses else ""
    stderr(f"converted {written} record{'s' * (written != 1)}{where}{lost}")


# --- fmt ------------------------------------------------------------------------------


@main.command("fmt")
@click.argument("paths", nargs=-1, required=True, type=_INPUTS)
@click.option(
    "--check", is_flag=True, help="Only check: exit 1 if any file would change."
)
@click.pass_obj
def fmt_command(settings: Settings, paths: tuple[Path, ...], check: bool) -> None:
    """Rewrite records in canonical form, atomically (JSON, JSONL or text).

    The canonical form is byte-stable (docs/notation.md section 9), so equal
    games give equal files. With --check nothing is written, and the exit code
    is 1 if any file is not canonical. A file holding a bad record is left as
    it is (exit 1 if invalid, 2 if unreadable). - reads standard input and
    writes the canonical form to standard output.
    """
    from ..check.batch import find_files
    from .util import canonical_copy

    changed = same = code = 0
    for path in find_files(paths):
        problem, differs = canonical_copy(path, settings.max_bytes, write=not check)
        if problem:
            code = max(code, problem)
        elif str(path) == "-":
            code = max(code, EXIT_PROBLEM if check and differs else 0)
        elif differs:
            changed += 1
            click.echo(f"would reformat {path}" if check else f"reformatted {path}")
        else:
            same += 1
    verb = "would be reformatted" if check else "reformatted"
    stderr(f"{changed} file{'s' * (changed != 1)} {verb}, {same} already canonical")
    if check and changed:
        code = max(code, EXIT_PROBLEM)
    sys.exit(code)


# --- schema -----------------------------------------------------------------------


@main.command()
@click.option("--check", is_flag=True, help="Exit 1 if a file is missing or stale.")
@click.option(
    "--dir",
    "directory",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("schemas"),
    show_default=True,
    help="Where the schema files live.",
)
def schema(check: bool, directory: Path) -> None:
    """Write (or check) the JSON Schema files, generated from the models."""
    from ..record.schema import stale_schemas, write_schemas

    if check:
        stale = stale_schemas(directory)
        for name in stale:
            stderr(f"stale schema: {directory / name} (run: casino-records schema)")
        if stale:
            sys.exit(EXIT_PROBLEM)
        click.echo(f"schemas in {directory} are up to date")
        return
    changed = write_schemas(directory)
    for name in changed:
        click.echo(f"wrote {directory / name}")
    if not changed:
        click.echo(f"schemas in {directory} were already up to date")


# --- view ---------------------------------------------------------------------------

VIEW_PATH_VARIABLE = "CASINO_RECORDS_VIEW_PATH"
"""The environment variable that hands the viewer its file or folder."""


def viewer_app() -> Path:
    """The Streamlit entry script (in the source tree, beside the package)."""
    return Path(__file__).resolve().parents[2] / "viewer" / "streamlit_app.py"


def viewer_command(app: Path, port: int, path: Path | None) -> list[str]:
    """The command line that starts the viewer on 127.0.0.1."""
    command = [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        str(app),
        "--server.address",
        "127.0.0.1",
        "--server.port",
        str(port),
        "--server.headless",
        "true",
    ]
    if path is not None:
        command += ["--", str(path)]
    return command


@main.command()
@click.argument("path", required=False, type=click.Path(exists=True, path_type=Path))
@click.option("--port", type=click.IntRange(1, 65535), default=8501, show_default=True)
def view(path: Path | None, port: int) -> None:
    """Open the Streamlit viewer on 127.0.0.1, optionally on a file or folder.

    The path reaches the viewer as the environment variable
    CASINO_RECORDS_VIEW_PATH and as the script's argument. Streamlit's own
    environment variables and .streamlit/config.toml still apply.
    """
    import importlib.util
    import os
    import subprocess

    app = viewer_app()
    if not app.is_file():
        raise UnreadableInput(
            f"the viewer is missing: {app} (run from a source checkout)"
        )
    if importlib.util.find_spec("streamlit") is None:
        raise UnreadableInput("Streamlit is not installed: pip install -e '.[viewer]'")
    env = dict(os.environ)
    if path is not None:
        path = path.resolve()
        env[VIEW_PATH_VARIABLE] = str(path)
    stderr(f"viewer: http://127.0.0.1:{port} (Ctrl+C stops it)")
    try:
        code = subprocess.call(viewer_command(app, port, path), env=env)
    except KeyboardInterrupt:
        code = 0
    sys.exit(code)


def _register() -> None:
    from .game import legal, show, simulate

    for command in (show, legal, simulate):
        main.add_command(command)


_register()
