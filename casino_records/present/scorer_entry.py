"""What the scorer's move entry (a browser component) gets: one position, pre-rendered.

Entering a move by clicking needs no server round trip until the move is
chosen: the page hands the browser :func:`entry_payload` (JSON-serialisable),
which holds, for the position to enter, the card picker and every playable
card's legal moves as HTML, drawn and said in words. The browser shows a
card's moves when it is picked and sends back only the move chosen (its card
and index, see :func:`chosen_move`) or a typed move; the page plays it and sends
the next position. The browser holds no game logic.

Every text is escaped here. The card pictures are the viewer's sprite
(:func:`~casino_records.present.sprite.card_sprite`, the same at every
position) that each move's picture refers to, so a position with many
candidates stays small.

>>> from casino_records.scorer import GameSetup, ScorerSession
>>> s = ScorerSession(GameSetup(names=("Ana", "Ben"), dealer=1))
>>> s.set_table("4S 5D 6C 9C".split())
>>> payload, moves = entry_payload(s)
>>> payload["prompt"], len(moves["9D"])
('Pick the card Ana played', 7)
>>> 'data-move="0"' in payload["moves"]["9D"] and "takes 4♠ 5♦" in payload["moves"]["9D"]
True
>>> chosen_move(moves, [payload["key"], "9D", 0], payload["key"]) == moves["9D"][0]
True
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TypedDict

from ..engine.cards import CARDS, Card
from ..engine.moves import Build, Move
from ..i18n import ENGLISH, Translator
from ..scorer import Candidate, EntryError, ScorerSession
from ..scorer.candidates import every_move
from .move_words import move_words
from .scorer_view import table_picture, tally
from .sprite import SPRITE_PREFIX, card_sprite

__all__ = [
    "EntryPayload",
    "MovesByCard",
    "answer_entry",
    "chosen_move",
    "entry_payload",
    "position_key",
]

MovesByCard = dict[str, list[Move]]
"""Each playable card (``9D``) to its legal moves, in the payload's order."""


class EntryPayload(TypedDict):
    """One position to enter a move at."""

    key: str
    """Which position: changes with every move entered or taken back."""
    serial: int
    """Changes with every answer of the page (a new error for the same position)."""
    prompt: str
    """``Pick the card Ana played`` (plain text); with a build on the table, how
    to type a move that names it by its label (``10S x B1``)."""
    table: str
    """The table the move is entered at, as SVG (:func:`scorer_view.table_picture`)."""
    tally: str
    """What each side has taken so far (:func:`scorer_view.tally`, plain text)."""
    picker: str
    """The card buttons (HTML): one per card, the unplayable ones disabled."""
    faces: str
    """Every card's picture as an SVG symbol (:func:`sprite.card_sprite`), for the
    moves' pictures: the same at every position (the browser draws it once)."""
    moves: dict[str, str]
    """Each playable card to its moves (HTML): one button each, ``data-move`` = index."""
    error: str
    """The last entry's error (HTML, escaped), or ``""``."""
    labels: dict[str, str]
    """The component's own words (plain text), by the part they name: ``picker``
    and ``moves`` (the groups' accessible names), ``typed`` (the typing field's
    label) and ``enter`` (its button)."""


def _picture(cards: Sequence[Card]) -> str:
    """The played card, then the table cards it uses (framed), from the sprite."""
    framed = ' class="cr-used"'
    drawn = "".join(
        f'<svg{framed if i else ""} viewBox="0 0 60 84">'
        f'<use href="#{SPRITE_PREFIX}{card}"/></svg>'
        for i, card in enumerate(cards)
    )
    return f'<span class="cr-pic" aria-hidden="true">{drawn}</span>'


@lru_cache(maxsize=1)
def _sprite() -> str:
    return card_sprite()


@lru_cache(maxsize=4096)
def _move_button(move: Move, index: int, words: str) -> str:
    """A move's button (a move recurs from position to position: drawn once).

    ``words``: the move as the player sees it (:func:`.move_words.move_words`:
    ``10♠ takes the build of 10 (3♦ 7♣)``).
    """
    return (
        f'<button type="button" class="cr-move" data-move="{index}">'
        f'<span class="cr-num">{index + 1}</span>'
        f"{_picture([move.card, *move.sorted_cards()])}"
        f'<span class="cr-words">{html.escape(words)}</span></button>'
    )


