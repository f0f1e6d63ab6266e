"""The Puzzles page's data: puzzles opened or made, drawn from the mover's seat, a move judged.

The puzzles are the library's (:mod:`casino_records.analysis.puzzles`); this
module reads a ``puzzles.jsonl`` or makes them from a record or an archive
(:func:`open_puzzles`), draws the position as the mover saw it with the
replay's board (:func:`puzzle_board`: their own hand face up, every other hand
face down, the table and each side's pile), says each legal move as a player
would (:func:`choice_labels`), and judges the move chosen against the best one
(:func:`judge`), with the line of play that follows each. The page only lays
these out.

Nothing here is escaped unless it says so: the board is HTML escaped here; the
texts are for :func:`~.markdown.md_escape`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ...analysis.puzzle import (
    Choice,
    LineMove,
    Puzzle,
    PuzzleFileError,
    read_puzzles,
    spelled_move,
)
from ...analysis.puzzles import find_puzzles
from ...engine.cards import Card, Suit, parse_card
from ...engine.describe import cards_text, move_text
from ...engine.masks import mask_of
from ...engine.moves import Action, Build, Move
from ...i18n import ENGLISH, Translator
from ..move_words import move_words
from ..sprite import card_sprite
from .board import board_html
from .felt import plain_felt
from .game import StepKind
from .opening import open_bytes
from .position import PLACES, HandView, PositionView, SideView

__all__ = [
    "PUZZLE_SUFFIXES",
    "Judgement",
    "answered_labels",
    "PuzzleSet",
    "choice_labels",
    "judge",
    "open_puzzles",
    "puzzle_board",
    "puzzle_key",
    "puzzle_title",
    "score_text",
    "seen_lines",
]

PUZZLE_SUFFIXES: Final = (".jsonl", ".ndjson")
"""The suffixes a puzzles file may have (it is JSON Lines)."""
_FORMAT_MARK: Final = b'"format":"casino-puzzle/1"'


@dataclass(frozen=True, slots=True)
class PuzzleSet:
    """The puzzles of a file, or why there are none."""

    name: str
    puzzles: tuple[Puzzle, ...] = ()
    problem: str = ""
    """Why the file gave no puzzles (empty when it was read)."""
    made: bool = False
    """True when they were made from records here (not read from a puzzles file)."""
    records: int = 0
    """The records they were made from (when :attr:`made`)."""

    def summary(self, t: Translator = ENGLISH) -> str:
        """``3 puzzles made from 20 records of games.jsonl`` (not escaped)."""
        if self.problem:
            return self.problem
        n = len(self.puzzles)
        if not self.made:
            return t.ngettext(
                "{n} puzzle read from {name}", "{n} puzzles read from {name}", n
            ).format(n=n, name=self.name)
        records = t.ngettext(
            "{n} record of {name}", "{n} records of {name}", self.records
        ).format(n=self.records, name=self.name)
        return t.ngettext(
            "{n} puzzle made from {records}", "{n} puzzles made from {records}", n
        ).format(n=n, records=records)


def open_puzzles(data: bytes, name: str, t: Translator = ENGLISH) -> PuzzleSet:
    """The puzzles of a file: a ``puzzles.jsonl`` written by ``casino-records
    puzzles``, or made here from a record, an archive or a text game (as the
    command makes them, with its default thresholds). Never raises for bad
    data: the set's :attr:`~PuzzleSet.problem` says what is wrong, in words."""
    first = data.lstrip().split(b"\n", 1)[0].replace(b" ", b"")
    if name.lower().endswith(PUZZLE_SUFFIXES) and _FORMAT_MARK in first:
        try:
            return PuzzleSet(name, tuple(read_puzzles(data)))
        except PuzzleFileError as exc:
            problem = t.gettext("{name} is not a puzzles file: {problem}")
            return PuzzleSet(name, problem=problem.format(name=name, problem=exc))
    opened = open_bytes(data, name)
    if opened.problem is not None:
        details = "; ".join(opened.problem.details)
        return PuzzleSet(
            name, problem=opened.problem.title + (f": {details}" if details else "")
        )
    found: list[Puzzle] = []
    if opened.record is not None:
        found += find_puzzles(opened.record, source=name)
        records = 1
    else:
        readable = [e for e in opened.entries if e.record is not None]
        for entry in readable:
            assert entry.record is not None
            source = f"{name}:{entry.line}"
            found += find_puzzles(entry.record, source=source, number=entry.number)
        records = len(readable)
    return PuzzleSet(name, tuple(found), made=True, records=records)


def puzzle_key(puzzle: Puzzle) -> str:
    """What tells a puzzle apart from every other: its record and position."""
    return f"{puzzle.source}|{puzzle.record}|{puzzle.deal}|{puzzle.move}"


