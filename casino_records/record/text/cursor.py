"""The cursor of the text notation's reader: one line's tokens, read left to right.

Internal to :mod:`casino_records.record.text.parse`. Each method reads one
element of the grammar or raises a :class:`TextSyntaxError` that says what was
expected and what was found, at its line and column.
"""

from __future__ import annotations

import re
from typing import Final, NoReturn

from ...engine.cards import SUIT_SPELLINGS, UNKNOWN_CARD, parse_card
from ...errors import TextSyntaxError
from .lex import Token

__all__ = [
    "BUILD",
    "CAPTURE",
    "INT",
    "MOVE_NUMBER",
    "SEAT",
    "TEXT_CARD_PATTERN",
    "Cursor",
]

_SUITS: Final = "".join(sorted({*SUIT_SPELLINGS, *(s.lower() for s in SUIT_SPELLINGS)}))
TEXT_CARD_PATTERN: Final = r"(?:10|1[1-3]|[1-9AJQKTajqkt])[" + _SUITS + "]"
"""A card in the text notation: rank first, then suit, in either case."""

_CARD: Final = re.compile(TEXT_CARD_PATTERN)
INT: Final = re.compile(r"-?[0-9]{1,4300}")
SEAT: Final = re.compile(r"[Ss]([0-9]{1,4300})")
MOVE_NUMBER: Final = re.compile(r"([0-9]{1,4300})\.")
CAPTURE: Final = re.compile(r"[xX]([0-9]{1,4300})?")
BUILD: Final = re.compile(r"\+([0-9]{1,4300})")


class Cursor:
    """The tokens of one line, read from left to right; every ``expected`` names
    what the grammar wants there, for the syntax error."""

    def __init__(self, tokens: list[Token], line: int, length: int) -> None:
        self.tokens = tokens
        self.i = 0
        self.line = line
        self.end_col = length + 1

    def peek(self) -> Token | None:
        """The next token, not taken; ``None`` at the end of the line."""
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def next(self, expected: str) -> Token:
        """Take the next token, whatever it is."""
        token = self.peek()
        if token is None:
            self.fail(expected)
        self.i += 1
        return token

    def fail(self, expected: str, token: Token | None = None) -> NoReturn:
        """Stop: ``expected`` was wanted at ``token`` (the next one by default)."""
        token = token if token is not None else self.peek()
        if token is None:
            raise TextSyntaxError(
                self.line, self.end_col, f"expected {expected}, found end of line"
            )
        raise TextSyntaxError(
            token.line, token.col, f"expected {expected}, found {token.shown()}"
        )

    def word(
        self, expected: str, pattern: re.Pattern[str]
    ) -> tuple[Token, re.Match[str]]:
        """Take a word that ``pattern`` matches whole."""
        token = self.next(expected)
        match = pattern.fullmatch(token.text) if token.kind == "word" else None
        if match is None:
            self.fail(expected, token)
        return token, match

    def integer(self, expected: str) -> tuple[Token, int]:
        """Take a whole number."""
        token, match = self.word(expected, INT)
        return token, int(match[0])

    def seat(self) -> tuple[Token, int]:
        """Take a seat, ``S0`` to ``S3``."""
        token, match = self.word("a seat such as 'S0'", SEAT)
        return token, int(match[1])

    def card(self, *, unknown_ok: bool = False) -> tuple[Token, str]:
        """Take a card (``??`` too when ``unknown_ok``); return it in canonical spelling."""
        token = self.next("a card")
        if unknown_ok and token.text == UNKNOWN_CARD and token.kind == "word":
            return token, UNKNOWN_CARD
        if token.kind != "word" or not _CARD.fullmatch(token.text):
            self.fail("a card", token)
        return token, str(parse_card(token.text))

    def text(self, expected: str) -> tuple[Token, str]:
        """Take a quoted string or a bare word."""
        token = self.next(expected)
        if token.kind not in ("string", "word"):
            self.fail(expected, token)
        return token, token.text

    def keyword(self, name: str) -> None:
        """Take the word ``name``, in any case."""
        token = self.next(repr(name))
        if token.kind != "word" or token.text.lower() != name:
            self.fail(repr(name), token)

    def punct(self, char: str) -> None:
        """Take the punctuation ``char``."""
        token = self.next(repr(char))
        if token.kind != "punct" or token.text != char:
            self.fail(repr(char), token)

    def comment(self) -> str | None:
        """Take a brace comment if one is next."""
        token = self.peek()
        if token is None or token.kind != "comment":
            return None
        self.i += 1
        return token.text

    def end(self, after: str = "") -> None:
        """Require the end of the line."""
        if self.peek() is not None:
            self.fail("end of line" + (f" after {after}" if after else ""))
