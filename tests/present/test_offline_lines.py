"""The offline page's kept lines (present.offline_lines): drawn in advance, no engine."""

from __future__ import annotations

import base64
import json
import re
import zlib
from typing import Any

from casino_records.check.lines import TriedLine
from casino_records.present.offline import offline_page
from casino_records.present.offline_lines import LINE_BASE, kept_lines
from casino_records.present.viewmodel import build_game
from casino_records.record.format.models import GameRecord
from casino_records.record.json import jsonio
from casino_records.record.text.parse import parse_move
from tests.paths import SAMPLES


def two_lines() -> tuple[GameRecord, TriedLine, TriedLine]:
    """The annotated sample with two lines kept on its move 12."""
    record = jsonio.load(SAMPLES / "classic-2p-annotated.json")
    first = TriedLine.start(record, 0, 11).play(parse_move("S0 9H -", seat=0)).finish()
    record = first.kept()
    second = TriedLine.start(record, 0, 11).play(parse_move("S0 10D -", seat=0))
    return second.kept(), first, second


def payloads(html: str) -> dict[str, Any]:
    found = re.search(
        r'<script type="application/json" id="cr-data">(.*?)</script>', html
    )
    assert found is not None
    data = json.loads(found.group(1))
    out = {}
    for key, payload in data["payloads"].items():
        steps = json.loads(zlib.decompress(base64.b64decode(payload.pop("steps"))))
        out[key] = {**payload, **steps}
    return out


def test_each_kept_line_is_found_where_it_branches() -> None:
    record, first, second = two_lines()
    found = list(kept_lines(build_game(record)))
    assert [(d, at, n) for d, at, n, _ in found] == [(0, 11, 0), (0, 11, 1)]
    assert found[0][3].moves == first.moves and found[1][3].moves == second.moves


def test_the_page_steps_into_each_line_and_back() -> None:
    record, first, second = two_lines()
    shown = payloads(offline_page(build_game(record)))
    assert set(shown) == {"0", "1", "2", str(LINE_BASE), str(LINE_BASE + 1)}
    line = shown[str(LINE_BASE)]
    assert line["deal"] == LINE_BASE and line["last"] == len(first.moves)
    assert len(line["positions"]) == len(first.moves) + 1
    assert line["positions"][1]["nav"]["prev"] == [LINE_BASE, 0]
    assert line["positions"][-1]["nav"]["next"] is None
    assert line["positions"][1]["headline"].startswith(
        "Deal 1, line 1 of move 12 · Line move 1 / "
    )
    back = 'data-deal="0" data-move="11">Back to the game</button>'
    whole = {p["parts"]["analysis"] for p in line["positions"]}
    assert len(whole) == 1 and back in line["fragments"][whole.pop()]
    deal = shown["0"]
    branch = deal["fragments"][deal["positions"][11]["parts"]["last"]]
    assert "Lines kept here" in branch
    assert (
        f'data-deal="{LINE_BASE}" data-move="1">Line 1: 12. Marta: 9♥ trails<' in branch
    )
    assert f'data-deal="{LINE_BASE + 1}" data-move="1">Line 2: 12. Marta: 10♦' in branch
    others = [deal["fragments"][p["parts"]["last"]] for p in deal["positions"]]
    assert sum("Lines kept here" in f for f in others) == 1


def test_a_record_without_lines_gets_no_line_steps() -> None:
    record = jsonio.load(SAMPLES / "classic-2p-annotated.json")
    shown = payloads(offline_page(build_game(record)))
    assert set(shown) == {"0", "1", "2"}
