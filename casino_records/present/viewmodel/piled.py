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

from ...i18n import ENGLISH, Translator
from .game import Game, StepKind
from .movelist import residue_label
from .verdict import deal_result

__all__ = ["piled_step_label", "piles_intro_html", "piles_list_title"]


def piles_list_title(t: Translator = ENGLISH) -> str:
    """The move list's title for such a deal (it has no rounds)."""
    return t.gettext("The deal, given by its piles")


def piled_step_label(game: Game, deal: int, step: int, t: Translator = ENGLISH) -> str:
    """The move list's entry of a step of a piled deal: ``Piles: what each side
    took``, ``Residue: 4 cards to Ana``, ``Deal score``."""
    kind = game.step_kind(deal, step)
    if kind == StepKind.SCORE:
        return t.gettext("Deal score")
    state = game.positions[deal][-1].state
    if kind == StepKind.RESIDUE:
        return residue_label(game, len(state.residue), state.residue_side, t)
    return t.gettext("Piles: what each side took")


def piles_intro_html(game: Game, deal: int, t: Translator = ENGLISH) -> str:
    """The line above a piled deal's board: what it is, and its result with a
    link to its score (the stepper follows ``data-move``)."""
    result = deal_result(game.deal_report(deal))
    score = game.last_step(deal)
    the_score = escape(t.gettext("the score"))
    link = (
        f' <a href="#" role="button" class="cr-jump" data-deal="{deal}"'
        f' data-move="{score}">{the_score}</a>'
    )
    scored = (
        " "
        + escape(t.gettext("Scored by the rules: {result}").format(result=result))
        + f" ·{link}"
        if result
        else ""
    )
    given = escape(t.gettext("Given by its piles:"))
    what = escape(
        t.gettext(
            "each side’s captured cards, its sweeps, the last capture and the cards"
            " left on the table."
        )
    )
    return f'<p class="cr-last"><strong>{given}</strong> {what}{scored}</p>'
