"""Card masks: bit ``c`` for card ``c`` (0–51), the engine's sets of cards.

The public value type over a mask is :class:`~casino_records.engine.cardset.CardSet`;
these helpers are the compiled inner loops the engine uses.

>>> from casino_records.engine.cards import parse_cards
>>> mask = mask_of(parse_cards("10D AS"))
>>> [str(c) for c in cards_of(mask)]
['AS', '10D']
>>> [[str(c) for c in group] for group in cards_alone(mask)]
[['AS'], ['10D']]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from .cards import CARDS, Card

__all__ = ["cards_alone", "cards_of", "mask_of"]

# The pack as this module's own constant: compiled, a constant of the module is
# a static, where a name imported from another module is a look-up in a dict.
_PACK: Final = CARDS
# Each card as a group of its own, and as the only group, made once: tuples are
# immutable, so one each serves every capture and build. Typed ``tuple[Card, ...]``:
# compiled, a ``tuple[Card]`` would be unpacked into a C struct and packed anew.
_ALONE: Final[tuple[tuple[Card, ...], ...]] = tuple([(card,) for card in CARDS])
_ONE_GROUP: Final[tuple[tuple[tuple[Card, ...], ...], ...]] = tuple(
    [(group,) for group in _ALONE]
)


def mask_of(cards: Iterable[int]) -> int:
    """The mask of ``cards`` (ints or :class:`Card`)."""
    mask = 0
    if isinstance(cards, tuple):  # compiled, read by index: no iterator object
        held: tuple[int, ...] = cards  # narrowed to tuple[Any, ...] otherwise
        for card in held:
            mask |= 1 << card
        return mask
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> list[Card]:
    """The cards of ``mask`` in pack order."""
    cards: list[Card] = []
    while mask:
        low = mask & -mask
        cards.append(_PACK[low.bit_length() - 1])
        mask ^= low
    return cards


def cards_alone(mask: int) -> tuple[tuple[Card, ...], ...]:
    """The cards of ``mask`` in pack order, each as a group of its own."""
    if mask and not mask & (mask - 1):  # the commonest: one card
        return _ONE_GROUP[mask.bit_length() - 1]
    groups: list[tuple[Card, ...]] = []
    while mask:
        low = mask & -mask
        groups.append(_ALONE[low.bit_length() - 1])
        mask ^= low
    return tuple(groups)
