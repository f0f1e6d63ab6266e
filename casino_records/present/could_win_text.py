""" "Could I have won?", par and error rates in words: for ``analyse``'s text and the viewer.

Moves count from 1 across the deal, as in the text notation; moves are written
as the analysis writes them (the viewer makes them pretty with
:func:`~casino_records.present.analysis_text.pretty_move`).

>>> from casino_records.analysis.game_analysis import Turnaround
>>> t = Turnaround(1, 42, "/deals/1/rounds/5/moves/2", "Marta", "9H trails",
...     "8D trails", "won the deal 8–3", 5.0, "exact", (8.0, 3.0), 1.0, 0.0, 0.0)
>>> turnaround_text(t)
'move 43, 9H trails: 8D trails won the deal 8–3 (exact, 5.00 points more)'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Final

from ..analysis.game_analysis import CouldWin, Par, PlayerLoss, Turnaround
from ..i18n import ENGLISH, Translator

__all__ = [
    "note_words",
    "result_words",
    "TURNAROUNDS_SHOWN",
    "could_win_lines",
    "error_rates_line",
    "method_word",
    "par_lines",
    "share_text",
    "turnaround_text",
]

TURNAROUNDS_SHOWN: Final = 3
"""Moves listed per side and question, the surest first."""


def _same(text: str) -> str:
    return text


def _percent(share: float) -> str:
    return f"{share:.0%}".replace("%", " %")


_DEAL_RESULT: Final = re.compile(
    r"(?P<what>won the deal|tied the deal|lost the deal"
    r"|came (?P<shared>shared )?(?P<place>first|second|third|fourth) in the deal)"
    r"(?: (?P<score>[0-9.–]+))?"
)


def result_words(text: str, t: Translator = ENGLISH) -> str:
    """A result as :mod:`casino_records.analysis.could_win` words it
    (``lost the deal 4–7``, ``won the match``), in the language of ``t``
    (a text of another form is returned as it is).

    >>> result_words("came shared second in the deal 5–5–3")
    'came shared second in the deal 5–5–3'
    """
    match = {
        "won the match": t.gettext("won the match"),
        "left the match undecided": t.gettext("left the match undecided"),
        "lost the match": t.gettext("lost the match"),
    }.get(text)
    if match is not None:
        return match
    found = _DEAL_RESULT.fullmatch(text)
    if found is None:
        return text
    place = found["place"]
    if place is None:
        words = {
            "won the deal": t.gettext("won the deal"),
            "tied the deal": t.gettext("tied the deal"),
            "lost the deal": t.gettext("lost the deal"),
        }[found["what"]]
    else:
        ordinal = {
            "first": t.pgettext("place in a deal", "first"),
            "second": t.pgettext("place in a deal", "second"),
            "third": t.pgettext("place in a deal", "third"),
            "fourth": t.pgettext("place in a deal", "fourth"),
        }[place]
        words = (
            t.gettext("came shared {place} in the deal")
            if found["shared"]
            else t.gettext("came {place} in the deal")
        ).format(place=ordinal)
    score = found["score"]
    return words if score is None else f"{words} {score}"


def note_words(note: str, t: Translator = ENGLISH) -> str:
    """Why a question was not asked, as :mod:`~casino_records.analysis.could_win` says it."""
    notes = {
        "the deal was not played to its end": t.gettext(
            "the deal was not played to its end"
        ),
        "the best result of the deal": t.gettext("the best result of the deal"),
        "the match was won": t.gettext("the match was won"),
        "not asked: an immediate win (option near_target_immediate_win) is not"
        " looked for on other lines": t.gettext(
            "not asked: an immediate win (option `near_target_immediate_win`) is"
            " not looked for on other lines"
        ),
    }
    return notes.get(note, note)


def method_word(method: str, t: Translator = ENGLISH) -> str:
    """How a value was found, in words: ``exact`` or ``estimated``."""
    if method == "exact":
        return t.pgettext("analysis method", "exact")
    if method == "estimated":
        return t.pgettext("analysis method", "estimated")
    return method


def share_text(t: Turnaround, tr: Translator = ENGLISH) -> str:
    """How sure: ``exact``, or the shares of the samples with their uncertainty.

    >>> from casino_records.analysis.game_analysis import Turnaround
    >>> t = Turnaround(0, 2, "", "Ana", "4D trails", "9D trails", "won the deal",
    ...     0.4, "estimated", (6.1, 4.9), 0.48, 0.37, 0.04, 200)
    >>> share_text(t)
    'better in 48 % of 200 sampled deals against 37 % for the move played (±4 %)'
    """
    if t.method == "exact":
        return method_word("exact", tr)
    said = tr.ngettext(
        "better in {share} of {n} sampled deal against {played} for the move"
        " played (±{stderr})",
        "better in {share} of {n} sampled deals against {played} for the move"
        " played (±{stderr})",
        t.samples,
    )
    return said.format(
        share=_percent(t.share),
        n=t.samples,
        played=_percent(t.played_share),
        stderr=_percent(t.share_stderr),
    )


def turnaround_text(
    t: Turnaround, move: Callable[[str], str] = _same, tr: Translator = ENGLISH
) -> str:
    """One move that changes the result, its better choice, by how much, how sure."""
    gain = f"{t.gain:.2f}"
    if t.method == "exact":
        said = tr.gettext(
            "move {move}, {played}: {better} {result} (exact, {gain} points more)"
        )
        return said.format(
            move=t.index + 1,
            played=move(t.played),
            better=move(t.better),
            result=result_words(t.result, tr),
            gain=gain,
        )
    said = tr.gettext(
        "move {move}, {played}: {better} {result} at best; {share} (estimated,"
        " {gain} points more on average)"
    )
    return said.format(
        move=t.index + 1,
        played=move(t.played),
        better=move(t.better),
        result=result_words(t.result, tr),
        share=share_text(t, tr),
        gain=gain,
    )


def could_win_lines(
    verdicts: Sequence[CouldWin],
    deal: int | None = None,
    move: Callable[[str], str] = _same,
    t: Translator = ENGLISH,
) -> list[str]:
    """Each side's question and answer (deal 0-based, or ``None`` for the match).

    The results and notes are the analysis's own words (:mod:`.analysis.could_win`).
    """
    lines = []
    what = (
        t.gettext("the match")
        if deal is None
        else t.gettext("deal {deal}").format(deal=deal + 1)
    )
    for verdict in verdicts:
        name = verdict.name
        if verdict.note and not verdict.result:
            lines.append(f"{name}, {what}: {note_words(verdict.note, t)}")
            continue
        head = t.gettext("Could {side} have won {what}? {side} {result}").format(
            side=name, what=what, result=result_words(verdict.result, t)
        )
        if verdict.note:
            lines.append(f"{head}.")
            continue
        if not verdict.turnarounds:
            said = t.gettext("{head}: no single move of {side}'s changes it.")
            lines.append(said.format(head=head, side=name))
            continue
        shown = verdict.turnarounds[:TURNAROUNDS_SHOWN]
        count = len(verdict.turnarounds)
        said = t.ngettext("{head}: yes, {n} move:", "{head}: yes, {n} moves:", count)
        lines.append(said.format(head=head, n=count))
        for turn in shown:
            where = (
                ""
                if deal is not None
                else t.gettext("deal {deal}").format(deal=turn.deal + 1) + ", "
            )
            lines.append(f"  {where}{turnaround_text(turn, move, t)}")
        more = count - len(shown)
        if more:
            said = t.ngettext("… and {n} more move", "… and {n} more moves", more)
            lines.append("  " + said.format(n=more))
    return lines


def _signed(value: float) -> str:
    return f"{value:+.2f}".replace("-", "−")


def par_lines(
    par: Sequence[Par], sides: Sequence[str], t: Translator = ENGLISH
) -> list[str]:
    """A deal's par from each round's start, and played minus par, per side."""
    if not par:
        return []
    lines = [
        t.gettext(
            "Par from each round's start (points minus the others' mean, each side"
            " playing perfectly; estimated: sampled, greedy play-outs):"
        )
    ]
    for p in par:
        cells = []
        for s, name in enumerate(sides):
            spread = "" if p.method == "exact" else f" ±{p.stderrs[s]:.2f}"
            points = (
                ", " + t.gettext("{points} points").format(points=f"{p.points[s]:g}")
                if p.points
                else ""
            )
            played = t.gettext("played − par {value}").format(
                value=_signed(p.played_minus_par[s])
            )
            cells.append(f"{name} {_signed(p.values[s])}{spread}{points} ({played})")
        head = t.gettext("round {round} (move {move}), {method}:").format(
            round=p.round + 1, move=p.index + 1, method=method_word(p.method, t)
        )
        lines.append(f"  {head} " + "; ".join(cells))
    return lines


def error_rates_line(players: Sequence[PlayerLoss], t: Translator = ENGLISH) -> str:
    """``Error rate: Ana 3 of 24 moves marked (13 %), Ben 0 of 24 (0 %)``."""
    parts = []
    for player in players:
        if player.moves:
            marked = sum(player.marks.values())
            said = t.gettext("{player} {marked} of {moves} ({rate})")
            parts.append(
                said.format(
                    player=player.name,
                    marked=marked,
                    moves=player.moves,
                    rate=_percent(player.error_rate),
                )
            )
    if not parts:
        return t.gettext("Error rate: no move analysed")
    return t.gettext("Error rate (moves marked): {rates}").format(
        rates=", ".join(parts)
    )
