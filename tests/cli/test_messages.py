"""The messages a club player reads (issue 10): one test per message, its words and its place."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from casino_records.cli.main import main
from casino_records.record.format import claims, models
from casino_records.record.json import jsonio
from tests.paths import SAMPLES

OUT_OF_TURN = SAMPLES / "invalid-out-of-turn.json"
UNFINISHED = SAMPLES / "classic-2p-unfinished.json"


def run(*args: str | Path, input: bytes | str | None = None) -> Result:
    result = CliRunner().invoke(main, [str(a) for a in args], input=input)
    assert "Traceback" not in result.output + result.stderr
    return result


def write(tmp_path: Path, data: dict[str, Any], name: str = "r.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False))
    return path


def sample(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


# --- validate's first problem --------------------------------------------------------------


def test_validate_prints_the_first_problem_and_how_many_more(tmp_path: Path) -> None:
    data = sample(OUT_OF_TURN)
    data["players"][0]["nick"] = "x"
    data["deals"][0]["rounds"][0]["moves"][0]["card"] = "1OH"
    data["deals"][0]["dealer"] = 7
    result = run("validate", write(tmp_path, data))
    line = result.output.splitlines()[0]
    assert line.endswith("(+2 more: rescore shows all)")
    assert (
        "player at seat 0, field nick: unknown field 'nick' (/players/0/nick)" in line
    )
    full = run("rescore", write(tmp_path, data)).output
    assert full.count("  ✗ ") == 3


def test_the_unknown_field_comes_before_the_missing_one_it_stands_for(
    tmp_path: Path,
) -> None:
    data = sample(OUT_OF_TURN)
    data["deals"][0]["rounds"][1]["moves"][2]["on"] = ["2H"]
    del data["deals"][0]["rounds"][1]["moves"][2]["onto"]
    result = run("validate", write(tmp_path, data))
    first = result.output.splitlines()[0]
    assert "unknown field 'on' (did you mean 'onto'?)" in first
    assert first.endswith("(/deals/0/rounds/1/moves/2/on) (+1 more: rescore shows all)")
    errors = jsonio.validate_record_bytes(json.dumps(data))[1]
    assert [e.loc.rsplit("/", 1)[1] for e in errors] == ["on", "onto"]


# --- did you mean, and where a field belongs ---------------------------------------------------

_OBJECTS: dict[type[Any], tuple[str, dict[str, Any]]] = {
    claims.ClaimedPoints: ("/deals/0/claimed/sides/0/points", {}),
    claims.ClaimedCounts: ("/deals/0/claimed/sides/0/counts", {}),
    models.Player: ("/players/0", {"name": "A"}),
    models.TrailMove: (
        "/deals/0/rounds/0/moves/0",
        {"seat": 1, "card": "5H", "action": "trail"},
    ),
}


def _place(data: dict[str, Any], loc: str, value: dict[str, Any]) -> None:
    node: Any = data
    parts = loc.split("/")[1:]
    for part in parts[:-1]:
        node = node[int(part)] if isinstance(node, list) else node[part]
    last = parts[-1]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value


def _base() -> dict[str, Any]:
    return {
        "format": "casino-record/1",
        "rules": {"preset": "classic"},
        "players": [{"name": "A"}, {"name": "B"}],
        "deals": [
            {
                "dealer": 0,
                "table": ["AS", "2S", "3S", "4S"],
                "rounds": [{"moves": [{"seat": 1, "card": "5H", "action": "trail"}]}],
                "claimed": {"sides": [{"points": {}, "counts": {}}, {}]},
            }
        ],
    }


FIELD_NAMES = sorted(
    {
        name
        for model in vars(models).values()
        if isinstance(model, type) and issubclass(model, models.RecordModel)
        for name in model.model_fields
    }
)


@pytest.mark.parametrize("model", list(_OBJECTS), ids=lambda m: m.__name__)
def test_did_you_mean_never_suggests_the_word_typed(model: type[Any]) -> None:
    loc, content = _OBJECTS[model]
    for name in FIELD_NAMES:
        if name in model.model_fields:
            continue
        data = _base()
        _place(data, loc, {**content, name: 1})
        errors = jsonio.validate_record_bytes(json.dumps(data))[1]
        unknown = next(e for e in errors if e.loc == f"{loc}/{name}")
        assert f"did you mean {name!r}" not in unknown.message
        assert unknown.message.startswith(f"unknown field {name!r}")


def test_a_field_in_the_wrong_object_says_where_it_belongs() -> None:
    data = _base()
    data["deals"][0]["claimed"]["sides"][0]["points"] = {"spades": 3}
    errors = jsonio.validate_record_bytes(json.dumps(data))[1]
    assert errors[0].loc == "/deals/0/claimed/sides/0/points/spades"
    assert errors[0].where == "deal 1, claimed side 0, field points.spades"
    assert errors[0].message == (
        "unknown field 'spades' (it belongs in counts, not in points)"
    )
    data = _base()
    data["deals"][0]["rounds"][0]["moves"][0]["take"] = ["AS"]
    errors = jsonio.validate_record_bytes(json.dumps(data))[1]
    assert errors[0].message == (
        "unknown field 'take' (it belongs in a capture, not in a trail)"
    )


def test_a_text_claim_in_the_wrong_group_says_where_it_belongs(tmp_path: Path) -> None:
    text = tmp_path / "g.txt"
    run("convert", SAMPLES / "disputed-sweep-count.json", "-o", text)
    lines = text.read_text().splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("Side 0 points ("))
    lines[k] = lines[k].replace("points (", "points (spades 3 ", 1)
    text.write_text("\n".join(lines) + "\n")
    result = run("validate", text)
    column = lines[k].index("spades") + 1
    assert (
        f"line {k + 1}, column {column}: unknown points entry 'spades'" in result.output
    )
    assert "(it belongs in counts, not in points)" in result.output


# --- the text notation -------------------------------------------------------------------------


def test_every_finding_of_a_text_record_has_its_line_and_column(tmp_path: Path) -> None:
    text = tmp_path / "oot.txt"
    run("convert", OUT_OF_TURN, "-o", text)
    number = text.read_text().splitlines().index("11. S0 4H +6 2H") + 1
    result = run("validate", text)
    assert result.exit_code == 1
    assert (
        f"{text}: line {number}, column 1, deal 1, move 11 (round 2), Ana: 4♥"
        in result.output
    )
    report = run("rescore", text, "--format", "json")
    finding = json.loads(report.output)["records"][0]["report"]["findings"][0]
    assert finding["where"].startswith(f"line {number}, column 1, ")
    assert finding["loc"] == "/deals/0/rounds/1/moves/2"


def test_a_card_read_leniently_is_echoed_as_typed(tmp_path: Path) -> None:
    data = sample(OUT_OF_TURN)
    data["deals"][0]["rounds"][1]["moves"][2]["card"] = "4h"
    result = run("validate", write(tmp_path, data))
    assert "Ana: 4h (read as 4♥) builds 6 onto 2♥: out of turn" in result.output
    text = tmp_path / "oot.txt"
    run("convert", OUT_OF_TURN, "-o", text)
    text.write_text(text.read_text().replace("11. S0 4H +6 2H", "11. S0 4♡ +6 2h"))
    result = run("validate", text)
    assert "Ana: 4♡ (read as 4♥) builds 6 onto 2♥: out of turn" in result.output


def test_a_name_with_spaces_in_a_tag_is_refused_not_split(tmp_path: Path) -> None:
    path = tmp_path / "g.txt"
    path.write_text(
        '[Format "casino-record/1"]\n[Preset classic]\n[Player 0 Ana Maria]\n'
        '[Player 1 "Ben"]\n\nDeal 1 dealer S0\nTable AS 2S 3S 4S\n'
    )
    result = run("validate", path)
    assert result.exit_code == 2
    assert (
        "line 3, column 15: unexpected 'Maria' in the Player tag: a value with spaces"
        ' is written in quotes, such as "Ana Maria"'
    ) in result.output
    path.write_text(path.read_text().replace("Ana Maria", '"Ana Maria" "A17"'))
    assert run("validate", path).exit_code == 0


def test_a_tag_name_in_quotes_does_not_suggest_itself(tmp_path: Path) -> None:
    path = tmp_path / "g.txt"
    path.write_text('["Event" "x"]\n')
    result = run("validate", path)
    assert "line 1, column 2: a tag name is a bare word: [Event ...]" in result.output
    path.write_text("[Evnt x]\n")
    assert "unknown tag 'Evnt' (did you mean 'Event'?)" in run("validate", path).output


# --- a binary file ------------------------------------------------------------------------------


def test_a_binary_file_is_one_not_a_text_file_error(tmp_path: Path) -> None:
    path = tmp_path / "archive.jsonl"
    path.write_bytes(b"PK\x03\x04\x14\x00" + b"\n\xff\x00junk" * 300)
    result = run("validate", path)
    assert result.output.splitlines() == [
        f"unreadable  {path}: not a text file",
        "1 record: 0 ok, 0 disputed, 0 invalid, 1 unreadable",
    ]


def test_no_place_is_named_twice(tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl"
    path.write_bytes(b'{"format": "casino-record/1"}\n{bad\n')
    out = run("validate", path).output
    assert "line 2, line 2" not in out and "line 1, line 1" not in out
    assert f"{path}:2: line 2, column 2: invalid JSON" in out


# --- legal and show at the end of a round or deal ----------------------------------------------


def test_legal_at_the_end_of_a_round_says_the_round_is_over(tmp_path: Path) -> None:
    data = sample(UNFINISHED)
    data["deals"][1]["rounds"] = data["deals"][1]["rounds"][:2]
    path = write(tmp_path, data)
    result = run("legal", path, "--deal", "2", "--move", "17")
    assert result.exit_code == 0
    assert result.output.endswith(
        "Round 2 is over: every card of it is played, and the record gives no later"
        " round, so there is no move to make.\n"
    )


def test_show_gives_the_residue_its_own_step() -> None:
    result = run("show", SAMPLES / "classic-2p-annotated.json", "--deal", "1")
    lines = result.output.splitlines()
    last = next(i for i, line in enumerate(lines) if line.lstrip().startswith("48."))
    assert lines[last].endswith("table: 6♥ 8♦")
    step = next(line for line in lines[last:] if line.startswith("  end."))
    assert step == (
        "  end. Marta takes the residue 6♥ 8♦ (the last capturer takes the cards"
        " left, R11.1)  table: empty"
    )


# --- one size limit -------------------------------------------------------------------------------


def test_the_size_limit_is_one_number_everywhere() -> None:
    from casino_records.present import viewmodel as vm
    from casino_records.record.files.kinds import MAX_RECORD_BYTES
    from tests.paths import DOCS, ROOT

    assert MAX_RECORD_BYTES == 16 * 1024 * 1024
    assert vm.MAX_UPLOAD_MB * 1024 * 1024 == MAX_RECORD_BYTES
    assert f"[default: {MAX_RECORD_BYTES};" in run("--help").output
    for text in ((ROOT / "README.md").read_text(), (DOCS / "notation.md").read_text()):
        assert "16 MiB" in text
        assert "64 MiB" not in text and "5 MB" not in text
