from __future__ import annotations

import io as pyio
import os
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from casino_records.errors import RecordFormatError
from casino_records.record.format.models import GameRecord
from casino_records.record.json import jsonio
from casino_records.record.json.jsonio import InvalidRecordError
from tests.paths import SAMPLES


def record_dict() -> dict[str, Any]:
    return {
        "comment": "key order does not matter",
        "format": "casino-record/1",
        "meta": {"tags": {"z": "1", "a": "2"}, "event": "Club night"},
        "rules": {"options": {"target_score": 11, "sweeps": True}, "preset": "royal"},
        "players": [{"name": n} for n in ("Ana", "Ben", "Caio", "Dee")],
        "teams": [[0, 2], [1, 3]],
        "deals": [
            {
                "dealer": 3,
                "table": ["4s", "Td", "6C", "9C"],
                "rounds": [
                    {
                        "hands": [
                            ["9D", "2D", "8S", "QD"],
                            ["KH", "10H", "AS", "7C"],
                            ["??", "??", "??", "??"],
                            ["JD", "3H", "4H", "5H"],
                        ],
                        "moves": [
                            {"action": "capture", "take": ["4S", "♦10"], "card": "AS",
                             "seat": 0, "value": 14},
                            {"seat": 1, "card": "KH", "action": "trail", "glyph": "?!"},
                            {"seat": 2, "card": "2H", "action": "build", "value": 8,
                             "onto": ["6C"], "comment": "eight"},
                        ],
                    }
                ],
                "claimed": {"sides": [{"points": {"aces": 1}, "total": 1}, {}]},
            }
        ],
        "claimed": {"totals": [21, 14], "winner": 0},
    }  # fmt: skip


def record_bytes() -> bytes:
    return orjson.dumps(record_dict())


def problems(data: bytes | str) -> list[RecordFormatError]:
    record, errors = jsonio.validate_record_bytes(data)
    assert record is None
    assert errors
    return errors


def test_round_trip_is_byte_stable() -> None:
    record = jsonio.loads(record_bytes())
    first = jsonio.dumps(record)
    assert jsonio.loads(first) == record
    assert jsonio.dumps(jsonio.loads(first)) == first
    assert first.endswith(b"}\n") and b'\n  "format"' in first
    assert first.index(b'"format"') < first.index(b'"comment"')  # model order
    assert b'"10D"' in first and b"null" not in first
    assert first.index(b'"a"') < first.index(b'"z"')  # tags sorted
    assert first.index(b'"sweeps"') < first.index(b'"target_score"')


def test_defaults_are_canonical() -> None:
    bare = {
        "format": "casino-record/1",
        "rules": {"preset": "classic"},
        "players": [{"name": "A"}, {"name": "B"}],
        "deals": [{"dealer": 0, "table": ["AS", "2S", "3S", "4S"]}],
    }
    explicit = {
        **bare,
        "id": None,
        "meta": {"tags": {}},
        "rules": {"preset": "classic", "options": {}},
        "deals": [{"dealer": 0, "table": ["as", "2s", "3s", "4s"], "rounds": []}],
    }
    assert jsonio.dumps(jsonio.loads(orjson.dumps(bare))) == jsonio.dumps(
        jsonio.loads(orjson.dumps(explicit))
    )
    text = jsonio.dumps(jsonio.loads(orjson.dumps(explicit))).decode()
    assert "options" not in text and "meta" not in text and "tags" not in text


def test_loads_accepts_text_and_bom() -> None:
    data = record_bytes()
    assert jsonio.loads(data.decode()) == jsonio.loads(b"\xef\xbb\xbf" + data)


def test_dump_and_load_files(tmp_path: Path) -> None:
    record = jsonio.loads(record_bytes())
    path = tmp_path / "game.json"
    jsonio.dump(record, path)
    assert jsonio.load(path) == record
    assert path.read_bytes() == jsonio.dumps(record)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temp left
    path.chmod(0o600)
    jsonio.dump(record, path)
    assert path.stat().st_mode & 0o777 == 0o600


def test_dump_failure_leaves_no_temp_file(tmp_path: Path) -> None:
    record = jsonio.loads(record_bytes())
    target = tmp_path / "a-directory"
    target.mkdir()
    (target / "x").write_text("keep me non-empty")
    with pytest.raises(OSError):
        jsonio.dump(record, target)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-directory"]


