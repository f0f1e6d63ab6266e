"""Walk one deal's recorded moves through the engine: the loop the replay and the scorer share.

A :class:`DealWalk` deals the deal's rounds (hands known, or partly unknown:
:mod:`casino_records.engine.unknown`), checks each recorded move and plays it
(verify, then apply the plan), and yields per move the
:class:`~casino_records.engine.moves.Step` it made (the engine move, its
number in the deal); :meth:`DealWalk.place` gives its
:class:`~casino_records.record.format.pointer.Place`, and :attr:`DealWalk.fault`
and :attr:`DealWalk.waits` what its check found. Nothing is made per move but
the step: the replay is a hot path. The walk stops, saying why in
:attr:`DealWalk.stop`, at the first of:

- an illegal move, as its :class:`WalkPolicy` decides (python-chess's single
  ``handle_error`` hook): stop the deal there, play on despite a fault of the
  hand alone (:data:`~casino_records.engine.unknown.HAND_RULES`), or raise;
- a move recorded after a capture that won the match at once (R13.4): the
  deal is over, no further move belongs to it;
- a round begun before the one before it is over (R3.2), or whose hands are
  not known yet.

:func:`casino_records.check.replay.replay` walks a record's deals so, stopping
at an illegal move; the live scorer (:mod:`casino_records.scorer.live`) walks a
deal being recorded, playing on where only the hand is at fault.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from enum import Enum
from typing import Final, final

from mypy_extensions import mypyc_attr

from .. import i18n
from ..engine.cards import CARDS, Card
from ..engine.describe import move_said, move_text
from ..engine.legality import Plan, verify_move
from ..engine.match import MatchDecision, MatchState
from ..engine.moves import Move, MoveKind, Step
from ..engine.play import apply_plan, needs_hands, next_round, stop_at_immediate_win
from ..engine.rules import Rules
from ..engine.seating import Seating
from ..engine.state import DealState
from ..engine.unknown import (
    HAND_RULES,
    UnseenCards,
    deal_round,
    representatives,
    set_hand,
    start_deal,
)
from ..engine.values import value_tables
from ..errors import IllegalMoveError
from ..i18n import Said
from ..record.format.pointer import Part, Place
from ..record.format.provenance import DealCards
from ..record.format.translate import to_engine
from ..record.replayable import AnyMove, RoundShape

__all__ = [
    "Branch",
    "DealWalk",
    "Fault",
    "Halt",
    "HandsSource",
    "RecordedHands",
    "RoundHands",
    "Stop",
    "Verdict",
    "WalkPolicy",
    "round_unfinished",
    "lines_of",
    "said",
]


class Verdict(Enum):
    """What the walk does with an illegal move."""

    STOP = "stop"
    """The deal stops before the move (:attr:`Halt.ILLEGAL`)."""
    PLAY_ON = "play on"
    """The move is played as the rest of its check allows when its only fault
    is the hand (:data:`~casino_records.engine.unknown.HAND_RULES`: the move
    happened at the table); any other fault stops the deal."""
    RAISE = "raise"
    """The engine's :class:`~casino_records.errors.IllegalMoveError` is raised,
    with the move's ``loc`` and ``where``."""


class Halt(Enum):
    """Why a walk stopped before the end of the deal's recorded moves."""

    ILLEGAL = "illegal"
    """An illegal move (:attr:`Stop.error`) that the policy did not play on."""
    OVER = "over"
    """A move recorded after the capture that won the match at once (R13.4)."""
    UNFINISHED = "unfinished"
    """A round recorded before the one before it is over (R3.2)."""
    NO_HANDS = "no hands"
    """A round's hands are not known yet (the scorer waits for them); in a
    line, a round the line goes on into whose hands the record does not give."""
    NOT_HELD = "not held"
    """A line plays a card nobody has seen, by a seat whose hand is not all
    known: whether the seat held it the record cannot tell (D7)."""
    DEAL_OVER = "deal over"
    """A line goes on after the deal's last card was played."""


