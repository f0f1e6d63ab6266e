"""The analysis beside a replay: a badge per move, a panel per move, a box per deal.

Pure HTML (no streamlit) for the viewer's stepper (:mod:`.viewmodel.stepper`)
and its offline page, in the stepper's CSS classes (``cr-…``,
``present/web/stepper.css``); every text from data is escaped. Moves are
written with suit symbols (``10♠ takes 10♦``) as everywhere in the viewer.

>>> from casino_records.analysis.game_analysis import MoveAnalysis
>>> move = MoveAnalysis(0, 4, "/deals/0/rounds/0/moves/4", 0, 0, "Ana", "estimated",
...     "10S trails", -1.21, "10S takes 10D", 1.2, 2.41, 0.31, "??", (4.0, 6.0), [], 48)
>>> move_note(move)
'?? lost 2.41 ±0.31, best 10♠ takes 10♦ (estimated)'
>>> move_badge(move)
'?? −2.41'
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Final

from ..analysis.game_analysis import (
    AnalysisSettings,
    DealAnalysis,
    MoveAnalysis,
    PlayerLoss,
)
from ..engine.describe import plural
from .analysis_text import losses_line, pretty_move
from .evalgraph import SIDE_COLOURS, evaluation_svg, graph_scale

__all__ = [
    "ALTERNATIVES_SHOWN",
    "deal_box_html",
    "how_text",
    "mark_kind",
    "move_badge",
    "move_badges",
    "move_note",
    "move_panel_html",
    "notes_by_index",
]

ALTERNATIVES_SHOWN: Final = 8
"""Legal moves listed in a move's panel, best first (the played one always)."""
_KINDS: Final = {"?!": "inaccuracy", "?": "mistake", "??": "blunder"}
_SHOWN_LOSS: Final = 0.005
"""A loss below this shows as none (values are printed to two decimals)."""


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _lost(move: MoveAnalysis) -> bool:
    return move.best != move.played and move.loss >= _SHOWN_LOSS


def move_note(move: MoveAnalysis) -> str:
    """A short line: the mark, the loss and the best move; or "best move"."""
    if not _lost(move):
        return f"best move ({move.method})"
    spread = "" if move.method == "exact" else f" ±{move.loss_stderr:.2f}"
    mark = f"{move.mark} " if move.mark else ""
    return (
        f"{mark}lost {move.loss:.2f}{spread}, best {pretty_move(move.best)}"
        f" ({move.method})"
    )


def move_badge(move: MoveAnalysis) -> str:
    """The move list's badge: the mark and the points lost (``?? −2.41``), or ``""``."""
    if not _lost(move):
        return ""
    mark = f"{move.mark} " if move.mark else ""
    return f"{mark}−{move.loss:.2f}"


def mark_kind(mark: str) -> str:
    """The CSS kind of a mark: ``inaccuracy``, ``mistake``, ``blunder``; ``loss``
    for a loss too small (or too uncertain) to be marked."""
    return _KINDS.get(mark, "loss")


def move_badges(deal: DealAnalysis) -> dict[int, tuple[str, str, str]]:
    """The move list's badges of ``deal``: for the step after each move that
    lost points, :func:`move_badge`, :func:`move_note` and :func:`mark_kind`."""
    return {
        move.index + 1: (move_badge(move), move_note(move), mark_kind(move.mark))
        for move in deal.moves
        if _lost(move)
    }


def notes_by_index(deal: DealAnalysis) -> dict[int, str]:
    """:func:`move_note` of each analysed move of ``deal``, by move index."""
    return {move.index: move_note(move) for move in deal.moves}


def how_text(move: MoveAnalysis) -> str:
    """How the move's values were found, in a few words."""
    if move.method == "exact":
        return "exact: every card known, best play to the end of the deal"
    return (
        f"estimated from what {move.player} knew: {move.samples} deals of the"
        " unseen cards, each played out by the greedy bot"
    )


def _mark_html(mark: str) -> str:
    if mark not in _KINDS:
        return ""
    return f'<b class="cr-mark cr-mark-{mark_kind(mark)}">{_e(mark)}</b> '


