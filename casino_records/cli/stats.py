"""``stats``: rates and rankings from the results folder ``bulk`` wrote, read with DuckDB."""

from __future__ import annotations

from pathlib import Path

import click

from ..i18n import ENGLISH
from .exits import UnreadableInput
from .options import Settings
from .scale_extra import need_scale

__all__ = ["stats"]


@click.command()
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option(
    "--sql",
    metavar="QUERY",
    help="Run this DuckDB query over the views `records` and `findings` instead.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text for people; json for scripts.",
)
def stats(folder: Path, sql: str | None, fmt: str) -> None:
    """Rates and rankings from the results folder `bulk` wrote, read with DuckDB.

    The dispute and invalid rates, the most disputed categories and the rules
    most often broken, overall and per preset and player count. With --sql,
    any query over the views `records` and `findings` (the columns are listed
    in docs/cli.md).
    """
    need_scale("stats")
    from ..present.stats import sql_text, stats_json, stats_text
    from ..scale.query import QueryError, run_sql
    from ..scale.query import stats as compute
    from ..scale.results import ResultsError

    try:
        if sql is not None:
            try:
                answer = run_sql(folder, sql)
            except QueryError as exc:
                raise click.UsageError(f"--sql: {exc}") from None
            click.echo(sql_text(answer, fmt), nl=False)
            return
        found = compute(folder)
    except ResultsError as exc:
        raise UnreadableInput(str(exc)) from None
    if fmt == "json":
        click.echo(stats_json(found), nl=False)
    else:
        group = click.get_current_context().find_object(Settings)
        t = group.translator if group is not None else ENGLISH
        click.echo(stats_text(found, t), nl=False)
