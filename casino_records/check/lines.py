"""Try another move: a line of play started at a recorded position, played on, scored.

:class:`TriedLine` is what the viewer's "Try another move" drives
(docs/viewer.md): start at any position of a played deal (:meth:`TriedLine.start`),
list the legal moves there (:meth:`TriedLine.legal`), play one
(:meth:`TriedLine.play`), let the greedy bot play the rest of the deal
(:meth:`TriedLine.finish`), compare the line's deal result with what happened
(:meth:`TriedLine.result`) and write the line back into the record as a
variation (:meth:`TriedLine.kept`, docs/notation.md §6.7).

It holds no rule: every move of the line is walked by the replay's
:class:`~casino_records.check.walk.DealWalk` (:meth:`DealWalk.line`, the same
engine check), the bot is :class:`~casino_records.engine.bots.GreedyBot`
playing through :func:`~casino_records.engine.bots.play_out`, and the deal is
scored by :func:`~casino_records.engine.scoring.score_masks`.

The cards are those the record knows (a shuffle, a deck, the hands, the moves).
Where it does not know them all (``??`` in an unfinished round, rounds not
recorded), the line needs whole hands to go on: the cards nobody has seen are
dealt to the hands that lack cards in pack order, and :attr:`TriedLine.assumed`
says so, seat by seat.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..engine.bots import GreedyBot, play_out
from ..engine.cards import CARDS, Card
from ..engine.describe import move_text
from ..engine.match import MatchState
from ..engine.movegen import generate_legal_moves
from ..engine.moves import Move
from ..engine.play import next_round
from ..engine.scoring import SideScore, score_masks
from ..engine.seating import ROUNDS_PER_DEAL, Seating
from ..engine.state import DealState
from ..errors import CasinoRecordError, IllegalMoveError
from ..i18n import ENGLISH, Said, Translator
from ..record.format.models import GameRecord, MoveRecord
from ..record.format.provenance import DealCards, resolve_deal_cards
from ..record.format.translate import to_engine, to_notation
from ..record.replayable import AnyMove, RoundShape
from ..record.text.notation import move_notation
from .replay import replay
from .walk import DealWalk, Halt, RecordedHands, said

__all__ = [
    "Assumption",
    "LineError",
    "LineResult",
    "TriedLine",
    "Variation",
    "kept_lines",
]

HAND_SIZE = 4


class LineError(CasinoRecordError):
    """A line cannot start there, or a move cannot be played in it."""


@dataclass(frozen=True, slots=True)
class Variation:
    """A line as its record keeps it (:meth:`TriedLine.variation`)."""

    deal: int
    """0-based deal."""
    round: int
    """0-based round of the move the line replaces."""
    index: int
    """The move's index in its round."""
    moves: list[dict[str, Any]]
    """The line's moves as the record's JSON writes them (``variations``)."""
    new: bool
    """False when an equal line is kept on that move already (not added again)."""


@dataclass(frozen=True, slots=True)
class LineResult:
    """The line's deal result beside the one played: points per side."""

    sides: tuple[str, ...]
    """The sides' names."""
    line: tuple[int, ...]
    """The points each side banks in the deal as the line plays it."""
    played: tuple[int, ...] | None
    """The same for the deal as played; None when it was not played out."""

    @property
    def text(self) -> str:
        """``this line: Ana 7, Ben 4; played: Ana 5, Ben 6``."""
        line = ", ".join(f"{n} {p}" for n, p in zip(self.sides, self.line, strict=True))
        if self.played is None:
            return f"this line: {line}; played: not played out"
        played = ", ".join(
            f"{n} {p}" for n, p in zip(self.sides, self.played, strict=True)
        )
        return f"this line: {line}; played: {played}"


@dataclass(frozen=True, slots=True)
class Assumption:
    """Cards the line takes a seat to hold that the record does not give."""

    round: int
    """The 0-based round."""
    seat: int
    """The seat."""
    cards: tuple[Card, ...]
    """The cards taken to be in its hand (nobody has seen them)."""


class _Raise:
    """A sink for the cards' provenance: a problem stops the line."""

    def error(
        self,
        kind: str,
        loc: str,
        where: str | Said,
        message: str | Said,
        rule: str = "",
    ) -> None:
        raise LineError(str(message), loc=loc, where=str(where), rule=rule)


