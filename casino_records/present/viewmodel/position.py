"""The view of one step: the seats around the felt, the piles, the last move.

A step is the start of a deal, the position right after one of its moves, or
one of a finished deal's end steps (see :mod:`.game`): the last move shows the
table as the move left it, the ``residue`` step the cards left on the table
going to the last capturer, the ``score`` step the empty table and the score.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ...engine.cards import BIG_CASINO, LITTLE_CASINO, Card, Suit, parse_card
from ...engine.describe import move_text, step_text
from ...engine.seating import HAND_SIZE
from ...engine.state import DealState
from ...errors import CasinoRecordError
from ...i18n import ENGLISH, Translator
from ...record.format.translate import to_engine
from .felt import FeltItem, felt_after, plain_felt, table_before_residue
from .findings import failing_finding
from .game import Game, StepKind, recorded_move
from .perspective import ALL, NONE, seat_of

__all__ = [
    "PLACES",
    "HandView",
    "IllegalView",
    "PositionView",
    "SideView",
    "hand_views",
    "pile_view",
    "position_view",
]

PLACES: Final = {
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
}
"""Where the seats sit around the felt, clockwise from the one at the bottom:
two face to face, three around, four with partners opposite."""


@dataclass(frozen=True, slots=True)
class HandView:
    """One seat at the table, its hand as the perspective shows it."""

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
    side: int = 0
    """The seat's side (its capture pile is the side's)."""
    unseen: int = 0
    """Cards the seat holds that the record does not tell (a round it stops in,
    hands unknown, D7): drawn face down after :attr:`cards`."""
    place: str = "bottom"
    """Where it sits around the felt (one of :data:`PLACES`)."""
    last_capture: bool = False
    """True for the seat a deal given by its piles says made the last capture."""


@dataclass(frozen=True, slots=True)
class SideView:
    """One side's capture pile and score at a step."""

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
    """Points earned in the deal (at its score)."""
    banked: int | None = None
    """Points added to the match total (at its score)."""
    total_after: int | None = None
    """The match total after the deal (at its score)."""
    big_casino: bool = False
    """True once the pile holds Big Casino (10♦): its points are certain."""
    little_casino: bool = False
    """True once the pile holds Little Casino (2♠)."""
    aces: int = 0
    """Aces in the pile."""
    taken: tuple[Card, ...] = ()
    """The pile's cards, for a deal given by its piles (shown face up: they are
    what the players brought); empty for a deal played move by move."""

    def certain(self, t: Translator = ENGLISH) -> list[str]:
        """The points already certain: ``["Big Casino", "2 aces"]`` (not escaped)."""
        found = [t.gettext("Big Casino")] * self.big_casino + [
            t.gettext("Little Casino")
        ] * self.little_casino
        if self.aces:
            found.append(
                t.ngettext("{n} ace", "{n} aces", self.aces).format(n=self.aces)
            )
        return found

    def counts(self, t: Translator = ENGLISH) -> str:
        """``14 cards · 5 spades · 1 sweep`` and the certain points (not escaped)."""
        parts = [
            t.ngettext("{n} card", "{n} cards", self.cards).format(n=self.cards),
            t.ngettext("{n} spade", "{n} spades", self.spades).format(n=self.spades),
        ]
        if self.sweeps:
            parts.append(
                t.ngettext("{n} sweep", "{n} sweeps", self.sweeps).format(n=self.sweeps)
            )
        return " · ".join(parts + self.certain(t))


@dataclass(frozen=True, slots=True)
class IllegalView:
    """The record's illegal next move, drawn where the replay stops."""

    seat: int
    """Who played it."""
    card: Card
    """The card played."""
    in_hand: bool
    """False when the card is not in the player's hand."""
    targets: frozenset[Card]
    """The table cards it names (to take, or to build onto)."""
    text: str
    """The move in words (``Ana: 4♥ builds 6 onto 2♥``; not escaped)."""