def test_load_refuses_large_files(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(record_bytes())
    with pytest.raises(InvalidRecordError, match="record too large"):
        jsonio.load(path, max_bytes=100)


def test_schema_error_pointer_and_words() -> None:
    data = record_dict()
    data["deals"][0]["rounds"][0]["moves"][2]["card"] = "2X"
    with pytest.raises(InvalidRecordError) as info:
        jsonio.loads(orjson.dumps(data))
    error = info.value
    assert isinstance(error, RecordFormatError) and isinstance(error, ValueError)
    assert error.loc == "/deals/0/rounds/0/moves/2/card"
    assert error.where == "deal 1, move 3 (round 1), field card"
    assert "'2X'" in error.message
    assert len(error.errors) == 1


def test_schema_error_names_the_move_by_its_number_in_the_deal() -> None:
    """Issue #31.5: one numbering; a move after round 1's 8 moves is move 9 or more."""
    data = record_dict()
    round_ = data["deals"][0]["rounds"][0]
    data["deals"][0]["rounds"].append({"moves": [dict(round_["moves"][0], card="2X")]})
    round_["moves"] = (round_["moves"] * 8)[:8]
    with pytest.raises(InvalidRecordError) as info:
        jsonio.loads(orjson.dumps(data))
    assert info.value.loc == "/deals/0/rounds/1/moves/0/card"
    assert info.value.where == "deal 1, move 9 (round 2), field card"


def test_all_errors_are_kept() -> None:
    data = record_dict()
    data["players"][1]["nam"] = "typo"
    data["deals"][0]["rounds"][0]["moves"][1]["action"] = "pass"
    data["deals"][0]["table"][0] = "??"
    with pytest.raises(InvalidRecordError) as info:
        jsonio.loads(orjson.dumps(data))
    locs = [e.loc for e in info.value.errors]
    assert locs == [
        "/players/1/nam",
        "/deals/0/table/0",
        "/deals/0/rounds/0/moves/1",
    ]
    assert "(and 2 more errors)" in str(info.value)
    messages = [e.message for e in info.value.errors]
    assert messages[0] == "unknown field 'nam' (did you mean 'name'?)"
    assert messages[1] == "unknown card '??' is allowed in hands only"
    assert messages[2].startswith("unknown action 'pass'")


def test_union_tag_is_not_in_the_pointer() -> None:
    data = record_dict()
    data["deals"][0]["rounds"][0]["moves"][0]["take"] = []
    [error] = problems(orjson.dumps(data))
    assert error.loc == "/deals/0/rounds/0/moves/0/take"
    assert error.message == "expected at least 1 item, not 0"


def test_structural_error_pointer() -> None:
    data = record_dict()
    data["deals"][0]["rounds"][0]["moves"][1]["seat"] = 3
    data["players"].pop()
    data.pop("teams")
    found = {e.loc: e.message for e in problems(orjson.dumps(data))}
    assert found == {
        "/deals/0/dealer": "seat 3 does not exist (seats 0 to 2)",
        "/deals/0/rounds/0/hands": "expected 3 hands (one per seat), not 4",
        "/deals/0/rounds/0/moves/1/seat": "seat 3 does not exist (seats 0 to 2)",
        "/deals/0/claimed/sides": "expected 3 sides, not 2",
        "/claimed/totals": "expected 3 totals, not 2",
    }


def test_option_error_pointer() -> None:
    data = record_dict()
    data["rules"]["options"]["sweep"] = True
    [error] = problems(orjson.dumps(data))
    assert error.loc == "/rules/options/sweep"
    assert "did you mean 'sweeps'" in error.message


def test_pointer_escaping() -> None:
    data = record_dict()
    data["a/b~c"] = 1
    [error] = problems(orjson.dumps(data))
    assert error.loc == "/a~1b~0c"


def test_json_syntax_error_has_line_and_column() -> None:
    text = b'{\n  "format": "casino-record/1",\n  "rules": }\n'
    [error] = problems(text)
    assert error.message.startswith("invalid JSON")
    assert error.where == "line 3, column 12"
    assert error.loc == ""


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "invalid JSON: empty document"),
        (b"   \n", "invalid JSON"),
        (b"\x00\xff\xfe\x80binary junk", "invalid JSON"),
        (bytes(range(256)), "invalid JSON"),
        (b"[" * 100_000, "invalid JSON: nested too deeply"),
        (b'{"a":' * 100_000, "invalid JSON: nested too deeply"),
        (b"[]", "a record is a JSON object, not an array"),
        (b'"casino"', "a record is a JSON object, not a string"),
        (b"3.5", "a record is a JSON object, not a number"),
        (b"null", "a record is a JSON object, not null"),
        (b"true", "a record is a JSON object, not true"),
        (b"{}", "missing field 'format'"),
        (b'{"format": "casino-record/1"} trailing', "invalid JSON"),
    ],
)
def test_hostile_inputs(data: bytes, message: str) -> None:
    errors = problems(data)
    assert errors[0].message.startswith(message)
    with pytest.raises(InvalidRecordError):
        jsonio.loads(data)


