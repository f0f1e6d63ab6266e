"""Card masks: bit ``c`` for card ``c`` (0–51), the engine's sets of cards.

The public value type over a mask is :class:`~casino_records.engine.cardset.CardSet`;
these helpers are the compiled inner loops the engine uses.

>>> from casino_records.engine.cards import parse_cards
>>> mask = mask_of(parse_cards("10D AS"))
>>> [str(c) for c in cards_of(mask)]
['AS', '10D']
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import CARDS, Card

__all__ = ["cards_of", "mask_of"]


def mask_of(cards: Iterable[int]) -> int:
    """The mask of ``cards`` (ints or :class:`Card`)."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> list[Card]:
    """The cards of ``mask`` in pack order."""
    cards: list[Card] = []
    while mask:
        low = mask & -mask
        cards.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return cards
