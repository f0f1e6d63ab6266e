"""Pure SVG renderers for cards, hands and the table; each returns a ``str``.

No drawing library, no network: the output is plain SVG text with system fonts,
no images and no ``id`` attributes (so many pictures can share one HTML page),
and the same input always gives the same bytes. Every text that comes from data
(player names) is escaped, so it shows as inert text.

Every card is an ``<svg class="card" data-card="10D">`` (``data-card="??"`` for
an unknown or face-down card, whose identity is never written out) and every
build a ``<g class="build" data-build="B1">``, so tests and style sheets can
find them. The first line of the output is the root's opening tag alone, and no
line is blank: Markdown renderers (``st.markdown(svg, unsafe_allow_html=True)``)
then pass the whole picture through as one raw HTML block.

>>> from casino_records.engine.cards import parse_card
>>> svg = card_svg(parse_card("KH"))
>>> svg.splitlines()[0]  # doctest: +NORMALIZE_WHITESPACE
'<svg xmlns="http://www.w3.org/2000/svg" class="card red" data-card="KH"
  width="60" height="84" viewBox="0 0 60 84" role="img" aria-label="K♥"
  font-family="DejaVu Sans, Arial, sans-serif">'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import Final

from ..engine.cards import UNKNOWN_CARD, Card
from ..engine.moves import Build
from ..i18n import ENGLISH, Translator

__all__ = [
    "DEFAULT_CARD_WIDTH",
    "build_label",
    "card_svg",
    "hand_svg",
    "table_summary",
    "table_svg",
]

DEFAULT_CARD_WIDTH: Final = 60
"""Card width in pixels when no ``size`` is given (the height is 7/5 of it)."""

_SVG_NS: Final = "http://www.w3.org/2000/svg"
_FONT: Final = "DejaVu Sans, Arial, sans-serif"
_VIEW_W: Final = 60
_VIEW_H: Final = 84
_RED: Final = "#c8102e"
_BLACK: Final = "#1a1a1a"
_GREY: Final = "#6b6b6b"
_HIGHLIGHT: Final = "#f0a500"
_FELT: Final = "#2e6b3f"
_LABEL_NAME_MAX: Final = 20
_MIDDLE_DOT: Final = " \N{MIDDLE DOT} "


def _e(text: object) -> str:
    """Escape for both element text and double-quoted attribute values."""
    return escape(str(text), quote=True)


def _height(size: int) -> int:
    return round(size * _VIEW_H / _VIEW_W)


def _check_size(size: int) -> None:
    if type(size) is not int or size < 12:
        raise ValueError(f"size must be an int of at least 12 (pixels), not {size!r}")


def _corner(rank: str, suit: str, colour: str) -> str:
    """The rank over the suit symbol, in the top-left corner of the viewBox."""
    rank_size = 12 if len(rank) > 1 else 14
    return (
        f'<text x="4" y="16" font-size="{rank_size}" font-weight="bold"'
        f' fill="{colour}">{_e(rank)}</text>\n'
        f'<text x="4" y="29" font-size="12" fill="{colour}">{_e(suit)}</text>\n'
    )


def _card_body(card: Card | None, *, highlight: bool, face_down: bool) -> str:
    """The drawing inside a card's 60 x 84 viewBox."""
    stroke, width, inset = (_HIGHLIGHT, 4, 2) if highlight else ("#7a7a7a", 1, 0.5)
    frame = (
        f'<rect x="{inset}" y="{inset}" width="{_VIEW_W - 2 * inset}"'
        f' height="{_VIEW_H - 2 * inset}" rx="5" fill="{{fill}}"'
        f' stroke="{stroke}" stroke-width="{width}"/>\n'
    )
    if face_down:
        return (
            frame.format(fill="#1f4e8c")
            + '<rect x="7" y="7" width="46" height="70" rx="3" fill="none"'
            ' stroke="#ffffff" stroke-width="1.5"/>\n'
            '<path d="M30 14 L47 42 L30 70 L13 42 Z" fill="#3d73b8"'
            ' stroke="#ffffff" stroke-width="1"/>\n'
        )
    if card is None:
        body = _corner("?", "?", _GREY)
        centre = (
            f'<text x="30" y="54" font-size="30" text-anchor="middle"'
            f' fill="{_GREY}">?</text>\n'
        )
        return frame.format(fill="#eeeeee") + body + centre + _rotated(body)
    colour = _RED if card.suit.is_red else _BLACK
    symbol = card.suit.symbol
    body = _corner(card.rank_name, symbol, colour)
    if card.is_face:
        centre = (
            f'<text x="30" y="47" font-size="24" font-weight="bold"'
            f' text-anchor="middle" fill="{colour}">{card.rank_name}</text>\n'
            f'<text x="30" y="66" font-size="16" text-anchor="middle"'
            f' fill="{colour}">{symbol}</text>\n'
        )
    else:
        centre = (
            f'<text x="30" y="53" font-size="30" text-anchor="middle"'
            f' fill="{colour}">{symbol}</text>\n'
        )
    return frame.format(fill="#ffffff") + body + centre + _rotated(body)


