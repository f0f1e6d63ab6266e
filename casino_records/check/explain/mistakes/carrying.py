"""The catalogue of mistakes made carrying deal scores into the match.

Each is a :class:`~.mistakes.Mistake` whose ``outcome`` plays the match again
(:func:`~.rescoring.run_match`) from the deals' scores as the mistake makes them,
or under the rules it mistook: the moves are not replayed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping
from functools import partial
from typing import Final

from ....engine.cards import SUITS
from ....engine.describe import plural
from ....engine.match import CountOutItem
from ....engine.rules import Rules, SimultaneousTarget
from ....engine.scoring import SideScore
from ....record.format.pointer import deal_pointer, pointer
from ..whatif import (
    DealFacts,
    GameFacts,
    MatchOutcome,
    Scenario,
    rescore,
    run_match,
    truth_scorer,
)
from .base import Mistake, option_words, other_rules

__all__ = ["match_mistakes", "match_total_added_wrong"]

Order = Callable[[list[CountOutItem]], list[CountOutItem]]

_RULES_ORDER: Final = (
    "most cards, most spades, Big Casino, Little Casino, the aces ♠ ♣ ♥ ♦, then"
    " the sweeps"
)
_CATEGORY_RANK: Final = {
    c: i
    for i, c in enumerate(
        ("most_cards", "most_spades", "big_casino", "little_casino", "aces", "sweeps")
    )
}


def _by_category(*first: str) -> Order:
    """Credit the categories ``first`` before the others (else as R13.3)."""
    rank = {
        c: (0 if c in first else 1, first.index(c) if c in first else 0)
        for c in _CATEGORY_RANK
    }
    return lambda items: sorted(items, key=lambda item: rank[item.category])


_SUIT_LETTERS: Final = {suit.symbol: suit.value for suit in SUITS}
"""An ace's count-out label ends with its suit symbol (``ace A♠``)."""


def _aces_by(suits: str) -> Order:
    """Credit the aces in the suit order ``suits`` (e.g. ``CDHS``)."""

    def order(items: list[CountOutItem]) -> list[CountOutItem]:
        aces = sorted(
            (i for i in items if i.category == "aces"),
            key=lambda item: suits.index(_SUIT_LETTERS[item.label[-1]]),
        )
        it = iter(aces)
        return [next(it) if i.category == "aces" else i for i in items]

    return order


def _side_first(side: int) -> Order:
    return lambda items: sorted(items, key=lambda item: item.side != side)


def _wrong_orders(sides: int, names: tuple[str, ...]) -> Iterator[tuple[str, Order]]:
    yield (
        "with the casinos before most cards and most spades",
        _by_category("big_casino", "little_casino"),
    )
    yield "with the aces first", _by_category("aces")
    yield "with the sweeps first", _by_category("sweeps")
    yield "with the aces in the order ♣ ♦ ♥ ♠", _aces_by("CDHS")
    for side in range(sides):
        yield f"all of {names[side]}'s items first", _side_first(side)


def _loc(game: GameFacts, outcome: MatchOutcome) -> tuple[str, int | None]:
    decided = outcome.decided_in
    if decided is None:
        return pointer("claimed"), None
    return deal_pointer(decided), decided


def _match_mistake(
    game: GameFacts,
    kind: str,
    rule: str,
    what_if: str,
    truth: str,
    outcome: Callable[[], MatchOutcome],
    deal: int | None = None,
    side: int | None = None,
    options: tuple[tuple[str, object], ...] = (),
) -> Mistake:
    loc = deal_pointer(deal) if deal is not None else _loc(game, game.outcome)[0]
    if deal is None:
        deal = _loc(game, game.outcome)[1]
    return Mistake(
        kind=kind,
        rule=rule,
        what_if=what_if,
        truth=truth,
        deal=deal,
        loc=loc,
        side=side,
        outcome=outcome,
        options=options,
    )


def _totals(outcome: MatchOutcome) -> str:
    """``21 to 9``, or ``23, 16 and 16``."""
    totals = [str(t) for t in outcome.totals]
    if len(totals) == 2:
        return " to ".join(totals)
    return ", ".join(totals[:-1]) + " and " + totals[-1]


def _wins(name: str) -> str:
    return f"{name} {'win' if ' & ' in name else 'wins'}"


