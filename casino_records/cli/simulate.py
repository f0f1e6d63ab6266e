"""``simulate``: whole matches played by the bots, written as records.

Registered on the group in :mod:`casino_records.cli.main`; like it, it imports the
engine only when it runs.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..errors import RulesError
from ..i18n import ENGLISH, Translator
from ..record.files.kinds import MAX_RECORD_BYTES
from .exits import stderr
from .options import Format, Settings, option_setting
from .outputs import atomic_output, format_of, write_records

if TYPE_CHECKING:
    from ..record.format.models import GameRecord

__all__ = ["simulate"]


def _first_message(exc: ValueError) -> str:
    errors = getattr(exc, "errors", None)
    if callable(errors):
        first = errors()[0]
        return str(first["msg"]).removeprefix("Value error, ")
    return str(exc)


@click.command()
@click.option(
    "--preset",
    type=click.Choice(["classic", "royal", "dominican"]),
    required=True,
    help="The rules preset.",
)
@click.option("--players", type=click.IntRange(2, 4), required=True, help="2, 3 or 4.")
@click.option("--teams", is_flag=True, help="Two partnerships (4 players).")
@click.option("--games", type=click.IntRange(1), default=1, show_default=True)
@click.option(
    "--seed", default="0", show_default=True, help="Seed of the shuffles and bots."
)
@click.option(
    "--bot",
    "bots",
    type=click.Choice(["random", "greedy"]),
    multiple=True,
    help="Bot kind; repeat to give the seats different bots in turn [default: random].",
)
@click.option(
    "--provenance",
    type=click.Choice(["seed", "deck", "hands", "inferred"]),
    default="seed",
    show_default=True,
    help="How the cards of each deal are recorded.",
)
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="NAME=VALUE",
    help="A rules option (casino-records rules lists them); repeat for more.",
)
@click.option(
    "-o",
    "--output",
    "output_name",
    type=click.Path(allow_dash=True),
    required=True,
    help="A .json file, a .jsonl or .txt archive, a folder (ending in /), or -.",
)
@click.option(
    "--to",
    type=click.Choice(["json", "jsonl", "text"]),
    help="The format [default: from OUT's suffix; - gives json for one game, else jsonl].",
)
def simulate(
    preset: str,
    players: int,
    teams: bool,
    games: int,
    seed: str,
    bots: tuple[str, ...],
    provenance: str,
    options: tuple[str, ...],
    output_name: str,
    to: str | None,
) -> None:
    """Play whole matches with bots and write them as records.

    One game goes to a .json file; several to a .jsonl (or .txt) archive, or
    to a folder, one file per game. Game K of several uses the seed SEED-K.
    """
    from ..record.simulate import simulate_record

    group = click.get_current_context().find_object(Settings)
    limit = group.max_bytes if group is not None else MAX_RECORD_BYTES
    t = group.translator if group is not None else ENGLISH
    settings = dict(map(option_setting, options))

    def game(k: int) -> GameRecord:

        game_seed = seed if games == 1 else f"{seed}-{k + 1}"
        return simulate_record(
            preset,
            players,
            teams=teams,
            options=settings,
            seed=game_seed,
            bots=bots or ("random",),
            provenance=provenance,  # type: ignore[arg-type]
        )

    try:
        first = game(0)
    except RulesError as exc:
        if exc.loc != "/teams":
            raise click.UsageError(_first_message(exc)) from None
        fix = (
            t.gettext("--teams needs --players 4")
            if teams
            else t.gettext("add --teams")
        )
        raise click.UsageError(f"{exc.message}: {fix}") from None
    except ValueError as exc:
        raise click.UsageError(_first_message(exc)) from None
    records = (first if k == 0 else game(k) for k in range(games))
    output = Path(output_name)
    folder = output_name.endswith(("/", os.sep)) or output.is_dir()
    if folder:
        output.mkdir(parents=True, exist_ok=True)
        text = to == "text"
        for record in records:
            name = f"{record.id}{'.txt' if text else '.json'}"
            with atomic_output(output / name) as stream:
                write_records([record], stream, "text" if text else "json", limit)
        stderr(_wrote(games, f"{output}/", t))
        return
    target: Format = "json" if games == 1 else "jsonl"
    if to is not None or str(output) != "-":
        target = format_of(output, to)
    if target == "csv":
        raise click.UsageError(
            t.gettext("simulate writes records: .json, .jsonl, .txt or a folder")
        )
    if target == "json" and games > 1:
        said = t.gettext(
            "--games {n} needs an archive (.jsonl or .txt) or a folder, not a .json file"
        )
        raise click.UsageError(said.format(n=games))
    with atomic_output(output) as stream:
        written = write_records(records, stream, target, limit)
    if str(output) != "-":
        stderr(_wrote(written, str(output), t))


def _wrote(games: int, where: str, t: Translator) -> str:
    said = t.ngettext("wrote {n} game to {where}", "wrote {n} games to {where}", games)
    return said.format(n=games, where=where)
