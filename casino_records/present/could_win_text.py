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

from collections.abc import Callable, Sequence
from typing import Final

from ..analysis.game_analysis import CouldWin, Par, PlayerLoss, Turnaround
from ..engine.describe import plural
from ..i18n import ENGLISH, Translator

__all__ = [
    "TURNAROUNDS_SHOWN",
    "could_win_lines",
    "error_rates_line",
    "par_lines",
    "share_text",
    "turnaround_text",
]

TURNAROUNDS_SHOWN: Final = 3
"""Moves listed per side and question, the surest first."""


def _same(text: str) -> str:
    return text


def share_text(t: Turnaround) -> str:
    """How sure: ``exact``, or the shares of the samples with their uncertainty.

    >>> from casino_records.analysis.game_analysis import Turnaround
    >>> t = Turnaround(0, 2, "", "Ana", "4D trails", "9D trails", "won the deal",
    ...     0.4, "estimated", (6.1, 4.9), 0.48, 0.37, 0.04, 200)
    >>> share_text(t)
    'better in 48 % of 200 sampled deals against 37 % for the move played (±4 %)'
    """
    if t.method == "exact":
        return "exact"
    return (
        f"better in {t.share:.0%} of {t.samples} sampled deals against"
        f" {t.played_share:.0%} for the move played (±{t.share_stderr:.0%})"
    ).replace("%", " %")


def turnaround_text(t: Turnaround, move: Callable[[str], str] = _same) -> str:
    """One move that changes the result, its better choice, by how much, how sure."""
    if t.method == "exact":
        how = f"exact, {t.gain:.2f} points more"
        sure = ""
    else:
        how = f"estimated, {t.gain:.2f} points more on average"
        sure = f" at best; {share_text(t)}"
    return (
        f"move {t.index + 1}, {move(t.played)}: {move(t.better)} {t.result}{sure}"
        f" ({how})"
    )


def could_win_lines(
    verdicts: Sequence[CouldWin],
    deal: int | None = None,
    move: Callable[[str], str] = _same,
) -> list[str]:
    """Each side's question and answer (deal 0-based, or ``None`` for the match)."""
    lines = []
    what = "the match" if deal is None else f"deal {deal + 1}"
    for verdict in verdicts:
        if verdict.note and not verdict.result:
            lines.append(f"{verdict.name}, {what}: {verdict.note}")
            continue
        head = f"Could {verdict.name} have won {what}? {verdict.name} {verdict.result}"
        if verdict.note:
            lines.append(f"{head}.")
            continue
        if not verdict.turnarounds:
            lines.append(f"{head}: no single move of {verdict.name}'s changes it.")
            continue
        shown = verdict.turnarounds[:TURNAROUNDS_SHOWN]
        lines.append(f"{head}: yes, {plural(len(verdict.turnarounds), 'move')}:")
        for t in shown:
            where = "" if deal is not None else f"deal {t.deal + 1}, "
            lines.append(f"  {where}{turnaround_text(t, move)}")
        more = len(verdict.turnarounds) - len(shown)
        if more:
            lines.append(f"  … and {plural(more, 'more move')}")
    return lines


def _signed(value: float) -> str:
    return f"{value:+.2f}".replace("-", "−")


def par_lines(par: Sequence[Par], sides: Sequence[str]) -> list[str]:
    """A deal's par from each round's start, and played minus par, per side."""
    if not par:
        return []
    lines = [
        "Par from each round's start (points minus the others' mean, each side"
        " playing perfectly; estimated: sampled, greedy play-outs):"
    ]
    for p in par:
        cells = []
        for s, name in enumerate(sides):
            spread = "" if p.method == "exact" else f" ±{p.stderrs[s]:.2f}"
            points = f", {p.points[s]:g} points" if p.points else ""
            cells.append(
                f"{name} {_signed(p.values[s])}{spread}{points}"
                f" (played − par {_signed(p.played_minus_par[s])})"
            )
        lines.append(
            f"  round {p.round + 1} (move {p.index + 1}), {p.method}: "
            + "; ".join(cells)
        )
    return lines


def error_rates_line(players: Sequence[PlayerLoss], t: Translator = ENGLISH) -> str:
    """``Error rate (moves marked): Ana 3 of 24 (13 %), Ben 0 of 24 (0 %)``, in
    the language of ``t``."""
    parts = []
    for player in players:
        if player.moves:
            parts.append(
                t.gettext("{name} {marked} of {n} ({rate})").format(
                    name=player.name,
                    marked=sum(player.marks.values()),
                    n=player.moves,
                    rate=f"{player.error_rate:.0%}".replace("%", " %"),
                )
            )
    if not parts:
        return t.gettext("Error rate: no move analysed")
    return t.gettext("Error rate (moves marked): {rates}").format(
        rates=", ".join(parts)
    )
