"""One claimed figure against the computed one: a plain value, no pydantic."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ScoreCheck"]


@dataclass(slots=True)
class ScoreCheck:
    """One claimed figure against the computed one.

    A plain dataclass rather than a model: a report holds one per claimed
    figure, and building them must stay cheap (pydantic serialises it all the same).
    """

    loc: str
    """JSON pointer of the claimed figure."""
    category: str
    """``points.most_cards``, ``counts.cards``, ``total`` …"""
    side: int
    """The side."""
    claimed: int
    """What the record claims."""
    computed: int
    """What the replay computed."""

    @property
    def agrees(self) -> bool:
        """True when claimed equals computed."""
        return self.claimed == self.computed
