"""What the replay reads of a record: its shape, met by the models and by the quick reader.

The replay (:mod:`casino_records.check.replay`), its audit and
:mod:`casino_records.record.format.provenance` read a record through these protocols, so they take both a
:class:`~casino_records.record.format.models.GameRecord` and the lighter record that
:func:`casino_records.record.quick.reader.light_record` reads straight from the
bytes of a well-formed record, whose rounds hold engine moves. Only what the
replay reads is here; the models remain the record's contract.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, TypeAlias

from ..engine.moves import Move

if TYPE_CHECKING:  # the models are imported only by a reader that builds them
    from .format.claims import ClaimedDeal, ClaimedMatch
    from .format.models import MoveRecord, Player, RulesSpec, Shuffle
    from .format.piles import Piles
    from .quick.values import (
        PlainClaimedDeal,
        PlainClaimedMatch,
        PlainPlayer,
        PlainRules,
        PlainShuffle,
    )

__all__ = ["AnyMove", "DealShape", "RecordShape", "RoundShape"]

AnyMove: TypeAlias = "MoveRecord | Move"
"""A move as the notation writes it, or already an engine move."""


class RoundShape(Protocol):
    """A round: its hands when given, and its moves."""

    @property
    def hands(self) -> Sequence[Sequence[str]] | None:
        """Each seat's hand (cards or ``??``), or None when not recorded."""
        ...

    @property
    def moves(self) -> Sequence[AnyMove]:
        """The moves, in order."""
        ...


class DealShape(Protocol):
    """A deal: dealer, where its cards come from, rounds and claims."""

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        ...

    @property
    def shuffle(self) -> Shuffle | PlainShuffle | None:
        """The seeded shuffle that gives the deck, if any."""
        ...

    @property
    def deck(self) -> Sequence[str] | None:
        """The deck, top first, if given."""
        ...

    @property
    def table(self) -> Sequence[str] | None:
        """The four cards dealt to the table, if given."""
        ...

    @property
    def rounds(self) -> Sequence[RoundShape]:
        """The rounds recorded."""
        ...

    @property
    def piles(self) -> Piles | None:
        """Where every card went, for a deal given by its piles (else None)."""
        ...

    @property
    def claimed(self) -> ClaimedDeal | PlainClaimedDeal | None:
        """The claimed scores, if any."""
        ...


class RecordShape(Protocol):
    """A whole record as the replay reads it."""

    @property
    def id(self) -> str | None:
        """The record's id, if any."""
        ...

    @property
    def rules(self) -> RulesSpec | PlainRules:
        """The rules, as written."""
        ...

    @property
    def players(self) -> Sequence[Player | PlainPlayer]:
        """The players by seat."""
        ...

    @property
    def teams(self) -> Sequence[Sequence[int]] | None:
        """The partnerships, with four players in teams."""
        ...

    @property
    def deals(self) -> Sequence[DealShape]:
        """The deals, in order."""
        ...

    @property
    def claimed(self) -> ClaimedMatch | PlainClaimedMatch | None:
        """The claimed scores, if any."""
        ...

    @property
    def side_count(self) -> int:
        """The number of sides: teams with teams, else players."""
        ...
