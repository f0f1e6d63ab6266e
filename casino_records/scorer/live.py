"""Play a deal being recorded through the engine, as far as its cards are known.

Where the hands are known (a shuffle, a deck, entered hands) every move gets the
engine's own check, exactly as :func:`casino_records.check.replay.replay` gives it.
Where they are not (cards entered as they appear), a seat's hand in a round is
the cards it plays in that round, and until it has played all four, the rest is
unknown. Such a move is checked as the replay checks an unfinished round
(:mod:`casino_records.engine.unknown`): the rules that depend on the hand (G1: an
owner keeps a card to capture each own build; B4, E3, I3: a build needs a card
of its value left in hand) fail there only when no possible hand could meet
them. Once the seat's fourth card of the round is entered its hand is known, and
the same move is checked against exactly that hand: the check the replay makes
on the finished round. A violation found so stays at the move that
broke it, with the rule, and with the move whose card decided it.

A violating move still happens at the table: the deal goes on from what it did
(the engine's plan for the move, its hand aside). Only a move that no hand could
make legal (a wrong sum, a card already seen, out of turn) stops the deal there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..check.walk import (
    DealWalk,
    Halt,
    RoundHands,
    Verdict,
    WalkPolicy,
    round_unfinished,
    said,
)
from ..engine.cards import CARDS, Card, parse_card
from ..engine.describe import in_words, side_names
from ..engine.match import MatchDecision, MatchState
from ..engine.moves import Move, Step
from ..engine.rules import Rules
from ..engine.seating import HAND_SIZE, Seating
from ..engine.state import DealState
from ..engine.unknown import UnseenCards
from ..engine.values import value_tables
from ..errors import IllegalMoveError
from ..record.format.pointer import Place, move_pointer
from .draft import DealDraft, dealt_cards

__all__ = ["KnownHand", "LiveDeal", "Violation", "run_deal"]


@dataclass(frozen=True, slots=True)
class Violation:
    """A move that broke a rule, found when the cards that decide it were known."""

    deal: int
    """0-based deal."""
    round: int
    """0-based round."""
    move: int
    """0-based move within the round."""
    index: int
    """0-based move within the deal."""
    seat: int
    """The seat that moved."""
    loc: str
    """JSON pointer of the move."""
    where: str
    """The move in words, as the replay says it."""
    rule: str
    """The RULES.md id broken."""
    message: str
    """What is wrong in players' words (seats named; the rule is :attr:`rule`)."""
    decided_by: str = ""
    """JSON pointer of the move whose card made the seat's hand known (the move
    that revealed the violation); empty when the hand was known all along."""

    @property
    def place(self) -> Place:
        """:attr:`loc` as a value: the move, or the round that cannot start."""
        return Place.parse(self.loc)


@dataclass(frozen=True, slots=True)
class KnownHand:
    """What is known of one seat's hand now."""

    held: tuple[Card, ...]
    """The cards known to be still in hand."""
    unknown: int
    """How many more cards the seat holds that nobody has seen."""

    @property
    def exact(self) -> bool:
        """True when the whole hand is known."""
        return self.unknown == 0


@dataclass(slots=True)
class LiveDeal:
    """A deal played through the engine as far as it was entered."""

    state: DealState
    """The position after the last move entered. Its hands are working hands
    (see :attr:`hands` for what is known): do not show them."""
    hands: list[KnownHand]
    """Each seat's hand in the current round, as far as it is known."""
    pool: frozenset[Card]
    """Cards nobody has seen in this deal."""
    steps: list[Step] = field(default_factory=list)
    """What every move did, in order."""
    locs: list[str] = field(default_factory=list)
    """JSON pointer of every move, in order."""
    violations: list[Violation] = field(default_factory=list)
    """Moves that broke a rule; play went on from them."""
    blocked: Violation | None = None
    """A move no hand could make legal: the deal stops before it."""
    win: MatchDecision | None = None
    """The capture that won the match at once (R13.4), if any."""
    awaiting_hands: bool = False
    """A round is over and the next round's hands must be entered."""

    @property
    def finished(self) -> bool:
        """True when the deal is over: every card played, or the match won."""
        return self.state.finished or self.win is not None


