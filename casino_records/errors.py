"""The exception hierarchy. Every error is a ``ValueError`` and may carry a location.

``loc`` is a JSON pointer into the record (``/deals/0/rounds/2/moves/3``) when the
error concerns a record; ``where`` says the same in words ("deal 1, round 3, move
4: Ben (seat 1) plays 7H"). ``rule`` is the id of the rule broken (docs/rules.md), if any.
"""

from __future__ import annotations

__all__ = [
    "CardError",
    "CasinoRecordError",
    "IllegalMoveError",
    "RecordFormatError",
    "RulesError",
    "ScoreMismatchError",
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
        legal: tuple[object, ...] = (),
    ) -> None:
        super().__init__(message, loc=loc, where=where, rule=rule)
        self.legal = legal
        """The legal moves of the position, when known."""


class ScoreMismatchError(CasinoRecordError):
    """A claimed score that differs from the one computed by replaying the record."""
