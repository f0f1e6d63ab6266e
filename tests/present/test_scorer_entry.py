"""The scorer's move entry data (present.scorer_entry): what the browser gets and sends."""

from __future__ import annotations

import pytest

from casino_records.present.scorer_entry import answer_entry, chosen_move, entry_payload
from casino_records.scorer import EntryError, GameSetup, ScorerSession


def session(names: tuple[str, str] = ("Ana", "Ben")) -> ScorerSession:
    s = ScorerSession(GameSetup(names=names, dealer=1))
    s.set_table("4S 5D 6C 9C".split())
    return s


def test_every_playable_card_has_its_moves_drawn_and_in_words() -> None:
    s = session()
    payload, moves = entry_payload(s)
    assert set(payload["moves"]) == set(moves) and len(moves) == 48
    for card, options in moves.items():
        assert [c.move for c in s.candidates(card)] == options
        assert payload["moves"][card].count("data-move=") == len(options)
    nine = payload["moves"]["9D"]
    capture = nine.split('data-move="')[1]  # the first: 9♦ takes 4♠ 5♦
    assert capture.startswith('0"') and "9♦ takes 4♠ 5♦" in capture
    assert capture.index('<use href="#cr-card-9D"') < capture.index(
        '<use href="#cr-card-4S"'
    )
    assert capture.count('<svg class="cr-used"') == 2  # the cards it takes, framed
    assert payload["faces"].count("<symbol") == 53  # the sprite: 52 faces, a back
    s.play("9D x 4S 5D")
    assert entry_payload(s)[0]["faces"] == payload["faces"]  # the same every time


def test_the_key_changes_with_every_change() -> None:
    s = session()
    first, _ = entry_payload(s)
    s.play("9D x 4S 5D")
    s.undo()
    again, _ = entry_payload(s)
    assert first["key"] != again["key"]


def test_the_answer_plays_the_chosen_move_or_the_typed_one() -> None:
    s = session()
    payload, moves = entry_payload(s)
    key = payload["key"]
    played = answer_entry(s, moves, key, chosen=[key, "9D", 0])
    assert played.words == "9♦ takes 4♠ 5♦"
    with pytest.raises(EntryError, match="earlier position"):
        answer_entry(s, moves, key, chosen=[key, "9D", 0])  # the old key is stale
    payload, moves = entry_payload(s)
    with pytest.raises(EntryError) as caught:
        answer_entry(s, moves, payload["key"], typed=[payload["key"], "KH x 6C"])
    assert caught.value.rule == "R5.2"  # a king takes only kings
    assert caught.value.legal == ("K♥ trails",)
    assert answer_entry(s, moves, payload["key"], typed=[payload["key"], "KH -"])


@pytest.mark.parametrize(
    "answer",
    [
        None,
        "9D",
        ["k", "9D"],
        ["k", "9D", "0"],
        ["k", "9D", 99],
        ["k", "XX", 0],
        ["j", "9D", 0],
    ],
)
def test_a_malformed_answer_is_no_move(answer: object) -> None:
    s = session()
    _, moves = entry_payload(s)
    assert chosen_move(moves, answer, "k") is None


def test_a_last_unseen_card_holds_nothing_else() -> None:
    # Ana has played three cards of round 1: her fourth, unseen, is all she holds,
    # so no build with it can keep a card to take the build (B4).
    s = session()
    for move in ["KD -", "KH -", "QD -", "QH -", "JD -", "JH -"]:
        s.play(move)
    _, moves = entry_payload(s)
    assert all(m.action != "build" for options in moves.values() for m in options)
    assert s.candidates("2C") == [c for c in s.candidates("2C") if c.kind != "create"]


def test_text_in_the_payload_is_escaped() -> None:
    s = session(("<b>Ana</b>", "Ben & co"))
    payload, _ = entry_payload(s, error="<script>x</script>")
    # plain text: the browser sets it as textContent
    assert payload["prompt"] == "Pick the card <b>Ana</b> played"
    assert payload["error"] == "&lt;script&gt;x&lt;/script&gt;"


def test_the_table_and_what_each_side_took_come_with_the_position() -> None:
    s = session()
    for move in ("9D x 4S 5D", "2S -", "KH -", "8C x 2S 6C"):
        s.play(move)
    payload, _ = entry_payload(s)
    assert payload["tally"] == (
        "Ana 3 cards · 1 spade — Ben 3 cards · 1 spade · Little Casino"
    )
    table = payload["table"]
    assert table.startswith("<svg") and "9♣" in table and "K♥" in table
    assert "6♣" not in table
