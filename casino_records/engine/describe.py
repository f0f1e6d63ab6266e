"""Moves and steps in words, for reports, the terminal and the viewer.

>>> from casino_records.engine.cards import parse_card, parse_cards
>>> from casino_records.engine.moves import Move
>>> move_text(Move.build(1, parse_card("3C"), parse_cards("2H 3D"), 8))
'3♣ builds 8 onto 2♥ 3♦'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

from ..i18n import ENGLISH, Said, Seat, Translator, said
from .cards import Card, parse_card
from .masks import cards_of
from .moves import Action, Build, Move, MoveKind, Step

__all__ = [
    "agreeing",
    "build_phrase",
    "build_said",
    "either",
    "build_words",
    "build_text",
    "cards_text",
    "cited",
    "in_names",
    "in_words",
    "move_phrase",
    "move_said",
    "move_text",
    "plural",
    "result_text",
    "side_names",
    "step_text",
    "totals_text",
    "wins",
]

_PLURAL_VERBS: Final = {"has": "have", "is": "are", "takes": "take", "wins": "win"}
_SIDE: Final = re.compile(r"\bside (\d+)\b( (?:has|is|takes|wins)\b)?")
_SEAT: Final = re.compile(r"\bseat (\d+)\b")
_CARD: Final = re.compile(r"(?<![\w?])(?:10|[2-9AJQK])[SHDC](?!\w)")
_PRETTY: Final = re.compile(r"(?<![\w?])(?:10|[2-9AJQK])[♠♥♦♣]")
_RULE_ID: Final = re.compile(r"^[A-Z]+\d+(?:\.\d+)? ")


def cards_text(cards: Iterable[Card] | int, pretty: bool = True) -> str:
    """Cards (or a card mask) in pack order, separated by spaces (``10♦ A♠`` or ``10D AS``).

    >>> cards_text(0b11, pretty=False)
    'AS 2S'
    """
    ordered = cards_of(cards) if isinstance(cards, int) else sorted(cards)
    return " ".join(c.pretty if pretty else str(c) for c in ordered)


def move_said(move: Move, pretty: bool = True) -> Said:
    """A move without its player, to be said in any language (:func:`move_text`)."""
    card = move.card.pretty if pretty else str(move.card)
    ace_as = move.action is Action.CAPTURE and move.card.is_ace
    value = move.value if ace_as or move.action is Action.BUILD else None
    return move_phrase(move.action, card, cards_text(move.cards, pretty), value)


def move_phrase(action: Action, card: str, cards: str, value: object = None) -> Said:
    """The one wording of a move from its parts: the card played, what it does,
    the cards it takes or builds onto (as the caller writes them) and the value
    (an ace's in a capture, ``as 14``; a build's); to be said in any language."""
    if action is Action.TRAIL:
        return said.gettext("{card} trails").format(card=card)
    if action is Action.CAPTURE:
        if value is not None:
            return said.gettext("{card} takes {cards} as {n}").format(
                card=card, cards=cards, n=value
            )
        return said.gettext("{card} takes {cards}").format(card=card, cards=cards)
    return said.gettext("{card} builds {n} onto {cards}").format(
        card=card, n=value, cards=cards
    )


def move_text(move: Move, pretty: bool = True, *, t: Translator = ENGLISH) -> str:
    """A move without its player: ``9♦ takes 4♠ 5♦`` (in ``t``'s language)."""
    return move_said(move, pretty).text(t)


def build_text(build: Build, names: Sequence[str]) -> str:
    """A build in words: ``B1 (8, single, Ana's)``."""
    kind = "single" if build.is_single else "multiple"
    return f"{build.label} ({build.value}, {kind}, {names[build.owner]}'s)"


def build_said(owner: int | None, value: int, cards: Iterable[Card] | int) -> Said:
    """A build as a player sees it on the table, its owner, value and cards, to
    be said in any language (:class:`~casino_records.i18n.Said`)."""
    shown = cards_text(cards)
    if owner is None:
        return said.gettext("the build of {n} ({cards})").format(n=value, cards=shown)
    return said.gettext("{seat}'s build of {n} ({cards})").format(
        seat=Seat(owner), n=value, cards=shown
    )


def build_phrase(owner: int | None, value: int, cards: Iterable[Card] | int) -> str:
    """A build as a player sees it on the table: its owner, value and cards.

    The seat is a number here; :func:`in_words` names it (``Ben's build of 3``).

    >>> from casino_records.engine.cards import parse_cards
    >>> build_phrase(1, 3, parse_cards("AD 2S")), build_phrase(None, 3, parse_cards("AD 2S"))
    ("seat 1's build of 3 (2♠ A♦)", 'the build of 3 (2♠ A♦)')
    """
    return build_said(owner, value, cards).text()


def build_words(build: Build) -> Said:
    """A build on the table in a message: ``seat 1's build of 3 (2♠ A♦)``
    (:func:`build_said`; its label, ``B1``, is the notation's, not the players')."""
    return build_said(build.owner, build.value, build.mask)


def either(values: Sequence[object]) -> Said | str:
    """``1``, ``1 or 14``, ``1 or 7 or 14``, to be said in any language."""
    shown: Said | str = str(values[0])
    for value in values[1:]:
        shown = said.gettext("{a} or {b}").format(a=shown, b=value)
    return shown


def _groups(groups: Sequence[Sequence[Card]]) -> str:
    return " + ".join("[" + " ".join(c.pretty for c in g) + "]" for g in groups)


def step_text(step: Step, names: Sequence[str], t: Translator = ENGLISH) -> str:
    """What a step did, in a sentence a club player reads at a glance.

    ``Ben plays 3♣ onto B1 (the 5-build), announcing 8: increases Ana's build;
    Ben now owns it.``
    """
    move = step.move
    who = names[move.seat]
    card = move.card.pretty
    if step.kind is MoveKind.TRAIL:
        return t.gettext("{player} trails {card}.").format(player=who, card=card)
    if step.kind is MoveKind.CAPTURE:
        groups = _groups(step.groups)
        if move.card.is_ace and step.value:
            text = t.gettext("{player} plays {card} as {value} and takes {cards}")
        else:
            text = t.gettext("{player} plays {card} and takes {cards}")
        text = text.format(player=who, card=card, value=step.value, cards=groups)
        if step.builds_taken:
            labels = ", ".join(b.label for b in step.builds_taken)
            text += t.gettext(" (including {builds})").format(builds=labels)
        return text + (t.gettext(": a sweep!") if step.sweep else ".")
    build = step.build
    assert build is not None
    single = build.is_single
    if step.kind is MoveKind.CREATE:
        onto = cards_text(move.cards)
        text = (
            t.gettext(
                "{player} plays {card} onto {cards}, announcing {value}: creates"
                " {build}, a single build of {value}; {player} owns it."
            )
            if single
            else t.gettext(
                "{player} plays {card} onto {cards}, announcing {value}: creates"
                " {build}, a multiple build of {value}; {player} owns it."
            )
        )
        return text.format(
            player=who, card=card, cards=onto, value=build.value, build=build.label
        )
    previous = step.previous
    assert previous is not None
    own = previous.owner == move.seat
    if step.kind is MoveKind.EXTEND:
        if own:
            verb = (
                t.gettext("extends own {build}, still worth {value} (single)")
                if single
                else t.gettext("extends own {build}, still worth {value} (multiple)")
            )
        else:
            verb = (
                t.gettext("extends {owner}'s {build}, still worth {value} (single)")
                if single
                else t.gettext(
                    "extends {owner}'s {build}, still worth {value} (multiple)"
                )
            )
    elif own:
        verb = t.gettext("increases own build {build} from {old}")
    else:
        verb = t.gettext("increases {owner}'s build {build} from {old}")
    verb = verb.format(
        owner=names[previous.owner],
        build=previous.label,
        value=build.value,
        old=previous.value,
    )
    text = t.gettext(
        "{player} plays {card} onto {build} (the {old}-build), announcing {value}:"
        " {does}"
    ).format(
        player=who,
        card=card,
        build=previous.label,
        old=previous.value,
        value=build.value,
        does=verb,
    )
    if not own:
        return text + t.gettext("; {player} now owns it.").format(player=who)
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


def plural(count: int, word: str, many: str = "") -> str:
    """A count and its noun, agreeing: ``1 point``, ``2 points``, ``0 points``.

    >>> plural(1, "point"), plural(3, "point"), plural(2, "ace"), plural(1, "sweep", "sweeps")
    ('1 point', '3 points', '2 aces', '1 sweep')
    """
    return f"{count} {word if count == 1 else many or word + 's'}"


def wins(side: str, t: Translator = ENGLISH) -> str:
    """``Ana wins``, ``Ana & Caio win``: partners take the plural.

    >>> wins("Ana"), wins("Ana & Caio")
    ('Ana wins', 'Ana & Caio win')
    """
    if " & " in side:
        return t.gettext("{side} win").format(side=side)
    return t.gettext("{side} wins").format(side=side)


def agreeing(subject: str, verb: str, verb_plural: str) -> str:
    """A side's name and its verb: partners (``Ana & Caio``) take the plural.

    >>> agreeing("Ana", "takes", "take"), agreeing("Ana & Caio", "takes", "take")
    ('Ana takes', 'Ana & Caio take')
    """
    return f"{subject} {verb_plural if ' & ' in subject else verb}"


def in_names(text: str, sides: Sequence[str], names: Sequence[str]) -> str:
    """An engine message's ``side N`` and ``seat N`` replaced by names.

    A verb right after a side agrees with it (partners take the plural):

    >>> in_names("it is seat 1's turn; side 0 reached 21", ["Ana", "Ben"], ["Ana", "Ben"])
    "it is Ben's turn; Ana reached 21"
    >>> in_names("side 1 has the highest total", ["A & C", "B & D"], [])
    'B & D have the highest total'
    """

    def side(found: re.Match[str]) -> str:
        k = int(found.group(1))
        if k >= len(sides):
            return found.group(0)
        verb = found.group(2)
        if verb and " & " in sides[k]:
            verb = " " + _PLURAL_VERBS[verb.strip()]
        return sides[k] + (verb or "")

    def seat(found: re.Match[str]) -> str:
        k = int(found.group(1))
        return names[k] if k < len(names) else found.group(0)

    return _SEAT.sub(seat, _SIDE.sub(side, text))


def in_words(
    text: str, sides: Sequence[str], names: Sequence[str], pretty: bool = True
) -> str:
    """An engine or replay message in players' words: the one place that says it so.

    Its leading rule id is dropped (a writer cites it at the end, :func:`cited`),
    ``seat N`` and ``side N`` are named (:func:`in_names`; ``seat N`` stays
    where the record has no names), and cards are written with their suit
    symbols (``10♦``), or as notation tokens (``10D``) when ``pretty`` is
    false, for text that is notation.

    >>> in_words("R2.4 out of turn: it is seat 1's turn, not seat 0's", [], ["Ana", "Ben"])
    "out of turn: it is Ben's turn, not Ana's"
    >>> in_words("G3 10D 4H not on the table", [], [])
    '10♦ 4♥ not on the table'
    >>> in_words("10♦ cannot stand for 4", [], [], pretty=False)
    '10D cannot stand for 4'
    """
    text = in_names(_RULE_ID.sub("", text, count=1), sides, names)
    if pretty:
        return _CARD.sub(lambda m: parse_card(m[0]).pretty, text)
    return _PRETTY.sub(lambda m: str(parse_card(m[0])), text)


def cited(text: str, rule: str) -> str:
    """A message with the id of the rule it applies at its end, once.

    >>> cited("out of turn: it is Ben's turn, not Ana's", "R2.4")
    "out of turn: it is Ben's turn, not Ana's (R2.4)"
    >>> cited("7♠ is dealt twice (R1.1)", "R1.1"), cited("bad", "")
    ('7♠ is dealt twice (R1.1)', 'bad')
    """
    if not rule or re.search(rf"(?<![\w.]){re.escape(rule)}(?![\w.]|\.\d)", text):
        return text
    return f"{text} ({rule})"


def totals_text(sides: Sequence[str], totals: Sequence[int]) -> str:
    """Each side's total by name, highest first (seat order among equals).

    >>> totals_text(["Ana", "Ben", "Caio"], [8, 1, 24])
    'Caio 24, Ana 8, Ben 1'
    """
    ranked = sorted(zip(sides, totals, strict=True), key=lambda item: -item[1])
    return ", ".join(f"{name} {total}" for name, total in ranked)


def result_text(
    sides: Sequence[str],
    totals: Sequence[int],
    winner: int | None,
    why: str,
    *,
    t: Translator = ENGLISH,
) -> str:
    """A match's result, the one phrasing of the command line and the viewer.

    The winner first, its verb agreeing, its total first: with two sides
    ``Ben & Dee win, 21 to 7``; with three or four, every total by name,
    highest first. ``why`` (already in names) follows in brackets. The words
    are ``t``'s language (``why`` is as given).

    >>> result_text(["Ana & Caio", "Ben & Dee"], [7, 21], 1, "Ben & Dee reached 21")
    'Ben & Dee win, 21 to 7 (Ben & Dee reached 21)'
    >>> result_text(["Ana", "Ben", "Caio"], [8, 1, 24], 2, "")
    'Caio wins: Caio 24, Ana 8, Ben 1'
    >>> result_text(["Ana", "Ben"], [12, 9], None, "nobody reached the target")
    'no winner yet: Ana 12, Ben 9 (nobody reached the target)'
    """
    reason = f" ({why})" if why else ""
    if winner is None or not 0 <= winner < len(sides) or len(totals) != len(sides):
        text = t.gettext("no winner yet: {totals}").format(
            totals=totals_text(sides, totals)
        )
        return text + reason
    won = wins(sides[winner], t)
    if len(sides) == 2:
        score = t.gettext("{a} to {b}").format(a=totals[winner], b=totals[1 - winner])
        return f"{won}, {score}{reason}"
    return f"{won}: {totals_text(sides, totals)}{reason}"
