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
from ....engine.describe import wins as _wins
from ....engine.match import CountOutItem, count_out_label
from ....engine.rules import Rules, SimultaneousTarget
from ....engine.scoring import SideScore
from ....i18n import ENGLISH, Translator
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
from .base import Mistake, and_list, option_words, other_rules

__all__ = ["match_mistakes", "match_total_added_wrong"]

Order = Callable[[list[CountOutItem]], list[CountOutItem]]

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


def _wrong_orders(
    sides: int, names: tuple[str, ...], t: Translator
) -> Iterator[tuple[str, Order]]:
    yield (
        t.gettext("with the casinos before most cards and most spades"),
        _by_category("big_casino", "little_casino"),
    )
    yield t.gettext("with the aces first"), _by_category("aces")
    yield t.gettext("with the sweeps first"), _by_category("sweeps")
    yield t.gettext("with the aces in the order ♣ ♦ ♥ ♠"), _aces_by("CDHS")
    for side in range(sides):
        yield (
            t.gettext("all of {side}'s items first").format(side=names[side]),
            _side_first(side),
        )


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


def _totals(outcome: MatchOutcome, t: Translator) -> str:
    """``21 to 9``, or ``23, 16 and 16``."""
    totals = [str(n) for n in outcome.totals]
    if len(totals) == 2:
        return t.gettext("{a} to {b}").format(a=totals[0], b=totals[1])
    return and_list(totals, t)


def _count_out_label(item: CountOutItem, t: Translator) -> str:
    """A count-out item in words, as its label (:func:`~....engine.match.count_out_items`)
    says it in English: ``Big Casino``, ``ace A♠``, ``sweep at move 12``."""
    return count_out_label(item).text(t)


def _winner_words(game: GameFacts, outcome: MatchOutcome, t: Translator) -> str:
    """How the rules decided the match: ``Ana reached 21 first with Big Casino``."""
    item = outcome.count_out_item
    if outcome.winner is None:
        return t.gettext("nobody has won yet ({totals})").format(
            totals=_totals(outcome, t)
        )
    name = game.side_name(outcome.winner)
    if item is not None and outcome.decided_in is not None:
        return t.gettext("{side} reached {n} first, with {item} in deal {deal}").format(
            side=name,
            n=game.rules.target_score,
            item=_count_out_label(item, t),
            deal=outcome.decided_in + 1,
        )
    return f"{_wins(name, t)}, {_totals(outcome, t)}"


def match_mistakes(
    game: GameFacts, explained: Mapping[int, Scenario], t: Translator = ENGLISH
) -> list[Mistake]:
    """Every catalogued mistake in carrying the deals into the match, most common
    first, in ``t``'s words.

    :param explained: for deals whose claims a mistake explains, the scenario
        of that mistake (so the match can carry it).
    """
    found = list(_carried(game, explained, t))
    found += _deal_carry(game, t)
    found += _count_out(game, t)
    found += _game_rules(game, t)
    return found


def _carried(
    game: GameFacts, explained: Mapping[int, Scenario], t: Translator
) -> Iterator[Mistake]:
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

    deals = t.gettext(" and ").join(
        t.gettext("deal {n}'s").format(n=d + 1) for d in differing
    )
    winner = game.outcome.winner
    totals = _totals(game.outcome, t)
    truth = (
        t.gettext("by the rules the totals are {totals}, and {wins}").format(
            totals=totals, wins=_wins(game.side_name(winner), t)
        )
        if game.claimed_winner is not None and winner is not None
        else t.gettext("by the rules the totals are {totals}").format(totals=totals)
    )
    yield _match_mistake(
        game,
        "carried_from_deals",
        "R13.2",
        t.gettext(
            "the deal totals on your sheet had been added up as written, {deals} included"
        ).format(deals=deals),
        truth,
        lambda: run_match(game, scorer),
        deal=differing[0],
    )