class TriedLine:
    """A line of play from before move ``at + 1`` of deal ``deal`` (both 0-based
    counts: ``at`` moves of the deal are played before it), and its moves so far.

    A value: :meth:`play` and :meth:`finish` return a new line.
    """

    def __init__(
        self,
        record: GameRecord,
        deal: int,
        at: int,
        moves: Sequence[Move] = (),
        _from: TriedLine | None = None,
        _after: tuple[DealState, bool] | None = None,
    ) -> None:
        self.record = record
        self.deal = deal
        self.at = at
        self.moves: tuple[Move, ...] = tuple(moves)
        if _from is not None:  # what does not change along a line, worked out once
            for name in ("_setting", "_played"):
                if name in _from.__dict__:
                    self.__dict__[name] = _from.__dict__[name]
        if _after is None:
            for _after in self._walk():
                pass
            assert _after is not None  # a walk yields where the line branches
        self.state: DealState = _after[0]
        """The position after the line's moves."""
        self.won: bool = _after[1]
        """True when a capture of the line won the match at once (R13.4)."""

    def _then(
        self, moves: Sequence[Move], after: tuple[DealState, bool] | None = None
    ) -> TriedLine:
        """This line with ``moves`` instead of its own (walked, unless the
        position ``after`` them is given)."""
        return TriedLine(
            self.record, self.deal, self.at, moves, _from=self, _after=after
        )

    @classmethod
    def start(cls, record: GameRecord, deal: int, at: int) -> TriedLine:
        """A line that replaces move ``at + 1`` of deal ``deal`` (0-based deal).

        :raises LineError: no such deal, a deal given by its piles, or no
            recorded move there (a line replaces a recorded move).
        """
        return cls(record, deal, at)

    # --- the walk -----------------------------------------------------------------------

    @cached_property
    def _setting(self) -> tuple[Seating, DealCards, tuple[Assumption, ...]]:
        record, d = self.record, self.deal
        if not 0 <= d < len(record.deals):
            raise LineError(f"there is no deal {d + 1}")
        deal = record.deals[d]
        if deal.piles is not None:
            raise LineError(f"deal {d + 1} is given by its piles: it has no moves")
        rules = record.rules.effective()
        seating = Seating.create(rules, len(record.players), record.teams)
        cards = resolve_deal_cards(_Raise(), d, deal, rules, seating)
        assert cards is not None  # a problem raised
        return (seating, *_completed(cards, seating, record))

    @property
    def assumptions(self) -> tuple[Assumption, ...]:
        """What the line takes for the cards the record does not give, round by
        round and seat by seat (empty when the record gives every card)."""
        return self._setting[2]

    @property
    def assumed(self) -> tuple[str, ...]:
        """:attr:`assumptions` in English words (the viewer words them in the
        player's language, :mod:`casino_records.present.line_view`)."""
        names = [p.name for p in self.record.players]
        return tuple(
            f"round {a.round + 1}: {names[a.seat]}'s {len(a.cards)} unseen"
            f" card{'s' if len(a.cards) > 1 else ''} taken to be"
            f" {' '.join(c.pretty for c in a.cards)}"
            for a in self.assumptions
        )

    def _branch(self) -> tuple[int, int]:
        """The round and index in it of the move the line replaces."""
        left = self.at
        rounds = self.record.deals[self.deal].rounds
        for r, round_ in enumerate(rounds):
            if left < len(round_.moves):
                return r, left
            left -= len(round_.moves)
        raise LineError(
            f"deal {self.deal + 1} has no move {self.at + 1}: a line replaces a"
            " recorded move"
        )

    def _walk(self) -> Iterator[tuple[DealState, bool]]:
        """Walk the deal to the branch, then the line (the replay's walk):
        the position where it branches and after each of its moves, each
        with whether a capture won the match at once. The position is the
        walk's own, changed by the next move: copy it to keep it.

        :raises LineError, IllegalMoveError: as :meth:`play` says, once
            the moves before the one that stops the line are walked."""
        if self.at < 0:
            raise LineError("a line starts after move 0 at the earliest")
        seating, cards, _ = self._setting
        r, k = self._branch()
        deal = self.record.deals[self.deal]
        rules = self.record.rules.effective()
        rounds: list[RoundShape] = [*deal.rounds[:r], _Round(deal.rounds[r].moves[:k])]
        main = DealWalk(
            rules,
            seating,
            deal.dealer,
            cards.table,
            rounds,
            RecordedHands(cards, rules),
            deal=self.deal,
            match=self._match,
        )
        for _ in main:
            pass
        if main.stop is not None:
            raise LineError(
                f"deal {self.deal + 1} cannot be replayed up to move {self.at + 1}"
                " (validate says why)"
            )
        line = main.line(r, k, 0, self.moves)
        yield line.state, False
        for _ in line:
            yield line.state, line.win is not None
        stop = line.stop
        if stop is not None:
            assert stop.move is not None
            names = [p.name for p in self.record.players]
            where = said(stop.place, names, stop.move)
            if stop.why is Halt.ILLEGAL:
                assert stop.error is not None
                raise IllegalMoveError(
                    stop.error.message,
                    loc=stop.place.pointer,
                    where=where,
                    rule=stop.error.rule,
                )
            raise LineError(
                "the deal is over" if stop.why is Halt.DEAL_OVER else stop.why.value,
                loc=stop.place.pointer,
                where=where,
            )

    @cached_property
    def _played(self) -> tuple[tuple[int, ...], tuple[int, ...] | None, MatchState]:
        """The match before the deal, and the deal's result as played."""
        report = replay(self.record).report
        rules = self.record.rules.effective()
        sides = self.record.side_count
        if self.deal < len(report.deals):
            before = tuple(report.deals[self.deal].totals_before) or (0,) * sides
            dealt = report.deals[self.deal]
            played = tuple(s.banked for s in dealt.sides) if dealt.sides else None
        else:
            before, played = (0,) * sides, None
        return before, played, MatchState(rules, sides, list(before))

    @property
    def totals_before(self) -> tuple[int, ...]:
        """Each side's match total when the deal began."""
        return self._played[0]

    @property
    def _match(self) -> MatchState:
        before, _, match = self._played
        return MatchState(
            match.rules, match.sides, list(before), partners=match.partners
        )

    # --- what the viewer asks ----------------------------------------------------------

    @property
    def finished(self) -> bool:
        """True when the line has played the deal to its end (or won at once)."""
        return self.state.finished or self.won

    def legal(self) -> list[Move]:
        """The legal moves at the line's position (none once it is finished)."""
        if self.finished:
            return []
        state = self.state
        if state.round_over:
            state = self._dealt_ahead()
        return generate_legal_moves(state)

    @property
    def shown(self) -> DealState:
        """The position to draw: :attr:`state`, with the next round dealt
        when one just ended (the hands the next move is played from)."""
        if self.finished or not self.state.round_over:
            return self.state
        return self._dealt_ahead()

    def prefix(self, count: int) -> TriedLine:
        """This line cut to its first ``count`` moves (0: where it branches);
        the first call walks every cut at once (drawing a line asks for each)."""
        count = max(0, min(count, len(self.moves)))
        return self if count == len(self.moves) else self._prefixes[count]

    @cached_property
    def _prefixes(self) -> list[TriedLine]:
        """Every cut of the line, from one walk (a copy of each position)."""
        return [
            self._then(self.moves[:count], (state.copy(), won))
            for count, (state, won) in enumerate(self._walk())
        ]

    def _dealt_ahead(self) -> DealState:
        """The position with the next round dealt (a round just ended)."""
        state = self.state.copy()
        next_round(state, self._setting[1].rounds[state.round + 1])
        return state

    def play(self, move: Move | MoveRecord) -> TriedLine:
        """The line with ``move`` played next.

        :raises IllegalMoveError: the move is illegal there (its place and
            the rule, as the replay says it); :raises LineError: the line is over.
        """
        if self.finished:
            raise LineError("the line has played the deal to its end")
        return self._then((*self.moves, to_engine(move)))

    def finish(self, seed: int | str = 0) -> TriedLine:
        """The line with the rest of the deal played by the greedy bot (seeded),
        with the cards the record knows (and :attr:`assumed`)."""
        if self.finished:
            return self
        state = self.state.copy()  # the walk keeps a log of steps
        before = len(state.log)
        bots = [GreedyBot(seed) for _ in range(state.seating.players)]
        play_out(state, bots, self._setting[1].rounds, self._match)
        more = [step.move for step in state.log[before:]]
        return self._then((*self.moves, *more))

    def result(self) -> LineResult | None:
        """The line's deal result beside the played one; None until finished,
        or when a capture of the line won the match (no deal score then)."""
        if not self.state.finished or self.won:
            return None
        before, played, match = self._played
        rules = self.record.rules.effective()
        scores: list[SideScore] = score_masks(
            rules, self.state.pile_bits, self.state.sweeps, list(before)
        )
        names = tuple(_side_names(self.record))
        return LineResult(names, tuple(s.banked for s in scores), played)

    def words(self, t: Translator = ENGLISH) -> list[str]:
        """The line's moves in words (in ``t``'s language), each with its
        number in the deal."""
        names = [p.name for p in self.record.players]
        return [
            f"{self.at + 1 + i}. {names[m.seat]}: {move_text(m, t=t)}"
            for i, m in enumerate(self.moves)
        ]

    def variation(self) -> Variation:
        """Where the line goes as a variation of the move it replaces, and its
        moves as the record writes them (what :meth:`kept` adds).

        :raises LineError: the line has no move yet.
        """
        if not self.moves:
            raise LineError("the line has no move to keep")
        r, k = self._branch()
        move = self.record.deals[self.deal].rounds[r].moves[k]
        line = [
            to_notation(m).model_dump(mode="json", exclude_none=True)
            for m in self.moves
        ]
        kept = [
            _plain([m.model_dump(mode="json", exclude_none=True) for m in old])
            for old in move.variations or ()
        ]
        return Variation(self.deal, r, k, line, _plain(line) not in kept)

    def kept(self) -> GameRecord:
        """The record with this line as a variation of the move it replaces
        (added after its lines, once: a line already there is not added again).

        :raises LineError: the line has no move yet.
        """
        where = self.variation()
        data: dict[str, Any] = self.record.model_dump(mode="json", exclude_none=True)
        move = data["deals"][where.deal]["rounds"][where.round]["moves"][where.index]
        lines = list(move.get("variations", ()))
        if where.new:
            lines.append(where.moves)
        move["variations"] = lines
        return GameRecord.model_validate(data)

    def link(self) -> dict[str, str]:
        """The deep link's parameters of the line's last position: the deal,
        where it branches, its moves in the text notation (``;`` between)."""
        moves = ";".join(move_notation(to_notation(m)) for m in self.moves)
        return {"deal": str(self.deal + 1), "from": str(self.at + 1), "line": moves}


