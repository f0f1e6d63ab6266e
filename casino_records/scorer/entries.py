"""What a person enters at the scorer, read: cards, hands, build labels.

Each reader raises :class:`~casino_records.errors.EntryError` naming where the
entry is and why it cannot be taken, with the rule where one applies.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..engine.cards import Card, parse_card
from ..engine.seating import HAND_SIZE
from ..errors import CardError, EntryError
from .live import LiveDeal

__all__ = ["entered_cards", "entered_hands", "with_build_cards"]


def entered_cards(cards: Sequence[str], where: str) -> list[Card]:
    """``cards`` as entered, read: each once.

    :raises EntryError: a card that does not read, or one given twice.
    """
    parsed: list[Card] = []
    for text in cards:
        try:
            card = parse_card(text)
        except CardError as exc:
            raise EntryError(exc.message, where=where) from None
        if card in parsed:
            raise EntryError(f"R1.1 {card} is given twice", where=where, rule="R1.1")
        parsed.append(card)
    return parsed


_BUILD_LABEL = re.compile(r"(?<![^\s,])B(\d+)(?![^\s,])", re.IGNORECASE)


def with_build_cards(text: str, live: LiveDeal, where: str) -> str:
    """``text`` with each build label on the table (``B1``) spelt as its cards.

    :raises EntryError: a label no build on the table has.
    """
    builds = {b.label.upper(): b for b in live.state.builds}

    def cards(found: re.Match[str]) -> str:
        build = builds.get(found.group(0).upper())
        if build is None:
            shown = ", ".join(builds) or "none"
            raise EntryError(
                f"there is no build {found.group(0).upper()} on the table"
                f" (builds: {shown})",
                where=where,
            )
        return " ".join(str(card) for card in build.cards)

    body, brace, rest = text.partition("{")  # never inside a comment
    return _BUILD_LABEL.sub(cards, body) + brace + rest


def entered_hands(
    hands: Sequence[Sequence[str]], seen: set[Card], where: str
) -> list[list[Card]]:
    """Every seat's hand as entered, read into cards: 4 a seat, none of them
    ``seen`` (dealt or played already) or given twice.

    :raises EntryError: a card that does not read, a hand not of 4, a card
        dealt twice.
    """
    seen = set(seen)
    parsed: list[list[Card]] = []
    for seat, hand in enumerate(hands):
        cards = entered_cards(hand, f"{where} of seat {seat}")
        if len(cards) != HAND_SIZE:
            raise EntryError(
                f"R3.1 seat {seat} gets 4 cards, not {len(cards)}",
                where=where,
                rule="R3.1",
            )
        for card in cards:
            if card in seen:
                raise EntryError(
                    f"R1.1 {card} is dealt twice in this deal",
                    where=f"{where} of seat {seat}",
                    rule="R1.1",
                )
            seen.add(card)
        parsed.append(cards)
    return parsed
