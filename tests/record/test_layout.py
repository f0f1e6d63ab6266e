"""The canonical JSON layout: one move per line, card lists on one line, byte-stable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from casino_records.record.json import jsonio
from casino_records.record.json.layout import WIDTH, layout
from tests.paths import SAMPLES

SAMPLE_FILES = sorted(SAMPLES.glob("*.json"))


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda p: p.name)
def test_samples_are_canonical_and_round_trip(path: Path) -> None:
    data = path.read_bytes()
    record = jsonio.loads(data)
    assert jsonio.dumps(record) == data
    assert jsonio.dumps(jsonio.loads(jsonio.dumps(record))) == data


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda p: p.name)
def test_every_move_and_card_list_is_one_line(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    record = json.loads(text)
    lines = text.splitlines()
    moves = [
        json.dumps(move, ensure_ascii=False, separators=(", ", ": "))
        for deal in record["deals"]
        for round_ in deal.get("rounds", [])
        for move in round_["moves"]
    ]
    stripped = [line.strip().removesuffix(",") for line in lines]
    for move in moves:
        assert move in stripped  # the whole move, alone on its line
    for deal in record["deals"]:
        for key in ("table", "deck"):
            if key in deal:
                cards = json.dumps(deal[key], separators=(", ", ": "))
                assert any(line.strip() == f'"{key}": {cards},' for line in lines)


def test_a_short_container_shares_a_line_a_long_one_does_not() -> None:
    short = {"rules": {"preset": "classic", "options": {"sweeps": True}}}
    assert (
        layout(short)
        == '{"rules": {"preset": "classic", "options": {"sweeps": true}}}\n'
    )
    names = [{"name": "N" * 30, "id": str(i)} for i in range(3)]
    text = layout({"players": names})
    assert text.splitlines()[1] == '  "players": ['
    assert all(len(line) <= WIDTH for line in text.splitlines())


def test_a_flat_container_stays_on_one_line_however_long() -> None:
    deck = ["10H"] * 52
    text = layout({"deal": {"deck": deck, "dealer": 0, "x": [[1]]}})
    assert (
        f'    "deck": {json.dumps(deck, separators=(", ", ": "))},' in text.splitlines()
    )


def test_two_moves_never_share_a_line_even_when_they_fit() -> None:
    moves = [{"s": 0}, {"s": 1}]
    assert (
        layout({"moves": moves})
        == '{\n  "moves": [\n    {"s": 0},\n    {"s": 1}\n  ]\n}\n'
    )
    assert layout({"moves": moves[:1]}) == '{"moves": [{"s": 0}]}\n'


def test_text_is_written_as_is_and_controls_escaped() -> None:
    assert layout({"name": "Tomás\n"}) == '{"name": "Tomás\\n"}\n'
