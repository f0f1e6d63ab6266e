"""Carry out moves: change the position and log what happened.

:func:`apply_move` verifies, then plays, a move and returns its :class:`Step`;
:func:`play_move` does the same without making the step when none is logged.
When the last card of the deal is played it hands the residue to the last
capturer (R11.1); between rounds the driver calls :func:`next_round`; after a
capture that wins the match at once, :func:`stop_at_immediate_win` (R13.4).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import RulesError
from .cards import Card
from .legality import TRAIL_PLAN, verify_move
from .moves import Action, Build, Move, MoveKind, Step
from .plan import Plan, locate
from .state import DealState

__all__ = [
    "apply_move",
    "needs_hands",
    "next_round",
    "play_generated",
    "play_move",
    "stop_at_immediate_win",
]


def apply_move(state: DealState, move: Move) -> Step:
    """Verify ``move`` and play it, changing ``state``.

    :returns: the step, also appended to ``state.log``.
    :raises IllegalMoveError: the move is illegal; ``state`` is unchanged.
    """
    plan = verify_move(state, move)
    return apply_plan(state, move, plan)


def apply_plan(state: DealState, move: Move, plan: Plan) -> Step:
    """Play ``move`` as ``plan`` says, **without checking it**.

    Only for a plan that :func:`verify_move` returned for this very position.
    """
    number, round_ = state.moves_played, state.round
    built, previous, sweep = _carry_out(state, move, plan)
    used = plan.builds_used
    step = Step(
        move,
        plan.kind,
        number,
        round_,
        plan.value,
        plan.groups,
        used if plan.target is None else used[1:],
        built,
        previous,
        sweep,
    )
    if state.keep_log:
        state.log.append(step)
    return step


def play_move(state: DealState, move: Move) -> MoveKind:
    """Verify ``move`` and play it, as :func:`apply_move` does, but make its
    :class:`Step` only for a state that keeps a log (self-play, search).

    :returns: what the move turned out to be.
    :raises IllegalMoveError: the move is illegal; ``state`` is unchanged.
    """
    plan = verify_move(state, move)
    if state.keep_log:
        apply_plan(state, move, plan)
    else:
        _carry_out(state, move, plan)
    return plan.kind


def play_generated(state: DealState, move: Move) -> None:
    """Play ``move``, one that :func:`~casino_records.engine.movegen.generate_legal_moves`
    (or ``captures_else_moves``) returned for this very position, **without
    checking it again**: the search's and the play-outs' inner loop.

    A trail and a capture are carried out from what the move says (the cards
    it takes, and the builds among them, used whole); a build, whose value and
    groups only the check works out, is verified as :func:`play_move` does. A
    state that keeps a log is played by :func:`play_move` (its steps need the
    whole plan).
    """
    action = move.action
    if state.keep_log or action is Action.BUILD:
        play_move(state, move)
    elif action is Action.TRAIL:
        _carry_out(state, move, TRAIL_PLAN)
    else:
        loose, builds = locate(state, move)
        _carry_out(state, move, Plan(MoveKind.CAPTURE, None, loose, tuple(builds)))


def _carry_out(
    state: DealState, move: Move, plan: Plan
) -> tuple[Build | None, Build | None, bool]:
    """Change ``state`` as ``plan`` says; the build made or changed, the build
    it was before, and whether the move swept the table."""
    seat, card = move.seat, move.card
    index: int = card  # a native int: the shifts stay in C
    bit = 1 << index
    hands = state.hand_bits
    hands[seat] = hands[seat] & ~bit  # not &=, which mypyc runs on boxed ints
    kind = plan.kind
    step_build: Build | None = None
    previous: Build | None = None
    sweep = False
    if kind is MoveKind.TRAIL:
        state.loose_bits |= bit
        state.arrival[index] = state.moves_played
    else:
        state.loose_bits &= ~plan.loose_taken
        if plan.builds_used:
            _remove_builds(state, plan)
    if kind is MoveKind.CAPTURE:
        side = state.seating.side_of[seat]
        piles = state.pile_bits
        piles[side] = piles[side] | bit | move.table
        state.last_capturer = seat
        state.last_capture_move = state.moves_played
        if not state.loose_bits and not state.builds:
            if state.rules.last_play_sweep or not _deal_ends(state):
                sweep = True
                state.sweeps[side].append(state.moves_played)
    elif kind is MoveKind.CREATE:
        step_build = Build(state.next_build_id, plan.value or 0, plan.groups, seat)
        state.next_build_id += 1
        state.builds.append(step_build)
    elif kind is not MoveKind.TRAIL:
        previous = plan.target
        assert previous is not None
        if kind is MoveKind.EXTEND:
            groups = previous.groups + plan.groups
        else:
            groups = ((*previous.cards, card, *plan.joined), *plan.groups)
        step_build = Build(previous.id, plan.value or 0, groups, seat)
        state.builds = [step_build if b is previous else b for b in state.builds]
    state.moves_played += 1
    seating = state.seating
    state.turn = (seat + seating.step) % seating.players
    if state.round == seating.rounds - 1 and not hands[seat] and state.round_over:
        _finish_deal(state)
    return step_build, previous, sweep


def _deal_ends(state: DealState) -> bool:
    return state.round_over and state.last_round


def _remove_builds(state: DealState, plan: Plan) -> None:
    target = plan.target
    gone = 0  # the cards of the builds taken: no two builds share a card
    for build in plan.builds_used:
        if build is not target:
            gone |= build.mask
    if gone:
        state.builds = [b for b in state.builds if not b.mask & gone]


def needs_hands(state: DealState) -> bool:
    """True when a round is over and the next one's hands must be dealt."""
    return not state.finished and state.round_over


def next_round(state: DealState, hands: Sequence[Sequence[Card]]) -> None:
    """Deal the next round's hands (R3.2; no cards go to the table).

    :raises RulesError: the round is not over, the deal is, or the hands are
        not 4 cards per player.
    """
    if not needs_hands(state):
        raise RulesError("R3.2 new hands are dealt only when every hand is empty")
    state.give_hands(hands)
    state.round += 1
    state.turn = state.seating.next_seat(state.dealer)


def _finish_deal(state: DealState) -> None:
    """R11: the residue goes to the last capturer's side (never a sweep)."""
    residue = state.table_bits
    state.residue_bits = residue
    state.residue = tuple(state.table_order())
    taker = state.last_capturer
    if taker is None and state.rules.residue_if_no_capture == "dealer":
        taker = state.dealer
    if taker is not None:
        side = state.side_of(taker)
        state.residue_side = side
        state.pile_bits[side] |= residue
    state.loose_bits = 0
    state.builds = []
    state.finished = True


def stop_at_immediate_win(state: DealState) -> None:
    """R13.4 with ``near_target_immediate_win``: the match was won by the capture
    just played, so the deal stops there, unscored.

    When that capture was the deal's last play, the deal's end (R11) never comes:
    the residue the play handed to the last capturer goes back to the table, and
    the cards left there are nobody's (``residue_side`` stays ``None``). The deal
    stays finished: no move follows. Before the last play nothing changes. No
    build outlives the last round (R11.3), so the residue was loose cards only.
    """
    if not state.finished:
        return
    side = state.residue_side
    if side is not None:
        piles = state.pile_bits
        piles[side] = piles[side] & ~state.residue_bits  # not &=: boxed under mypyc
    state.loose_bits = state.residue_bits
    state.residue_bits = 0
    state.residue = ()
    state.residue_side = None
