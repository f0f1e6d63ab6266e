"""What reading noticed about a record's text: where each element was, how cards were typed.

A record keeps cards in canonical spelling, and a JSON pointer names a place
in the record, not in its file. :class:`ReadNotes` keeps what the reader saw
so that a finding about the record can be told in the reader's terms: in a
``.txt`` record every finding is placed by line and column, and a card read
leniently is echoed as typed (``11H (read as JH)``).

>>> notes = ReadNotes(places={"/deals/0/rounds/0/moves/2": (12, 1)})
>>> notes.typed["/deals/0/rounds/0/moves/2/card"] = ("11H", "JH")
>>> notes.place("/deals/0/rounds/0/moves/2/card")
'line 12, column 1'
>>> notes.echo("/deals/0/rounds/0/moves/2", "Ben (seat 1) plays JH")
'Ben (seat 1) plays 11H (read as JH)'
>>> notes.echo("/deals/0/rounds/0/moves/2", "Ben (seat 1) plays J♥")
'Ben (seat 1) plays 11H (read as J♥)'
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Final

from ...engine.cards import parse_card
from .pointer import pointer

__all__ = ["LENIENT_CARDS", "ReadNotes", "typed_cards"]

LENIENT_CARDS: Final[ContextVar[bool]] = ContextVar("lenient_cards", default=False)
"""Set by the card validator when it reads a card not in canonical spelling."""

_CARD_LISTS: Final = ("table", "deck", "take", "onto")


@dataclass(slots=True)
class ReadNotes:
    """Where the elements of a record were written, and the cards typed otherwise."""

    places: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Line and column of each element by JSON pointer (text notation only)."""
    typed: dict[str, tuple[str, str]] = field(default_factory=dict)
    """For each card read leniently, by pointer: as typed, and as read."""

    def place(self, loc: str) -> str:
        """``line L, column C`` of ``loc`` (or of its nearest written parent); ``""``."""
        if not self.places:
            return ""
        while loc not in self.places and loc:
            loc = loc.rsplit("/", 1)[0]
        if loc not in self.places:
            return ""
        line, column = self.places[loc]
        return f"line {line}, column {column}"

    def echo(self, loc: str, text: str) -> str:
        """``text`` with the first card typed leniently at or under ``loc`` as typed.

        The card is found in ``text`` in either spelling (``JH`` or ``J♥``),
        and the words that follow keep the spelling ``text`` used.
        """
        for where, (typed, canonical) in self.typed.items():
            if where == loc or where.startswith(loc + "/"):
                for spelt in (canonical, _pretty(canonical)):
                    pattern = rf"(?<![\w?]){re.escape(spelt)}(?![\w])"
                    echoed = f"{typed} (read as {spelt})"
                    text, count = re.subn(pattern, echoed, text, count=1)
                    if count:
                        return text
        return text


def _pretty(canonical: str) -> str:
    """A canonical card with its suit symbol (``JH`` as ``J♥``)."""
    try:
        return parse_card(canonical).pretty
    except ValueError:
        return canonical


def typed_cards(obj: Any) -> Iterator[tuple[str, str]]:
    """``(pointer, as typed)`` of every card string of a record's JSON data.

    The caller keeps those whose canonical spelling differs.
    """
    if not isinstance(obj, dict):
        return
    for d, deal in enumerate(_items(obj.get("deals"))):
        if not isinstance(deal, dict):
            continue
        yield from _cards(deal, ("deals", d))
        for r, round_ in enumerate(_items(deal.get("rounds"))):
            if not isinstance(round_, dict):
                continue
            for seat, hand in enumerate(_items(round_.get("hands"))):
                for k, card in enumerate(_items(hand)):
                    if isinstance(card, str):
                        loc = pointer("deals", d, "rounds", r, "hands", seat, k)
                        yield loc, card
            for m, move in enumerate(_items(round_.get("moves"))):
                if isinstance(move, dict):
                    at = ("deals", d, "rounds", r, "moves", m)
                    if isinstance(move.get("card"), str):
                        yield pointer(*at, "card"), move["card"]
                    yield from _cards(move, at)


def _cards(
    node: dict[str, Any], at: tuple[str | int, ...]
) -> Iterator[tuple[str, str]]:
    for key in _CARD_LISTS:
        for i, card in enumerate(_items(node.get(key))):
            if isinstance(card, str):
                yield pointer(*at, key, i), card


def _items(value: object) -> list[Any]:
    return value if isinstance(value, list) else []
