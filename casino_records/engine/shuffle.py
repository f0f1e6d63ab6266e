"""The ``casino-shuffle/1`` seeded shuffle: the same deck from the same seed, anywhere.

The algorithm is small enough to re-implement in any language:

1. Start from the canonical pack :data:`~casino_records.engine.cards.CARDS`:
   ``AS 2S … KS, AH … KH, AD … KD, AC … KC`` (positions 0 to 51).
2. Byte stream: block ``k`` (``k = 0, 1, 2, …``) is
   ``SHA-256(seed_bytes || k as an 8-byte big-endian unsigned integer)``, where
   ``seed_bytes`` is the UTF-8 encoding of the seed string exactly as written
   (no normalisation). The stream is the blocks concatenated.
3. Draws: read the stream 4 bytes at a time as big-endian unsigned 32-bit
   integers ``x``.
4. Fisher–Yates: for ``i`` from 51 down to 1, let ``n = i + 1`` and
   ``limit = 2**32 - (2**32 mod n)``; take draws until ``x < limit`` (rejection
   sampling, so every ``j`` is equally likely), then ``j = x mod n`` and swap
   positions ``i`` and ``j``.
5. The result, position 0 first, is the deck **top first**: position 0 is the
   first card dealt.

>>> " ".join(str(card) for card in shuffled_deck("casino")[:8])
'7D QH QS 4D 10C 9C 6D 5D'
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterator
from typing import Final, Literal, TypeAlias

from .cards import CARDS, Card

__all__ = ["METHOD", "ShuffleMethod", "TEST_VECTORS", "shuffled_deck", "uint32_stream"]

ShuffleMethod: TypeAlias = Literal["casino-shuffle/1"]
"""The type of :data:`METHOD` (the only method a record may name)."""
METHOD: Final[ShuffleMethod] = "casino-shuffle/1"
"""The name of this algorithm in a record's ``shuffle.method``."""


def uint32_stream(seed: str, first_block: int = 0) -> Iterator[int]:
    """Yield the endless stream of 32-bit draws for ``seed`` (steps 2 and 3).

    :param first_block: start at this block of the stream instead of block 0.

    >>> next(uint32_stream("casino")) == int.from_bytes(
    ...     hashlib.sha256(b"casino" + bytes(8)).digest()[:4], "big")
    True
    """
    for block in _blocks(seed, first_block):
        yield from struct.unpack(">8I", block)


def _blocks(seed: str, first: int) -> Iterator[bytes]:
    """Blocks ``first``, ``first + 1``, … of the byte stream (step 2).

    Each hashes a copy of the seed's hash state: the same digest as hashing
    ``seed_bytes || k`` afresh, for less work.
    """
    seeded = hashlib.sha256(seed.encode("utf-8"))
    k = first
    while True:
        block = seeded.copy()
        block.update(k.to_bytes(8, "big"))
        yield block.digest()
        k += 1


def shuffled_deck(seed: str) -> tuple[Card, ...]:
    """Return the 52 cards, top first, shuffled by ``casino-shuffle/1`` from ``seed``.

    :param seed: any string; its UTF-8 bytes are used exactly as given.

    >>> " ".join(str(card) for card in shuffled_deck("0")[-4:])
    '5S 6S 8D 3C'
    """
    # The 51 swaps need 51 draws plus the rare rejection: hash the first
    # blocks at once, and continue the stream only if a draw was rejected.
    seeded = hashlib.sha256(seed.encode("utf-8"))
    head = b"".join([_block(seeded, counter) for counter in _HEAD_COUNTERS])
    deck = list(CARDS)
    i = _fisher_yates(deck, _HEAD_DRAWS.unpack(head), len(deck) - 1)
    k = _HEAD_BLOCKS
    while i:  # rejections used up the head: go on with the stream
        block = _block(seeded, k.to_bytes(8, "big"))
        i = _fisher_yates(deck, _BLOCK_DRAWS.unpack(block), i)
        k += 1
    return tuple(deck)


def _block(seeded: hashlib._Hash, counter: bytes) -> bytes:
    """The block of the byte stream at ``counter`` (its ``k`` as 8 bytes), from
    the hash state of the seed."""
    block = seeded.copy()
    block.update(counter)
    return block.digest()


_HEAD_BLOCKS: Final = 7
"""Blocks computed up front: 56 draws."""
_HEAD_COUNTERS: Final = tuple(k.to_bytes(8, "big") for k in range(_HEAD_BLOCKS))
_HEAD_DRAWS: Final = struct.Struct(f">{8 * _HEAD_BLOCKS}I")
_BLOCK_DRAWS: Final = struct.Struct(">8I")


def _fisher_yates(deck: list[Card], draws: tuple[int, ...], i: int) -> int:
    """Fill ``deck`` from position ``i`` up with ``draws`` (step 4); the position left.

    Returns 0 when the deck is shuffled, else the position the draws ran out at.
    """
    limits = _LIMITS
    for x in draws:
        n = i + 1
        if x >= limits[n]:  # reject the uneven top of the range
            continue
        j = x % n
        deck[i], deck[j] = deck[j], deck[i]
        i -= 1
        if i == 0:
            break
    return i


_LIMITS: Final = tuple(2**32 - (2**32 % n) if n else 0 for n in range(53))
"""``limit`` of step 4 for each ``n``: draws at or above it are rejected."""

TEST_VECTORS: Final = {
    "casino": (
        "7D QH QS 4D 10C 9C 6D 5D 9S QD 7H 5S 9D JH 3D KH 2S 2D 6H KD 4S 10H 5H 8S 2C"
        " 3S AS 10D KC 4H 7C 6C 3C AH 9H JD 4C 6S AD 5C 8D 8C 8H AC KS 2H 3H 7S 10S"
        " QC JS JC"
    ),
    "0": (
        "8H KS 4S 7H 9S 6D 4D 3H 9C 10S QH QC 5C 10H KD 2C 2H 4C AC 8C JD 3S JC 7S QS"
        " 10C AS 8S AD QD 10D JS 2D 4H 7D AH 5H 3D 2S 6C 9D 9H KH 5D JH 7C KC 6H 5S 6S"
        " 8D 3C"
    ),
}
"""Seeds and their decks (top first, space-separated), for other implementations.

Both were checked against an independent implementation (Perl ``Digest::SHA``).
"""
