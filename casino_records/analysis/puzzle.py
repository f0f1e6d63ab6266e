"""A puzzle made of a mistake: the position as the mover saw it, and its answer.

A :class:`Puzzle` is plain data (the finder is :mod:`.puzzles`): where it comes
from, what the mover could see (their own hand, the table with its builds,
each side's pile as the cards the mover saw go into it, the cards they have
not seen and who holds them), every legal move with its exact value and the
line of play that follows it, which move is best and which was played.

Puzzles are written one per line as JSON (``casino-puzzle/1``,
:func:`puzzle_line`), keys sorted, and read back with :func:`read_puzzles`,
which says in words which line is wrong and why.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, fields, is_dataclass
from typing import Any, Final, TypeVar

import orjson

from ..engine.cards import parse_card
from ..engine.masks import mask_of
from ..engine.moves import Action, Move

__all__ = [
    "FORMAT",
    "BuildSeen",
    "Choice",
    "LineMove",
    "PileSeen",
    "Puzzle",
    "PuzzleFileError",
    "puzzle_line",
    "read_puzzles",
    "spelled_move",
]

FORMAT: Final = "casino-puzzle/1"
"""The ``format`` of every puzzle line."""


@dataclass(frozen=True, slots=True)
class BuildSeen:
    """A build on the table."""

    label: str
    """``B1``, as its badge says."""
    value: int
    owner: int
    """The seat that owns it."""
    groups: tuple[tuple[str, ...], ...]
    """Its cards, group by group (``10D``)."""


@dataclass(frozen=True, slots=True)
class PileSeen:
    """A side's capture pile as the mover saw it filled."""

    side: int
    name: str
    taken: tuple[str, ...]
    """The cards the side has taken, in pack order (the mover saw each one)."""
    sweeps: int


@dataclass(frozen=True, slots=True)
class LineMove:
    """One move of a line of play."""

    seat: int
    player: str
    move: str
    """The move in the analysis's spelling (``9D takes 4S 5D``)."""
    words: str
    """What it did, in a sentence (:func:`~casino_records.engine.describe.step_text`)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal move of the puzzle, with its exact value and what follows."""

    move: str
    """The move in the analysis's spelling (``9D takes 4S 5D``)."""
    card: str
    """The card played."""
    action: str
    """``trail``, ``capture`` or ``build``."""
    cards: tuple[str, ...]
    """The table cards it uses, in pack order."""
    value: int | None
    """The value it announces (a build) or takes as (an ace), if any."""
    worth: float
    """Its exact value for the mover: the deal's points of the mover's side
    minus the others' mean, with best play from both sides afterwards."""
    line: tuple[LineMove, ...]
    """The move itself, then the solver's best line to the end of the deal."""
    points: tuple[int, ...]
    """Each side's banked points of the deal at the end of that line."""


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A position where the mover lost points and one move is clearly best."""

    source: str
    """Where the record was read (``games.jsonl:12``: line 12)."""
    record: int
    """The record's number in its input, from 1 (``--record N``)."""
    record_id: str | None
    """The record's ``id``, if it has one."""
    deal: int
    """0-based deal."""
    move: int
    """The move's number in its deal, from 1 (across its rounds)."""
    round: int
    """0-based round."""
    place: str
    """``deal 1, move 11 (round 2)``."""
    rules: str
    """The record's rules preset."""
    players: tuple[str, ...]
    sides: tuple[str, ...]
    """Each side's name."""
    side_of: tuple[int, ...]
    """Each seat's side."""
    seat: int
    """The mover."""
    dealer: int
    order: tuple[int, ...]
    """The deal's seats in playing order, the dealer last (R2.3)."""
    clockwise: bool
    """True when play goes clockwise (classic, royal)."""
    totals: tuple[int, ...]
    """Each side's match total at the start of the deal."""
    hand: tuple[str, ...]
    """The mover's cards."""
    held: tuple[int, ...]
    """How many cards each seat holds."""
    loose: tuple[str, ...]
    """The loose cards on the table, in the order they lie."""
    builds: tuple[BuildSeen, ...]
    piles: tuple[PileSeen, ...]
    unseen: tuple[str, ...]
    """The cards the mover has not seen, in pack order: all in one other hand
    (or none), so the mover knows where every card is."""
    choices: tuple[Choice, ...]
    """Every legal move, in the engine's order."""
    best: int
    """The index in :attr:`choices` of the best move."""
    played: int
    """The index in :attr:`choices` of the move played."""
    loss: float
    """Points the move played gave away against the best."""
    margin: float
    """How far the best move's value is above every other move's."""
    format: str = FORMAT

    @property
    def player(self) -> str:
        """The mover's name."""
        return self.players[self.seat]

    @property
    def holder(self) -> int | None:
        """The seat that holds every unseen card, or None when there are none."""
        others = [s for s, n in enumerate(self.held) if n and s != self.seat]
        return others[0] if others and self.unseen else None


