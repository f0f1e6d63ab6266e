"""What lies on the felt at a step, with the last move marked where it happened.

A step's felt is a row of :class:`FeltItem`: loose cards and builds, each card
with a mark. The move just made is drawn where it happened: a trailed card is
``played``; a build move marks its card ``played`` and the cards that joined
the build ``joined``; a capture keeps what it took in place as ghosts marked
``taken``, with the capturing card (``played``) in front of them. At the end of
a deal, the cards left on the table are marked ``residue``; an illegal move's
table cards are marked ``illegal``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from ...check.replay import ReplayPosition
from ...engine.cards import Card
from ...engine.moves import Build, MoveKind, Step
from ...engine.state import DealState

__all__ = [
    "MARKS",
    "FeltItem",
    "felt_after",
    "plain_felt",
    "table_before_residue",
]

MARKS: Final = ("played", "joined", "taken", "residue", "illegal")
"""The marks a card on the felt can carry (``""`` for none)."""


@dataclass(frozen=True, slots=True)
class FeltItem:
    """A loose card or a build on the felt."""

    cards: tuple[Card, ...]
    """The card, or the build's cards group by group."""
    marks: tuple[str, ...]
    """Each card's mark (one of :data:`MARKS`, or ``""``)."""
    build: Build | None = None
    """The build, for a build."""
    ghost: bool = False
    """True for what is no longer on the table: what a capture took (drawn
    where it was, faded) and the card that took it."""

    @property
    def marked(self) -> bool:
        """True when any of its cards is marked."""
        return any(self.marks)


def _loose(card: Card, mark: str = "", ghost: bool = False) -> FeltItem:
    return FeltItem((card,), (mark,), None, ghost)


def _build(build: Build, marks: Iterable[str] | None = None) -> FeltItem:
    cards = build.cards
    return FeltItem(cards, tuple(marks or ("",) * len(cards)), build)


def plain_felt(
    loose: Sequence[Card], builds: Sequence[Build], mark: str = ""
) -> tuple[FeltItem, ...]:
    """The table as it is, every card marked ``mark``."""
    return (
        *(_loose(card, mark) for card in loose),
        *(_build(build, (mark,) * len(build.cards)) for build in builds),
    )


def felt_after(
    before: DealState, step: Step, loose: Sequence[Card], builds: Sequence[Build]
) -> tuple[FeltItem, ...]:
    """The table after ``step`` (``loose`` and ``builds``), the move marked.

    ``before`` is the position the move was made from: a capture's ghosts are
    drawn in its order, where the cards lay.
    """
    played = step.move.card
    if step.kind is MoveKind.CAPTURE:
        return _capture(before, step, played)
    grown = step.build
    old = frozenset(step.previous.cards) if step.previous is not None else frozenset()
    items: list[FeltItem] = []
    for card in loose:
        trailed = step.kind is MoveKind.TRAIL and card == played
        items.append(_loose(card, "played" if trailed else ""))
    for build in builds:
        if grown is not None and build.id == grown.id:
            marks = (
                "played" if card == played else "" if card in old else "joined"
                for card in build.cards
            )
            items.append(_build(build, marks))
        else:
            items.append(_build(build))
    return tuple(items)


def _capture(before: DealState, step: Step, played: Card) -> tuple[FeltItem, ...]:
    taken = frozenset(step.taken)
    taken_builds = {build.id for build in step.builds_taken}
    items: list[FeltItem] = []
    capturer = [_loose(played, "played", ghost=True)]  # in front of the first taken

    def ghost(item: FeltItem) -> None:
        items.extend(capturer)
        capturer.clear()
        items.append(item)

    for card in before.loose:
        if card in taken:
            ghost(_loose(card, "taken", ghost=True))
        else:
            items.append(_loose(card))
    for build in before.builds:
        if build.id in taken_builds:
            marks = ("taken",) * len(build.cards)
            ghost(FeltItem(build.cards, marks, build, ghost=True))
        else:
            items.append(_build(build))
    return tuple(items)


def table_before_residue(
    kept: Sequence[ReplayPosition],
) -> tuple[list[Card], list[Build]]:
    """A finished deal's table right after its last move, before the residue went.

    The engine hands the residue out as part of the last move; the viewer shows
    the two apart. The builds come from the position before the last move and
    what the move did to them; the loose cards are the residue less the builds'
    cards (the residue lists the loose cards first, then the builds').
    """
    end = kept[-1]
    step = end.last
    residue = end.state.residue
    if step is None or len(kept) < 2:
        return list(residue), []
    gone = {build.id for build in step.builds_taken}
    builds: list[Build] = []
    for build in kept[-2].state.builds:
        if build.id in gone:
            continue
        changed = step.previous is not None and build.id == step.previous.id
        builds.append(step.build if changed and step.build is not None else build)
    if step.kind is MoveKind.CREATE and step.build is not None:
        builds.append(step.build)
    in_builds = {card for build in builds for card in build.cards}
    return [card for card in residue if card not in in_builds], builds
