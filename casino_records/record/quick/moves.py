"""Read the moves of a record written in the canonical compact form from its bytes.

Moves are most of a record's bytes, and each is a small JSON object that
:func:`orjson.loads` would turn into a dict, a string per value, and then free.
The lines of an archive written by this project (``dumps_jsonl``) spell every
move the one way, compact and in the models' key order, for instance::

    {"seat":0,"card":"10H","action":"capture","value":14,"take":["4S","AC"]}

:func:`cut_moves` reads each ``"moves"`` array in that spelling straight into
engine moves, by looking its parts up in tables of every spelling there is, and
returns the document with each array replaced by its number, for
:mod:`orjson` to parse the rest. Anything else, a space, another key order,
a comment or a glyph on a move, a ``\\u`` escape anywhere, answers None, and the
caller parses the whole document as before: this reads only what it can be
sure of, and a record it reads is read exactly as the full path reads it
(``tests/record/test_quick_moves.py`` compares the two on records and on every
single-byte change of one).

>>> cut = cut_moves(b'{"rounds":[{"moves":[{"seat":0,"card":"KD","action":"trail"}]}]}')
>>> cut[0], [str(move) for move in cut[1][0]]
(b'{"rounds":[{"moves":0}]}', ['seat 0: KD trails'])
>>> cut_moves(b'{"rounds":[{"moves":[{"seat": 0,"card":"KD","action":"trail"}]}]}') is None
True
"""

from __future__ import annotations

from typing import Final

from ...engine.cards import CARD_NAMES, CARDS, Card
from ...engine.moves import TRAILS, Action, Move

__all__ = ["cut_moves"]

_KEY: Final = b'"moves":['
_NAME: Final = b'"moves"'
_CLOSE_BRACKET: Final = 93  # ]
_CLOSE_BRACE: Final = 125  # }
_COMMA: Final = 44  # ,
_QUOTE: Final = 34  # "
_C: Final = 99  # the first letter of "capture"
_T: Final = 116  # the first letter of "trail" and of "take"
_SHORTEST: Final = len(b'{"seat":0,"card":"AS","action":"trail"}]')
"""No move is spelled in fewer bytes (with the ``]`` or ``,`` after it)."""


_TRAIL_TEXTS: Final[dict[bytes, Move]] = {}
"""Every trail, spelled as a whole move object (see :func:`_spell_moves`)."""
_HEADS: Final[dict[bytes, tuple[int, Card, Action]]] = {}
"""A capture's or a build's seat, card and action, up to the action's closing
quote; a capture's that gives no value, up to its cards' ``[``."""


def _spell_moves() -> None:
    """Fill :data:`_TRAIL_TEXTS` and :data:`_HEADS`, at the first cut: a process
    that never cuts (``validate`` of one laid-out file) never pays for them.
    Each is filled by one ``update``, so a thread reading it finds it empty
    (and leaves the record to the full path) or whole."""
    trails: dict[bytes, Move] = {}
    heads: dict[bytes, tuple[int, Card, Action]] = {}
    for seat in range(4):
        for card, name in zip(CARDS, CARD_NAMES, strict=True):
            start = b'{"seat":%d,"card":"%s","action":' % (seat, name.encode())
            trails[start + b'"trail"}'] = TRAILS[seat][card]
            heads[start + b'"capture"'] = (seat, card, Action.CAPTURE)
            heads[start + b'"capture","take":['] = (seat, card, Action.CAPTURE)
            heads[start + b'"build"'] = (seat, card, Action.BUILD)
    _HEADS.update(heads)
    _TRAIL_TEXTS.update(trails)


_RESTS: Final[dict[bytes, tuple[Action, int]]] = {
    **{b',"value":%d,"take":[' % v: (Action.CAPTURE, v) for v in range(1, 15)},
    **{b',"value":%d,"onto":[' % v: (Action.BUILD, v) for v in range(1, 15)},
}
"""What follows the action up to the table cards' ``[`` when a value is given:
the action, and the value."""
_NAME_BITS: Final = {
    b'"%s"' % name.encode(): 1 << card for card, name in enumerate(CARD_NAMES)
}
"""A card name in quotes, and the card's bit."""