def move_panel_html(move: MoveAnalysis | None, moves_in_deal: int = 48) -> str:
    """The analysis of the move just made: its loss, the best move, how it was
    found, and the values of the legal moves (best first). Empty for None."""
    if move is None:
        return ""
    label = f"Move {move.index + 1} / {moves_in_deal}, {move.player}"
    if _lost(move):
        spread = "" if move.method == "exact" else f" ± {move.loss_stderr:.2f}"
        verdict = (
            f"{_mark_html(move.mark)}lost <b>{move.loss:.2f}</b>{spread} points;"
            f" best was <b>{_e(pretty_move(move.best))}</b>"
        )
    else:
        verdict = "<b>the best move</b>" + (
            "" if move.method == "exact" else " (no better estimate)"
        )
    shown = move.alternatives[:ALTERNATIVES_SHOWN]
    if not any(a.move == move.played for a in shown):
        shown += [a for a in move.alternatives if a.move == move.played][:1]
    rows = []
    for alternative in shown:
        played = alternative.move == move.played
        spread = "" if move.method == "exact" else f" ± {alternative.stderr:.2f}"
        first = (
            '<tr class="cr-row-played"><td>▶ played</td>' if played else "<tr><td></td>"
        )
        rows.append(
            f"{first}<td>{_e(pretty_move(alternative.move))}</td>"
            f'<td class="cr-num">{alternative.value:+.2f}{spread}</td></tr>'
        )
    more = len(move.alternatives) - len(shown)
    tail = (
        f'<p class="cr-caption">… and {plural(more, "more legal move")}.</p>'
        if more > 0
        else ""
    )
    return (
        '<div class="cr-eval-move">'
        f"<p><strong>Analysis · {_e(label)}:</strong> {verdict}"
        f' <span class="cr-method cr-{move.method}">{_e(move.method)}</span></p>'
        f'<details class="cr-alts"><summary>The'
        f" {plural(len(move.alternatives), 'legal move')}, best first</summary>"
        f'<p class="cr-caption">{_e(how_text(move))}. Value: the points of'
        f" {_e(move.player)}'s side minus the others', at the deal's end.</p>"
        '<table class="cr-table"><thead><tr><th></th><th>move</th><th>value</th></tr>'
        f"</thead><tbody>{''.join(rows)}</tbody></table>{tail}</details>"
        "</div>"
    )


def _losses_html(players: Sequence[PlayerLoss]) -> str:
    return _e(losses_line(players))


def deal_box_html(
    deal: DealAnalysis,
    sides: Sequence[str],
    settings: AnalysisSettings,
    *,
    moves_in_deal: int = 48,
) -> str:
    """A deal's analysis: the evaluation graph (its points go to their moves in
    the stepper), each player's points lost per move, and how it was made."""
    graph = evaluation_svg(deal, sides, stepper=True, moves_in_deal=moves_in_deal)
    exact = [m for m in deal.moves if m.method == "exact"]
    tail = f"; the last {len(exact)} exact, every card known" if exact else ""
    how = (
        f"Estimated moves: {settings.up_to}{settings.samples} sampled deals each (seed"
        f" {settings.seed!r}){tail}."
        f" Marks: ?! from {settings.inaccuracy:g}, ? from {settings.mistake:g},"
        f" ?? from {settings.blunder:g} points lost."
    )
    note = f'<p class="cr-caption">{_e(deal.note)}</p>' if deal.note else ""
    top = graph_scale(deal.moves, len(sides))
    if len(sides) == 2:
        legend = (
            f"Above the middle line {_e(sides[0])} is ahead, below {_e(sides[1])};"
            f" the edges are ±{top:g} points"
        )
    else:
        names = ", ".join(
            f'<b style="color:{SIDE_COLOURS[s % len(SIDE_COLOURS)]}">{_e(name)}</b>'
            for s, name in enumerate(sides)
        )
        legend = f"Each side's lead over the others' mean ({names}), up to ±{top:g}"
    legend += "; the shaded moves are exact." if exact else "."
    return (
        '<details class="cr-analysis" open>'
        f"<summary>Evaluation of deal {deal.index + 1}</summary>"
        f'<div class="cr-graph">{graph}</div>'
        f'<p class="cr-caption cr-graph-legend">{legend}</p>'
        f"<p><strong>Points lost per move:</strong> {_losses_html(deal.players)}</p>"
        f'<p class="cr-caption">{_e(how)} Click a point to go to its move.</p>'
        f"{note}</details>"
    )
