"""``show``: the game turn by turn, or one position of it.

Registered on the group in :mod:`casino_records.cli.main`; like it, it imports the
engine only when it runs.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..i18n import Translator
from ..record.format.pointer import move_pointer
from .exits import EXIT_PROBLEM, stderr
from .options import INPUT_FILE, Settings

if TYPE_CHECKING:
    from ..record.format.models import GameRecord
from .positions import ASCII_OPTION, RECORD_OPTION, echo, find_position, replayed

__all__ = ["show"]


def _hands_option(
    seat: int | None, all_hands: bool, no_hands: bool, t: Translator
) -> Any:
    if sum((seat is not None, all_hands, no_hands)) > 1:
        raise click.UsageError(
            t.gettext("choose one of --seat, --all-hands and --no-hands")
        )
    if no_hands:
        return "none"
    return seat if seat is not None else "all"


def _notes(record: GameRecord) -> dict[str, str]:
    """The glyphs and comments of the moves, by JSON pointer."""
    notes = {}
    for d, deal in enumerate(record.deals):
        for r, round_ in enumerate(deal.rounds):
            for k, move in enumerate(round_.moves):
                parts = [
                    move.glyph or "",
                    f"{{{move.comment}}}" if move.comment else "",
                ]
                text = " ".join(p for p in parts if p)
                if text:
                    notes[move_pointer(d, r, k)] = text
    return notes


def _warn_invalid(report: Any, t: Translator) -> None:
    from ..check.outcome import first_problem

    if not report.valid:
        said = t.gettext("invalid record: {problem}; the replay stops there")
        stderr(said.format(problem=first_problem(report)))


@click.command()
@click.argument("path", type=INPUT_FILE)
@click.option("--deal", type=click.IntRange(1), help="Only this deal (1 = the first).")
@click.option(
    "--move",
    type=click.IntRange(0),
    help="Show the position after this move of the deal: moves count from 1"
    " across its rounds, as in the text notation (0 = the deal's start).",
)
@click.option("--at", help="Show the position at this JSON pointer instead.")
@click.option("--seat", type=click.IntRange(0), help="Show only this seat's hand.")
@click.option("--all-hands", is_flag=True, help="Show every hand (the default).")
@click.option("--no-hands", is_flag=True, help="Show no hand.")
@RECORD_OPTION
@ASCII_OPTION
@click.pass_obj
def show(
    settings: Settings,
    path: Path,
    deal: int | None,
    move: int | None,
    at: str | None,
    seat: int | None,
    all_hands: bool,
    no_hands: bool,
    number: int | None,
    ascii_: bool,
) -> None:
    """Show the game turn by turn, or one position of it.

    "deal 1, move 4" is --deal 1 --move 4: the position right after the 4th
    move of the first deal (moves count from 1 across the deal's rounds, as in
    the text notation and the viewer; --move 0 is the deal's start). Without
    --move, every move of the deal (or of every deal) is listed with the table
    after it. Exit code 1 if the record is invalid (shown up to its error).
    """
    from ..present.render import deal_text, position_text

    t = settings.translator
    hands = _hands_option(seat, all_hands, no_hands, t)
    label, record, result = replayed(settings, path, number)
    names = [p.name for p in record.players]
    if seat is not None and seat >= len(names):
        said = t.gettext("seat {seat} does not exist (seats 0 to {last})")
        raise click.BadParameter(
            said.format(seat=seat, last=len(names) - 1), param_hint="--seat"
        )
    positions = {kept[0].deal: kept for kept in result.positions if kept}
    if move is not None or at is not None:
        position = find_position(record, positions, deal, move, at, t=t)
        echo(position_text(position, names, hands=hands, t=t), ascii_)
    else:
        reports = {d.index: d for d in result.report.deals}
        chosen = [deal - 1] if deal is not None else sorted(positions)
        if deal is not None and deal - 1 not in positions:
            find_position(record, positions, deal, None, None, t=t)
        notes = _notes(record)
        for d in chosen:
            text = deal_text(
                positions[d],
                names,
                reports.get(d),
                hands=hands,
                notes=notes,
                t=t,
            )
            echo(text + "\n", ascii_)
        match = result.report.match
        if deal is None and match is not None:
            from ..engine.describe import result_text

            sides = result.report.sides
            why = match.reason_text(t, names, sides)
            said = result_text(sides, match.totals, match.winner, why, t=t)
            echo(t.gettext("Match result: {result}").format(result=said) + "\n", ascii_)
    _warn_invalid(result.report, t)
    sys.exit(0 if result.report.valid else EXIT_PROBLEM)
