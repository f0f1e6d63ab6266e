"""Studying an analysed game: its marked moves, "could I have won?", par, error rates.

What the replay viewer and the offline page show of
:mod:`casino_records.analysis` beyond each move's loss, worded with the
translator ``t`` and computed here so that the pages only lay it out:

- the **marked moves** (``?!``, ``?``, ``??``, :mod:`~casino_records.analysis.marks`)
  in the order of play, and from any step the previous and the next one
  (:func:`mistake_nav`: the stepper's ``[`` and ``]`` keys and its
  "◀ Mistake" / "Mistake ▶" buttons, :func:`mistake_bar_html`);
- **could I have won?** per deal and for the match (:func:`study`): each move
  whose other choice changes the side's result, as a jump to the step after
  it (where the stepper shows that move's analysis);
- the deal's **par** from each round's start (:func:`par_lines`), estimates said
  to be estimates;
- each player's **error rate** (:func:`.could_win_text.error_rates_line`, as ``analyse`` says it).

Steps are the viewer's (:mod:`.viewmodel.game`): the step after move ``i``
(0-based) of a deal is ``i + 1``. Moves are written with suit symbols
(:func:`.analysis_text.pretty_move`).

>>> from casino_records.analysis.game_analysis import MoveAnalysis, DealAnalysis
>>> def move(deal, index, mark):
...     return MoveAnalysis(deal, index, "", 0, 0, "Ana", "exact", "4D trails", 0.0,
...         "4D trails", 0.0, 0.0, 0.0, mark, (0.0, 0.0), [])
>>> deals = [DealAnalysis(0, [move(0, 3, "?"), move(0, 9, "")]),
...     DealAnalysis(1, [move(1, 0, "??")])]
>>> marked = marked_steps(deals)
>>> marked
[(0, 4), (1, 1)]
>>> mistake_nav(marked, 0, 4), mistake_nav(marked, 1, 0)
({'mistake_prev': None, 'mistake_next': [1, 1]}, {'mistake_prev': [0, 4], 'mistake_next': [1, 1]})
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Final

from ..analysis.game_analysis import (
    CouldWin,
    DealAnalysis,
    GameAnalysis,
    Par,
    Turnaround,
)
from ..i18n import ENGLISH, Translator
from .analysis_text import pretty_move
from .could_win_text import (
    TURNAROUNDS_SHOWN,
    error_rates_line,
    note_words,
    result_words,
)

__all__ = [
    "MISTAKE_ACTIONS",
    "MISTAKE_KEYS",
    "DealStudy",
    "Question",
    "TurnaroundJump",
    "marked_steps",
    "mistake_bar_html",
    "mistake_nav",
    "par_lines",
    "study",
]

MISTAKE_ACTIONS: Final = ("mistake_prev", "mistake_next")
"""The stepper's moves to the previous and the next marked move (its ``nav``)."""
MISTAKE_KEYS: Final = ("[", "]")
"""The keys of :data:`MISTAKE_ACTIONS` (``present/web/stepper.js``)."""


def marked_steps(deals: Iterable[DealAnalysis]) -> list[tuple[int, int]]:
    """``(deal, step)`` after every marked move, in the order of play."""
    return sorted(
        (move.deal, move.index + 1)
        for deal in deals
        for move in deal.moves
        if move.mark
    )


def mistake_nav(
    marked: Sequence[tuple[int, int]], deal: int, step: int
) -> dict[str, list[int] | None]:
    """Where :data:`MISTAKE_ACTIONS` lead from ``(deal, step)``: the marked move
    before it and after it (``[deal, step]``), None where there is none.
    ``marked`` is :func:`marked_steps`."""
    here = (deal, step)
    before = bisect_left(marked, here)
    after = bisect_right(marked, here)
    prev = marked[before - 1] if before else None
    nxt = marked[after] if after < len(marked) else None
    return {
        "mistake_prev": None if prev is None else [prev[0], prev[1]],
        "mistake_next": None if nxt is None else [nxt[0], nxt[1]],
    }