@final
class Fault:
    """An illegal move: where it is, the move, and the engine's refusal."""

    __slots__ = ("place", "move", "error")

    def __init__(self, place: Place, move: Move, error: IllegalMoveError) -> None:
        self.place: Final = place
        """The move's place (its :attr:`~Place.number` in the deal known)."""
        self.move: Final = move
        """The engine move."""
        self.error: Final = error
        """The engine's refusal: the rule and its message."""


@final
class Stop:
    """Where and why a walk stopped."""

    __slots__ = ("why", "place", "move", "error")

    def __init__(
        self,
        why: Halt,
        place: Place,
        move: Move | None = None,
        error: IllegalMoveError | None = None,
    ) -> None:
        self.why: Final = why
        """The reason."""
        self.place: Final = place
        """The move refused, or the round that could not start."""
        self.move: Final = move
        """The move refused (:attr:`Halt.ILLEGAL`, :attr:`Halt.OVER`)."""
        self.error: Final = error
        """The engine's refusal (:attr:`Halt.ILLEGAL`)."""


@final
class RoundHands:
    """One round's hands as far as known."""

    __slots__ = ("cards", "unseen")

    def __init__(
        self, cards: Sequence[Sequence[Card]], unseen: UnseenCards | None = None
    ) -> None:
        self.cards: Final = cards
        """Per seat, the cards known to be in its hand."""
        self.unseen: Final = unseen
        """What the known cards leave unknown; None when every hand is known."""


@final
class Branch:
    """Where a line of play (a variation) branches off a walk, and its moves.

    The line's moves replace the walk's from the position before move
    :attr:`move` of round :attr:`round`; they are placed at :attr:`field`
    below that move (``("variations", v)``, deeper for a line of a line), and
    said from its :attr:`number` in the deal.
    """

    __slots__ = ("round", "move", "number", "field", "moves", "state", "unseen")

    def __init__(
        self,
        round_: int,
        move: int,
        number: int,
        field: tuple[Part, ...],
        moves: Sequence[AnyMove],
        state: DealState,
        unseen: UnseenCards | None,
    ) -> None:
        self.round: Final = round_
        """The round of the main line's move the line branches at (0-based)."""
        self.move: Final = move
        """That move's index in its round (0-based)."""
        self.number: Final = number
        """That move's number in the deal (from 1)."""
        self.field: Final = field
        """The path from that move to the line (``("variations", v)``, …)."""
        self.moves: Final = moves
        """The line's moves, in turn order."""
        self.state: Final = state
        """The position the line starts from (a copy: the line plays on it)."""
        self.unseen: Final = unseen
        """What the round's hands leave unknown there (None: all known)."""


def lines_of(move: AnyMove) -> Sequence[Sequence[AnyMove]]:
    """The lines of play (variations) a recorded move carries; an engine move
    (the quick reader's) carries none."""
    if isinstance(move, Move):
        return ()
    return move.variations or ()


HandsSource = Callable[[int], RoundHands | None]
"""Round ``r``'s hands (0-based), or None while they are not known."""


class RecordedHands:
    """The hands of a recorded deal's rounds (:class:`DealCards`), for a walk."""

    def __init__(self, cards: DealCards, rules: Rules) -> None:
        self.cards = cards
        self.rules = rules

    def __call__(self, r: int) -> RoundHands | None:
        """Round ``r``'s hands, and what they leave unknown; None for a round
        the record does not give (no deck, and not recorded)."""
        cards = self.cards
        if r >= len(cards.rounds):
            return None
        if r >= len(cards.unknown) or not any(cards.unknown[r]):
            return RoundHands(cards.rounds[r])
        values = value_tables(self.rules.card_values)
        unseen = UnseenCards.of(cards.unseen, cards.unknown[r], values)
        return RoundHands(cards.rounds[r], unseen)