def _rotated(corner: str) -> str:
    return f'<g transform="rotate(180 30 42)">\n{corner}</g>\n'


def _card_element(
    card: Card | None,
    *,
    size: int,
    highlight: bool,
    face_down: bool,
    x: int | None = None,
    y: int | None = None,
) -> str:
    """One card as an ``<svg>`` element: the root when ``x`` is None, else nested."""
    hidden = face_down or card is None
    if face_down:
        classes, name, label = "card back", UNKNOWN_CARD, "face-down card"
    elif card is None:
        classes, name, label = "card unknown", UNKNOWN_CARD, "unknown card"
    else:
        colour = "red" if card.suit.is_red else "black"
        classes, name, label = f"card {colour}", str(card), card.pretty
    if highlight:
        classes += " highlight"
    if x is None or y is None:
        head = f'<svg xmlns="{_SVG_NS}" class="{classes}"'
        tail = f' font-family="{_FONT}">'
    else:
        head = f'<svg class="{classes}" x="{x}" y="{y}"'
        tail = ">"
    return (
        f'{head} data-card="{_e(name)}" width="{size}" height="{_height(size)}"'
        f' viewBox="0 0 {_VIEW_W} {_VIEW_H}" role="img" aria-label="{_e(label)}"'
        f"{tail}\n"
        f"<title>{_e(label)}</title>\n"
        + _card_body(None if hidden else card, highlight=highlight, face_down=face_down)
        + "</svg>"
    )


def card_svg(
    card: Card | None,
    *,
    size: int = DEFAULT_CARD_WIDTH,
    highlight: bool = False,
    face_down: bool = False,
) -> str:
    """Draw one card as a standalone SVG document.

    Rank and suit symbol sit in two corners and the suit (or the face letter) in
    the centre; hearts and diamonds are red. ``None`` stands for a card nobody
    saw and draws a grey ``??`` card. A face-down card shows its back and writes
    nothing that identifies it.

    :param card: The card, or ``None`` for an unknown card.
    :param size: Width in pixels (at least 12); the height is 7/5 of it.
    :param highlight: Draw a thick amber frame and add the class ``highlight``.
    :param face_down: Draw the back instead of the face.
    :returns: ``<svg class="card" data-card="10D" ...>...</svg>``.
    :raises ValueError: ``size`` is not an int of at least 12.

    >>> from casino_records.engine.cards import parse_card
    >>> 'data-card="10D"' in card_svg(parse_card("10d"))
    True
    >>> 'class="card red highlight"' in card_svg(parse_card("AH"), highlight=True)
    True
    >>> card_svg(parse_card("QS"), face_down=True) == card_svg(None, face_down=True)
    True
    >>> 'data-card="??"' in card_svg(None)
    True
    """
    _check_size(size)
    return _card_element(card, size=size, highlight=highlight, face_down=face_down)