def kept_lines(record: GameRecord, deal: int, at: int) -> list[tuple[int, TriedLine]]:
    """The lines the record keeps on move ``at + 1`` of deal ``deal`` (its
    variations), each with its number there (from 0), that the engine can play
    from the position before it. A line it cannot play is left out: the
    record's verdict reports it. Empty for a deal given by its piles or a
    place with no recorded move.
    """
    if not 0 <= deal < len(record.deals) or record.deals[deal].piles is not None:
        return []
    left = at
    for round_ in record.deals[deal].rounds:
        if left < len(round_.moves):
            lines = round_.moves[left].variations or ()
            break
        left -= len(round_.moves)
    else:
        return []
    found: list[tuple[int, TriedLine]] = []
    for number, moves in enumerate(lines):
        try:
            found.append(
                (number, TriedLine(record, deal, at, [to_engine(m) for m in moves]))
            )
        except (CasinoRecordError, ValueError):
            continue
    return found


class _Round:
    """A recorded round cut short, as the walk reads it (its hands come from
    the hands source)."""

    def __init__(self, moves: Sequence[AnyMove]) -> None:
        self.hands: Sequence[Sequence[str]] | None = None
        self.moves: Sequence[AnyMove] = moves


def _plain_move(move: dict[str, Any]) -> dict[str, Any]:
    return {
        k: v
        for k, v in move.items()
        if k in ("seat", "card", "action", "take", "onto", "value")
    }