@dataclass(frozen=True, slots=True)
class PositionView:
    """Everything the viewer draws for one step."""

    deal: int
    """0-based deal."""
    deals: int
    """Deals in the record."""
    move: int
    """The step (moves played, then the end steps)."""
    moves: int
    """The deal's moves in the record (up to the replay's stop)."""
    kind: StepKind
    """``move``, ``residue`` or ``score``."""
    round: int
    """0-based round."""
    rounds: int
    """Rounds in a deal."""
    dealer: str
    """The dealer's name."""
    turn: int | None
    """The seat to move, None at the end or where the record stops."""
    finished: bool
    """True at the score of a complete deal."""
    stops: bool
    """True at the record's last position of an incomplete deal (an
    unfinished game, or the move before an illegal one)."""
    felt: tuple[FeltItem, ...]
    """What lies on the table, the last move marked where it happened."""
    sweep: bool
    """True when the last move swept the table."""
    last_text: str | None
    """The last move in words (:func:`describe.step_text`)."""
    last_comment: str | None
    """The record's comment on the last move."""
    last_glyph: str | None
    """The record's glyph on the last move."""
    hands: tuple[HandView, ...]
    """Every seat, by seat."""
    sides: tuple[SideView, ...]
    """Every side's pile and score."""
    deal_comment: str | None
    """The record's comment on the deal."""
    residue: tuple[Card, ...] = ()
    """At the end steps: the cards left on the table, given to the last capturer."""
    residue_side: str | None = None
    """The side that took the residue."""
    illegal: IllegalView | None = None
    """The illegal move the record plays next, at the step where it stops."""
    order: tuple[int, ...] = ()
    """The deal's seats in playing order, the dealer last (R2.3)."""
    clockwise: bool = True
    """True when play goes clockwise (classic, royal), False counter-clockwise."""
    piled: bool = False
    """True for a deal given by its piles: no moves, no rounds, only its end."""

    def headline(self, t: Translator = ENGLISH) -> str:
        """``Deal 1 / 3 · Round 2 / 6 · Move 12 / 48`` (no data in it); a deal
        given by its piles has no rounds: ``Deal 2 / 3 · Piles``."""
        if self.kind == StepKind.RESIDUE:
            where = t.gettext("Residue")
        elif self.kind == StepKind.SCORE:
            where = t.gettext("Score")
        elif self.piled:
            where = t.gettext("Piles")
        elif self.move:
            where = t.gettext("Move {n} / {moves}").format(
                n=self.move, moves=self.moves
            )
        else:
            where = t.gettext("Start")
        deal = t.gettext("Deal {n} / {deals}").format(n=self.deal + 1, deals=self.deals)
        if self.piled:
            return f"{deal} · {where}"
        round_ = t.gettext("Round {n} / {rounds}").format(
            n=self.round + 1, rounds=self.rounds
        )
        return f"{deal} · {round_} · {where}"

    def turn_text(self, names: Sequence[str], t: Translator = ENGLISH) -> str:
        """Whose turn it is, or how the deal ends (not escaped)."""
        if self.kind == StepKind.SCORE:
            return t.gettext("End of the deal")
        if self.piled and self.kind == StepKind.MOVE:
            return t.gettext("Nobody wrote the moves down")
        if self.kind == StepKind.RESIDUE:
            if self.residue_side is None:
                return t.gettext("Nobody captured: the cards left stay unclaimed")
            return t.gettext("The cards left go to {side}").format(
                side=self.residue_side
            )
        if self.turn is None:
            if self.stops:
                return t.gettext("The record stops here")
            return t.gettext("The last card is played")
        if self.stops:
            return t.gettext("{player} to play (the record stops here)").format(
                player=names[self.turn]
            )
        return t.gettext("{player} to play").format(player=names[self.turn])


def _unseen(game: Game, deal: int, index: int, state: DealState) -> list[int]:
    """Per seat, its cards the record does not tell at position ``index``: in
    the round an unfinished deal stops in with hands unknown (D7), what a
    seat holds less the cards it is known to hold (those it plays later)."""
    seats = len(state.hands)
    report = game.deal_report(deal)
    rounds = game.record.deals[deal].rounds
    if report is None or not report.unseen or state.round != len(rounds) - 1:
        return [0] * seats
    start = sum(len(r.moves) for r in rounds[:-1])
    played = [m.seat for m in rounds[-1].moves[: max(0, index - start)]]
    return [
        max(0, HAND_SIZE - played.count(s) - len(state.hands[s])) for s in range(seats)
    ]


def _places(players: int, bottom: int) -> list[str]:
    around = PLACES.get(players) or ("bottom",) * players
    return [around[(seat - bottom) % players] for seat in range(players)]


def hand_views(
    state: DealState,
    names: Sequence[str],
    perspective: str,
    turn: int | None,
    unseen: Sequence[int] = (),
    last_capture: int | None = None,
) -> tuple[HandView, ...]:
    """Every seat at ``state``, its hand as ``perspective`` shows it: ``turn``
    the seat to play (None: nobody), ``unseen`` per seat the cards it holds
    that the record does not tell (none when empty), ``last_capture`` the seat
    a deal given by its piles says made the last capture."""
    seat = seat_of(perspective)
    places = _places(len(names), max(seat, 0))
    return tuple(
        HandView(
            seat=s,
            name=names[s],
            cards=tuple(hand),
            face_down=perspective == NONE or (perspective != ALL and s != seat),
            to_play=s == turn,
            dealer=s == state.dealer,
            side=state.side_of(s),
            unseen=unseen[s] if unseen else 0,
            place=places[s],
            last_capture=s == last_capture,
        )
        for s, hand in enumerate(state.hands)
    )


