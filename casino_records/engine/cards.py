"""Playing cards: ranks, suits, the 52-card pack, spellings and values.

A :class:`Card` is an ``int`` from 0 to 51 (``suit_index * 13 + rank - 1``, suits
in the order S, H, D, C), so cards hash, compare and index tables fast. There is
exactly one :class:`Card` object per card: :data:`CARDS` holds them in pack order.

>>> parse_card("10h")
Card('10H')
>>> str(parse_card("♠a"))
'AS'
>>> [str(c) for c in parse_cards("Th qd")]
['10H', 'QD']
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Final

from ..errors import CardError

__all__ = [
    "ACE",
    "BIG_CASINO",
    "CARDS",
    "CARD_NAMES",
    "JACK",
    "KING",
    "LITTLE_CASINO",
    "QUEEN",
    "RANK_NAMES",
    "SUIT_SPELLINGS",
    "UNKNOWN_CARD",
    "Card",
    "Suit",
    "parse_card",
    "parse_cards",
]


class Suit(StrEnum):
    """The four suits, named by their notation letter."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The suit as a Unicode symbol (``♠ ♥ ♦ ♣``)."""
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SUIT_SYMBOLS: Final = {
    Suit.SPADES: "♠",
    Suit.HEARTS: "♥",
    Suit.DIAMONDS: "♦",
    Suit.CLUBS: "♣",
}

ACE: Final = 1
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13
RANK_NAMES: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""Canonical rank spellings, index ``rank - 1``."""

UNKNOWN_CARD: Final = "??"
"""The notation's spelling of a card nobody saw (allowed in hands only)."""


class Card(int):
    """One of the 52 cards; an ``int`` in ``range(52)``.

    Build cards with :func:`parse_card` or take them from :data:`CARDS`; the
    constructor ``Card(i)`` returns the shared instance for index ``i``.
    """

    __slots__ = ()

    def __new__(cls, index: int) -> Card:  # noqa: D102
        if type(index) is not int or not 0 <= index < 52:
            raise CardError(f"card index out of range: {index!r}")
        try:
            return CARDS[index]
        except NameError:  # while CARDS itself is being built
            return super().__new__(cls, index)

    @property
    def rank(self) -> int:
        """Rank 1 (ace) to 13 (king)."""
        return int(self) % 13 + 1

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return SUITS[int(self) // 13]

    @property
    def rank_name(self) -> str:
        """The rank as written in the notation: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
        return RANK_NAMES[int(self) % 13]

    @property
    def is_face(self) -> bool:
        """True for jacks, queens and kings."""
        return self.rank >= JACK

    @property
    def is_ace(self) -> bool:
        """True for the four aces."""
        return self.rank == ACE

    @property
    def pretty(self) -> str:
        """The card with its suit symbol, e.g. ``10♦``."""
        return self.rank_name + self.suit.symbol

    def __str__(self) -> str:
        return self.rank_name + self.suit.value

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


CARDS: Final[tuple[Card, ...]] = tuple(Card(i) for i in range(52))
"""The canonical pack: A–K of spades, then hearts, diamonds and clubs."""

CARD_NAMES: Final[tuple[str, ...]] = tuple(str(card) for card in CARDS)
"""The canonical spelling of every card, indexed by card: ``CARD_NAMES[card]``
costs no method call, unlike ``str(card)``."""

BIG_CASINO: Final = CARDS[2 * 13 + 9]
"""The ten of diamonds (2 points)."""
LITTLE_CASINO: Final = CARDS[1]
"""The two of spades (1 point)."""

_RANK_ALIASES: Final = {
    **{name: i + 1 for i, name in enumerate(RANK_NAMES)},
    "T": 10,
    "1": 1,
    "11": 11,
    "12": 12,
    "13": 13,
}
SUIT_SPELLINGS: Final = {
    "S": Suit.SPADES,
    "H": Suit.HEARTS,
    "D": Suit.DIAMONDS,
    "C": Suit.CLUBS,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
}
"""Every spelling of a suit that :func:`parse_card` reads: letters and symbols."""
_SUIT_CHARS: Final = "".join(SUIT_SPELLINGS)
_CARD_RE: Final = re.compile(
    rf"^(?:(?P<r1>10|1[1-3]|[2-9AJQKT1])\s*(?P<s1>[{_SUIT_CHARS}])"
    rf"|(?P<s2>[{_SUIT_CHARS}])\s*(?P<r2>10|1[1-3]|[2-9AJQKT1]))$"
)
_PARSED: dict[str, Card] = {}


def parse_card(text: str) -> Card:
    """Read one card, leniently: ``10h``, ``Th``, ``10H``, ``♥10``, ``h10``.

    Ranks ``A 2–10 J Q K`` (also ``T`` for ten); suits ``S H D C`` in either case
    or as ``♠ ♥ ♦ ♣``. :data:`UNKNOWN_CARD` is not a card and is refused here.

    :raises CardError: the text is not a card; the message quotes it.

    >>> parse_card(" kd ")
    Card('KD')
    >>> parse_card("11x")
    Traceback (most recent call last):
    ...
    casino_records.errors.CardError: not a card: '11x' (expected rank A 2-10 J Q K and suit S H D C, e.g. '10D')
    """
    cached = _PARSED.get(text)
    if cached is not None:
        return cached
    match = _CARD_RE.match(text.strip().upper()) if isinstance(text, str) else None
    if match is None:
        raise CardError(
            f"not a card: {text!r} (expected rank A 2-10 J Q K and suit S H D C,"
            " e.g. '10D')"
        )
    rank = _RANK_ALIASES[match["r1"] or match["r2"]]
    suit = SUIT_SPELLINGS[match["s1"] or match["s2"]]
    card = CARDS[SUITS.index(suit) * 13 + rank - 1]
    if len(_PARSED) < 4096:
        _PARSED[text] = card
    return card


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces or commas.

    >>> [str(c) for c in parse_cards("AS, 2d 10c")]
    ['AS', '2D', '10C']
    """
    return [parse_card(token) for token in re.split(r"[\s,]+", text.strip()) if token]
