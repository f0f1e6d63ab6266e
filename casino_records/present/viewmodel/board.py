"""The board of a position as one HTML block: table, last move's cards, hands.

One block rather than several: every element a page shows costs time at each
step. Names are escaped here, and the SVG pictures escape their own labels.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from ..svg import hand_svg, table_svg
from .position import PositionView

__all__ = ["LAST_MOVE_CAPTION", "board_html"]

LAST_MOVE_CAPTION = "The card played, then the cards it took (framed)."


def board_html(view: PositionView, names: Sequence[str], *, show_hands: bool) -> str:
    """The table, the last move's cards and (when shown) the hands, as HTML.

    The block has no blank line, so Markdown passes it through as one HTML block.
    """
    parts = [
        '<div class="board">',
        table_svg(view.loose, view.builds, names=names, highlight=view.highlight),
    ]
    if view.last_cards:
        parts += [
            '<div class="last-move">',
            hand_svg(view.last_cards, highlight=view.last_cards[1:], size=36),
            f'<div class="caption" style="font-size:0.85em;opacity:0.7">'
            f"{html.escape(LAST_MOVE_CAPTION)}</div>",
            "</div>",
        ]
    if show_hands:
        parts.append(
            '<div class="hands" style="display:flex;gap:2.5em;flex-wrap:wrap">'
        )
        for hand in view.hands:
            marker = "▶ " if hand.to_play else ""
            parts += [
                f'<div class="hand-of" data-seat="{hand.seat}">',
                f"<div>{marker}{html.escape(hand.label)}</div>",
                hand_svg(hand.cards, face_down=hand.face_down, size=44),
                "</div>",
            ]
        parts.append("</div>")
    parts.append("</div>")
    return "\n".join(part.strip("\n") for part in parts)
