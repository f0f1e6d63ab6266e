from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from casino_records.record.json import jsonio
from casino_records.record.json.schema import (
    JSON_SCHEMA_DIALECT,
    SCHEMA_FILES,
    generate_schemas,
    stale_schemas,
    write_schemas,
)
from tests.paths import ROOT

SCHEMAS = ROOT / "schemas"
SAMPLES = sorted((ROOT / "sample_games").glob("*.json"))
VALID_SAMPLES = [p for p in SAMPLES if not p.name.startswith("invalid")]
RECORD_SCHEMA = "casino-record.v1.schema.json"

SMALL_RECORD: dict[str, Any] = {
    "format": "casino-record/1",
    "id": "small",
    "meta": {"event": "Test", "tags": {"k": "v"}},
    "rules": {"preset": "dominican", "options": {"target_score": 11}},
    "players": [{"name": n} for n in ("Ana", "Ben", "Caio", "Dee")],
    "teams": [[0, 2], [1, 3]],
    "deals": [
        {
            "dealer": 0,
            "shuffle": {"method": "casino-shuffle/1", "seed": "casino"},
            "table": ["4S", "5D", "6C", "9C"],
            "rounds": [
                {
                    "hands": [
                        ["??", "??", "??", "??"],
                        ["2D", "??", "??", "??"],
                        ["KH", "??", "??", "??"],
                        ["9D", "??", "??", "??"],
                    ],
                    "moves": [
                        {"seat": 3, "card": "9D", "action": "capture",
                         "take": ["4S", "5D"], "glyph": "!?"},
                        {"seat": 2, "card": "KH", "action": "trail"},
                        {"seat": 1, "card": "2D", "action": "build", "value": 8,
                         "onto": ["6C"], "comment": "eight"},
                    ],
                }
            ],
            "claimed": {"sides": [{"points": {"aces": 2}, "total": 2,
                                   "counts": {"cards": 30}}, {}]},
        }
    ],
    "claimed": {"totals": [11, 3], "winner": 0},
}  # fmt: skip


def validator() -> Draft202012Validator:
    schema = json.loads((SCHEMAS / RECORD_SCHEMA).read_text("utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def test_committed_schemas_are_up_to_date() -> None:
    generated = generate_schemas()
    committed = {path.name: path.read_bytes() for path in SCHEMAS.glob("*.schema.json")}
    assert committed == generated, (
        "schemas/ is stale: regenerate it with `casino-records schema`"
        " and commit the result"
    )
    assert stale_schemas(SCHEMAS) == []


def test_schema_headers() -> None:
    assert list(SCHEMA_FILES) == [RECORD_SCHEMA]
    schema = json.loads(generate_schemas()[RECORD_SCHEMA])
    assert schema["$schema"] == JSON_SCHEMA_DIALECT
    assert schema["$id"].endswith("/" + RECORD_SCHEMA)
    assert schema["additionalProperties"] is False


def test_small_record_validates_against_exported_schema() -> None:
    record = jsonio.loads(json.dumps(SMALL_RECORD))
    validator().validate(SMALL_RECORD)
    validator().validate(json.loads(jsonio.dumps(record)))


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(colour="red"),
        lambda d: d["deals"][0]["rounds"][0]["moves"][0].update(action="pass"),
        lambda d: d["deals"][0]["table"].append("AS"),
        lambda d: d["deals"][0]["table"].__setitem__(0, "??"),
        lambda d: d["deals"][0]["rounds"][0]["moves"][2].pop("value"),
        lambda d: d["players"].clear(),
    ],
)
def test_exported_schema_rejects_bad_records(change: Any) -> None:
    data = json.loads(json.dumps(SMALL_RECORD))
    change(data)
    assert list(validator().iter_errors(data))


@pytest.mark.parametrize("path", VALID_SAMPLES, ids=lambda p: p.name)
def test_sample_games_validate_against_exported_schema(path: Path) -> None:
    data = json.loads(path.read_text("utf-8"))
    validator().validate(data)
    jsonio.loads(path.read_bytes())


def test_write_and_check(tmp_path: Path) -> None:
    assert stale_schemas(tmp_path) == [RECORD_SCHEMA]
    assert write_schemas(tmp_path) == [RECORD_SCHEMA]
    assert write_schemas(tmp_path) == []
    assert stale_schemas(tmp_path) == []
    (tmp_path / RECORD_SCHEMA).write_bytes(b"{}")
    assert stale_schemas(tmp_path) == [RECORD_SCHEMA]
    assert write_schemas(tmp_path) == [RECORD_SCHEMA]
    assert stale_schemas(tmp_path) == []
