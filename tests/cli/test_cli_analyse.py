"""``casino-records analyse``: the table, JSON, jobs, and the annotated record."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from casino_records.analysis.analyse import DEFAULT_EXACT_MOVES, DEFAULT_SAMPLES
from casino_records.record.json import jsonio
from casino_records.record.text.notation import read_text
from tests.cli.test_cli import run
from tests.harness.children import alive, children
from tests.paths import SAMPLES

GAME = SAMPLES / "classic-2p-annotated.json"
FAST = ("--samples", "1", "--seed", "t")


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """A copy of a two-player sample game with one deal."""
    record = jsonio.load(GAME)
    one_deal = record.model_copy(update={"deals": record.deals[:1], "claimed": None})
    path = tmp_path / "game.json"
    path.write_bytes(jsonio.dumps(one_deal))
    return path


def test_the_table(runner: CliRunner, game: Path) -> None:
    result = run(runner, "analyse", game, *FAST)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"Analysis of {game}: 1 sample per estimated move")
    assert any(line.startswith("move  player  played") for line in lines)
    rows = [line for line in lines if line[:4].strip().isdigit()]
    assert len(rows) == 48
    assert rows[-1].rstrip().endswith("exact") and "estimated" in rows[0]
    match = result.stdout.split("\n\n")[-1].splitlines()
    assert match[0].startswith("Match: points lost per move: ")
    assert match[1].startswith("Error rate (moves marked): ")
    assert any(line.startswith("Par from each round's start") for line in lines)
    assert sum(line.startswith("Could ") for line in match) == 2
    assert "analysed 48 moves in" in result.stderr


def test_json_has_could_win_par_and_error_rates(
    runner: CliRunner, tmp_path: Path
) -> None:
    out = tmp_path / "analysis.json"
    run(runner, "analyse", GAME, "--samples", "20", "--format", "json", "-o", out)
    data = json.loads(out.read_bytes())
    deal = data["deals"][1]
    marta = deal["could_win"][0]
    assert marta["scope"] == "deal" and marta["result"] == "lost the deal 4–7"
    exact = [t for t in marta["turnarounds"] if t["method"] == "exact"]
    assert exact[0]["index"] == 42 and exact[0]["result"] == "won the deal 8–3"
    assert deal["could_win"][1]["note"] == "the best result of the deal"
    last = deal["par"][-1]
    assert last["method"] == "exact" and last["round"] == 5 and last["index"] == 40
    assert last["values"] == [5.0, -5.0] and last["played_minus_par"] == [-8.0, 8.0]
    assert {c["scope"] for c in data["could_win"]} == {"match"}
    assert all(0 <= p["error_rate"] <= 1 for p in deal["players"] + data["totals"])


def test_json_is_the_library_model_and_jobs_do_not_change_it(
    runner: CliRunner, game: Path, tmp_path: Path
) -> None:
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    run(runner, "analyse", game, *FAST, "--format", "json", "-o", one)
    run(runner, "analyse", game, *FAST, "--format", "json", "-o", two, "--jobs", "2")
    assert one.read_bytes() == two.read_bytes()
    data = json.loads(one.read_bytes())
    assert data["settings"]["samples"] == 1 and data["settings"]["seed"] == "t"
    (deal,) = data["deals"]
    assert len(deal["moves"]) == 48
    move = deal["moves"][0]
    assert {
        "played",
        "best",
        "loss",
        "loss_stderr",
        "mark",
        "method",
        "alternatives",
    } <= set(move)
    assert move["loc"] == "/deals/0/rounds/0/moves/0"


def test_annotate_writes_glyphs_and_comments(
    runner: CliRunner, game: Path, tmp_path: Path
) -> None:
    before = game.read_bytes()
    out = tmp_path / "annotated.json"
    result = run(runner, "analyse", game, *FAST, "--annotate", out)
    assert result.exit_code == 0
    assert game.read_bytes() == before  # the input is never touched
    record = jsonio.load(out)
    moves = [m for r in record.deals[0].rounds for m in r.moves]
    assert all("analysis: " in (m.comment or "") for m in moves)
    assert record.meta is not None
    assert record.meta.tags["analysis"].startswith("casino-records analyse --samples 1")
    # The sample's own comments and glyphs are kept.
    original = [m for r in jsonio.load(game).deals[0].rounds for m in r.moves]
    for old, new in zip(original, moves, strict=True):
        if old.comment:
            assert new.comment is not None and new.comment.startswith(old.comment)
        if old.glyph:
            assert new.glyph == old.glyph
    # Annotating the annotated record again changes nothing.
    again = tmp_path / "again.json"
    run(runner, "analyse", out, *FAST, "--annotate", again)
    assert again.read_bytes() == out.read_bytes()
    # The text notation holds the same.
    text = tmp_path / "annotated.txt"
    run(runner, "analyse", game, *FAST, "--annotate", text, "-o", tmp_path / "t.txt")
    assert jsonio.dumps(jsonio.load(out)) == _text_as_json(text)


def _text_as_json(path: Path) -> bytes:
    return jsonio.dumps(read_text(path.read_text()))


def test_annotate_never_writes_over_the_input_unless_asked(
    runner: CliRunner, game: Path
) -> None:
    before = game.read_bytes()
    refused = run(runner, "analyse", game, *FAST, "--annotate", game)
    assert refused.exit_code == 2
    assert "add --in-place" in refused.stderr
    assert game.read_bytes() == before
    done = run(runner, "analyse", game, *FAST, "--annotate", game, "--in-place")
    assert done.exit_code == 0
    assert b"analysis: " in game.read_bytes()


def test_in_place_refuses_one_record_of_an_archive(
    runner: CliRunner, tmp_path: Path
) -> None:
    archive = tmp_path / "games.jsonl"
    shutil.copy(SAMPLES / "archive-mixed.jsonl", archive)
    result = run(
        runner,
        "analyse",
        archive,
        "--record",
        "1",
        *FAST,
        "--annotate",
        archive,
        "--in-place",
    )
    assert result.exit_code == 2
    assert "would drop the archive's other records" in result.stderr


def test_bad_input_is_a_clean_error(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "casino-record/1"')
    result = run(runner, "analyse", bad)
    assert result.exit_code == 2
    assert "bad.json" in result.stderr


def test_help_states_the_defaults(runner: CliRunner) -> None:
    text = run(runner, "analyse", "--help").stdout
    assert f"[default: {DEFAULT_SAMPLES}]" in text
    assert f"[default: {DEFAULT_EXACT_MOVES}; x>=0]" in " ".join(text.split())


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc")
@pytest.mark.parametrize(
    ("seen", "poll"),
    [(1, 0.002), (2, 0.2)],
    ids=["while-the-pool-starts", "while-the-workers-run"],
)
def test_sigterm_stops_the_workers_too(game: Path, seen: int, poll: float) -> None:
    """SIGTERM to the command (not its group) stops it and its worker processes,
    also when it comes as the first worker is forked (it used to kill the
    command at once then, its SIGTERM handler not yet back in place)."""
    command = [sys.executable, "-m", "casino_records", "analyse", str(game)]
    proc = subprocess.Popen(
        [*command, "--samples", "400", "--jobs", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 120
        workers: set[int] = set()
        while len(workers) < seen and time.monotonic() < deadline:
            time.sleep(poll)
            workers = {child for child, _ in children(proc.pid)}
        assert len(workers) >= seen, "the workers did not start"
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 128 + signal.SIGTERM, err
        deadline = time.monotonic() + 30
        while any(alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not any(alive(w) for w in workers)
        assert b"Traceback" not in err
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()


def test_progress_is_a_bar_of_the_moves_analysed(runner: CliRunner, game: Path) -> None:
    result = run(runner, "analyse", game, *FAST, "--progress")
    assert result.exit_code == 0, result.output
    lines = result.stderr.split("\r")
    assert lines[1].startswith("[------------------------] starting  ")
    assert lines[-1].startswith("[########################] 48/48 moves  ")
    assert any("#-" in line and "/48 moves" in line for line in lines)
