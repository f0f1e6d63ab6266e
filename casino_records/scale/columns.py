"""One record's checks as table rows: the ``records`` row and its ``findings`` rows.

What a row holds is what ``validate --format json`` reports for the record (its
source, status, first problem, and every finding or read error with its JSON
pointer and words), plus what a query needs beside it: where the record is in
its file (line and byte offset, so it can be read again alone), its preset and
players, the match as computed and as claimed. Plain Python values: the
Arrow schema is in :mod:`.tables`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, get_args

from ..check.report import FindingKind
from ..check.status import Severity

if TYPE_CHECKING:
    from ..check.batch import Checked
    from ..check.report import ReplayReport
    from ..check.scorecheck import ScoreCheck

__all__ = ["FINDING_KINDS", "SEVERITIES", "finding_rows", "record_row"]

FINDING_KINDS: Final = get_args(FindingKind)
"""The kinds of finding (:class:`casino_records.check.report.Finding`); a read error
counts as ``format``. The records table has a ``findings_<kind>`` count for each."""
SEVERITIES: Final = tuple(Severity)
"""The severities of a finding; the records table counts each (``errors`` …)."""
_READ_ERROR_KIND: Final = "format"


def record_row(checked: Checked, seq: int, file: str) -> dict[str, Any]:
    """The ``records`` row of one checked item.

    :param seq: the record's number in the run's input order, from 0.
    :param file: the file the item was read from, as the run names it.
    """
    item, record = checked.item, checked.shape
    report = checked.replayed.report if checked.replayed is not None else None
    counts = dict.fromkeys(FINDING_KINDS, 0)
    severities = dict.fromkeys(SEVERITIES, 0)
    if report is None:
        counts[_READ_ERROR_KIND] = len(checked.errors)
        severities[Severity.ERROR] = len(checked.errors)
    else:
        for finding in report.findings:
            counts[finding.kind] += 1
            severities[finding.severity] += 1
    claimed = record.claimed if record is not None else None
    match = report.match if report is not None else None
    row: dict[str, Any] = {
        "seq": seq,
        "source": item.label,
        "file": file,
        "kind": item.kind,
        "line": item.line,
        "offset": item.offset,
        "size": item.size,
        "record_id": record.id if record is not None else None,
        "status": checked.status,
        "problem": checked.problem,
        "problems": checked.problems,
        "preset": record.rules.preset if record is not None else None,
        "player_count": len(record.players) if record is not None else None,
        "players": [p.name for p in record.players] if record is not None else None,
        "deals": len(record.deals) if record is not None else None,
        "totals": list(match.totals) if match is not None else None,
        "winner": match.winner if match is not None else None,
        "claimed_totals": (
            list(claimed.totals)
            if claimed is not None and claimed.totals is not None
            else None
        ),
        "claimed_winner": claimed.winner if claimed is not None else None,
        "moves_checked": report.moves_checked if report is not None else 0,
        "errors": severities[Severity.ERROR],
        "disputes": severities[Severity.DISPUTE],
        "warnings": severities[Severity.WARNING],
    }
    for kind in FINDING_KINDS:
        row[f"findings_{kind}"] = counts[kind]
    return row


def finding_rows(checked: Checked, seq: int) -> list[dict[str, Any]]:
    """The ``findings`` rows of one checked item: its findings, else its read errors.

    A finding about a claimed figure carries the claimed and computed values
    (and the category and side) of the score check at its JSON pointer.
    """
    item = checked.item
    report = checked.replayed.report if checked.replayed is not None else None
    record_id = checked.shape.id if checked.shape is not None else None
    base = {"seq": seq, "source": item.label, "record_id": record_id}
    if report is None:
        return [
            {
                **base,
                "number": n,
                "severity": "error",
                "kind": _READ_ERROR_KIND,
                "rule": error.rule or "",
                "loc": error.loc,
                "where": error.where,
                "message": error.message,
                "category": None,
                "side": None,
                "claimed": None,
                "computed": None,
            }
            for n, error in enumerate(checked.errors)
        ]
    if not report.findings:
        return []
    checks = _score_checks(report)
    rows = []
    for n, finding in enumerate(report.findings):
        check = checks.get(finding.loc)
        rows.append(
            {
                **base,
                "number": n,
                "severity": finding.severity,
                "kind": finding.kind,
                "rule": finding.rule,
                "loc": finding.loc,
                "where": finding.where,
                "message": finding.message,
                "category": check.category if check is not None else None,
                "side": check.side if check is not None else None,
                "claimed": check.claimed if check is not None else None,
                "computed": check.computed if check is not None else None,
            }
        )
    return rows


def _score_checks(report: ReplayReport) -> dict[str, ScoreCheck]:
    """Every claimed figure's check that disagrees, by its JSON pointer."""
    checks: dict[str, ScoreCheck] = {}
    every = [check for deal in report.deals for check in deal.checks]
    if report.match is not None:
        every += report.match.checks
    for check in every:
        if not check.agrees:
            checks.setdefault(check.loc, check)
    return checks
