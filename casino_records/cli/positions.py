"""What ``show`` and ``legal`` share: the options that pick a record and spell cards, a position found by deal, move or pointer."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from .inputs import load_one
from .options import Settings

if TYPE_CHECKING:
    from ..check.replay import ReplayPosition
    from ..record.format.models import GameRecord

__all__ = ["ASCII_OPTION", "RECORD_OPTION", "echo", "find_position", "replayed"]


RECORD_OPTION = click.option(
    "--record",
    "number",
    type=click.IntRange(1),
    help="In an archive, the record to use (1 = the first).",
)


ASCII_OPTION = click.option(
    "--ascii", "ascii_", is_flag=True, help="Write cards as 10D rather than 10♦."
)


def find_position(
    record: GameRecord,
    positions: dict[int, list[ReplayPosition]],
    deal: int | None,
    index: int | None,
    at: str | None,
    *,
    before: bool = False,
) -> ReplayPosition:
    """The position after ``index`` moves of ``deal`` (from 1), or at pointer ``at``.

    ``before``: ``index`` is a move number whose position before it is wanted
    (``legal --move M``); the error then names moves, not positions.
    """
    if at is not None and (deal is not None or index is not None):
        raise click.UsageError(
            "--at names a position by itself: give --at, or --deal and --move"
        )
    if at is not None:
        for kept in positions.values():
            for position in kept:
                if position.loc == at.rstrip("/"):
                    return position
        raise click.BadParameter(
            f"no position at {at!r}; use a move's pointer such as"
            " /deals/0/rounds/1/moves/3, or a deal's such as /deals/0 (its end)",
            param_hint="--at",
        )
    d = (deal or 1) - 1
    if d not in positions:
        known = ", ".join(str(k + 1) for k in sorted(positions)) or "none"
        unplayed = d < len(record.deals) and not record.deals[d].rounds
        why = (
            f"deal {d + 1} is recorded up to its table: no hand is known yet"
            if unplayed
            else f"no deal {d + 1} to show (deals replayed: {known})"
        )
        raise click.BadParameter(why, param_hint="--deal")
    kept = positions[d]
    wanted = index or 0
    if not 0 <= wanted < len(kept):
        last = kept[-1]
        why = (
            "the end of the deal"
            if last.finished
            else "where the replay stops"
            if last.last is None or last.index
            else ""
        )
        moves = len(kept) - 1
        choices = (
            f"moves 1 to {len(kept)} ({len(kept)} = after the last: {why or 'none'})"
            if before
            else f"moves 0 to {moves} (0 = its start, {moves} = {why or 'the last'})"
        )
        raise click.BadParameter(f"deal {d + 1} has {choices}", param_hint="--move")
    return kept[wanted]


def replayed(
    settings: Settings, path: Path, number: int | None
) -> tuple[str, GameRecord, Any]:
    """Record ``number`` of ``path``, replayed with its positions kept, in its source's terms."""
    from ..check.outcome import in_source_terms
    from ..check.replay import replay
    from ..record.format.readnotes import ReadNotes

    notes = ReadNotes()
    label, record = load_one(path, settings.max_bytes, number, notes)
    result = replay(record, positions=True, source=label)
    in_source_terms(result.report, notes)
    return label, record, result


def echo(text: str, ascii_: bool) -> None:
    """Print a result; ``--ascii`` writes suits as letters (``10♦`` as ``10D``)."""
    if ascii_:
        from ..engine.cards import Suit

        text = text.translate({ord(suit.symbol): suit.value for suit in Suit})
    click.echo(text, nl=False)
