"""Which way play goes round the table, in words (R2.3, R2.7).

Seats are numbered clockwise (:mod:`casino_records.engine.seating`): seat 1
sits on seat 0's left. In ``classic`` and ``royal`` play goes clockwise and
the dealer's left plays first; in ``dominican`` it goes counter-clockwise and
the dealer's right plays first. The viewer, the offline page, ``show`` and the
scorer's set-up say it with these words. Nothing here is escaped.

>>> from casino_records.engine.rules import Rules
>>> from casino_records.engine.seating import Seating
>>> names = ["Ana", "Ben", "Caio", "Dee"]
>>> table = Seating.create(Rules.from_preset("dominican"), 4, [[0, 2], [1, 3]])
>>> order_text(names, table.play_order(dealer=0), clockwise=table.step == 1)
'Play goes counter-clockwise ↺, the dealer’s right first (R2.3): Dee → Caio → Ben → Ana (deals)'
>>> ordinal(1), ordinal(2), ordinal(3), ordinal(4)
('1st', '2nd', '3rd', '4th')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..i18n import ENGLISH, Translator

__all__ = ["ARROWS", "direction_text", "ordinal", "order_text", "seats_text"]

ARROWS: Final = {True: "↻", False: "↺"}
"""The arrow of each direction: clockwise (True), counter-clockwise."""


def direction_text(clockwise: bool, t: Translator = ENGLISH) -> str:
    """``Play goes clockwise ↻, the dealer’s left first (R2.3)``."""
    if clockwise:
        text = t.gettext("Play goes clockwise {arrow}, the dealer’s left first (R2.3)")
    else:
        text = t.gettext(
            "Play goes counter-clockwise {arrow}, the dealer’s right first (R2.3)"
        )
    return text.format(arrow=ARROWS[clockwise])


def _seat(names: Sequence[str], seat: int, t: Translator) -> str:
    name = names[seat] if seat < len(names) else ""
    return name or t.gettext("seat {n}").format(n=seat)


def order_text(
    names: Sequence[str],
    order: Sequence[int],
    *,
    clockwise: bool,
    t: Translator = ENGLISH,
) -> str:
    """The direction and the deal's seats in playing order, the dealer last."""
    seats = " → ".join(_seat(names, s, t) for s in order)
    return t.gettext("{direction}: {seats} (deals)").format(
        direction=direction_text(clockwise, t), seats=seats
    )


def seats_text(
    names: Sequence[str], *, clockwise: bool, t: Translator = ENGLISH
) -> str:
    """How the seats sit round a real table, and which way play goes from them.

    >>> seats_text(["Ana", "Ben", "Caio", "Dee"], clockwise=False)
    ... # doctest: +NORMALIZE_WHITESPACE
    'The seats run clockwise round the table: Ben sits on Ana’s left, Caio on
    Ben’s, Dee on Caio’s. Play goes counter-clockwise ↺, the dealer’s right first
    (R2.3): when Ana deals, Dee plays first, then Caio, Ben and Ana.'
    """
    names = [_seat(names, seat, t) for seat in range(len(names))]
    players = len(names)
    first = (
        t.gettext("{left} sits opposite {player}")
        if players == 2
        else t.gettext("{left} sits on {player}’s left")
    )
    lefts = [
        first.format(left=names[1], player=names[0]),
        *(
            t.gettext("{left} on {player}’s").format(left=names[s + 1], player=names[s])
            for s in range(1, players - 1)
        ),
    ]
    step = 1 if clockwise else -1
    order = [names[(step * k) % players] for k in range(1, players + 1)]
    rest = order[1:]
    then = (
        t.gettext("{some} and {last}").format(some=", ".join(rest[:-1]), last=rest[-1])
        if len(rest) > 1
        else rest[0]
    )
    return t.gettext(
        "The seats run clockwise round the table: {seats}. {direction}: when"
        " {dealer} deals, {first} plays first, then {then}."
    ).format(
        seats=", ".join(lefts),
        direction=direction_text(clockwise, t),
        dealer=names[0],
        first=order[0],
        then=then,
    )


def ordinal(n: int, t: Translator = ENGLISH) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``: a seat's place in the order of play."""
    if n == 1:
        text = t.pgettext("order of play", "{n}st")
    elif n == 2:
        text = t.pgettext("order of play", "{n}nd")
    elif n == 3:
        text = t.pgettext("order of play", "{n}rd")
    else:
        text = t.pgettext("order of play", "{n}th")
    return text.format(n=n)