def cut_moves(data: bytes) -> tuple[bytes, list[tuple[Move, ...]]] | None:
    """``data`` with each ``"moves"`` array replaced by its number, and the
    arrays' moves; or None when some move is not in the canonical spelling, a
    ``"moves"`` is not an array so spelled, or there is none.

    The number of the ``k``-th array is ``k``; every key ``"moves"`` of the
    document is one of them (none can be spelled otherwise: there is no
    ``\\u`` escape).
    """
    if b"\\" in data and b"\\u" in data:
        return None
    pieces: list[bytes] = []
    found: list[tuple[Move, ...]] = []
    start = 0
    at = data.find(_KEY)
    if at >= 0 and not _TRAIL_TEXTS:
        _spell_moves()
    try:
        while at >= 0:
            opening = at + len(_KEY)
            moves, closing = _array(data, opening)
            if closing < 0:
                return None
            pieces.append(data[start : opening - 1])
            pieces.append(b"%d" % len(found))
            found.append(moves)
            start = closing + 1
            at = data.find(_KEY, start)
    except IndexError:  # the document ends inside a move
        return None
    if not found or data.count(_NAME) != len(found):
        return None
    pieces.append(data[start:])
    return b"".join(pieces), found


def _array(data: bytes, at: int) -> tuple[tuple[Move, ...], int]:
    """The moves of the array whose first item starts at ``at``, and the
    position of its ``]``; -1 when it is not in the canonical spelling."""
    size = len(data)
    if at < size and data[at] == _CLOSE_BRACKET:
        return (), at
    moves: list[Move] = []
    while at + _SHORTEST <= size:
        # {"seat":S,"card":"  then the card's name, two or three letters
        name_end = at + (20 if data[at + 20] == _QUOTE else 21)
        action_at = name_end + 12  # past ","action":"
        if data[action_at] == _T:
            end = name_end + 19  # past ","action":"trail"}
            trail = _TRAIL_TEXTS.get(data[at:end])
            if trail is None:
                return (), -1
            moves.append(trail)
        else:
            move, end = _counted(data, at, action_at)
            if move is None:
                return (), -1
            moves.append(move)
        after = data[end]
        if after == _CLOSE_BRACKET:
            return tuple(moves), end
        if after != _COMMA:
            return (), -1
        at = end + 1
    return (), -1


def _counted(data: bytes, at: int, action_at: int) -> tuple[Move | None, int]:
    """The capture or build spelled from ``at`` (its action's first letter at
    ``action_at``), and the position just past it; None when it is not one."""
    if data[action_at] != _C:  # a build: it gives a value
        head_end = action_at + 6
    elif data[action_at + 10] == _T:  # a capture that gives none: ,"take":[
        head = _HEADS.get(data[at : action_at + 17])
        if head is None:
            return None, -1
        return _taken(data, head[0], head[1], head[2], 0, action_at + 17)
    else:
        head_end = action_at + 8
    head = _HEADS.get(data[at:head_end])
    if head is None:
        return None, -1
    # ,"value":V,"take":[  or  ,"value":V,"onto":[  (V one or two digits)
    opening = head_end + (19 if data[head_end + 10] == _COMMA else 20)
    rest = _RESTS.get(data[head_end:opening])
    if rest is None or rest[0] is not head[2]:
        return None, -1
    return _taken(data, head[0], head[1], head[2], rest[1], opening)


def _taken(
    data: bytes, seat: int, card: Card, action: Action, value: int, name: int
) -> tuple[Move | None, int]:
    """The move, its table cards read from ``name`` (the first's opening quote)
    to the ``]}`` that ends it, and the position just past it; None when the
    cards are not distinct canonical names."""
    taken = 0
    while True:
        close = name + (3 if data[name + 3] == _QUOTE else 4)
        bit = _NAME_BITS.get(data[name : close + 1], 0)
        if not bit or taken & bit:
            return None, -1
        taken |= bit
        after = data[close + 1]
        if after == _CLOSE_BRACKET:
            break
        if after != _COMMA:
            return None, -1
        name = close + 2
    if data[close + 2] != _CLOSE_BRACE:
        return None, -1
    return Move(seat, card, action, taken, value if value else None), close + 3
