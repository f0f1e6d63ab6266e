"""A record replayed once for the viewer, and where its JSON pointers lead.

Positions are addressed as ``(deal, move)``: ``deal`` is 0-based here, ``move``
is the number of moves of the deal played so far, so ``move = 12`` is the
position right after the deal's 12th move and ``move = 0`` its start.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

from ...check.replay import Replay, ReplayPosition, replay
from ...check.report import DealReport, ReplayReport
from ...engine.describe import move_text, side_names
from ...record.models import GameRecord
from ...record.models import MoveRecord as NotationMove
from ...record.translate import to_engine

__all__ = [
    "Game",
    "MOVE_POINTER",
    "build_game",
    "locate",
    "recorded_move",
    "recorded_text",
]

MOVE_POINTER: Final = re.compile(r"^/deals/(\d+)/rounds/(\d+)/moves/(\d+)")
"""A JSON pointer to a recorded move (or below it); groups: deal, round, move."""
_DEAL_POINTER: Final = re.compile(r"^/deals/(\d+)")


@dataclass(slots=True)
class Game:
    """A record replayed once, with every position of every deal kept."""

    record: GameRecord
    """The record."""
    replayed: Replay
    """The replay (report and positions)."""
    names: tuple[str, ...]
    """Player names by seat."""
    sides: tuple[str, ...]
    """Side names by side."""
    positions: dict[int, list[ReplayPosition]] = field(default_factory=dict)
    """The positions of each deal that can be shown, by 0-based deal index."""

    @property
    def report(self) -> ReplayReport:
        """The replay report."""
        return self.replayed.report

    @property
    def deals(self) -> list[int]:
        """The deals that can be shown (0-based), in order."""
        return sorted(self.positions)

    def last_move(self, deal: int) -> int:
        """The last ``move`` of a deal (its number of positions less one)."""
        return len(self.positions[deal]) - 1

    def deal_report(self, deal: int) -> DealReport | None:
        """The report of deal ``deal``, if it was replayed."""
        reports = [d for d in self.report.deals if d.index == deal]
        return reports[0] if reports else None


def build_game(record: GameRecord, source: str = "") -> Game:
    """Replay ``record`` once, keeping every position (the viewer's cache entry)."""
    replayed = replay(record, positions=True, source=source)
    names = tuple(p.name for p in record.players)
    sides = tuple(replayed.report.sides) or tuple(
        side_names(names, [record.side_of(s) for s in range(len(names))])
    )
    positions = {kept[0].deal: kept for kept in replayed.positions if kept}
    return Game(record, replayed, names, sides, positions)


def locate(game: Game, loc: str) -> tuple[int, int] | None:
    """The position a JSON pointer leads to.

    A move's pointer leads to the position right after the move (the move just
    made); a move that was never played (the illegal one) to the position
    before it; a deal's pointer (its claimed score, its residue) to the deal's
    end. None when that deal cannot be shown.
    """
    move = MOVE_POINTER.match(loc)
    if move is not None:
        deal = int(move.group(1))
        pointer = move.group(0)
        kept = game.positions.get(deal, [])
        for i, position in enumerate(kept):
            if position.last_loc == pointer:
                return deal, i
        for i, position in enumerate(kept):
            if position.loc == pointer:
                return deal, i
        return (deal, len(kept) - 1) if kept else None
    found = _DEAL_POINTER.match(loc)
    if found is not None:
        deal = int(found.group(1))
        if deal in game.positions:
            return deal, game.last_move(deal)
    return None


def recorded_text(game: Game, loc: str) -> str | None:
    """The record's move at a move pointer in words: ``Ana: 4♥ trails``."""
    notation = recorded_move(game, loc)
    if notation is None:
        return None
    try:
        move = to_engine(notation)
    except ValueError:  # pragma: no cover - the record was validated
        return None
    name = game.names[move.seat] if move.seat < len(game.names) else "?"
    return f"{name}: {move_text(move)}"


def recorded_move(game: Game, loc: str) -> NotationMove | None:
    """The notation move at a move pointer, if there is one."""
    found = MOVE_POINTER.match(loc)
    if found is None:
        return None
    d, r, k = (int(g) for g in found.groups())
    try:
        return game.record.deals[d].rounds[r].moves[k]
    except IndexError:
        return None
