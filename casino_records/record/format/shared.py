"""The constants and small values the record's models and its quick path share, defined once.

:mod:`casino_records.record.format` and :mod:`casino_records.record.quick` both
read them from here, so that neither reads the other.
"""

from __future__ import annotations

from typing import Final, Literal, Protocol, TypeAlias, get_args

from ...engine.scoring import CATEGORIES

__all__ = [
    "CLAIMED_COUNTS",
    "CLAIMED_POINTS",
    "FORMAT",
    "GLYPHS",
    "JSON_INTEGER_RANGE",
    "FormatName",
    "Glyph",
    "WrittenNumber",
    "points_read",
]

FormatName: TypeAlias = Literal["casino-record/1"]
FORMAT: Final[FormatName] = "casino-record/1"
"""The value of a record's `format` field."""
JSON_INTEGER_RANGE: Final = (-(2**63), 2**63 - 1)
"""The integers a record may hold: those of a signed 64-bit integer, which every
JSON reader represents exactly."""
Glyph: TypeAlias = Literal["!", "?", "!!", "??", "!?", "?!"]
"""A move annotation glyph, as in chess notation."""
GLYPHS: Final = frozenset(get_args(Glyph))
"""Every :data:`Glyph`."""


class WrittenNumber:
    """A JSON number no field can hold (a fraction, or too large for a float), as written.

    The reader keeps such numbers as text, so that a message shows ``1e400``
    rather than ``inf``; no field accepts one.
    """

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text: Final = text
        """The number as the document writes it."""

    def __repr__(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        return type(other) is WrittenNumber and other.text == self.text

    def __hash__(self) -> int:
        return hash((WrittenNumber, self.text))


CLAIMED_POINTS: Final = CATEGORIES
"""The figures of ``ClaimedPoints``, in its field order: the scoring categories."""
CLAIMED_COUNTS: Final = ("cards", "spades", "sweeps")
"""The figures of ``ClaimedCounts``, in its field order."""


class _Points(Protocol):
    """Claimed points as either reader gives them (model or plain object)."""

    @property
    def most_cards(self) -> int | None: ...
    @property
    def most_spades(self) -> int | None: ...
    @property
    def big_casino(self) -> int | None: ...
    @property
    def little_casino(self) -> int | None: ...
    @property
    def aces(self) -> int | None: ...
    @property
    def sweeps(self) -> int | None: ...


def points_read(points: _Points | None) -> list[tuple[str, int, bool]]:
    """Each item a side's ``points`` claims: (item, value, written).

    An item left off a sheet that lists items reads as 0, with ``written``
    False; with no ``points`` at all the side claims no item (an empty list).
    """
    if points is None:
        return []
    read = []
    for name in CLAIMED_POINTS:
        value = getattr(points, name)
        read.append((name, 0, False) if value is None else (name, value, True))
    return read
