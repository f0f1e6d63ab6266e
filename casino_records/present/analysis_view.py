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
from ..i18n import ENGLISH, Translator
from .analysis_text import losses_line, said_move
from .could_win_text import method_word
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


def move_note(move: MoveAnalysis, t: Translator = ENGLISH) -> str:
    """A short line: the mark, the loss and the best move; or "best move"."""
    method = method_word(move.method, t)
    if not _lost(move):
        return t.gettext("best move ({method})").format(method=method)
    spread = "" if move.method == "exact" else f" ±{move.loss_stderr:.2f}"
    mark = f"{move.mark} " if move.mark else ""
    return mark + t.gettext("lost {loss}, best {move} ({method})").format(
        loss=f"{move.loss:.2f}{spread}", move=said_move(move.best, t), method=method
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


def move_badges(
    deal: DealAnalysis, t: Translator = ENGLISH
) -> dict[int, tuple[str, str, str]]:
    """The move list's badges of ``deal``: for the step after each move that
    lost points, :func:`move_badge`, :func:`move_note` and :func:`mark_kind`."""
    return {
        move.index + 1: (move_badge(move), move_note(move, t), mark_kind(move.mark))
        for move in deal.moves
        if _lost(move)
    }


def notes_by_index(deal: DealAnalysis, t: Translator = ENGLISH) -> dict[int, str]:
    """:func:`move_note` of each analysed move of ``deal``, by move index."""
    return {move.index: move_note(move, t) for move in deal.moves}


def how_text(move: MoveAnalysis, t: Translator = ENGLISH) -> str:
    """How the move's values were found, in a few words."""
    if move.method == "exact":
        return t.gettext("exact: every card known, best play to the end of the deal")
    return t.gettext(
        "estimated from what {player} knew: {n} deals of the unseen cards, each"
        " played out by the greedy bot"
    ).format(player=move.player, n=move.samples)


def _mark_html(mark: str) -> str:
    if mark not in _KINDS:
        return ""
    return f'<b class="cr-mark cr-mark-{mark_kind(mark)}">{_e(mark)}</b> '


def move_panel_html(
    move: MoveAnalysis | None, moves_in_deal: int = 48, t: Translator = ENGLISH
) -> str:
    """The analysis of the move just made: its loss, the best move, how it was
    found, and the values of the legal moves (best first). Empty for None."""
    if move is None:
        return ""
    label = t.gettext("Move {n} / {moves}, {player}").format(
        n=move.index + 1, moves=moves_in_deal, player=move.player
    )
    if _lost(move):
        spread = "" if move.method == "exact" else f" ± {move.loss_stderr:.2f}"
        verdict = _mark_html(move.mark) + _e(
            t.gettext("lost {loss}{spread} points; best was {move}")
        ).format(
            loss=f"<b>{move.loss:.2f}</b>",
            spread=spread,
            move=f"<b>{_e(said_move(move.best, t))}</b>",
        )
    else:
        best = _e(t.gettext("the best move"))
        verdict = f"<b>{best}</b>" + (
            "" if move.method == "exact" else _e(t.gettext(" (no better estimate)"))
        )
    shown = move.alternatives[:ALTERNATIVES_SHOWN]
    if not any(a.move == move.played for a in shown):
        shown += [a for a in move.alternatives if a.move == move.played][:1]
    rows = []
    played_word = _e(t.gettext("▶ played"))
    for alternative in shown:
        played = alternative.move == move.played
        spread = "" if move.method == "exact" else f" ± {alternative.stderr:.2f}"
        first = (
            f'<tr class="cr-row-played"><td>{played_word}</td>'
            if played
            else "<tr><td></td>"
        )
        rows.append(
            f"{first}<td>{_e(said_move(alternative.move, t))}</td>"
            f'<td class="cr-num">{alternative.value:+.2f}{spread}</td></tr>'
        )
    more = len(move.alternatives) - len(shown)
    tail = (
        '<p class="cr-caption">'
        + _e(
            t.ngettext(
                "… and {n} more legal move.", "… and {n} more legal moves.", more
            ).format(n=more)
        )
        + "</p>"
        if more > 0
        else ""
    )
    count = len(move.alternatives)
    heading = _e(t.gettext("Analysis · {move}:").format(move=label))
    legal = _e(
        t.ngettext(
            "The {n} legal move, best first", "The {n} legal moves, best first", count
        ).format(n=count)
    )
    value = _e(
        t.gettext(
            "Value: the points of {player}'s side minus the others', at the deal's end."
        ).format(player=move.player)
    )
    move_head = _e(t.pgettext("analysis table", "move"))
    value_head = _e(t.pgettext("analysis table", "value"))
    return (
        '<div class="cr-eval-move">'
        f"<p><strong>{heading}</strong> {verdict}"
        f' <span class="cr-method cr-{move.method}">'
        f"{_e(method_word(move.method, t))}</span></p>"
        f'<details class="cr-alts"><summary>{legal}</summary>'
        f'<p class="cr-caption">{_e(how_text(move, t))}. {value}</p>'
        f'<table class="cr-table"><thead><tr><th></th><th>{move_head}</th>'
        f"<th>{value_head}</th></tr>"
        f"</thead><tbody>{''.join(rows)}</tbody></table>{tail}</details>"
        "</div>"
    )


def _losses_html(players: Sequence[PlayerLoss], t: Translator = ENGLISH) -> str:
    return _e(losses_line(players, t))


def deal_box_html(
    deal: DealAnalysis,
    sides: Sequence[str],
    settings: AnalysisSettings,
    *,
    moves_in_deal: int = 48,
    t: Translator = ENGLISH,
) -> str:
    """A deal's analysis: the evaluation graph (its points go to their moves in
    the stepper), each player's points lost per move, and how it was made."""
    graph = evaluation_svg(deal, sides, stepper=True, moves_in_deal=moves_in_deal, t=t)
    exact = [m for m in deal.moves if m.method == "exact"]
    n = settings.samples
    samples = (
        t.ngettext("up to {n} sampled deal each", "up to {n} sampled deals each", n)
        if settings.up_to
        else t.ngettext("{n} sampled deal each", "{n} sampled deals each", n)
    ).format(n=n)
    how = t.gettext("Estimated moves: {samples} (seed {seed})").format(
        samples=samples, seed=repr(settings.seed)
    )
    if exact:
        how += t.ngettext(
            "; the last {n} exact, every card known",
            "; the last {n} exact, every card known",
            len(exact),
        ).format(n=len(exact))
    how += ". " + t.gettext(
        "Marks: ?! from {inaccuracy}, ? from {mistake}, ?? from {blunder} points lost."
    ).format(
        inaccuracy=f"{settings.inaccuracy:g}",
        mistake=f"{settings.mistake:g}",
        blunder=f"{settings.blunder:g}",
    )
    note = f'<p class="cr-caption">{_e(deal.note)}</p>' if deal.note else ""
    top = graph_scale(deal.moves, len(sides))
    if len(sides) == 2:
        legend = _e(
            t.gettext(
                "Above the middle line {first} is ahead, below {second}; the edges"
                " are ±{top} points"
            ).format(first=sides[0], second=sides[1], top=f"{top:g}")
        )
    else:
        names = ", ".join(
            f'<b style="color:{SIDE_COLOURS[s % len(SIDE_COLOURS)]}">{_e(name)}</b>'
            for s, name in enumerate(sides)
        )
        legend = escape(
            t.gettext("Each side's lead over the others' mean ({sides}), up to ±{top}"),
            quote=False,
        ).format(sides=names, top=f"{top:g}")
    legend += _e(t.gettext("; the shaded moves are exact.")) if exact else "."
    evaluation = _e(t.gettext("Evaluation of deal {n}").format(n=deal.index + 1))
    lost = _e(t.gettext("Points lost per move:"))
    click = _e(t.gettext("Click a point to go to its move."))
    return (
        '<details class="cr-analysis" open>'
        f"<summary>{evaluation}</summary>"
        f'<div class="cr-graph">{graph}</div>'
        f'<p class="cr-caption cr-graph-legend">{legend}</p>'
        f"<p><strong>{lost}</strong> {_losses_html(deal.players, t)}</p>"
        f'<p class="cr-caption">{_e(how)} {click}</p>'
        f"{note}</details>"
    )
