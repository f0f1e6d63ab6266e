"""A record replayed once for the viewer, and where its JSON pointers lead.

Positions are addressed as ``(deal, step)``: ``deal`` is 0-based, and the
steps of a deal are its start (``0``), the position right after each move
(``12`` after move 12: the moves of a deal count from 1 across its rounds, as
in the text notation and ``show --move``), then, for a finished deal, its end
steps (:data:`END_STEPS`): the residue going to the last capturer (when cards
were left on the table) and the deal's score. A link names a step by
:meth:`Game.step_label`: the move number, ``residue`` or ``score``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from ...check.explain.dispute import explain
from ...check.explain.explanation import Explanation
from ...check.replay import Replay, ReplayPosition, replay
from ...check.report import DealReport, ReplayReport
from ...engine.describe import move_text, side_names
from ...i18n import ENGLISH, Translator
from ...record.format.models import GameRecord
from ...record.format.models import MoveRecord as NotationMove
from ...record.format.pointer import below, deal_at, move_at, pointer
from ...record.format.translate import to_engine

__all__ = [
    "END_STEPS",
    "Game",
    "StepKind",
    "build_game",
    "locate",
    "move_number",
    "place_text",
    "recorded_move",
    "recorded_text",
]


class StepKind(StrEnum):
    """What a step of a deal shows (equal to its text, which links name)."""

    MOVE = "move"
    """The start of the deal, or the position right after a move."""
    RESIDUE = "residue"
    """The cards left on the table going to the last capturer."""
    SCORE = "score"
    """The deal's score."""


END_STEPS: Final = (StepKind.RESIDUE, StepKind.SCORE)
"""The steps after a finished deal's last move, in order (``residue`` only when
cards were left on the table)."""


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
    ends: dict[int, tuple[StepKind, ...]] = field(default_factory=dict)
    """Each deal's end steps (of :data:`END_STEPS`; none for an unfinished deal)."""

    @property
    def report(self) -> ReplayReport:
        """The replay report."""
        return self.replayed.report

    @property
    def deals(self) -> list[int]:
        """The deals that can be shown (0-based), in order."""
        return sorted(self.positions)

    def moves(self, deal: int) -> int:
        """How many moves of the deal can be shown (its positions less one)."""
        return len(self.positions[deal]) - 1

    def last_step(self, deal: int) -> int:
        """The deal's last step: its score, or the last move of an unfinished deal."""
        return self.moves(deal) + len(self.ends.get(deal, ()))

    def step_kind(self, deal: int, step: int) -> StepKind:
        """``move`` (the start or the position after a move), ``residue`` or ``score``."""
        moves = self.moves(deal)
        return StepKind.MOVE if step <= moves else self.ends[deal][step - moves - 1]

    def step_label(self, deal: int, step: int) -> str:
        """A step's name in links: the move number (0 = the start), ``residue``, ``score``."""
        kind = self.step_kind(deal, step)
        return str(step) if kind == StepKind.MOVE else kind.value

    def step_of(self, deal: int, label: str) -> int | None:
        """The step a link's label names in ``deal`` (see :meth:`step_label`).

        A move number past the deal's last move is its last step; an end step
        the deal does not have (no residue) is the nearest end step there is;
        anything else is None.
        """
        if label.isdigit() and label.isascii():
            return min(int(label), self.last_step(deal))
        ends = self.ends.get(deal, ())
        if label in ends:
            return self.moves(deal) + 1 + ends.index(label)
        if label in END_STEPS:
            return self.last_step(deal)
        return None

    def piled(self, deal: int) -> bool:
        """True for a deal given by its piles (no moves: its only position is its
        end, docs/notation.md §6.6)."""
        return self.record.deals[deal].piles is not None

    def last_capturer(self, deal: int) -> int | None:
        """The seat a piled deal's piles say made its last capture, if any."""
        piles = self.record.deals[deal].piles
        return None if piles is None else piles.last_capture

    def explanations(self, t: Translator = ENGLISH) -> list[Explanation]:
        """What probably went wrong (the report's explanations), in ``t``'s
        language: English as the replay made them, another language explained
        again in it."""
        found = self.report.explanations
        if not found or t.code == ENGLISH.code:
            return found
        return explain(self.record, self.replayed, t=t)

    def deal_report(self, deal: int) -> DealReport | None:
        """The report of deal ``deal``, if it was replayed."""
        reports = [d for d in self.report.deals if d.index == deal]
        return reports[0] if reports else None


