"""``convert`` round trips over every sample and a corpus of simulated games."""

from __future__ import annotations

import csv
import io as stdio
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from casino_records.cli import main
from casino_records.record.csvexport import MOVE_COLUMNS, SCORE_COLUMNS
from casino_records.record.json import jsonio
from casino_records.record.simulate import Provenance, simulate_record
from tests.paths import SAMPLES

RECORDS = sorted(SAMPLES.glob("*.json"))
ARCHIVE = SAMPLES / "archive-mixed.jsonl"
SETUPS = [
    ("classic", 2, False),
    ("classic", 3, False),
    ("classic", 4, True),
    ("royal", 2, False),
    ("royal", 4, False),
    ("dominican", 2, False),
    ("dominican", 4, True),
]
PROVENANCE: tuple[Provenance, ...] = ("seed", "deck", "hands", "inferred")


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An archive of 112 simulated games: every preset, seat count and provenance."""
    records = [
        simulate_record(
            preset,
            players,
            teams=teams,
            seed=f"corpus-{n}",
            bots=("greedy", "random") if n % 2 else ("random",),
            provenance=PROVENANCE[n % 4],
        )
        for n in range(16)
        for preset, players, teams in SETUPS
    ]
    path = tmp_path_factory.mktemp("corpus") / "corpus.jsonl"
    jsonio.dump_jsonl(records, path)
    return path


def run(runner: CliRunner, *args: str | Path) -> Result:
    result = runner.invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
@pytest.mark.parametrize("via", ["txt", "jsonl"])
def test_sample_round_trip(
    runner: CliRunner, tmp_path: Path, path: Path, via: str
) -> None:
    middle = tmp_path / f"middle.{via}"
    back = tmp_path / "back.json"
    first = run(runner, "convert", path, "-o", middle)
    assert first.exit_code == 0, first.stderr
    assert "lost:" not in first.stderr
    second = run(runner, "convert", middle, "-o", back)
    assert second.exit_code == 0, second.stderr
    assert back.read_bytes() == path.read_bytes()


@pytest.mark.parametrize("source", ["archive", "corpus"])
def test_archive_round_trip_through_text(
    runner: CliRunner, tmp_path: Path, corpus: Path, source: str
) -> None:
    path = ARCHIVE if source == "archive" else corpus
    text = tmp_path / "all.txt"
    back = tmp_path / "back.jsonl"
    assert run(runner, "convert", path, "-o", text).exit_code == 0
    assert run(runner, "convert", text, "-o", back).exit_code == 0
    assert back.read_bytes() == path.read_bytes()
    if source == "archive":
        assert run(runner, "validate", "-q", text).exit_code == 0


def test_corpus_is_valid_with_two_jobs(runner: CliRunner, corpus: Path) -> None:
    result = run(runner, "validate", "--jobs", "2", corpus)
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1].startswith("112 records: 112 ok")


def _rows(data: bytes) -> list[dict[str, str]]:
    assert data.count(b"\r\n") == data.count(b"\n")  # RFC 4180 line ends
    return list(csv.DictReader(stdio.StringIO(data.decode("utf-8"), newline="")))


def test_moves_csv_of_the_corpus(
    runner: CliRunner, tmp_path: Path, corpus: Path
) -> None:
    out = tmp_path / "moves.csv"
    result = run(runner, "convert", corpus, "-o", out)
    assert result.exit_code == 0
    assert "lost:" in result.stderr  # the loss report
    assert "rules (preset" in result.stderr
    rows = _rows(out.read_bytes())
    records = [r for _, r in jsonio.iter_jsonl(corpus)]
    moves = sum(
        len(rnd.moves)
        for record in records
        if not isinstance(record, Exception)
        for deal in record.deals
        for rnd in deal.rounds
    )
    assert len(rows) == moves
    assert tuple(rows[0]) == MOVE_COLUMNS
    assert {row["game"] for row in rows} == {str(n) for n in range(1, 113)}


def test_scores_csv_has_claimed_and_computed(
    runner: CliRunner, tmp_path: Path, corpus: Path
) -> None:
    out = tmp_path / "scores.csv"
    result = run(runner, "convert", corpus, "-o", out, "--csv", "scores")
    assert result.exit_code == 0
    rows = _rows(out.read_bytes())
    assert tuple(rows[0])[: len(SCORE_COLUMNS)] == SCORE_COLUMNS
    for row in rows:  # simulated games claim exactly what was computed
        assert row["total"] == row["computed_total"]
        assert row["most_cards"] == row["computed_most_cards"]
        assert row["count_cards"] == row["computed_cards"]


def test_scores_csv_shows_a_dispute(runner: CliRunner) -> None:
    from casino_records.check.replay import replay

    path = SAMPLES / "disputed-most-cards.json"
    report = replay(jsonio.load(path)).report
    deal, check = next(
        (d, c)
        for d in report.deals
        for c in d.checks
        if c.category == "points.most_cards" and c.claimed != c.computed
    )
    result = run(runner, "convert", path, "-o", "-", "--to", "csv", "--csv", "scores")
    assert result.exit_code == 0
    rows = _rows(result.stdout_bytes)
    row = next(
        r
        for r in rows
        if r["deal"] == str(deal.index + 1) and r["side"] == str(check.side)
    )
    assert (row["most_cards"], row["computed_most_cards"]) == (
        str(check.claimed),
        str(check.computed),
    )
    assert row["total"] != row["computed_total"]


def test_unfinished_deal_has_empty_computed_cells(runner: CliRunner) -> None:
    path = SAMPLES / "classic-2p-unfinished.json"
    result = run(runner, "convert", path, "-o", "-", "--to", "csv", "--csv", "scores")
    assert result.exit_code == 0
    rows = _rows(result.stdout_bytes)
    assert [r["computed_total"] != "" for r in rows] == [True, True, False, False]


def test_convert_to_stdout_keeps_the_input_kind(runner: CliRunner) -> None:
    result = run(runner, "convert", ARCHIVE, "-o", "-")
    assert result.exit_code == 0
    assert result.stdout_bytes == ARCHIVE.read_bytes()


def test_convert_refuses_the_input_as_output(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_bytes(RECORDS[0].read_bytes())
    result = run(runner, "convert", path, "-o", path)
    assert result.exit_code == 2
    assert "fmt" in result.stderr


def test_convert_archive_into_one_json_is_refused(
    runner: CliRunner, tmp_path: Path
) -> None:
    out = tmp_path / "one.json"
    result = run(runner, "convert", ARCHIVE, "-o", out)
    assert result.exit_code == 2
    assert "holds one record" in result.stderr
    assert not out.exists()
    assert list(tmp_path.iterdir()) == []


def test_convert_unknown_suffix(runner: CliRunner, tmp_path: Path) -> None:
    result = run(runner, "convert", RECORDS[0], "-o", tmp_path / "x.yaml")
    assert result.exit_code == 2
    assert "--to" in result.stderr


def test_convert_bad_input(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text('[Format "casino-record/1"]\n\nDeal 1 dealer S9\n')
    result = run(runner, "convert", bad, "-o", tmp_path / "out.json")
    assert result.exit_code in (1, 2)
    assert str(bad) in result.stderr and "line" in result.stderr
    assert not (tmp_path / "out.json").exists()
