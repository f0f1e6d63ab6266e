"""Moves read from the canonical spelling are read exactly as the full path reads them."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from casino_records.record.files.reading import light_item
from casino_records.record.files.sources import Item
from casino_records.record.json.jsonio import dumps_jsonl, validate_record_bytes
from casino_records.record.quick.moves import cut_moves
from casino_records.record.quick.reader import (
    LightRecord,
    light_record,
    light_record_of,
)
from casino_records.record.simulate import simulate_record
from tests.record.documents import DOCUMENTS


def _view(record: LightRecord | None) -> Any:
    """What the replay reads of a quick reading, as plain values (a capture's
    value too, which move equality leaves out)."""
    if record is None:
        return None
    return [
        (
            deal.dealer,
            deal.deck,
            deal.table,
            [
                (
                    r.hands,
                    [(m.seat, m.card, m.action, m.table, m.value) for m in r.moves],
                )
                for r in deal.rounds
            ],
        )
        for deal in record.deals
    ]


def _full_path(data: bytes) -> Any:
    """The quick reading without the cut: every move parsed by orjson."""
    try:
        parsed = orjson.loads(data)
    except orjson.JSONDecodeError:
        return None
    return _view(light_record_of(parsed))


def _reads_the_same(data: bytes) -> bool:
    """Assert the reading with the cut is the full path's; True if it was cut."""
    assert _view(light_record(data)) == _full_path(data)
    return cut_moves(data) is not None


@pytest.mark.parametrize("data", DOCUMENTS, ids=range(len(DOCUMENTS)))
def test_records_read_the_same_with_the_cut(data: bytes) -> None:
    cut = _reads_the_same(data)
    record, _ = validate_record_bytes(data)
    if record is not None and dumps_jsonl([record]) == data + b"\n":
        assert cut or b'"moves":[' not in data  # an archive's lines are cut


def test_the_cut_leaves_each_array_s_number() -> None:
    data = next(d for d in DOCUMENTS if d.count(b'"moves":[') > 2 and cut_moves(d))
    cut = cut_moves(data)
    assert cut is not None
    text, arrays = cut
    parsed = orjson.loads(text)
    places = [
        r["moves"] for deal in parsed["deals"] for r in deal["rounds"] if "moves" in r
    ]
    assert places == list(range(len(arrays)))
    full = orjson.loads(data)
    assert [len(r["moves"]) for deal in full["deals"] for r in deal["rounds"]] == [
        len(moves) for moves in arrays
    ]


_CAPTURE = b'"action":"capture","take":["'


def _small() -> bytes:
    """A one-deal record holding trails, captures and builds, one capture
    saying the value it took at (read, not replayed, here)."""
    for i in range(200):
        record = simulate_record(
            "classic", 2, seed=f"scan-{i}", max_deals=1, bots=("greedy", "random")
        )
        data = dumps_jsonl([record]).rstrip(b"\n")
        if b'"build"' in data and b'"card":"10' in data:
            return data.replace(
                _CAPTURE, _CAPTURE.replace(b'"take"', b'"value":14,"take"'), 1
            )
    raise AssertionError("no small record with every kind of move")


SMALL = _small()
# (canonical part, another spelling): each is left to the full path
SPELLINGS = [
    (b'"moves":[{"seat":', b'"moves": [{"seat":'),
    (b'"moves":[{"seat":', b'"moves":[ {"seat":'),
    (b'"moves":[{"seat":', b'"moves":[{"comment":"first","seat":'),
    (b'"action":"trail"}', b'"action":"trail","comment":"x"}'),
    (b'"action":"trail"}', b'"action":"trail","glyph":"!"}'),
    (b'"action":"trail"}', b'"action" :"trail"}'),
    (_CAPTURE, b'"action":"capture","value":null,"take":["'),
    (_CAPTURE, b'"action":"capture","value":0,"take":["'),
    (_CAPTURE, b'"action":"capture","value":15,"take":["'),
    (_CAPTURE, b'"action":"capture","value":07,"take":["'),
    (_CAPTURE, b'"action":"capture","take": ["'),
    (b'"take":["', b'"onto":["'),
    (b'"action":"build","value":', b'"action":"build","onto":["AS"],"value":'),
    (b'"seat":0,"card":"', b'"seat":9,"card":"'),
    (b'"seat":0,"card":"', b'"seat":00,"card":"'),
    (b'"format"', b'"f\\u006frmat"'),
    (b'"players":[{"name":"Ana"}', b'"players":[{"name":"moves"}'),
]


@pytest.mark.parametrize(("part", "other"), SPELLINGS, ids=range(len(SPELLINGS)))
def test_other_spellings_are_left_to_the_full_path(part: bytes, other: bytes) -> None:
    assert part in SMALL
    data = SMALL.replace(part, other, 1)
    assert not _reads_the_same(data)
    item = Item("r.json", "json", data)
    quick = light_item(item)
    if quick is not None:
        record, errors = validate_record_bytes(data)
        assert record is not None, errors


def test_a_moves_key_given_twice_is_left_to_the_models() -> None:
    data = SMALL.replace(
        b'{"moves":[',
        b'{"moves":[{"seat":0,"card":"AS","action":"trail"}],"moves":[',
        1,
    )
    assert cut_moves(data) is not None  # both arrays are cut …
    assert light_item(Item("r.json", "json", data)) is None  # … and one is left over
    assert validate_record_bytes(data)[0] is None


def test_a_card_twice_or_no_card_is_not_cut() -> None:
    at = SMALL.index(b'"take":["') + len(b'"take":[')
    name = SMALL[at : SMALL.index(b'"', at + 1) + 1]
    twice = SMALL[:at] + name + b"," + SMALL[at:]
    empty = SMALL.replace(b'"take":[' + name + b"]", b'"take":[]', 1)
    for data in (twice, empty):
        assert cut_moves(data) is None
        assert light_record(data) is None  # the full path refuses it too


# Every single-byte change of a record: replaced by a byte that means something
# in the spelling, or deleted. The cut either reads it as the full path does or
# leaves it to it.
BYTES = [b'"', b",", b"]", b"}", b"0", b"1", b"S", b"\\"]


@pytest.mark.parametrize(
    "replacement", [*BYTES, b""], ids=[*map(repr, BYTES), "deleted"]
)
def test_every_single_byte_change_reads_as_the_full_path(replacement: bytes) -> None:
    cut = 0
    for at in range(len(SMALL)):
        data = SMALL[:at] + replacement + SMALL[at + 1 :]
        cut += _reads_the_same(data)
    # many changes leave the moves cut, many others leave the record to the full path
    assert len(SMALL) // 10 < cut < len(SMALL) - len(SMALL) // 10
