"""The deal walker on its own: places, policies, the immediate win, rounds that cannot start."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

import pytest

from casino_records.check.replay import replay
from casino_records.check.walk import (
    DealWalk,
    Fault,
    Halt,
    RoundHands,
    Verdict,
    WalkPolicy,
)
from casino_records.engine.cards import CARDS, Card, parse_card
from casino_records.engine.match import MatchState
from casino_records.engine.seating import Seating
from casino_records.engine.unknown import HAND_RULES, UnseenCards, representatives
from casino_records.engine.values import value_tables
from casino_records.errors import IllegalMoveError
from casino_records.i18n import Said
from casino_records.record.format.models import GameRecord, MoveRecord, RulesSpec
from casino_records.record.format.pointer import Place, move_pointer, round_pointer
from casino_records.record.format.provenance import DealCards, resolve_deal_cards
from casino_records.record.format.translate import to_engine
from casino_records.record.simulate import simulate_record
from casino_records.record.text.parse import parse_move
from casino_records.scorer.draft import DealDraft, RoundDraft
from casino_records.scorer.live import run_deal


@dataclass
class Round:
    """A recorded round as the walk reads it."""

    moves: list[MoveRecord]
    hands: Sequence[Sequence[str]] | None = None


class NoErrors:
    """A sink for the provenance check that accepts none."""

    def error(
        self,
        kind: str,
        loc: str,
        where: str | Said,
        message: str | Said,
        rule: str = "",
    ) -> None:
        raise AssertionError(f"{kind} at {loc}: {message}")


@dataclass
class Counting(WalkPolicy):
    """A policy that records every fault it is asked about, then stops."""

    faults: list[Fault] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__(Verdict.STOP)

    def illegal(self, walk: DealWalk, fault: Fault) -> Verdict:
        self.faults.append(fault)
        assert walk.state.moves_played + 1 == fault.place.number
        return Verdict.STOP


@cache
def record(
    preset: str = "classic", seed: str = "walk", **options: object
) -> GameRecord:
    return simulate_record(
        preset, 2, seed=seed, bots=("greedy", "random"), options=dict(options)
    )


def cards_of(rec: GameRecord, d: int) -> DealCards:
    rules = rec.rules.effective()
    seating = Seating.create(rules, len(rec.players), rec.teams)
    cards = resolve_deal_cards(NoErrors(), d, rec.deals[d], rules, seating)
    assert cards is not None
    return cards


def rounds_of(rec: GameRecord, d: int) -> list[Round]:
    return [Round(list(r.moves)) for r in rec.deals[d].rounds]


def walk_of(
    rec: GameRecord,
    d: int = 0,
    rounds: list[Round] | None = None,
    *,
    policy: WalkPolicy | None = None,
    match: MatchState | None = None,
    before: object = None,
) -> DealWalk:
    rules = rec.rules.effective()
    seating = Seating.create(rules, len(rec.players), rec.teams)
    cards = cards_of(rec, d)
    return DealWalk(
        rules,
        seating,
        rec.deals[d].dealer,
        cards.table,
        rounds if rounds is not None else rounds_of(rec, d),
        lambda r: RoundHands(cards.rounds[r]),
        deal=d,
        match=match,
        policy=policy,
        before=before,  # type: ignore[arg-type]
    )


# --- known hands ---------------------------------------------------------------------


def test_a_whole_deal_yields_every_move_at_its_place() -> None:
    rec = record()
    walk = walk_of(rec, 1)
    played = list(walk)
    recorded = [
        (r, k, move) for r, round_ in enumerate(rec.deals[1].rounds)
        for k, move in enumerate(round_.moves)
    ]  # fmt: skip
    assert len(played) == len(recorded) == 48 == walk.played
    for number, (each, (r, k, move)) in enumerate(
        zip(played, recorded, strict=True), 1
    ):
        place = walk.place(each)
        assert place == Place(1, r, k)
        assert place.pointer == move_pointer(1, r, k)
        assert place.number == number == each.index + 1
        assert each.move == to_engine(move) and each.round == r
    assert walk.stop is None and walk.win is None
    assert walk.state.finished and not walk.deal_ahead()


def test_before_is_called_before_each_move_is_checked() -> None:
    seen: list[tuple[int, int, int]] = []

    def before(walk: DealWalk, r: int, k: int) -> None:
        seen.append((r, k, walk.state.moves_played))

    walk = walk_of(record(), before=before)
    played = list(walk)
    assert seen == [(s.round, walk.place(s).move, s.index) for s in played]


# --- an illegal move, each policy --------------------------------------------------


def swapped(rec: GameRecord) -> list[Round]:
    """Deal 1 with moves 3 and 4 of round 2 swapped: move 11 is out of turn."""
    rounds = rounds_of(rec, 0)
    moves = rounds[1].moves
    moves[2], moves[3] = moves[3], moves[2]
    return rounds


@pytest.mark.parametrize("verdict", [Verdict.STOP, Verdict.PLAY_ON])
def test_an_illegal_move_stops_the_deal(verdict: Verdict) -> None:
    # PLAY_ON plays on only when the hand alone is at fault: out of turn is not.
    rec = record()
    walk = walk_of(rec, rounds=swapped(rec), policy=WalkPolicy(verdict))
    assert len(list(walk)) == 10
    stop = walk.stop
    assert stop is not None and stop.why is Halt.ILLEGAL
    assert stop.place == Place(0, 1, 2) and stop.place.number == 11
    assert stop.error is not None and stop.error.rule == "R2.4"
    assert stop.move == to_engine(swapped(rec)[1].moves[2])
    assert walk.state.moves_played == 10


def test_the_default_policy_stops_and_a_policy_sees_every_fault() -> None:
    rec = record()
    assert walk_of(rec, rounds=swapped(rec)).stop is None  # not walked yet
    counting = Counting()
    walk = walk_of(rec, rounds=swapped(rec), policy=counting)
    list(walk)
    assert [f.place.pointer for f in counting.faults] == ["/deals/0/rounds/1/moves/2"]
    assert walk.stop is not None and walk.stop.why is Halt.ILLEGAL


def test_raise_raises_the_engine_error_with_its_place() -> None:
    rec = record()
    walk = walk_of(rec, rounds=swapped(rec), policy=WalkPolicy(Verdict.RAISE))
    with pytest.raises(IllegalMoveError) as info:
        list(walk)
    assert info.value.rule == "R2.4"
    assert info.value.loc == "/deals/0/rounds/1/moves/2"
    assert info.value.where == "deal 1, move 11 (round 2)"


# --- hands partly unknown ------------------------------------------------------------

# Ana (seat 0) builds 8 with no 8 in hand (B4); Ben deals (see tests/scorer/test_deferred).
TABLE = "4S 5D 6C 9C"
ROUND = ["2D +8 6C", "8C x 2D 6C", "KH -", "KS x KH", "QH -", "QS x QH", "JH -", "3C -"]


def unknown_walk(known: int, verdict: Verdict) -> DealWalk:
    """The round above as far as each seat's first ``known`` cards, all known."""
    rules = RulesSpec(preset="classic").effective()
    seating = Seating.create(rules, 2, None)
    moves = [parse_move(text, seat=k % 2) for k, text in enumerate(ROUND)]
    table = [parse_card(c) for c in TABLE.split()]
    hands: list[list[Card]] = [[], []]
    for k, move in enumerate(moves):
        if k // 2 < known:
            hands[k % 2].append(parse_card(move.card))
    pool = frozenset(c for c in map(parse_card, _all_cards()) if c not in table)
    pool -= {card for hand in hands for card in hand}
    unseen = UnseenCards.of(
        pool, [4 - len(h) for h in hands], value_tables(rules.card_values)
    )
    return DealWalk(
        rules, seating, 1, table, [Round(moves[: 2 * known])], lambda r: RoundHands(hands, unseen),
        deal=0, policy=WalkPolicy(verdict),
    )  # fmt: skip


