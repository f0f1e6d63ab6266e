"""Notation moves (the models' ``MoveRecord``) become engine moves here, and back.

The quick path reads the compact spelling of moves straight into engine moves
(:mod:`casino_records.record.quick.moves`), and hands any other spelling to the
models, whose moves come through here.

>>> from casino_records.record.format.models import CaptureMove
>>> m = CaptureMove(seat=0, card="9d", action="capture", take=("4S", "5D"))
>>> engine = to_engine(m)
>>> to_notation(engine) == m
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...engine.cards import CARD_NAMES, CARDS
from ...engine.moves import TRAILS, Action, Move, Step

if TYPE_CHECKING:  # to_engine reads a model's fields, not its class
    from .models import MoveRecord as NotationMove

__all__ = ["to_engine", "to_notation", "step_to_notation"]


_BY_NAME: Final = dict(zip(CARD_NAMES, CARDS, strict=True))
_BIT_BY_NAME: Final = {name: 1 << card for name, card in _BY_NAME.items()}
_TRAILS: Final = TRAILS  # compiled, a static (an imported name is a dict look-up)


def _mask(names: tuple[str, ...]) -> int:
    mask = 0
    for name in names:
        mask |= _BIT_BY_NAME[name]
    return mask


def to_engine(move: NotationMove | Move) -> Move:
    """Turn a notation move into an engine :class:`Move` (an engine move is kept).

    The models hold canonical card strings, so a card is one dictionary lookup.
    """
    if isinstance(move, Move):  # read so already (by the quick reader)
        return move
    seat = move.seat
    card = _BY_NAME[move.card]
    if move.action == "trail":
        return _TRAILS[seat][card]
    if move.action == "capture":
        return Move(seat, card, Action.CAPTURE, _mask(move.take), move.value)
    return Move(seat, card, Action.BUILD, _mask(move.onto), move.value)


def to_notation(move: Move) -> NotationMove:
    """Turn an engine move into its canonical notation (table cards in pack order)."""
    from .models import BuildMove, CaptureMove, TrailMove

    card = str(move.card)
    cards = tuple(str(c) for c in move.sorted_cards())
    if move.action is Action.TRAIL:
        return TrailMove(seat=move.seat, card=card, action="trail")
    if move.action is Action.CAPTURE:
        return CaptureMove(
            seat=move.seat, card=card, action="capture", take=cards, value=move.value
        )
    assert move.value is not None
    return BuildMove(
        seat=move.seat, card=card, action="build", value=move.value, onto=cards
    )


def step_to_notation(step: Step) -> NotationMove:
    """The notation of a played step; an ace's capture value is kept when it was 14."""
    move = step.move
    if move.action is Action.CAPTURE:
        value = 14 if move.card.is_ace and step.value == 14 else None
        move = Move.capture(move.seat, move.card, move.cards, value)
    return to_notation(move)
