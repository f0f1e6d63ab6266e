"""A game being recorded move by move: the object every scorer front end drives.

>>> s = ScorerSession(GameSetup(names=("Ana", "Ben"), dealer=1))
>>> s.phase, s.set_table("4S 5D 6C 9C".split()), s.phase, s.names[s.to_move]
('table', None, 'move', 'Ana')
>>> [c.words for c in s.candidates("9D")][:4]
['9♦ takes 4♠ 5♦', '9♦ takes 9♣', '9♦ takes 4♠ 5♦ 9♣', '9♦ builds 9 onto 4♠ 5♦']
>>> s.play("9D x 4S 5D 9C").sentence
'Ana plays 9♦ and takes [4♠ 5♦] + [9♣].'
>>> s.names[s.to_move], s.undo(), s.names[s.to_move]
('Ben', 1, 'Ana')

Each entry is checked by the engine as it is made; where the hands are unknown,
a move is checked again once the mover's hand is (see :mod:`.live`), and
:attr:`ScorerSession.violations` lists what broke a rule, at the move that broke it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, Literal, TypeVar, cast

from ..engine.cards import CARDS, Card
from ..engine.describe import cited, in_words, side_names
from ..engine.moves import Move
from ..errors import EntryError, RecordFormatError
from ..record.format.models import (
    SHUFFLE_METHOD,
    ClaimedMatch,
    GameRecord,
    Shuffle,
)
from ..record.format.pointer import move_place
from ..record.format.translate import to_engine
from ..record.simulate import deal_seed
from ..record.text.parse import parse_move
from .candidates import Candidate, candidates, check_move, playable_cards
from .draft import DealDraft, RoundDraft
from .entries import entered_cards, entered_hands, with_build_cards
from .live import LiveDeal, Violation, run_deal
from .setup import GameSetup
from .sheet import Standing, standing, with_claim

__all__ = ["Phase", "ScorerSession"]

Phase = Literal["table", "hands", "move", "claims", "over", "blocked"]
"""What the session waits for: the deal's table cards, this round's hands, a
move, the score sheet of a finished deal (then the next deal), nothing more
(the match is won), or an undo (a loaded move no hand makes legal)."""


_Method = TypeVar("_Method", bound=Callable[..., Any])


def _in_words(method: _Method) -> _Method:
    """Refuse in players' words: an :class:`EntryError` raised by ``method``
    names the seats and sides and cites its rule at the end (:func:`in_words`)."""

    @functools.wraps(method)
    def worded(self: ScorerSession, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except EntryError as exc:
            sides = side_names(self.names, self.seating.side_of)
            exc.message = cited(in_words(exc.message, sides, self.names), exc.rule)
            exc.where = in_words(exc.where, sides, self.names)
            exc.args = (exc.message,)
            raise

    return cast(_Method, worded)


class ScorerSession:
    """A game being recorded: set-up, deals, moves, claims; checked throughout."""

    def __init__(self, setup: GameSetup, *, match_claim: ClaimedMatch | None = None):
        """Start recording a game set up as ``setup``."""
        self.setup = setup
        self.rules = setup.rules()
        self.seating = setup.seating()
        self.names: tuple[str, ...] = tuple(setup.names)
        self.deals: list[DealDraft] = []
        self.match_claim = match_claim
        self._lives: dict[int, LiveDeal | None] = {}
        self._standings: dict[tuple[int, int], Standing] = {}
        self._version = 0
        self._record: tuple[int, GameRecord | None] | None = None
        self._open_deal(setup.dealer)

    # --- loading ---------------------------------------------------------------------

    @classmethod
    def from_record(cls, record: GameRecord) -> ScorerSession:
        """Go on recording ``record`` (finished or not) where it stops."""
        setup = GameSetup.of_record(record)
        session = cls(setup, match_claim=record.claimed)
        session.deals = [DealDraft.of(deal) for deal in record.deals]
        session._changed(all_deals=True)
        return session

    # --- where things stand ------------------------------------------------------------

    @property
    def current(self) -> DealDraft:
        """The deal being recorded (the last one)."""
        return self.deals[-1]

    @property
    def deal_index(self) -> int:
        """0-based index of the deal being recorded."""
        return len(self.deals) - 1

    def live(self, deal: int | None = None) -> LiveDeal | None:
        """Deal ``deal`` (default: the current one) played through the engine."""
        d = self.deal_index if deal is None else deal
        if d not in self._lives:
            match = None
            if self.rules.near_target_immediate_win:
                match = self._standing_of(d).match
            self._lives[d] = run_deal(
                self.deals[d],
                d,
                self.rules,
                self.seating,
                self.names,
                match=match,
                hands_entered=self.setup.cards == "hands",
            )
        return self._lives[d]

    @property
    def version(self) -> int:
        """Changes with every change to the record (a move, a claim, a comment …)."""
        return self._version

    @property
    def phase(self) -> Phase:
        """What the session waits for now."""
        live = self.live()
        if live is None:
            return "table"
        if live.blocked is not None:
            return "blocked"
        if live.awaiting_hands:
            return "hands"
        if not live.finished:
            return "move"
        return "over" if self.standing().winner is not None else "claims"

    @property
    def to_move(self) -> int | None:
        """The seat to move, while a move is awaited."""
        live = self.live()
        return live.state.turn if live is not None and self.phase == "move" else None

    @property
    def violations(self) -> list[Violation]:
        """Every move found to break a rule, in every deal, in order."""
        found: list[Violation] = []
        for d in range(len(self.deals)):
            live = self.live(d)
            if live is not None:
                found += live.violations
                if live.blocked is not None:
                    found.append(live.blocked)
        return found

    def standing(self) -> Standing:
        """The score of the deals finished so far: computed beside claimed."""
        live = self.live()
        finished = live is not None and live.finished
        return self._standing_of(len(self.deals) if finished else self.deal_index)

    def _standing_of(self, deals: int) -> Standing:
        """The replay's standing after the first ``deals`` deals."""
        key = (self._version, deals)
        if key not in self._standings:
            self._standings = {
                k: v for k, v in self._standings.items() if k[0] == self._version
            }
            record = self.record()
            if record is not None and deals > 0:
                record = record.model_copy(update={"deals": record.deals[:deals]})
            else:
                record = None
            self._standings[key] = standing(record)
        return self._standings[key]

    def record(self) -> GameRecord | None:
        """The record so far (valid when unfinished); None before any card."""
        if self._record is not None and self._record[0] == self._version:
            return self._record[1]
        deals = [d.model() for d in self.deals if self._has_cards(d)]
        record = None
        if deals:
            record = GameRecord.model_validate(
                {**self.setup.header(), "deals": deals, "claimed": self.match_claim}
            )
        self._record = (self._version, record)
        return record

    def where(self) -> str:
        """The next move in words: ``deal 1, move 11 (round 2): Ana to play``."""
        live = self.live()
        if live is None or self.to_move is None:
            return f"deal {self.deal_index + 1}"
        r, _ = self._next_place(live)
        number = live.state.moves_played + 1
        name = self.names[live.state.turn]
        return f"{move_place(self.deal_index, number, r)}: {name} to play"

    # --- entering cards ----------------------------------------------------------------

    @_in_words
    def set_table(self, cards: Sequence[str]) -> None:
        """Enter the four cards the current deal starts with on the table.

        :raises EntryError: not 4 distinct cards, or a deal dealt by the engine.
        """
        deal = self.current
        if self.phase != "table":
            raise EntryError(
                "the table cards are entered at the start of a deal only",
                where=f"deal {self.deal_index + 1}",
            )
        table = entered_cards(cards, f"deal {self.deal_index + 1}, table")
        if len(table) != 4:
            raise EntryError(
                f"R3.1 the table starts with 4 cards, not {len(table)}", rule="R3.1"
            )
        deal.table = [str(c) for c in table]
        self._changed()

    @_in_words
    def set_hands(self, hands: Sequence[Sequence[str]]) -> None:
        """Enter every seat's 4 cards for the round about to start (known hands).

        :raises EntryError: not 4 cards a seat, a card dealt twice or already seen.
        """
        if self.phase != "hands":
            raise EntryError("hands are entered at the start of a round only")
        live = self.live()
        assert live is not None
        r = len([r for r in self.current.rounds if r.hands is not None or r.moves])
        where = f"deal {self.deal_index + 1}, round {r + 1}, hands"
        if len(hands) != self.seating.players:
            raise EntryError(
                f"R3.1 one hand per seat: {self.seating.players}, not {len(hands)}",
                where=where,
                rule="R3.1",
            )
        parsed = entered_hands(hands, set(CARDS) - live.pool, where)
        round_ = RoundDraft(hands=[[str(c) for c in hand] for hand in parsed])
        self.current.rounds.append(round_)
        self._changed()

    def playable(self) -> list[Card]:
        """The cards the seat to move may play (its hand, or every unseen card)."""
        live = self.live()
        return playable_cards(live) if live is not None else []

    @_in_words
    def candidates(self, card: str | Card) -> list[Candidate]:
        """Every legal move of ``card`` for the seat to move, in words and drawable.

        :raises EntryError: the card cannot be played here, with the rule.
        """
        live = self._live_for_move()
        played = entered_cards([str(card)], self.where())[0]
        return candidates(live, played, self.names, self.where())

    @_in_words
    def play(self, entry: Candidate | Move | str) -> Candidate:
        """Play a move: a candidate, the engine's move, or text (``9D x 4S 5D``;
        a build on the table may be named by its label: ``10S x B1``).

        A comment (``{...}``) and a glyph (``!?``) typed with the move are kept.

        :raises EntryError: unreadable text, or an illegal move (with the rule
            and the legal moves of its card).
        """
        live = self._live_for_move()
        where = self.where()
        if isinstance(entry, str):
            try:
                notation = parse_move(
                    with_build_cards(entry, live, where), seat=live.state.turn
                )
            except RecordFormatError as exc:
                raise EntryError(exc.message, where=where) from None
            if notation.seat >= self.seating.players:
                raise EntryError(
                    f"seat {notation.seat} does not exist", where=where, rule="R2.4"
                )
            chosen = check_move(live, to_engine(notation), self.names, where)
            note = {"comment": notation.comment, "glyph": notation.glyph}
            chosen = replace(chosen, notation=chosen.notation.model_copy(update=note))
        else:
            move = entry if isinstance(entry, Move) else entry.move
            chosen = check_move(live, move, self.names, where)
        r, _ = self._next_place(live)
        while len(self.current.rounds) <= r:
            self.current.rounds.append(RoundDraft())
        self.current.rounds[r].moves.append(chosen.notation)
        self._changed()
        return chosen

    # --- changing what was entered ---------------------------------------------------------

    @_in_words
    def undo(self, count: int = 1) -> int:
        """Take back the last ``count`` entries (moves; then hands, a table, a deal).

        :returns: how many were taken back (fewer when the record runs out).
        """
        done = 0
        while done < count and self._undo_one():
            done += 1
        if done:
            self._changed(all_deals=True)
        return done

    @_in_words
    def annotate(
        self, deal: int, index: int, comment: str | None, glyph: str | None
    ) -> None:
        """Set (or clear) the comment and glyph of move ``index`` of deal ``deal``.

        :raises EntryError: no such move, or a glyph other than ``! ? !! ?? !? ?!``.
        """
        if not 0 <= deal < len(self.deals):
            raise EntryError(f"there is no deal {deal + 1}")
        at = 0
        for round_ in self.deals[deal].rounds:
            if index < at + len(round_.moves):
                k = index - at
                move = round_.moves[k]
                fields = {**move.model_dump(), "comment": comment or None}
                fields["glyph"] = glyph or None
                try:
                    round_.moves[k] = type(move).model_validate(fields)
                except ValueError:
                    raise EntryError(
                        f"{glyph!r} is not a glyph (! ? !! ?? !? ?!)"
                    ) from None
                self._version += 1
                return
            at += len(round_.moves)
        raise EntryError(f"deal {deal + 1} has no move {index + 1}")

    @_in_words
    def claim(self, deal: int, side: int, category: str, value: int | None) -> None:
        """Set (or clear) one claimed figure of deal ``deal``'s score sheet."""
        if not 0 <= deal < len(self.deals):
            raise EntryError(f"there is no deal {deal + 1}")
        draft = self.deals[deal]
        draft.claimed = with_claim(
            draft.claimed, self.seating.sides, side, category, value
        )
        self._version += 1

    @_in_words
    def claim_match(
        self, totals: Sequence[int] | None, winner: int | None, comment: str | None
    ) -> None:
        """Set (or clear) the match result as the players recorded it."""
        if totals is None and winner is None and not comment:
            self.match_claim = None
        else:
            self.match_claim = ClaimedMatch(
                totals=tuple(totals) if totals is not None else None,
                winner=winner,
                comment=comment or None,
            )
        self._version += 1

    @_in_words
    def comment_deal(self, deal: int, comment: str | None) -> None:
        """Set (or clear) the comment on deal ``deal``."""
        if not 0 <= deal < len(self.deals):
            raise EntryError(f"there is no deal {deal + 1}")
        self.deals[deal].comment = comment or None
        self._version += 1

    @_in_words
    def comment_game(self, comment: str | None) -> None:
        """Set (or clear) the comment on the whole game."""
        self.setup = replace(self.setup, comment=comment or None)
        self._version += 1

    @_in_words
    def next_deal(self) -> None:
        """Start the next deal once this one is finished (its dealer per R2.7).

        :raises EntryError: the deal is not finished, or the match is won.
        """
        phase = self.phase
        if phase == "over":
            winner = self.standing().winner
            raise EntryError(
                f"R13.2 the match is over: side {winner} has won", rule="R13.2"
            )
        if phase != "claims":
            raise EntryError(
                f"deal {self.deal_index + 1} is not finished",
                where=self.where(),
                rule="R3.3",
            )
        self._open_deal(self.seating.next_dealer(self.current.dealer))

    # --- inside --------------------------------------------------------------------------

    def _open_deal(self, dealer: int) -> None:
        draft = DealDraft(dealer=dealer)
        if self.setup.cards == "shuffle":
            seed = deal_seed(self.setup.seed, len(self.deals))
            draft.shuffle = Shuffle(method=SHUFFLE_METHOD, seed=seed)
        self.deals.append(draft)
        self._changed()

    def _changed(self, all_deals: bool = False) -> None:
        if all_deals:
            self._lives.clear()
        else:
            self._lives.pop(self.deal_index, None)
        self._version += 1

    @staticmethod
    def _has_cards(draft: DealDraft) -> bool:
        return (
            draft.table is not None
            or draft.shuffle is not None
            or draft.deck is not None
        )

    def _live_for_move(self) -> LiveDeal:
        live = self.live()
        if live is None or self.phase != "move":
            raise EntryError(
                f"no move is expected now: {self._waiting()}", where=self.where()
            )
        return live

    def _waiting(self) -> str:
        return {
            "table": "enter the table cards",
            "hands": "enter this round's hands",
            "claims": "the deal is over: enter the score sheet, then the next deal",
            "over": "the match is over",
            "blocked": "a move cannot be played: undo it",
            "move": "a move",
        }[self.phase]

    def _next_place(self, live: LiveDeal) -> tuple[int, int]:
        r = live.state.round
        round_ = self.current.rounds[r] if r < len(self.current.rounds) else None
        return r, len(round_.moves) if round_ is not None else 0

    def _undo_one(self) -> bool:
        deal = self.current
        while (
            deal.rounds and not deal.rounds[-1].moves and deal.rounds[-1].hands is None
        ):
            deal.rounds.pop()
        if deal.rounds:
            last = deal.rounds[-1]
            if last.moves:
                last.moves.pop()
            else:
                deal.rounds.pop()  # the round's entered hands
            if not last.moves and last.hands is None:
                deal.rounds.pop()
            return True
        if deal.table is not None:
            deal.table = None
            return True
        if len(self.deals) > 1:
            self.deals.pop()
            return True
        return False
