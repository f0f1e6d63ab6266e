"""HTML fragments of one position, for the viewer's client-side stepper.

Each function returns a piece of HTML the browser swaps in as it steps (see
:mod:`.stepper`). Every text that comes from data (names, comments, messages,
card text) goes through :func:`html.escape`; the board's pictures escape
their own labels. A link to a position is a ``<button>`` with ``data-deal``
and ``data-move`` (0-based deal, moves played), which the stepper follows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from ...check.report import Finding
from .findings import ScoreRow, finding_jumps, findings_at, score_grid, score_rows
from .game import Game, recorded_text
from .movelist import MoveRow, alternatives, move_label
from .perspective import alternatives_visible
from .position import PositionView

__all__ = [
    "HIDDEN_ALTERNATIVES",
    "alternatives_html",
    "failing_html",
    "goto_button",
    "html_table",
    "last_move_html",
    "move_list_html",
    "score_html",
    "sides_html",
]

HIDDEN_ALTERNATIVES = "Hidden: they would show the hand of the player to move."
"""What stands for the legal moves when the perspective hides the hand to play."""


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def html_table(
    rows: Sequence[Mapping[str, object]], *, classes: Mapping[str, str] | None = None
) -> str:
    """An HTML table of ``rows`` (the first row's keys head it), every cell escaped.

    ``classes`` gives cells a CSS class (such as ``cr-differs``), keyed
    ``"N:key"`` for row ``N`` (from 0) and column ``key``.

    >>> html_table([{"side": "<b>"}])
    '<table class="cr-table"><thead><tr><th>side</th></tr></thead><tbody><tr><td>&lt;b&gt;</td></tr></tbody></table>'
    >>> html_table([])
    ''
    """
    if not rows:
        return ""
    marks = classes or {}
    keys = list(rows[0])
    head = "".join(f"<th>{_e(k)}</th>" for k in keys)
    body = []
    for n, row in enumerate(rows):
        cells = []
        for k in keys:
            mark = marks.get(f"{n}:{k}")
            attr = f' class="{_e(mark)}"' if mark else ""
            cells.append(f"<td{attr}>{_e(row.get(k, ''))}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return (
        f'<table class="cr-table"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table>"
    )


def goto_button(label: str, deal: int, move: int, *, cls: str = "cr-jump") -> str:
    """A button that takes the stepper to position ``move`` of ``deal``.

    >>> goto_button("<go>", 0, 3)
    '<button type="button" class="cr-jump" data-deal="0" data-move="3">&lt;go&gt;</button>'
    """
    return (
        f'<button type="button" class="{_e(cls)}" data-deal="{deal}"'
        f' data-move="{move}">{_e(label)}</button>'
    )


def last_move_html(view: PositionView) -> str:
    """The move just made in words (glyph, comment), or the deal's comment."""
    if view.last_text is not None:
        glyph = f" {view.last_glyph}" if view.last_glyph else ""
        parts = [
            f'<div class="cr-info"><strong>Move {view.move}{_e(glyph)}:</strong>'
            f" {_e(view.last_text)}</div>"
        ]
        if view.last_comment:
            parts.append(f'<div class="cr-caption">{_e(view.last_comment)}</div>')
        return "".join(parts)
    if view.deal_comment:
        return f'<div class="cr-caption">{_e(view.deal_comment)}</div>'
    return ""


def failing_html(game: Game, failing: Finding | None) -> str:
    """The panel of an illegal move: rule, message, the move in words, legal moves."""
    if failing is None:
        return ""
    recorded = recorded_text(game, failing.loc) or failing.where
    legal = "".join(f"<li>{_e(m)}</li>" for m in failing.legal) or "<li>(none)</li>"
    return (
        '<div class="cr-error" role="alert">'
        f"<p><strong>Illegal move · rule {_e(failing.rule or '?')}</strong>"
        f" · {_e(failing.where)}</p>"
        f"<p>{_e(failing.message)}</p>"
        f"<p>Recorded: {_e(recorded)}</p>"
        f"<p>Legal moves here:</p><ul>{legal}</ul></div>"
    )


def sides_html(view: PositionView) -> str:
    """Each side's pile so far (cards, spades, sweeps, match totals); the residue."""
    parts = [html_table([s.row() for s in view.sides])]
    if view.residue:
        cards = " ".join(c.pretty for c in view.residue)
        parts.append(
            '<div class="cr-caption">'
            f"Left on the table at the end, to {_e(view.residue_side)}: {_e(cards)}"
            "</div>"
        )
    return "".join(parts)


def _score_cell(key: str, value: ScoreRow | str) -> tuple[str, str]:
    """A score grid cell's text and CSS class."""
    if isinstance(value, str):
        return value, ""
    if key.endswith(" computed"):
        return str(value.computed), ""
    if value.claimed is None:
        return "", ""
    if value.agrees:
        return f"{value.claimed} ✓", "cr-agrees"
    return f"{value.claimed} ✗", "cr-differs"


def score_html(game: Game, deal: int, view: PositionView) -> str:
    """At a deal's end: its score, claimed beside computed, and its disputes.

    A claimed figure that differs is in a ``cr-differs`` cell; each dispute
    lists buttons to the moves that decided it. Empty before the deal's end.
    """
    if not view.finished:
        return ""
    rows = []
    classes = {}
    for n, line in enumerate(score_grid(score_rows(game, deal))):
        row = {}
        for key, value in line.items():
            text, cls = _score_cell(key, value)
            row[key] = text
            if cls:
                classes[f"{n}:{key}"] = cls
        rows.append(row)
    parts = ["<h3>Deal score</h3>", html_table(rows, classes=classes)]
    report = game.deal_report(deal)
    if report is not None and report.match_note:
        parts.append(f'<div class="cr-caption">{_e(report.match_note)}</div>')
    for finding in findings_at(game, deal):
        if finding.severity != "dispute":
            continue
        buttons = "".join(
            goto_button(jump.label, jump.deal, jump.move)
            for jump in finding_jumps(game, finding)
        )
        parts.append(
            f'<div class="cr-warning"><p><strong>{_e(finding.where)}:</strong>'
            f" {_e(finding.message)}</p>{buttons}</div>"
        )
    match = game.report.match
    if deal == game.deals[-1] and match is not None:
        parts.append(f'<div class="cr-caption">Match: {_e(match.reason)}</div>')
    return "".join(parts)


def alternatives_html(
    game: Game, deal: int, view: PositionView, perspective: str
) -> str:
    """The legal moves at the turn (the one played marked), or why they are hidden.

    Empty at a deal's end.
    """
    if view.turn is None:
        return ""
    if not alternatives_visible(perspective, view.turn):
        return (
            f'<h3>Legal moves here</h3><div class="cr-caption">'
            f"{_e(HIDDEN_ALTERNATIVES)}</div>"
        )
    found = alternatives(game, deal, view.move)
    return "<h3>Legal moves here</h3>" + html_table([alt.row() for alt in found])


def move_list_html(
    rows: Sequence[MoveRow], deal: int, window: Sequence[int], round_: int
) -> str:
    """The move list of round ``round_`` (0-based): a button per position of ``window``.

    ``window`` is :func:`navigation.round_window`; the position right after
    a move is the one its button opens.
    """
    items = "".join(
        f"<li>{goto_button(move_label(rows, i), deal, i, cls='cr-move')}</li>"
        for i in window
    )
    return (
        f'<div class="cr-moves-title"><strong>Moves of round {round_ + 1}</strong></div>'
        f'<ol class="cr-moves">{items}</ol>'
    )