def _all_cards() -> list[str]:
    return [r + s for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split() for s in "SHDC"]


def found(walk: DealWalk) -> list[tuple[int, str, str]]:
    """Per move walked: its number, the fault played on, the rule it waits on."""
    steps = []
    for step in walk:
        fault = walk.fault.rule if walk.fault is not None else ""
        waits = walk.waits.rule if walk.waits is not None else ""
        steps.append((step.index + 1, fault, waits))
    return steps


def test_a_hand_only_fault_is_played_on_once_the_hand_is_known() -> None:
    walk = unknown_walk(4, Verdict.PLAY_ON)
    assert found(walk) == [(1, "B4", "")] + [(n, "", "") for n in range(2, 9)]
    assert walk.stop is None


def test_a_hand_only_fault_stops_the_deal_under_stop() -> None:
    walk = unknown_walk(4, Verdict.STOP)
    assert list(walk) == []
    assert walk.stop is not None and walk.stop.error is not None
    assert (walk.stop.why, walk.stop.error.rule) == (Halt.ILLEGAL, "B4")


def test_while_the_hand_is_unknown_the_move_waits_for_it() -> None:
    walk = unknown_walk(1, Verdict.STOP)
    assert found(walk) == [(1, "", "B4"), (2, "", "")]
    assert walk.stop is None
    assert walk.unseen is not None and walk.unseen.unknown == (3, 3)


# --- rounds that cannot start --------------------------------------------------------


def test_a_round_begun_before_the_last_is_over_stops_the_walk() -> None:
    rec = record()
    rounds = rounds_of(rec, 0)
    rounds[1].moves.insert(0, rounds[0].moves.pop())
    walk = walk_of(rec, rounds=rounds)
    assert len(list(walk)) == 7
    assert walk.stop is not None and walk.stop.why is Halt.UNFINISHED
    assert walk.stop.place == Place(0, 1) and walk.stop.place.pointer == round_pointer(
        0, 1
    )
    assert walk.state.round == 0


