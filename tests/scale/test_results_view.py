"""The viewer's Results page model: folders offered, filters, one record read alone."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from casino_records.present.viewmodel import build_game, catalog, locate, open_bytes
from casino_records.present.viewmodel import results as rv

pytestmark = pytest.mark.slow


def test_the_results_folders_offered(
    checked: tuple[Path, list[Path]], tmp_path: Path
) -> None:
    out, _ = checked
    assert rv.results_folders(out) == {out.name: out}
    assert rv.results_folders(out.parent) == {out.name: out}
    assert rv.results_folders(tmp_path) == {}
    assert catalog(None, out) == {}  # the replay page does not list a results folder


def test_the_filters_keep_what_they_say(checked: tuple[Path, list[Path]]) -> None:
    import pyarrow.parquet as pq

    out, _ = checked
    records = pq.read_table(out / "records").to_pylist()
    count, rows = rv.listing(out, rv.filters(["invalid"]))
    assert count == sum(r["status"] == "invalid" for r in records) == len(rows)
    assert {row["status"] for row in rows} == {"invalid"}
    count, rows = rv.listing(out, rv.filters(player="BEN", preset="royal"))
    assert count == sum(
        r["preset"] == "royal" and any("ben" in p.lower() for p in r["players"] or ())
        for r in records
    )
    offered = rv.choices(out)
    assert offered["preset"] == ["classic", "dominican", "royal"]
    rule = offered["rule"][0]
    findings = pq.read_table(out / "findings").to_pylist()
    broken = {
        f["seq"] for f in findings if f["rule"] == rule and f["severity"] == "error"
    }
    count, rows = rv.listing(out, rv.filters(rule=rule))
    assert count == len(broken) and {row["seq"] for row in rows} == broken
    count, rows = rv.listing(out, rv.filters())
    assert count == len(records) and len(rows) == rv.LIMIT


def test_a_picked_record_is_read_alone_and_opens_at_its_first_finding(
    checked: tuple[Path, list[Path]],
) -> None:
    out, inputs = checked
    count, rows = rv.listing(out, rv.filters(["disputed"]))
    row = next(r for r in rows if ".jsonl.zst:" in r["source"])
    picked = rv.pick(out, row["seq"])
    assert picked.problem is None and picked.source == row["source"]
    assert picked.name.endswith(".json") and picked.loc
    opened = open_bytes(picked.data, picked.name)
    assert opened.record is not None and opened.record.id == row["record"]
    game = build_game(opened.record, source=picked.source)
    assert rv.first_finding(game, picked.loc) == locate(game, picked.loc)


def test_a_record_whose_file_is_gone_is_a_problem_in_words(
    checked: tuple[Path, list[Path]], tmp_path: Path
) -> None:
    out, inputs = checked
    import pyarrow.parquet as pq

    records = pq.read_table(out / "records").to_pylist()
    row = next(r for r in records if r["file"].endswith("part-1.jsonl"))
    copy = tmp_path / "copy"
    shutil.copytree(out, copy)
    moved = Path(row["file"]).with_suffix(".moved")
    Path(row["file"]).rename(moved)
    try:
        picked = rv.pick(copy, row["seq"])
    finally:
        moved.rename(row["file"])
    assert (
        picked.problem is not None
        and "cannot read the file" in picked.problem.details[0]
    )
