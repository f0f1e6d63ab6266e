"""Deep links: the viewer's URL query, which uses the words of the command line::

    ?game=classic-2p-annotated.json&deal=1&move=12&view=all

``game``
    a file name from the viewer's list (a bundled sample, or the file given to
    ``casino-records view PATH``); for an uploaded file, its record id (or its
    file name when it has none) together with ``src=upload``.
``record``
    for an archive (``.jsonl``, or a ``.txt`` of several games), which of its
    records (1 = the first), as ``casino-records show --record N``.
``deal``
    the deal, from 1.
``move``
    the step of the deal: the position right after its move ``move`` (moves
    count from 1 across the deal's rounds, as in the text notation, the move
    list and ``casino-records show --deal 1 --move 12``; ``0`` is the deal's
    start), or one of a finished deal's end steps, ``residue`` and ``score``.
``view``
    ``all`` (every hand face up), ``none`` (no hand shown) or ``seatN`` (seat
    N's own view, others face down; N is the record's seat number, from 0).

>>> parse_link({"game": "a.json", "deal": "2", "move": "12", "view": "seat1"})
Link(game='a.json', record=None, src=None, deal=1, move='12', view='seat1')
>>> link_params(Link("a.json", deal=1, move="score", view="all"))
{'game': 'a.json', 'deal': '2', 'move': 'score', 'view': 'all'}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .game import END_STEPS

__all__ = [
    "Link",
    "link_params",
    "parse_link",
]


@dataclass(frozen=True, slots=True)
class Link:
    """A deep link's contents, 0-based (the URL's ``deal`` and ``move`` are 1-based)."""

    game: str | None = None
    """The file name (or an upload's record id)."""
    record: int | None = None
    """Which record of an archive, from 1."""
    src: str | None = None
    """``upload`` for an uploaded file."""
    deal: int | None = None
    """0-based deal."""
    move: str | None = None
    """The step, as the URL names it (:meth:`.game.Game.step_label`)."""
    view: str | None = None
    """The perspective."""


def _int(text: str | None, low: int) -> int | None:
    if text is None or not (text.strip().isdigit() and text.isascii()):
        return None
    value = int(text)
    return value if value >= low else None


def parse_link(params: Mapping[str, str]) -> Link:
    """Read a URL query (1-based ``deal``); unusable values become None.

    >>> parse_link({"deal": "0", "move": "-1", "record": "x"})
    Link(game=None, record=None, src=None, deal=None, move=None, view=None)
    """
    deal = _int(params.get("deal"), 1)
    move = (params.get("move") or "").strip()
    usable = (move.isdigit() and move.isascii()) or move in END_STEPS
    return Link(
        game=params.get("game") or None,
        record=_int(params.get("record"), 1),
        src=params.get("src") or None,
        deal=None if deal is None else deal - 1,
        move=move if usable else None,
        view=params.get("view") or None,
    )


def link_params(link: Link) -> dict[str, str]:
    """The URL query of a link (1-based ``deal``), omitting what is unset."""
    values = {
        "game": link.game,
        "record": link.record,
        "src": link.src,
        "deal": None if link.deal is None else link.deal + 1,
        "move": link.move,
        "view": link.view,
    }
    return {k: str(v) for k, v in values.items() if v is not None}