def mistake_bar_html(deal: DealAnalysis, marked: int, t: Translator = ENGLISH) -> str:
    """The stepper's "◀ Mistake" and "Mistake ▶" buttons (``data-nav``: the
    stepper enables each where :func:`mistake_nav` leads somewhere), how many
    moves the game has marked, and the deal's error rates."""
    prev = t.gettext("◀ Mistake")
    nxt = t.gettext("Mistake ▶")
    prev_tip = t.gettext("The previous move marked ?!, ? or ?? (key [)")
    next_tip = t.gettext("The next move marked ?!, ? or ?? (key ])")
    count = t.ngettext(
        "{n} move marked in the game", "{n} moves marked in the game", marked
    ).format(n=marked)
    rates = error_rates_line(deal.players, t)
    return (
        '<div class="cr-mistakes" role="group">'
        f'<button type="button" data-nav="mistake_prev" title="{_e(prev_tip)}">'
        f"{_e(prev)}</button>"
        f'<button type="button" data-nav="mistake_next" title="{_e(next_tip)}">'
        f"{_e(nxt)}</button>"
        f'<span class="cr-caption">{_e(count)}. {_e(rates)}</span></div>'
    )


# --- could I have won? ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TurnaroundJump:
    """One move whose other choice changes the result, and where it is."""

    deal: int
    """0-based deal."""
    step: int
    """The step after the move (the stepper shows its analysis there)."""
    label: str
    """Which move: ``Move 43: 9♥ trails`` (``Deal 2, move 43: …`` for the match)."""
    detail: str
    """The better choice, the result it reaches, by how much and how sure."""


@dataclass(frozen=True, slots=True)
class Question:
    """The question "could Ana have won deal 2?" and its answer."""

    side: int
    text: str
    """The question and the answer in a sentence or two."""
    turnarounds: tuple[TurnaroundJump, ...]
    """The moves that change the result, the surest first (at most
    :data:`~.could_win_text.TURNAROUNDS_SHOWN`)."""
    more: str
    """``… and 2 more moves`` when more were found than shown, else ``""``."""


@dataclass(frozen=True, slots=True)
class DealStudy:
    """One deal's (or the match's) questions, par and error rates."""

    deal: int | None
    """0-based deal, None for the match."""
    title: str
    """``Deal 2`` or ``The match``."""
    questions: tuple[Question, ...]
    par: tuple[str, ...]
    """:func:`par_lines`."""
    error_rate: str
    """:func:`.could_win_text.error_rates_line`."""


def study(analysis: GameAnalysis, t: Translator = ENGLISH) -> list[DealStudy]:
    """Every deal's study, then the match's."""
    out = []
    for deal in analysis.deals:
        if not deal.moves:
            continue
        title = t.gettext("Deal {deal}").format(deal=deal.index + 1)
        out.append(
            DealStudy(
                deal.index,
                title,
                tuple(_question(v, deal.index, t) for v in deal.could_win),
                tuple(par_lines(deal.par, analysis.sides, t)),
                error_rates_line(deal.players, t),
            )
        )
    out.append(
        DealStudy(
            None,
            t.gettext("The match"),
            tuple(_question(v, None, t) for v in analysis.could_win),
            (),
            error_rates_line(analysis.totals, t),
        )
    )
    return out


