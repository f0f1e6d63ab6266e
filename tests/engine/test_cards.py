from __future__ import annotations

import pickle

import pytest

from casino_records.engine.cards import CARDS, RANK_NAMES, Card, parse_card, parse_cards
from casino_records.errors import CardError, CasinoRecordError

SUIT_SPELLINGS = {
    "S": ["S", "s", "♠", "♤"],
    "H": ["H", "h", "♥", "♡"],
    "D": ["D", "d", "♦", "♢"],
    "C": ["C", "c", "♣", "♧"],
}
RANK_SPELLINGS = {
    "A": ["A", "a", "1"],
    "10": ["10", "T", "t"],
    "J": ["J", "j", "11"],
    "Q": ["Q", "q", "12"],
    "K": ["K", "k", "13"],
    **{str(n): [str(n)] for n in range(2, 10)},
}


@pytest.mark.parametrize("card", CARDS, ids=str)
def test_canonical_round_trip(card: Card) -> None:
    assert parse_card(str(card)) is card
    assert Card(int(card)) is card
    assert pickle.loads(pickle.dumps(card)) is card


def test_pack_order() -> None:
    names = [str(card) for card in CARDS]
    assert names[:13] == [rank + "S" for rank in RANK_NAMES]
    assert names[13] == "AH" and names[26] == "AD" and names[39] == "AC"
    assert names[-1] == "KC"
    assert len(set(CARDS)) == 52


@pytest.mark.parametrize("rank", RANK_SPELLINGS)
@pytest.mark.parametrize("suit", SUIT_SPELLINGS)
def test_every_lenient_spelling(rank: str, suit: str) -> None:
    expected = rank + suit
    for rank_text in RANK_SPELLINGS[rank]:
        for suit_text in SUIT_SPELLINGS[suit]:
            for text in (
                rank_text + suit_text,
                suit_text + rank_text,
                f" {rank_text} {suit_text} ",
            ):
                assert str(parse_card(text)) == expected, text


@pytest.mark.parametrize(
    "token",
    ["", "??", "1O H", "11x", "0S", "14H", "ZZ", "10", "H", "AHS", "10HH", "AS,"],
)
def test_bad_tokens_raise_card_error_quoting_the_token(token: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(token)
    assert repr(token) in str(info.value)
    assert isinstance(info.value, CasinoRecordError)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("value", [10, None, b"AS"])
def test_non_strings_are_not_cards(value: object) -> None:
    with pytest.raises(CardError):
        parse_card(value)  # type: ignore[arg-type]


def test_parse_cards() -> None:
    assert [str(c) for c in parse_cards(" th, ♠q  2c ")] == ["10H", "QS", "2C"]
    assert parse_cards("") == []
