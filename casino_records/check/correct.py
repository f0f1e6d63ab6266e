"""Correct a record's claimed scores: replace every claimed figure by the computed one.

Only figures the record already claims are replaced (a deal that claims only
``total`` keeps only ``total``); the match's claimed ``totals`` (when present)
and ``winner`` become the computed ones. A deal that was not played out is not
scored, so nothing is computed for it: its claimed figures are removed (D8; a
claimed comment stays). A record with errors cannot be corrected, since its
computed scores are not known.

>>> from casino_records.record.simulate import simulate_record
>>> from casino_records.check.replay import replay
>>> record = simulate_record("classic", 2, seed="doc")
>>> data = record.model_dump(mode="json", exclude_none=True)
>>> data["deals"][0]["claimed"]["sides"][0]["total"] += 1
>>> data["claimed"]["winner"] = 1 - data["claimed"]["winner"]
>>> wrong = type(record).model_validate(data)
>>> report = replay(wrong).report
>>> print(report.status)
disputed
>>> fixed = corrected(wrong, report)
>>> fixed == record, replay(fixed).report.status == "ok"
(True, True)
"""

from __future__ import annotations

from typing import Any

from ..errors import UncorrectableError
from ..record.format.models import GameRecord
from ..record.format.pointer import set_at
from ..record.json.jsonio import canonical_data
from .report import ReplayReport

__all__ = ["UncorrectableError", "corrected", "corrected_data"]


def corrected(record: GameRecord, report: ReplayReport) -> GameRecord:
    """Return a copy of ``record`` whose claimed scores are the computed ones.

    :param report: the report of ``replay(record)``.
    :raises UncorrectableError: the record is invalid (its report has errors).
    """
    return GameRecord.model_validate(corrected_data(record, report))


def corrected_data(record: GameRecord, report: ReplayReport) -> dict[str, Any]:
    """The canonical JSON data of :func:`corrected` (what a writer writes), unvalidated.

    Only claimed figures change, each to a computed one (a whole number in
    range), so the data is that of a valid record: writing it needs no second
    validation.

    :raises UncorrectableError: the record is invalid (its report has errors).
    """
    if not report.valid:
        first = next(f for f in report.findings if f.severity == "error")
        raise UncorrectableError(
            f"an invalid record cannot be corrected: {first.message}",
            loc=first.loc,
            where=first.where,
        )
    data = canonical_data(record)
    for deal in report.deals:
        for check in deal.checks:
            set_at(data, check.loc, check.computed)
        claimed = data["deals"][deal.index].get("claimed")
        if not deal.complete and claimed is not None:
            if "comment" in claimed:
                claimed["sides"] = [{} for _ in claimed["sides"]]
            else:
                del data["deals"][deal.index]["claimed"]
    claimed = data.get("claimed")
    if claimed is not None and report.match is not None:
        if "totals" in claimed:
            claimed["totals"] = list(report.match.totals)
        if report.match.winner is None:
            claimed.pop("winner", None)
        else:
            claimed["winner"] = report.match.winner
    return data
