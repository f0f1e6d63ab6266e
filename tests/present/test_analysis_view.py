"""The analysis beside a replay: notes for the move list, the current move's panel."""

from __future__ import annotations

from casino_records.analysis.report import Alternative, DealAnalysis, MoveAnalysis
from casino_records.present.analysis_view import (
    ALTERNATIVES_SHOWN,
    move_note,
    move_panel_html,
    notes_by_index,
)


def _move(**changes: object) -> MoveAnalysis:
    fields: dict[str, object] = {
        "deal": 0,
        "index": 4,
        "loc": "/deals/0/rounds/0/moves/4",
        "round": 0,
        "seat": 0,
        "player": "Ana <3",
        "method": "estimated",
        "played": "10S trails",
        "played_value": -1.21,
        "best": "10S takes 10D",
        "best_value": 1.2,
        "loss": 2.41,
        "loss_stderr": 0.31,
        "mark": "??",
        "points": (4.0, 6.0),
        "alternatives": [
            Alternative("10S takes 10D", 1.2, 0.2),
            *[Alternative(f"{r}H trails", -1.0 - r / 10, 0.2) for r in range(2, 8)],
            Alternative("10S trails", -1.21, 0.2),
        ],
        "samples": 48,
    }
    fields.update(changes)
    return MoveAnalysis(**fields)  # type: ignore[arg-type]


def test_notes() -> None:
    assert move_note(_move()) == "?? lost 2.41 ±0.31, best 10S takes 10D (estimated)"
    exact = _move(method="exact", mark="?", loss=1.0, loss_stderr=0.0)
    assert move_note(exact) == "? lost 1.00, best 10S takes 10D (exact)"
    best = _move(best="10S trails", loss=0.0, mark="")
    assert move_note(best) == "best move (estimated)"
    deal = DealAnalysis(0, [_move(), _move(index=5, best="10S trails", mark="")])
    assert notes_by_index(deal) == {4: move_note(_move()), 5: "best move (estimated)"}


def test_panel() -> None:
    html = move_panel_html(_move())
    assert "Ana &lt;3" in html and "<3" not in html
    assert html.count("<tr>") == ALTERNATIVES_SHOWN + 1
    assert "… and 3 more" in html
    assert "48 deals of the unseen cards" in html
    assert "+1.20 ±0.20" in html
    played_listed = move_panel_html(_move(alternatives=_move().alternatives[-2:]))
    assert "10S trails ← played" in played_listed
    assert "every card known" in move_panel_html(_move(method="exact"))
    assert "No analysis" in move_panel_html(None)
