"""The legal moves of one played card on the current table, in words and drawable.

The scorer asks the engine, never a rule of its own: :func:`candidates` gives the
mover a working hand (its known cards, the card played, and where the rest of
the hand is unknown one unseen card of every value, see
:mod:`casino_records.scorer.live`) and keeps the engine's legal moves of that
card. :func:`check_move` checks one move the same way, for typed entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.describe import move_text, step_text
from ..engine.legality import verify_move
from ..engine.movegen import generate_legal_moves
from ..engine.moves import Move, MoveKind
from ..engine.play import apply_plan
from ..engine.state import DealState
from ..errors import IllegalMoveError
from ..record.models import Move as NotationMove
from ..record.textnotation import move_text as notation_text
from ..record.translate import step_to_notation
from .errors import EntryError
from .live import LiveDeal, representatives

__all__ = ["Candidate", "candidates", "check_move", "playable_cards"]


@dataclass(frozen=True, slots=True)
class Candidate:
    """One legal move, with everything a front end shows of it."""

    move: Move
    """The engine's move."""
    kind: MoveKind
    """Trail, capture, or create / extend / increase for a build."""
    value: int | None
    """The capture value, or the build's value afterwards."""
    target: str
    """The build extended or increased (``B1``), else ``""``."""
    uses: tuple[Card, ...]
    """The table cards the move takes or builds with, in pack order."""
    builds: tuple[str, ...]
    """The builds it takes or absorbs (labels)."""
    words: str
    """Short words: ``9♦ takes 4♠ 5♦``."""
    sentence: str
    """What it does, as the replay tells it: ``Ana plays 2♦ onto 6♣, announcing 8: …``."""
    notation: NotationMove
    """The move as the record writes it."""

    @property
    def text(self) -> str:
        """The text notation's move syntax without the seat: ``9D x 4S 5D``."""
        return notation_text(self.notation).split(" ", 1)[1]


def playable_cards(live: LiveDeal) -> list[Card]:
    """The cards the seat to move may be playing, in pack order.

    Its known cards, and where its hand is not all known, every unseen card.
    """
    if live.finished or live.blocked is not None or live.awaiting_hands:
        return []
    view = live.hands[live.state.turn]
    cards = set(view.held)
    if view.unknown:
        cards |= live.pool
    return sorted(cards)


def _working_state(live: LiveDeal, card: Card, where: str) -> DealState:
    """A copy of the position whose mover holds ``card`` (see the module doc)."""
    if live.blocked is not None:
        raise EntryError(
            f"the deal stops at {live.blocked.where}: undo that move first",
            where=where,
        )
    if live.finished:
        raise EntryError("R3.3 the deal is over", where=where, rule="R3.3")
    if live.awaiting_hands:
        raise EntryError("enter this round's hands first", where=where, rule="R3.2")
    state = live.state.copy()
    seat = state.turn
    view = live.hands[seat]
    held = list(view.held)
    if card in held:
        rest = view.unknown
    elif view.unknown and card in live.pool:
        held.append(card)
        rest = view.unknown - 1
    elif view.unknown:
        raise EntryError(
            f"R1.1 {card} has been seen already in this deal", where=where, rule="R1.1"
        )
    else:
        raise EntryError(
            f"R4.1 {card} is not in seat {seat}'s hand", where=where, rule="R4.1"
        )
    fill = representatives(live.pool - {card}, state.values) if rest else []
    state.hands[seat] = held + fill
    return state


def _candidate(state: DealState, move: Move, names: Sequence[str]) -> Candidate:
    plan = verify_move(state, move)
    step = apply_plan(state.copy(), move, plan)
    previous = step.previous
    return Candidate(
        move=move,
        kind=step.kind,
        value=step.value,
        target=previous.label if previous is not None else "",
        uses=move.sorted_cards(),
        builds=tuple(b.label for b in step.builds_taken),
        words=move_text(move),
        sentence=step_text(step, names),
        notation=step_to_notation(step),
    )


def candidates(
    live: LiveDeal, card: Card, names: Sequence[str], where: str = ""
) -> list[Candidate]:
    """Every legal move of ``card`` for the seat to move: captures, builds, trail.

    :raises EntryError: the card cannot be played here (seen already, not in
        the hand, the deal over), with the rule.
    """
    state = _working_state(live, card, where)
    moves = [m for m in generate_legal_moves(state) if m.card == card]
    return [_candidate(state, move, names) for move in moves]


def check_move(
    live: LiveDeal, move: Move, names: Sequence[str], where: str = ""
) -> Candidate:
    """Check one move (typed, say) at the current position.

    :raises EntryError: the move is illegal here, with the rule and the legal
        moves of its card.
    """
    if move.seat != live.state.turn and not live.finished:
        raise EntryError(
            f"R2.4 out of turn: it is seat {live.state.turn}'s turn, not"
            f" seat {move.seat}'s",
            where=where,
            rule="R2.4",
        )
    state = _working_state(live, move.card, where)
    try:
        return _candidate(state, move, names)
    except IllegalMoveError as exc:
        legal = [
            move_text(m) for m in generate_legal_moves(state) if m.card == move.card
        ]
        raise EntryError(
            exc.message, where=where, rule=exc.rule, legal=tuple(legal)
        ) from None