def _deal_carry(game: GameFacts, t: Translator) -> Iterator[Mistake]:
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
                    t.ngettext(
                        "{side}'s {n} point of deal {deal} had been left out of the"
                        " match total",
                        "{side}'s {n} points of deal {deal} had been left out of the"
                        " match total",
                        score.banked,
                    ).format(side=name, n=score.banked, deal=d + 1),
                    {side: 0},
                    t,
                )
                yield _carry(
                    game,
                    facts,
                    "deal_added_twice",
                    side,
                    t.ngettext(
                        "{side}'s {n} point of deal {deal} had been added twice",
                        "{side}'s {n} points of deal {deal} had been added twice",
                        score.banked,
                    ).format(side=name, n=score.banked, deal=d + 1),
                    {side: 2 * score.banked},
                    t,
                )
            if score.earned != score.banked:
                yield _carry(
                    game,
                    facts,
                    "earned_not_banked",
                    side,
                    t.ngettext(
                        "all {n} point {side} earned in deal {deal} had been carried",
                        "all {n} points {side} earned in deal {deal} had been carried",
                        score.earned,
                    ).format(n=score.earned, side=name, deal=d + 1),
                    {side: score.earned},
                    t,
                    rule="R13.4",
                    truth=t.gettext(
                        "at {total} the near-target rule keeps {n} of them"
                    ).format(total=facts.base.totals_before[side], n=score.banked),
                )
        if sides == 2 and facts.scores[0].banked != facts.scores[1].banked:
            yield _carry(
                game,
                facts,
                "deal_sides_swapped",
                None,
                t.gettext(
                    "the points of deal {deal} had been carried to the wrong sides"
                ).format(deal=d + 1),
                {0: facts.scores[1].banked, 1: facts.scores[0].banked},
                t,
            )


def _carry(
    game: GameFacts,
    facts: DealFacts,
    kind: str,
    side: int | None,
    what_if: str,
    banked: dict[int, int],
    t: Translator,
    rule: str = "R13.2",
    truth: str = "",
) -> Mistake:
    def scorer(f: DealFacts, totals: tuple[int, ...], play_on: bool) -> list[SideScore]:
        scores = truth_scorer(f, totals, play_on)
        if f.index == facts.index:
            for k, value in banked.items():
                scores[k] = dataclasses.replace(scores[k], banked=value)
        return scores

    points = t.gettext(" and ").join(
        f"{game.side_name(s.side)} {s.banked}" for s in facts.scores
    )
    return _match_mistake(
        game,
        kind,
        rule,
        what_if,
        truth
        or t.gettext("deal {deal} adds {points}").format(
            deal=facts.index + 1, points=points
        ),
        lambda: run_match(game, scorer),
        deal=facts.index,
        side=side,
    )


def match_total_added_wrong(
    game: GameFacts, side: int, total: int, t: Translator = ENGLISH
) -> Mistake:
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
        t.gettext("{side}'s match total had been added up as {n}").format(
            side=game.side_name(side), n=total
        ),
        t.gettext("the deal totals {sum} come to {n}").format(
            sum=" + ".join(str(b) for b in banked), n=outcome.totals[side]
        ),
        wrong,
        side=side,
    )


def _count_out(game: GameFacts, t: Translator) -> Iterator[Mistake]:
    rules, outcome = game.rules, game.outcome
    how = _winner_words(game, outcome, t)
    if rules.count_out:
        off = dataclasses.replace(rules, count_out=False)
        yield _match_mistake(
            game,
            "count_out_ignored",
            "R13.3",
            t.gettext("the match had gone to the higher final total, {side}'s").format(
                side=game.side_name(game.claimed_winner)
            )
            if game.claimed_winner is not None and game.claimed_winner >= 0
            else t.gettext("the match had gone to the higher final total"),
            t.gettext("these rules count out item by item: {how}").format(how=how),
            lambda: run_match(game, rules=off),
        )
        for words, order in _wrong_orders(game.seating.sides, game.sides, t):
            yield _match_mistake(
                game,
                "count_out_order",
                "R13.3",
                t.gettext("the count-out had credited the items {order}").format(
                    order=words
                ),
                t.gettext(
                    "the rules credit most cards, most spades, Big Casino, Little"
                    " Casino, the aces ♠ ♣ ♥ ♦, then the sweeps: {how}"
                ).format(how=how),
                partial(run_match, game, order=order),
            )
    else:
        on = dataclasses.replace(rules, count_out=True, near_target_rule="none")
        yield _match_mistake(
            game,
            "count_out_applied",
            "R13.2",
            t.gettext("the match had been decided by counting out item by item"),
            t.gettext(
                "these rules add up each deal and the higher total wins: {how}"
            ).format(how=how),
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
            t.gettext("the match had been decided with {option}").format(
                option=option_words("simultaneous_target", other, t)
            ),
            t.gettext("these rules have {option}: {how}").format(
                option=option_words(
                    "simultaneous_target", rules.simultaneous_target, t
                ),
                how=how,
            ),
            partial(
                run_match,
                game,
                rules=dataclasses.replace(rules, simultaneous_target=other),
            ),
            options=(("simultaneous_target", other),),
        )


def _game_rules(game: GameFacts, t: Translator) -> Iterator[Mistake]:
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
            t.gettext("the whole game had been scored with {rules}").format(
                rules=other.words(t)
            ),
            other.truth(rules, t),
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
