"""The view of one position: table, hands, piles and the last move."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine.cards import Card, Suit
from ...engine.describe import step_text
from ...engine.moves import Build, MoveKind
from .game import Game, recorded_move
from .perspective import ALL, NONE, seat_of

__all__ = [
    "HandView",
    "PositionView",
    "SideView",
    "position_view",
]


@dataclass(frozen=True, slots=True)
class HandView:
    """One seat's hand as the perspective shows it."""

    seat: int
    """The seat."""
    name: str
    """The player's name."""
    cards: tuple[Card, ...]
    """The cards (draw them face down when :attr:`face_down`)."""
    face_down: bool
    """True when the perspective hides this hand."""
    to_play: bool
    """True for the seat to move."""
    dealer: bool
    """True for the dealer."""

    @property
    def label(self) -> str:
        """``Ana (seat 0) · dealer · to play`` (not escaped)."""
        parts = [f"{self.name} (seat {self.seat})"]
        if self.dealer:
            parts.append("dealer")
        if self.to_play:
            parts.append("to play")
        return " · ".join(parts)


@dataclass(frozen=True, slots=True)
class SideView:
    """One side's capture pile and score at a position."""

    side: int
    """The side."""
    name: str
    """Its players."""
    cards: int
    """Cards captured so far this deal."""
    spades: int
    """Spades captured so far."""
    sweeps: int
    """Sweeps made so far."""
    match_start: int
    """The side's match total when the deal began."""
    earned: int | None = None
    """Points earned in the deal (at its end)."""
    banked: int | None = None
    """Points added to the match total (at the deal's end)."""
    total_after: int | None = None
    """The match total after the deal (at its end)."""

    def row(self) -> dict[str, str | int]:
        """The side as a table row (not escaped)."""
        row: dict[str, str | int] = {
            "side": self.name,
            "cards": self.cards,
            "spades": self.spades,
            "sweeps": self.sweeps,
            "match at deal start": self.match_start,
        }
        if self.banked is not None:
            row["points this deal"] = self.banked
            row["match after deal"] = (
                self.total_after if self.total_after is not None else "-"
            )
        return row


@dataclass(frozen=True, slots=True)
class PositionView:
    """Everything the viewer draws for one position."""

    deal: int
    """0-based deal."""
    deals: int
    """Deals in the record."""
    move: int
    """Moves of the deal played so far."""
    moves: int
    """The deal's last ``move`` in the record."""
    round: int
    """0-based round."""
    rounds: int
    """Rounds in a deal."""
    dealer: str
    """The dealer's name."""
    turn: int | None
    """The seat to move, None at the deal's end."""
    finished: bool
    """True at the end of a complete deal."""
    stops: bool
    """True at the record's last position of an incomplete deal (an
    unfinished game, or the move before an illegal one)."""
    loose: tuple[Card, ...]
    """Loose cards on the table."""
    builds: tuple[Build, ...]
    """Builds on the table."""
    highlight: frozenset[Card]
    """Table cards to frame: those the last move trailed or built with."""
    last_text: str | None
    """The last move in words (:func:`describe.step_text`)."""
    last_cards: tuple[Card, ...]
    """The last move's card, then the cards it took (for a capture)."""
    last_comment: str | None
    """The record's comment on the last move."""
    last_glyph: str | None
    """The record's glyph on the last move."""
    hands: tuple[HandView, ...]
    """Every seat's hand."""
    sides: tuple[SideView, ...]
    """Every side's pile and score."""
    deal_comment: str | None
    """The record's comment on the deal."""
    residue: tuple[Card, ...] = ()
    """At the deal's end: the cards left on the table, given to the last capturer."""
    residue_side: str | None = None
    """The side that took the residue."""

    @property
    def headline(self) -> str:
        """``Deal 1 / 3 · Round 2 / 6 · 12 / 48 moves played`` (no data in it)."""
        return (
            f"Deal {self.deal + 1} / {self.deals} · Round {self.round + 1} /"
            f" {self.rounds} · {self.move} / {self.moves} moves played"
        )

    def turn_text(self, names: Sequence[str]) -> str:
        """Whose turn it is, or how the deal ended (not escaped)."""
        if self.finished:
            return "End of the deal"
        if self.turn is None:
            return "The record stops here"
        stops = " (the record stops here)" if self.stops else ""
        return f"{names[self.turn]} to play{stops}"


def position_view(
    game: Game, deal: int, move: int, perspective: str = ALL
) -> PositionView:
    """The view of position ``move`` of ``deal`` from ``perspective``."""
    kept = game.positions[deal]
    position = kept[move]
    state = position.state
    names = game.names
    end = move == len(kept) - 1
    seat = seat_of(perspective)
    hands = tuple(
        HandView(
            seat=s,
            name=names[s],
            cards=tuple(hand),
            face_down=perspective == NONE or (perspective != ALL and s != seat),
            to_play=not state.finished and s == state.turn,
            dealer=s == state.dealer,
        )
        for s, hand in enumerate(state.hands)
    )
    report = game.deal_report(deal)
    scored = state.finished and report is not None and bool(report.sides)
    sides = []
    for side, pile in enumerate(state.piles):
        result = report.sides[side] if scored and report is not None else None
        sides.append(
            SideView(
                side=side,
                name=game.sides[side],
                cards=len(pile),
                spades=sum(1 for c in pile if c.suit is Suit.SPADES),
                sweeps=len(state.sweeps[side]),
                match_start=position.totals[side] if side < len(position.totals) else 0,
                earned=None if result is None else result.earned,
                banked=None if result is None else result.banked,
                total_after=None if result is None else result.total_after,
            )
        )
    step = position.last
    highlight: frozenset[Card] = frozenset()
    last_cards: tuple[Card, ...] = ()
    last_text = comment = glyph = None
    if step is not None:
        last_text = step_text(step, names)
        last_cards = (step.move.card, *step.taken)
        if step.kind is MoveKind.TRAIL:
            highlight = frozenset({step.move.card})
        elif step.build is not None:
            highlight = frozenset(step.build.cards)
        notation = recorded_move(game, position.last_loc)
        if notation is not None:
            comment, glyph = notation.comment, notation.glyph
    residue_side = (
        game.sides[state.residue_side]
        if state.finished and state.residue_side is not None
        else None
    )
    return PositionView(
        deal=deal,
        deals=len(game.record.deals),
        move=move,
        moves=len(kept) - 1,
        round=state.round,
        rounds=state.seating.rounds,
        dealer=names[state.dealer],
        turn=None if state.finished or not any(state.hands) else state.turn,
        finished=state.finished,
        stops=end and not state.finished,
        loose=tuple(state.loose),
        builds=tuple(state.builds),
        highlight=highlight,
        last_text=last_text,
        last_cards=last_cards,
        last_comment=comment,
        last_glyph=glyph,
        hands=hands,
        sides=tuple(sides),
        deal_comment=game.record.deals[deal].comment,
        residue=tuple(state.residue) if state.finished else (),
        residue_side=residue_side,
    )