@dataclass(slots=True)
class _Round:
    """One round's hands as far as known: per seat, the known cards in the order
    recorded then played, and whether those are all four."""

    cards: list[list[Card]]
    exact: list[bool]
    decided_at: list[str]

    def unseen(self, pool: frozenset[Card], rules: Rules) -> UnseenCards:
        unknown = [max(HAND_SIZE - len(cards), 0) for cards in self.cards]
        return UnseenCards.of(pool, unknown, value_tables(rules.card_values))


def _round_knowledge(
    recorded: Sequence[Sequence[Card]], draft: DealDraft, d: int, r: int, players: int
) -> _Round:
    round_ = draft.rounds[r] if r < len(draft.rounds) else None
    cards = [list(recorded[s]) if s < len(recorded) else [] for s in range(players)]
    known_before = [len(c) == HAND_SIZE for c in cards]
    decided_at = ["" for _ in range(players)]
    for k, move in enumerate(round_.moves if round_ is not None else ()):
        seat = move.seat
        if not 0 <= seat < players:
            continue
        card = parse_card(move.card)
        if card not in cards[seat]:
            cards[seat].append(card)
            if len(cards[seat]) == HAND_SIZE and not known_before[seat]:
                decided_at[seat] = move_pointer(d, r, k)
    exact = [len(c) >= HAND_SIZE for c in cards]
    return _Round(cards, exact, decided_at)


class _Hands:
    """Each round's hands as far as known, for the walk (and kept for the views)."""

    def __init__(
        self,
        draft: DealDraft,
        recorded: Sequence[Sequence[Sequence[Card]]],
        d: int,
        pool: frozenset[Card],
        rules: Rules,
        players: int,
        wait: bool,
    ) -> None:
        self.draft, self.recorded, self.d = draft, recorded, d
        self.pool, self.rules, self.players, self.wait = pool, rules, players, wait
        self.rounds: dict[int, _Round] = {}

    def __call__(self, r: int) -> RoundHands | None:
        """Round ``r``'s hands; None when they are to be entered and are not."""
        draft, recorded = self.draft, self.recorded
        if self.wait and r >= len(draft.rounds):
            return None
        known = recorded[r] if r < len(recorded) else ()
        current = _round_knowledge(known, draft, self.d, r, self.players)
        self.rounds[r] = current
        return RoundHands(current.cards, current.unseen(self.pool, self.rules))


def run_deal(
    draft: DealDraft,
    d: int,
    rules: Rules,
    seating: Seating,
    names: Sequence[str],
    *,
    match: MatchState | None = None,
    hands_entered: bool = False,
) -> LiveDeal | None:
    """Play deal ``d`` as entered so far.

    :param match: the match before this deal, for R13.4's immediate win (a copy
        is changed); None when unknown.
    :param hands_entered: the hands of each round are entered (not inferred), so
        a round whose hands are missing waits for them.
    :returns: the live deal, or None while its table is not known.
    """
    dealt = dealt_cards(draft, rules, seating)
    if dealt is None:
        return None
    table, recorded = dealt
    pool = _pool(table, recorded, draft)
    from_deck = draft.shuffle is not None or draft.deck is not None
    wait = hands_entered and not from_deck
    hands = _Hands(draft, recorded, d, pool, rules, seating.players, wait)
    if match is not None:
        match = MatchState(
            rules,
            match.sides,
            list(match.totals),
            match.winner,
            match.play_on,
            partners=match.partners,
        )
    walk = DealWalk(
        rules,
        seating,
        draft.dealer,
        table,
        draft.rounds,
        hands,
        deal=d,
        match=match,
        policy=WalkPolicy(Verdict.PLAY_ON),
    )
    live = LiveDeal(walk.state, [], pool)
    faulted: set[tuple[int, int]] = set()
    for step in walk:
        live.steps.append(step)
        place = walk.place(step)
        live.locs.append(place.pointer)
        fault, seat = walk.fault, step.move.seat
        if fault is None:
            continue
        if not (fault.rule == "G1" and (step.round, seat) in faulted):
            live.violations.append(  # G1 again follows from the first
                _violation(place, step.move, fault, names, seating, hands)
            )
        faulted.add((step.round, seat))
    live.win = walk.win
    live.blocked = _blocked(walk, draft, names, seating)
    if live.blocked is None:
        walk.deal_ahead()
    live.awaiting_hands = walk.awaiting_hands
    current = hands.rounds.get(walk.state.round)
    live.hands = _views(walk.state, current, walk.unseen, live.awaiting_hands)
    return live