def _winner_words(game: GameFacts, outcome: MatchOutcome) -> str:
    """How the rules decided the match: ``Ana reached 21 first with Big Casino``."""
    item = outcome.count_out_item
    if outcome.winner is None:
        return f"nobody has won yet ({_totals(outcome)})"
    name = game.side_name(outcome.winner)
    if item is not None and outcome.decided_in is not None:
        return (
            f"{name} reached {game.rules.target_score} first, with {item.label}"
            f" in deal {outcome.decided_in + 1}"
        )
    return f"{_wins(name)}, {_totals(outcome)}"


def match_mistakes(game: GameFacts, explained: Mapping[int, Scenario]) -> list[Mistake]:
    """Every catalogued mistake in carrying the deals into the match, most common first.

    :param explained: for deals whose claims a mistake explains, the scenario
        of that mistake (so the match can carry it).
    """
    found = list(_carried(game, explained))
    found += _deal_carry(game)
    found += _count_out(game)
    found += _game_rules(game)
    return found


def _carried(game: GameFacts, explained: Mapping[int, Scenario]) -> Iterator[Mistake]:
    """The sheet's own deal scores carried into the match (their mistakes with them)."""
    differing = [
        f.index
        for f in game.deals
        if f.claimed is not None and any(n == "total" for _, n in f.differing())
    ]
    if not differing:
        return

    def scorer(
        facts: DealFacts, totals: tuple[int, ...], play_on: bool
    ) -> list[SideScore]:
        scenario = explained.get(facts.index, facts.base)
        scores = rescore(
            scenario.replace(totals_before=totals, play_on=play_on), len(totals)
        )
        if facts.claimed is not None:
            for k, claims in enumerate(facts.claimed[: len(scores)]):
                if "total" in claims:
                    scores[k] = dataclasses.replace(scores[k], banked=claims["total"])
        return scores

    deals = " and ".join(f"deal {d + 1}'s" for d in differing)
    winner = game.outcome.winner
    wins = (
        f", and {_wins(game.side_name(winner))}"
        if game.claimed_winner is not None and winner is not None
        else ""
    )
    yield _match_mistake(
        game,
        "carried_from_deals",
        "R13.2",
        f"the deal totals on your sheet had been added up as written, {deals} included",
        f"by the rules the totals are {_totals(game.outcome)}{wins}",
        lambda: run_match(game, scorer),
        deal=differing[0],
    )


def _deal_carry(game: GameFacts) -> Iterator[Mistake]:
    sides = game.seating.sides
    for facts in game.deals:
        d = facts.index
        for side, score in enumerate(facts.scores):
            name = game.side_name(side)
            if score.banked:
                yield _carry(
                    game,
                    facts,
                    "deal_left_out",
                    side,
                    f"{name}'s {plural(score.banked, 'point')} of deal {d + 1} had been left"
                    " out of the match total",
                    {side: 0},
                )
                yield _carry(
                    game,
                    facts,
                    "deal_added_twice",
                    side,
                    f"{name}'s {plural(score.banked, 'point')} of deal {d + 1} had been"
                    " added twice",
                    {side: 2 * score.banked},
                )
            if score.earned != score.banked:
                yield _carry(
                    game,
                    facts,
                    "earned_not_banked",
                    side,
                    f"all {plural(score.earned, 'point')} {name} earned in deal {d + 1}"
                    " had been carried",
                    {side: score.earned},
                    rule="R13.4",
                    truth=f"at {facts.base.totals_before[side]} the near-target rule"
                    f" keeps {score.banked} of them",
                )
        if sides == 2 and facts.scores[0].banked != facts.scores[1].banked:
            yield _carry(
                game,
                facts,
                "deal_sides_swapped",
                None,
                f"the points of deal {d + 1} had been carried to the wrong sides",
                {0: facts.scores[1].banked, 1: facts.scores[0].banked},
            )