@mypyc_attr(allow_interpreted_subclasses=True)
class WalkPolicy:
    """What a walk does with an illegal move: one hook, :meth:`illegal`.

    ``WalkPolicy()`` stops the deal; ``WalkPolicy(Verdict.PLAY_ON)`` plays on
    despite a fault of the hand alone; ``WalkPolicy(Verdict.RAISE)`` raises.
    Override :meth:`illegal` to decide move by move.
    """

    def __init__(self, verdict: Verdict = Verdict.STOP) -> None:
        self.verdict = verdict

    def illegal(self, walk: DealWalk, fault: Fault) -> Verdict:
        """The verdict on ``fault`` (``walk.state`` is the position before it)."""
        return self.verdict


def round_unfinished(r: int) -> Said:
    """Why round ``r`` (0-based) cannot start (:attr:`Halt.UNFINISHED`, R3.2),
    to be said in any language."""
    return i18n.said.gettext(
        "round {round} is unfinished, so round {next} cannot start"
    ).format(round=r, next=r + 1)


def said(place: Place, names: Sequence[str], move: Move) -> str:
    """A move's place and player in words, as findings say it
    (:func:`~casino_records.record.format.pointer.played_where`)."""
    return place.played(names, move.seat, move.card.pretty, move_text(move))


def said_place(place: Place, move: Move) -> Said | None:
    """:func:`said` kept to be said in any language (``None`` for a line's move)."""
    return place.played_said(move.seat, move.card.pretty, move_said(move))


