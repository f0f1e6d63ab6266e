"""The catalogue of counting mistakes made at a table.

:func:`deal_mistakes` lists every mistake that can be made counting a deal,
most common first (the first that fits leads an explanation):
:mod:`.counting` (cards, sweeps and items credited or counted wrong) then
:mod:`.readings` (rules misread, other options). :mod:`.carrying` holds the
mistakes made carrying the deals into the match. Used by
:mod:`casino_records.check.explain.dispute`.
"""

from __future__ import annotations

from ....i18n import ENGLISH, Translator
from ..whatif import DealFacts, GameFacts
from .base import DEAL_OPTIONS, OPTION_RULES, Change, Mistake, Words, option_words
from .carrying import match_mistakes, match_total_added_wrong
from .counting import counting_mistakes
from .readings import reading_mistakes, total_added_wrong

__all__ = [
    "DEAL_OPTIONS",
    "OPTION_RULES",
    "Change",
    "Mistake",
    "deal_mistakes",
    "match_mistakes",
    "match_total_added_wrong",
    "option_words",
    "total_added_wrong",
]


def deal_mistakes(
    game: GameFacts, facts: DealFacts, t: Translator = ENGLISH
) -> list[Mistake]:
    """Every catalogued mistake that could be made counting this deal, most common
    first, in ``t``'s words.

    Mistakes whose amount comes from the claims (a total added up wrong) are
    made by :func:`total_added_wrong`, not listed here.
    """
    words = Words(game, facts, t)
    piles = game.record.deals[facts.index].piles
    if piles is not None:  # no moves to name: the piles' own catalogue
        from .piled import pile_mistakes

        return list(pile_mistakes(words, facts, piles))
    return [*counting_mistakes(words, facts), *reading_mistakes(words, facts)]
