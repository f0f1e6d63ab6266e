"""``legal``: every legal move before a move ("could I have ...?").

Registered on the group in :mod:`casino_records.cli.main`; like it, it imports the
engine only when it runs.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from .exits import EXIT_PROBLEM
from .options import INPUT_FILE, Settings
from .positions import ASCII_OPTION, RECORD_OPTION, echo, find_position, replayed

__all__ = ["legal"]


@click.command()
@click.argument("path", type=INPUT_FILE)
@click.option("--deal", type=click.IntRange(1), help="The deal (1 = the first).")
@click.option(
    "--move",
    type=click.IntRange(1),
    help="The moves this move of the deal was chosen from (moves count from 1"
    " across its rounds).",
)
@click.option(
    "--at", help="At this JSON pointer instead, e.g. /deals/0/rounds/1/moves/2."
)
@click.option(
    "--why",
    is_flag=True,
    help="Also say which moves of the hand the rules bar, each with its rule.",
)
@RECORD_OPTION
@ASCII_OPTION
@click.pass_obj
def legal(
    settings: Settings,
    path: Path,
    deal: int | None,
    move: int | None,
    at: str | None,
    why: bool,
    number: int | None,
    ascii_: bool,
) -> None:
    """List every legal move before a move: "could I have ...?".

    Each legal move is shown with what it would do (capture, create, extend or
    increase a build). The recorded move is marked; exit code 1 if it is not
    among the legal moves. With --why, the moves missing from the list are
    explained: each card whose trail is barred, with the rule (R9.2 an owner
    may not trail, R9.3 …), a card with no legal move, and the rule an illegal
    recorded move breaks.
    """
    from ..engine.describe import move_text
    from ..engine.movegen import generate_legal_moves
    from ..engine.play import apply_move
    from ..present.render import legal_text
    from ..record.format.pointer import move_at
    from ..record.format.translate import to_engine

    t = settings.translator
    if at is None and (deal is None or move is None):
        raise click.UsageError(
            t.gettext("say where: --deal D --move M, or --at POINTER")
        )
    label, record, result = replayed(settings, path, number)
    names = [p.name for p in record.players]
    positions = {kept[0].deal: kept for kept in result.positions if kept}
    index = None if move is None else move - 1
    position = find_position(record, positions, deal, index, at, before=True, t=t)
    state = position.state
    options = [apply_move(state.copy(), m) for m in generate_legal_moves(state)]
    recorded: Any = None
    played = None
    text = ""
    recorded_at = move_at(position.loc)
    if recorded_at is not None:
        d, r, k = recorded_at
        played = to_engine(record.deals[d].rounds[r].moves[k])
        text = t.gettext("{name} (seat {seat}): {move}").format(
            name=names[played.seat], seat=played.seat, move=move_text(played)
        )
        recorded = next((s for s in options if s.move == played), "illegal")
    echo(
        legal_text(
            position,
            names,
            options,
            recorded,
            recorded_text=text,
            why=why,
            recorded_move=played,
            t=t,
        ),
        ascii_,
    )
    sys.exit(EXIT_PROBLEM if recorded == "illegal" else 0)
