"""The command line, in-process through click's CliRunner, on the real sample games.

Every test asserts the exit code first, then what went to stdout and stderr.
"""

from __future__ import annotations

import importlib
import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from casino_records.cli import main
from casino_records.cli.view import viewer_app
from casino_records.present import VIEW_PATH_ENV
from casino_records.record.json import jsonio
from tests.paths import SAMPLES

VALID = sorted(
    p
    for p in SAMPLES.glob("*.json")
    if not p.name.startswith(("disputed-", "invalid-"))
)
DISPUTED = sorted(SAMPLES.glob("disputed-*.json"))
INVALID = sorted(SAMPLES.glob("invalid-*.json"))
ARCHIVE = SAMPLES / "archive-mixed.jsonl"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def run(
    runner: CliRunner, *args: str | Path, input: bytes | str | None = None
) -> Result:
    result = runner.invoke(main, [str(a) for a in args], input=input)
    assert "Traceback" not in result.output
    assert "Traceback" not in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        result.exception
    )
    return result


def test_samples_are_there() -> None:
    assert VALID and DISPUTED and INVALID and ARCHIVE.is_file()


# --- help, version ------------------------------------------------------------------


COMMANDS = [
    "validate",
    "rescore",
    "show",
    "legal",
    "convert",
    "fmt",
    "simulate",
    "schema",
    "view",
    "html",
]


def test_help_lists_every_command(runner: CliRunner) -> None:
    result = run(runner, "--help")
    assert result.exit_code == 0
    for command in COMMANDS:
        assert command in result.stdout
    assert "Exit codes" in result.stdout


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(runner: CliRunner, command: str) -> None:
    result = run(runner, command, "--help")
    assert result.exit_code == 0
    assert (
        result.stdout.startswith(f"Usage: main {command}") or "Usage:" in result.stdout
    )


def test_version(runner: CliRunner) -> None:
    from casino_records import __version__

    result = run(runner, "--version")
    assert result.exit_code == 0
    assert __version__ in result.stdout


def test_unknown_command_is_a_usage_error(runner: CliRunner) -> None:
    result = run(runner, "frobnicate")
    assert result.exit_code == 2
    assert "No such command" in result.stderr
    assert result.stdout == ""


def test_help_imports_no_heavy_module() -> None:
    code = (
        "import sys; from casino_records.cli import main\n"
        "heavy = [m for m in ('pydantic', 'orjson', 'casino_records.check.replay',"
        " 'casino_records.record.format.models') if m in sys.modules]\n"
        "print(','.join(heavy))"
    )
    import sys

    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == ""


# --- validate -----------------------------------------------------------------------


def test_validate_valid_record(runner: CliRunner) -> None:
    result = run(runner, "validate", VALID[0])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == f"ok          {VALID[0]}"
    assert "1 record: 1 ok, 0 disputed, 0 invalid, 0 unreadable" in result.stdout
    assert result.stderr == ""


@pytest.mark.parametrize("path", DISPUTED, ids=lambda p: p.name)
def test_validate_disputed_record(runner: CliRunner, path: Path) -> None:
    result = run(runner, "validate", path)
    assert result.exit_code == 1
    line = result.stdout.splitlines()[0]
    assert line.startswith("disputed ")
    assert "claimed" in line and "/" not in line.split(": ", 1)[1]  # words only
    verbose = run(runner, "validate", "--verbose", path).stdout.splitlines()
    assert verbose[0] == line
    assert verbose[1].startswith(" " * 12 + "at /")  # the pointer, on its own line


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.name)
def test_validate_invalid_record(runner: CliRunner, path: Path) -> None:
    result = run(runner, "validate", path)
    assert result.exit_code == 1
    line = result.stdout.splitlines()[0]
    assert line.startswith("invalid ")
    assert "/deals/" not in line and "seat" not in line
    verbose = run(runner, "validate", "-v", path).stdout.splitlines()
    assert verbose[:2] == [line, verbose[1]]
    assert verbose[1].startswith(" " * 12 + "at /deals/0/")


def test_validate_folder(runner: CliRunner) -> None:
    result = run(runner, "validate", SAMPLES)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    archive_lines = [line for line in lines if "archive-mixed.jsonl:" in line]
    assert len(archive_lines) == 20
    summary = lines[-1]
    records = 20 + len(VALID) + len(DISPUTED) + len(INVALID)
    assert summary == (
        f"{records} records: {records - len(DISPUTED) - len(INVALID)} ok,"
        f" {len(DISPUTED)} disputed, {len(INVALID)} invalid, 0 unreadable"
    )


def test_validate_json_output(runner: CliRunner) -> None:
    result = run(runner, "validate", "--format", "json", DISPUTED[0], VALID[0])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert [r["status"] for r in data["records"]] == ["disputed", "ok"]
    first = data["records"][0]
    assert first["source"] == str(DISPUTED[0])
    assert first["report"]["disputed"] is True
    assert any(f["severity"] == "dispute" for f in first["report"]["findings"])
    assert data["summary"] == {
        "ok": 1,
        "disputed": 1,
        "invalid": 0,
        "unreadable": 0,
        "records": 2,
        "stopped": False,
    }


