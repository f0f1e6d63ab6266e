"""CSV of each deal and side with the computed scores beside the claimed ones.

The records are replayed to compute the scores (``convert --csv scores``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import IO, TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from ..record.format.models import GameRecord

__all__ = ["COMPUTED_COLUMNS", "write_csv"]


COMPUTED_COLUMNS: Final = (
    "computed_most_cards",
    "computed_most_spades",
    "computed_big_casino",
    "computed_little_casino",
    "computed_aces",
    "computed_sweeps",
    "computed_total",
    "computed_cards",
    "computed_spades",
    "computed_sweep_count",
)
"""Columns the scores CSV adds to ``csvexport.SCORE_COLUMNS``: the replay's figures
(empty when the deal was not scored). ``computed_total`` is the points banked."""


def write_csv(records: Iterable[GameRecord], stream: IO[bytes], scores: bool) -> int:
    """Write the moves CSV, or the scores CSV with claimed and computed figures.

    The rows come from :mod:`casino_records.record.csvexport`, one record at a
    time (so memory stays flat), numbered by the record's position in the
    input, and are written once, as they come.

    :returns: how many records were written.
    """
    import csv
    import io

    from ..check.replay import replay
    from ..record.csvexport import (
        MOVE_COLUMNS,
        SCORE_COLUMNS,
        move_rows,
        score_rows,
    )

    text = io.TextIOWrapper(stream, encoding="utf-8", newline="", write_through=True)
    try:
        writer = csv.writer(text, lineterminator="\r\n")
        writer.writerow((*SCORE_COLUMNS, *COMPUTED_COLUMNS) if scores else MOVE_COLUMNS)
        count = 0
        for count, record in enumerate(records, 1):
            if not scores:
                writer.writerows(move_rows([record], first=count))
                continue
            deals = {d.index: d for d in replay(record).report.deals}
            for row in score_rows([record], first=count):
                deal, side = row[2], row[3]
                assert isinstance(deal, int) and isinstance(side, int)
                writer.writerow([*row, *_computed_cells(deals.get(deal - 1), side)])
    finally:
        text.detach()
    return count


def _computed_cells(deal: Any, side: int) -> list[str]:
    from ..engine.scoring import CATEGORIES

    scored = {s.side: s for s in deal.sides} if deal is not None else {}
    if side not in scored:
        return [""] * len(COMPUTED_COLUMNS)
    s = scored[side]
    figures = [s.points.get(c, 0) for c in CATEGORIES]
    return [str(v) for v in (*figures, s.banked, s.cards, s.spades, s.sweeps)]
