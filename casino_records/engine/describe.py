"""Moves and steps in words, for reports, the terminal and the viewer.

>>> from casino_records.engine.cards import parse_card, parse_cards
>>> from casino_records.engine.moves import Move
>>> move_text(Move.build(1, parse_card("3C"), parse_cards("2H 3D"), 8))
'3♣ builds 8 onto 2♥ 3♦'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import Card
from .masks import cards_of
from .moves import Action, Build, Move, MoveKind, Step

__all__ = [
    "build_text",
    "cards_text",
    "move_text",
    "side_names",
    "step_text",
]


def cards_text(cards: Iterable[Card] | int, pretty: bool = True) -> str:
    """Cards (or a card mask) in pack order, separated by spaces (``10♦ A♠`` or ``10D AS``).

    >>> cards_text(0b11, pretty=False)
    'AS 2S'
    """
    ordered = cards_of(cards) if isinstance(cards, int) else sorted(cards)
    return " ".join(c.pretty if pretty else str(c) for c in ordered)


def move_text(move: Move, pretty: bool = True) -> str:
    """A move without its player: ``9♦ takes 4♠ 5♦``."""
    card = move.card.pretty if pretty else str(move.card)
    table = cards_text(move.cards, pretty)
    if move.action is Action.TRAIL:
        return f"{card} trails"
    if move.action is Action.CAPTURE:
        value = (
            f" as {move.value}" if move.value is not None and move.card.is_ace else ""
        )
        return f"{card} takes {table}{value}"
    return f"{card} builds {move.value} onto {table}"


def build_text(build: Build, names: Sequence[str]) -> str:
    """A build in words: ``B1 (8, single, Ana's)``."""
    kind = "single" if build.is_single else "multiple"
    return f"{build.label} ({build.value}, {kind}, {names[build.owner]}'s)"


def _groups(groups: Sequence[Sequence[Card]]) -> str:
    return " + ".join("[" + " ".join(c.pretty for c in g) + "]" for g in groups)


def step_text(step: Step, names: Sequence[str]) -> str:
    """What a step did, in a sentence a club player reads at a glance.

    ``Ben plays 3♣ onto B1 (the 5-build), announcing 8: increases Ana's build;
    Ben now owns it.``
    """
    move = step.move
    who = names[move.seat]
    card = move.card.pretty
    if step.kind is MoveKind.TRAIL:
        return f"{who} trails {card}."
    if step.kind is MoveKind.CAPTURE:
        value = f" as {step.value}" if move.card.is_ace and step.value else ""
        text = f"{who} plays {card}{value} and takes {_groups(step.groups)}"
        if step.builds_taken:
            labels = ", ".join(b.label for b in step.builds_taken)
            text += f" (including {labels})"
        return text + (": a sweep!" if step.sweep else ".")
    build = step.build
    assert build is not None
    kind = "single" if build.is_single else "multiple"
    if step.kind is MoveKind.CREATE:
        onto = cards_text(move.cards)
        return (
            f"{who} plays {card} onto {onto}, announcing {build.value}: creates"
            f" {build.label}, a {kind} build of {build.value}; {who} owns it."
        )
    previous = step.previous
    assert previous is not None
    owner = names[previous.owner]
    whose = "own" if previous.owner == move.seat else f"{owner}'s"
    if step.kind is MoveKind.EXTEND:
        verb = f"extends {whose} {previous.label}, still worth {build.value} ({kind})"
    else:
        verb = f"increases {whose} build {previous.label} from {previous.value}"
    text = (
        f"{who} plays {card} onto {previous.label} (the {previous.value}-build),"
        f" announcing {build.value}: {verb}"
    )
    if previous.owner != move.seat:
        return text + f"; {who} now owns it."
    return text + "."


def side_names(names: Sequence[str], side_of: Sequence[int]) -> list[str]:
    """Each side's name: the player, or partners joined with ``&``.

    >>> side_names(["Ana", "Ben", "Caio", "Dee"], [0, 1, 0, 1])
    ['Ana & Caio', 'Ben & Dee']
    """
    sides = max(side_of) + 1
    return [
        " & ".join(n for n, s in zip(names, side_of, strict=True) if s == side)
        for side in range(sides)
    ]
