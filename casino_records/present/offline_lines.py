"""The record's kept lines (variations) as steps of the offline page.

The offline page (:mod:`.offline`) has no engine: everything it shows is
drawn here in advance. Each line of play a record keeps on a move of its main
line (docs/notation.md, Variations) becomes a payload of its own, stepped like
a deal by the same stepper: its first step is the position the line branches
from, then one step per move of the line, each drawn with the replay's board
(:func:`.line_view.line_position`), saying what the game played at the same
move, the line's result beside the game's and what it assumed
(:func:`line_steps`, which :mod:`.offline_tries` draws its lines with too). A
line's payload is numbered :data:`LINE_BASE` and on, after the deals, so that
the stepper's jumps and the page's address (``#deal=1001&move=3``) reach it as
they reach a deal. The step a line branches from lists the lines kept there,
each a button into it; every step of a line has a button back to the game.

Only the lines on the main line's moves are shown (a line inside a line is
not), and only those the engine can play (an illegal line is the record's
verdict's to report).
"""

from __future__ import annotations

from collections.abc import Iterator
from html import escape
from typing import Any, Final

from ..check.lines import TriedLine
from ..check.lines import kept_lines as lines_kept_at
from ..i18n import ENGLISH, Translator
from .line_view import (
    assumption_words,
    last_words,
    line_position,
    played_words,
    result_words,
    step_words,
)
from .viewmodel import Game
from .viewmodel.board import board_layout, board_parts
from .viewmodel.fragments import FragmentTable, goto_button
from .viewmodel.stepper import StepperPosition

__all__ = ["LINE_BASE", "assumed_html", "kept_lines", "line_payloads", "line_steps"]

LINE_BASE: Final = 1000
"""The payload number of the page's first line (the deals are 0, 1, …)."""


def kept_lines(game: Game) -> Iterator[tuple[int, int, int, TriedLine]]:
    """``(deal, at, number, line)`` for each line kept on a main-line move of
    a deal the page shows: the move replaced is move ``at + 1`` of the deal,
    the line its ``number``-th (from 0) there (:func:`check.lines.kept_lines`)."""
    record = game.record
    for deal in game.deals:
        if game.piled(deal):
            continue
        moves = sum(len(round_.moves) for round_ in record.deals[deal].rounds)
        for at in range(moves):
            for number, line in lines_kept_at(record, deal, at):
                yield deal, at, number, line


def _text(text: str, cls: str = "") -> str:
    attr = f' class="{cls}"' if cls else ""
    return f"<p{attr}>{escape(text)}</p>"


def assumed_html(line: TriedLine, t: Translator = ENGLISH) -> str:
    """What ``line`` took for the cards the record does not give, folded under
    how many hands it completed (:func:`.line_view.assumption_words`); ``""``
    when the record gives every card."""
    said = assumption_words(line, t=t)
    if not said:
        return ""
    title = t.ngettext(
        "The unseen cards the line assumed: {n} hand",
        "The unseen cards the line assumed: {n} hands",
        len(said),
    ).format(n=len(said))
    sentences = "".join(_text(s, "cr-caption") for s in said)
    return (
        f'<details class="cr-assumed"><summary>{escape(title)}</summary>'
        f"{sentences}</details>"
    )


