"""``stats`` and ``stats --sql`` on a results folder, against the tables themselves."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from casino_records.cli.main import main

pytestmark = pytest.mark.slow


def _tables(out: Path) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    import pyarrow.parquet as pq

    return (
        pq.read_table(out / "records").to_pylist(),
        pq.read_table(out / "findings").to_pylist(),
    )


def test_stats_figures_are_those_of_the_tables(
    checked: tuple[Path, list[Path]],
) -> None:
    out, _ = checked
    result = CliRunner().invoke(main, ["stats", str(out), "--format", "json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    records, findings = _tables(out)
    statuses = Counter(r["status"] for r in records)
    overall = found["overall"]
    assert overall["records"] == len(records)
    assert overall["disputed"] == statuses["disputed"]
    assert overall["dispute_rate"] == pytest.approx(statuses["disputed"] / len(records))
    groups = Counter((r["preset"], r["player_count"]) for r in records if r["preset"])
    assert {
        (g["preset"], g["players"]): g["records"] for g in found["groups"]
    } == groups
    disputed: Counter[str] = Counter()
    for _seq, category in {
        (f["seq"], f["category"] or f["kind"])
        for f in findings
        if f["severity"] == "dispute"
    }:
        disputed[str(category)] += 1
    top = found["categories"][0]
    assert top["records"] == max(disputed.values())
    broken = {
        (f["seq"], f["rule"])
        for f in findings
        if f["severity"] == "error" and f["rule"]
    }
    rules = Counter(rule for _, rule in broken)
    assert {r["rule"]: r["records"] for r in found["rules"]} == dict(
        rules.most_common(10)
    )


def test_stats_text_names_the_rules_and_rates(checked: tuple[Path, list[Path]]) -> None:
    out, _ = checked
    result = CliRunner().invoke(main, ["stats", str(out)])
    assert result.exit_code == 0
    text = result.stdout
    assert "dispute rate" in text and "By preset and player count:" in text
    assert "Rules most often broken:" in text and "Turn order" in text


def test_a_sql_query_over_records_and_findings(
    checked: tuple[Path, list[Path]],
) -> None:
    out, _ = checked
    query = (
        "SELECT r.preset, count(*) AS disputes FROM findings f JOIN records r USING (seq)"
        " WHERE f.severity = 'dispute' GROUP BY r.preset ORDER BY r.preset"
    )
    result = CliRunner().invoke(main, ["stats", str(out), "--sql", query])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["preset", "disputes"]
    assert [line.split()[0] for line in lines[1:]] == ["classic", "dominican", "royal"]


def test_a_wrong_query_or_folder_is_a_clear_error(
    checked: tuple[Path, list[Path]], tmp_path: Path
) -> None:
    out, _ = checked
    wrong = CliRunner().invoke(
        main, ["stats", str(out), "--sql", "SELECT nope FROM records"]
    )
    assert wrong.exit_code == 2 and "--sql:" in wrong.output and "nope" in wrong.output
    other = CliRunner().invoke(main, ["stats", str(tmp_path)])
    assert other.exit_code == 2 and "not a results folder" in other.output
