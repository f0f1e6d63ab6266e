"""Make a disputed record: apply one catalogued counting mistake to a record's claims.

For measuring the explanation (tests/check/test_explain.py and
bench/bench_explain.py): the deal's claimed
figures become what the mistake makes of them, and the claimed match totals
and winner carry them, as players who made the mistake would write them. A
mistake in the match itself changes only the match claims.

>>> import random
>>> from casino_records.record.simulate import simulate_record
>>> record = simulate_record("classic", 2, seed="doc", record_id="doc")
>>> made = misclaim(record, "residue_to_side", random.Random(1))
>>> made is not None and made.mistakes[0].kind
'residue_to_side'
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from casino_records.check.explain.mistakes import (
    Change,
    Mistake,
    deal_mistakes,
    match_mistakes,
    match_total_added_wrong,
    total_added_wrong,
)
from casino_records.check.explain.whatif import (
    DealFacts,
    GameFacts,
    MatchOutcome,
    Scenario,
    figures_of,
    game_facts,
    rescore,
    run_match,
    truth_scorer,
)
from casino_records.check.replay import replay
from casino_records.engine.scoring import SideScore
from casino_records.record.format.models import (
    ClaimedCounts,
    ClaimedDeal,
    ClaimedMatch,
    ClaimedPoints,
    ClaimedSide,
    GameRecord,
)

__all__ = [
    "DEAL_KINDS",
    "MATCH_KINDS",
    "Misclaim",
    "misclaim",
    "ways_made",
]

DEAL_KINDS = (
    "residue_to_side",
    "residue_to_nobody",
    "tie_to_side",
    "tie_shared",
    "sweep_extra",
    "sweep_missed",
    "sweep_to_side",
    "casino_to_side",
    "casino_missed",
    "ace_to_side",
    "aces_miscounted",
    "capture_to_side",
    "capture_twice",
    "capture_missed",
    "total_added_wrong",
    "near_target_ignored",
    "sweep_threshold_ignored",
    "near_target_in_play_on",
    "two_player_thresholds",
    "partnership_not_combined",
    "other_rules",
)
"""Every kind of mistake made in scoring a deal."""

MATCH_KINDS = (
    "deal_left_out",
    "deal_added_twice",
    "deal_sides_swapped",
    "earned_not_banked",
    "match_total_added_wrong",
    "count_out_ignored",
    "count_out_order",
    "count_out_applied",
    "game_rules",
)
"""Every kind of mistake made carrying the deals into the match."""


@dataclass(frozen=True, slots=True)
class Misclaim:
    """A record whose claims carry one mistake, and the mistake."""

    record: GameRecord
    mistakes: tuple[Mistake, ...]
    """The mistake made (two for a pair)."""
    scope: str
    """``deal`` or ``match``."""


def misclaim(
    record: GameRecord, kind: str, rng: random.Random, also: str | None = None
) -> Misclaim | None:
    """``record`` with one mistake of ``kind``, chosen with ``rng``, in its claims.

    :param also: a second kind of deal mistake, made in the same deal.
    :returns: ``None`` when no mistake of that kind changes a claimed figure of
        this record (no residue, no sweep, no tie …). The record must be valid
        and fully claimed (as simulated records are).
    """
    game = game_facts(record, replay(record))
    if game is None:
        return None
    if kind in MATCH_KINDS:
        return _match(game, kind, rng)
    choices = [
        (facts, mistakes)
        for facts in game.deals
        for mistakes in _deal_choices(game, facts, kind, also, rng)
    ]
    rng.shuffle(choices)
    for facts, mistakes in choices:
        change = _composed(mistakes)
        scores = rescore(change(facts.base), game.seating.sides)
        if [figures_of(s) for s in scores] == [figures_of(s) for s in facts.scores]:
            continue
        claimed = _with_deal(game.record, facts.index, scores)

        def scorer(
            f: DealFacts,
            totals: tuple[int, ...],
            play_on: bool,
            d: int = facts.index,
            c: Change = change,
        ) -> list[SideScore]:
            if f.index != d:
                return truth_scorer(f, totals, play_on)
            return rescore(
                c(f.base.replace(totals_before=totals, play_on=play_on)), len(totals)
            )

        outcome = run_match(game, scorer)
        return Misclaim(_with_match(claimed, outcome), mistakes, "deal")
    return None


def ways_made(record: GameRecord) -> Counter[str]:
    """How many mistakes of each deal kind :func:`misclaim` chooses among in
    ``record``: those of the catalogue that change a figure of their deal, and
    for a total added up wrong one per deal, side and amount (1 to 3 either way)."""
    ways: Counter[str] = Counter()
    game = game_facts(record, replay(record))
    if game is None:
        return ways
    for facts in game.deals:
        truth = [figures_of(s) for s in facts.scores]
        for mistake in deal_mistakes(game, facts):
            assert mistake.change is not None
            scores = rescore(mistake.change(facts.base), game.seating.sides)
            ways[mistake.kind] += [figures_of(s) for s in scores] != truth
    ways["total_added_wrong"] = len(game.deals) * game.seating.sides * 6
    return ways


def _composed(mistakes: tuple[Mistake, ...]) -> Change:
    def change(scenario: Scenario) -> Scenario:
        for mistake in mistakes:
            assert mistake.change is not None
            scenario = mistake.change(scenario)
        return scenario

    return change


def _deal_choices(
    game: GameFacts, facts: DealFacts, kind: str, also: str | None, rng: random.Random
) -> list[tuple[Mistake, ...]]:
    first = _of_kind(game, facts, kind, rng)
    if also is None:
        return [(m,) for m in first]
    second = _of_kind(game, facts, also, rng)
    return [
        (a, b)
        for a in first
        for b in second
        if a.composable and b.composable and a.what_if != b.what_if
    ]


def _of_kind(
    game: GameFacts, facts: DealFacts, kind: str, rng: random.Random
) -> list[Mistake]:
    if kind == "total_added_wrong":
        side = rng.randrange(game.seating.sides)
        wrong = facts.scores[side].banked + rng.choice((-3, -2, -1, 1, 2, 3))
        return [total_added_wrong(game, facts, side, wrong)] if wrong >= 0 else []
    return [m for m in deal_mistakes(game, facts) if m.kind == kind]


def _match(game: GameFacts, kind: str, rng: random.Random) -> Misclaim | None:
    if kind == "match_total_added_wrong":
        side = rng.randrange(game.seating.sides)
        wrong = game.outcome.totals[side] + rng.choice((-3, -2, -1, 1, 2, 3))
        choices = [match_total_added_wrong(game, side, wrong)] if wrong >= 0 else []
    else:
        choices = [m for m in match_mistakes(game, {}) if m.kind == kind]
        rng.shuffle(choices)
    for mistake in choices:
        assert mistake.outcome is not None
        outcome = mistake.outcome()
        visible = outcome.totals != game.outcome.totals or (
            outcome.winner is not None and outcome.winner != game.outcome.winner
        )
        if visible:
            return Misclaim(_with_match(game.record, outcome), (mistake,), "match")
    return None


def _with_deal(record: GameRecord, d: int, scores: list[SideScore]) -> GameRecord:
    sides = tuple(
        ClaimedSide(
            points=ClaimedPoints(**s.points),
            total=s.banked,
            counts=ClaimedCounts(cards=s.cards, spades=s.spades, sweeps=s.sweeps),
        )
        for s in scores
    )
    deal = record.deals[d]
    old = deal.claimed
    claimed = ClaimedDeal(sides=sides, comment=old.comment if old else None)
    deals = list(record.deals)
    deals[d] = deal.model_copy(update={"claimed": claimed})
    return record.model_copy(update={"deals": tuple(deals)})


def _with_match(record: GameRecord, outcome: MatchOutcome) -> GameRecord:
    old = record.claimed
    claimed = ClaimedMatch(
        totals=outcome.totals,
        winner=outcome.winner,
        comment=old.comment if old else None,
    )
    return record.model_copy(update={"claimed": claimed})