def _carry(
    game: GameFacts,
    facts: DealFacts,
    kind: str,
    side: int | None,
    what_if: str,
    banked: dict[int, int],
    rule: str = "R13.2",
    truth: str = "",
) -> Mistake:
    def scorer(f: DealFacts, totals: tuple[int, ...], play_on: bool) -> list[SideScore]:
        scores = truth_scorer(f, totals, play_on)
        if f.index == facts.index:
            for k, value in banked.items():
                scores[k] = dataclasses.replace(scores[k], banked=value)
        return scores

    points = " and ".join(f"{game.side_name(s.side)} {s.banked}" for s in facts.scores)
    return _match_mistake(
        game,
        kind,
        rule,
        what_if,
        truth or f"deal {facts.index + 1} adds {points}",
        lambda: run_match(game, scorer),
        deal=facts.index,
        side=side,
    )


def match_total_added_wrong(game: GameFacts, side: int, total: int) -> Mistake:
    """Side ``side``'s match total written as ``total``, every deal carried right."""
    banked = [f.scores[side].banked for f in game.deals]
    outcome = game.outcome

    def wrong() -> MatchOutcome:
        totals = list(outcome.totals)
        totals[side] = total
        return dataclasses.replace(outcome, totals=tuple(totals))

    return _match_mistake(
        game,
        "match_total_added_wrong",
        "R13.2",
        f"{game.side_name(side)}'s match total had been added up as {total}",
        f"the deal totals {' + '.join(str(b) for b in banked)} come to"
        f" {outcome.totals[side]}",
        wrong,
        side=side,
    )


def _count_out(game: GameFacts) -> Iterator[Mistake]:
    rules, outcome = game.rules, game.outcome
    how = _winner_words(game, outcome)
    if rules.count_out:
        off = dataclasses.replace(rules, count_out=False)
        yield _match_mistake(
            game,
            "count_out_ignored",
            "R13.3",
            "the match had gone to the higher final total"
            + (
                f", {game.side_name(game.claimed_winner)}'s"
                if game.claimed_winner is not None and game.claimed_winner >= 0
                else ""
            ),
            f"these rules count out item by item: {how}",
            lambda: run_match(game, rules=off),
        )
        for words, order in _wrong_orders(game.seating.sides, game.sides):
            yield _match_mistake(
                game,
                "count_out_order",
                "R13.3",
                f"the count-out had credited the items {words}",
                f"the rules credit {_RULES_ORDER}: {how}",
                partial(run_match, game, order=order),
            )
    else:
        on = dataclasses.replace(rules, count_out=True, near_target_rule="none")
        yield _match_mistake(
            game,
            "count_out_applied",
            "R13.2",
            "the match had been decided by counting out item by item",
            f"these rules add up each deal and the higher total wins: {how}",
            lambda: run_match(game, rules=on),
        )
        other: SimultaneousTarget = (
            "any_simultaneous_is_tie"
            if rules.simultaneous_target == "higher_total_else_replay"
            else "higher_total_else_replay"
        )
        yield _match_mistake(
            game,
            "game_rules",
            "R13.2",
            "the match had been decided with "
            + option_words("simultaneous_target", other),
            f"these rules have {option_words('simultaneous_target', rules.simultaneous_target)}: {how}",
            partial(
                run_match,
                game,
                rules=dataclasses.replace(rules, simultaneous_target=other),
            ),
            options=(("simultaneous_target", other),),
        )


def _game_rules(game: GameFacts) -> Iterator[Mistake]:
    """The whole game scored under other options, or another preset's scoring."""
    rules = game.rules
    for other in other_rules(rules, _GAME_OPTIONS):
        changed = dataclasses.replace(rules, **other.settings)  # type: ignore[arg-type]
        if changed.count_out and changed.near_target_rule != "none":
            continue  # not a rule set (R13.4)
        if other.preset is None and "count_out" in other.settings:
            continue  # the count-out mistakes above

        def scorer(
            f: DealFacts, totals: tuple[int, ...], play_on: bool, r: Rules = changed
        ) -> list[SideScore]:
            return rescore(
                f.base.replace(rules=r, totals_before=totals, play_on=play_on),
                len(totals),
            )

        yield _match_mistake(
            game,
            "game_rules",
            other.rule,
            f"the whole game had been scored with {other.words()}",
            other.truth(rules),
            partial(run_match, game, scorer, rules=changed),
            options=tuple(other.settings.items()),
        )


_GAME_OPTIONS: Final = (
    "sweeps",
    "sweep_cancellation",
    "near_target_rule",
    "near_target_sweep_threshold",
    "target_score",
    "count_out",
)
"""The scoring options a whole game may have been scored under by mistake."""