def test_truncated_input() -> None:
    data = jsonio.dumps(jsonio.loads(record_bytes()))
    for cut in range(0, len(data) - 2, 7):
        assert problems(data[:cut])[0].message.startswith("invalid JSON")


def test_max_bytes() -> None:
    data = record_bytes()
    record, errors = jsonio.validate_record_bytes(data, max_bytes=len(data) - 1)
    assert record is None
    assert errors[0].message.startswith("record too large")
    assert jsonio.validate_record_bytes(data, max_bytes=len(data))[0] is not None


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200))
def test_arbitrary_bytes_never_crash(data: bytes) -> None:
    record, errors = jsonio.validate_record_bytes(data)
    assert (record is None) == bool(errors)
    assert all(isinstance(e, RecordFormatError) for e in errors)


@settings(max_examples=100, deadline=None)
@given(
    st.recursive(
        st.none()
        | st.booleans()
        | st.integers(-(2**63), 2**63 - 1)
        | st.text(max_size=5),
        lambda inner: (
            st.lists(inner, max_size=3)
            | st.dictionaries(st.text(max_size=8), inner, max_size=3)
        ),
        max_leaves=20,
    )
)
def test_arbitrary_json_values_never_crash(value: object) -> None:
    record, errors = jsonio.validate_record_bytes(orjson.dumps(value))
    assert record is None and errors
    for error in errors:
        assert error.loc == "" or error.loc.startswith("/")


def test_jsonl_streaming_survives_a_bad_line(tmp_path: Path) -> None:
    good = jsonio.loads(record_bytes())
    lines = jsonio.dumps_jsonl([good, good]).splitlines(keepends=True)
    assert len(lines) == 2 and all(b"\n" not in line[:-1] for line in lines)
    archive = (
        lines[0]
        + b"\n"
        + b'{"format": "casino-record/1", "rules": [\n'
        + b"[]\n"
        + lines[1]
    )
    results = list(jsonio.iter_jsonl(pyio.BytesIO(archive)))
    assert [n for n, _ in results] == [1, 3, 4, 5]
    assert results[0][1] == good and results[3][1] == good
    bad = results[1][1]
    assert isinstance(bad, InvalidRecordError)
    assert bad.where.startswith("line 3, column")
    other = results[2][1]
    assert isinstance(other, InvalidRecordError)
    assert other.where == "line 4"
    path = tmp_path / "archive.jsonl"
    path.write_bytes(archive)
    assert [n for n, _ in jsonio.iter_jsonl(path)] == [1, 3, 4, 5]


def test_jsonl_error_where_names_the_line() -> None:
    data = record_dict()
    data["deals"][0]["dealer"] = 9
    archive = b"\n" + orjson.dumps(data) + b"\n"
    [(line_no, error)] = list(jsonio.iter_jsonl(pyio.BytesIO(archive)))
    assert line_no == 2
    assert isinstance(error, InvalidRecordError)
    assert error.loc == "/deals/0/dealer"
    assert error.where == "line 2, deal 1, field dealer"


def test_jsonl_long_line_is_skipped() -> None:
    good = jsonio.dumps_jsonl([jsonio.loads(record_bytes())])
    archive = b"[" + b" " * 5000 + b"]\n" + good
    results = list(jsonio.iter_jsonl(pyio.BytesIO(archive), max_bytes=len(good) + 10))
    assert [n for n, _ in results] == [1, 2]
    assert isinstance(results[0][1], InvalidRecordError)
    assert "too large" in results[0][1].message
    assert isinstance(results[1][1], GameRecord)


def test_dump_jsonl(tmp_path: Path) -> None:
    record = jsonio.loads(record_bytes())
    path = tmp_path / "a.jsonl"
    jsonio.dump_jsonl([record, record], path)
    assert [r for _, r in jsonio.iter_jsonl(path)] == [record, record]
    assert os.listdir(tmp_path) == ["a.jsonl"]


