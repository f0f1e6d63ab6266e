"""Try another move in the viewer: a line drawn at the table, said in words, linked.

The line is the library's :class:`~casino_records.check.lines.TriedLine`
(every move checked by the engine, the bot, the deal's result, the variation
kept); this module gives the replay page what it shows of one: where a line
may start (:func:`start_line`), the board at any step of the line
(:func:`line_board`, the replay's board), the legal moves card by card
(:func:`moves_by_card`, as the scorer enters a move: the card, then the move),
the line's result beside the played one and what it assumed in the player's
language (:func:`result_words`, :func:`assumption_words`), its deep link
(:func:`line_link_params`, :func:`parse_line_link`, :func:`open_line_link`)
and the record with the line kept, as bytes to download
(:func:`record_bytes`). Nothing here is escaped unless it says so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from ..check.lines import LineError, LineResult, TriedLine
from ..engine.cards import Card
from ..engine.describe import step_text
from ..engine.moves import Move
from ..errors import CasinoRecordError
from ..i18n import ENGLISH, Translator
from ..record.format.models import GameRecord
from ..record.format.translate import to_notation
from ..record.json import jsonio
from ..record.text.notation import move_notation
from ..record.text.parse import parse_move
from .move_words import move_words
from .sprite import card_sprite
from .viewmodel.board import board_html
from .viewmodel.felt import felt_after, plain_felt
from .viewmodel.game import Game, StepKind
from .viewmodel.perspective import ALL, alternatives_visible
from .viewmodel.position import PositionView, hand_views, pile_view

__all__ = [
    "LINE_PARAMS",
    "LineLink",
    "assumption_words",
    "branch_words",
    "last_words",
    "line_board",
    "line_link_params",
    "line_position",
    "moves_by_card",
    "moves_visible",
    "open_line_link",
    "parse_line_link",
    "played_words",
    "record_bytes",
    "result_words",
    "start_line",
    "step_words",
]

LINE_PARAMS: Final = ("from", "line", "step")
"""The deep link's parameters of a position inside a line, beside the page's
``deal`` (docs/viewer.md, Deep links)."""
_SEP: Final = ";"


@dataclass(frozen=True, slots=True)
class LineLink:
    """A deep link into a line, as the URL gives it (not yet checked)."""

    deal: int
    """0-based deal."""
    at: int
    """The moves of the deal played before the line (``from`` less one)."""
    moves: tuple[str, ...]
    """The line's moves in the text notation."""
    step: int | None
    """How many of the line's moves are played at the position shown (None:
    all of them)."""


def _number(text: str | None, low: int) -> int | None:
    if text is None or not (text.strip().isdigit() and text.strip().isascii()):
        return None
    value = int(text)
    return value if value >= low else None


def parse_line_link(params: Mapping[str, str]) -> LineLink | None:
    """The line a URL query names (``deal``, ``from``, ``line``, ``step``), or
    None when it names none (a malformed number names none).

    >>> parse_line_link({"deal": "1", "from": "12", "line": "S0 9H -;S1 KS -"})
    LineLink(deal=0, at=11, moves=('S0 9H -', 'S1 KS -'), step=None)
    >>> parse_line_link({"deal": "1", "move": "12"}) is None
    True
    """
    deal, start = _number(params.get("deal"), 1), _number(params.get("from"), 1)
    moves = tuple(m.strip() for m in (params.get("line") or "").split(_SEP))
    moves = tuple(m for m in moves if m)
    if deal is None or start is None or not moves:
        return None
    return LineLink(deal - 1, start - 1, moves, _number(params.get("step"), 0))


def line_link_params(line: TriedLine, step: int) -> dict[str, str]:
    """The URL query of step ``step`` of ``line`` (``step`` left out at its end)."""
    params = {
        "deal": str(line.deal + 1),
        "from": str(line.at + 1),
        "line": _SEP.join(move_notation(to_notation(m)) for m in line.moves),
    }
    if step < len(line.moves):
        params["step"] = str(step)
    return params


