"""Sets of cards as 52-bit masks: the engine's one representation of card sets.

Card ``c`` (an ``int`` 0–51, see :mod:`casino_records.engine.cards`) is bit
``1 << c``. A hand, the loose cards, a build's cards and a capture pile are each
one ``int`` inside the engine; :class:`CardSet` wraps such a mask for the public
API, as python-chess's ``SquareSet`` wraps a bitboard: it iterates its cards in
pack order, tests membership and combines with ``| & - ^`` without leaving ints.

>>> from casino_records.engine.cards import parse_cards
>>> hand = CardSet(parse_cards("10D AS 5H"))
>>> hand
CardSet('AS 5H 10D')
>>> len(hand), parse_cards("AS")[0] in hand
(3, True)
>>> hand - CardSet(parse_cards("AS"))
CardSet('5H 10D')
>>> int(CardSet.from_mask(0b11))
3
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Set

from .cards import CARD_NAMES, Card
from .masks import cards_of, mask_of

__all__ = ["CardSet"]


def _mask(cards: Iterable[int]) -> int:
    return cards.mask if isinstance(cards, CardSet) else mask_of(cards)


class CardSet(Set[Card]):
    """An immutable set of cards held as a 52-bit mask.

    ``CardSet(cards)`` takes any iterable of cards; :meth:`from_mask` wraps a
    mask. Iteration is in pack order (spades A–K, hearts, diamonds, clubs).
    A :class:`collections.abc.Set`: equal to any set of the same cards.
    """

    __slots__ = ("mask",)

    mask: int
    """Bit ``c`` is set for every card ``c`` in the set."""

    def __init__(self, cards: Iterable[int] = ()) -> None:
        object.__setattr__(self, "mask", mask_of(cards))

    @staticmethod
    def from_mask(mask: int) -> CardSet:
        """The set whose bits are ``mask``."""
        if not 0 <= mask < 1 << 52:
            raise ValueError(f"not a 52-bit card mask: {mask!r}")
        found = object.__new__(CardSet)
        object.__setattr__(found, "mask", mask)
        return found

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < 52 and bool(self.mask >> card & 1)

    def __int__(self) -> int:
        return self.mask

    def __index__(self) -> int:
        return self.mask

    def __hash__(self) -> int:
        return hash(frozenset(cards_of(self.mask)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        return super().__eq__(other)

    def __or__(self, other: Iterable[int]) -> CardSet:  # type: ignore[override]
        return CardSet.from_mask(self.mask | _mask(other))

    def __and__(self, other: Iterable[int]) -> CardSet:
        return CardSet.from_mask(self.mask & _mask(other))

    def __sub__(self, other: Iterable[int]) -> CardSet:
        return CardSet.from_mask(self.mask & ~_mask(other))

    def __xor__(self, other: Iterable[int]) -> CardSet:  # type: ignore[override]
        return CardSet.from_mask(self.mask ^ _mask(other))

    def issubset(self, other: Iterable[int]) -> bool:
        """True if every card of this set is in ``other``."""
        return self.mask & ~_mask(other) == 0

    def issuperset(self, other: Iterable[int]) -> bool:
        """True if every card of ``other`` is in this set."""
        return _mask(other) & ~self.mask == 0

    def __str__(self) -> str:
        return " ".join(CARD_NAMES[c] for c in cards_of(self.mask))

    def __repr__(self) -> str:
        return f"CardSet({str(self)!r})"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (CardSet.from_mask, (self.mask,))
