"""Card values under a rule set (R1.2–R1.4), as fast lookup tables.

Values are held as bit masks: bit ``v`` set means "this card can stand for ``v``".

>>> from casino_records.engine.cards import parse_card
>>> tables = value_tables("royal")
>>> sorted(values_of(tables.cvals[parse_card("AS")]))
[1, 14]
>>> tables.low[parse_card("KD")]
13
>>> value_tables("classic").cvals[parse_card("KD")]
0
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from .cards import ACE, CARDS, JACK

__all__ = [
    "ValueTables",
    "build_value_ok",
    "is_ace",
    "is_face",
    "is_spade",
    "rank_of",
    "RANK_MASK",
    "value_tables",
    "values_of",
]


@dataclass(frozen=True, slots=True)
class ValueTables:
    """Per-card lookups for one ``card_values`` setting, indexed by card."""

    low: tuple[int, ...]
    """``low(c)``: the value in a sum (ace 1); 0 for a card that cannot be summed."""
    cvals: tuple[int, ...]
    """``cvals(c)`` as a bit mask: the values the card stands for alone."""
    royal: bool
    """True for royal values (faces 11–13, ace 1 or 14)."""
    item: tuple[tuple[int, int], ...]
    """``(cvals, low)`` per card: the card as a table item of :mod:`combos`."""
    same: tuple[int, ...]
    """``same(c)``: the card mask of every card of the same value as ``c`` (R5.3,
    R9.3): cards sharing a value, or for classic faces, which have none, of the
    same rank."""

    @property
    def max_value(self) -> int:
        """The highest value any card stands for."""
        return 14 if self.royal else 10


RANK_MASK: Final[tuple[int, ...]] = tuple(
    sum(1 << other for other in range(52) if other % 13 == card % 13)
    for card in range(52)
)
"""``RANK_MASK[c]``: the card mask of the four cards of ``c``'s rank."""


@cache
def value_tables(card_values: str) -> ValueTables:
    """Return the tables for ``card_values`` (``classic`` or ``royal``)."""
    royal = card_values == "royal"
    low: list[int] = []
    cvals: list[int] = []
    for card in CARDS:
        rank = card.rank
        if rank >= JACK and not royal:
            low.append(0)
            cvals.append(0)
        elif rank == ACE:
            low.append(1)
            cvals.append((1 << 1) | (1 << 14) if royal else 1 << 1)
        else:
            low.append(rank)
            cvals.append(1 << rank)
    item = tuple(zip(cvals, low, strict=True))
    same = tuple(
        sum(
            1 << other
            for other in range(52)
            if (cvals[other] & cvals[card] if cvals[card] else other % 13 == card % 13)
        )
        for card in range(52)
    )
    return ValueTables(
        low=tuple(low), cvals=tuple(cvals), royal=royal, item=item, same=same
    )


def is_ace(card: int) -> bool:
    """True for the four aces; a plain function, so compiled code skips the
    :class:`Card` property lookup (cards are ``suit_index * 13 + rank - 1``).

    >>> from casino_records.engine.cards import parse_card
    >>> is_ace(parse_card("AD")), is_ace(parse_card("2D"))
    (True, False)
    """
    return card % 13 == 0


def is_face(card: int) -> bool:
    """True for jacks, queens and kings (as :attr:`Card.is_face`, without the lookup).

    >>> from casino_records.engine.cards import parse_card
    >>> is_face(parse_card("JC")), is_face(parse_card("10C"))
    (True, False)
    """
    return card % 13 >= JACK - 1


def rank_of(card: int) -> int:
    """The rank, 1 (ace) to 13 (king), as :attr:`Card.rank` without the lookup.

    >>> from casino_records.engine.cards import parse_card
    >>> rank_of(parse_card("KH")), rank_of(parse_card("AH"))
    (13, 1)
    """
    return card % 13 + 1


def is_spade(card: int) -> bool:
    """True for the thirteen spades (the first suit of the pack).

    >>> from casino_records.engine.cards import parse_card
    >>> is_spade(parse_card("KS")), is_spade(parse_card("AH"))
    (True, False)
    """
    return card < 13


@cache
def values_of(mask: int) -> tuple[int, ...]:
    """List the values set in a value mask.

    >>> values_of(0b110)
    (1, 2)
    """
    return tuple(v for v in range(15) if mask >> v & 1)


def build_value_ok(royal: bool, value: int, single: bool) -> bool:
    """R1.5: may a build (single or multiple) be declared ``value``?

    >>> build_value_ok(False, 1, single=False), build_value_ok(False, 1, single=True)
    (True, False)
    >>> build_value_ok(True, 14, single=True), build_value_ok(True, 15, single=False)
    (True, False)
    """
    if royal:
        return 2 <= value <= 14
    return (2 if single else 1) <= value <= 10