class DealWalk:
    """One deal walked through the engine; iterate it for the steps of the moves played.

    :param rounds: the recorded rounds (their moves, in order).
    :param hands: each round's hands, asked for as the round is dealt.
    :param match: the match before the deal, for R13.4's immediate win (it is
        changed when a capture wins); None for no immediate win.
    :param before: called with the walk, the round and the move's index in it
        before each recorded move is checked (to keep positions).
    """

    def __init__(
        self,
        rules: Rules,
        seating: Seating,
        dealer: int,
        table: Sequence[Card],
        rounds: Sequence[RoundShape],
        hands: HandsSource,
        *,
        deal: int,
        match: MatchState | None = None,
        policy: WalkPolicy | None = None,
        keep_log: bool = True,
        before: Callable[[DealWalk, int, int], None] | None = None,
        branch: Branch | None = None,
    ) -> None:
        self.deal = deal
        self.rounds = rounds
        self.hands_of = hands
        self.match = match
        self.policy = policy if policy is not None else WalkPolicy()
        self.before = before
        self.wins = match is not None and rules.near_target_immediate_win
        self.stop: Stop | None = None
        """Why the walk stopped early; None when every recorded move was played."""
        self.win: MatchDecision | None = None
        """The capture that won the match at once (R13.4), if any."""
        self.unseen: UnseenCards | None = None
        """What the current round's hands leave unknown (None: all known)."""
        self.fault: IllegalMoveError | None = None
        """The hand rule the move just yielded broke, played on
        (:attr:`Verdict.PLAY_ON`); None when it broke none."""
        self.waits: IllegalMoveError | None = None
        """The hand rule the move just yielded breaks unless its seat's unseen
        cards include the right one (:meth:`UnseenCards.verify`), else None."""
        self.starts: list[int] = [0]
        """Per round dealt, the moves of the deal played before it."""
        self._everything: list[Card] = []
        self.branch = branch
        """The line this walk plays (:meth:`line`); None for the deal's moves."""
        self.at = 0
        """In a line, the index of the line's move being played."""
        if branch is not None:
            self.state, self.unseen = branch.state, branch.unseen
            return
        first = hands(0)
        if first is None:
            empty: list[list[Card]] = [[] for _ in range(seating.players)]
            self.state = start_deal(rules, seating, dealer, table, empty, keep_log)
            self.stop = Stop(Halt.NO_HANDS, Place(deal, 0))
        elif first.unseen is None:
            self.state = DealState.start(
                rules, seating, dealer, table, first.cards, keep_log=keep_log
            )
        else:
            self.unseen = first.unseen
            working = first.unseen.working_hands(first.cards)
            self.state = start_deal(rules, seating, dealer, table, working, keep_log)

    @property
    def played(self) -> int:
        """Moves played."""
        return self.state.moves_played

    @property
    def awaiting_hands(self) -> bool:
        """True when the walk waits for a round's hands."""
        return self.stop is not None and self.stop.why is Halt.NO_HANDS

    def __iter__(self) -> Iterator[Step]:
        if self.stop is not None:
            return
        if self.branch is not None:
            yield from self._line(self.branch)
            return
        r = 0
        for round_ in self.rounds:
            if r and not self._deal(r):
                return
            k = 0
            for notation in round_.moves:
                step = self._play(r, k, to_engine(notation))
                if step is None:
                    return
                yield step
                if self.win is not None:
                    self.stop = self._after_win(r, k)
                    return
                k += 1
            r += 1

    def place(self, step: Step) -> Place:
        """The place of the move that made ``step``, with its number in the deal
        (in a line, the line's move below the move it branches at)."""
        if self.branch is not None:
            return self._place(step.round, self.at)
        r, index = step.round, step.index
        return Place(self.deal, r, index - self.starts[r], number=index + 1)

    def notation(self, r: int, k: int) -> AnyMove:
        """The recorded move about to be played as move ``k`` of round ``r``
        (in a line, the line's move ``k``), for a :attr:`before` hook."""
        if self.branch is not None:
            return self.branch.moves[k]
        return self.rounds[r].moves[k]

    def line(self, r: int, k: int, v: int, moves: Sequence[AnyMove]) -> DealWalk:
        """A walk of line ``v`` (``moves``) of move ``k`` of round ``r``, from the
        position before it, which is this walk's now (call it from a
        :attr:`before` hook). The line is checked as the deal's moves are, with
        the same hands (the rounds after go on from the record's), and stops as
        a walk does; a card nobody has seen, played by a seat whose hand is
        not all known, stops it too (:attr:`Halt.NOT_HELD`)."""
        outer = self.branch
        if outer is None:
            at = Branch(
                r,
                k,
                self.state.moves_played + 1,
                ("variations", v),
                moves,
                self.state.copy(),
                self.unseen,
            )
        else:
            field = (*outer.field, k, "variations", v)
            at = Branch(
                outer.round,
                outer.move,
                outer.number,
                field,
                moves,
                self.state.copy(),
                self.unseen,
            )
        match = self.match
        if match is not None:  # a capture of the line may win, not the match
            match = MatchState(
                match.rules,
                match.sides,
                list(match.totals),
                match.winner,
                match.play_on,
                partners=match.partners,
            )
        line = DealWalk(
            self.state.rules,
            self.state.seating,
            self.state.dealer,
            (),
            self.rounds,
            self.hands_of,
            deal=self.deal,
            match=match,
            keep_log=self.state.keep_log,
            before=self.before,
            branch=at,
        )
        line.starts = list(self.starts)
        return line

    def _line(self, branch: Branch) -> Iterator[Step]:
        """The steps of a line's moves, dealing the rounds it goes on into."""
        r = self.state.round
        moves = branch.moves
        for j, notation in enumerate(moves):
            self.at = j
            move = to_engine(notation)
            if self.state.finished:
                self.stop = Stop(Halt.DEAL_OVER, self._place(r, j), move)
                return
            if needs_hands(self.state):
                r += 1
                if not self._deal(r):
                    self.stop = Stop(Halt.NO_HANDS, self._place(r, j), move)
                    return
            unseen = self.unseen
            if (
                unseen is not None
                and move.card in unseen.pool
                and 0 <= move.seat < len(unseen.unknown)
                and unseen.unknown[move.seat]
            ):
                self.stop = Stop(Halt.NOT_HELD, self._place(r, j), move)
                return
            step = self._play(r, j, move)
            if step is None:
                return
            yield step
            if self.win is not None:
                if j + 1 < len(moves):
                    after = to_engine(moves[j + 1])
                    self.stop = Stop(Halt.OVER, self._place(r, j + 1), after)
                return

    def deal_ahead(self) -> bool:
        """Deal the round after the recorded ones when the last is over (the
        deal is not) and the walk went through; False when not dealt, with
        :attr:`awaiting_hands` when its hands are not known yet."""
        if self.stop is not None or self.win is not None:
            return False
        return needs_hands(self.state) and self._deal(len(self.rounds))

    def _deal(self, r: int) -> bool:
        """Deal round ``r``, or stop: the round before is not over, or its hands
        are not known."""
        state = self.state
        if not needs_hands(state):
            self.stop = Stop(Halt.UNFINISHED, Place(self.deal, r))
            return False
        hands = self.hands_of(r)
        if hands is None:
            self.stop = Stop(Halt.NO_HANDS, Place(self.deal, r))
            return False
        self.unseen = unseen = hands.unseen
        self.starts.append(state.moves_played)
        if unseen is None:
            next_round(state, hands.cards)
        else:
            deal_round(state, unseen.working_hands(hands.cards))
        return True

    def _play(self, r: int, k: int, move: Move) -> Step | None:
        """Check move ``k`` of round ``r`` and play it; None when the walk stops."""
        if self.before is not None:
            self.before(self, r, k)
        state, unseen = self.state, self.unseen
        fault: IllegalMoveError | None = None
        waits: IllegalMoveError | None = None
        try:
            if unseen is None:
                plan = verify_move(state, move)
            else:
                checked = unseen.verify(state, move)
                plan, waits = checked.plan, checked.waits
        except IllegalMoveError as exc:
            exc.__traceback__ = None  # kept by the walk: no cycle through its frames
            permitted = self._illegal(Fault(self._place(r, k), move, exc))
            if permitted is None:
                return None
            plan, fault = permitted, exc
        step = apply_plan(state, move, plan)
        self.fault, self.waits = fault, waits
        if self.wins and step.kind is MoveKind.CAPTURE:
            self._immediate_win(step)
        return step

    def _place(self, r: int, k: int) -> Place:
        """The place of move ``k`` of round ``r``, about to be played (in a
        line, the line's move ``k``)."""
        branch = self.branch
        if branch is not None:
            field = (*branch.field, k)
            return Place(
                self.deal, branch.round, branch.move, field, number=branch.number
            )
        return Place(self.deal, r, k, number=self.state.moves_played + 1)

    def _illegal(self, fault: Fault) -> Plan | None:
        """What the policy makes of ``fault``: the plan to play on with, or None
        when the walk stops (:attr:`stop`)."""
        verdict = self.policy.illegal(self, fault)
        if verdict is Verdict.RAISE:
            error = fault.error
            error.loc, error.where = fault.place.pointer, fault.place.words
            raise error
        if verdict is Verdict.PLAY_ON:
            plan = self._despite_hand(fault)
            if plan is not None:
                return plan
        self.stop = Stop(Halt.ILLEGAL, fault.place, fault.move, fault.error)
        return None

    def _despite_hand(self, fault: Fault) -> Plan | None:
        """What the move does if its only fault is the hand, else None."""
        if fault.error.rule not in HAND_RULES:
            return None
        state, move = self.state, fault.move
        if not self._everything:
            self._everything = representatives(CARDS, state.values)
        hand = list(state.hands[move.seat])
        everything = hand + [c for c in self._everything if c not in hand]
        set_hand(state, move.seat, everything)
        try:
            return verify_move(state, move)
        except IllegalMoveError:
            return None
        finally:
            set_hand(state, move.seat, hand)

    def _immediate_win(self, step: Step) -> None:
        """R13.4: does the capture just played win the match at once?"""
        match = self.match
        assert match is not None
        move = step.move
        side = self.state.seating.side_of[move.seat]
        decision = match.immediate_win(side, (move.card, *step.taken))
        if decision is not None:
            self.win = decision
            stop_at_immediate_win(self.state)

    def _after_win(self, r: int, k: int) -> Stop | None:
        """The first move recorded after the winning capture, move ``k`` of
        round ``r``: no further move belongs to the deal."""
        rounds = self.rounds
        for r2 in range(r, len(rounds)):
            moves = rounds[r2].moves
            k2 = k + 1 if r2 == r else 0
            if k2 < len(moves):
                return Stop(Halt.OVER, self._place(r2, k2), to_engine(moves[k2]))
        return None
