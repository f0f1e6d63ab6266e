"""A deal given by its piles in the text notation: the Piles line, read and written."""

from __future__ import annotations

import pytest

from casino_records.engine.cards import CARD_NAMES
from casino_records.errors import InvalidRecordError
from casino_records.record.json import jsonio
from casino_records.record.text.notation import read_text, write_text

HEAD = '[Format "casino-record/1"]\n[Preset "classic"]\n[Player 0 "Ana"]\n[Player 1 "Ben"]\n\n'
ANA = " ".join(CARD_NAMES[:30])
BEN = " ".join(CARD_NAMES[30:50])


def test_a_piles_line_reads_into_the_deal_and_writes_back_the_same() -> None:
    text = (
        HEAD + "Deal 1 dealer S1\n"
        f"Piles {ANA} / {BEN} sweeps 0 1 last S1 left qc kc\n"
        "Claimed\nSide 0 total 8\nSide 1 total 3\n"
    )
    record = read_text(text)
    piles = record.deals[0].piles
    assert piles is not None
    assert piles.sides == (tuple(CARD_NAMES[:30]), tuple(CARD_NAMES[30:50]))
    assert (piles.sweeps, piles.last_capture, piles.left) == ((0, 1), 1, ("QC", "KC"))
    assert write_text(record) == text.replace("left qc kc", "left QC KC")
    assert jsonio.loads(jsonio.dumps(read_text(write_text(record)))) == record


def test_empty_piles_and_no_last_capture_or_residue() -> None:
    text = HEAD + "Deal 1 dealer S1\nPiles / sweeps 0 0\n"
    record = read_text(text)
    assert record.deals[0].piles is not None
    assert record.deals[0].piles.sides == ((), ())
    assert write_text(record) == text


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("Piles AS / 2S last S1", "line 7, column 15: expected 'sweeps', found 'last'"),
        ("Piles AS ZZ sweeps 0 0", "line 7, column 10: expected a card, found 'ZZ'"),
    ],
)
def test_a_bad_piles_line_is_placed(line: str, message: str) -> None:
    with pytest.raises(InvalidRecordError) as caught:
        read_text(HEAD + "Deal 1 dealer S1\n" + line + "\n")
    assert str(caught.value.errors[0].message).startswith(message)


def test_a_piled_deal_with_a_round_is_refused_at_its_round_line() -> None:
    text = HEAD + "Deal 1 dealer S1\nPiles / sweeps 0 0\nRound 1\n"
    with pytest.raises(InvalidRecordError) as caught:
        read_text(text)
    (error,) = caught.value.errors
    assert error.message.startswith(
        "line 8, column 1: a deal given by its piles has no rounds"
    )