def test_validate_json_output_for_unreadable(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    result = run(runner, "validate", "--format", "json", bad)
    assert result.exit_code == 2
    entry = json.loads(result.stdout)["records"][0]
    assert entry["status"] == "unreadable"
    assert entry["errors"][0]["message"].startswith("invalid JSON")


def test_validate_fail_fast(runner: CliRunner) -> None:
    result = run(runner, "validate", "--fail-fast", DISPUTED[0], VALID[0])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert len(lines) == 2
    assert "--fail-fast" in lines[-1]


def test_validate_quiet(runner: CliRunner) -> None:
    result = run(runner, "validate", "-q", VALID[0], DISPUTED[0])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert len(lines) == 2 and lines[0].startswith("disputed")


def test_validate_jobs_keeps_order(runner: CliRunner) -> None:
    one = run(runner, "validate", SAMPLES)
    two = run(runner, "validate", "--jobs", "2", SAMPLES)
    assert two.exit_code == one.exit_code == 1
    assert two.stdout == one.stdout


def test_validate_progress_bar_is_on_stderr(runner: CliRunner) -> None:
    result = run(runner, "validate", "--progress", ARCHIVE)
    assert result.exit_code == 0
    assert "checking" in result.stderr
    assert "checking" not in result.stdout


def test_validate_stdin(runner: CliRunner) -> None:
    result = run(runner, "validate", "-", input=VALID[0].read_bytes())
    assert result.exit_code == 0
    assert result.stdout.startswith("ok          <stdin>")


def test_validate_stdin_archive(runner: CliRunner) -> None:
    result = run(runner, "validate", "-", input=ARCHIVE.read_bytes())
    assert result.exit_code == 0
    assert "<stdin>:20" in result.stdout


def test_validate_text_notation(runner: CliRunner, tmp_path: Path) -> None:
    text = tmp_path / "game.txt"
    result = run(runner, "convert", VALID[0], "-o", text)
    assert result.exit_code == 0
    result = run(runner, "validate", text)
    assert result.exit_code == 0
    assert result.stdout.startswith(f"ok          {text}")


# --- hostile input ------------------------------------------------------------------


HOSTILE: dict[str, bytes] = {
    "empty.json": b"",
    "blank.json": b"   \n",
    "junk.json": bytes(range(256)) * 8,
    "truncated.json": b'{"format": "casino-record/1", "rules": {"pre',
    "deep.json": b"[" * 5000 + b"]" * 5000,
    "deep-object.json": b'{"a":' * 3000 + b"1" + b"}" * 3000,
    "nul.json": b"\x00\x00\x00",
    "bom-only.json": b"\xef\xbb\xbf",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
@pytest.mark.parametrize("command", ["validate", "rescore", "show", "fmt"])
def test_hostile_input_is_unreadable(
    runner: CliRunner, tmp_path: Path, name: str, command: str
) -> None:
    path = tmp_path / name
    path.write_bytes(HOSTILE[name])
    result = run(runner, command, path)
    assert result.exit_code == 2
    text = result.stdout + result.stderr
    assert name in text
    assert "invalid JSON" in text or "not UTF-8" in text or "not a text file" in text


def test_a_json_value_that_is_not_an_object_is_invalid(
    runner: CliRunner, tmp_path: Path
) -> None:
    path = tmp_path / "list.json"
    path.write_bytes(b"[1, 2]")
    result = run(runner, "show", path)
    assert result.exit_code == 1
    assert "a record is a JSON object, not an array" in result.stderr


def test_fifty_megabytes_fail_fast_and_clean(runner: CliRunner, tmp_path: Path) -> None:
    import time

    path = tmp_path / "huge.json"
    with open(path, "wb") as stream:
        stream.write(b'{"format": "casino-record/1", "comment": "')
        stream.write(b"x" * (50 * 1024 * 1024))
        stream.write(b'"}')
    for command in ("validate", "show", "rescore"):
        start = time.perf_counter()
        result = run(runner, command, path)
        assert time.perf_counter() - start < 5
        assert result.exit_code == 2
        assert "record too large" in result.stdout + result.stderr


def test_long_archive_line_is_skipped(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl"
    good = jsonio.dumps_jsonl([jsonio.load(VALID[0])])
    path.write_bytes(good + b'{"x": "' + b"y" * 50000 + b'"}\n' + good)
    result = run(runner, "--max-bytes", "4000", "validate", path)
    assert result.exit_code == 2
    lines = result.stdout.splitlines()
    assert lines[1].startswith(f"unreadable  {path}:2: record too large")
    assert lines[2].startswith("ok") is False  # the good line is larger than 4000 too
    result = run(runner, "--max-bytes", str(len(good) + 10), "validate", path)
    assert result.exit_code == 2
    assert [line.split()[0] for line in result.stdout.splitlines()[:3]] == [
        "ok",
        "unreadable",
        "ok",
    ]


def test_mixed_folder(runner: CliRunner, tmp_path: Path) -> None:
    shutil.copy(VALID[0], tmp_path / "good.json")
    shutil.copy(DISPUTED[0], tmp_path / "disputed.json")
    shutil.copy(INVALID[0], tmp_path / "invalid.json")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "junk.json").write_bytes(b"\xff\xfe junk")
    (tmp_path / "sub" / "notes.md").write_text("not a record")
    (tmp_path / ".hidden.json").write_text("{")
    lines = ARCHIVE.read_bytes().splitlines(keepends=True)[:3]
    (tmp_path / "sub" / "arch.jsonl").write_bytes(b"".join(lines) + b"{oops\n")
    result = run(runner, "validate", tmp_path)
    assert result.exit_code == 2
    statuses = {
        line.split()[1]: line.split()[0] for line in result.stdout.splitlines()[:-1]
    }
    assert statuses == {
        f"{tmp_path}/disputed.json:": "disputed",
        f"{tmp_path}/good.json": "ok",
        f"{tmp_path}/invalid.json:": "invalid",
        f"{tmp_path}/sub/arch.jsonl:1": "ok",
        f"{tmp_path}/sub/arch.jsonl:2": "ok",
        f"{tmp_path}/sub/arch.jsonl:3": "ok",
        f"{tmp_path}/sub/arch.jsonl:4:": "unreadable",
        f"{tmp_path}/sub/junk.json:": "unreadable",
    }
    assert result.stdout.splitlines()[-1] == (
        "8 records: 4 ok, 1 disputed, 1 invalid, 2 unreadable"
    )


def test_unreadable_file_permission(runner: CliRunner, tmp_path: Path) -> None:
    import os

    path = tmp_path / "locked.json"
    shutil.copy(VALID[0], path)
    path.chmod(0)
    if os.access(path, os.R_OK):
        pytest.skip("running as root: permissions are not enforced")
    result = run(runner, "validate", path)
    assert result.exit_code == 2
    assert "cannot read the file" in result.stdout


def test_schema_error_names_pointer_and_words(
    runner: CliRunner, tmp_path: Path
) -> None:
    data = json.loads(VALID[0].read_text())
    data["deals"][0]["dealer"] = 9
    path = tmp_path / "bad-dealer.json"
    path.write_text(json.dumps(data))
    result = run(runner, "show", path)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {path}: deal 1")
    assert "(/deals/0/dealer)" in result.stderr


# --- rescore -----------------------------------------------------------------------


def test_rescore_valid(runner: CliRunner) -> None:
    path = SAMPLES / "classic-2p-tie-play-on.json"
    result = run(runner, "rescore", path)
    assert result.exit_code == 0
    assert result.stdout.startswith(f"{path}: OK")
    assert "✗" not in result.stdout
    assert "Result: Ana wins" in result.stdout


def test_rescore_disputed_most_cards(runner: CliRunner) -> None:
    from casino_records.check.replay import replay

    path = SAMPLES / "disputed-most-cards.json"
    report = replay(jsonio.load(path)).report
    disputes = [f for f in report.findings if f.severity == "dispute"]
    result = run(runner, "rescore", path)
    assert result.exit_code == 1
    assert "/deals/" not in result.stdout and "points." not in result.stdout
    result = run(runner, "rescore", "--verbose", path)
    out = result.stdout
    assert out.startswith(f"{path}: DISPUTED — {len(disputes)} differences")
    assert "claimed / computed" in out
    for finding in disputes:
        assert f"{finding.where}: {finding.message}" in out
        assert f"at {finding.loc}" in out
    check = next(
        c
        for deal in report.deals
        for c in deal.checks
        if c.category == "points.most_cards" and c.claimed != c.computed
    )
    assert f"{check.claimed} / {check.computed} ✗" in out
    assert "decided by:" in out
    assert "        at /deals/0/rounds/" in out  # a deciding move with its pointer
    assert "match total" in out and "at /claimed/totals/0" in out


def test_rescore_invalid_lists_the_error(runner: CliRunner) -> None:
    path = SAMPLES / "invalid-out-of-turn.json"
    result = run(runner, "rescore", path)
    assert result.exit_code == 1
    assert "INVALID" in result.stdout
    assert "out of turn: it is Ben's turn, not Ana's (R2.4)" in result.stdout
    assert "/deals/0/rounds/1/moves/2" not in result.stdout
    assert "legal there:" in result.stdout
    result = run(runner, "rescore", "-v", path)
    assert "      at /deals/0/rounds/1/moves/2\n" in result.stdout


def test_rescore_json(runner: CliRunner) -> None:
    result = run(runner, "rescore", "--format", "json", DISPUTED[0])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    report = data["records"][0]["report"]
    checks = [c for deal in report["deals"] for c in deal["checks"]]
    checks += report["match"]["checks"]
    assert any(c["claimed"] != c["computed"] for c in checks)
    assert report["findings"][0]["severity"] == "dispute"


@pytest.mark.parametrize("path", DISPUTED, ids=lambda p: p.name)
def test_rescore_writes_a_corrected_copy(
    runner: CliRunner, tmp_path: Path, path: Path
) -> None:
    out = tmp_path / "fixed.json"
    before = path.read_bytes()
    result = run(runner, "rescore", path, "-o", out)
    assert result.exit_code == 1  # the input is disputed
    assert f"wrote 1 corrected record to {out}" in result.stderr
    assert path.read_bytes() == before
    check = run(runner, "validate", out)
    assert check.exit_code == 0, check.stdout
    fixed, original = jsonio.load(out), jsonio.load(path)
    assert fixed.deals[0].rounds == original.deals[0].rounds
    # the same categories are claimed as before
    for a, b in zip(fixed.deals, original.deals, strict=True):
        if b.claimed is not None and a.claimed is not None:
            for sa, sb in zip(a.claimed.sides, b.claimed.sides, strict=True):
                assert sa.model_fields_set == sb.model_fields_set


def test_rescore_refuses_to_overwrite_the_input(
    runner: CliRunner, tmp_path: Path
) -> None:
    path = tmp_path / "d.json"
    shutil.copy(DISPUTED[0], path)
    before = path.read_bytes()
    result = run(runner, "rescore", path, "-o", path)
    assert result.exit_code == 2
    assert "--in-place" in result.stderr
    assert path.read_bytes() == before


def test_rescore_in_place(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "d.json"
    shutil.copy(DISPUTED[0], path)
    result = run(runner, "rescore", "--in-place", path)
    assert result.exit_code == 1
    assert run(runner, "validate", path).exit_code == 0


def test_rescore_cannot_correct_an_invalid_record(
    runner: CliRunner, tmp_path: Path
) -> None:
    out = tmp_path / "fixed.json"
    result = run(runner, "rescore", INVALID[0], "-o", out)
    assert result.exit_code == 1
    assert "cannot be corrected" in result.stderr
    assert not out.exists()
    assert list(tmp_path.iterdir()) == []  # no temporary file left behind


def _compact_over_the_limit(tmp_path: Path) -> tuple[Path, str]:
    """An ok record written compactly, and a --max-bytes that it fits under
    but its canonical (indented) form does not."""
    path = tmp_path / "compact.json"
    data = json.loads(VALID[0].read_text())
    path.write_text(json.dumps(data, separators=(",", ":")))
    limit = path.stat().st_size + 100
    assert len(VALID[0].read_bytes()) > limit  # the canonical form passes it
    return path, str(limit)


def test_rescore_says_why_a_copy_too_large_is_not_written(
    runner: CliRunner, tmp_path: Path
) -> None:
    """Issue #36.6: it said "an invalid or unreadable record cannot be corrected"."""
    path, limit = _compact_over_the_limit(tmp_path)
    assert run(runner, "--max-bytes", limit, "validate", path).exit_code == 0
    out = tmp_path / "fixed.json"
    result = run(runner, "--max-bytes", limit, "rescore", path, "-o", out)
    assert result.exit_code == 1
    assert "invalid" not in result.stderr
    assert f"not written: {out}: {path}: its canonical form would be" in result.stderr
    assert "-byte limit" in result.stderr
    assert not out.exists()


def test_fmt_check_counts_a_file_it_cannot_reformat(
    runner: CliRunner, tmp_path: Path
) -> None:
    """Issue #36.6: counted neither as would-be-reformatted nor as canonical."""
    path, limit = _compact_over_the_limit(tmp_path)
    result = run(runner, "--max-bytes", limit, "fmt", "--check", path)
    assert result.exit_code == 1
    assert "its canonical form would be" in result.stderr
    assert (
        "0 files would be reformatted, 0 already canonical, 1 left as it is"
        in result.stderr
    )


def test_rescore_to_stdout(runner: CliRunner) -> None:
    result = run(runner, "rescore", DISPUTED[0], "-o", "-")
    assert result.exit_code == 1
    fixed = jsonio.loads(result.stdout_bytes)
    assert fixed.id == jsonio.load(DISPUTED[0]).id
    assert "DISPUTED" in result.stderr  # the report goes to stderr then


def test_rescore_archive_to_archive(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "fixed.jsonl"
    result = run(runner, "rescore", ARCHIVE, "-o", out)
    assert result.exit_code == 0
    assert out.read_bytes() == ARCHIVE.read_bytes()  # all ok: nothing changes


# --- show and legal --------------------------------------------------------------------


def test_show_whole_game(runner: CliRunner) -> None:
    path = SAMPLES / "classic-2p-annotated.json"
    result = run(runner, "show", path)
    assert result.exit_code == 0
    out = result.stdout
    assert "=== Deal 1" in out and "Round 1" in out
    assert "[capture]" in out and "[trail]" in out
    assert "Match result: " in out
    assert "{An ace straight away" in out  # the annotator's comment


def test_show_one_position(runner: CliRunner) -> None:
    path = SAMPLES / "classic-2p-annotated.json"
    result = run(runner, "show", path, "--deal", "1", "--move", "4")
    assert result.exit_code == 0
    out = result.stdout
    assert out.startswith("Deal 1, round 1 of 6, after move 4: Tomás (seat 1) to play")
    assert "[/deals/0/rounds/0/moves/4]" in out
    assert "Dealer: Marta (seat 0)" in out
    assert "Last move (move 4): Marta trails 2♣. [trail]" in out
    assert "B1: value 9, single, owned by Tomás (seat 1)" in out
    assert "Capture piles:" in out and "Tomás: 3 cards" in out


def test_show_seat_and_no_hands(runner: CliRunner) -> None:
    path = SAMPLES / "classic-2p-annotated.json"
    one = run(runner, "show", path, "--deal", "1", "--move", "0", "--seat", "0")
    assert one.exit_code == 0
    assert "Tomás (seat 1): 4 cards" in one.stdout
    none = run(runner, "show", path, "--deal", "1", "--move", "1", "--no-hands")
    assert "Hands:" not in none.stdout
    both = run(runner, "show", path, "--seat", "0", "--no-hands")
    assert both.exit_code == 2


def test_show_at_pointer_and_ascii(runner: CliRunner) -> None:
    path = SAMPLES / "classic-2p-annotated.json"
    result = run(runner, "show", path, "--at", "/deals/0/rounds/0/moves/4", "--ascii")
    assert result.exit_code == 0
    assert "after move 4" in result.stdout
    assert "♣" not in result.stdout and "2C" in result.stdout


def test_show_end_of_deal(runner: CliRunner) -> None:
    path = SAMPLES / "classic-2p-tie-play-on.json"
    record = jsonio.load(path)
    moves = sum(len(r.moves) for r in record.deals[0].rounds)
    result = run(runner, "show", path, "--deal", "1", "--move", str(moves))
    assert result.exit_code == 0
    assert f"end of the deal (after {moves} moves)" in result.stdout
    too_far = run(runner, "show", path, "--deal", "1", "--move", str(moves + 1))
    assert too_far.exit_code == 2
    assert "--move" in too_far.stderr
    assert f"deal 1 has moves 0 to {moves} (0 = its start," in too_far.stderr
    start = run(runner, "show", path, "--deal", "1", "--move", "0")
    assert start.stdout.startswith("Deal 1, round 1 of 6, at its start: ")


def test_show_missing_deal(runner: CliRunner) -> None:
    result = run(runner, "show", VALID[0], "--deal", "99")
    assert result.exit_code == 2
    assert "no deal 99" in result.stderr


def test_show_invalid_record_stops_at_the_error(runner: CliRunner) -> None:
    result = run(runner, "show", SAMPLES / "invalid-out-of-turn.json")
    assert result.exit_code == 1
    assert "stops unfinished" in result.stdout
    assert "invalid record" in result.stderr


def test_show_archive_needs_a_record_number(runner: CliRunner) -> None:
    result = run(runner, "show", ARCHIVE)
    assert result.exit_code == 2
    assert "--record" in result.stderr
    result = run(runner, "show", ARCHIVE, "--record", "3", "--deal", "1", "--move", "1")
    assert result.exit_code == 0
    result = run(runner, "show", ARCHIVE, "--record", "30")
    assert result.exit_code == 2
    assert "holds 20 records" in result.stderr


def test_legal_recorded_move_is_legal(runner: CliRunner) -> None:
    path = SAMPLES / "classic-2p-annotated.json"
    result = run(runner, "legal", path, "--deal", "1", "--move", "3")
    assert result.exit_code == 0
    out = result.stdout
    assert "legal moves for Tomás (seat 1):" in out
    assert "← recorded" in out
    assert "is among them" in out
    assert "Marta (seat 0): 4 cards" not in out  # only the mover's hand is shown


def test_legal_recorded_move_is_illegal(runner: CliRunner) -> None:
    path = SAMPLES / "invalid-out-of-turn.json"
    result = run(runner, "legal", path, "--at", "/deals/0/rounds/1/moves/2")
    assert result.exit_code == 1
    assert "is NOT among them" in result.stdout
    assert "← recorded" not in result.stdout


def test_validate_and_legal_share_one_move_number(runner: CliRunner) -> None:
    """Issue #31.5: the move validate names is the move legal --move takes."""
    path = SAMPLES / "invalid-out-of-turn.json"
    said = run(runner, "validate", path).stdout
    assert "deal 1, move 11 (round 2), Ana: 4♥ builds 6 onto 2♥" in said
    result = run(runner, "legal", path, "--deal", "1", "--move", "11")
    assert result.exit_code == 1
    assert (
        "The recorded move, Ana (seat 0): 4♥ builds 6 onto 2♥, is NOT" in result.stdout
    )
    beyond = run(runner, "legal", path, "--deal", "1", "--move", "12")
    assert beyond.exit_code == 2
    assert "deal 1 has moves 1 to 11" in beyond.stderr
    assert not beyond.stdout


def test_a_move_number_outside_the_deal_is_an_error(runner: CliRunner) -> None:
    path = SAMPLES / "classic-2p-annotated.json"
    for command, number in (("show", "49"), ("legal", "50"), ("legal", "0")):
        result = run(runner, command, path, "--deal", "1", "--move", number)
        assert result.exit_code == 2, (command, number)
        assert "Invalid value for" in result.stderr and "--move" in result.stderr
        assert not result.stdout


def test_legal_needs_a_place(runner: CliRunner) -> None:
    result = run(runner, "legal", VALID[0])
    assert result.exit_code == 2
    assert "--deal D --move M" in result.stderr


# --- fmt ------------------------------------------------------------------------------


def test_fmt_check_samples_are_canonical(runner: CliRunner) -> None:
    result = run(runner, "fmt", "--check", SAMPLES)
    assert result.exit_code == 0
    assert "0 files would be reformatted" in result.stderr


def test_fmt_rewrites_noncanonical(runner: CliRunner, tmp_path: Path) -> None:
    data: Any = json.loads(VALID[0].read_text())
    path = tmp_path / "messy.json"
    path.write_text(json.dumps(data, sort_keys=True).replace('"10', '"T'))
    check = run(runner, "fmt", "--check", path)
    assert check.exit_code == 1
    assert check.stdout == f"would reformat {path}\n"
    assert path.read_bytes() != VALID[0].read_bytes()
    result = run(runner, "fmt", path)
    assert result.exit_code == 0
    assert result.stdout == f"reformatted {path}\n"
    assert path.read_bytes() == VALID[0].read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["messy.json"]


def test_fmt_archive_and_text(runner: CliRunner, tmp_path: Path) -> None:
    lines = ARCHIVE.read_bytes().splitlines(keepends=True)[:2]
    archive = tmp_path / "a.jsonl"
    archive.write_bytes(b"\n" + b"".join(lines))
    text = tmp_path / "a.txt"
    assert run(runner, "convert", archive, "-o", text).exit_code == 0
    canonical_text = text.read_bytes()
    text.write_bytes(canonical_text.replace(b"\n", b"\r\n"))
    result = run(runner, "fmt", archive, text)
    assert result.exit_code == 0
    assert archive.read_bytes() == b"".join(lines)
    assert text.read_bytes() == canonical_text


def test_fmt_leaves_bad_files_alone(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"format": ')
    result = run(runner, "fmt", bad)
    assert result.exit_code == 2
    assert bad.read_bytes() == b'{"format": '
    assert "left as it is" in result.stderr


def test_fmt_stdin_keeps_the_kind_the_content_says(runner: CliRunner) -> None:
    messy = json.dumps(json.loads(VALID[0].read_text()), indent=1)
    result = run(runner, "fmt", "-", input=messy)
    assert result.exit_code == 0
    assert result.stdout_bytes == VALID[0].read_bytes()


def test_fmt_stdin_of_one_line_is_an_archive_line_and_idempotent(
    runner: CliRunner,
) -> None:
    one_line = json.dumps(json.loads(VALID[0].read_text()))
    first = run(runner, "fmt", "-", input=one_line)
    assert first.exit_code == 0
    assert first.stdout_bytes.count(b"\n") == 1
    again = run(runner, "fmt", "-", input=first.stdout_bytes)
    assert again.stdout_bytes == first.stdout_bytes


def test_fmt_stdin_of_two_archive_lines_gives_two_lines(runner: CliRunner) -> None:
    lines = ARCHIVE.read_bytes().split(b"\n")[:2]
    result = run(runner, "fmt", "-", input=b"\n".join(lines) + b"\n")
    assert result.exit_code == 0
    assert result.stdout_bytes == b"\n".join(lines) + b"\n"


# --- simulate, schema, view ---------------------------------------------------------------


def test_simulate_one_game(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    result = run(
        runner,
        "simulate",
        "--preset",
        "royal",
        "--players",
        "3",
        "--seed",
        "t",
        "--bot",
        "greedy",
        "--option",
        "sweeps=true",
        "-o",
        out,
    )
    assert result.exit_code == 0
    record = jsonio.load(out)
    assert record.rules.options == {"sweeps": True}
    assert len(record.players) == 3
    assert run(runner, "validate", out).exit_code == 0


def test_a_results_manifest_in_a_folder_is_skipped_not_invalid(
    runner: CliRunner, tmp_path: Path
) -> None:
    """Issue 36 point 12: ``validate FOLDER`` over a folder that holds a ``bulk``
    results folder skips its manifest.json (and says so) rather than calling it
    an invalid record; a record with its format misspelt is still read."""
    shutil.copy(VALID[0], tmp_path / "good.json")
    (tmp_path / "results").mkdir()
    manifest = {
        "counts": {"disputed": 0, "invalid": 0, "ok": 1, "unreadable": 0},
        "findings": 0,
        "format": "casino-results/1",
        "inputs": [str(tmp_path)],
        "records": 1,
    }
    (tmp_path / "results" / "manifest.json").write_text(json.dumps(manifest))
    (tmp_path / "other.json").write_text('{"format": "geojson", "type": "x"}')
    typo = json.loads(VALID[0].read_text())
    typo["format"] = "casino-recrod/1"
    (tmp_path / "typo.json").write_text(json.dumps(typo))
    for command in ("validate", "rescore"):
        result = run(runner, command, tmp_path)
        assert result.exit_code == 1, command
        assert "manifest.json" not in result.stdout, command
        assert f"{tmp_path}/typo.json" in result.stdout, command
        assert result.stderr.splitlines() == [
            f"skipped {tmp_path}/other.json: a geojson document, not a record",
            f"skipped {tmp_path}/results/manifest.json:"
            " a bulk results manifest (casino-results/1)",
        ], command
    summary = run(runner, "validate", tmp_path).stdout.splitlines()[-1]
    assert summary == "2 records: 1 ok, 0 disputed, 1 invalid, 0 unreadable"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["--preset", "dominican", "--players", "4"],
            "R2.1 under these rules 4 players play 2 v 2, partners opposite"
            " (seats 0 & 2 against 1 & 3): add --teams",
        ),
        (
            ["--preset", "royal", "--players", "3", "--teams"],
            "R2.2 partners (2 v 2) need 4 players, not 3: --teams needs --players 4",
        ),
    ],
)
def test_simulate_set_up_errors_in_its_options_words(
    runner: CliRunner, tmp_path: Path, args: list[str], said: str
) -> None:
    """Issue 37.9: no "add teams [[0, 2], [1, 3]] (/teams)", no "teams X, not X"."""
    result = run(runner, "simulate", *args, "-o", tmp_path / "g.json")
    assert result.exit_code == 2
    assert f"Error: {said}\n" in result.output
    assert "[[" not in result.output and "/teams" not in result.output


def test_simulate_archive_folder_and_stdout(runner: CliRunner, tmp_path: Path) -> None:
    args = ["simulate", "--preset", "classic", "--players", "4", "--teams"]
    archive = tmp_path / "g.jsonl"
    result = run(runner, *args, "--games", "3", "--provenance", "hands", "-o", archive)
    assert result.exit_code == 0
    assert len(archive.read_bytes().splitlines()) == 3
    folder = tmp_path / "games"
    result = run(runner, *args, "--games", "2", "-o", f"{folder}/")
    assert result.exit_code == 0
    assert len(list(folder.glob("*.json"))) == 2
    result = run(runner, *args, "-o", "-")
    assert result.exit_code == 0
    assert jsonio.loads(result.stdout_bytes).teams is not None
    result = run(runner, *args, "--games", "2", "-o", tmp_path / "x.json")
    assert result.exit_code == 2


@pytest.mark.parametrize(
    ("option", "message"),
    [("sweep=true", "did you mean 'sweeps'"), ("sweeps=3", "takes true or false")],
)
def test_simulate_bad_option(runner: CliRunner, option: str, message: str) -> None:
    result = run(
        runner,
        "simulate",
        "--preset",
        "classic",
        "--players",
        "2",
        "--option",
        option,
        "-o",
        "-",
    )
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stdout == ""


def test_schema_check_and_write(runner: CliRunner, tmp_path: Path) -> None:
    repo_schemas = SAMPLES.parent / "schemas"
    assert run(runner, "schema", "--check", "--dir", repo_schemas).exit_code == 0
    stale = run(runner, "schema", "--check", "--dir", tmp_path)
    assert stale.exit_code == 1
    assert "casino-records schema" in stale.stderr
    wrote = run(runner, "schema", "--dir", tmp_path)
    assert wrote.exit_code == 0 and "wrote" in wrote.stdout
    assert run(runner, "schema", "--check", "--dir", tmp_path).exit_code == 0


def test_view_builds_the_streamlit_command(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib.util
    import sys

    from casino_records.cli import view as view_module

    if importlib.util.find_spec("streamlit") is None:
        pytest.skip("streamlit is not installed")
    calls: list[tuple[list[str], dict[str, str]]] = []

    def fake_run(
        command: list[str],
        env: dict[str, str],
        on_ready: Callable[[], None],
        ready: Callable[[], bool],
    ) -> int:
        calls.append((list(command), dict(env)))
        on_ready()  # as once the server answers
        return 0

    monkeypatch.setattr(view_module, "run_server", fake_run)
    monkeypatch.setattr(view_module, "port_taken", lambda port, host="": False)
    result = run(runner, "view", SAMPLES, "--port", "8765", "--no-browser")
    assert result.exit_code == 0
    command, env = calls[0]
    # -P: nothing imported from the working folder (#36.8)
    assert command[:5] == [sys.executable, "-P", "-m", "streamlit", "run"]
    assert command[5] == str(viewer_app())
    assert command[6:] == [
        "--server.address",
        "127.0.0.1",
        "--server.port",
        "8765",
        "--server.headless",
        "true",
        "--logger.hideWelcomeMessage",
        "true",
        "--logger.level",
        "warning",
        "--",
        str(SAMPLES.resolve()),
    ]
    assert env[VIEW_PATH_ENV] == str(SAMPLES.resolve())
    assert "http://127.0.0.1:8765" in result.stderr


def test_view_says_when_the_port_is_taken(runner: CliRunner) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run(runner, "view", "--port", str(port))
    assert result.exit_code == 2
    assert f"port {port} on 127.0.0.1 is already in use" in result.stderr
    assert "choose another with --port N" in result.stderr
    assert "http://" not in result.stderr + result.stdout  # no URL to a server not ours


def test_the_viewer_is_found_as_package_data_in_this_checkout() -> None:
    from casino_records.cli.view import VIEWER_PACKAGE

    assert viewer_app() == SAMPLES.parent / "viewer" / "streamlit_app.py"
    assert importlib.import_module(VIEWER_PACKAGE).__file__ == str(
        SAMPLES.parent / "viewer" / "__init__.py"
    )


def test_view_command_line_without_a_path() -> None:
    from casino_records.cli.view import viewer_command

    command = viewer_command(Path("app.py"), 8501, None)
    assert "--" not in command
    assert command[-6:] == [
        "--server.headless",
        "true",
        "--logger.hideWelcomeMessage",
        "true",
        "--logger.level",
        "warning",
    ]


def test_the_viewer_s_own_streamlit_settings() -> None:
    import tomllib

    from casino_records.record.files.kinds import MAX_RECORD_BYTES as CLI_MAX_BYTES

    config = tomllib.loads(
        (viewer_app().parent / ".streamlit" / "config.toml").read_text()
    )
    assert config["browser"]["gatherUsageStats"] is False
    assert config["client"]["toolbarMode"] == "viewer"  # no Deploy button
    assert config["server"]["maxUploadSize"] * 1024 * 1024 == CLI_MAX_BYTES


# --- html ---------------------------------------------------------------------------


def test_html_writes_one_page_beside_the_game(
    runner: CliRunner, tmp_path: Path
) -> None:
    game = tmp_path / "club.json"
    shutil.copy(SAMPLES / "classic-2p-annotated.json", game)
    result = run(runner, "html", game)
    assert result.exit_code == 0, result.stderr
    page = (tmp_path / "club.html").read_text()
    assert page.startswith("<!doctype html>") and "sample-classic-2p-annotated" in page
    assert "wrote " in result.stderr and "the record is ok" in result.stderr
    assert game.read_bytes() == (SAMPLES / "classic-2p-annotated.json").read_bytes()


def test_html_of_a_disputed_record_and_its_options(
    runner: CliRunner, tmp_path: Path
) -> None:
    out = tmp_path / "v.html"
    game = SAMPLES / "disputed-most-cards.json"
    result = run(runner, "html", game, "-o", out, "--seat", "1")
    assert result.exit_code == 1  # written, and the record is disputed
    page = out.read_text()
    assert "cr-banner cr-disputed" in page and '"perspective":"seat1"' in page
    assert "the record is disputed" in result.stderr
    stdout = run(runner, "html", game, "-o", "-", "--no-hands")
    assert (
        stdout.stdout.startswith("<!doctype html>")
        and '"perspective":"none"' in stdout.stdout
    )
    assert run(runner, "html", game, "--seat", "2").exit_code == 2
    assert run(runner, "html", game, "--seat", "0", "--no-hands").exit_code == 2
    same = run(runner, "html", game, "-o", game)
    assert same.exit_code == 2 and "is the input" in same.stderr


def test_html_try_moves_draws_the_other_moves_played_out(
    runner: CliRunner, tmp_path: Path
) -> None:
    out = tmp_path / "t.html"
    game = SAMPLES / "invalid-out-of-turn.json"
    result = run(runner, "html", game, "-o", out, "--try-moves")
    assert result.exit_code == 1  # written, and the record is invalid
    page = out.read_text()
    assert '"tries":[{"first":100000,"count":29,"steps":"' in page
    plain = run(runner, "html", game, "-o", "-")
    assert '"tries":[' not in plain.stdout and len(plain.stdout) < len(page)


def test_html_of_text_notation_and_an_archive(
    runner: CliRunner, tmp_path: Path
) -> None:
    from casino_records.record.text.notation import write_text

    text = tmp_path / "game.txt"
    text.write_text(write_text(jsonio.load(SAMPLES / "classic-2p-annotated.json")))
    assert run(runner, "html", text).exit_code == 0
    assert (tmp_path / "game.html").is_file()
    several = run(runner, "html", ARCHIVE, "-o", tmp_path / "a.html")
    assert several.exit_code == 2 and "--record N" in several.stderr
    one = run(runner, "html", ARCHIVE, "--record", "2", "-o", tmp_path / "a.html")
    assert one.exit_code == 0


def test_python_dash_m(tmp_path: Path) -> None:
    import sys

    out = subprocess.run(
        [sys.executable, "-m", "casino_records", "validate", str(VALID[0])],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0
    assert out.stdout.startswith("ok")


def test_legal_why_names_the_barred_trails(runner: CliRunner) -> None:
    """Issue 37.8: one legal move listed, and --why says what bars the rest."""
    path = str(SAMPLES / "dominican-4p-partnership-hands.json")
    plain = run(runner, "legal", path, "--deal", "1", "--move", "10")
    assert plain.exit_code == 0, plain.output
    assert "barred" not in plain.stdout
    result = run(runner, "legal", path, "--deal", "1", "--move", "10", "--why")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "1 legal move for Caio (seat 2):" in out
    assert "Barred by the rules:\n" in out
    assert (
        "  - trailing 2♠ is barred: owner may not trail: Caio owns the build of 12"
        " (A♥ J♥) (R9.2); 2♠ has no legal move here\n"
    ) in out
    assert (
        "  - trailing Q♦ is barred: owner may not trail: Caio owns the build of 12"
        " (A♥ J♥) (R9.2)\n" in out
    )


def test_legal_why_says_why_the_recorded_move_is_illegal(runner: CliRunner) -> None:
    path = str(SAMPLES / "invalid-build-not-held.json")
    result = run(runner, "legal", path, "--deal", "1", "--move", "1", "--why")
    assert result.exit_code == 1
    assert "No move of the hand is barred." in result.stdout
    assert (
        "Why: Ben holds no card to capture the build of 3 (A♦ 2♣) after this move (B4)"
    ) in result.stdout


def test_show_says_which_way_play_goes(runner: CliRunner) -> None:
    """Issue 37.2: ``show`` gives the direction and the deal's order."""
    path = str(SAMPLES / "dominican-4p-partnership-hands.json")
    result = run(runner, "show", path, "--deal", "3", "--move", "0")
    assert (
        "Dealer: Caio (seat 2)\nPlay goes counter-clockwise ↺, the dealer’s right"
        " first (R2.3): Ben → Ana → Dee → Caio (deals)\n"
    ) in result.stdout
    whole = run(runner, "show", path, "--deal", "1").stdout
    assert whole.splitlines()[1].endswith(": Dee → Caio → Ben → Ana (deals)")


def test_show_says_what_the_dominican_scoring_rules_did(runner: CliRunner) -> None:
    """Issues 37.1 and 37.4 in ``show``: the need at the deal's start, the
    cancellation and the near-target rule under its scores."""
    path = str(SAMPLES / "dominican-4p-partnership-hands.json")
    deal3 = run(runner, "show", path, "--deal", "3").stdout
    assert deal3.splitlines()[2] == (
        "Ben & Dee are on 20 and need Little Casino to win (R13.4)"
    )
    assert "  Ben & Dee took Little Casino: 21 (R13.4);" in deal3
    deal1 = run(runner, "show", path, "--deal", "1").stdout
    assert "need" not in deal1.splitlines()[2]
    assert "  Ben & Dee: sweep points 3 (4 − 1, R10.4)\n" in deal1
