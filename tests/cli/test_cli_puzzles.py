"""``casino-records puzzles``: the JSON Lines, jobs, inputs, -o, bad input, stopping."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from casino_records.analysis.game_analysis import DEFAULT_EXACT_MOVES
from casino_records.analysis.puzzle import read_puzzles
from casino_records.analysis.puzzles import find_puzzles
from casino_records.record.format.models import GameRecord
from casino_records.record.json import jsonio
from casino_records.record.simulate import simulate_record
from tests.cli.test_cli import run
from tests.harness.children import children
from tests.paths import SAMPLES

ANNOTATED = SAMPLES / "classic-2p-annotated.json"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Twelve two-player matches, a random bot against a greedy one."""
    path = tmp_path_factory.mktemp("puzzles") / "games.jsonl"
    path.write_bytes(
        jsonio.dumps_jsonl(
            simulate_record(
                "classic", 2, seed=f"cli-{k}", bots=["random", "greedy"], max_deals=3
            )
            for k in range(12)
        )
    )
    return path


def test_the_puzzles_of_an_archive_in_its_order_with_any_jobs(
    runner: CliRunner, archive: Path, tmp_path: Path
) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    result = run(runner, "puzzles", archive, "-o", one)
    assert result.exit_code == 0, result.output
    run(runner, "puzzles", archive, "-o", two, "--jobs", "2")
    assert one.read_bytes() == two.read_bytes()
    puzzles = read_puzzles(one.read_bytes())
    assert len(puzzles) >= 5
    order = [(p.record, p.deal, p.move) for p in puzzles]
    assert order == sorted(order)
    assert puzzles[0].source == f"{archive}:{puzzles[0].record}"
    assert f"{len(puzzles)} puzzles from 12 records to {one}" in result.stderr
    records = [record for _, record in jsonio.iter_jsonl(archive)]
    first = puzzles[0]
    record = records[first.record - 1]
    assert isinstance(record, GameRecord)
    assert find_puzzles(record)[0].place == first.place


def test_standard_output_a_folder_and_the_thresholds(
    runner: CliRunner, tmp_path: Path
) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "a.json").write_bytes(ANNOTATED.read_bytes())
    result = run(runner, "puzzles", folder, "--min-loss", "5", "--margin", "3")
    assert result.exit_code == 0, result.output
    puzzles = read_puzzles(result.stdout_bytes)
    assert puzzles and all(p.loss >= 5 and p.margin >= 3 for p in puzzles)
    assert {p.source for p in puzzles} == {str(folder / "a.json")}
    typed = run(runner, "puzzles", "-", input=ANNOTATED.read_bytes())
    assert typed.exit_code == 0
    assert (
        read_puzzles(typed.stdout_bytes)[0].place
        == find_puzzles(jsonio.load(ANNOTATED))[0].place
    )


def test_the_output_never_replaces_an_input_unless_asked(
    runner: CliRunner, tmp_path: Path
) -> None:
    game = tmp_path / "game.json"
    game.write_bytes(ANNOTATED.read_bytes())
    refused = run(runner, "puzzles", game, "-o", game)
    assert refused.exit_code == 2
    assert "is an input; add --force to replace it" in refused.stderr
    assert game.read_bytes() == ANNOTATED.read_bytes()
    forced = run(runner, "puzzles", game, "-o", game, "--force")
    assert forced.exit_code == 0
    assert read_puzzles(game.read_bytes())


def test_a_record_that_cannot_be_read_is_named_and_skipped(
    runner: CliRunner, archive: Path, tmp_path: Path
) -> None:
    lines = archive.read_bytes().splitlines(keepends=True)
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_bytes(lines[0] + b'{"format": "casino-record/1"\n' + lines[1])
    out = tmp_path / "p.jsonl"
    result = run(runner, "puzzles", mixed, "-o", out)
    assert result.exit_code == 2
    assert f"skipped {mixed}:2: line 2, column" in result.stderr
    assert "invalid JSON" in result.stderr
    assert {p.record for p in read_puzzles(out.read_bytes())} <= {1, 3}
    invalid = tmp_path / "invalid.json"
    invalid.write_bytes(b'{"format": "casino-record/1", "players": []}')
    said = run(runner, "puzzles", invalid, "-o", out)
    assert said.exit_code == 1 and f"skipped {invalid}: " in said.stderr


def test_an_invalid_record_of_the_samples_gives_its_puzzles_before_the_error(
    runner: CliRunner,
) -> None:
    result = run(runner, "puzzles", SAMPLES / "invalid-out-of-turn.json")
    assert result.exit_code == 0, result.output


def test_the_progress_bar(runner: CliRunner, archive: Path, tmp_path: Path) -> None:
    result = run(runner, "puzzles", archive, "-o", tmp_path / "p.jsonl", "--progress")
    assert "finding puzzles" in result.stderr


def test_bad_options_are_usage_errors(runner: CliRunner, archive: Path) -> None:
    for args in (["--min-loss", "0"], ["--margin", "-1"], ["--exact-moves", "-2"]):
        result = run(runner, "puzzles", archive, *args)
        assert result.exit_code == 2 and "Invalid value" in result.stderr


def test_the_exact_moves_default_is_the_analysis_one(runner: CliRunner) -> None:
    for command in ("puzzles", "analyse"):
        text = " ".join(run(runner, command, "--help").stdout.split())
        option = text.split("--exact-moves INTEGER RANGE")[1].split(" -j,")[0]
        assert option.endswith(f" [default: {DEFAULT_EXACT_MOVES}; x>=0]"), command


def _foreground() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.slow
@pytest.mark.timeout(180)
@pytest.mark.parametrize("how", ["sigterm", "ctrl-c"])
def test_a_stop_signal_ends_cleanly_with_nothing_written(
    archive: Path, tmp_path: Path, how: str
) -> None:
    big = tmp_path / "big.jsonl"
    big.write_bytes(archive.read_bytes() * 40)
    out = tmp_path / "p.jsonl"
    command = [sys.executable, "-m", "casino_records", "puzzles", str(big)]
    with subprocess.Popen(
        [*command, "-o", str(out), "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_foreground,
        start_new_session=True,
    ) as proc:
        try:
            deadline = time.monotonic() + 120
            while not children(proc.pid):  # its workers run: it handles signals
                assert proc.poll() is None, "the run ended before the signal"
                assert time.monotonic() < deadline, "the workers did not start"
                time.sleep(0.01)
            time.sleep(0.5)
            if how == "sigterm":
                proc.send_signal(signal.SIGTERM)
            else:
                os.killpg(proc.pid, signal.SIGINT)
            _, err = proc.communicate(timeout=60)
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
    said = err.decode()
    assert "Traceback" not in said
    if how == "sigterm":
        assert proc.returncode == 128 + signal.SIGTERM, said
    else:
        assert proc.returncode == 130 and said == "stopped by Ctrl+C\n", said
    assert not out.exists()
    assert not [p for p in tmp_path.iterdir() if p.name not in {"big.jsonl"}]
