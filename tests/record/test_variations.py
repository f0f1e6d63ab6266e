"""Variations (lines of play) in the notation: JSON, text, fmt, schema, CSV.

docs/notation.md, "Variations": a move may carry lines of play from the
position before it; JSON writes them as a list of lines of moves under the
move's ``variations``, the text notation in parentheses after the move. Both
carry them losslessly; CSV exports the main line.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from casino_records.check.replay import replay
from casino_records.errors import InvalidRecordError
from casino_records.record.csvexport import loss_report, moves_csv
from casino_records.record.json import jsonio
from casino_records.record.json.schema import schema_of
from casino_records.record.quick.reader import light_record
from casino_records.record.text.notation import read_text, write_text
from tests.paths import CLI, SAMPLES

HEAD = """\
[Format "casino-record/1"]
[Preset "classic"]
[Player 0 "Marta"]
[Player 1 "Tomás"]

Deal 1 dealer S0
Table AH 7H KD QC
Round 1
Hands 2C 5H 5C 6S / ?? ?? ?? ??
"""

# As a person types it: one-line lines, a line with several moves on one text
# line, a line of a line, lenient cards, and the canonical spelling too.
TYPED = (
    HEAD
    + """\
1. S1 8h x AH 7H {An ace straight away.}
  (1. S1 8H x AH 7h  ! {the same capture, the other way round} )
  ( 1. S1 4D -  2. S0 5H x 5H )
