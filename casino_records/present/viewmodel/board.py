"""The board of a step as HTML: the seats around the felt.

The board's frame (:func:`board_layout`) is the same at every step of a deal:
a slot per seat (``<div class="cr-slot cr-at-top" data-part="seat2">``) and
one for the felt (``data-part="felt"``). What fills them changes step by step
(:func:`seat_html`, :func:`felt_html`); the stepper swaps only the slots that
changed. Each seat (``<section class="cr-seat">``) shows its player's name,
side, dealer and turn marks, the hand (faces or backs, as the perspective
says) and the side's capture pile with its running counts (partners' one
pile at one of their seats, named as the side's). A deal given by its piles
shows each pile's cards face up and marks the seat of the last capture. The felt in the
middle holds the loose cards and the builds (each with its badge), the last
move marked where it happened (see :mod:`.felt`), and at a deal's score the
score table. Where each seat sits is a class (``cr-at-bottom`` …); the style
sheet lays them out, and stacks them on a narrow screen.

Every name is escaped here, and the SVG pictures escape their own labels.
Card sizes come from the style sheet (``--cr-card``), so one drawing serves a
laptop and a phone.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from html import escape
from typing import Final

from ...engine.cards import Card
from ...i18n import ENGLISH, Translator
from ..direction import order_text, ordinal
from ..sprite import card_ref, pile_svg
from ..svg import build_label, table_summary
from .felt import FeltItem
from .game import StepKind
from .position import HandView, PositionView, SideView

__all__ = [
    "CARD_WIDTH",
    "mark_title",
    "not_told",
    "board_html",
    "board_layout",
    "board_parts",
    "felt_html",
    "seat_html",
]

CARD_WIDTH: Final = 48
"""The cards' drawn width in pixels (the style sheet scales them)."""


def not_told(t: Translator = ENGLISH) -> str:
    """The tooltip of a card a seat holds that nobody saw played (D7)."""
    return t.gettext("a card the record does not tell (the round stops, hands unknown)")


NOT_TOLD: Final = not_told()
""":func:`not_told` in English."""


def mark_title(mark: str, t: Translator = ENGLISH) -> str:
    """What a mark of a card on the felt means, as its tooltip (``""`` for none)."""
    if mark == "played":
        return t.gettext("the card played")
    if mark == "joined":
        return t.gettext("joined the build")
    if mark == "taken":
        return t.gettext("taken")
    if mark == "residue":
        return t.gettext("left on the table: to the last capturer")
    if mark == "illegal":
        return t.gettext("named by the illegal move")
    return ""


def _e(text: object) -> str:
    return escape(str(text), quote=True)


# The steps of a deal (or of the lines tried in it) draw the same cards again and again.
@lru_cache(maxsize=4096)
def _card(
    card: Card | None,
    mark: str = "",
    *,
    face_down: bool = False,
    title: str = "",
    t: Translator = ENGLISH,
) -> str:
    classes = "cr-card" + (f" cr-{mark}" if mark else "")
    tip = title or mark_title(mark, t)
    title = f' title="{_e(tip)}"' if tip else ""
    picture = card_ref(card, size=CARD_WIDTH, face_down=face_down, t=t)
    return f'<span class="{classes}"{title}>{picture}</span>'


def _item(item: FeltItem, names: Sequence[str], t: Translator = ENGLISH) -> str:
    ghost = " cr-ghost" if item.ghost else ""
    if item.build is None:
        card = _card(item.cards[0], item.marks[0], t=t)
        return f'<span class="cr-loose{ghost}">{card}</span>' if ghost else card
    build = item.build
    marks = iter(item.marks)
    groups = "".join(
        '<span class="cr-group">'
        + "".join(_card(card, next(marks), t=t) for card in group)
        + "</span>"
        for group in build.groups
    )
    kind = "single" if build.is_single else "multiple"
    return (
        f'<div class="cr-build{ghost}" data-build="{_e(build.label)}"'
        f' data-value="{build.value}" data-kind="{kind}" data-owner="{build.owner}">'
        f'<div class="cr-build-cards">{groups}</div>'
        f'<span class="cr-badge">{_e(build_label(build, names, t))}</span></div>'
    )