def open_line_link(
    record: GameRecord, link: LineLink, *, t: Translator = ENGLISH
) -> tuple[TriedLine, int] | str:
    """The line a deep link names, and the step to show; or why it cannot be
    opened, in words (an illegal move says its place and rule)."""
    try:
        line = TriedLine.start(record, link.deal, link.at)
        for text in link.moves:
            mover = line.shown.turn
            line = line.play(parse_move(text, seat=mover))
    except CasinoRecordError as exc:
        rule = f" ({exc.rule})" if exc.rule else ""
        why = f"{exc.where}: {exc.message}{rule}" if exc.where else exc.message
        return t.gettext("The link's line cannot be played: {why}").format(why=why)
    step = len(line.moves) if link.step is None else min(link.step, len(line.moves))
    return line, step


def start_line(
    game: Game, record: GameRecord, deal: int, step: int, *, t: Translator = ENGLISH
) -> TriedLine | str:
    """A line from step ``step`` of ``deal`` (before move ``step + 1``), or why
    none starts there, in words."""
    if game.piled(deal):
        return t.gettext("This deal is given by its piles: it has no moves to try.")
    if game.step_kind(deal, step) is not StepKind.MOVE or step >= game.moves(deal):
        return t.gettext(
            "No recorded move follows here: a line replaces a move of the record."
        )
    try:
        return TriedLine.start(record, deal, step)
    except LineError as exc:
        return exc.message


def moves_visible(line: TriedLine, perspective: str) -> bool:
    """True when the moves of the line's mover may be listed in this view
    (they reveal the mover's hand)."""
    return alternatives_visible(perspective, line.shown.turn)


def moves_by_card(line: TriedLine) -> list[tuple[Card, list[tuple[Move, str]]]]:
    """The legal moves at the line's position, card by card in the mover's
    hand order, each said as the player sees it (``10♠ takes the build of 10
    (3♦ 7♣)``)."""
    state = line.shown
    found: dict[Card, list[tuple[Move, str]]] = {}
    for move in line.legal():
        found.setdefault(move.card, []).append((move, move_words(move, state.builds)))
    hand = state.hands[state.turn]
    return [(card, found[card]) for card in hand if card in found]


def _side_points(sides: Sequence[str], points: Sequence[int]) -> str:
    return ", ".join(f"{name} {p}" for name, p in zip(sides, points, strict=True))


def result_words(result: LineResult, *, t: Translator = ENGLISH) -> str:
    """``this line: Ana 7, Ben 4; played: Ana 5, Ben 6`` (the deal's points
    each side banks)."""
    line = _side_points(result.sides, result.line)
    if result.played is None:
        return t.gettext("this line: {line}; played: not played out").format(line=line)
    played = _side_points(result.sides, result.played)
    return t.gettext("this line: {line}; played: {played}").format(
        line=line, played=played
    )


def assumption_words(line: TriedLine, *, t: Translator = ENGLISH) -> list[str]:
    """What the line took for the cards the record does not give, a sentence
    per seat and round (none when the record gives every card)."""
    names = [p.name for p in line.record.players]
    return [
        t.ngettext(
            "Round {round}: {name}'s {n} unseen card is taken to be {cards}.",
            "Round {round}: {name}'s {n} unseen cards are taken to be {cards}.",
            len(a.cards),
        ).format(
            round=a.round + 1,
            name=names[a.seat],
            n=len(a.cards),
            cards=" ".join(c.pretty for c in a.cards),
        )
        for a in line.assumptions
    ]


def branch_words(game: Game, line: TriedLine, *, t: Translator = ENGLISH) -> str:
    """``A line from deal 1, move 12 (played: Marta trails 9♥.)``."""
    kept = game.positions.get(line.deal, [])
    played = kept[line.at + 1].last if line.at + 1 < len(kept) else None
    where = t.gettext("A line from deal {deal}, move {move}").format(
        deal=line.deal + 1, move=line.at + 1
    )
    if played is None:
        return where
    said = step_text(played, game.names)
    return t.gettext("{where} (played: {move})").format(where=where, move=said)


