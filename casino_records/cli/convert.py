"""``convert``, ``fmt`` and ``schema``: records from one form to another."""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import click

from .util import (
    EXIT_PROBLEM,
    INPUT_FILE,
    INPUTS,
    OUTPUT,
    Settings,
    atomic_output,
    format_of,
    same_file,
    stderr,
    write_records,
)

if TYPE_CHECKING:
    from ..record.csvexport import Target
    from ..record.format.models import GameRecord

__all__ = ["convert", "fmt_command", "schema"]

# --- convert ----------------------------------------------------------------------


@click.command()
@click.argument("source", metavar="IN", type=INPUT_FILE)
@click.option(
    "-o", "--output", type=OUTPUT, required=True, help="Where to write; - for stdout."
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
    from ..record.csvexport import loss_report
    from ..record.files.sources import find_files
    from .util import load_records, write_csv

    if same_file(source, output):
        raise click.UsageError(
            f"-o {output} is the input; use 'casino-records fmt' to rewrite a file"
        )
    loaded = load_records(find_files([source]), settings.max_bytes)
    if to is None and str(output) == "-":  # the input's own kind
        first = next(loaded, None)
        to = "jsonl" if first is None else first[0].kind
        if first is not None:
            loaded = itertools.chain([first], loaded)
    target = format_of(output, to)
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
            written = write_records(records(), stream, target, settings.max_bytes)
    where = "" if str(output) == "-" else f" to {output}"
    lost = f"; {losses} kinds of data left out (listed above)" if losses else ""
    from ..engine.describe import plural

    stderr(f"converted {plural(written, 'record')}{where}{lost}")


# --- fmt ------------------------------------------------------------------------------


@click.command("fmt")
@click.argument("paths", nargs=-1, required=True, type=INPUTS)
@click.option(
    "--check", is_flag=True, help="Only check: exit 1 if any file would change."
)
@click.pass_obj
def fmt_command(settings: Settings, paths: tuple[Path, ...], check: bool) -> None:
    """Rewrite records in canonical form, atomically (JSON, JSONL or text).

    The canonical form is byte-stable (docs/notation.md section 9), so equal
    games give equal files. With --check nothing is written, and the exit code
    is 1 if any file is not canonical. A file holding a bad record, or one
    whose canonical form would pass --max-bytes, is left as it is, said why
    and counted (exit 1 if invalid or too large, 2 if unreadable). - reads standard input and
    writes the canonical form to standard output.
    """
    from ..engine.describe import plural
    from ..record.files.sources import find_files
    from .util import canonical_copy

    changed = same = left = code = 0
    for path in find_files(paths):
        problem, differs = canonical_copy(path, settings.max_bytes, write=not check)
        if problem:
            code = max(code, problem)
            left += str(path) != "-"
        elif str(path) == "-":
            code = max(code, EXIT_PROBLEM if check and differs else 0)
        elif differs:
            changed += 1
            click.echo(f"would reformat {path}" if check else f"reformatted {path}")
        else:
            same += 1
    verb = "would be reformatted" if check else "reformatted"
    kept = f", {left} left as {'they are' if left > 1 else 'it is'} (above)" * bool(
        left
    )
    stderr(f"{plural(changed, 'file')} {verb}, {same} already canonical{kept}")
    if check and changed:
        code = max(code, EXIT_PROBLEM)
    sys.exit(code)


# --- schema -----------------------------------------------------------------------


@click.command()
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
    from ..record.json.schema import stale_schemas, write_schemas

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
