"""HTML fragments of one step, and the record's verdict banner.

Each function returns a piece of HTML the browser swaps in as it steps (see
:mod:`.stepper`). Every text that comes from data (names, comments, messages,
card text) goes through :func:`html.escape`; the board's pictures escape
their own labels. A link to a position is a ``<button>`` with ``data-deal``
and ``data-move`` (0-based deal, step), which the stepper follows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from ...check.report import Finding
from ...i18n import ENGLISH, Translator
from ..scoring_notes import near_target_needs, score_notes
from .findings import ScoreRow, score_rows
from .game import Game, StepKind, locate, place_text, recorded_text
from .movelist import MoveRow, alternatives, move_label
from .perspective import alternatives_visible
from .position import PositionView
from .verdict import (
    Difference,
    deal_result,
    differences,
    explained_step,
    finding_words,
    match_result,
    named,
    notes,
)

__all__ = [
    "BANNER_SHOWN",
    "FOLD_NARROW",
    "FragmentTable",
    "HIDDEN_ALTERNATIVES",
    "alternatives_html",
    "banner_html",
    "failing_html",
    "goto_button",
    "goto_link",
    "hidden_alternatives",
    "html_table",
    "last_move_html",
    "move_list_html",
    "notes_banner_html",
    "notes_html",
    "rule_notes_html",
    "score_html",
]

BANNER_SHOWN = 3
"""Differences the banner lists before the rest go into a "more" box."""
FOLD_NARROW = "data-fold-narrow"
"""Marks a ``<details>`` open on a laptop that a phone's screen shows folded to
its summary line (the stepper's script closes it there, once per verdict): the
board and the move controls then fit the first screen."""


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def hidden_alternatives(t: Translator = ENGLISH) -> str:
    """What stands for the legal moves when the perspective hides the hand to play."""
    return t.gettext("Hidden: they would show the hand of the player to move.")


HIDDEN_ALTERNATIVES = hidden_alternatives()
""":func:`hidden_alternatives` in English."""


def html_table(
    rows: Sequence[Mapping[str, object]], *, classes: Mapping[str, str] | None = None
) -> str:
    """An HTML table of ``rows`` (the first row's keys head it), every cell escaped.

    ``classes`` gives cells a CSS class (such as ``cr-differs``), keyed
    ``"N:key"`` for row ``N`` (from 0) and column ``key``. Each cell names its
    column (``data-label``): a phone's screen shows each row as a small card,
    every cell labelled (the style sheet's narrow layout).

    >>> html_table([{"side": "<b>"}])
    '<table class="cr-table"><thead><tr><th>side</th></tr></thead><tbody><tr><td data-label="side">&lt;b&gt;</td></tr></tbody></table>'
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
            cells.append(f'<td data-label="{_e(k)}"{attr}>{_e(row.get(k, ""))}</td>')
        body.append("<tr>" + "".join(cells) + "</tr>")
    return (
        f'<table class="cr-table"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table>"
    )


def goto_button(
    label: str, deal: int, move: int, *, cls: str = "cr-jump", title: str = ""
) -> str:
    """A button that takes the stepper to step ``move`` of ``deal``.

    >>> goto_button("<go>", 0, 3)
    '<button type="button" class="cr-jump" data-deal="0" data-move="3">&lt;go&gt;</button>'
    """
    return f'<button type="button"{_goto(deal, move, cls, title)}>{_e(label)}</button>'


def goto_link(
    label: str, deal: int, move: int, *, cls: str = "cr-jump", title: str = ""
) -> str:
    """A link in running text that takes the stepper to step ``move`` of ``deal``.

    >>> goto_link("move 4", 0, 4)
    '<a href="#" role="button" class="cr-jump" data-deal="0" data-move="4">move 4</a>'
    """
    return f'<a href="#" role="button"{_goto(deal, move, cls, title)}>{_e(label)}</a>'


def _goto(deal: int, move: int, cls: str, title: str) -> str:
    """The attributes the stepper's script reads to go to step ``move`` of ``deal``."""
    tip = f' title="{_e(title)}"' if title else ""
    return f' class="{_e(cls)}" data-deal="{deal}" data-move="{move}"{tip}'


def last_move_html(view: PositionView, t: Translator = ENGLISH) -> str:
    """The move just made in words (glyph, comment), or the deal's comment."""
    if view.last_text is not None:
        glyph = f" {view.last_glyph}" if view.last_glyph else ""
        swept = _e(t.pgettext("the last move was", "sweep"))
        sweep = f' <span class="cr-sweep">{swept}</span>' if view.sweep else ""
        comment = (
            f' <span class="cr-comment">{_e(view.last_comment)}</span>'
            if view.last_comment
            else ""
        )
        move = t.gettext("Move {n}").format(n=view.move)
        return (
            f'<p class="cr-last"><strong>{_e(move)}{_e(glyph)}:</strong>'
            f" {_e(view.last_text)}{sweep}{comment}</p>"
        )
    if view.kind == StepKind.RESIDUE and view.residue:
        cards = " ".join(card.pretty for card in view.residue)
        end = t.gettext("End of the deal:")
        text = (
            t.gettext(
                "the cards left on the table, {cards}, go to {side} (the last"
                " capturer's side, R11.1)."
            ).format(cards=cards, side=view.residue_side)
            if view.residue_side
            else t.gettext(
                "the cards left on the table, {cards}, stay unclaimed (the last"
                " capturer's side, R11.1)."
            ).format(cards=cards)
        )
        return f'<p class="cr-last"><strong>{_e(end)}</strong> {_e(text)}</p>'
    if view.deal_comment and view.move == 0:
        return f'<p class="cr-last cr-comment">{_e(view.deal_comment)}</p>'
    return ""


def _rule(rule: str | None, t: Translator) -> str:
    """`` · rule R5.2`` after a verdict's title, or ``""``."""
    return t.gettext(" · rule {rule}").format(rule=rule) if rule else ""


def failing_html(
    game: Game, failing: Finding | None, view: PositionView, t: Translator = ENGLISH
) -> str:
    """The panel of the record's illegal next move, with the legal moves once."""
    if failing is None:
        return ""
    recorded = recorded_text(game, failing.loc, t) or failing.where
    message = finding_words(game, failing, t)[1]
    found = alternatives(game, view.deal, view.move, t) if view.turn is not None else []
    instead = _e(t.gettext("Legal moves here instead:"))
    legal = (
        f"<p>{instead}</p>" + html_table([alt.row(t) for alt in found]) if found else ""
    )
    title = t.gettext("Illegal move") + _rule(failing.rule, t)
    drawn = t.gettext("Recorded: {move} (drawn in red).").format(move=recorded)
    return (
        '<div class="cr-error" role="alert">'
        f"<p><strong>{_e(title)}</strong> ·"
        f" {_e(place_text(game, failing.loc, failing.where, t))}</p>"
        f"<p>{_e(drawn)} {_e(message)}</p>"
        f"{legal}</div>"
    )


def _score_cell(row: ScoreRow) -> tuple[str, str]:
    if row.claimed is None:
        return "", ""
    if row.agrees:
        return f"{row.claimed} ✓", "cr-agrees"
    return f"{row.claimed} ✗", "cr-differs"


def score_html(game: Game, deal: int, t: Translator = ENGLISH) -> str:
    """A scored deal's table: per category, each side's computed and claimed figure.

    A claimed figure that differs is in a ``cr-differs`` cell. Three or four
    sides with their claims are wider than the felt of a phone or of a laptop's
    four-seat table: the table scrolls sideways in its own box (``cr-scroll``,
    the categories kept in view) under a hint naming the sides past the first
    two, which the stepper's script shows only while the table overflows.
    Empty for a deal that was not scored.
    """
    rows = score_rows(game, deal, t)
    if not rows:
        return ""
    sides: dict[int, str] = {}
    for row in rows:
        sides.setdefault(row.side, row.side_name)
    claims = any(row.claimed is not None for row in rows)
    per_side = 2 if claims else 1
    head = "".join(
        f'<th colspan="{per_side}" scope="colgroup">{_e(name)}</th>'
        for name in sides.values()
    )
    computed = _e(t.pgettext("score table", "computed"))
    claimed = _e(t.pgettext("score table", "claimed"))
    sub = (
        "".join(f"<th>{computed}</th><th>{claimed}</th>" for _ in sides)
        if claims
        else ""
    )
    body: dict[str, list[str]] = {}
    labels: dict[str, str] = {}
    for row in rows:
        labels.setdefault(row.category, row.label)
        cells = body.setdefault(row.category, [])
        cells.append(f"<td>{row.computed}</td>")
        if claims:
            text, cls = _score_cell(row)
            attr = f' class="{cls}"' if cls else ""
            cells.append(f"<td{attr}>{_e(text)}</td>")
    lines = "".join(
        f'<tr><th scope="row">{_e(labels[c])}</th>{"".join(cells)}</tr>'
        for c, cells in body.items()
    )
    second = f"<tr><th></th>{sub}</tr>" if claims else ""
    names = list(sides.values())
    scroll = t.gettext("Scroll the table sideways for {sides} →").format(
        sides=t.gettext(" and ").join(names[2:])
    )
    hint = (
        f'<p class="cr-scroll-hint">{_e(scroll)}</p>'
        if claims and len(names) > 2
        else ""
    )
    # A box that scrolls is a tab stop, so that the keyboard scrolls it too.
    table = t.gettext("Deal {n} score table").format(n=deal + 1)
    stop = f' tabindex="0" role="region" aria-label="{_e(table)}"' if hint else ""
    heading = _e(t.gettext("Deal {n} score").format(n=deal + 1))
    return (
        f'<div class="cr-score"><h3>{heading}</h3>{hint}'
        f'<div class="cr-scroll"{stop}>'
        f'<table class="cr-table cr-score-table">'
        f"<thead><tr><th></th>{head}</tr>"
        f"{second}</thead><tbody>{lines}</tbody></table></div></div>"
    )


def _difference_html(line: Difference, t: Translator = ENGLISH) -> str:
    """One difference: its words (a link to where it shows), reason, deciders."""
    text = (
        goto_link(line.text, line.go.deal, line.go.move, cls="cr-jump cr-diff")
        if line.go is not None
        else f"<span>{_e(line.text)}</span>"
    )
    reason = (
        f'<span class="cr-reason">: {_e(line.reason)}</span>' if line.reason else ""
    )
    deciders = ""
    if line.deciders:
        links = ", ".join(
            goto_link(
                j.label.split(":")[0],
                j.deal,
                j.move,
                title=f"{j.label}: {j.why}" if j.why else j.label,
            )
            for j in line.deciders
        )
        decided = _e(t.gettext("decided by"))
        deciders = f' <span class="cr-deciders">· {decided} {links}</span>'
    return f"<li>{text}{reason}{deciders}</li>"


def _explanations_html(game: Game, t: Translator = ENGLISH) -> str:
    """What probably went wrong, a sentence per disputed deal (the match's only
    when no deal's claims differ: it follows from theirs), each with a link to
    the position that shows it."""
    explanations = game.explanations(t)
    deals = [e for e in explanations if e.scope == "deal"]
    parts = []
    for explanation in deals or explanations:
        at = explained_step(game, explanation)
        show = t.gettext("Show it")
        go = f" {goto_link(show, *at, cls='cr-jump cr-go')}" if at else ""
        parts.append(f"<p>{_e(explanation.sentence)}{go}</p>")
    return f'<div class="cr-explain">{"".join(parts)}</div>' if parts else ""


def notes_banner_html(game: Game, t: Translator = ENGLISH) -> str:
    """The record's warnings (claims that could not be checked, D8), one line
    each: where (a link to it), what, the rule; the rest of a long note folds
    into a box. ``""`` when there are none."""
    lines = []
    for note in notes(game, t):
        where = (
            goto_link(note.where, note.go.deal, note.go.move, cls="cr-jump")
            if note.go is not None
            else _e(note.where)
        )
        first, _, rest = note.text.partition("; ")
        rule = _e(_rule(note.rule, t))
        note_word = _e(t.pgettext("a warning", "Note"))
        line = f"<strong>{note_word}</strong> · {where}: {_e(first)}{rule}"
        lines.append(
            f"<details><summary>{line}</summary><p>{_e(rest)}</p></details>"
            if rest
            else f"<p>{line}</p>"
        )
    if not lines:
        return ""
    unchecked = _e(t.gettext("Not checked"))
    return (
        f'<div class="cr-banner cr-warning" role="note" aria-label="{unchecked}">'
        f"{''.join(lines)}</div>"
    )


def banner_html(game: Game, t: Translator = ENGLISH) -> str:
    """The verdict above the board of a disputed or invalid record, then its
    warnings (:func:`notes_banner_html`); ``""`` when it is ok with no warning.

    A dispute opens with what probably went wrong (the report's explanations,
    one sentence each), then lists its differences one line each, each a link
    to the deal's score and to the moves that decided it; past
    :data:`BANNER_SHOWN` lines the rest fold into a box. An invalid record
    names the rule broken and links the illegal move. Either verdict is a
    ``<details>`` whose summary is its one line (:data:`FOLD_NARROW`).
    """
    return _verdict_html(game, t) + notes_banner_html(game, t)


def _verdict_html(game: Game, t: Translator = ENGLISH) -> str:
    report = game.report
    errors = [f for f in report.findings if f.severity == "error"]
    if errors:
        first = errors[0]
        at = locate(game, first.loc)
        show = t.gettext("Show the illegal move")
        go = goto_link(show, *at, cls="cr-jump cr-go") if at is not None else ""
        recorded = recorded_text(game, first.loc, t)
        what = f"{recorded}: " if recorded else ""
        others = len(errors) - 1
        more = (
            t.ngettext(
                " ({n} more error below it)", " ({n} more errors below it)", others
            ).format(n=others)
            if others
            else ""
        )
        title = t.gettext("Invalid record") + _rule(first.rule, t)
        return (
            '<div class="cr-banner cr-invalid" role="alert">'
            f'<details class="cr-verdict" {FOLD_NARROW} open>'
            f"<summary><strong>{_e(title)}</strong> ·"
            f" {_e(place_text(game, first.loc, first.where, t))}{_e(more)}</summary>"
            f"<p>{_e(what)}{_e(finding_words(game, first, t)[1])} {go}</p></details></div>"
        )
    lines = differences(game, t)
    if not lines:
        return ""
    count = len(lines)
    disputed = _e(t.gettext("Disputed:"))
    differ = _e(
        t.ngettext(
            "{n} claimed figure differs from the replay.",
            "{n} claimed figures differ from the replay.",
            count,
        ).format(n=count)
    )
    head = f"<summary><strong>{disputed}</strong> {differ}</summary>"
    lead = _explanations_html(game, t)
    shown = "".join(_difference_html(line, t) for line in lines[:BANNER_SHOWN])
    rest = lines[BANNER_SHOWN:]
    more = _e(t.ngettext("{n} more", "{n} more", len(rest)).format(n=len(rest)))
    folded = (
        f'<details class="cr-more"><summary>{more}</summary><ul>'
        + "".join(_difference_html(line, t) for line in rest)
        + "</ul></details>"
        if rest
        else ""
    )
    verdict = _e(t.gettext("Verdict"))
    return (
        f'<div class="cr-banner cr-disputed" role="region" aria-label="{verdict}">'
        f'<details class="cr-verdict" {FOLD_NARROW} open>'
        f"{head}{lead}<ul>{shown}</ul>{folded}</details></div>"
    )


def notes_html(game: Game, view: PositionView, t: Translator = ENGLISH) -> str:
    """At a deal's score: its result, what it did to the match, how many differ."""
    if view.kind != StepKind.SCORE:
        return ""
    report = game.deal_report(view.deal)
    parts = []
    result = deal_result(report)
    if result:
        deal = _e(t.gettext("Deal {n}:").format(n=view.deal + 1))
        parts.append(f"<p><strong>{deal}</strong> {_e(result)}</p>")
    parts.append(rule_notes_html(game, view, t))
    if view.deal == game.deals[-1]:
        match = match_result(game, t)
        if match:
            heading = _e(t.gettext("Match:"))
            parts.append(f"<p><strong>{heading}</strong> {_e(match)}</p>")
    elif report is not None and report.match_note:
        parts.append(f'<p class="cr-caption">{_e(named(report.match_note, game))}</p>')
    mine = [line for line in differences(game, t) if line.deal == view.deal]
    if mine:
        count = len(mine)
        differ = t.ngettext(
            "{n} claimed figure of this deal differs (✗): the verdict above says why.",
            "{n} claimed figures of this deal differ (✗): the verdict above says why.",
            count,
        ).format(n=count)
        parts.append(f"<p>{_e(differ)}</p>")
    parts = [part for part in parts if part]
    return f'<div class="cr-notes">{"".join(parts)}</div>' if parts else ""


def rule_notes_html(game: Game, view: PositionView, t: Translator = ENGLISH) -> str:
    """What the Dominican scoring rules do in this deal, where a club looks:
    at its start, who the near-target rule binds and what each needs; at its
    score, what sweep cancellation and that rule did (R10.4, R13.4)."""
    report = game.deal_report(view.deal)
    if report is None:
        return ""
    if view.kind == StepKind.MOVE and view.move == 0:
        lines = near_target_needs(report, game.sides, t)
    elif view.kind == StepKind.SCORE:
        lines = score_notes(game.report, report, t)
    else:
        return ""
    return "".join(f'<p class="cr-rule">{_e(line)}</p>' for line in lines)


def alternatives_html(
    game: Game, deal: int, view: PositionView, perspective: str, t: Translator = ENGLISH
) -> str:
    """The legal moves at the turn (the one played marked), or why they are hidden.

    Empty at a deal's end and where the record's next move is illegal (the
    failing panel lists them there).
    """
    if view.turn is None or view.illegal is not None:
        return ""
    if not alternatives_visible(perspective, view.turn):
        return f'<p class="cr-caption">{_e(hidden_alternatives(t))}</p>'
    found = alternatives(game, deal, view.move, t)
    return html_table([alt.row(t) for alt in found])


def move_list_html(
    rows: Sequence[MoveRow],
    deal: int,
    window: Sequence[int],
    round_: int,
    game: Game | None = None,
    badges: Mapping[int, tuple[str, str, str]] | None = None,
    t: Translator = ENGLISH,
) -> str:
    """The move list of round ``round_`` (0-based): a button per step of ``window``.

    ``window`` is :func:`navigation.round_window` (cut at the step shown in
    a seat's own view); the button of a move opens the position right after it.
    ``badges`` maps a step to a short text shown at the end of its button, its
    tooltip and its kind (the analysis: ``?? −2.41``, the move's note, ``blunder``;
    see :func:`..analysis_view.move_badges`).
    """
    items = []
    for n, i in enumerate(window):
        label = move_label(rows, i, game, opens=n == 0 and round_ > 0, t=t)
        badge, tip, kind = (badges or {}).get(i, ("", "", ""))
        if not badge:
            items.append(f"<li>{goto_button(label, deal, i, cls='cr-move')}</li>")
            continue
        items.append(
            f'<li><button type="button" class="cr-move" data-deal="{deal}"'
            f' data-move="{i}" title="{_e(tip)}">{_e(label)}'
            f' <span class="cr-badge cr-mark-{_e(kind)}">{_e(badge)}</span></button></li>'
        )
    title = _e(t.gettext("Moves of round {n}").format(n=round_ + 1))
    return (
        f'<div class="cr-moves-title"><strong>{title}</strong></div>'
        f'<ol class="cr-moves">{"".join(items)}</ol>'
    )


class FragmentTable:
    """HTML fragments, each stored once and named by its index: what a
    stepper payload's steps refer to (:attr:`.stepper.StepperPayload.fragments`)."""

    def __init__(self) -> None:
        self.fragments: list[str] = []
        self._index: dict[str, int] = {}

    def add(self, html: str) -> int:
        """The index of ``html``, stored if it was not yet."""
        found = self._index.get(html)
        if found is None:
            found = self._index[html] = len(self.fragments)
            self.fragments.append(html)
        return found
