"""``convert``: records from one form to another (JSON, JSONL, the text notation, CSV)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import click

from .exits import stderr
from .inputs import same_file
from .options import INPUT_FILE, OUTPUT, Settings
from .outputs import atomic_output, format_of, write_records

if TYPE_CHECKING:
    from ..record.csvexport import Target
    from ..record.format.models import GameRecord

__all__ = ["convert"]


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
    from ..present.score_csv import write_csv
    from ..record.csvexport import loss_report
    from ..record.files.sources import find_files
    from .inputs import load_records

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