def build_game(record: GameRecord, source: str = "") -> Game:
    """Replay ``record`` once, keeping every position (the viewer's cache entry).

    A disputed record's report also gets its explanations
    (:func:`casino_records.check.explain.dispute.explain`), which the verdict leads with.
    """
    replayed = replay(record, positions=True, source=source)
    if replayed.report.disputed and replayed.report.valid:
        replayed.report.explanations = explain(record, replayed)
    names = tuple(p.name for p in record.players)
    sides = tuple(replayed.report.sides) or tuple(
        side_names(names, [record.side_of(s) for s in range(len(names))])
    )
    positions = {kept[0].deal: kept for kept in replayed.positions if kept}
    ends = {deal: _end_steps(kept) for deal, kept in positions.items()}
    return Game(record, replayed, names, sides, positions, ends)


def _end_steps(kept: list[ReplayPosition]) -> tuple[StepKind, ...]:
    state = kept[-1].state
    if not state.finished:
        return ()
    return END_STEPS if state.residue else END_STEPS[1:]


def locate(game: Game, loc: str) -> tuple[int, int] | None:
    """The step a JSON pointer leads to.

    A move's pointer leads to the position right after the move (the move just
    made); a move that was never played (the illegal one) to the position
    before it. A deal's own pointer (it names the residue) leads to the
    residue step; a deal's claimed score, and a claim about the whole match
    (``/claimed/...``, on the last deal), to the deal's score; anything else in
    a deal to its last step. None when that deal cannot be shown.
    """
    move = move_at(loc)
    if move is not None:
        deal, round_, index = move
        at = pointer("deals", deal, "rounds", round_, "moves", index)
        kept = game.positions.get(deal, [])
        for i, position in enumerate(kept):
            if position.last_loc == at:
                return deal, i
        for i, position in enumerate(kept):
            if position.loc == at:
                return deal, i
        return (deal, len(kept) - 1) if kept else None
    in_deal = deal_at(loc)
    if in_deal is not None:
        if in_deal not in game.positions:
            return None
        if loc == pointer("deals", in_deal) and StepKind.RESIDUE in game.ends[in_deal]:
            return in_deal, game.moves(in_deal) + 1
        return in_deal, game.last_step(in_deal)
    if below(loc, pointer("claimed")) and game.deals:
        deal = game.deals[-1]
        return deal, game.last_step(deal)
    return None


def move_number(game: Game, loc: str) -> tuple[int, int, int] | None:
    """``(deal, round, number)`` of the move at a move pointer: 0-based deal
    and round, the move's number in its deal from 1 (see docs/notation.md)."""
    found = move_at(loc)
    if found is None:
        return None
    d, r, k = found
    deals = game.record.deals
    if d >= len(deals) or r >= len(deals[d].rounds):
        return None
    return d, r, sum(len(rounds.moves) for rounds in deals[d].rounds[:r]) + k + 1


def place_text(game: Game, loc: str, where: str, t: Translator = ENGLISH) -> str:
    """A finding's place in the viewer's words: ``deal 1, move 11 (round 2)`` for a
    move, numbered as the move list is; else ``where`` as the report says it."""
    found = move_number(game, loc)
    if found is None:
        return where
    deal, round_, number = found
    return t.gettext("deal {deal}, move {move} (round {round})").format(
        deal=deal + 1, move=number, round=round_ + 1
    )


def recorded_text(game: Game, loc: str, t: Translator = ENGLISH) -> str | None:
    """The record's move at a move pointer in words: ``Ana: 4♥ trails``."""
    notation = recorded_move(game, loc)
    if notation is None:
        return None
    try:
        move = to_engine(notation)
    except ValueError:  # pragma: no cover - the record was validated
        return None
    name = game.names[move.seat] if move.seat < len(game.names) else "?"
    return f"{name}: {move_text(move, t=t)}"


def recorded_move(game: Game, loc: str) -> NotationMove | None:
    """The notation move at a move pointer, if there is one."""
    found = move_at(loc)
    if found is None:
        return None
    d, r, k = found
    try:
        return game.record.deals[d].rounds[r].moves[k]
    except IndexError:
        return None