def position_view(
    game: Game,
    deal: int,
    move: int,
    perspective: str = ALL,
    t: Translator = ENGLISH,
) -> PositionView:
    """The view of step ``move`` of ``deal`` from ``perspective``, its moves
    in ``t``'s words."""
    kept = game.positions[deal]
    moves = len(kept) - 1
    kind = game.step_kind(deal, move)
    index = min(move, moves)
    position = kept[index]
    state = position.state
    names = game.names
    finished = state.finished
    piled = game.piled(deal)
    before_residue = finished and kind != StepKind.SCORE
    residue = tuple(state.residue) if finished else ()
    taker = state.residue_side if finished else None
    piles = [list(pile) for pile in state.piles]
    given = game.record.deals[deal].piles
    if (
        kind == StepKind.MOVE and given is not None
    ):  # the piles as given, without the residue
        piles = [[parse_card(card) for card in pile] for pile in given.sides]
    elif kind == StepKind.MOVE and finished and taker is not None and residue:
        piles[taker] = piles[taker][: len(piles[taker]) - len(residue)]
    if before_residue:
        loose, builds = table_before_residue(kept)
    else:
        loose, builds = list(state.loose), list(state.builds)
    step = position.last if kind == StepKind.MOVE else None
    if kind == StepKind.SCORE:
        felt: tuple[FeltItem, ...] = ()
    elif kind == StepKind.RESIDUE:
        felt = plain_felt(loose, builds, "residue")
    elif step is None or index == 0:
        felt = plain_felt(loose, builds)
    else:
        felt = felt_after(kept[index - 1].state, step, loose, builds)
    illegal = _illegal(game, deal, index, t) if kind == StepKind.MOVE else None
    if illegal is not None:
        felt = tuple(
            FeltItem(
                item.cards,
                tuple(
                    "illegal" if card in illegal.targets else mark
                    for card, mark in zip(item.cards, item.marks, strict=True)
                ),
                item.build,
                item.ghost,
            )
            for item in felt
        )
    turn = None if finished or not any(state.hands) else state.turn
    hands = hand_views(
        state,
        names,
        perspective,
        turn,
        _unseen(game, deal, index, state),
        game.last_capturer(deal),
    )
    last_text = comment = glyph = None
    if step is not None:
        last_text = step_text(step, names, t)
        notation = recorded_move(game, position.last_loc)
        if notation is not None:
            comment, glyph = notation.comment, notation.glyph
    return PositionView(
        deal=deal,
        deals=len(game.record.deals),
        move=move,
        moves=moves,
        kind=kind,
        round=state.round,
        rounds=state.seating.rounds,
        dealer=names[state.dealer],
        turn=turn,
        finished=kind == StepKind.SCORE,
        stops=index == moves and not finished,
        felt=felt,
        sweep=step is not None and step.sweep,
        last_text=last_text,
        last_comment=comment,
        last_glyph=glyph,
        hands=hands,
        sides=tuple(_sides(game, deal, position.totals, piles, state, kind, piled)),
        deal_comment=game.record.deals[deal].comment,
        residue=residue if kind != StepKind.MOVE else (),
        residue_side=game.sides[taker] if taker is not None else None,
        illegal=illegal,
        order=state.seating.play_order(state.dealer),
        clockwise=state.seating.step == 1,
        piled=piled,
    )


def _sides(
    game: Game,
    deal: int,
    totals: tuple[int, ...],
    piles: list[list[Card]],
    state: DealState,
    kind: StepKind,
    piled: bool = False,
) -> list[SideView]:
    report = game.deal_report(deal)
    scored = kind == StepKind.SCORE and report is not None and bool(report.sides)
    sides = []
    for side, pile in enumerate(piles):
        result = report.sides[side] if scored and report is not None else None
        sides.append(
            pile_view(
                side,
                game.sides[side],
                pile,
                len(state.sweeps[side]),
                totals[side] if side < len(totals) else 0,
                earned=None if result is None else result.earned,
                banked=None if result is None else result.banked,
                total_after=None if result is None else result.total_after,
                taken=tuple(sorted(pile)) if piled else (),
            )
        )
    return sides


def pile_view(
    side: int,
    name: str,
    pile: Collection[Card],
    sweeps: int,
    match_start: int,
    **score: Any,
) -> SideView:
    """A side's :class:`SideView` counted from its capture pile, with ``score``
    (``earned``, ``banked``, ``total_after``, ``taken``) where known."""
    return SideView(
        side=side,
        name=name,
        cards=len(pile),
        spades=sum(1 for c in pile if c.suit is Suit.SPADES),
        sweeps=sweeps,
        match_start=match_start,
        big_casino=BIG_CASINO in pile,
        little_casino=LITTLE_CASINO in pile,
        aces=sum(1 for c in pile if c.is_ace),
        **score,
    )


def _illegal(
    game: Game, deal: int, index: int, t: Translator = ENGLISH
) -> IllegalView | None:
    """The illegal move the record plays from this position, if it is one."""
    failing = failing_finding(game, deal, index)
    if failing is None or failing.kind != "illegal_move":
        return None
    notation = recorded_move(game, failing.loc)
    if notation is None:
        return None
    try:
        move = to_engine(notation)
    except (CasinoRecordError, ValueError, KeyError):  # pragma: no cover - validated
        return None
    state = game.positions[deal][index].state
    if not 0 <= move.seat < len(game.names):
        return None
    held = move.seat < len(state.hands) and move.card in state.hands[move.seat]
    return IllegalView(
        seat=move.seat,
        card=move.card,
        in_hand=held,
        targets=frozenset(move.cards),
        text=f"{game.names[move.seat]}: {move_text(move, t=t)}",
    )