def felt_html(
    view: PositionView, names: Sequence[str], inner: str = "", t: Translator = ENGLISH
) -> str:
    """The felt: loose cards, builds with their badges, marks, notes; ``inner`` on it."""
    loose = sum(1 for item in view.felt if item.build is None and not item.ghost)
    builds = sum(1 for item in view.felt if item.build is not None and not item.ghost)
    summary = table_summary(loose, builds, t)
    items = "".join(_item(item, names, t) for item in view.felt)
    notes = []
    if view.sweep:
        swept = t.gettext("Sweep: the table is cleared")
        notes.append(f'<span class="cr-sweep">{_e(swept)}</span>')
    if view.kind == StepKind.RESIDUE or (
        view.piled and view.kind == StepKind.MOVE and view.felt
    ):
        to = view.residue_side
        left = (
            t.gettext("Left on the table: to {side}").format(side=to)
            if to is not None
            else t.gettext("Left on the table: nobody captured")
        )
        notes.append(f'<span class="cr-note">{_e(left)}</span>')
    if not view.felt and not inner:
        empty = t.gettext("(empty table)")
        notes.append(f'<span class="cr-empty">{_e(empty)}</span>')
    return (
        f'<div class="cr-felt" role="group" aria-label="{_e(summary)}"'
        f' data-loose="{loose}" data-builds="{builds}">'
        f'<div class="cr-felt-items">{items}</div>'
        + (f'<div class="cr-felt-notes">{"".join(notes)}</div>' if notes else "")
        + inner
        + "</div>"
    )


def seat_html(
    hand: HandView,
    side: SideView,
    view: PositionView,
    *,
    partners: bool,
    keeper: str | None = None,
    t: Translator = ENGLISH,
) -> str:
    """One seat: name, side (with ``partners``), marks, hand and capture pile.

    Partners share one pile (R2.6): it is drawn at one seat of the side, named
    as the side's, and ``keeper`` (the name of that seat) says so at the other.
    """
    place = view.order.index(hand.seat) + 1 if hand.seat in view.order else 0
    nth = ordinal(place, t)
    plays = t.gettext("plays {nth} in this deal").format(nth=nth)
    dealer_tip, dealer = t.gettext("the dealer"), t.pgettext("seat chip", "dealer")
    last_tip = t.gettext(
        "made the last capture: the cards left on the table go to this side (R11.1)"
    )
    last = t.pgettext("seat chip", "last capture")
    head = [
        f'<strong class="cr-name">{_e(hand.name)}</strong>',
        f'<span class="cr-chip cr-order-chip" title="{_e(plays)}">{_e(nth)}</span>'
        if place
        else "",
        f'<span class="cr-chip cr-dealer" title="{_e(dealer_tip)}">{_e(dealer)}</span>'
        if hand.dealer
        else "",
        f'<span class="cr-chip cr-last-capture" title="{_e(last_tip)}">{_e(last)}</span>'
        if hand.last_capture
        else "",
        f'<span class="cr-sidename">{_e(side.name)}</span>' if partners else "",
    ]
    illegal = view.illegal if view.illegal and view.illegal.seat == hand.seat else None
    tip = (
        t.gettext("the illegal move: {move}").format(move=illegal.text)
        if illegal is not None
        else ""
    )
    cards = []
    for card in hand.cards:
        if hand.face_down:
            cards.append(_card(None, face_down=True, t=t))
        elif illegal and illegal.in_hand and card == illegal.card:
            cards.append(_card(card, "illegal", title=tip, t=t))
        else:
            cards.append(_card(card, t=t))
    cards += [_card(None, face_down=True, title=not_told(t), t=t)] * hand.unseen
    if illegal is not None and (hand.face_down or not illegal.in_hand):
        away = t.gettext("the illegal move: {move} (not in the hand)").format(
            move=illegal.text
        )
        cards.append(_card(illegal.card, "illegal", title=away, t=t))
    if not cards:
        none = t.gettext("(no cards)")
        cards.append(f'<span class="cr-card cr-none">{_e(none)}</span>')
    held = len(hand.cards) + hand.unseen
    label = t.ngettext("{name}: {n} card", "{name}: {n} cards", held).format(
        name=hand.name, n=held
    )
    if hand.face_down and hand.cards:
        label += t.gettext(" (face down)")
    if hand.unseen:
        label += t.gettext(", {n} not told by the record").format(n=hand.unseen)
    shown = (
        f'<div class="cr-hand" data-count="{held}" aria-label="{_e(label)}">'
        f"{''.join(cards)}</div>"
        if held or not view.piled  # a deal given by its piles has no hands
        else ""
    )
    return (
        f'<section class="cr-seat" data-seat="{hand.seat}" data-side="{hand.side}">'
        f'<header class="cr-seat-head">{"".join(head)}</header>'
        f'<div class="cr-seat-body">{shown}'
        f"{_pile_html(side, partners, keeper, t)}"
        "</div></section>"
    )


