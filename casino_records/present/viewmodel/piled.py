"""What the viewer says of a deal given by its piles (docs/notation.md §6.6).

Nobody wrote such a deal's moves down: it has no moves and no rounds, only its
end, which the board shows as the players brought it (each side's captured
cards face up, the sweeps, the seat of the last capture, what was left on the
table). The stepper's steps are those of any finished deal's end: the piles
(step 0), the residue going to the last capturer, and the score. This module
names them and says the deal's result where the piles are shown.
Nothing here is escaped but the HTML of :func:`piles_intro_html`.
"""

from __future__ import annotations

from html import escape

from .game import Game, StepKind
from .verdict import deal_result

__all__ = ["PILES_LIST_TITLE", "piled_step_label", "piles_intro_html"]

PILES_LIST_TITLE = "The deal, given by its piles"
"""The move list's title for such a deal (it has no rounds)."""


def piled_step_label(game: Game, deal: int, step: int) -> str:
    """The move list's entry of a step of a piled deal: ``Piles: what each side
    took``, ``Residue: 4 cards to Ana``, ``Deal score``."""
    kind = game.step_kind(deal, step)
    if kind == StepKind.SCORE:
        return "Deal score"
    state = game.positions[deal][-1].state
    if kind == StepKind.RESIDUE:
        count = len(state.residue)
        taker = state.residue_side
        to = f"to {game.sides[taker]}" if taker is not None else "unclaimed"
        return f"Residue: {count} card{'s' * (count != 1)} {to}"
    return "Piles: what each side took"


def piles_intro_html(game: Game, deal: int) -> str:
    """The line above a piled deal's board: what it is, and its result with a
    link to its score (the stepper follows ``data-move``)."""
    result = deal_result(game.deal_report(deal))
    score = game.last_step(deal)
    link = (
        f' <a href="#" role="button" class="cr-jump" data-deal="{deal}"'
        f' data-move="{score}">the score</a>'
    )
    scored = f" Scored by the rules: {escape(result)} ·{link}" if result else ""
    return (
        '<p class="cr-last"><strong>Given by its piles:</strong> each side’s captured'
        f" cards, its sweeps, the last capture and the cards left on the table.{scored}</p>"
    )
