"""Rules misread: a category scored by the wrong rule, the near-target rules, other options.

Also the deal total added up wrong (:func:`total_added_wrong`), whose amount
comes from the claims.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from ....engine.cards import Card
from ....engine.scoring import NEAR_TARGET_ITEM, near_target_band
from ....engine.values import is_spade
from ....i18n import ENGLISH, Translator
from ..whatif import DealFacts, GameFacts, Scenario
from .base import (
    DEAL_OPTIONS,
    Change,
    Mistake,
    Words,
    and_list,
    deal_mistake,
    other_rules,
)

__all__ = ["reading_mistakes", "total_added_wrong"]


def _item_name(item: str, t: Translator) -> str:
    """The item a side near the target needs (R13.4), in words."""
    names = {
        "most_cards": t.gettext("most cards"),
        "big_casino": t.gettext("Big Casino"),
        "little_casino": t.gettext("Little Casino"),
    }
    return names[item]


def reading_mistakes(words: Words, facts: DealFacts) -> Iterator[Mistake]:
    """Every misreading of the rules that could change this deal's score."""
    for make in (_near_target, _category_rules, _options):
        yield from make(words, facts)


def _near_target(words: Words, facts: DealFacts) -> Iterator[Mistake]:
    t = words.t
    base, rules = facts.base, facts.base.rules
    if rules.near_target_rule == "none":
        return
    if base.play_on:
        yield deal_mistake(
            facts,
            None,
            kind="near_target_in_play_on",
            rule="R13.5",
            what_if=t.gettext("the near-target rules had been applied after the tie"),
            truth=t.gettext("after a tied finish play goes on without them"),
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
            what_if=t.gettext("{sides}'s sweeps had scored at {totals}").format(
                sides=and_list([words.side(k) for k in bound], t),
                totals=and_list([str(base.totals_before[k]) for k in bound], t),
            ),
            truth=t.gettext("a side at {n} or more scores no sweep points").format(
                n=threshold
            ),
            change=_without_threshold,
        )
    for side, total in enumerate(base.totals_before):
        score = facts.scores[side]
        band = near_target_band(rules, total)
        if band and score.banked != score.earned:
            item = _item_name(NEAR_TARGET_ITEM[band], t)
            name = words.side(side)
            need = (
                t.gettext("taking {item} takes {side} to exactly {n}").format(
                    item=item, side=name, n=rules.target_score
                )
                if score.points[NEAR_TARGET_ITEM[band]]
                else t.gettext("{side} needed {item}").format(side=name, item=item)
            )
            yield deal_mistake(
                facts,
                None,
                kind="near_target_ignored",
                rule="R13.4",
                side=side,
                what_if=t.ngettext(
                    "{side}, at {total}, had banked all {n} point of the deal",
                    "{side}, at {total}, had banked all {n} points of the deal",
                    score.earned,
                ).format(side=name, total=total, n=score.earned),
                truth=t.ngettext(
                    "at {total} {need}, so {n} count",
                    "at {total} {need}, so {n} count",
                    score.banked,
                ).format(total=total, need=need, n=score.banked),
                change=_bank_all(side),
            )


def _bank_all(side: int) -> Change:
    return lambda scenario: scenario.replace(unbanded=(*scenario.unbanded, side))


def _without_threshold(scenario: Scenario) -> Scenario:
    """The scenario with R10.5 not applied: no total is too high for sweep points."""
    unbound = dataclasses.replace(scenario.rules, near_target_sweep_threshold=10**6)
    return scenario.replace(rules=unbound)


def _category_rules(words: Words, facts: DealFacts) -> Iterator[Mistake]:
    game, t = words.game, words.t
    sides = len(facts.base.piles)
    if sides >= 3:
        yield deal_mistake(
            facts,
            None,
            kind="two_player_thresholds",
            rule="R12.2",
            what_if=t.gettext(
                "most cards had needed 27 cards and most spades 7, as between two"
                " players"
            ),
            truth=t.gettext("with {n} sides the highest count alone scores").format(
                n=sides
            ),
            change=_two_player_thresholds,
        )
    if game.seating.partnership:
        yield deal_mistake(
            facts,
            None,
            kind="partnership_not_combined",
            rule="R12.2",
            what_if=t.gettext("the partners' cards had been counted player by player"),
            truth=t.gettext("partners' cards are counted together"),
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
    rules, t = facts.base.rules, words.t
    first_sweep = next((s for s in facts.state.log if s.sweep), None)
    for other in other_rules(rules, DEAL_OPTIONS):
        sweepy = any(n.startswith("sweep") for n in other.settings)
        changed = dataclasses.replace(rules, **other.settings)  # type: ignore[arg-type]
        yield deal_mistake(
            facts,
            first_sweep if sweepy else None,
            kind="other_rules",
            rule=other.rule,
            what_if=t.gettext("the deal had been scored with {rules}").format(
                rules=other.words(t)
            ),
            truth=other.truth(rules, t),
            change=lambda s, r=changed: s.replace(rules=r),
            options=tuple(other.settings.items()),
        )


def total_added_wrong(
    game: GameFacts, facts: DealFacts, side: int, total: int, t: Translator = ENGLISH
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
        what_if=t.gettext("{side}'s deal total had been added up as {n}").format(
            side=game.side_name(side), n=total
        ),
        truth=(
            t.ngettext(
                "the items come to {items} = {earned}, and {n} count ({note})",
                "the items come to {items} = {earned}, and {n} count ({note})",
                score.banked,
            )
            if score.note
            else t.gettext("the items come to {items} = {earned}")
        ).format(items=items, earned=score.earned, n=score.banked, note=score.note),
        change=lambda s: s.tweak_totals(tweak),
    )
