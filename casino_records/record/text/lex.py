"""Tokens and escapes of the text notation, shared by its writer and reader.

Internal to :mod:`casino_records.record.text.notation`: a line is cut into words,
quoted strings, brace comments and punctuation, each with its line and column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from ...errors import TextSyntaxError
from ..format.fields import GLYPHS

__all__ = [
    "GLYPHS",
    "Token",
    "clip",
    "comment",
    "quote",
    "tokenize",
]

_DELIMITERS: Final = '"{}[]()/'
_GLYPH_SUFFIX: Final = re.compile(r"(.*[^!?])([!?]+)")
_UNICODE_ESCAPE: Final = re.compile(r"u\{([0-9A-Fa-f]{1,6})\}")
_ESCAPES: Final = {
    "\\": "\\",
    '"': '"',
    "{": "{",
    "}": "}",
    "n": "\n",
    "r": "\r",
    "t": "\t",
}
# Characters written as escapes: the delimiter and backslash, every control,
# line-separator and bidirectional-control character, the BOM and surrogates.
_INVISIBLE: Final = (
    "\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff\ud800-\udfff"
)
_STRING_SPECIAL: Final = re.compile(f'[\\\\"{_INVISIBLE}]')
_COMMENT_SPECIAL: Final = re.compile(f"[\\\\}}{_INVISIBLE}]")
_NAMED_ESCAPES: Final = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def quote(text: str) -> str:
    r"""Return ``text`` as a quoted string of the text notation.

    >>> print(quote('say "hi"\n'))
    "say \"hi\"\n"
    """
    return '"' + _STRING_SPECIAL.sub(_escape_match, text) + '"'


def comment(text: str) -> str:
    r"""Return ``text`` as a brace comment of the text notation.

    >>> print(comment("a {b} \\ c\nd"))
    {a {b\} \\ c\nd}
    """
    return "{" + _COMMENT_SPECIAL.sub(_escape_match, text) + "}"


def _escape_match(match: re.Match[str]) -> str:
    char = match.group()
    if char in _NAMED_ESCAPES:
        return _NAMED_ESCAPES[char]
    if char in '\\"}':
        return "\\" + char
    return f"\\u{{{ord(char):x}}}"


@dataclass(frozen=True, slots=True)
class Token:
    """One token of a line, with the place where it starts."""

    kind: str  # "word", "string", "comment" or "punct"
    text: str  # a string's or comment's decoded content
    line: int
    col: int

    def shown(self) -> str:
        """Describe the token for an error message ("found ...")."""
        if self.kind == "string":
            return f"the string {clip(self.text)!r}"
        if self.kind == "comment":
            return "a comment"
        return repr(clip(self.text))


def clip(text: str) -> str:
    """Shorten ``text`` to at most 30 characters for a message."""
    return text if len(text) <= 30 else text[:27] + "..."


def tokenize(text: str, line: int, *, body: bool) -> list[Token]:
    """Cut one line into tokens.

    :param text: the line, without its line end.
    :param line: its number, for the tokens' places.
    :param body: a body line: ``/`` is punctuation, and trailing ``!``/``?``
        are split off words as glyphs. In a tag line ``/`` is part of words.
    :raises TextSyntaxError: an unterminated string or comment, a bad escape.
    """
    delimiters = _DELIMITERS if body else _DELIMITERS.replace("/", "")
    tokens: list[Token] = []
    i, n = 0, len(text)
    while i < n:
        char = text[i]
        if char.isspace():
            i += 1
        elif char in '"{':
            value, end = _quoted(text, i, line)
            kind = "string" if char == '"' else "comment"
            tokens.append(Token(kind, value, line, i + 1))
            i = end
        elif char in delimiters:
            tokens.append(Token("punct", char, line, i + 1))
            i += 1
        else:
            j = i
            while j < n and not text[j].isspace() and text[j] not in delimiters:
                j += 1
            word = text[i:j]
            match = _GLYPH_SUFFIX.fullmatch(word) if body else None
            if match:
                tokens.append(Token("word", match[1], line, i + 1))
                tokens.append(Token("word", match[2], line, i + 1 + len(match[1])))
            else:
                tokens.append(Token("word", word, line, i + 1))
            i = j
    return tokens


def _quoted(text: str, start: int, line: int) -> tuple[str, int]:
    """Decode the string or comment opening at ``start``; return it and its end."""
    close = '"' if text[start] == '"' else "}"
    out: list[str] = []
    i, n = start + 1, len(text)
    while i < n:
        char = text[i]
        if char == close:
            return "".join(out), i + 1
        if char != "\\":
            out.append(char)
            i += 1
            continue
        escape = text[i + 1 : i + 2]
        if escape in _ESCAPES:
            out.append(_ESCAPES[escape])
            i += 2
            continue
        match = _UNICODE_ESCAPE.match(text, i + 1)
        if escape == "u" and match and int(match[1], 16) <= 0x10FFFF:
            out.append(chr(int(match[1], 16)))
            i = match.end()
            continue
        backslash = "\\"
        message = (
            f"unknown escape {backslash + escape!r}"
            if escape
            else "lone '\\' at the end of the line"
        )
        raise TextSyntaxError(line, i + 1, message)
    what = "string" if close == '"' else "comment"
    raise TextSyntaxError(
        line, start + 1, f"unterminated {what}: no closing {close!r} on this line"
    )
