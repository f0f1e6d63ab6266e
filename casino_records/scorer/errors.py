"""The scorer's one error: an entry it cannot accept, saying where and why."""

from __future__ import annotations

from ..errors import CasinoRecordError

__all__ = ["EntryError"]


class EntryError(CasinoRecordError):
    """An entry the scorer refuses: a card already seen, a move out of turn,
    an illegal move, a step taken in the wrong phase.

    ``rule`` names the RULES.md rule when one decides it; ``where`` says which
    deal, round and move the entry was meant for; ``legal`` lists, for an
    illegal move, the legal moves of the card played.
    """

    def __init__(
        self,
        message: str,
        *,
        loc: str = "",
        where: str = "",
        rule: str = "",
        legal: tuple[str, ...] = (),
    ) -> None:
        super().__init__(message, loc=loc, where=where, rule=rule)
        self.legal = legal
        """The legal moves of the card played, in words."""