def puzzle_title(puzzle: Puzzle, t: Translator = ENGLISH) -> str:
    """``Marta to play · deal 3, move 46 (round 6) · classic`` (not escaped)."""
    place = t.gettext("deal {deal}, move {move} (round {round})").format(
        deal=puzzle.deal + 1, move=puzzle.move, round=puzzle.round + 1
    )
    return t.gettext("{name} to play · {place} · {rules}").format(
        name=puzzle.player, place=place, rules=puzzle.rules
    )


def _cards(names: Sequence[str]) -> tuple[Card, ...]:
    return tuple(parse_card(name) for name in names)


def _builds(puzzle: Puzzle) -> list[Build]:
    return [
        Build(
            int(b.label.lstrip("B") or 0),
            b.value,
            tuple(_cards(group) for group in b.groups),
            b.owner,
        )
        for b in puzzle.builds
    ]


def _view(puzzle: Puzzle) -> PositionView:
    """The position as the mover saw it, as the replay's board draws one."""
    players = len(puzzle.players)
    around = PLACES.get(players) or ("bottom",) * players
    unseen = _cards(puzzle.unseen)
    hands = []
    for seat, name in enumerate(puzzle.players):
        mine = seat == puzzle.seat
        # Another hand is drawn face down: its cards are never written out,
        # only how many there are.
        cards = _cards(puzzle.hand) if mine else unseen[: puzzle.held[seat]]
        hands.append(
            HandView(
                seat=seat,
                name=name,
                cards=cards,
                face_down=not mine,
                to_play=mine,
                dealer=seat == puzzle.dealer,
                side=puzzle.side_of[seat],
                place=around[(seat - puzzle.seat) % players],
            )
        )
    sides = []
    for pile in puzzle.piles:
        taken = _cards(pile.taken)
        sides.append(
            SideView(
                side=pile.side,
                name=pile.name,
                cards=len(taken),
                spades=sum(1 for c in taken if c.suit is Suit.SPADES),
                sweeps=pile.sweeps,
                match_start=puzzle.totals[pile.side],
                big_casino=parse_card("10D") in taken,
                little_casino=parse_card("2S") in taken,
                aces=sum(1 for c in taken if c.is_ace),
            )
        )
    return PositionView(
        deal=puzzle.deal,
        deals=puzzle.deal + 1,
        move=puzzle.move - 1,
        moves=puzzle.move - 1,
        kind=StepKind.MOVE,
        round=puzzle.round,
        rounds=puzzle.round + 1,
        dealer=puzzle.players[puzzle.dealer],
        turn=puzzle.seat,
        finished=False,
        stops=False,
        felt=plain_felt(_cards(puzzle.loose), _builds(puzzle)),
        sweep=False,
        last_text=None,
        last_comment=None,
        last_glyph=None,
        hands=tuple(hands),
        sides=tuple(sides),
        deal_comment=None,
        order=puzzle.order,
        clockwise=puzzle.clockwise,
    )


def puzzle_board(puzzle: Puzzle, t: Translator = ENGLISH) -> str:
    """The board from the mover's seat as HTML, the cards' drawings with it
    (for the page's board component, inside the stepper's style sheet), its
    words in ``t``'s language."""
    board = board_html(_view(puzzle), puzzle.players, t=t)
    return f'<div class="cr-sprite-host">{card_sprite()}</div>{board}'


def _move(puzzle: Puzzle, choice: Choice) -> Move:
    return Move(
        puzzle.seat,
        parse_card(choice.card),
        Action(choice.action),
        mask_of(_cards(choice.cards)),
        choice.value,
    )


def choice_labels(puzzle: Puzzle, t: Translator = ENGLISH) -> list[str]:
    """Each legal move as the player sees it: ``10♠ takes the build of 10 (3♦ 7♣)``."""
    builds = _builds(puzzle)
    return [move_words(_move(puzzle, choice), builds, t) for choice in puzzle.choices]


def _line_words(line: Sequence[LineMove], t: Translator) -> tuple[str, ...]:
    """A line's moves in ``t``'s language: ``Marta: 9♦ takes 4♠ 5♦``."""
    return tuple(
        f"{m.player}: {move_text(spelled_move(m.move, m.seat), t=t)}" for m in line
    )


def answered_labels(puzzle: Puzzle, chosen: int, t: Translator = ENGLISH) -> list[str]:
    """The moves once one is chosen: each with its worth, the best and the
    chosen one marked (``K♣ takes K♦ · −3 · your move``)."""
    labels = []
    for k, label in enumerate(choice_labels(puzzle, t)):
        marks = [_points(puzzle.choices[k].worth)]
        marks += [t.gettext("best")] if k == puzzle.best else []
        marks += [t.gettext("your move")] if k == chosen else []
        marks += [t.gettext("played in the game")] if k == puzzle.played else []
        labels.append(" · ".join([label, *marks]))
    return labels


