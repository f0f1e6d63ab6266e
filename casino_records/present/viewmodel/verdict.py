"""The verdict on a record at a glance: its differences, what decided them, results.

A disputed record's differences are one line each (:func:`differences`):
``deal 1, Ana's most cards: claimed 3, computed 0`` with a short reason
(``the cards split 26–26``), where to see it (the deal's score) and the moves
that decided that category alone (:func:`deciders`), in move order, by player
name. Results read winner first (:func:`match_result`: ``Ben wins, 23 to 18``).
Nothing here is escaped: the fragments escape it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ...check.explain.explanation import Explanation
from ...check.outcome import said_in
from ...check.report import DealReport, Finding, SideReport
from ...engine.cards import BIG_CASINO, LITTLE_CASINO
from ...engine.describe import in_names, result_text
from ...i18n import ENGLISH, Translator
from ...record.format.pointer import Place, pointer
from ..status_words import status_word
from .findings import Jump, category_label
from .game import Game, StepKind, locate
from .movelist import move_rows

__all__ = [
    "Difference",
    "Note",
    "deal_result",
    "deciders",
    "differences",
    "explained_step",
    "match_result",
    "named",
    "notes",
    "summary",
]

_BOUND: Final = re.compile(
    r"^claimed (?P<value>\d+), but the moves played already make it"
    r" (?P<bound>(?:exactly|at least|at most) \d+) \((?P<why>.+)\)$"
)
"""A claim on a deal not played to its end that the moves already contradict (D8)."""


@dataclass(frozen=True, slots=True)
class Difference:
    """One claimed figure that differs from the computed one."""

    text: str
    """``deal 1, Ana's most cards: claimed 3, computed 0`` (the replay's words)."""
    reason: str
    """Why the computed figure is what it is (``the cards split 26–26``), or ``""``."""
    go: Jump | None
    """The position that shows it (the deal's score)."""
    deciders: tuple[Jump, ...]
    """The moves (and the residue) that decided it, in move order."""
    deal: int | None
    """The 0-based deal it is about; None for the match."""


def finding_words(game: Game, finding: Finding, t: Translator) -> tuple[str, str]:
    """A finding's place and message in players' words, in ``t``'s language
    where the finding keeps its words (:attr:`Finding.said`), else in English."""
    where = said_in(finding.where, finding.said_where, t, game.report)
    message = said_in(finding.message, finding.said, t, game.report)
    return named(where, game), named(message, game)


def named(text: str, game: Game) -> str:
    """``side 0`` and ``seat 1`` in an engine message replaced by names.

    >>> from casino_records.record.simulate import simulate_record
    >>> from casino_records.present.viewmodel import build_game
    >>> game = build_game(simulate_record("classic", 2, seed="doc", names=("Ana", "Ben")))
    >>> named("it is seat 1's turn; side 0 reached 21", game)
    "it is Ben's turn; Ana reached 21"
    """
    return in_names(text, game.sides, game.names)


def _ranked(totals: Sequence[int], names: Sequence[str]) -> list[tuple[str, int]]:
    return sorted(zip(names, totals, strict=True), key=lambda item: -item[1])


def match_result(game: Game, t: Translator = ENGLISH) -> str:
    """The match in words, as the command line says it (``result_text``):
    ``Ben & Dee win, 21 to 7 (Ben & Dee reached 21)``; three or four sides
    with their names, highest first; an undecided match ``No winner yet: …``.
    """
    match = game.report.match
    if match is None or not match.totals:
        return ""
    text = result_text(
        game.sides,
        match.totals,
        match.winner,
        match.reason_text(t, game.names, game.sides),
        t=t,
    )
    return text[:1].upper() + text[1:]


def summary(game: Game, t: Translator = ENGLISH) -> str:
    """The record in one line: ``classic · 2 players · Ana vs Ben · Ana wins, 21 to 9 ·
    144 moves checked · disputed`` (not escaped)."""
    report = game.report
    players, checked = len(game.names), report.moves_checked
    parts = [
        report.preset,
        t.ngettext("{n} player", "{n} players", players).format(n=players),
        t.gettext(" vs ").join(game.sides),
        match_result(game, t),
        t.ngettext("{n} move checked", "{n} moves checked", checked).format(n=checked),
        status_word(report.status, t),
    ]
    return " · ".join(part for part in parts if part)


def deal_result(report: DealReport | None) -> str:
    """A scored deal in words, highest first: ``Ana 6, Ben 3`` (points banked)."""
    if report is None or not report.sides:
        return ""
    ranked = _ranked([s.banked for s in report.sides], [s.name for s in report.sides])
    return ", ".join(f"{name} {points}" for name, points in ranked)


def _split(sides: Sequence[SideReport], what: str) -> str:
    values = [getattr(s, what) for s in sides]
    return "–".join(str(v) for v in values)


def _reason(
    game: Game, deal: int, side: int, category: str, t: Translator = ENGLISH
) -> str:
    """Why the computed figure of ``category`` is what it is, in a few words."""
    report = game.deal_report(deal)
    if report is None or not report.sides or side >= len(report.sides):
        return ""
    sides = report.sides
    mine = sides[side]
    piles = game.positions[deal][-1].state.piles
    pile = piles[side] if side < len(piles) else []
    holder = {
        card: next((game.sides[k] for k, p in enumerate(piles) if card in p), None)
        for card in (BIG_CASINO, LITTLE_CASINO)
    }
    residue = len(report.residue)
    taker = report.residue_side
    if category == "points.most_cards":
        return t.gettext("the cards split {split}").format(split=_split(sides, "cards"))
    if category == "points.most_spades":
        return t.gettext("the spades split {split}").format(
            split=_split(sides, "spades")
        )
    if category == "points.big_casino":
        who = holder[BIG_CASINO]
        return (
            t.gettext("Big Casino (10♦) went to {side}").format(side=who) if who else ""
        )
    if category == "points.little_casino":
        who = holder[LITTLE_CASINO]
        return (
            t.gettext("Little Casino (2♠) went to {side}").format(side=who)
            if who
            else ""
        )
    if category == "points.aces":
        aces = sum(1 for card in pile if card.is_ace)
        return t.ngettext("{side} took {n} ace", "{side} took {n} aces", aces).format(
            side=mine.name, n=aces
        )
    if category in ("points.sweeps", "counts.sweeps"):
        return t.ngettext(
            "{side} made {n} sweep", "{side} made {n} sweeps", mine.sweeps
        ).format(side=mine.name, n=mine.sweeps)
    if category == "total":
        parts = [
            f"{category_label('points.' + c, t)} {v}"
            for c, v in mine.points.items()
            if v
        ]
        made = ", ".join(parts) if parts else t.gettext("no points")
        note = f"; {mine.note}" if mine.note else ""
        return (
            t.gettext("{side} scored {points}").format(side=mine.name, points=made)
            + note
        )
    if category in ("counts.cards", "counts.spades") and residue and taker is not None:
        if category == "counts.cards":
            text = (
                t.ngettext(
                    "with the {n} card left on the table (counted in the cards)",
                    "with the {n} cards left on the table (counted in the cards)",
                    residue,
                )
                if taker == side
                else t.ngettext(
                    "without the {n} card left on the table (counted in the cards)",
                    "without the {n} cards left on the table (counted in the cards)",
                    residue,
                )
            )
        else:
            text = (
                t.ngettext(
                    "with the {n} card left on the table (counted in the spades)",
                    "with the {n} cards left on the table (counted in the spades)",
                    residue,
                )
                if taker == side
                else t.ngettext(
                    "without the {n} card left on the table (counted in the spades)",
                    "without the {n} cards left on the table (counted in the spades)",
                    residue,
                )
            )
        return text.format(n=residue)
    return ""


def explained_step(game: Game, explanation: Explanation) -> tuple[int, int] | None:
    """Where an explanation's deciding position is: right after its deciding move,
    else the end of its deal (the residue, or the score); None when not shown."""
    deal = explanation.deciding_deal
    if deal is None or deal not in game.positions:
        return None
    move = explanation.deciding_move
    if move is not None:
        return deal, min(move, game.moves(deal))
    if explanation.scope == "deal" and StepKind.RESIDUE in game.ends[deal]:
        return deal, game.moves(deal) + 1
    return deal, game.last_step(deal)


def deciders(game: Game, finding: Finding, t: Translator = ENGLISH) -> list[Jump]:
    """The moves (and the residue) that decided a dispute's category, in move order.

    A deal total is decided by what decided the other figures of that side
    that differ; when none does, by everything that scored. Each is labelled
    by its move number and player (``47. Ben: 8♠ takes 2♠ 6♠``) and carries
    what it decided (:attr:`Jump.why`).
    """
    entries = list(finding.deciding)
    place = finding.place
    claimed = place.claimed if place.deal is not None else None
    if claimed is not None and claimed[1] == "total":
        prefix = Place(place.deal, field=("claimed", "sides", claimed[0])).pointer + "/"
        narrower = [
            d
            for f in game.report.findings
            if f.severity == "dispute"
            and f.loc.startswith(prefix)
            and f.loc != finding.loc
            and not f.loc.endswith("/total")
            for d in f.deciding
        ]
        if narrower:
            entries = narrower
    jumps: dict[tuple[int, int], Jump] = {}
    for entry in entries:
        at = locate(game, entry.loc)
        if at is None or at in jumps:
            continue
        jumps[at] = Jump(_label(game, *at, t), *at, why=entry.why)
    return [jumps[at] for at in sorted(jumps)]


def _label(game: Game, deal: int, step: int, t: Translator = ENGLISH) -> str:
    kind = game.step_kind(deal, step)
    if kind == StepKind.RESIDUE:
        cards = len(game.positions[deal][-1].state.residue)
        return t.ngettext(
            "the {n} card left on the table (residue)",
            "the {n} cards left on the table (residue)",
            cards,
        ).format(n=cards)
    if kind == StepKind.SCORE:
        return t.gettext("the end of deal {n}").format(n=deal + 1)
    if step == 0:
        return t.gettext("the deal's start")
    row = move_rows(game, deal, t)[step - 1]
    return f"{row.move}. {row.player}: {row.text}"


def differences(game: Game, t: Translator = ENGLISH) -> list[Difference]:
    """Every disputed figure in one line, in record order."""
    lines = []
    for finding in game.report.findings:
        if finding.severity != "dispute":
            continue
        at = locate(game, finding.loc)
        go = Jump("", *at) if at is not None else None
        lines.append(_difference(game, finding, go, t))
    return lines


@dataclass(frozen=True, slots=True)
class Note:
    """A finding worth a look that is not wrong (a warning): claims not checked."""

    where: str
    """``deal 2, claimed scores``."""
    text: str
    """What it is, names in place of seats and sides."""
    rule: str
    """The rule it cites (``D8``), or ``""``."""
    go: Jump | None
    """The position it is about."""


def notes(game: Game, t: Translator = ENGLISH) -> list[Note]:
    """Every warning of the record (claims that could not be checked, …), in
    ``t``'s language where the finding keeps its words."""
    found = []
    for finding in game.report.findings:
        if finding.severity != "warning":
            continue
        at = locate(game, finding.loc)
        where, message = finding_words(game, finding, t)
        found.append(
            Note(
                where,
                message,
                finding.rule or "",
                Jump("", *at) if at is not None else None,
            )
        )
    return found


def _checked(game: Game, loc: str) -> tuple[int, int] | None:
    """``(claimed, computed)`` of the claimed figure at ``loc``."""
    checks = [c for d in game.report.deals for c in d.checks]
    if game.report.match is not None:
        checks += game.report.match.checks
    for check in checks:
        if check.loc == loc:
            return check.claimed, check.computed
    return None


def _difference(
    game: Game, finding: Finding, go: Jump | None, t: Translator = ENGLISH
) -> Difference:
    """A disputed figure in the replay's own words (:mod:`casino_records.check.audit`),
    with a short reason and the moves that decided it."""
    checked = _checked(game, finding.loc)
    place = finding.place
    claimed = place.claimed
    if place.deal is not None and claimed is not None:
        deal, (side, category) = place.deal, claimed
        bound = _BOUND.match(finding.message)
        where, message = finding_words(game, finding, t)
        if checked is not None:
            text, reason = message, _reason(game, deal, side, category, t)
        elif bound is not None:  # a deal not played to its end: a bound (D8)
            text = t.gettext(
                "claimed {value}, the moves played make it {bound}"
            ).format(value=bound["value"], bound=bound["bound"])
            reason = bound["why"]
        else:
            text, reason = message, ""
        return Difference(
            f"{where}: {text}",
            reason,
            go,
            tuple(deciders(game, finding, t)),
            deal,
        )
    if claimed is not None and checked is not None:  # a match total
        side = claimed[0]
        banked = [
            str(d.sides[side].banked)
            for d in game.report.deals
            if d.sides and side < len(d.sides)
        ]
        why = (
            t.gettext("its deals add up to {sum}").format(sum=" + ".join(banked))
            if len(banked) > 1
            else ""
        )
        where, message = finding_words(game, finding, t)
        return Difference(f"{where}: {message}", why, go, (), None)
    if finding.loc == pointer("claimed", "winner") and checked is not None:

        def winner(side: int) -> str:
            return (
                game.sides[side] if 0 <= side < len(game.sides) else t.gettext("nobody")
            )

        match = game.report.match
        words = t.gettext("claimed {claimed}, computed {computed}").format(
            claimed=winner(checked[0]), computed=winner(checked[1])
        )
        return Difference(
            f"{finding_words(game, finding, t)[0]}: {words}",
            match.reason_text(t, game.names, game.sides) if match is not None else "",
            go,
            (),
            None,
        )
    where, message = finding_words(game, finding, t)
    return Difference(f"{where}: {message}", "", go, (), None)
