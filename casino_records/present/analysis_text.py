"""The analysis of a game as text: a table per deal, the players' average losses.

Moves count from 1 across the deal, as in the text notation; values are points
of the mover's side against the others (see :mod:`casino_records.analysis.value`).
The words are the translator ``t``'s (English by default); the moves are the
analysis's own (the engine's words, cards in the notation).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from ..analysis.game_analysis import (
    DealAnalysis,
    GameAnalysis,
    MoveAnalysis,
    PlayerLoss,
)
from ..engine.cards import parse_card
from ..engine.describe import move_phrase
from ..engine.moves import Action
from ..i18n import ENGLISH, Translator
from .could_win_text import could_win_lines, error_rates_line, method_word, par_lines

__all__ = ["analysis_text", "deal_table", "losses_line", "pretty_move", "said_move"]

_CARD: Final = re.compile(r"(?:10|[2-9AJQK])[SHDC]")
"""A card as the analysis writes it (strictly: ``as`` is a word, not the ace)."""


_SAID: Final = re.compile(
    r"^(?P<card>\S+) (?:(?P<trail>trails)"
    r"|takes (?P<taken>.+?)(?: as (?P<as>\d+))?"
    r"|builds (?P<value>\d+) onto (?P<onto>.+))$"
)


def said_move(text: str, t: Translator = ENGLISH) -> str:
    """A move as the analysis writes it (``10S takes 10D``, the engine's words),
    with suit symbols and in ``t``'s language, as the viewer says moves.

    >>> said_move("AS takes 4D 5C as 14"), said_move("3C builds 8 onto 5D")
    ('A♠ takes 4♦ 5♣ as 14', '3♣ builds 8 onto 5♦')
    """
    found = _SAID.match(text)
    if found is None:
        return pretty_move(text)
    card = pretty_move(found["card"])
    if found["trail"]:
        return move_phrase(Action.TRAIL, card, "").text(t)
    if found["taken"] is not None:
        taken = pretty_move(found["taken"])
        return move_phrase(Action.CAPTURE, card, taken, found["as"]).text(t)
    onto = pretty_move(found["onto"])
    return move_phrase(Action.BUILD, card, onto, found["value"]).text(t)


def pretty_move(text: str) -> str:
    """A move as the analysis writes it, with suit symbols.

    >>> pretty_move("AS takes 4D 5C as 14"), pretty_move("3C builds 8 onto 5D")
    ('A♠ takes 4♦ 5♣ as 14', '3♣ builds 8 onto 5♦')
    """
    return " ".join(
        parse_card(token).pretty if _CARD.fullmatch(token) else token
        for token in text.split(" ")
    )


def _loss(move: MoveAnalysis) -> str:
    if move.method == "exact" or move.best == move.played:
        return f"{move.loss:.2f}"
    return f"{move.loss:.2f} ±{move.loss_stderr:.2f}"


def _headers(t: Translator) -> tuple[str, ...]:
    return (
        t.pgettext("analysis column", "move"),
        t.pgettext("analysis column", "player"),
        t.pgettext("analysis column", "played"),
        "",
        t.pgettext("analysis column", "best"),
        t.pgettext("analysis column", "loss"),
        t.pgettext("analysis column", "how"),
    )


def _row(move: MoveAnalysis, t: Translator) -> tuple[str, ...]:
    best = "=" if move.best == move.played else move.best
    return (
        str(move.index + 1),
        move.player,
        move.played,
        move.mark,
        best,
        _loss(move),
        method_word(move.method, t),
    )


def _table(rows: Sequence[tuple[str, ...]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    right = {0, 5}
    lines = []
    for row in rows:
        cells = [
            cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
            for i, cell in enumerate(row)
        ]
        lines.append("  ".join(cells).rstrip())
    return lines


def losses_line(players: Sequence[PlayerLoss], t: Translator = ENGLISH) -> str:
    """``Ana 0.26 (?! 2, ?? 1), Ben 0.41``: average points lost per move."""
    parts = []
    for player in players:
        if not player.moves:
            continue
        marks = ", ".join(
            f"{mark} {player.marks[mark]}"
            for mark in ("?!", "?", "??")
            if mark in player.marks
        )
        parts.append(
            f"{player.name} {player.average_loss:.2f}"
            + (f" ({marks})" if marks else "")
        )
    return ", ".join(parts) or t.gettext("no move analysed")


def deal_table(
    deal: DealAnalysis, sides: Sequence[str] = (), t: Translator = ENGLISH
) -> str:
    """One deal: its heading, a row per move, a note if some were not analysed;
    then its error rates, its par and "could I have won" (with ``sides``)."""
    heading = t.gettext("Deal {deal}: points lost per move: {losses}")
    lines = [heading.format(deal=deal.index + 1, losses=losses_line(deal.players, t))]
    if deal.moves:
        lines += _table([_headers(t), *(_row(move, t) for move in deal.moves)])
    if deal.note:
        lines.append(t.gettext("note: {note}").format(note=deal.note))
    if deal.moves:
        lines.append(error_rates_line(deal.players, t))
    lines += par_lines(deal.par, sides, t)
    lines += could_win_lines(deal.could_win, deal.index, t=t)
    return "\n".join(lines)


def analysis_text(analysis: GameAnalysis, t: Translator = ENGLISH) -> str:
    """The whole analysis: how it was made, every deal, the match's averages."""
    s = analysis.settings
    how = (
        t.ngettext(
            "Analysis of {source}: up to {n} sample per estimated move, seed {seed},"
            " the last {exact} moves of each deal exact",
            "Analysis of {source}: up to {n} samples per estimated move, seed {seed},"
            " the last {exact} moves of each deal exact",
            s.samples,
        )
        if s.up_to
        else t.ngettext(
            "Analysis of {source}: {n} sample per estimated move, seed {seed},"
            " the last {exact} moves of each deal exact",
            "Analysis of {source}: {n} samples per estimated move, seed {seed},"
            " the last {exact} moves of each deal exact",
            s.samples,
        )
    )
    marks = t.gettext(
        "marks: ?! from {inaccuracy}, ? from {mistake}, ?? from {blunder} points lost"
        " (estimates: also {significance} standard errors)"
    )
    head = [
        how.format(
            source=analysis.source or analysis.id or t.gettext("the record"),
            n=s.samples,
            seed=repr(s.seed),
            exact=s.exact_moves,
        ),
        t.gettext("value: {value}").format(value=t.gettext(s.value)),
        marks.format(
            inaccuracy=f"{s.inaccuracy:g}",
            mistake=f"{s.mistake:g}",
            blunder=f"{s.blunder:g}",
            significance=f"{s.significance:g}",
        ),
    ]
    deals = [deal_table(deal, analysis.sides, t) for deal in analysis.deals]
    match = t.gettext("Match: points lost per move: {losses}")
    tail = "\n".join(
        [
            match.format(losses=losses_line(analysis.totals, t)),
            error_rates_line(analysis.totals, t),
            *could_win_lines(analysis.could_win, t=t),
        ]
    )
    return "\n\n".join(["\n".join(head), *deals, tail]) + "\n"
