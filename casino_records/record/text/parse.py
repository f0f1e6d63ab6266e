"""The reader of the text notation: lines of one game to a :class:`GameRecord`.

Use :func:`casino_records.record.text.notation.read_text`; this module is its engine
room, with the tag section in :mod:`casino_records.record.text.tags` and the body in :mod:`casino_records.record.text.body`. Reading has two stages. The parser checks the syntax line by line and
builds the JSON object of the record, remembering where each element was
written; the model then checks the structure, and each of its errors is mapped
back to the line and column of the element it names.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Final

from pydantic import TypeAdapter, ValidationError

from ...errors import InvalidRecordError, RecordFormatError, TextSyntaxError
from ..format.messages import validation_errors
from ..format.models import FORMAT, GameRecord, MoveRecord
from ..format.pointer import deal_at, pointer
from ..format.readnotes import ReadNotes
from .body import KEYWORDS, BodyLines
from .cursor import MOVE_NUMBER, SEAT, TEXT_CARD_PATTERN, Cursor
from .lex import Token, tokenize
from .tags import TagSection

__all__ = ["TEXT_CARD_PATTERN", "parse_game", "parse_move"]

_FIRST_AT: Final = re.compile(r"first at (/[^\s)]*)")


def parse_game(
    lines: Iterable[str], *, first_line: int, notes: ReadNotes | None = None
) -> GameRecord:
    """Read the lines of one game (without their line ends).

    :param lines: the game's lines, tag section first.
    :param first_line: the number of the first line, for error messages.
    :param notes: filled with the line and column of every element, and the
        cards typed in another spelling than the canonical one.
    :raises InvalidRecordError: a syntax error, or every structural error of
        the record; messages and ``where`` give the line and column.
    """
    parser = _Parser(first_line)
    try:
        for number, text in enumerate(lines, first_line):
            parser.line(number, text)
        obj = parser.finish()
    except TextSyntaxError as stop:
        raise InvalidRecordError([stop]) from None
    try:
        record = GameRecord.model_validate(obj)
    except ValidationError as exc:
        errors = validation_errors(exc, obj)
        raise InvalidRecordError(parser.locate(e) for e in errors) from None
    if notes is not None:
        notes.places.update(parser.pos)
        notes.typed.update(parser.typed)
    return record


_MOVE_ADAPTER: Final[TypeAdapter[MoveRecord]] = TypeAdapter(MoveRecord)


def parse_move(text: str, *, seat: int) -> MoveRecord:
    """Read one move written in the move syntax of a game's move lines.

    The seat (``S1``) and the move number (``12.``) may be left out: without a
    seat, the move is ``seat``'s.

    >>> parse_move("9d x 4s 5D ! {clears two}", seat=0).model_dump(exclude_none=True)
    {'seat': 0, 'card': '9D', 'action': 'capture', 'take': ('4S', '5D'), 'comment': 'clears two', 'glyph': '!'}
    >>> parse_move("S1 KH -", seat=0).seat
    1

    :raises RecordFormatError: where (``column N``) and why.
    """
    try:
        tokens = tokenize(text, 1, body=True)
        if tokens and MOVE_NUMBER.fullmatch(tokens[0].text):
            tokens = tokens[1:]
        if not tokens:
            raise TextSyntaxError(
                1, len(text) + 1, "expected a move such as 9D x 4S 5D"
            )
        if not SEAT.fullmatch(tokens[0].text):
            tokens.insert(0, Token("word", f"S{seat}", 1, tokens[0].col))
        parser = _Parser(1)
        parser.deals = [{"rounds": [{}]}]
        moves: list[dict[str, Any]] = []
        parser.round = {"moves": moves}
        parser.move_line(Cursor(tokens, 1, len(text)), tokens[0])
        return _MOVE_ADAPTER.validate_python(moves[0])
    except TextSyntaxError as exc:
        raise RecordFormatError(exc.message.removeprefix("line 1, ")) from None
    except ValidationError as exc:
        error = validation_errors(exc, moves[0])[0]
        field = error.loc.lstrip("/").replace("/", ".")
        message = f"{field}: {error.message}" if field else error.message
        raise RecordFormatError(message) from None


class _Parser(TagSection, BodyLines):
    """Builds the JSON object of one game, line by line, noting positions."""

    def where(self, pointer: str) -> str:
        while pointer not in self.pos:
            pointer = pointer.rsplit("/", 1)[0]
        line, col = self.pos[pointer]
        return f"line {line}, column {col}"

    def locate(self, error: RecordFormatError) -> RecordFormatError:
        where = self.where(error.loc)
        deal = deal_at(error.loc)
        # the model's pointers are relative to a deal
        base = "" if deal is None else pointer("deals", deal)
        message = _FIRST_AT.sub(
            lambda m: "first at " + self.where(base + m[1]), error.message
        )
        return RecordFormatError(f"{where}: {message}", loc=error.loc, where=where)

    # Lines.

    def line(self, number: int, text: str) -> None:
        stripped = text.strip()
        if not stripped:
            return
        self.last_line = number
        tokens = tokenize(text, number, body=not stripped.startswith("["))
        cursor = Cursor(tokens, number, len(text))
        if stripped.startswith("["):
            if self.in_body:
                cursor.fail(
                    KEYWORDS + " (tags come before the body; read several games"
                    " with read_text_archive)"
                )
            self.tag(cursor)
        else:
            self.in_body = True
            self.body(cursor)

    def finish(self) -> dict[str, Any]:
        at = (self.first_line, 1)
        if "format" not in self.obj:
            raise TextSyntaxError(*at, f'missing tag [Format "{FORMAT}"]')
        if "preset" not in self.obj.get("rules", {}):
            raise TextSyntaxError(
                *at, "missing tag [Preset ...] (classic, royal or dominican)"
            )
        if "players" not in self.obj:
            raise TextSyntaxError(
                *at, 'missing tags [Player 0 "..."], [Player 1 "..."]...'
            )
        if not self.deals:
            raise TextSyntaxError(
                self.last_line + 1, 1, "expected a Deal line, found the end of the game"
            )
        if self.lines:
            self.unclosed(None)
        self.obj["deals"] = self.deals
        return self.obj
