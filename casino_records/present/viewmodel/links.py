"""Deep links: the viewer's URL query, which uses the words of the command line::

    ?game=classic-2p-annotated.json&deal=1&move=12&view=all

``game``
    a file name from the viewer's list (a bundled sample, or the file given to
    ``casino-records view PATH``); for an uploaded file, its record id (or its
    file name when it has none) together with ``src=upload``.
``record``
    for a ``.jsonl`` archive, which of its records (1 = the first), as
    ``casino-records show --record N``.
``deal``
    the deal, from 1.
``move``
    the position before the deal's ``move``-th move, counted from 1 across
    its rounds, exactly as ``casino-records show --deal 1 --move 12``:
    ``move=1`` is the deal's start and one past its last move is its end.
    (So the link's ``move`` is the viewer's moves-played count plus one.)
``view``
    ``all`` (every hand face up), ``none`` (no hand shown) or ``seatN`` (seat
    N's own view, others face down; N is the record's seat number, from 0).

>>> parse_link({"game": "a.json", "deal": "2", "move": "12", "view": "seat1"})
Link(game='a.json', record=None, src=None, deal=1, move=11, view='seat1')
>>> link_params(Link("a.json", deal=1, move=11, view="all"))
{'game': 'a.json', 'deal': '2', 'move': '12', 'view': 'all'}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

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
    move: int | None = None
    """Moves of the deal played (the URL's ``move`` less one)."""
    view: str | None = None
    """The perspective."""


def _int(text: str | None, low: int) -> int | None:
    if text is None or not text.strip().isdigit():
        return None
    value = int(text)
    return value if value >= low else None


def parse_link(params: Mapping[str, str]) -> Link:
    """Read a URL query (1-based ``deal`` and ``move``); unusable values become None.

    >>> parse_link({"deal": "0", "move": "0", "record": "x"})
    Link(game=None, record=None, src=None, deal=None, move=None, view=None)
    """
    deal = _int(params.get("deal"), 1)
    move = _int(params.get("move"), 1)
    return Link(
        game=params.get("game") or None,
        record=_int(params.get("record"), 1),
        src=params.get("src") or None,
        deal=None if deal is None else deal - 1,
        move=None if move is None else move - 1,
        view=params.get("view") or None,
    )


def link_params(link: Link) -> dict[str, str]:
    """The URL query of a link (1-based ``deal`` and ``move``), omitting what is unset."""
    values = {
        "game": link.game,
        "record": link.record,
        "src": link.src,
        "deal": None if link.deal is None else link.deal + 1,
        "move": None if link.move is None else link.move + 1,
        "view": link.view,
    }
    return {k: str(v) for k, v in values.items() if v is not None}