def _question(verdict: CouldWin, deal: int | None, t: Translator) -> Question:
    name = verdict.name
    note = note_words(verdict.note, t)
    if verdict.note and not verdict.result:
        return Question(verdict.side, f"{name}: {note}", (), "")
    if deal is None:
        asked = t.gettext("Could {name} have won the match?").format(name=name)
    else:
        asked = t.gettext("Could {name} have won deal {deal}?").format(
            name=name, deal=deal + 1
        )
    result = t.gettext("{name} {result}").format(
        name=name, result=result_words(verdict.result, t)
    )
    if verdict.note:
        return Question(verdict.side, f"{asked} {result}: {note}.", (), "")
    if not verdict.turnarounds:
        answer = t.gettext("no single move of {name}'s changes it.").format(name=name)
        return Question(verdict.side, f"{asked} {result}: {answer}", (), "")
    found = len(verdict.turnarounds)
    answer = t.ngettext(
        "yes, {n} move changes it:", "yes, {n} moves change it:", found
    ).format(n=found)
    shown = verdict.turnarounds[:TURNAROUNDS_SHOWN]
    more = found - len(shown)
    return Question(
        verdict.side,
        f"{asked} {result}: {answer}",
        tuple(_jump(x, deal is None, t) for x in shown),
        t.ngettext("… and {n} more move", "… and {n} more moves", more).format(n=more)
        if more
        else "",
    )


def _jump(turnaround: Turnaround, in_match: bool, t: Translator) -> TurnaroundJump:
    played = pretty_move(turnaround.played)
    move = turnaround.index + 1
    if in_match:
        label = t.gettext("Deal {deal}, move {move}: {played}").format(
            deal=turnaround.deal + 1, move=move, played=played
        )
    else:
        label = t.gettext("Move {move}: {played}").format(move=move, played=played)
    better = pretty_move(turnaround.better)
    result = result_words(turnaround.result, t)
    gain = f"{turnaround.gain:.2f}"
    if turnaround.method == "exact":
        detail = t.gettext(
            "{better} instead: {result} (exact, every card known: {gain} points more)"
        ).format(better=better, result=result, gain=gain)
    else:
        detail = t.gettext(
            "{better} instead: {result} at best (an estimate: {gain} points more on"
            " average; better in {share} of {n} sampled deals against"
            " {played_share} for the move played, ±{stderr})"
        ).format(
            better=better,
            result=result,
            gain=gain,
            share=_percent(turnaround.share),
            n=turnaround.samples,
            played_share=_percent(turnaround.played_share),
            stderr=_percent(turnaround.share_stderr),
        )
    return TurnaroundJump(turnaround.deal, turnaround.index + 1, label, detail)


def _percent(share: float) -> str:
    return f"{share:.0%}".replace("%", " %")


# --- par ----------------------------------------------------------------------------------


def _signed(value: float) -> str:
    return f"{value:+.2f}".replace("-", "−")


def par_lines(
    par: Sequence[Par], sides: Sequence[str], t: Translator = ENGLISH
) -> list[str]:
    """A deal's par from each round's start, the sides' played minus par:
    ``Par from round 6: Ana 6, Ben 5 points; played minus par: Ana −2.00,
    Ben +2.00`` where solved exactly, an estimate said to be one before.

    >>> p = Par(5, 40, "exact", (1.0, -1.0), (0.0, 0.0), (6.0, 5.0), (-1.0, 1.0),
    ...     (5, 6), (-2.0, 2.0))
    >>> par_lines([p], ["Ana", "Ben"])
    ['Par from round 6: Ana 6, Ben 5 points; played minus par: Ana −2.00, Ben +2.00']
    """
    lines = []
    for p in par:
        diffs = ", ".join(
            f"{name} {_signed(p.played_minus_par[s])}" for s, name in enumerate(sides)
        )
        if p.method == "exact":
            cells = ", ".join(f"{name} {p.points[s]:g}" for s, name in enumerate(sides))
            line = t.gettext(
                "Par from round {round}: {cells} points; played minus par: {diffs}"
            )
        else:
            cells = ", ".join(
                f"{name} {_signed(p.values[s])} ±{p.stderrs[s]:.2f}"
                for s, name in enumerate(sides)
            )
            line = t.gettext(
                "Par from round {round}, an estimate (sampled deals, greedy"
                " play-outs): {cells} points ahead of the others; played minus par:"
                " {diffs}"
            )
        lines.append(line.format(round=p.round + 1, cells=cells, diffs=diffs))
    return lines


def _e(text: object) -> str:
    return escape(str(text), quote=True)
