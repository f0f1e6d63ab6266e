"""The exception hierarchy. Every error is a ``ValueError`` and may carry a location.

``loc`` is a JSON pointer into the record (``/deals/0/rounds/2/moves/3``) when the
error concerns a record; ``where`` says the same in words ("deal 1, round 3, move
4: Ben (seat 1) plays 7H"). ``rule`` is the id of the rule broken (docs/rules.md), if any.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = [
    "CardError",
    "CasinoRecordError",
    "EntryError",
    "IllegalMoveError",
    "InvalidRecordError",
    "RecordFormatError",
    "RecordTooLargeError",
    "RulesError",
    "ScoreMismatchError",
    "TextSyntaxError",
    "UncorrectableError",
]


class CasinoRecordError(ValueError):
    """The root of every error this library raises on purpose."""

    def __init__(
        self,
        message: str,
        *,
        loc: str = "",
        where: str = "",
        rule: str = "",
        legal: tuple[str, ...] = (),
        said: object = None,
        said_where: object = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        """The bare message, without location."""
        self.loc = loc
        """JSON pointer of the offending place in a record, or ``""``."""
        self.where = where
        """The same place in words, or ``""``."""
        self.rule = rule
        """The id of the rule broken (``R5.1``, ``G1`` …; docs/rules.md), or ``""``."""
        self.legal = legal
        """For a move refused: the legal moves there, in words, when known."""
        self.said = said
        """The bare message kept to be said in any language (a
        :class:`casino_records.i18n.Said`), where the raiser words it so; else
        ``None`` (the message is English only)."""
        self.said_where = said_where
        """:attr:`where` kept the same way."""

    def __str__(self) -> str:
        parts = [self.message]
        if self.where:
            parts.append(f"at {self.where}")
        if self.loc:
            parts.append(f"({self.loc})")
        return " ".join(parts)


class CardError(CasinoRecordError):
    """A card spelling that is not a card."""


class RulesError(CasinoRecordError):
    """An unknown preset, an unknown rules option or a bad option value."""


class RecordFormatError(CasinoRecordError):
    """A record that cannot be read: bad JSON, schema violation, impossible deal."""


class InvalidRecordError(RecordFormatError):
    """A record with one or more format errors; all of them are in :attr:`errors`.

    ``message``, ``loc`` and ``where`` are those of the first error.

    >>> error = InvalidRecordError([RecordFormatError("bad", loc="/id", where="field id"),
    ...     RecordFormatError("worse")])
    >>> str(error)
    'bad at field id (/id) (and 1 more error)'
    """

    def __init__(self, errors: Iterable[RecordFormatError]) -> None:
        self.errors: tuple[RecordFormatError, ...] = tuple(errors)
        """Every error found, in document order (at least one)."""
        first = self.errors[0]
        super().__init__(first.message, loc=first.loc, where=first.where)

    def __str__(self) -> str:
        more = len(self.errors) - 1
        suffix = f" (and {more} more error{'s' * (more > 1)})" if more else ""
        return super().__str__() + suffix


class RecordTooLargeError(RecordFormatError):
    """A record whose canonical form is larger than the readers accept, so not written."""


class TextSyntaxError(RecordFormatError):
    """A syntax error in the text notation: reading stops at this line and column.

    >>> error = TextSyntaxError(3, 7, "expected a card, found 'X'")
    >>> error.message, error.where
    ("line 3, column 7: expected a card, found 'X'", 'line 3, column 7')
    """

    def __init__(self, line: int, col: int, message: str) -> None:
        where = f"line {line}, column {col}"
        super().__init__(f"{where}: {message}", where=where)
        self.line = line
        """The line where reading stopped, from 1."""
        self.col = col
        """The column, from 1."""


class UncorrectableError(CasinoRecordError):
    """A record whose computed scores are unknown, because it has errors."""


class IllegalMoveError(CasinoRecordError):
    """A move the rules do not allow in the position where it was played.

    ``rule`` names the rule broken; ``legal`` lists the legal moves there when the
    raiser knew them.
    """

    def __init__(
        self,
        message: str,
        *,
        rule: str,
        loc: str = "",
        where: str = "",
        said: object = None,
    ) -> None:
        super().__init__(message, loc=loc, where=where, rule=rule, said=said)


class ScoreMismatchError(CasinoRecordError):
    """A claimed score that differs from the one computed by replaying the record."""


class EntryError(CasinoRecordError):
    """An entry the scorer refuses: a card already seen, a move out of turn,
    an illegal move, a step taken in the wrong phase.

    ``rule`` names the rule when one decides it; ``where`` says which deal,
    round and move the entry was meant for; ``legal`` lists, for an illegal
    move, the legal moves of the card played.
    """