def test_hands_not_known_yet_wait_and_are_dealt_ahead_when_known() -> None:
    rec = record()
    rules = rec.rules.effective()
    seating = Seating.create(rules, 2, None)
    cards = cards_of(rec, 0)
    first = rounds_of(rec, 0)[:1]

    def walk(known: int) -> DealWalk:
        def hands(r: int) -> RoundHands | None:
            return RoundHands(cards.rounds[r]) if r < known else None

        return DealWalk(
            rules, seating, rec.deals[0].dealer, cards.table, first, hands, deal=0
        )

    waiting = walk(1)
    assert len(list(waiting)) == 8
    assert not waiting.deal_ahead() and waiting.awaiting_hands
    assert waiting.stop is not None and waiting.stop.place == Place(0, 1)
    dealt = walk(2)
    list(dealt)
    assert dealt.deal_ahead() and not dealt.awaiting_hands
    assert dealt.state.round == 1 and dealt.stop is None
    nothing = walk(0)
    assert list(nothing) == [] and nothing.awaiting_hands


# --- the immediate win (R13.4) -------------------------------------------------------


@cache
def won() -> tuple[GameRecord, int]:
    """A dominican match won at once by a capture in play, and that deal."""
    for seed in range(40):
        rec = record(
            "dominican", f"win-{seed}", near_target_immediate_win=True, target_score=11
        )
        for deal in replay(rec).report.deals:
            if deal.match_note.startswith("the deal is not scored") and deal.moves % 8:
                return rec, deal.index
    raise AssertionError("no match won in the middle of a round")


def match_before(rec: GameRecord, d: int) -> MatchState:
    earlier = rec.model_copy(update={"deals": rec.deals[:d], "claimed": None})
    match = replay(earlier).match
    assert match is not None
    return match


def trail_after(walk: DealWalk) -> MoveRecord:
    """A trail by the seat to move, of a card it holds."""
    seat = walk.state.turn
    card = sorted(walk.state.hands[seat])[0]
    return parse_move(f"{card} -", seat=seat)


def test_the_walk_ends_at_the_capture_that_wins_the_match() -> None:
    rec, d = won()
    walk = walk_of(rec, d, match=match_before(rec, d))
    played = list(walk)
    assert walk.win is not None and walk.stop is None
    assert played[-1].kind == "capture"
    assert walk.played == len(played) == sum(len(r.moves) for r in rec.deals[d].rounds)


@pytest.mark.parametrize("later_round", [False, True])
def test_a_move_after_the_win_is_refused_the_deal_is_over(later_round: bool) -> None:
    rec, d = won()
    probe = walk_of(rec, d, match=match_before(rec, d))
    list(probe)
    rounds = rounds_of(rec, d)
    extra = trail_after(probe)
    if later_round:
        rounds.append(Round([]))  # an empty round holds no move: the next one counts
        rounds.append(Round([extra]))
    else:
        rounds[-1].moves.append(extra)
    walk = walk_of(rec, d, rounds, match=match_before(rec, d))
    played = list(walk)
    assert len(played) == probe.played and walk.win is not None
    stop = walk.stop
    assert stop is not None and stop.why is Halt.OVER and stop.move == to_engine(extra)
    r = len(rounds) - 1
    assert stop.place == Place(d, r, len(rounds[r].moves) - 1)
    assert stop.place.number == probe.played + 1
    assert walk.state.round == probe.state.round  # nothing more is dealt


def test_the_scorer_refuses_a_round_recorded_after_the_win() -> None:
    rec, d = won()
    rules = rec.rules.effective()
    seating = Seating.create(rules, 2, None)
    probe = walk_of(rec, d, match=match_before(rec, d))
    list(probe)
    draft = DealDraft.of(rec.deals[d])
    extra = trail_after(probe)
    draft.rounds.append(RoundDraft(moves=[extra]))
    names = [p.name for p in rec.players]
    live = run_deal(draft, d, rules, seating, names, match=match_before(rec, d))
    assert live is not None and live.win is not None
    assert live.blocked is not None
    assert (live.blocked.rule, live.blocked.round, live.blocked.move) == (
        "R3.3",
        len(draft.rounds) - 1,
        0,
    )
    assert live.blocked.message == "the deal is over: no further move belongs to it"
    assert live.blocked.where.startswith(f"deal {d + 1}, move {probe.played + 1} ")


def test_play_on_never_plays_a_card_the_seat_does_not_hold() -> None:
    # Only a hand rule is played on: a card not in hand is no hand rule (R4.1).
    rec = record()
    rules = rec.rules.effective()
    rounds = rounds_of(rec, 0)
    first = rounds[0].moves[0]
    held = cards_of(rec, 0).rounds[0][first.seat]
    everything = representatives(CARDS, value_tables(rules.card_values))
    card = next(c for c in everything if c not in held)
    rounds[0].moves[0] = parse_move(f"{card} -", seat=first.seat)
    walk = walk_of(rec, rounds=rounds, policy=WalkPolicy(Verdict.PLAY_ON))
    assert list(walk) == []
    assert walk.stop is not None and walk.stop.error is not None
    assert walk.stop.error.rule not in HAND_RULES