def hand_svg(
    cards: Sequence[Card | None],
    *,
    face_down: bool = False,
    highlight: Iterable[Card] = (),
    size: int = DEFAULT_CARD_WIDTH,
    t: Translator = ENGLISH,
) -> str:
    """Draw a hand as a row of cards, in the order given.

    :param cards: The cards; ``None`` for a card nobody saw.
    :param face_down: Draw every card's back (only the number of cards shows).
    :param highlight: Cards to frame (ignored when ``face_down``).
    :param size: Card width in pixels.
    :returns: ``<svg class="hand" data-count="N" ...>`` with one
        ``svg.card`` per card; an empty hand draws a dashed empty slot.
    :raises ValueError: ``size`` is not an int of at least 12.

    >>> from casino_records.engine.cards import parse_cards
    >>> svg = hand_svg(parse_cards("2S 10D"), highlight=parse_cards("10D"))
    >>> svg.count('class="card'), svg.count("highlight")
    (2, 1)
    >>> 'data-card="2S"' in hand_svg(parse_cards("2S"), face_down=True)
    False
    """
    _check_size(size)
    marked = frozenset(highlight)
    gap = max(2, size // 10)
    pad = gap
    height = _height(size)
    count = len(cards)
    width = 2 * pad + max(1, count) * size + max(0, count - 1) * gap
    label = (
        t.ngettext("{n} face-down card", "{n} face-down cards", count)
        if face_down
        else t.ngettext("hand of {n} card", "hand of {n} cards", count)
    ).format(n=count)
    parts = [
        f'<svg xmlns="{_SVG_NS}" class="hand" data-count="{count}"'
        f' width="{width}" height="{height + 2 * pad}"'
        f' viewBox="0 0 {width} {height + 2 * pad}" role="img"'
        f' aria-label="{label}" font-family="{_FONT}">'
    ]
    if not cards:
        parts.append(
            f'<rect class="empty" x="{pad}" y="{pad}" width="{size}"'
            f' height="{height}" rx="{max(2, size // 12)}" fill="none"'
            ' stroke="#9a9a9a" stroke-dasharray="4 3"/>'
        )
    for i, card in enumerate(cards):
        parts.append(
            _card_element(
                card,
                size=size,
                highlight=(not face_down and card is not None and card in marked),
                face_down=face_down,
                x=pad + i * (size + gap),
                y=pad,
            )
        )
    parts.append("</svg>")
    return "\n".join(parts)


def table_summary(loose: int, builds: int, t: Translator = ENGLISH) -> str:
    """What lies on the table, for its label: ``table: 3 loose cards, 1 build``."""
    cards = t.ngettext("{n} loose card", "{n} loose cards", loose).format(n=loose)
    piles = t.ngettext("{n} build", "{n} builds", builds).format(n=builds)
    return t.gettext("table: {cards}, {builds}").format(cards=cards, builds=piles)


def build_label(build: Build, names: Sequence[str], t: Translator = ENGLISH) -> str:
    """Describe a build as ``label · value · single|multiple · owner``.

    The owner is ``names[build.owner]``, or ``seat N`` when there is no such name.
    The text is not escaped (the renderers escape it).

    >>> from casino_records.engine.cards import parse_cards
    >>> build_label(Build(1, 8, (tuple(parse_cards("3S 5H")),), owner=0), ["Ana"])
    'B1 · 8 · single · Ana'
    >>> build_label(Build(2, 5, ((parse_cards("5D")[0],),) * 2, owner=3), ["Ana"])
    'B2 · 5 · multiple · seat 3'
    """
    kind = t.gettext("single") if build.is_single else t.gettext("multiple")
    owner = names[build.owner] if 0 <= build.owner < len(names) else None
    who = owner if owner else t.gettext("seat {n}").format(n=build.owner)
    return _MIDDLE_DOT.join((build.label, str(build.value), kind, who))


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "\N{HORIZONTAL ELLIPSIS}"


def table_svg(
    loose: Sequence[Card],
    builds: Sequence[Build],
    *,
    names: Sequence[str],
    highlight: Iterable[Card] = (),
    size: int = DEFAULT_CARD_WIDTH,
    max_width: int = 760,
    t: Translator = ENGLISH,
) -> str:
    """Draw the table: the loose cards, then each build as an overlapped pile.

    Items flow left to right and wrap at ``max_width``. Under each build is its
    label (see :func:`build_label`; a long owner name is shortened there, and
    the full label is the build's ``<title>`` tooltip). Each build is a
    ``<g class="build" data-build="B1" data-value="8" data-owner="0">``; its
    groups are separated by a small gap.

    :param loose: The loose cards, in the order to draw them.
    :param builds: The builds, in the order to draw them.
    :param names: Player names by seat, for the owners of builds.
    :param highlight: Cards to frame (say, those the current move takes).
    :param size: Card width in pixels.
    :param max_width: Wrap to a new row past this width in pixels.
    :returns: ``<svg class="table" data-loose="N" data-builds="M" ...>``.
    :raises ValueError: ``size`` is not an int of at least 12.

    >>> from casino_records.engine.cards import parse_cards
    >>> b = Build(1, 8, (tuple(parse_cards("3S 5H")),), owner=1)
    >>> svg = table_svg(parse_cards("KH 4C"), [b], names=["Ana", "<b>Bo</b>"])
    >>> 'data-build="B1"' in svg, "B1 · 8 · single · &lt;b&gt;Bo&lt;/b&gt;" in svg
    (True, True)
    >>> svg.count('class="card')
    4
    """
    _check_size(size)
    marked = frozenset(highlight)
    card_h = _height(size)
    gap = max(4, size // 5)
    pad = gap
    step = max(6, size * 3 // 10)  # visible strip of each card under the next
    group_gap = max(4, size // 3)  # extra room between the groups of a build
    font = max(9, size // 5)
    label_h = font + font // 2 + 4
    row_h = card_h + (label_h if builds else 0)

    # Each item: (width, draw(x, y) -> str).
    items: list[tuple[int, Callable[[int, int], str]]] = []

    def loose_item(card: Card) -> tuple[int, Callable[[int, int], str]]:
        def draw(x: int, y: int) -> str:
            return _card_element(
                card, size=size, highlight=card in marked, face_down=False, x=x, y=y
            )

        return size, draw

    def build_item(build: Build) -> tuple[int, Callable[[int, int], str]]:
        offsets: list[int] = []
        x = 0
        for g, group in enumerate(build.groups):
            if g:
                x += group_gap
            for _card in group:
                offsets.append(x)
                x += step
        pile_w = (offsets[-1] if offsets else 0) + size
        full = build_label(build, names, t)
        owner = names[build.owner] if 0 <= build.owner < len(names) else ""
        short = (
            full
            if not owner
            else full[: len(full) - len(owner)] + _shorten(owner, _LABEL_NAME_MAX)
        )
        label_w = round(len(short) * font * 0.55)
        width = max(pile_w, label_w)

        def draw(x0: int, y0: int) -> str:
            parts = [
                f'<g class="build" data-build="{_e(build.label)}"'
                f' data-value="{build.value}" data-owner="{build.owner}"'
                f' data-kind="{"single" if build.is_single else "multiple"}">',
                f"<title>{_e(full)}</title>",
            ]
            for offset, card in zip(offsets, build.cards, strict=True):
                parts.append(
                    _card_element(
                        card,
                        size=size,
                        highlight=card in marked,
                        face_down=False,
                        x=x0 + offset,
                        y=y0,
                    )
                )
            parts.append(
                f'<text class="build-label" x="{x0}" y="{y0 + card_h + font + 3}"'
                f' font-size="{font}" fill="#ffffff">{_e(short)}</text>'
            )
            parts.append("</g>")
            return "\n".join(parts)

        return width, draw

    items.extend(loose_item(card) for card in loose)
    items.extend(build_item(build) for build in builds)

    body: list[str] = []
    x, y, used_w = pad, pad, 0
    for width, draw in items:
        if x > pad and x + width + pad > max_width:
            x, y = pad, y + row_h + gap
        body.append(draw(x, y))
        used_w = max(used_w, x + width + pad)
        x += width + gap
    if not items:
        empty = _e(t.gettext("(empty table)"))
        empty_w = max(size * 3, 120)
        body.append(
            f'<text class="empty" x="{pad + empty_w // 2}" y="{pad + card_h // 2}"'
            f' font-size="{font}" text-anchor="middle" fill="#dfe9e1">'
            f"{empty}</text>"
        )
        used_w = empty_w + 2 * pad
    total_h = y + row_h + pad
    summary = _e(table_summary(len(loose), len(builds), t))
    return "\n".join(
        [
            f'<svg xmlns="{_SVG_NS}" class="table" data-loose="{len(loose)}"'
            f' data-builds="{len(builds)}" width="{used_w}" height="{total_h}"'
            f' viewBox="0 0 {used_w} {total_h}" role="img" aria-label="{summary}"'
            f' font-family="{_FONT}">',
            f'<rect class="felt" x="0" y="0" width="{used_w}" height="{total_h}"'
            f' rx="{gap}" fill="{_FELT}"/>',
            *body,
            "</svg>",
        ]
    )
