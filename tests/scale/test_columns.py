"""A record's rows are the same whether it was checked the quick way or in full.

``bulk``'s workers check the records as ``validate`` does (a record with
nothing to report read and replayed the quick way); every column of its rows
must be what the full reading gives.
"""

from __future__ import annotations

import gzip
import json
from typing import Any

import pytest

from casino_records.check.batch import Checked, checked_item
from casino_records.record.files.sources import Item
from casino_records.scale.columns import finding_rows, record_row
from tests.paths import PEER_GAMES, SAMPLES
from tests.scale.conftest import archive_lines


def _items() -> list[Item]:
    """Samples, peer games and an archive with disputed, invalid and cut lines."""
    documents = [path.read_bytes() for path in sorted(SAMPLES.glob("*.json"))]
    documents += (SAMPLES / "archive-mixed.jsonl").read_bytes().splitlines()
    documents += (PEER_GAMES / "classic.jsonl").read_bytes().splitlines()[:20]
    with gzip.open(PEER_GAMES / "classic-legal.jsonl.gz") as stream:
        documents += stream.read().splitlines()[:5]
    documents += archive_lines(120, seed="columns")
    documents.append(_card_missing_from_the_piles())
    return [
        Item(f"a.jsonl:{n}", "jsonl", data, n, len(data))
        for n, data in enumerate(documents, 1)
        if data.strip()
    ]


def _card_missing_from_the_piles() -> bytes:
    """The piles sample with a card gone from the first side's pile (R11.2)."""
    record = json.loads((SAMPLES / "classic-2p-piles.json").read_bytes())
    record["deals"][1]["piles"]["sides"][0].remove("AS")
    return json.dumps(record).encode()


ITEMS = _items()


def test_a_fault_in_the_piles_is_counted_as_one() -> None:
    checked = checked_item(ITEMS[-1])
    row = record_row(checked, 0, "a.jsonl")
    kinds = [f["kind"] for f in finding_rows(checked, 0)]
    assert row["findings_piles"] == kinds.count("piles") >= 1


@pytest.mark.parametrize("strict", [False, True])
def test_quick_and_full_checks_give_the_same_rows(strict: bool) -> None:
    read_quickly = 0
    for seq, item in enumerate(ITEMS):
        quick = checked_item(item, strict=strict, quick=True)
        full = checked_item(item, strict=strict)
        assert record_row(quick, seq, "a.jsonl") == record_row(full, seq, "a.jsonl")
        assert finding_rows(quick, seq) == finding_rows(full, seq)
        _as_in_the_report(
            full, record_row(full, seq, "a.jsonl"), finding_rows(full, seq)
        )
        read_quickly += quick.record is None and quick.shape is not None
    statuses = {checked_item(item).status for item in ITEMS}
    assert statuses == {"ok", "disputed", "invalid", "unreadable"}
    assert len(ITEMS) // 2 < read_quickly < len(ITEMS)  # both ways were taken
    assert any(
        f["claimed"] is not None
        for i in ITEMS
        for f in finding_rows(checked_item(i), 0)
    )


def _as_in_the_report(checked: Checked, row: dict[str, Any], found: list[Any]) -> None:
    """The rows (taken from the replay's tally) say what its report says."""
    report = checked.report
    if report is None:
        assert [f["message"] for f in found] == [e.message for e in checked.errors]
        return
    assert row["moves_checked"] == report.moves_checked
    match = report.match
    assert (row["totals"], row["winner"]) == (
        (match.totals, match.winner) if match is not None else (None, None)
    )
    assert [
        (f["severity"], f["kind"], f["rule"], f["loc"], f["where"], f["message"])
        for f in found
    ] == [
        (f.severity, f.kind, f.rule, f.loc, f.where, f.message) for f in report.findings
    ]
    checks = [c for deal in report.deals for c in deal.checks]
    checks += match.checks if match is not None else []
    for f in found:
        if f["claimed"] is not None:
            assert any(
                (c.loc, c.claimed, c.computed)
                == (f["loc"], f["claimed"], f["computed"])
                for c in checks
            )
