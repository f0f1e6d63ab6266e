"""Rules misread: a category scored by the wrong rule, the near-target rules, other options.

Also the deal total added up wrong (:func:`total_added_wrong`), whose amount
comes from the claims.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Final

from ....engine.cards import Card
from ....engine.scoring import NEAR_TARGET_ITEM, near_target_band
from ....engine.values import is_spade
from ..whatif import DealFacts, GameFacts, Scenario
from .base import (
    DEAL_OPTIONS,
    Change,
    Mistake,
    Words,
    and_list,
    count,
    deal_mistake,
    other_rules,
)

__all__ = ["reading_mistakes", "total_added_wrong"]

_ITEM_NAMES: Final = {
    "most_cards": "most cards",
    "big_casino": "Big Casino",
    "little_casino": "Little Casino",
}


def reading_mistakes(words: Words, facts: DealFacts) -> Iterator[Mistake]:
    """Every misreading of the rules that could change this deal's score."""
    for make in (_near_target, _category_rules, _options):
        yield from make(words, facts)


def _near_target(words: Words, facts: DealFacts) -> Iterator[Mistake]:
    base, rules = facts.base, facts.base.rules
    if rules.near_target_rule == "none":
        return
    if base.play_on:
        yield deal_mistake(
            facts,
            None,
            kind="near_target_in_play_on",
            rule="R13.5",
            what_if="the near-target rules had been applied after the tie",
            truth="after a tied finish play goes on without them",
            change=lambda s: s.replace(play_on=False),
        )
        return
    threshold = rules.sweep_threshold
    bound = [
        k
        for k, total in enumerate(base.totals_before)
        if total >= threshold and base.sweeps[k]
    ]
    if rules.sweeps and bound:
        yield deal_mistake(
            facts,
            None,
            kind="sweep_threshold_ignored",
            rule="R10.5",
            side=bound[0],
            what_if=f"{and_list([words.side(k) for k in bound])}'s sweeps had scored at"
            f" {and_list([str(base.totals_before[k]) for k in bound])}",
            truth=f"a side at {threshold} or more scores no sweep points",
            change=_without_threshold,
        )
    for side, total in enumerate(base.totals_before):
        score = facts.scores[side]
        band = near_target_band(rules, total)
        if band and score.banked != score.earned:
            item = _ITEM_NAMES[NEAR_TARGET_ITEM[band]]
            name = words.side(side)
            need = (
                f"taking {item} takes {name} to exactly {rules.target_score}"
                if score.points[NEAR_TARGET_ITEM[band]]
                else f"{name} needed {item}"
            )
            yield deal_mistake(
                facts,
                None,
                kind="near_target_ignored",
                rule="R13.4",
                side=side,
                what_if=f"{name}, at {total}, had banked all"
                f" {count(score.earned, 'point')} of the deal",
                truth=f"at {total} {need}, so {score.banked} count",
                change=_bank_all(side),
            )


def _bank_all(side: int) -> Change:
    return lambda scenario: scenario.replace(unbanded=(*scenario.unbanded, side))


def _without_threshold(scenario: Scenario) -> Scenario:
    """The scenario with R10.5 not applied: no total is too high for sweep points."""
    unbound = dataclasses.replace(scenario.rules, near_target_sweep_threshold=10**6)
    return scenario.replace(rules=unbound)


def _category_rules(words: Words, facts: DealFacts) -> Iterator[Mistake]:
    game = words.game
    sides = len(facts.base.piles)
    if sides >= 3:
        yield deal_mistake(
            facts,
            None,
            kind="two_player_thresholds",
            rule="R12.2",
            what_if="most cards had needed 27 cards and most spades 7, as between"
            " two players",
            truth=f"with {sides} sides the highest count alone scores",
            change=_two_player_thresholds,
        )
    if game.seating.partnership:
        yield deal_mistake(
            facts,
            None,
            kind="partnership_not_combined",
            rule="R12.2",
            what_if="the partners' cards had been counted player by player",
            truth="partners' cards are counted together",
            change=lambda s: _per_seat(s, game, facts),
            composable=False,
        )


def _two_player_thresholds(scenario: Scenario) -> Scenario:
    piles = scenario.piles
    cards = [len(p) for p in piles]
    spades = [sum(1 for c in p if is_spade(c)) for p in piles]

    def tweak(sides: list[dict[str, int]]) -> None:
        for side, points in enumerate(sides):
            points["most_cards"] = 3 if cards[side] >= 27 else 0
            points["most_spades"] = 1 if spades[side] >= 7 else 0

    return scenario.tweak_points(tweak)


def _per_seat(scenario: Scenario, game: GameFacts, facts: DealFacts) -> Scenario:
    """Each seat's own captures as a pile (the residue to the last capturer)."""
    seats = game.seating.players
    piles: list[list[Card]] = [[] for _ in range(seats)]
    sweeps: list[list[int]] = [[] for _ in range(seats)]
    for step in facts.captures:
        piles[step.move.seat] += (step.move.card, *step.taken)
        if step.sweep:
            sweeps[step.move.seat].append(step.index)
    last = facts.last_capture
    if last is not None:
        piles[last.move.seat] += facts.state.residue
    return scenario.replace(
        piles=tuple(tuple(p) for p in piles),
        sweeps=tuple(tuple(s) for s in sweeps),
        fold=game.seating.side_of,
    )


def _options(words: Words, facts: DealFacts) -> Iterator[Mistake]:
    rules = facts.base.rules
    first_sweep = next((s for s in facts.state.log if s.sweep), None)
    for other in other_rules(rules, DEAL_OPTIONS):
        sweepy = any(n.startswith("sweep") for n in other.settings)
        changed = dataclasses.replace(rules, **other.settings)  # type: ignore[arg-type]
        yield deal_mistake(
            facts,
            first_sweep if sweepy else None,
            kind="other_rules",
            rule=other.rule,
            what_if=f"the deal had been scored with {other.words()}",
            truth=other.truth(rules),
            change=lambda s, r=changed: s.replace(rules=r),
            options=tuple(other.settings.items()),
        )


def total_added_wrong(
    game: GameFacts, facts: DealFacts, side: int, total: int
) -> Mistake:
    """The deal total of ``side`` written as ``total``, its items counted right."""
    score = facts.scores[side]
    items = " + ".join(str(v) for v in score.points.values() if v) or "0"

    def tweak(banked: list[int]) -> None:
        banked[side] = total

    return deal_mistake(
        facts,
        None,
        kind="total_added_wrong",
        rule="R12.1",
        side=side,
        what_if=f"{game.side_name(side)}'s deal total had been added up as {total}",
        truth=f"the items come to {items} = {score.earned}"
        + (f", and {score.banked} count ({score.note})" if score.note else ""),
        change=lambda s: s.tweak_totals(tweak),
    )
