"""What ``show`` and ``legal`` share: the options that pick a record and spell cards, a position found by deal, move or pointer."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..i18n import ENGLISH, Translator
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
    t: Translator = ENGLISH,
) -> ReplayPosition:
    """The position after ``index`` moves of ``deal`` (from 1), or at pointer ``at``.

    ``before``: ``index`` is a move number whose position before it is wanted
    (``legal --move M``); the error then names moves, not positions. The
    errors are in ``t``'s language.
    """
    if at is not None and (deal is not None or index is not None):
        raise click.UsageError(
            t.gettext(
                "--at names a position by itself: give --at, or --deal and --move"
            )
        )
    if at is not None:
        for kept in positions.values():
            for position in kept:
                if position.loc == at.rstrip("/"):
                    return position
        raise click.BadParameter(
            t.gettext(
                "no position at {pointer}; use a move's pointer such as"
                " /deals/0/rounds/1/moves/3, or a deal's such as /deals/0 (its end)"
            ).format(pointer=repr(at)),
            param_hint="--at",
        )
    d = (deal or 1) - 1
    if d not in positions:
        known = ", ".join(str(k + 1) for k in sorted(positions)) or t.gettext("none")
        unplayed = d < len(record.deals) and not record.deals[d].rounds
        why = (
            t.gettext("deal {deal} is recorded up to its table: no hand is known yet")
            if unplayed
            else t.gettext("no deal {deal} to show (deals replayed: {known})")
        )
        raise click.BadParameter(
            why.format(deal=d + 1, known=known), param_hint="--deal"
        )
    kept = positions[d]
    wanted = index or 0
    if not 0 <= wanted < len(kept):
        raise click.BadParameter(_moves_known(kept, d, before, t), param_hint="--move")
    return kept[wanted]


def _moves_known(
    kept: list[ReplayPosition], d: int, before: bool, t: Translator
) -> str:
    """The moves a deal has, for an error naming one it has not."""
    last = kept[-1]
    end = (
        t.gettext("the end of the deal")
        if last.finished
        else t.gettext("where the replay stops")
        if last.last is None or last.index
        else ""
    )
    if before:
        said = t.gettext(
            "deal {deal} has moves 1 to {last} ({last} = after the last: {end})"
        )
        return said.format(deal=d + 1, last=len(kept), end=end or t.gettext("none"))
    said = t.gettext(
        "deal {deal} has moves 0 to {last} (0 = its start, {last} = {end})"
    )
    return said.format(deal=d + 1, last=len(kept) - 1, end=end or t.gettext("the last"))


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
