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

from ..engine.cards import CARDS, Card, parse_card
from ..engine.describe import in_words, move_text, side_names
from ..engine.legality import Plan, verify_move
from ..engine.match import MatchDecision, MatchState
from ..engine.moves import Move, MoveKind, Step
from ..engine.play import apply_plan, needs_hands, stop_at_immediate_win
from ..engine.rules import Rules
from ..engine.seating import HAND_SIZE, Seating
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
from ..record.format.pointer import played_where
from ..record.format.translate import to_engine
from .draft import DealDraft, dealt_cards

__all__ = [
    "KnownHand",
    "LiveDeal",
    "Violation",
    "move_where",
    "run_deal",
]


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


def move_where(
    names: Sequence[str],
    d: int,
    r: int,
    number: int,
    seat: int,
    card: object,
    move: Move | None = None,
) -> str:
    """A move in words, as the replay's findings say it: ``number`` is the
    move's number in the deal, from 1; the card is spelt with its suit symbol,
    and the whole ``move`` in words when it is known."""
    try:
        spelt = parse_card(str(card)).pretty
    except ValueError:
        spelt = str(card)
    said = move_text(move) if move is not None else ""
    return played_where(names, d, number, r, seat, spelt, said)


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
                decided_at[seat] = f"/deals/{d}/rounds/{r}/moves/{k}"
    exact = [len(c) >= HAND_SIZE for c in cards]
    return _Round(cards, exact, decided_at)


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
    players = seating.players
    seen: set[Card] = set(table)
    for hands in recorded:
        for hand in hands:
            seen.update(hand)
    for round_ in draft.rounds:
        seen.update(parse_card(m.card) for m in round_.moves)
    pool = frozenset(CARDS) - seen
    state = start_deal(rules, seating, draft.dealer, table, [[]] * players)
    everything = representatives(CARDS, state.values)
    live = LiveDeal(state, [], pool)
    if match is not None:
        match = MatchState(
            rules, match.sides, list(match.totals), match.winner, match.play_on
        )

    from_deck = draft.shuffle is not None or draft.deck is not None

    def knowledge(r: int) -> _Round | None:
        round_ = draft.rounds[r] if r < len(draft.rounds) else None
        if hands_entered and not from_deck and round_ is None:
            return None
        known = recorded[r] if r < len(recorded) else ()
        return _round_knowledge(known, draft, d, r, players)

    current = knowledge(0)
    if current is None:
        live.awaiting_hands = True
        live.hands = [KnownHand((), HAND_SIZE) for _ in range(players)]
        return live
    unseen = current.unseen(pool, rules)
    for seat, known in enumerate(current.cards):
        set_hand(state, seat, unseen.working_hand(seat, known))
    for r, round_ in enumerate(draft.rounds):
        if r:
            following = knowledge(r) if needs_hands(state) else None
            if following is None:
                live.blocked = _structure(draft, d, r, names, needs_hands(state))
                break
            current = following
            unseen = current.unseen(pool, rules)
            deal_round(state, unseen.working_hands(current.cards))
        faulted: set[int] = set()
        for k, notation in enumerate(round_.moves):
            loc = f"/deals/{d}/rounds/{r}/moves/{k}"
            move = to_engine(notation)
            where = move_where(
                names, d, r, state.moves_played + 1, move.seat, notation.card, move
            )
            if live.win is not None or state.finished:
                live.blocked = Violation(
                    d, r, k, state.moves_played, move.seat, loc, where, "R3.3",
                    "the deal is over: no further move belongs to it",
                )  # fmt: skip
                break
            try:
                plan = unseen.verify(state, move).plan
            except IllegalMoveError as exc:
                said = in_words(exc.message, side_names(names, seating.side_of), names)
                found = Violation(
                    d, r, k, state.moves_played, move.seat, loc, where, exc.rule,
                    said, current.decided_at[move.seat]
                    if 0 <= move.seat < players else "",
                )  # fmt: skip
                permitted = _despite_hand(state, move, everything, exc)
                if permitted is None:
                    live.blocked = replace(found, decided_by="")
                    break
                plan = permitted
                if not (found.rule == "G1" and move.seat in faulted):
                    live.violations.append(found)  # G1 again follows from the first
                faulted.add(move.seat)
            step = apply_plan(state, move, plan)
            live.steps.append(step)
            live.locs.append(loc)
            if match is not None and step.kind is MoveKind.CAPTURE:
                side = seating.side_of[move.seat]
                live.win = match.immediate_win(side, (move.card, *step.taken))
                if live.win is not None:
                    stop_at_immediate_win(state)
        else:
            continue
        break
    if live.blocked is None and live.win is None and needs_hands(state):
        following = knowledge(len(draft.rounds))
        if following is None:
            live.awaiting_hands = True
        else:
            current = following
            unseen = current.unseen(pool, rules)
            deal_round(state, unseen.working_hands(current.cards))
    live.hands = _views(state, current, unseen, live.awaiting_hands)
    return live


def _views(
    state: DealState, current: _Round, unseen: UnseenCards, awaiting: bool
) -> list[KnownHand]:
    views = []
    for seat, hand in enumerate(state.hands):
        if awaiting:
            views.append(KnownHand((), HAND_SIZE))
            continue
        held = tuple(unseen.known_part(hand))
        played = sum(
            1 for s in state.log if s.round == state.round and s.move.seat == seat
        )
        unknown = 0 if current.exact[seat] else HAND_SIZE - played - len(held)
        views.append(KnownHand(held, max(unknown, 0)))
    return views


def _despite_hand(
    state: DealState, move: Move, everything: list[Card], exc: IllegalMoveError
) -> Plan | None:
    """What the move does if its only fault is the hand, else None."""
    if exc.rule not in HAND_RULES:
        return None
    hand = list(state.hands[move.seat])
    set_hand(state, move.seat, hand + [c for c in everything if c not in hand])
    try:
        return verify_move(state, move)
    except IllegalMoveError:
        return None
    finally:
        set_hand(state, move.seat, hand)


def _structure(
    draft: DealDraft, d: int, r: int, names: Sequence[str], round_over: bool
) -> Violation:
    first = draft.rounds[r].moves[0] if draft.rounds[r].moves else None
    seat = first.seat if first is not None else 0
    card = first.card if first is not None else "?"
    if round_over:
        rule, text = "R3.2", f"round {r + 1}'s hands are not entered"
    else:
        rule, text = "R3.2", f"round {r} is unfinished, so round {r + 1} cannot start"
    return Violation(
        d, r, 0, 0, seat, f"/deals/{d}/rounds/{r}",
        move_where(names, d, r, sum(len(done.moves) for done in draft.rounds[:r]) + 1,
                   seat, card), rule, text,
    )  # fmt: skip
