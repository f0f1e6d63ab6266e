from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casino_records.engine.cards import CARDS, Card
from casino_records.engine.shuffle import (
    TEST_VECTORS,
    _fisher_yates,
    shuffled_deck,
    uint32_stream,
)
from tests.paths import DOCS

# Published in docs/notation.md; a change here breaks every recorded shuffle.
VECTORS = {
    "casino": "7D QH QS 4D 10C 9C 6D 5D 9S QD 7H 5S 9D JH 3D KH 2S 2D 6H KD 4S 10H 5H"
    " 8S 2C 3S AS 10D KC 4H 7C 6C 3C AH 9H JD 4C 6S AD 5C 8D 8C 8H AC KS 2H 3H 7S"
    " 10S QC JS JC",
    "0": "8H KS 4S 7H 9S 6D 4D 3H 9C 10S QH QC 5C 10H KD 2C 2H 4C AC 8C JD 3S JC 7S"
    " QS 10C AS 8S AD QD 10D JS 2D 4H 7D AH 5H 3D 2S 6C 9D 9H KH 5D JH 7C KC 6H 5S"
    " 6S 8D 3C",
}


@pytest.mark.parametrize("seed", VECTORS)
def test_vectors(seed: str) -> None:
    assert " ".join(str(card) for card in shuffled_deck(seed)) == VECTORS[seed]
    assert TEST_VECTORS[seed] == VECTORS[seed]


def test_vectors_in_docs() -> None:

    docs = (DOCS / "notation.md").read_text("utf-8")
    for deck in VECTORS.values():
        assert deck in docs


def test_stream_blocks() -> None:
    stream = uint32_stream("é")
    seed = "é".encode()
    first = hashlib.sha256(seed + bytes(8)).digest()
    second = hashlib.sha256(seed + (1).to_bytes(8, "big")).digest()
    expected = [
        int.from_bytes(block[i : i + 4], "big")
        for block in (first, second)
        for i in range(0, 32, 4)
    ]
    assert [next(stream) for _ in range(16)] == expected


def test_rejection_sampling() -> None:
    # For i = 51 (n = 52), 2**32 - 1 is in the uneven top and must be skipped.
    draws = (2**32 - 1, 51, *[0] * 50)  # j = 51: the last card stays
    deck = list(CARDS)
    assert _fisher_yates(deck, draws, 51) == 0
    assert deck[51] is CARDS[51]
    assert deck[0] is CARDS[1]  # every later step swaps with position 0


def test_draws_running_out() -> None:
    # Draws used up before the deck is shuffled: the position reached is
    # returned, and the next draws go on from there (as the stream does).
    deck = list(CARDS)
    assert _fisher_yates(deck, (2**32 - 1, 51, 0), 51) == 49
    assert _fisher_yates(deck, (0,) * 49, 49) == 0
    whole = list(CARDS)
    _fisher_yates(whole, (2**32 - 1, 51, *[0] * 50), 51)
    assert deck == whole


def _by_the_stream(seed: str) -> tuple[Card, ...]:
    """The shuffle as the notation defines it: the stream, one draw at a time."""
    deck = list(CARDS)
    i = 51
    for x in uint32_stream(seed):
        n = i + 1
        if x >= 2**32 - 2**32 % n:
            continue
        j = x % n
        deck[i], deck[j] = deck[j], deck[i]
        i -= 1
        if i == 0:
            break
    return tuple(deck)


@given(st.text(max_size=30))
def test_same_as_the_stream(seed: str) -> None:
    assert shuffled_deck(seed) == _by_the_stream(seed)


@given(st.text(max_size=30))
def test_permutation(seed: str) -> None:
    deck = shuffled_deck(seed)
    assert len(deck) == 52
    assert sorted(deck) == list(CARDS)
    assert shuffled_deck(seed) == deck


def test_different_seeds_differ() -> None:
    assert shuffled_deck("casino") != shuffled_deck("casino ")
