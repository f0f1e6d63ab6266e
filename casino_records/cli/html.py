"""``html``: a game as one self-contained HTML page, to share or put online."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..present.status_words import status_word
from .exits import EXIT_PROBLEM, stderr
from .inputs import load_one, same_file
from .options import INPUT_FILE, OUTPUT, Settings
from .outputs import atomic_output

__all__ = ["html_command"]


@click.command("html")
@click.argument("path", metavar="GAME", type=INPUT_FILE)
@click.option(
    "-o",
    "--output",
    type=OUTPUT,
    help="The page to write; - for stdout [default: GAME with the suffix .html].",
)
@click.option(
    "--record",
    "number",
    type=click.IntRange(1),
    help="In an archive, the record to use (1 = the first).",
)
@click.option("--seat", type=click.IntRange(0), help="Only this seat's hand face up.")
@click.option("--no-hands", is_flag=True, help="Every hand face down.")
@click.option(
    "--try-moves",
    is_flag=True,
    help="At each position, every other legal move too, played out by the bot to"
    " the end of the deal (a page several times larger).",
)
@click.pass_obj
def html_command(
    settings: Settings,
    path: Path,
    output: Path | None,
    number: int | None,
    seat: int | None,
    no_hands: bool,
    try_moves: bool,
) -> None:
    """Write GAME as one HTML page that opens in any browser, with no server.

    The page holds everything inline (pictures, script, style; nothing is
    fetched): the table move by move with the viewer's keys, move list and
    links (#deal=1&move=12), and the verdict of a disputed or invalid record
    above the board. Every hand is face up unless --seat or --no-hands says
    otherwise. With --try-moves, each position also offers the other legal
    moves, each a line the bot plays to the end of the deal. Exit code 1 if the record is disputed or invalid (the page is
    written all the same).
    """
    from ..present.offline import offline_page
    from ..present.viewmodel import NONE, build_game

    if seat is not None and no_hands:
        raise click.UsageError("choose one of --seat and --no-hands")
    if output is None:
        if str(path) == "-":
            output = Path("-")
        else:
            output = path.with_suffix(".html")
    if same_file(path, output):
        raise click.UsageError(f"-o {output} is the input; name another file")
    label, record = load_one(path, settings.max_bytes, number)
    if seat is not None and seat >= len(record.players):
        raise click.BadParameter(
            f"the game has seats 0 to {len(record.players) - 1}", param_hint="--seat"
        )
    perspective = NONE if no_hands else "all" if seat is None else f"seat{seat}"
    game = build_game(record, source=label)
    page = offline_page(
        game,
        perspective=perspective,
        t=settings.translator,
        tries=try_moves,
        name="record" if str(path) == "-" else path.name,
    ).encode("utf-8")
    with atomic_output(output) as stream:
        stream.write(page)
    status = game.report.status
    if str(output) != "-":
        t = settings.translator
        stderr(
            t.gettext("wrote {path} ({size} KiB; the record is {status})").format(
                path=output,
                size=len(page) // 1024,
                status=status_word(status, t),
            )
        )
    sys.exit(0 if status == "ok" else EXIT_PROBLEM)