2. S0 5H - !?
(
  2. S0 2C -
  3. S1 4D +6 2C
  (
    3. S1 9C -
  )
)
3. S1 4D +9 5H !
4. S0 2C -
"""
)


def _json_of(text: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(jsonio.dumps(read_text(text)))
    return data


def test_a_hand_typed_text_with_lines_is_read_in_full() -> None:
    text = TYPED
    record = read_text(text)
    first, second = record.deals[0].rounds[0].moves[:2]
    assert first.variations is not None and len(first.variations) == 2
    assert [m.card for m in first.variations[1]] == ["4D", "5H"]
    assert first.variations[0][0].glyph == "!"
    assert second.variations is not None
    [line] = second.variations
    assert [m.card for m in line] == ["2C", "4D"]
    assert line[1].variations is not None and line[1].variations[0][0].card == "9C"


def test_text_json_text_is_lossless_and_canonical() -> None:
    record = read_text(TYPED)
    text = write_text(record)
    assert read_text(text) == record
    assert write_text(read_text(text)) == text
    data = jsonio.dumps(record)
    assert jsonio.loads(data) == record
    assert jsonio.dumps(jsonio.loads(data)) == data
    assert "(\n  2. S0 2C -\n  3. S1 4D +6 2C\n  (\n    3. S1 9C -\n  )\n)\n" in text


def test_lines_in_the_canonical_json_layout_keep_one_move_per_line() -> None:
    data = jsonio.dumps(read_text(TYPED)).decode()
    assert '{"seat": 1, "card": "9C", "action": "trail"}' in data
    for line in data.splitlines():
        assert line.count('"seat"') <= 1  # two moves never share a line


def test_absent_and_empty_variations_read_as_none() -> None:
    plain = _json_of(HEAD + "1. S1 8H x AH 7H\n")
    move = plain["deals"][0]["rounds"][0]["moves"][0]
    assert "variations" not in move
    move["variations"] = []
    assert jsonio.loads(json.dumps(plain)) == read_text(HEAD + "1. S1 8H x AH 7H\n")


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "1. S1 8H x AH 7H\n(\n1. S1 4D -\n",
            "expected ')' to close the line opened at"
            " line 11, column 1, found the end of the game",
        ),
        (
            "1. S1 8H x AH 7H\n( 1. S1 4D -\nRound 2\n",
            "line 12, column 1: expected ')'"
            " to close the line opened at line 11, column 1, found 'Round'",
        ),
        ("1. S1 8H x AH 7H\n1. S1 4D - )\n", "expected move number 2"),
        ("1. S1 8H x AH 7H\n)\n", "line 11, column 1: ')' closes no line"),
        ("1. S1 8H x AH 7H ( )\n", "line 10, column 20: an empty line"),
        (
            "(\n1. S1 8H x AH 7H\n",
            "line 10, column 1: a '(' follows the move its line replaces",
        ),
        (
            "1. S1 8H x AH 7H\n( 2. S1 4D - )\n",
            "line 11, column 3: expected move"
            " number 1 (a line's moves count on from the move it replaces)",
        ),
        ("1. S1 8H x AH 7H\n( 1. S1 4D - Hands AS )\n", "expected end of line"),
    ],
)
def test_bad_parentheses_are_located_errors(body: str, message: str) -> None:
    with pytest.raises(InvalidRecordError) as raised:
        read_text(HEAD + body)
    assert message in str(raised.value)


def test_bad_json_lines_are_located_errors() -> None:
    data = _json_of(HEAD + "1. S1 8H x AH 7H\n")
    move = data["deals"][0]["rounds"][0]["moves"][0]
    move["variations"] = [[], [{"seat": 5, "card": "4D", "action": "trail"}]]
    with pytest.raises(InvalidRecordError) as raised:
        jsonio.loads(json.dumps(data))
    found = {(e.loc, e.where) for e in raised.value.errors}
    assert (
        "/deals/0/rounds/0/moves/0/variations/0",
        "deal 1, move 1 (round 1), line 1",
    ) in found
    assert (
        "/deals/0/rounds/0/moves/0/variations/1/0/seat",
        "deal 1, move 1 (round 1), line 2, move 1, field seat",
    ) in found


def test_the_schema_describes_variations() -> None:
    schema = schema_of("casino-record.v1.schema.json")
    trail = schema["$defs"]["TrailMove"]["properties"]["variations"]
    lines = next(t for t in trail["anyOf"] if t.get("type") == "array")
    assert lines["items"]["minItems"] == 1


def test_the_quick_reader_leaves_a_record_with_lines_to_the_models() -> None:
    record = read_text(TYPED)
    compact = jsonio.dumps_jsonl([record]).strip()
    assert light_record(compact) is None
    assert light_record(
        jsonio.dumps_jsonl([read_text(HEAD + "1. S1 8H x AH 7H\n")]).strip()
    )


def test_csv_exports_the_main_line_and_says_so() -> None:
    record = read_text(TYPED)
    rows = moves_csv([record]).splitlines()
    assert len(rows) == 1 + 4  # the header and the four moves of the main line
    assert "variations (other lines of play) are not in the moves CSV (deal 1)" in (
        loss_report(record, "moves-csv")
    )
    assert loss_report(record, "text") == loss_report(record, "json") == []


def test_fmt_rewrites_a_typed_text_record_with_lines(tmp_path: Path) -> None:
    path = tmp_path / "typed.txt"
    path.write_text(TYPED, encoding="utf-8")
    check = subprocess.run([CLI, "fmt", "--check", str(path)], capture_output=True)
    assert check.returncode == 1
    done = subprocess.run([CLI, "fmt", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    text = path.read_text(encoding="utf-8")
    assert text == write_text(read_text(TYPED))
    again = subprocess.run([CLI, "fmt", "--check", str(path)], capture_output=True)
    assert again.returncode == 0
    json_path = tmp_path / "typed.json"
    converted = subprocess.run(
        [CLI, "convert", str(path), "-o", str(json_path)], capture_output=True
    )
    assert converted.returncode == 0
    assert jsonio.load(json_path) == read_text(text)
    back = tmp_path / "back.txt"
    subprocess.run([CLI, "convert", str(json_path), "-o", str(back)], check=True)
    assert back.read_text(encoding="utf-8") == text


def test_a_record_with_lines_replays_as_without_them() -> None:
    sample = jsonio.load(SAMPLES / "classic-2p-annotated.json")
    data = json.loads(jsonio.dumps(sample))
    moves = data["deals"][0]["rounds"][1]["moves"]
    moves[3]["variations"] = [
        [{"seat": 0, "card": "9H", "action": "trail"},
         {"seat": 1, "card": "7D", "action": "trail"}]
    ]  # fmt: skip
    lined = jsonio.loads(json.dumps(data))
    assert replay(lined).report.findings == replay(sample).report.findings
    assert replay(read_text(write_text(lined))).report.findings == []