def _pool(
    table: Sequence[Card],
    recorded: Sequence[Sequence[Sequence[Card]]],
    draft: DealDraft,
) -> frozenset[Card]:
    """The cards nobody has seen in the deal."""
    seen: set[Card] = set(table)
    for round_hands in recorded:
        for hand in round_hands:
            seen.update(hand)
    for round_ in draft.rounds:
        seen.update(parse_card(m.card) for m in round_.moves)
    return frozenset(CARDS) - seen


def _violation(
    place: Place,
    move: Move,
    error: IllegalMoveError,
    names: Sequence[str],
    seating: Seating,
    hands: _Hands | None = None,
) -> Violation:
    """The violation of ``move`` at ``place``; ``hands`` says which move made the
    seat's hand known (none for a move that stops the deal)."""
    assert place.deal is not None and place.round is not None
    assert place.move is not None and place.number is not None
    seat = move.seat
    decided = ""
    if hands is not None and 0 <= seat < seating.players:
        decided = hands.rounds[place.round].decided_at[seat]
    message = in_words(error.message, side_names(names, seating.side_of), names)
    return Violation(
        place.deal, place.round, place.move, place.number - 1, seat, place.pointer,
        said(place, names, move), error.rule, message, decided,
    )  # fmt: skip


def _blocked(
    walk: DealWalk, draft: DealDraft, names: Sequence[str], seating: Seating
) -> Violation | None:
    """The move (or round) the deal stopped at, if any: an illegal move, a move
    after the match was won (R3.3), a round that cannot start (R3.2)."""
    stop = walk.stop
    if stop is None or (stop.why is Halt.NO_HANDS and stop.place.round == 0):
        return None
    if stop.why is Halt.ILLEGAL:
        assert stop.move is not None and stop.error is not None
        return _violation(stop.place, stop.move, stop.error, names, seating)
    if stop.why is Halt.OVER:
        assert stop.move is not None
        over = IllegalMoveError(
            "the deal is over: no further move belongs to it", rule="R3.3"
        )
        return _violation(stop.place, stop.move, over, names, seating)
    return _structure(draft, stop.place, names, stop.why is Halt.NO_HANDS)


def _views(
    state: DealState, current: _Round | None, unseen: UnseenCards | None, awaiting: bool
) -> list[KnownHand]:
    views = []
    for seat, hand in enumerate(state.hands):
        if awaiting or current is None or unseen is None:
            views.append(KnownHand((), HAND_SIZE))
            continue
        held = tuple(unseen.known_part(hand))
        played = sum(
            1 for s in state.log if s.round == state.round and s.move.seat == seat
        )
        unknown = 0 if current.exact[seat] else HAND_SIZE - played - len(held)
        views.append(KnownHand(held, max(unknown, 0)))
    return views


def _structure(
    draft: DealDraft, place: Place, names: Sequence[str], round_over: bool
) -> Violation:
    """A round that cannot start (R3.2), at its first move's words."""
    d, r = place.deal, place.round
    assert d is not None and r is not None
    first = draft.rounds[r].moves[0] if draft.rounds[r].moves else None
    seat = first.seat if first is not None else 0
    try:
        card = parse_card(first.card).pretty if first is not None else "?"
    except ValueError:
        card = first.card if first is not None else "?"
    if round_over:
        text = f"round {r + 1}'s hands are not entered"
    else:
        text = round_unfinished(r).text()
    number = sum(len(done.moves) for done in draft.rounds[:r]) + 1
    where = replace(place, move=0, number=number).played(names, seat, card)
    return Violation(d, r, 0, 0, seat, place.pointer, where, "R3.2", text)
