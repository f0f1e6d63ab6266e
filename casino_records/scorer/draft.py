"""The record being written: deals, rounds and moves that can still change.

A :class:`DealDraft` is the mutable twin of the record's
:class:`~casino_records.record.format.models.Deal`: the session appends moves, pops them
on undo and attaches comments and claims, then :meth:`DealDraft.model` writes the
validated model. :func:`dealt_cards` says which cards the deal's provenance
fixes before any move is played.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.cards import UNKNOWN_CARD, Card, parse_card
from ..engine.rules import Rules
from ..engine.seating import Seating, deal_from_deck
from ..engine.shuffle import shuffled_deck
from ..record.format.models import ClaimedDeal, Deal, MoveRecord, Round, Shuffle

__all__ = ["DealDraft", "RoundDraft", "dealt_cards"]


@dataclass(slots=True)
class RoundDraft:
    """One round: the hands when they were entered, and the moves so far."""

    hands: list[list[str]] | None = None
    """Each seat's 4 cards (``??`` for an unknown one), or None: not recorded."""
    moves: list[MoveRecord] = field(default_factory=list)
    """The moves entered, in order, with their comments and glyphs."""

    def model(self) -> Round:
        """The record's round."""
        hands = None
        if self.hands is not None:
            hands = tuple(tuple(hand) for hand in self.hands)
        return Round(hands=hands, moves=tuple(self.moves))


@dataclass(slots=True)
class DealDraft:
    """One deal being recorded."""

    dealer: int
    """The dealer's seat."""
    shuffle: Shuffle | None = None
    """The seeded shuffle that dealt the cards, if any."""
    deck: tuple[str, ...] | None = None
    """The 52 cards top first, when a loaded record gave them."""
    table: list[str] | None = None
    """The four table cards, when entered (or recorded beside a shuffle or deck)."""
    rounds: list[RoundDraft] = field(default_factory=list)
    """The rounds begun so far."""
    claimed: ClaimedDeal | None = None
    """The score sheet: what the players claimed for this deal."""
    comment: str | None = None
    """A comment on the deal."""

    @property
    def moves(self) -> int:
        """Moves entered in this deal."""
        return sum(len(round_.moves) for round_ in self.rounds)

    def model(self) -> Deal:
        """The record's deal (rounds with neither hands nor moves are left out)."""
        rounds = [r for r in self.rounds if r.moves or r.hands is not None]
        return Deal(
            dealer=self.dealer,
            shuffle=self.shuffle,
            deck=self.deck,
            table=tuple(self.table) if self.table is not None else None,
            rounds=tuple(r.model() for r in rounds),
            claimed=self.claimed,
            comment=self.comment,
        )

    @classmethod
    def of(cls, deal: Deal) -> DealDraft:
        """The draft of a recorded deal (to go on recording it)."""
        return cls(
            dealer=deal.dealer,
            shuffle=deal.shuffle,
            deck=deal.deck,
            table=list(deal.table) if deal.table is not None else None,
            rounds=[
                RoundDraft(
                    hands=[list(h) for h in r.hands] if r.hands is not None else None,
                    moves=list(r.moves),
                )
                for r in deal.rounds
            ],
            claimed=deal.claimed,
            comment=deal.comment,
        )


def dealt_cards(
    draft: DealDraft, rules: Rules, seating: Seating
) -> tuple[list[Card], list[list[list[Card]]]] | None:
    """The table and the hands the deal's provenance fixes before play.

    :returns: the table and, per round begun (all rounds for a shuffle or a
        deck), each seat's known cards: all 4 from a shuffle or a deck, the
        entered ones (``??`` left out) from recorded hands, none otherwise.
        None while the table is not known yet.
    """
    deck: tuple[Card, ...] | None = None
    if draft.shuffle is not None:
        deck = shuffled_deck(draft.shuffle.seed)
    elif draft.deck is not None:
        deck = tuple(parse_card(c) for c in draft.deck)
    if deck is not None:
        dealt = deal_from_deck(deck, seating, draft.dealer, rules.deal_batch)
        return list(dealt.table), [[list(h) for h in hands] for hands in dealt.rounds]
    if draft.table is None:
        return None
    table = [parse_card(c) for c in draft.table]
    rounds: list[list[list[Card]]] = []
    for round_ in draft.rounds:
        hands = round_.hands or [[] for _ in range(seating.players)]
        rounds.append(
            [[parse_card(c) for c in hand if c != UNKNOWN_CARD] for hand in hands]
        )
    return table, rounds