def test_dumps_json_sorts_and_handles_models() -> None:
    record = jsonio.loads(record_bytes())
    out = orjson.loads(jsonio.dumps_json({"z": record.players[0], "a": {3, 1}}))
    assert out == {"a": [1, 3], "z": {"name": "Ana", "id": None}}
    assert jsonio.dumps_json({"b": 1, "a": 2}) == b'{\n  "a": 2,\n  "b": 1\n}\n'
    with pytest.raises(TypeError):
        jsonio.dumps_json(object())


# --- The one-pass reader (pydantic parses the JSON) against orjson + models ---------


def _two_ways(data: bytes) -> tuple[GameRecord | None, GameRecord | None]:
    """The record as the one-pass reader reads it, and as orjson + models read it."""
    try:
        fast: GameRecord | None = GameRecord.model_validate_json(data)
    except ValidationError:
        fast = None
    try:
        slow: GameRecord | None = GameRecord.model_validate(orjson.loads(data))
    except (ValidationError, orjson.JSONDecodeError):
        slow = None
    return fast, slow


def _variant(path: tuple[str | int, ...], value: object) -> bytes:
    doc = record_dict()
    target: Any = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return orjson.dumps(doc)


MOVE = ("deals", 0, "rounds", 0, "moves", 0)
VARIANTS = [
    (MOVE + ("card",), "as"),
    (MOVE + ("card",), "♠A"),
    (MOVE + ("card",), " AS "),
    (MOVE + ("card",), "??"),
    (MOVE + ("card",), "1S"),
    (MOVE + ("card",), 12),
    (MOVE + ("take",), []),
    (MOVE + ("take",), ["4S", "4S"]),
    (MOVE + ("seat",), 4),
    (MOVE + ("seat",), 0.0),
    (MOVE + ("seat",), True),
    (MOVE + ("value",), 15),
    (("deals", 0, "table"), ["4s", "Td", "6C"]),
    (("deals", 0, "table"), ["4s", "Td", "6C", "9C", "2C"]),
    (("deals", 0, "rounds", 0, "hands", 2), ["??", "?? ", "kc", "QC"]),
    (("deals", 0, "rounds", 0, "hands", 2), ["??", "??", "??"]),
    (("deals", 0, "claimed", "sides", 0, "total"), 2**63 - 1),
    (("deals", 0, "claimed", "sides", 0, "total"), 2**63),
    (("deals", 0, "claimed", "sides", 0, "total"), 1.0),
    (("rules", "options", "target_score"), 2**63),
    (("rules", "options", "target_score"), 11.0),
    (("players",), [{"name": "Ana"}]),
    (("meta", "tags", "k"), 1),
]


@pytest.mark.parametrize(("path", "value"), VARIANTS)
def test_one_pass_reader_reads_what_orjson_reads(
    path: tuple[str | int, ...], value: object
) -> None:
    fast, slow = _two_ways(_variant(path, value))
    assert fast == slow


@pytest.mark.parametrize(
    "number", [b"9223372036854775807", b"9223372036854775808", b"18446744073709551616",
               b"-9223372036854775809", b"1e400", b"NaN", b"Infinity", b"1.0", b"-0"]
)  # fmt: skip
def test_one_pass_reader_and_unusual_numbers(number: bytes) -> None:
    for field in (b'"total": 1', b'"target_score": 11'):
        key = field.split(b":")[0]
        data = record_bytes().replace(field.replace(b" ", b""), key + b":" + number)
        assert data != record_bytes()
        fast, slow = _two_ways(data)
        assert fast == slow
        record, errors = jsonio.validate_record_bytes(data)
        assert (record is None) == (slow is None)
        assert record == slow


def test_one_pass_reader_and_duplicate_keys() -> None:
    data = record_bytes().replace(b'"seat":1,', b'"seat":0,"seat":1,', 1)
    fast, slow = _two_ways(data)
    assert fast is not None and fast == slow


def test_samples_read_the_same_both_ways() -> None:
    for path in sorted(SAMPLES.glob("*.json*")):
        for line in (
            path.read_bytes().splitlines()
            if path.suffix == ".jsonl"
            else [path.read_bytes()]
        ):
            fast, slow = _two_ways(line)
            assert fast is not None and fast == slow, path.name