def _pile_html(
    side: SideView, partners: bool, keeper: str | None, t: Translator = ENGLISH
) -> str:
    """The side's capture pile, or (at a partner's seat) where it is kept."""
    if keeper is not None:
        kept = t.gettext("{side}’s pile: with {player}").format(
            side=side.name, player=keeper
        )
        return (
            f'<div class="cr-pile cr-pile-shared">'
            f'<span class="cr-counts">{_e(kept)}</span></div>'
        )
    counts = side.counts(t)
    if partners:
        counts = t.gettext("{side}’s pile: {counts}").format(
            side=side.name, counts=counts
        )
    took = t.gettext("{side} took: {cards}").format(
        side=side.name, cards=" ".join(card.pretty for card in side.taken)
    )
    taken = (
        f'<div class="cr-pile-cards cr-group" aria-label="{_e(took)}">'
        + "".join(_card(card, t=t) for card in side.taken)
        + "</div>"
        if side.taken
        else ""
    )
    pile = t.gettext("{side}: capture pile").format(side=side.name)
    return (
        f'<div class="cr-pile" title="{_e(pile)}">'
        f"{pile_svg(side.cards, size=CARD_WIDTH * 3 // 4, t=t)}"
        f'<span class="cr-counts">{_e(counts)}</span></div>{taken}'
    )


def board_layout(view: PositionView, t: Translator = ENGLISH) -> str:
    """The board's frame: a slot per seat where it sits, and the felt's slot.

    Above it, with three or four players, the direction of play and the
    deal's order (:mod:`..direction`; two players simply take turns);
    each seat's slot has its place in that order as a class (``cr-o1`` …), by
    which a narrow screen stacks the seats. The seat to play is a class of its
    slot (``cr-turn``), not part of the seat's HTML: the stepper moves it (:attr:`.stepper.StepperPosition.turn`),
    so a seat is redrawn only when its hand or pile changes.
    """
    order = view.order
    slots = "".join(
        f'<div class="cr-slot cr-at-{hand.place}'
        f'{f" cr-o{order.index(hand.seat) + 1}" if hand.seat in order else ""}"'
        f' data-part="seat{hand.seat}"></div>'
        for hand in view.hands
    )
    names = [hand.name for hand in view.hands]
    cue = (
        f'<p class="cr-order">{_e(order_text(names, order, clockwise=view.clockwise, t=t))}'
        "</p>"
        if len(order) > 2
        else ""
    )
    return (
        f'<div class="cr-board cr-p{len(view.hands)}">{cue}{slots}'
        '<div class="cr-slot cr-at-felt" data-part="felt"></div></div>'
    )


def board_parts(
    view: PositionView,
    names: Sequence[str],
    *,
    score: str = "",
    t: Translator = ENGLISH,
) -> dict[str, str]:
    """What fills the frame's slots: ``seat0`` … and ``felt`` (``score`` on it)."""
    partners = len(view.sides) < len(view.hands)
    keepers: dict[int, HandView] = {}
    for hand in view.hands:
        keepers.setdefault(hand.side, hand)
    parts = {
        f"seat{hand.seat}": seat_html(
            hand,
            view.sides[hand.side],
            view,
            partners=partners,
            keeper=None if keepers[hand.side] is hand else keepers[hand.side].name,
            t=t,
        )
        for hand in view.hands
    }
    parts["felt"] = felt_html(view, names, score, t)
    return parts


def board_html(
    view: PositionView,
    names: Sequence[str],
    *,
    score: str = "",
    t: Translator = ENGLISH,
) -> str:
    """The whole board as one HTML block: the frame with its slots filled."""
    html = board_layout(view, t)
    if view.turn is not None:
        slot = f'" data-part="seat{view.turn}"'
        html = html.replace(slot, " cr-turn" + slot, 1)
    for name, part in board_parts(view, names, score=score, t=t).items():
        slot = f'data-part="{name}"></div>'
        html = html.replace(slot, f'data-part="{name}">{part}</div>', 1)
    return html