def seen_lines(puzzle: Puzzle, t: Translator = ENGLISH) -> list[str]:
    """What the mover knows beyond the table: where the cards not seen are,
    and the cards each side has taken (not escaped)."""
    holder = puzzle.holder
    unseen = cards_text(_cards(puzzle.unseen))
    if holder is None:
        lines = [t.gettext("Every card is in your hand or has been seen.")]
    else:
        lines = [
            t.gettext(
                "The cards you have not seen, all in {name}'s hand: {cards}."
            ).format(name=puzzle.players[holder], cards=unseen)
        ]
    for pile in puzzle.piles:
        taken = cards_text(_cards(pile.taken)) or t.gettext("nothing yet")
        if pile.sweeps:
            line = t.ngettext(
                "{name} has taken ({n} sweep): {cards}.",
                "{name} has taken ({n} sweeps): {cards}.",
                pile.sweeps,
            )
        else:
            line = t.gettext("{name} has taken: {cards}.")
        lines.append(line.format(name=pile.name, n=pile.sweeps, cards=taken))
    return lines


def _number(value: float) -> str:
    """``2``, ``1.5``, ``0.33``: at most two decimals, no trailing zeros."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _points(value: float) -> str:
    """A value with its sign: ``+2``, ``−1.5``, ``0``."""
    text = _number(abs(value))
    if text == "0":
        return "0"
    return ("+" if value > 0 else "−") + text


def _amount(value: float, t: Translator) -> str:
    """A difference in points: ``1 point``, ``2.5 points``."""
    text = _number(value)
    if text == "1":
        return t.gettext("1 point")
    return t.gettext("{amount} points").format(amount=text)


@dataclass(frozen=True, slots=True)
class Judgement:
    """The verdict on a move chosen, with the lines that follow."""

    right: bool
    headline: str
    """``Right: …`` or ``Not the best: …`` (not escaped)."""
    detail: str
    """What the move played in the game was, and what it lost."""
    chosen_line: tuple[str, ...]
    """The move chosen and the best play after it, to the end of the deal."""
    best_line: tuple[str, ...]
    """The best move and the best play after it (empty when it was chosen)."""
    result: str
    """The deal's points at the end of the chosen line (``Marta 5, Tomás 2``)."""


def _result(puzzle: Puzzle, choice: Choice) -> str:
    return ", ".join(
        f"{name} {points}"
        for name, points in zip(puzzle.sides, choice.points, strict=True)
    )


def judge(puzzle: Puzzle, chosen: int, t: Translator = ENGLISH) -> Judgement:
    """The move ``chosen`` (an index of the puzzle's choices) against the best."""
    labels = choice_labels(puzzle, t)
    choice, best = puzzle.choices[chosen], puzzle.choices[puzzle.best]
    right = chosen == puzzle.best
    worth = _points(choice.worth)
    if right:
        second = max(c.worth for k, c in enumerate(puzzle.choices) if k != chosen)
        headline = t.gettext(
            "Right: {move} is the best move, worth {worth}"
            " ({amount} more than any other)."
        ).format(
            move=labels[chosen], worth=worth, amount=_amount(choice.worth - second, t)
        )
    else:
        headline = t.gettext(
            "Not the best: {move} is worth {worth}, {amount} less"
            " than {best} ({best_worth})."
        ).format(
            move=labels[chosen],
            worth=worth,
            amount=_amount(best.worth - choice.worth, t),
            best=labels[puzzle.best],
            best_worth=_points(best.worth),
        )
    played = puzzle.choices[puzzle.played]
    detail = t.gettext(
        "In the game {name} played {move} ({worth}): {amount} less than the best."
        " A move's worth is its side's points of the deal minus the other"
        " side's (the others' mean at a table of three or four), with best play"
        " to the end."
    ).format(
        name=puzzle.player,
        move=labels[puzzle.played],
        worth=_points(played.worth),
        amount=_amount(puzzle.loss, t),
    )
    return Judgement(
        right=right,
        headline=headline,
        detail=detail,
        chosen_line=_line_words(choice.line, t),
        best_line=() if right else _line_words(best.line, t),
        result=_result(puzzle, choice),
    )


def score_text(solved: int, tried: int, t: Translator = ENGLISH) -> str:
    """``Solved 2 of 3`` (or ``No puzzle tried yet``)."""
    if not tried:
        return t.gettext("No puzzle tried yet")
    return t.ngettext("Solved {solved} of {n}", "Solved {solved} of {n}", tried).format(
        solved=solved, n=tried
    )
