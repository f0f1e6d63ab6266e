"""``schema``: the JSON Schema files written (or checked), generated from the models."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .exits import EXIT_PROBLEM, stderr

__all__ = ["schema"]


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
