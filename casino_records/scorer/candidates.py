"""The legal moves of one played card on the current table, in words and drawable.

The scorer asks the engine, never a rule of its own: :func:`candidates` gives the
mover a working hand (its known cards, the card played, and where the rest of
the hand is unknown one unseen card of every value, see
:mod:`casino_records.engine.unknown`) and keeps the engine's legal moves of that
card that some hand the mover could hold makes legal. :func:`check_move` checks one move the same way, for typed entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.describe import move_text, step_text
from ..engine.legality import Plan, verify_move
from ..engine.movegen import generate_legal_moves
from ..engine.moves import Move, MoveKind
from ..engine.play import apply_plan
from ..engine.state import DealState
from ..engine.unknown import UnseenCards, set_hand
from ..errors import EntryError, IllegalMoveError
from ..record.format.models import MoveRecord as NotationMove
from ..record.format.translate import step_to_notation
from ..record.text.notation import move_notation as notation_text
from .live import LiveDeal

__all__ = [
    "Candidate",
    "candidates",
    "check_move",
    "every_move",
    "playable_cards",
]


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


def _working_state(
    live: LiveDeal, card: Card, where: str
) -> tuple[DealState, UnseenCards]:
    """A copy of the position whose mover holds ``card``, and what is unknown then.

    The mover's working hand is its known cards and ``card``, plus where the
    rest of its hand is unknown one unseen card of every value
    (:mod:`casino_records.engine.unknown`).
    """
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
    unknown = [v.unknown for v in live.hands]
    unknown[seat] = rest
    unseen = UnseenCards.of(live.pool - {card}, unknown, state.values)
    set_hand(state, seat, unseen.working_hand(seat, held))
    return state, unseen


def _possible(state: DealState, unseen: UnseenCards, move: Move) -> Plan | None:
    """What ``move`` does, when some hand the mover could hold makes it legal."""
    try:
        return unseen.verify(state, move).plan
    except IllegalMoveError:
        return None


def _candidate(
    state: DealState, move: Move, names: Sequence[str], plan: Plan | None = None
) -> Candidate:
    plan = verify_move(state, move) if plan is None else plan
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
    state, unseen = _working_state(live, card, where)
    moves = [m for m in generate_legal_moves(state) if m.card == card]
    return _kept(state, unseen, moves, names)


def _kept(
    state: DealState, unseen: UnseenCards, moves: Sequence[Move], names: Sequence[str]
) -> list[Candidate]:
    """The candidates among ``moves`` (legal with the working hand) some hand allows."""
    found = []
    for move in moves:
        plan = _possible(state, unseen, move)
        if plan is not None:
            found.append(_candidate(state, move, names, plan))
    return found


def every_move(live: LiveDeal) -> dict[Card, list[Move]]:
    """The legal moves of every card the mover may be playing, by card, at once.

    The moves are generated once, for a hand of every playable card, then each
    is checked with its own card's working hand (as :func:`candidates` does):
    where the rest of the hand is unknown, a card may be the seat's last unseen
    one, and then no other card is left to hold.
    """
    cards = playable_cards(live)
    if not cards:
        return {}
    wide = live.state.copy()
    set_hand(wide, wide.turn, cards)
    by_card: dict[Card, list[Move]] = {card: [] for card in cards}
    for move in generate_legal_moves(wide):
        by_card[move.card].append(move)
    for card, moves in by_card.items():
        state, unseen = _working_state(live, card, "")
        moves[:] = [m for m in moves if _possible(state, unseen, m) is not None]
    return by_card


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
    state, unseen = _working_state(live, move.card, where)
    try:
        unseen.verify(state, move)
        return _candidate(state, move, names)
    except IllegalMoveError as exc:
        legal = [
            move_text(m)
            for m in generate_legal_moves(state)
            if m.card == move.card and _possible(state, unseen, m) is not None
        ]
        raise EntryError(
            exc.message, where=where, rule=exc.rule, legal=tuple(legal)
        ) from None