def puzzle_line(puzzle: Puzzle) -> bytes:
    """``puzzle`` as one line of JSON, keys sorted, ending in a newline."""
    return orjson.dumps(
        _plain(puzzle), option=orjson.OPT_SORT_KEYS | orjson.OPT_APPEND_NEWLINE
    )


def _plain(obj: Any) -> Any:
    if is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: _plain(getattr(obj, f.name)) for f in fields(obj)}
    if isinstance(obj, list | tuple):
        return [_plain(value) for value in obj]
    return obj


def spelled_move(text: str, seat: int) -> Move:
    """The move a line of the file spells (its ``move``, as
    :func:`~casino_records.engine.describe.move_text` spells it with
    ``pretty=False``), played from ``seat``: to word it in any language.

    >>> print(spelled_move("AS takes 6H 8S as 14", 1).value)
    14
    >>> spelled_move("3C builds 8 onto 5D", 0).action.value
    'build'

    :raises ValueError: ``text`` is not so spelled.
    """
    words = text.split()
    if len(words) < 2:
        raise ValueError(f"not a move: {text!r}")
    card, verb, rest = parse_card(words[0]), words[1], words[2:]
    if verb == "trails" and not rest:
        return Move(seat, card, Action.TRAIL, 0, None)
    if verb == "takes" and rest:
        value = None
        if len(rest) > 2 and rest[-2] == "as":
            value, rest = int(rest[-1]), rest[:-2]
        return Move(seat, card, Action.CAPTURE, mask_of(map(parse_card, rest)), value)
    if verb == "builds" and len(rest) > 2 and rest[1] == "onto":
        cards = mask_of(map(parse_card, rest[2:]))
        return Move(seat, card, Action.BUILD, cards, int(rest[0]))
    raise ValueError(f"not a move: {text!r}")


class PuzzleFileError(ValueError):
    """A puzzles file that cannot be read, said with its line and why."""


_T = TypeVar("_T")


def read_puzzles(data: bytes | str) -> list[Puzzle]:
    """Every puzzle of a ``puzzles.jsonl`` (blank lines skipped).

    :raises PuzzleFileError: a line is not a puzzle (its number and why).
    """
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    puzzles = []
    for number, line in _lines(text):
        try:
            obj = orjson.loads(line)
        except orjson.JSONDecodeError as exc:
            raise PuzzleFileError(f"line {number}: not JSON ({exc.msg})") from None
        if not isinstance(obj, dict) or obj.get("format") != FORMAT:
            raise PuzzleFileError(
                f"line {number}: not a puzzle (a {FORMAT} line has"
                f' "format": "{FORMAT}")'
            )
        try:
            puzzles.append(_build(Puzzle, obj))
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise PuzzleFileError(f"line {number}: a puzzle {_why(exc)}") from None
    return puzzles


def _lines(text: str) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            yield number, line


def _why(exc: Exception) -> str:
    if isinstance(exc, KeyError):
        return f"without its {exc.args[0]!r}"
    return f"with a wrong value: {exc}"


_NESTED: Final[dict[str, type]] = {
    "builds": BuildSeen,
    "piles": PileSeen,
    "choices": Choice,
    "line": LineMove,
}


def _build(kind: type[_T], obj: dict[str, Any]) -> _T:
    """A dataclass of ``kind`` from its JSON object, every field checked."""
    if not isinstance(obj, dict):
        raise TypeError(f"{kind.__name__} is not an object")
    values: dict[str, Any] = {}
    for f in fields(kind):  # type: ignore[arg-type]
        if f.name not in obj:
            if f.name == "format":
                continue
            raise KeyError(f.name)
        value = obj[f.name]
        nested = _NESTED.get(f.name)
        if nested is not None:
            if not isinstance(value, list):
                raise TypeError(f"{f.name} is not a list")
            value = tuple(_build(nested, item) for item in value)
        elif isinstance(value, list):
            value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
        values[f.name] = value
    made = kind(**values)
    if isinstance(made, Puzzle):
        _check(made)
    return made


def _check(puzzle: Puzzle) -> None:
    if not 0 <= puzzle.best < len(puzzle.choices):
        raise ValueError(f"best {puzzle.best} is not one of its moves")
    if not 0 <= puzzle.played < len(puzzle.choices):
        raise ValueError(f"played {puzzle.played} is not one of its moves")
    if not 0 <= puzzle.seat < len(puzzle.players):
        raise ValueError(f"seat {puzzle.seat} is not one of its players")