def _moves_html(moves: Sequence[Move], builds: Sequence[Build], t: Translator) -> str:
    if not moves:
        none = html.escape(t.gettext("No legal move with this card here."))
        return f'<p class="cr-none">{none}</p>'
    return "".join(
        _move_button(move, i, move_words(move, builds)) for i, move in enumerate(moves)
    )


def _picker(playable: Sequence[Card], exact: bool) -> str:
    """Card buttons: the mover's cards where its hand is known, else the whole pack
    by suit with only the unseen cards enabled."""

    def button(card: Card, enabled: bool) -> str:
        colour = " cr-red" if card.suit.is_red else ""
        state = "" if enabled else " disabled"
        return (
            f'<button type="button" class="cr-card{colour}" data-pick="{card}"'
            f' aria-label="{html.escape(card.pretty)}" aria-pressed="false"{state}>'
            f"{html.escape(card.rank_name)}<small>{card.suit.symbol}</small></button>"
        )

    if exact:
        return (
            '<div class="cr-hand">'
            + "".join(button(c, True) for c in playable)
            + "</div>"
        )
    open_ = frozenset(playable)
    rows = []
    for start in range(0, len(CARDS), 13):
        suit = CARDS[start : start + 13]
        rows.append(
            '<div class="cr-suit">'
            + "".join(button(c, c in open_) for c in suit)
            + "</div>"
        )
    return "".join(rows)


def position_key(session: ScorerSession) -> str:
    """Which position the session is at: changes with every change to the record."""
    return f"{id(session):x}:{session.deal_index}:{session.version}"


def entry_payload(
    session: ScorerSession,
    *,
    error: str = "",
    serial: int = 0,
    t: Translator = ENGLISH,
) -> tuple[EntryPayload, MovesByCard]:
    """The position to enter the next move at, and the moves the payload lists.

    Keep the moves: :func:`chosen_move` turns the browser's answer into one.

    :raises ValueError: no move is awaited (the session's phase is not ``move``).
    """
    live = session.live()
    seat = session.to_move
    if live is None or seat is None:
        raise ValueError(f"no move is awaited: the session waits for {session.phase}")
    by_card = every_move(live)
    playable = list(by_card)
    builds = live.state.builds
    name = session.names[seat]
    prompt = (
        t.gettext(
            "Pick the card {name} played (or type it; a build by its label,"
            " as {label} in “10S x {label}”)"
        ).format(name=name, label=builds[0].label)
        if builds
        else t.gettext("Pick the card {name} played").format(name=name)
    )
    payload = EntryPayload(
        key=position_key(session),
        serial=serial,
        prompt=prompt,
        table=table_picture(session),
        tally=tally(session),
        picker=_picker(playable, live.hands[seat].exact),
        faces=_sprite(),
        moves={
            str(card): _moves_html(moves, live.state.builds, t)
            for card, moves in by_card.items()
        },
        error=html.escape(error),
        labels={
            "picker": t.gettext("The card played"),
            "moves": t.gettext("Its legal moves"),
            "typed": t.gettext("Or type the move"),
            "enter": t.pgettext("button", "Enter"),
        },
    )
    return payload, {str(card): moves for card, moves in by_card.items()}


def chosen_move(
    moves: Mapping[str, Sequence[Move]], answer: object, key: str
) -> Move | None:
    """The move the browser chose (``[key, card, index]``), if it is of this position."""
    if not isinstance(answer, list | tuple) or len(answer) != 3:
        return None
    at, card, index = answer
    if at != key or not isinstance(card, str) or type(index) is not int:
        return None
    options = moves.get(card, ())
    return options[index] if 0 <= index < len(options) else None


def answer_entry(
    session: ScorerSession,
    moves: Mapping[str, Sequence[Move]],
    key: str,
    chosen: object = None,
    typed: object = None,
    *,
    t: Translator = ENGLISH,
) -> Candidate:
    """Play what the browser sent for position ``key``: a chosen move, or typed text.

    ``moves`` and ``key`` are those of the payload the browser was sent; an
    answer about any other position than the session's current one is refused.

    :raises EntryError: an answer to an earlier position, an unreadable answer,
        or a typed move that is illegal (with the rule and the card's legal moves).
    """
    again = t.gettext("that entry was made at an earlier position: enter it again")
    if key != position_key(session):
        raise EntryError(again)
    if chosen is not None:
        move = chosen_move(moves, chosen, key)
        if move is None:
            raise EntryError(
                t.gettext("that move was offered at an earlier position: pick again")
            )
        return session.play(move)
    if isinstance(typed, list | tuple) and len(typed) == 2 and typed[0] == key:
        return session.play(str(typed[1]))
    raise EntryError(again)
