"""A move as the player sees it on the table: builds by their value, not their cards.

The engine says a capture by the cards it takes (``10♠ takes 3♦ 7♣``); at the
table a player takes *the build of 10*. :func:`move_words` says a move that
takes a build, or builds onto one, so (the build's cards in brackets, the loose
cards after); :func:`step_words` says a move just made, with its player, for
the scorer's line that confirms it. Nothing here is escaped.

>>> from casino_records.engine.cards import parse_card, parse_cards
>>> from casino_records.engine.moves import Build, Move
>>> build = Build(1, 10, (tuple(parse_cards("3D 7C")),), owner=1)
>>> move = Move.capture(1, parse_card("10S"), parse_cards("3D 7C"))
>>> move_words(move, [build])
'10♠ takes the build of 10 (3♦ 7♣)'
>>> move_words(Move.capture(1, parse_card("10S"), parse_cards("3D 7C 4H 6S")), [build])
'10♠ takes the build of 10 (3♦ 7♣) and 6♠ 4♥'
>>> move_words(Move.build(0, parse_card("AS"), parse_cards("3D 7C"), 11), [build])
'A♠ builds 11 onto the build of 10 (3♦ 7♣)'
>>> move_words(move, [])
'10♠ takes 3♦ 7♣'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.describe import cards_text, move_phrase, move_text
from ..engine.moves import Action, Build, Move, Step
from ..i18n import ENGLISH, Translator

__all__ = ["move_words", "step_words"]


def _build_words(build: Build, t: Translator) -> str:
    groups = " · ".join(cards_text(group) for group in build.groups)
    return t.gettext("the build of {value} ({cards})").format(
        value=build.value, cards=groups
    )


def move_words(move: Move, builds: Sequence[Build], t: Translator = ENGLISH) -> str:
    """``move`` in words, each of ``builds`` it takes whole (or builds onto)
    said as the build of its value; with none, as :func:`move_text` says it."""
    used = [b for b in builds if set(b.cards) <= set(move.cards)]
    if not used or move.action is Action.TRAIL:
        return move_text(move, t=t)
    inside = {card for build in used for card in build.cards}
    loose = [card for card in move.cards if card not in inside]
    parts = [_build_words(build, t) for build in used]
    if loose:
        parts.append(cards_text(loose))
    taken = (
        t.gettext("{some} and {last}").format(
            some=", ".join(parts[:-1]), last=parts[-1]
        )
        if len(parts) > 1
        else parts[0]
    )
    ace_as = move.action is Action.CAPTURE and move.card.is_ace
    value = move.value if ace_as or move.action is Action.BUILD else None
    return move_phrase(move.action, move.card.pretty, taken, value).text(t)


def step_words(step: Step, names: Sequence[str], t: Translator = ENGLISH) -> str:
    """A move just made, with its player: ``Ana: 10♠ takes the build of 10 (3♦ 7♣)``
    (a sweep said after it)."""
    builds = [*step.builds_taken, *([step.previous] if step.previous else [])]
    sweep = t.gettext(" · a sweep") if step.sweep else ""
    return f"{names[step.move.seat]}: {move_words(step.move, builds, t)}{sweep}"