def step_words(
    game: Game, line: TriedLine, step: int, *, t: Translator = ENGLISH
) -> str:
    """Where step ``step`` of the line is, and who plays next (or that the
    line has played the deal to its end)."""
    shown = line.prefix(step)
    where = t.gettext("Line move {step} / {moves} (move {move} of the deal)").format(
        step=step, moves=len(line.moves), move=line.at + step
    )
    if shown.finished:
        return t.gettext("{where} · the deal is over").format(where=where)
    name = game.names[shown.shown.turn]
    return t.gettext("{where} · {name} to play").format(where=where, name=name)


def last_words(
    game: Game, line: TriedLine, step: int, *, t: Translator = ENGLISH
) -> str | None:
    """The move the line played last at step ``step``, in words (None at its
    start): ``Tomás plays Q♠ and takes [Q♣].``"""
    if not step:
        return None
    log = line.prefix(step).state.log
    return step_text(log[-1], game.names, t) if log else None


def played_words(
    game: Game, line: TriedLine, step: int, *, t: Translator = ENGLISH
) -> str | None:
    """What the game played at the same move of the deal as the line's step
    ``step`` (None at the line's start, or past the deal's recorded moves):
    ``In the game, move 16: Marta trails 9♥.``"""
    kept = game.positions.get(line.deal, [])
    number = line.at + step
    if not step or number >= len(kept) or kept[number].last is None:
        return None
    played = kept[number].last
    assert played is not None
    return t.gettext("In the game, move {move}: {played}").format(
        move=number, played=step_text(played, game.names, t)
    )


def line_board(game: Game, line: TriedLine, step: int, perspective: str = ALL) -> str:
    """The board at step ``step`` of the line (its first ``step`` moves
    played) from ``perspective``, as the replay draws one, with the cards'
    drawings (HTML, escaped here)."""
    view = line_position(game, line, step, perspective)
    board = board_html(view, game.names)
    return f'<div class="cr-sprite-host">{card_sprite()}</div>{board}'


def line_position(
    game: Game, line: TriedLine, step: int, perspective: str = ALL
) -> PositionView:
    """The view of step ``step`` of the line from ``perspective``, as the
    replay's board draws a step: the last move marked where it happened, the
    cards left on the table going to the last capturer at the deal's end."""
    shown = line.prefix(step)
    state = shown.shown
    names = game.names
    last = shown.state.log[-1] if step and shown.state.log else None
    if shown.finished:  # the cards left went to the last capturer
        felt = plain_felt(state.residue, [], "residue")
    elif last is None:
        felt = plain_felt(state.loose, state.builds)
    else:
        before = line.prefix(step - 1).shown
        felt = felt_after(before, last, state.loose, state.builds)
    turn = None if shown.finished else state.turn
    hands = hand_views(state, names, perspective, turn)
    totals = line.totals_before
    sides = tuple(
        pile_view(
            side,
            game.sides[side],
            pile,
            len(state.sweeps[side]),
            totals[side] if side < len(totals) else 0,
        )
        for side, pile in enumerate(state.piles)
    )
    moves = line.at + len(line.moves)
    return PositionView(
        deal=line.deal,
        deals=len(game.record.deals),
        move=line.at + step,
        moves=moves,
        kind=StepKind.MOVE,
        round=state.round,
        rounds=state.seating.rounds,
        dealer=names[state.dealer],
        turn=turn,
        finished=False,
        stops=False,
        felt=felt,
        sweep=last is not None and last.sweep,
        last_text=None if last is None else step_text(last, names),
        last_comment=None,
        last_glyph=None,
        hands=hands,
        sides=sides,
        deal_comment=None,
        order=state.seating.play_order(state.dealer),
        clockwise=state.seating.step == 1,
    )


def record_bytes(record: GameRecord) -> bytes:
    """The record as a JSON file (the canonical layout, its lines kept)."""
    return jsonio.dumps(record)
