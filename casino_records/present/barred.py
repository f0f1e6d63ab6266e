"""Why a move is missing from the legal ones: the hand's barred moves, with the rule.

``legal --why`` adds these lines, as python-chess explains an illegal move: for
each card of the mover's hand whose trail the rules bar (R9.2 an owner may not
trail, R9.3 the Dominican trail ban, R9.4, G1), the engine's own reason
(:func:`engine.legality.verify_move`); a card left with no legal move at all is
said so; and the recorded move, when it is illegal, with the rule it breaks.
Seats are named, and cards written as the rest of the text writes them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.describe import cited, in_words
from ..engine.legality import verify_move
from ..engine.moves import Move, Step
from ..engine.state import DealState
from ..errors import IllegalMoveError
from ..i18n import ENGLISH, Translator

__all__ = ["barred_lines", "illegal_reason"]


def _words(error: IllegalMoveError, names: Sequence[str], pretty: bool) -> str:
    """The engine's message with the seats named and its rule id at the end."""
    return cited(in_words(error.message, [], names, pretty), error.rule)


def illegal_reason(
    state: DealState, move: Move, names: Sequence[str], pretty: bool = True
) -> str:
    """Why ``move`` is illegal here, in words with its rule; ``""`` if it is legal."""
    try:
        verify_move(state, move)
    except IllegalMoveError as error:
        return _words(error, names, pretty)
    return ""


def barred_lines(
    state: DealState,
    names: Sequence[str],
    options: Sequence[Step],
    pretty: bool = True,
    t: Translator = ENGLISH,
) -> list[str]:
    """The barred moves of the hand to play, one line each (empty: none barred;
    the engine's reasons are its own words).

    :param options: the position's legal moves, played (as ``legal`` lists them).
    """
    seat = state.turn
    if state.finished or not state.hands[seat]:
        return []
    playable = {step.move.card for step in options}
    lines = []
    for card in state.hands[seat]:
        shown = card.pretty if pretty else str(card)
        why = illegal_reason(state, Move.trail(seat, card), names, pretty)
        stuck = card not in playable
        if why:
            text = t.gettext("trailing {card} is barred: {why}").format(
                card=shown, why=why
            )
            if stuck:
                text += t.gettext("; {card} has no legal move here").format(card=shown)
            lines.append(text)
        elif stuck:
            lines.append(t.gettext("{card} has no legal move here").format(card=shown))
    return lines