def _plain(line: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    return [_plain_move(dict(m)) for m in line]


def _side_names(record: GameRecord) -> list[str]:
    names = [p.name for p in record.players]
    if record.teams is None:
        return names
    return [" & ".join(names[s] for s in team) for team in record.teams]


def _completed(
    cards: DealCards, seating: Seating, record: GameRecord
) -> tuple[DealCards, tuple[Assumption, ...]]:
    """Every round's whole hands: the record's, else completed from the cards
    nobody has seen (in pack order), with what was assumed."""
    players = seating.players
    rounds_needed = ROUNDS_PER_DEAL[players]
    if not cards.unseen and len(cards.rounds) >= rounds_needed:
        return cards, ()
    pool: list[Card] = sorted(cards.unseen) if cards.unseen else []
    if not cards.unseen:
        seen = set(cards.table)
        for dealt in cards.rounds:
            for hand in dealt:
                seen.update(hand)
        pool = [c for c in CARDS if c not in seen]
    assumed: list[Assumption] = []
    rounds: list[list[list[Card]]] = []
    for r in range(rounds_needed):
        given = (
            cards.rounds[r] if r < len(cards.rounds) else [[] for _ in range(players)]
        )
        hands: list[list[Card]] = []
        for seat, hand in enumerate(given):
            missing = HAND_SIZE - len(hand)
            extra, pool = pool[:missing], pool[missing:]
            if extra:
                assumed.append(Assumption(r, seat, tuple(extra)))
            hands.append([*hand, *extra])
        rounds.append(hands)
    unknown = [[0] * players for _ in rounds]
    return DealCards(list(cards.table), rounds, unknown), tuple(assumed)
