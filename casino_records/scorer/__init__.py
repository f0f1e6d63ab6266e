"""Record a game as it is played: a session that builds a checked record move by move.

The scorer holds no rule of its own. It keeps the record being written
(:mod:`.draft`), plays it through the engine as far as the cards are known
(:mod:`.live`), offers the engine's legal moves of a played card
(:mod:`.candidates`) and lays out the replay's scores beside the claims
(:mod:`.sheet`). :class:`ScorerSession` ties them together for any front end: the
viewer's "Record a game" page, or a terminal.
"""

from __future__ import annotations

from ..errors import EntryError
from .candidates import Candidate
from .live import KnownHand, LiveDeal, Violation
from .session import Phase, ScorerSession
from .setup import CARD_SOURCES, CardSource, GameSetup, OptionField, option_fields
from .sheet import CATEGORIES, DealSheet, SheetRow, Standing

__all__ = [
    "CARD_SOURCES",
    "CATEGORIES",
    "Candidate",
    "CardSource",
    "DealSheet",
    "EntryError",
    "GameSetup",
    "KnownHand",
    "LiveDeal",
    "OptionField",
    "Phase",
    "ScorerSession",
    "SheetRow",
    "Standing",
    "Violation",
    "option_fields",
]
