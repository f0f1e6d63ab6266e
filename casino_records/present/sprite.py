"""Cards for pages that show many: every card drawn once, then referenced.

The viewer's table shows a few dozen cards at every step; drawing each one in
full (:func:`.svg.card_svg`) would repeat the same drawings thousands of times
in a deal's pre-rendered steps. Instead a page holds :func:`card_sprite` once
(the 52 faces and the back as ``<symbol>`` s, the only drawings here with
``id`` attributes) and every card is a short :func:`card_ref` to its symbol,
with the same classes and ``data-card`` as a full card. :func:`pile_svg` draws
a capture pile as a stack of backs with its count.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from ..engine.cards import CARDS, UNKNOWN_CARD, Card
from ..i18n import ENGLISH, Translator
from .svg import (
    _FONT,
    _SVG_NS,
    _VIEW_H,
    _VIEW_W,
    DEFAULT_CARD_WIDTH,
    _card_body,
    _check_size,
    _e,
    _height,
)

__all__ = ["SPRITE_PREFIX", "card_ref", "card_sprite", "pile_svg"]

SPRITE_PREFIX: Final = "cr-card-"
"""The ids of :func:`card_sprite`'s symbols: ``cr-card-KH``, ``cr-card-back``."""


def card_sprite() -> str:
    """Every card face and the back, once, as ``<symbol>`` s for :func:`card_ref`.

    A page that shows many cards puts this in once (it is the only drawing
    here with ``id`` attributes, all starting with :data:`SPRITE_PREFIX`), and
    each card is then a short reference to its symbol. The sprite itself takes
    no room on the page.

    >>> sprite = card_sprite()
    >>> sprite.count("<symbol "), 'id="cr-card-10D"' in sprite, 'id="cr-card-back"' in sprite
    (53, True, True)
    """
    symbols = [
        f'<symbol id="{SPRITE_PREFIX}{card}" viewBox="0 0 {_VIEW_W} {_VIEW_H}">'
        + _card_body(card, highlight=False, face_down=False).replace("\n", "")
        + "</symbol>"
        for card in CARDS
    ]
    symbols.append(
        f'<symbol id="{SPRITE_PREFIX}back" viewBox="0 0 {_VIEW_W} {_VIEW_H}">'
        + _card_body(None, highlight=False, face_down=True).replace("\n", "")
        + "</symbol>"
    )
    return (
        f'<svg xmlns="{_SVG_NS}" class="cr-sprite" width="0" height="0"'
        f' style="position:absolute;width:0;height:0;overflow:hidden"'
        f' aria-hidden="true" font-family="{_FONT}"><defs>{"".join(symbols)}</defs></svg>'
    )


def card_ref(
    card: Card | None,
    *,
    size: int = DEFAULT_CARD_WIDTH,
    face_down: bool = False,
    t: Translator = ENGLISH,
) -> str:
    """One card as a reference to its symbol in :func:`card_sprite` (a page holds it).

    The same classes and ``data-card`` as :func:`card_svg` (``??`` for a
    face-down card, whose identity is never written out), in a tenth of the
    bytes. ``None`` stands for a card nobody saw, drawn face down.

    :raises ValueError: ``size`` is not an int of at least 12.

    >>> from casino_records.engine.cards import parse_card
    >>> card_ref(parse_card("10D"), size=48)
    '<svg class="card red" data-card="10D" width="48" height="67" viewBox="0 0 60 84" role="img" aria-label="10♦"><use href="#cr-card-10D"/></svg>'
    >>> 'data-card="??"' in card_ref(parse_card("QS"), face_down=True)
    True
    """
    _check_size(size)
    if face_down or card is None:
        classes, name, label, symbol = (
            "card back",
            UNKNOWN_CARD,
            t.gettext("face-down card"),
            "back",
        )
    else:
        colour = "red" if card.suit.is_red else "black"
        classes, name, label, symbol = (
            f"card {colour}",
            str(card),
            card.pretty,
            str(card),
        )
    return (
        f'<svg class="{classes}" data-card="{_e(name)}" width="{size}"'
        f' height="{_height(size)}" viewBox="0 0 {_VIEW_W} {_VIEW_H}" role="img"'
        f' aria-label="{_e(label)}"><use href="#{SPRITE_PREFIX}{symbol}"/></svg>'
    )


@lru_cache(maxsize=1024)  # drawn at every step for every side
def pile_svg(count: int, *, size: int = 36, t: Translator = ENGLISH) -> str:
    """Draw a capture pile: a stack of card backs, higher as it grows, and its count.

    :param count: cards in the pile (0 draws a dashed empty place).
    :param size: card width in pixels.
    :returns: ``<svg class="pile" data-count="N" ...>``.
    :raises ValueError: ``size`` is not an int of at least 12, or ``count`` < 0.

    >>> pile_svg(0).count("<rect"), pile_svg(14).count('class="back"')
    (1, 2)
    >>> 'data-count="14"' in pile_svg(14) and ">14</text>" in pile_svg(14)
    True
    """
    _check_size(size)
    if type(count) is not int or count < 0:
        raise ValueError(f"count must be an int of at least 0, not {count!r}")
    layers = 0 if count == 0 else min(4, 1 + count // 8)
    shift = max(2, size // 14)
    height = _height(size)
    width = size + shift * max(0, layers - 1) + 2
    total_h = height + shift * max(0, layers - 1) + 2
    label = _e(
        t.ngettext(
            "capture pile of {n} card", "capture pile of {n} cards", count
        ).format(n=count)
    )
    parts = [
        f'<svg xmlns="{_SVG_NS}" class="pile" data-count="{count}"'
        f' width="{width}" height="{total_h}" viewBox="0 0 {width} {total_h}"'
        f' role="img" aria-label="{label}" font-family="{_FONT}">'
    ]
    if not layers:
        parts.append(
            f'<rect class="empty" x="1" y="1" width="{size}" height="{height}"'
            f' rx="{max(2, size // 12)}" fill="none" stroke="#9a9a9a"'
            ' stroke-dasharray="4 3"/>'
        )
    for layer in range(layers):
        offset = 1 + shift * (layers - 1 - layer)
        parts.append(
            f'<rect class="back" x="{offset}" y="{offset}" width="{size}"'
            f' height="{height}" rx="{max(2, size // 12)}" fill="#1f4e8c"'
            ' stroke="#ffffff" stroke-width="1.5"/>'
        )
    if layers:
        cx = 1 + size // 2
        cy = 1 + height // 2
        font = max(10, size // 3)
        parts.append(
            f'<rect x="{cx - font}" y="{cy - font * 3 // 4}" width="{2 * font}"'
            f' height="{font * 3 // 2}" rx="{font // 2}" fill="#ffffff" opacity="0.9"/>'
        )
        parts.append(
            f'<text x="{cx}" y="{cy + font // 3}" font-size="{font}" font-weight="bold"'
            f' text-anchor="middle" fill="#1f4e8c">{count}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)
