"""The bookkeeping of the text notation's reader: the record built so far, and where.

Internal to :mod:`casino_records.record.text.parse`, shared by its tag section
(:mod:`casino_records.record.text.tags`) and body (:mod:`casino_records.record.text.body`) readers.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any

from ...errors import TextSyntaxError
from ..format.pointer import Part, pointer
from .lex import Token

__all__ = ["ParserState", "did_you_mean"]


def did_you_mean(typed: str, names: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``names`` that is not ``typed``."""
    others = [name for name in names if name.lower() != typed.lower()]
    close = difflib.get_close_matches(typed, others, n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


class ParserState:
    """The JSON object of one game as far as it is read, and where each part was."""

    def __init__(self, first_line: int) -> None:
        self.obj: dict[str, Any] = {}
        self.pos: dict[str, tuple[int, int]] = {"": (first_line, 1)}
        self.typed: dict[str, tuple[str, str]] = {}
        self.first_line = first_line
        self.last_line = first_line
        self.seen: dict[str, int] = {}
        self.in_body = False
        self.deals: list[dict[str, Any]] = []
        self.round: dict[str, Any] | None = None
        self.claimed: dict[str, Any] | None = None
        self.lines: list[Any] = []
        """The lines in parentheses open, innermost last (``body._Line``)."""

    def note(self, token: Token, *parts: Part) -> None:
        """Note where the element at ``parts`` was written (its first mention)."""
        self.pos.setdefault(pointer(*parts), (token.line, token.col))

    def note_card(self, token: Token, card: str, *parts: Part) -> None:
        """Note where a card was written and, if typed otherwise, how."""
        self.note(token, *parts)
        if token.text != card:
            self.typed[pointer(*parts)] = (token.text, card)

    def once(self, key: str, token: Token, what: str) -> None:
        """Refuse ``what`` a second time (``key`` names it among the once-only)."""
        if key in self.seen:
            raise TextSyntaxError(
                token.line,
                token.col,
                f"{what} is given twice (first at line {self.seen[key]})",
            )
        self.seen[key] = token.line