def line_steps(
    game: Game,
    line: TriedLine,
    ident: int,
    perspective: str,
    title: str,
    t: Translator = ENGLISH,
    table: FragmentTable | None = None,
    actions: str = "",
) -> dict[str, Any]:
    """One line's payload: its steps, drawn as a deal's, each saying what the
    game played there, the line's result beside the game's once it ends the
    deal (:func:`.line_view.result_words`) and what the line assumed of cards
    the record does not give; every step has *Back to the game* and the
    ``actions`` (HTML) beside it. Its fragments go into ``table`` when given
    (the lines of a deal may share one), else into a table of its own."""
    table = table if table is not None else FragmentTable()
    fragment = table.add

    count = len(line.moves)
    back = goto_button(t.gettext("Back to the game"), line.deal, line.at, cls="cr-jump")
    words = line.words(t)
    result = line.result()
    # What holds for the whole line goes in the slot a deal's analysis takes
    # (a line has none), the same at every step: the stepper leaves it as it
    # is from step to step, the folded assumptions as the reader left them.
    whole = "".join(
        [
            _text(result_words(result, t=t), "cr-result") if result else "",
            assumed_html(line, t),
            f"<p>{back}{' ' + actions if actions else ''}</p>",
        ]
    )
    entries = "".join(
        f"<li>{goto_button(w, ident, i + 1, cls='cr-move')}</li>"
        for i, w in enumerate(words)
    )
    moves_list = (
        f'<div class="cr-moves-title"><strong>{escape(title)}</strong></div>'
        f'<ol class="cr-moves">{entries}</ol>'
    )
    positions: list[StepperPosition] = []
    layout = ""
    for step in range(count + 1):
        view = line_position(game, line, step, perspective)
        layout = layout or board_layout(view, t)
        said = [
            last_words(game, line, step, t=t),
            played_words(game, line, step, t=t),
        ]
        parts = {
            "last": "".join(_text(s) for s in said if s),
            "analysis": whole,
            "failing": "",
            "alts": "",
            "tries": "",
            "list": moves_list,
            **board_parts(view, game.names, t=t),
        }
        nav: dict[str, list[int] | None] = {
            "first": None if step == 0 else [ident, 0],
            "prev": None if step == 0 else [ident, step - 1],
            "next": None if step == count else [ident, step + 1],
            "last": None if step == count else [ident, count],
            "round_prev": None,
            "round_next": None,
        }
        positions.append(
            StepperPosition(
                headline=f"{title} · {step_words(game, line, step, t=t)}",
                label=str(step),
                where=f"{step} / {count}",
                round=0,
                turn=-1 if view.turn is None else view.turn,
                nav=nav,
                parts={name: fragment(html) for name, html in parts.items()},
            )
        )
    # The entries of a line's move list go to the position after each move:
    # the list marks the step shown by its data-move, as a deal's does.
    return {
        "deal": ident,
        "perspective": perspective,
        "last": count,
        "deals": [
            *(
                {"label": t.gettext("Deal {n}").format(n=d + 1), "deal": d}
                for d in game.deals
            ),
            {"label": title, "deal": ident},
        ],
        "rounds": [{"label": t.gettext("Line"), "move": 0}],
        "banner": "",
        "board": layout,
        "graph": "",
        "fragments": table.fragments,
        "positions": positions,
    }


def line_payloads(
    game: Game,
    perspective: str,
    deals: dict[str, dict[str, Any]],
    t: Translator = ENGLISH,
) -> dict[str, dict[str, Any]]:
    """A payload per kept line (by its number, :data:`LINE_BASE` and on); each
    deal's payload in ``deals`` (unpacked: its ``fragments`` and ``positions``)
    gets, at the step a line branches from, a button into each line kept there."""
    found: dict[str, dict[str, Any]] = {}
    here: dict[tuple[int, int], list[str]] = {}
    for k, (deal, at, number, line) in enumerate(kept_lines(game)):
        ident = LINE_BASE + k
        title = t.gettext("Deal {deal}, line {line} of move {move}").format(
            deal=deal + 1, line=number + 1, move=at + 1
        )
        found[str(ident)] = line_steps(game, line, ident, perspective, title, t)
        first = line.words(t)[0] if line.moves else title
        label = t.gettext("Line {line}: {first}").format(line=number + 1, first=first)
        here.setdefault((deal, at), []).append(
            goto_button(label, ident, min(1, len(line.moves)))
        )
    for (deal, at), buttons in here.items():
        payload = deals.get(str(deal))
        if payload is None or at >= len(payload["positions"]):
            continue
        fragments: list[str] = payload["fragments"]
        parts = payload["positions"][at]["parts"]
        items = "".join(f"<li>{b}</li>" for b in buttons)
        kept_here = escape(t.gettext("Lines kept here"))
        box = (
            f'<div class="cr-lines"><strong>{kept_here}</strong>'
            f'<ul class="cr-lines-list">{items}</ul></div>'
        )
        fragments.append(fragments[parts["last"]] + box)
        parts["last"] = len(fragments) - 1
    return found
