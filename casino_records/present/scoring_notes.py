"""What the Dominican scoring rules did to a deal, in words (R13.4, R10.4, R10.5).

The score table's figures alone hide two rules: a side 1–3 short of the target
at a deal's start needs one item and banks nothing else (R13.4), and sweeps of
opposing sides cancel (R10.4; none score at 19 or more, R10.5). These lines
say so, from the replay's report alone: :func:`near_target_needs` at a deal's
start, :func:`near_target_results` at its score, :func:`sweep_note` beside the
sweep points. Nothing here is escaped.

>>> from casino_records.check.report import DealReport
>>> deal = DealReport(index=2, loc="/deals/2", dealer=2, moves=48, complete=False,
...                   totals_before=[6, 20], near_target=[0, 1])
>>> near_target_needs(deal, ["Ana & Caio", "Ben & Dee"])
['Ben & Dee are on 20 and need Little Casino to win (R13.4)']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ..i18n import ENGLISH, Translator

if TYPE_CHECKING:
    from ..check.report import DealReport, ReplayReport, SideReport

__all__ = [
    "ITEMS",
    "near_target_needs",
    "near_target_results",
    "score_notes",
    "sweep_note",
]

ITEMS: Final = {
    3: ("most_cards", "most cards"),
    2: ("big_casino", "Big Casino"),
    1: ("little_casino", "Little Casino"),
}
"""How far short of the target a side is: the item it needs (R13.4), and its
name in English (:func:`_item` says it in a language)."""


def _item(band: int, t: Translator) -> str:
    if band == 3:
        return t.pgettext("scoring category", "most cards")
    if band == 2:
        return t.pgettext("scoring category", "Big Casino")
    return t.pgettext("scoring category", "Little Casino")


def _partners(name: str) -> int:
    """2 for partners (``Ana & Caio``, whose verbs take the plural), else 1."""
    return 2 if " & " in name else 1


def near_target_needs(
    deal: DealReport, sides: Sequence[str], t: Translator = ENGLISH
) -> list[str]:
    """At the deal's start: each side the near-target rule binds and what it needs."""
    lines = []
    for side, band in enumerate(deal.near_target):
        if band in ITEMS and side < len(sides) and side < len(deal.totals_before):
            name = sides[side]
            text = t.ngettext(
                "{side} is on {points} and needs {item} to win (R13.4)",
                "{side} are on {points} and need {item} to win (R13.4)",
                _partners(name),
            )
            lines.append(
                text.format(
                    side=name, points=deal.totals_before[side], item=_item(band, t)
                )
            )
    return lines


def near_target_results(
    deal: DealReport, winner: int | None = None, t: Translator = ENGLISH
) -> list[str]:
    """At the deal's score: what the near-target rule did to each side it bound.

    :param winner: the match's winner, if this deal decided it for that side.
    """
    lines = []
    for score in deal.sides:
        side = score.side
        band = deal.near_target[side] if side < len(deal.near_target) else 0
        if band not in ITEMS or not score.note:
            continue
        item, label = ITEMS[band][0], _item(band, t)
        start = (
            score.total_after - score.banked if score.total_after is not None else None
        )
        unbanked = score.earned - score.banked
        if score.points.get(item):
            text = t.gettext("{side} took {item}: {total}").format(
                side=score.name, item=label, total=score.total_after
            )
            if winner == side:
                text += t.gettext(", match won")
            text += " (R13.4)"
            if unbanked:
                text += t.ngettext(
                    "; the deal's other {n} point is not banked",
                    "; the deal's other {n} points are not banked",
                    unbanked,
                ).format(n=unbanked)
        else:
            text = (
                t.gettext("{side}, on {points}, did not take {item}").format(
                    side=score.name, points=start, item=label
                )
                if start is not None
                else t.gettext("{side} did not take {item}").format(
                    side=score.name, item=label
                )
            )
            if not score.banked and score.earned:
                text += t.ngettext(
                    ": none of the deal's {n} point banked",
                    ": none of the deal's {n} points banked",
                    score.earned,
                ).format(n=score.earned)
            elif unbanked:
                text += t.ngettext(
                    ": {n} point not banked", ": {n} points not banked", unbanked
                ).format(n=unbanked)
            text += " (R13.4)"
        lines.append(text)
    return lines


def score_notes(
    report: ReplayReport, deal: DealReport, t: Translator = ENGLISH
) -> list[str]:
    """At a scored deal: each side's sweep points where cancellation changed
    them (``Ben & Dee: sweep points 3 (4 − 1, R10.4)``), then what the
    near-target rule did (``…, match won`` when this deal won the match)."""
    lines = []
    for side in deal.sides:
        why = sweep_note(side, deal.sides, t)
        if why:
            points = side.points.get("sweeps", 0)
            lines.append(
                t.gettext("{side}: sweep points {points} ({why})").format(
                    side=side.name, points=points, why=why
                )
            )
    last = max((d.index for d in report.deals if d.complete), default=None)
    match = report.match
    winner = match.winner if match is not None and deal.index == last else None
    return lines + near_target_results(deal, winner, t)


def sweep_note(
    score: SideReport, sides: Sequence[SideReport], t: Translator = ENGLISH
) -> str:
    """Why a side's sweep points are not its sweeps: ``4 − 1, R10.4``; else ``""``.

    Sweeps of opposing sides cancel, the side with most scoring its margin over
    the next best (R10.4); a side that kept a margin but scores none was barred
    by its total (R10.5).

    >>> from casino_records.check.report import SideReport
    >>> def side(n, sweeps, points):
    ...     return SideReport(side=n, name="", cards=0, spades=0, sweeps=sweeps,
    ...                       points={"sweeps": points}, earned=points, banked=points)
    >>> a, b = side(0, 1, 0), side(1, 4, 3)
    >>> sweep_note(b, [a, b]), sweep_note(a, [a, b])
    ('4 − 1, R10.4', 'cancelled, 1 against 4, R10.4')
    >>> sweep_note(side(1, 4, 0), [a, b])
    '4 − 1, none, R10.5'
    """
    own = score.sweeps
    points = score.points.get("sweeps", 0)
    best = max((s.sweeps for s in sides if s.side != score.side), default=0)
    if points == own:
        return ""
    if points == own - best:
        return f"{own} − {best}, R10.4"
    if own <= best:
        return t.gettext("cancelled, {own} against {best}, R10.4").format(
            own=own, best=best
        )
    start = score.total_after - score.banked if score.total_after is not None else None
    kept = f"{own} − {best}, " if best else ""
    none = (
        t.gettext("none on {points}").format(points=start)
        if start is not None
        else t.gettext("none")
    )
    return f"{kept}{none}, R10.5"
