"""The evaluation graph of a deal: points over moves, as a chess site's advantage chart.

Pure SVG text (the conventions of :mod:`casino_records.present.svg`: no ``id``, no
blank line, the root's opening tag alone on the first line, every text escaped,
the same input giving the same bytes). With two sides the graph is one line:
side 0's expected lead after each move (above the middle line, side 0 is ahead;
below, side 1), over a shaded area. With three or four sides there is one line
per side: its expected points minus the mean of the others'. Moves with a mark
get a coloured dot (``?!`` yellow, ``?`` orange, ``??`` red); the moves solved
exactly lie on a tinted band labelled "exact"; the current move has a vertical
line; dashed lines part the rounds. Every point carries a tooltip (the move, its loss
and the best move) and, given ``href`` or ``stepper``, goes to its move when clicked.

>>> from casino_records.analysis.game_analysis import DealAnalysis
>>> evaluation_svg(DealAnalysis(0), ["Ana", "Ben"]).splitlines()[0]  # doctest: +NORMALIZE_WHITESPACE
'<svg xmlns="http://www.w3.org/2000/svg" class="evaluation-graph" width="100%"
  viewBox="0 0 640 180" role="img"
  aria-label="Evaluation graph: no move analysed" font-family="DejaVu Sans, Arial, sans-serif">'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from html import escape
from typing import Final

from ..analysis.game_analysis import DealAnalysis, MoveAnalysis
from ..i18n import ENGLISH, Translator
from .analysis_text import said_move
from .could_win_text import method_word

__all__ = ["MARK_COLOURS", "SIDE_COLOURS", "evaluation_svg", "graph_scale", "lead"]

MARK_COLOURS: Final = {"?!": "#d4a300", "?": "#e07000", "??": "#d0021b"}
"""The dot colour of each mark."""
SIDE_COLOURS: Final = ("#2b5bb5", "#c8102e", "#2e7d32", "#7b1fa2")
"""The line colour of each side (three or four sides)."""

_FONT: Final = "DejaVu Sans, Arial, sans-serif"
_WIDTH: Final = 640
_HEIGHT: Final = 180
_LEFT: Final = 8
_RIGHT: Final = 8
_TOP: Final = 16
_BOTTOM: Final = 16
_GRID: Final = "#c9c9c9"
_TEXT: Final = "#555555"
_EXACT_BAND: Final = "#e6f2e6"
_CURRENT: Final = "#f0a500"


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def lead(move: MoveAnalysis, side: int) -> float:
    """Side ``side``'s expected points after ``move`` minus the mean of the others'."""
    points = move.points
    others = (sum(points) - points[side]) / (len(points) - 1)
    return points[side] - others


def graph_scale(moves: Sequence[MoveAnalysis], sides: int) -> float:
    """The value at the top of the graph: at least 4 points, rounded up to even."""
    series = [0, 1] if sides == 2 else range(sides)
    biggest = max((abs(lead(m, s)) for m in moves for s in series), default=0.0)
    return float(max(4, 2 * math.ceil(biggest / 2)))


def _tooltip(move: MoveAnalysis, t: Translator = ENGLISH) -> str:
    mark = f" {move.mark}" if move.mark else ""
    text = t.gettext("move {n}, {player}: {move}").format(
        n=move.index + 1, player=move.player, move=said_move(move.played, t)
    )
    text += mark
    method = method_word(move.method, t)
    if move.best == move.played:
        text += t.gettext("; best move ({method})").format(method=method)
    else:
        text += t.gettext("; lost {loss}, best {move} ({method})").format(
            loss=f"{move.loss:.2f}", move=said_move(move.best, t), method=method
        )
    return text


def evaluation_svg(
    deal: DealAnalysis,
    sides: Sequence[str],
    *,
    current: int | None = None,
    href: Callable[[int], str] | None = None,
    stepper: bool = False,
    moves_in_deal: int = 48,
    t: Translator = ENGLISH,
) -> str:
    """The evaluation graph of ``deal`` (see the module).

    :param sides: each side's name, for the labels.
    :param current: the move index (0-based) to mark with a vertical line.
    :param href: the link of a move index, for clickable points.
    :param stepper: for the viewer's stepper: each point carries ``data-deal``
        and ``data-move`` (the step after the move, as the move list's buttons
        do), and a click there shows that step.
    :param moves_in_deal: the x axis's length (every deal has 48 moves).
    """
    moves = deal.moves
    count = len(moves)
    label = (
        t.ngettext(
            "Evaluation graph of deal {deal}: {n} move",
            "Evaluation graph of deal {deal}: {n} moves",
            count,
        ).format(deal=deal.index + 1, n=count)
        if moves
        else t.gettext("Evaluation graph: no move analysed")
    )
    lines = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="evaluation-graph" width="100%"'
        f' viewBox="0 0 {_WIDTH} {_HEIGHT}" role="img"'
        f' aria-label="{_e(label)}" font-family="{_FONT}">',
        f'<rect x="0" y="0" width="{_WIDTH}" height="{_HEIGHT}" fill="#ffffff"/>',
    ]
    span = _WIDTH - _LEFT - _RIGHT
    step = span / max(moves_in_deal, 1)
    middle = _TOP + (_HEIGHT - _TOP - _BOTTOM) / 2
    half = (_HEIGHT - _TOP - _BOTTOM) / 2
    top = graph_scale(moves, len(sides))

    def x(index: int) -> float:
        return round(_LEFT + (index + 0.5) * step, 1)

    def y(value: float) -> float:
        return round(middle - max(-top, min(top, value)) / top * half, 1)

    exact = [m.index for m in moves if m.method == "exact"]
    if exact:
        left = round(_LEFT + min(exact) * step, 1)
        right = round(_LEFT + (max(exact) + 1) * step, 1)
        lines.append(
            f'<rect class="exact-band" x="{left}" y="{_TOP}" width="{round(right - left, 1)}"'
            f' height="{_HEIGHT - _TOP - _BOTTOM}" fill="{_EXACT_BAND}"/>'
        )
        lines.append(
            f'<text x="{right - 2}" y="{_HEIGHT - 4}" font-size="10" fill="{_TEXT}"'
            f' text-anchor="end">exact</text>'
        )
    for previous, move in zip(moves, moves[1:], strict=False):
        if move.round != previous.round:
            edge = round(_LEFT + move.index * step, 1)
            lines.append(
                f'<line class="round" x1="{edge}" y1="{_TOP}" x2="{edge}"'
                f' y2="{_HEIGHT - _BOTTOM}" stroke="{_GRID}" stroke-width="0.5"'
                f' stroke-dasharray="2 3"/>'
            )
    lines.append(
        f'<line x1="{_LEFT}" y1="{middle}" x2="{_WIDTH - _RIGHT}" y2="{middle}"'
        f' stroke="{_GRID}" stroke-width="1"/>'
    )
    if len(sides) == 2:
        ahead = t.gettext("{side} ahead (+{top})")
        lines.append(
            f'<text x="{_LEFT + 2}" y="{_TOP - 4}" font-size="10" fill="{_TEXT}">'
            f"{_e(ahead.format(side=sides[0], top=f'{top:g}'))}</text>"
        )
        lines.append(
            f'<text x="{_LEFT + 2}" y="{_HEIGHT - 4}" font-size="10" fill="{_TEXT}">'
            f"{_e(ahead.format(side=sides[1], top=f'{top:g}'))}</text>"
        )
    else:
        legend = _LEFT + 2
        for side, name in enumerate(sides):
            colour = SIDE_COLOURS[side % len(SIDE_COLOURS)]
            lines.append(
                f'<text x="{legend}" y="{_TOP - 4}" font-size="10" fill="{colour}">'
                f"{_e(name)}</text>"
            )
            legend += 12 + 7 * len(name)
    if current is not None and 0 <= current < moves_in_deal:
        lines.append(
            f'<line class="current" x1="{x(current)}" y1="{_TOP}" x2="{x(current)}"'
            f' y2="{_HEIGHT - _BOTTOM}" stroke="{_CURRENT}" stroke-width="2"/>'
        )
    if moves:
        if len(sides) == 2:
            points = " ".join(f"{x(m.index)},{y(lead(m, 0))}" for m in moves)
            first, last = x(moves[0].index), x(moves[-1].index)
            lines.append(
                f'<polygon class="lead-area" points="{first},{middle} {points} {last},{middle}"'
                f' fill="{SIDE_COLOURS[0]}" fill-opacity="0.18"/>'
            )
            lines.append(
                f'<polyline class="lead" points="{points}" fill="none"'
                f' stroke="{SIDE_COLOURS[0]}" stroke-width="1.5"/>'
            )
        else:
            for side in range(len(sides)):
                points = " ".join(f"{x(m.index)},{y(lead(m, side))}" for m in moves)
                lines.append(
                    f'<polyline class="lead" data-side="{side}" points="{points}"'
                    f' fill="none" stroke="{SIDE_COLOURS[side % len(SIDE_COLOURS)]}"'
                    f' stroke-width="1.5"/>'
                )
    for move in moves:
        side = 0 if len(sides) == 2 else _side_of(move, sides)
        value = lead(move, side)
        colour = MARK_COLOURS.get(move.mark, "#333333")
        radius = 4.5 if move.mark else 2.5
        dot = (
            f'<g class="point" data-index="{move.index}" data-mark="{_e(move.mark)}"'
            + (
                f' data-deal="{deal.index}" data-move="{move.index + 1}"'
                if stepper
                else ""
            )
            + ">"
            f"<title>{_e(_tooltip(move, t))}</title>"
            f'<circle cx="{x(move.index)}" cy="{y(value)}" r="{radius}" fill="{colour}"/>'
            # A wider, invisible target, so a point is easy to hit with a finger.
            f'<rect x="{round(x(move.index) - step / 2, 1)}" y="{_TOP}"'
            f' width="{round(step, 1)}" height="{_HEIGHT - _TOP - _BOTTOM}"'
            f' fill="#000000" fill-opacity="0"/></g>'
        )
        if href is not None:
            dot = f'<a href="{_e(href(move.index))}" target="_self">{dot}</a>'
        lines.append(dot)
    lines.append("</svg>")
    return "\n".join(lines)


def _side_of(move: MoveAnalysis, sides: Sequence[str]) -> int:
    """The mover's side with three or four sides: each seat is its own side."""
    return move.seat if move.seat < len(sides) else 0
