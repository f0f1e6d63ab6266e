"""The deal's move list, and the legal alternatives at a turn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine.cards import BIG_CASINO, LITTLE_CASINO, Card, Suit
from ...engine.describe import cards_text, move_text, step_text
from ...engine.legality import verify_move
from ...engine.movegen import generate_legal_moves
from ...engine.moves import Move
from ...engine.play import apply_plan
from ...errors import IllegalMoveError
from ...i18n import ENGLISH, Translator
from .game import Game, StepKind, recorded_move

__all__ = [
    "Alternative",
    "MoveRow",
    "alternatives",
    "move_label",
    "move_rows",
]


@dataclass(frozen=True, slots=True)
class MoveRow:
    """One move of the deal, for the move list."""

    move: int
    """Its number in the deal, from 1: choosing it shows the position after it."""
    deal: int
    """The 0-based deal."""
    round: int
    """Its round, from 1."""
    player: str
    """Who played it."""
    text: str
    """The move without its player (``9♦ takes 4♠ 5♦``)."""
    kind: str
    """trail, capture, create, extend or increase."""
    sweep: bool
    """True for a sweep."""
    glyph: str | None
    """The record's glyph."""
    comment: str | None
    """The record's comment."""


def move_rows(game: Game, deal: int, t: Translator = ENGLISH) -> list[MoveRow]:
    """Every move of a deal played so far (in the record, up to the first error),
    in ``t``'s words."""
    rows = []
    for position in game.positions[deal][1:]:
        step = position.last
        assert step is not None
        notation = recorded_move(game, position.last_loc)
        rows.append(
            MoveRow(
                move=step.index + 1,
                deal=deal,
                round=step.round + 1,
                player=game.names[step.move.seat],
                text=move_text(step.move, t=t),
                kind=str(step.kind),
                sweep=step.sweep,
                glyph=None if notation is None else notation.glyph,
                comment=None if notation is None else notation.comment,
            )
        )
    return rows


def move_label(
    rows: Sequence[MoveRow],
    move: int,
    game: Game | None = None,
    *,
    opens: bool = False,
    t: Translator = ENGLISH,
) -> str:
    """The move list's label of step ``move`` (not escaped).

    ``0. Start of the deal``; ``12. Ben: 3♣ builds 8 onto 5♦ !?`` (the move
    number across the deal, as in the text notation); given the ``game``, a
    finished deal's end steps: ``Residue: 6 cards to Ana``, ``Deal score``.
    A step that ``opens`` a round's list (after the last move of the round
    before, with the new hands dealt): ``Round 2 dealt (after move 8)``.
    """
    if move == 0:
        return t.gettext("0. Start of the deal")
    if opens and move <= len(rows):
        return t.gettext("Round {n} dealt (after move {move})").format(
            n=rows[move - 1].round + 1, move=move
        )
    if move > len(rows):
        if game is None or not rows:
            return f"{move}."
        deal = rows[0].deal
        if game.step_kind(deal, move) == StepKind.SCORE:
            return t.gettext("Deal score")
        state = game.positions[deal][-1].state
        return residue_label(game, len(state.residue), state.residue_side, t)
    row = rows[move - 1]
    sweep = t.gettext(" (sweep)") if row.sweep else ""
    extra = "".join([sweep, f" {row.glyph}" if row.glyph else ""])
    return f"{row.move}. {row.player}: {row.text}{extra}"


def residue_label(
    game: Game, count: int, taker: int | None, t: Translator = ENGLISH
) -> str:
    """The move list's entry of the residue step: ``Residue: 6 cards to Ana``."""
    if taker is None:
        text = t.ngettext(
            "Residue: {n} card unclaimed", "Residue: {n} cards unclaimed", count
        )
        return text.format(n=count)
    text = t.ngettext(
        "Residue: {n} card to {side}", "Residue: {n} cards to {side}", count
    )
    return text.format(n=count, side=game.sides[taker])


@dataclass(frozen=True, slots=True)
class Alternative:
    """A legal move at a turn and what it would have done."""

    move: Move
    """The move."""
    text: str
    """The move in words (``9♦ takes 4♠ 5♦``)."""
    effect: str
    """What it would have done, in a sentence (:func:`describe.step_text`)."""
    takes: tuple[Card, ...]
    """The table cards it would have taken (captures)."""
    build: str
    """The build it would have left (``B2 = 8, single``), for build moves."""
    sweep: bool
    """True when it would have been a sweep."""
    played: bool
    """True for the move the record plays here."""

    def row(self, t: Translator = ENGLISH) -> dict[str, str | int]:
        """The alternative as a table row, its columns named in ``t``'s
        language (not escaped)."""
        casinos = [
            name
            for card, name in (
                (BIG_CASINO, t.gettext("Big Casino")),
                (LITTLE_CASINO, t.gettext("Little Casino")),
            )
            if card in self.takes
        ]
        cards = len(self.takes) + 1
        gains = (
            [t.ngettext("{n} card", "{n} cards", cards).format(n=cards)]
            if self.takes
            else []
        )
        spades = sum(1 for c in (self.move.card, *self.takes) if c.suit is Suit.SPADES)
        if self.takes and spades:
            gains.append(t.ngettext("{n} spade", "{n} spades", spades).format(n=spades))
        aces = sum(1 for c in (self.move.card, *self.takes) if c.is_ace)
        if self.takes and aces:
            gains.append(t.ngettext("{n} ace", "{n} aces", aces).format(n=aces))
        gains += casinos
        if self.sweep:
            gains.append(t.gettext("sweep"))
        return {
            t.pgettext("legal moves column", "played"): t.gettext("▶ played")
            if self.played
            else "",
            t.pgettext("legal moves column", "move"): self.text,
            t.pgettext("legal moves column", "takes"): cards_text(self.takes)
            if self.takes
            else "",
            t.pgettext("legal moves column", "builds"): self.build,
            t.pgettext("legal moves column", "gains"): ", ".join(gains),
            t.pgettext("legal moves column", "effect"): self.effect,
        }


def alternatives(
    game: Game, deal: int, move: int, t: Translator = ENGLISH
) -> list[Alternative]:
    """Every legal move at position ``move`` of ``deal``, played one marked.

    The move "played" is the record's next move (none at the deal's end or
    its end steps; for the failing move of an invalid record, none of the
    legal moves is it).
    """
    kept = game.positions[deal]
    if move >= len(kept) or kept[move].state.finished:
        return []
    state = kept[move].state
    played: Move | None = None
    if move + 1 < len(kept):
        step = kept[move + 1].last
        played = None if step is None else step.move
    found = []
    for candidate in generate_legal_moves(state):
        try:
            plan = verify_move(state, candidate)
        except IllegalMoveError:  # pragma: no cover - the generator's moves are legal
            continue
        after = state.copy()
        step = apply_plan(after, candidate, plan)
        build = ""
        if step.build is not None:
            kind = (
                t.gettext("single") if step.build.is_single else t.gettext("multiple")
            )
            build = f"{step.build.label} = {step.build.value}, {kind}"
        found.append(
            Alternative(
                move=candidate,
                text=move_text(candidate, t=t),
                effect=step_text(step, game.names, t),
                takes=step.taken,
                build=build,
                sweep=step.sweep,
                played=candidate == played,
            )
        )
    return found
