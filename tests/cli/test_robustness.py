"""Every input gets a verdict: one regression test per bug of issue 11, through the commands."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from casino_records.cli.main import main
from casino_records.record.files.atomic import TEMP_SUFFIX, atomic_writer
from casino_records.record.json import jsonio
from tests.paths import CLI, SAMPLES

ARCHIVE = SAMPLES / "archive-mixed.jsonl"


def run(*args: str | Path, input: bytes | str | None = None) -> Result:
    result = CliRunner().invoke(main, [str(a) for a in args], input=input)
    assert "Traceback" not in result.output + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        result.exception
    )
    return result


def table_only(**extra: Any) -> dict[str, Any]:
    return {
        "format": "casino-record/1",
        "rules": {"preset": "classic"},
        "players": [{"name": "A"}, {"name": "B"}],
        "deals": [{"dealer": 0, "table": ["AS", "2S", "3S", "4S"]}],
        **extra,
    }


def first_record() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ARCHIVE.read_bytes().split(b"\n", 1)[0])
    return data


# --- 1. deep nesting ------------------------------------------------------------------


DEEP = (
    b'{"format":"casino-record/1","rules":{"preset":"classic","options":{"sweeps":'
    + b"[" * 980
    + b"]" * 980
    + b'}},"players":[{"name":"A"},{"name":"B"}],'
    b'"deals":[{"dealer":0,"table":["AS","2S","3S","4S"]}]}'
)


@pytest.mark.parametrize(
    "command",
    [
        ("validate",),
        ("rescore",),
        ("show",),
        ("fmt", "--check"),
        ("validate", "-j", "2"),
    ],
)
def test_deep_nesting_is_invalid_at_its_pointer(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    path = tmp_path / "deep.json"
    path.write_bytes(DEEP)
    result = run(*command, path)
    assert result.exit_code == 1
    assert "/rules/options/sweeps" in result.output + result.stderr
    assert "not an array" in result.output + result.stderr


def test_deep_nesting_in_a_card_of_an_archive_spoils_only_its_line(
    tmp_path: Path,
) -> None:
    deep = json.dumps(table_only()).encode()
    deep = deep.replace(b'"table": ["AS"', b'"table": [' + b"[" * 900 + b"]" * 900)
    path = tmp_path / "a.jsonl"
    path.write_bytes(ARCHIVE.read_bytes().split(b"\n", 1)[0] + b"\n" + deep + b"\n")
    result = run("validate", "-j", "2", path)
    assert result.exit_code == 1
    assert result.output.startswith(f"ok          {path}:1\ninvalid     {path}:2:")
    assert "/deals/0/table/0" in result.output


def test_deep_nesting_in_convert_is_a_clean_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_bytes(DEEP)
    result = run("convert", path, "-o", tmp_path / "out.csv")
    assert result.exit_code == 1
    assert "/rules/options/sweeps" in result.stderr


# --- 2. CSV fields of any length ---------------------------------------------------------


def test_csv_export_of_a_very_long_field(tmp_path: Path) -> None:
    data = first_record()
    data["players"][0]["name"] = "N" * 200_000
    data["deals"][0]["rounds"][0]["moves"][0]["comment"] = "c" * 150_000
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data))
    for kind in ("moves", "scores"):
        out = tmp_path / f"{kind}.csv"
        result = run("convert", path, "-o", out, "--csv", kind)
        assert result.exit_code == 0, result.stderr
        assert "N" * 200_000 in out.read_text()


# --- 3. a deal with its table and no rounds ----------------------------------------------


@pytest.mark.parametrize(
    "command",
    [("validate",), ("rescore",), ("show",), ("convert", "--csv", "scores", "-o")],
)
def test_a_deal_with_only_its_table_is_unfinished(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps(table_only()))
    if command[0] == "convert":
        result = run("convert", path, *command[1:], tmp_path / "s.csv")
    else:
        result = run(*command, path)
    assert result.exit_code == 0
    if command[0] == "validate":
        assert result.output.startswith(f"ok          {path}\n")


def test_legal_on_a_deal_with_only_its_table_says_why(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps(table_only()))
    result = run("legal", path, "--deal", "1", "--move", "1")
    assert result.exit_code == 2
    assert "deal 1 is recorded up to its table: no hand is known yet" in result.stderr


def test_an_unplayed_deal_before_others_is_an_error(tmp_path: Path) -> None:
    data = table_only()
    data["deals"].append({"dealer": 1, "table": ["5S", "6S", "7S", "8S"]})
    path = tmp_path / "t.json"
    path.write_text(json.dumps(data))
    result = run("validate", "--verbose", path)
    assert result.exit_code == 1
    assert "deal 1: the deal is unfinished but later deals follow (R3.3)\n" in (
        result.output
    )
    assert "  at /deals/0\n" in result.output


# --- 4. a card named twice in take or onto ----------------------------------------------


@pytest.mark.parametrize("key", ["take", "onto"])
def test_a_card_named_twice_in_one_move_is_invalid_at_the_repeat(
    tmp_path: Path, key: str
) -> None:
    data = first_record()
    moves = [m for r in data["deals"][0]["rounds"] for m in r["moves"]]
    move = next(m for m in moves if key in m)
    move[key] = [move[key][0], move[key][0]]
    path = tmp_path / "twice.json"
    path.write_text(json.dumps(data))
    result = run("validate", path)
    assert result.exit_code == 1
    assert f"/{key}/1)" in result.output
    assert "G3 card" in result.output and "is named twice" in result.output
    assert run("fmt", "--check", path).exit_code == 1


# --- 5. one rule for what a file is --------------------------------------------------------


def test_fmt_keeps_an_upper_case_archive_readable(tmp_path: Path) -> None:
    path = tmp_path / "t.JSONL"
    path.write_bytes(b"\n".join(ARCHIVE.read_bytes().split(b"\n")[:2]) + b"\n")
    assert run("fmt", path).exit_code == 0
    result = run("validate", path)
    assert result.exit_code == 0
    assert result.output.count("ok ") == 2


def test_convert_an_ndjson_archive_to_stdout_keeps_every_record(tmp_path: Path) -> None:
    path = tmp_path / "t.ndjson"
    lines = ARCHIVE.read_bytes().split(b"\n")[:3]
    path.write_bytes(b"\n".join(lines) + b"\n")
    result = run("convert", path, "-o", "-")
    assert result.exit_code == 0
    assert result.stdout_bytes.count(b"\n") == 3
    assert "converted 3 records" in result.stderr


def test_a_folder_is_searched_for_every_suffix_in_any_case(tmp_path: Path) -> None:
    (tmp_path / "A.JSON").write_bytes(
        (SAMPLES / "classic-2p-annotated.json").read_bytes()
    )
    (tmp_path / "b.ndjson").write_bytes(ARCHIVE.read_bytes().split(b"\n", 1)[0] + b"\n")
    result = run("validate", tmp_path)
    assert result.exit_code == 0
    assert "2 records: 2 ok" in result.output


# --- 6. canonical output larger than the read limit ------------------------------------------


def test_a_record_whose_canonical_form_is_over_the_limit_is_not_written(
    tmp_path: Path,
) -> None:
    source = tmp_path / "one.jsonl"
    line = ARCHIVE.read_bytes().split(b"\n", 1)[0]
    source.write_bytes(line + b"\n")
    limit = len(line) + 10  # the line fits; its indented form does not
    out = tmp_path / "out.json"
    result = run("--max-bytes", str(limit), "convert", source, "-o", out)
    assert result.exit_code == 1
    assert "not written: its canonical form would be" in result.stderr
    assert f"over the {limit}-byte limit" in result.stderr
    assert not out.exists()


def test_fmt_leaves_a_file_whose_canonical_form_is_too_large(tmp_path: Path) -> None:
    line = ARCHIVE.read_bytes().split(b"\n", 1)[0]
    path = tmp_path / "r.json"
    path.write_bytes(line)
    result = run("--max-bytes", str(len(line) + 10), "fmt", path)
    assert result.exit_code == 1
    assert "(left as it is)" in result.stderr
    assert path.read_bytes() == line


# --- 7. rescore streams, and with --jobs ----------------------------------------------------


def test_rescore_with_jobs_equals_rescore_alone(tmp_path: Path) -> None:
    serial = run("rescore", ARCHIVE, "--format", "json")
    parallel = run("rescore", ARCHIVE, "--format", "json", "-j", "2")
    assert serial.exit_code == parallel.exit_code == 0
    assert serial.stdout_bytes == parallel.stdout_bytes
    one = run("rescore", ARCHIVE, "-o", tmp_path / "a.jsonl")
    two = run("rescore", ARCHIVE, "-o", tmp_path / "b.jsonl", "-j", "2")
    assert one.stdout == two.stdout
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()
    assert (tmp_path / "a.jsonl").read_bytes() == ARCHIVE.read_bytes()


def test_rescore_writes_nothing_when_a_later_record_is_invalid(tmp_path: Path) -> None:
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(ARCHIVE.read_bytes().split(b"\n", 1)[0] + b"\n{bad\n")
    out = tmp_path / "fixed.jsonl"
    result = run("rescore", path, "-o", out)
    assert result.exit_code == 2
    assert f"not written: {out}" in result.stderr and f"{path}:2" in result.stderr
    assert not out.exists()


# --- 8. the limit is the same for a file and an archive line -----------------------------------


def test_a_record_of_exactly_the_limit_reads_as_json_and_as_a_line(
    tmp_path: Path,
) -> None:
    line = ARCHIVE.read_bytes().split(b"\n", 1)[0]
    (tmp_path / "r.json").write_bytes(line)
    (tmp_path / "r.jsonl").write_bytes(line + b"\n")
    (tmp_path / "crlf.jsonl").write_bytes(line + b"\r\n")
    result = run("--max-bytes", str(len(line)), "validate", tmp_path)
    assert result.exit_code == 0, result.output
    over = run("--max-bytes", str(len(line) - 1), "validate", tmp_path)
    sizes = {
        part.split(" bytes")[0] for part in over.output.split("record too large: ")[1:]
    }
    assert sizes == {str(len(line))}


# --- 9. numbers out of range ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("1e400", "1e400"),
        ("1234567890123456789012345", "1234567890123456789012345"),
        ("18446744073709551616", "18446744073709551616"),
        ("9223372036854775808", "9223372036854775808"),
        ("-1", "-1"),
        ("2.5", "2.5"),
    ],
)
def test_a_number_out_of_range_is_invalid_at_its_pointer_as_written(
    tmp_path: Path, written: str, shown: str
) -> None:
    text = json.dumps(table_only(claimed={"totals": [0, 0]}))
    text = text.replace('"totals": [0, 0]', f'"totals": [{written}, 0]')
    path = tmp_path / "n.json"
    path.write_text(text)
    result = run("validate", path)
    assert result.exit_code == 1, result.output
    assert "invalid " in result.output
    assert f"not {shown} (/claimed/totals/0)" in result.output
    assert "claimed total of side 0" in result.output


def test_an_option_out_of_range_is_invalid_at_its_pointer(tmp_path: Path) -> None:
    text = json.dumps(table_only()).replace(
        '"preset": "classic"', '"preset": "classic", "options": {"target_score": 1e400}'
    )
    path = tmp_path / "n.json"
    path.write_text(text)
    result = run("validate", path)
    assert result.exit_code == 1
    assert "not 1e400 (/rules/options/target_score)" in result.output


# --- the smaller ones ------------------------------------------------------------------------


def test_a_huge_option_key_gives_a_short_line(tmp_path: Path) -> None:
    data = table_only()
    data["rules"]["options"] = {"k" * 1_000_000: True}
    path = tmp_path / "k.json"
    path.write_text(json.dumps(data))
    result = run("validate", path)
    assert result.exit_code == 1
    assert len(result.output.replace(str(path), "")) < 1000


def test_show_refuses_a_seat_that_does_not_exist() -> None:
    result = run("show", SAMPLES / "classic-2p-annotated.json", "--seat", "5")
    assert result.exit_code == 2
    assert "seat 5 does not exist (seats 0 to 1)" in result.stderr


def test_at_cannot_be_combined_with_deal_or_move() -> None:
    path = SAMPLES / "classic-2p-annotated.json"
    result = run("show", path, "--at", "/deals/0", "--deal", "2")
    assert result.exit_code == 2
    assert "give --at, or --deal and --move" in result.stderr
    result = run("legal", path, "--at", "/deals/0", "--move", "2")
    assert result.exit_code == 2


def test_a_key_given_twice_is_refused_by_both_readers(tmp_path: Path) -> None:
    text = json.dumps(table_only()).replace('"dealer": 0', '"dealer": 0, "dealer": 1')
    path = tmp_path / "twice.json"
    path.write_text(text)
    result = run("validate", path)
    assert result.exit_code == 1
    assert "the key 'dealer' is given twice in one object" in result.output
    assert "(/deals/0/dealer)" in result.output
    # The one-pass reader would have kept the last value; the other one refuses too.
    bad = text.replace('"table": ["AS"', '"table": ["XX"')
    record, errors = jsonio.validate_record_bytes(bad)
    assert record is None
    assert {e.loc for e in errors} >= {"/deals/0/dealer", "/deals/0/table/0"}


def test_a_key_given_twice_with_escapes_is_found(tmp_path: Path) -> None:
    text = json.dumps(table_only()).replace(
        '"dealer": 0', '"dealer": 0, "deal\\u0065r": 0'
    )
    record, errors = jsonio.validate_record_bytes(text)
    assert record is None and errors[0].loc == "/deals/0/dealer"


def test_a_stale_temporary_is_removed_by_the_next_write(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    code = (
        "import os, sys\n"
        "from casino_records.record.files.atomic import atomic_writer\n"
        "with atomic_writer(sys.argv[1]) as out:\n"
        "    out.write(b'half')\n"
        "    out.flush()\n"
        "    os.kill(os.getpid(), 9)\n"
    )
    subprocess.run([sys.executable, "-c", code, str(target)], check=False, timeout=60)
    stale = [p for p in tmp_path.iterdir() if p.name.endswith(TEMP_SUFFIX)]
    assert len(stale) == 1 and not target.exists()
    jsonio.dump(jsonio.load(SAMPLES / "classic-2p-annotated.json"), target)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_a_write_in_progress_elsewhere_is_left_alone(tmp_path: Path) -> None:
    live = tmp_path / f".game.json.{os.getppid()}.abc{TEMP_SUFFIX}"
    live.write_bytes(b"another process is writing")
    with atomic_writer(tmp_path / "other.json") as out:
        out.write(b"{}")
    assert live.exists()


def test_a_full_disk_names_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    out = tmp_path / "out.jsonl"
    result = run("convert", ARCHIVE, "-o", out)
    assert result.exit_code == 2
    assert f"{out}: No space left on device" in result.stderr
    assert not out.exists()
    assert list(tmp_path.iterdir()) == []


def test_a_binary_file_is_one_error(tmp_path: Path) -> None:
    path = tmp_path / "photo.txt"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + b"\n\x00" * 500)
    result = run("validate", path)
    assert result.exit_code == 2
    assert result.output == (
        f"unreadable  {path}: not a text file\n"
        "1 record: 0 ok, 0 disputed, 0 invalid, 1 unreadable\n"
    )


def test_the_command_line_limit_is_the_library_limit() -> None:
    result = run("--help")
    assert "[default: 16777216;" in result.output
    assert jsonio.DEFAULT_MAX_BYTES == 16777216


def test_a_real_process_never_prints_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_bytes(DEEP)
    done = subprocess.run(
        [CLI, "validate", "-j", "2", str(path)], capture_output=True, timeout=120
    )
    assert done.returncode == 1
    assert b"Traceback" not in done.stdout + done.stderr


def test_the_viewer_opens_what_the_commands_judge() -> None:
    from casino_records.present import viewmodel as vm

    deep = vm.open_bytes(DEEP, "deep.json")
    assert deep.problem is not None
    assert any("/rules/options/sweeps" in line for line in deep.problem.details)
    opened = vm.open_bytes(json.dumps(table_only()).encode(), "t.json")
    assert opened.record is not None
    game = vm.build_game(opened.record)
    assert game.report.status == "ok" and game.deals == []
