"""The analysis beside a replay: a line per move and a panel for the current move.

Pure text and HTML (no streamlit); every text from data is escaped. Cards are
written as in the analysis (``10D``); the page may prettify them.

>>> from casino_records.analysis.report import MoveAnalysis
>>> move = MoveAnalysis(0, 4, "/deals/0/rounds/0/moves/4", 0, 0, "Ana", "estimated",
...     "10S trails", -1.21, "10S takes 10D", 1.2, 2.41, 0.31, "??", (4.0, 6.0), [], 48)
>>> move_note(move)
'?? lost 2.41 ±0.31, best 10S takes 10D (estimated)'
"""

from __future__ import annotations

from html import escape
from typing import Final

from ..analysis.report import DealAnalysis, MoveAnalysis
from .evalgraph import MARK_COLOURS

__all__ = ["ALTERNATIVES_SHOWN", "move_note", "move_panel_html", "notes_by_index"]

ALTERNATIVES_SHOWN: Final = 5
"""Legal moves listed in the panel, best first."""


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def move_note(move: MoveAnalysis) -> str:
    """A short line for the move list: the loss and the best move, or "best"."""
    if move.best == move.played:
        return f"best move ({move.method})"
    spread = "" if move.method == "exact" else f" ±{move.loss_stderr:.2f}"
    mark = f"{move.mark} " if move.mark else ""
    return f"{mark}lost {move.loss:.2f}{spread}, best {move.best} ({move.method})"


def notes_by_index(deal: DealAnalysis) -> dict[int, str]:
    """:func:`move_note` of each analysed move of ``deal``, by move index."""
    return {move.index: move_note(move) for move in deal.moves}


def move_panel_html(move: MoveAnalysis | None) -> str:
    """The current move's analysis: label, values, and the best legal moves."""
    if move is None:
        return '<div class="analysis-panel">No analysis of this move.</div>'
    if move.method == "exact":
        how = "exact: every card known, best play to the end of the deal"
    else:
        how = (
            f"estimated from what {_e(move.player)} knew: {move.samples} deals of"
            " the unseen cards, played out by the greedy bot"
        )
    mark = ""
    if move.mark:
        colour = MARK_COLOURS[move.mark]
        mark = f' <b class="mark" style="color:{colour}">{_e(move.mark)}</b>'
    rows = []
    for alternative in move.alternatives[:ALTERNATIVES_SHOWN]:
        played = " ← played" if alternative.move == move.played else ""
        spread = "" if move.method == "exact" else f" ±{alternative.stderr:.2f}"
        rows.append(
            f"<tr><td>{_e(alternative.move)}{played}</td>"
            f'<td style="text-align:right">{alternative.value:+.2f}{spread}</td></tr>'
        )
    more = len(move.alternatives) - ALTERNATIVES_SHOWN
    if more > 0:
        rows.append(f'<tr><td colspan="2">… and {more} more</td></tr>')
    return (
        '<div class="analysis-panel">'
        f"<div><b>Move {move.index + 1}</b>, {_e(move.player)}: {_e(move.played)}{mark}</div>"
        f"<div>{_e(move_note(move))}</div>"
        f'<div class="analysis-how"><small>{how}</small></div>'
        f'<table class="analysis-alternatives">{"".join(rows)}</table>'
        "</div>"
    )
