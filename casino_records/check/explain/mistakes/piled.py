"""The counting mistakes of a deal given by its piles, in words that name the piles.

A deal given by its piles (docs/notation.md §6.6) has no moves to name, so the
catalogue of :mod:`.mistakes` that points at the capture behind each figure
is told here by the piles instead: the residue given to the wrong side, a
tie given to one side, a sweep counted for the wrong side or not at all, a
casino or an ace counted for the wrong side, an ace miscounted. The
misreadings of the rules that need no move come from
:func:`~.mistakes.readings.reading_mistakes`. Used by
:func:`~.mistakes.deal_mistakes`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from ....engine.cards import CARDS, Card
from ....record.format.piles import Piles
from ..whatif import DealFacts, Scenario
from .base import (
    Change,
    Mistake,
    Words,
    add_points,
    deal_mistake,
)
from .counting import (
    CASINOS,
    aces_miscounted,
    casino_mistakes,
    residue_mistakes,
    tie_mistakes,
)
from .readings import reading_mistakes

__all__ = ["pile_mistakes"]

_NEEDS_SEATS: Final = frozenset({"partnership_not_combined"})
"""Readings that need each seat's own captures, which the piles do not keep."""


def pile_mistakes(words: Words, facts: DealFacts, piles: Piles) -> Iterator[Mistake]:
    """Every counting mistake that could be made in this piled deal, most common first."""
    yield from _residue(words, facts, piles)
    yield from tie_mistakes(words, facts)
    yield from _sweeps(words, facts)
    yield from _casinos(words, facts)
    yield from _aces(words, facts)
    for mistake in reading_mistakes(words, facts):
        if mistake.kind not in _NEEDS_SEATS:
            yield mistake


def _residue(words: Words, facts: DealFacts, piles: Piles) -> Iterator[Mistake]:
    owner, seat = facts.state.residue_side, piles.last_capture
    if not facts.state.residue:
        return
    captured = (
        words.t.gettext(
            "the rules give them to {side}: {player} made the last capture"
        ).format(side=words.side(owner), player=words.player(seat))
        if owner is not None and seat is not None
        else None
    )
    yield from residue_mistakes(words, facts, None, captured, words.side)


def _sweeps(words: Words, facts: DealFacts) -> Iterator[Mistake]:
    t = words.t
    sweeps = facts.base.sweeps
    for side, made in enumerate(sweeps):
        name = words.side(side)
        said = t.ngettext(
            "{side} made {n} sweep", "{side} made {n} sweeps", len(made)
        ).format(side=name, n=len(made))
        by_piles = t.gettext("by the piles, {made}").format(made=said)
        yield deal_mistake(
            facts,
            None,
            kind="sweep_extra",
            rule="R10.1",
            side=side,
            what_if=t.gettext("a sweep more had been counted for {side}").format(
                side=name
            ),
            truth=by_piles,
            change=_sweeps_of(side, len(made) + 1),
        )
        if not made:
            continue
        yield deal_mistake(
            facts,
            None,
            kind="sweep_missed",
            rule="R10.1",
            side=side,
            what_if=t.gettext("one of {side}'s sweeps had not been counted").format(
                side=name
            ),
            truth=by_piles,
            change=_sweeps_of(side, len(made) - 1),
        )
        for other in range(len(sweeps)):
            if other != side:
                yield deal_mistake(
                    facts,
                    None,
                    kind="sweep_to_side",
                    rule="R10.1",
                    side=other,
                    what_if=t.gettext(
                        "one of {side}'s sweeps had been counted for {other}"
                    ).format(side=name, other=words.side(other)),
                    truth=t.gettext(
                        "a sweep belongs to the side that made it: {made}"
                    ).format(made=said),
                    change=lambda s, a=side, b=other: _sweeps_of(
                        a, len(s.sweeps[a]) - 1
                    )(_sweeps_of(b, len(s.sweeps[b]) + 1)(s)),
                )


def _sweeps_of(side: int, made: int) -> Change:
    """The change that gives ``side`` ``made`` sweeps, made when nobody knows."""
    return lambda scenario: scenario.with_sweeps(side, [-1] * made)


def _holder(scenario: Scenario, card: Card) -> int | None:
    return next((k for k, pile in enumerate(scenario.piles) if card in pile), None)


def _where(words: Words, facts: DealFacts, holder: int | None, card: Card) -> str:
    """Where the piles put ``card``, in words."""
    t = words.t
    if holder is None:
        return t.gettext("nobody took {card}").format(card=card.pretty)
    if card in facts.state.residue:
        return t.gettext("{card} was left on the table and went to {side}").format(
            card=card.pretty, side=words.side(holder)
        )
    return t.gettext("{card} is in {side}'s pile").format(
        card=card.pretty, side=words.side(holder)
    )


def _casinos(words: Words, facts: DealFacts) -> Iterator[Mistake]:
    for card, _, _, _ in CASINOS:
        holder = _holder(facts.base, card)
        truth = _where(words, facts, holder, card)
        yield from casino_mistakes(words, facts, None, card, holder, truth)


def _aces(words: Words, facts: DealFacts) -> Iterator[Mistake]:
    for ace in (c for c in CARDS if c.is_ace):
        holder = _holder(facts.base, ace)
        if holder is None:
            continue
        truth = _where(words, facts, holder, ace)
        for side in range(len(facts.base.piles)):
            if side != holder:
                yield deal_mistake(
                    facts,
                    None,
                    kind="ace_to_side",
                    rule="R12.1",
                    side=side,
                    what_if=words.t.gettext(
                        "the ace {card} had been counted for {side}"
                    ).format(card=ace.pretty, side=words.side(side)),
                    truth=truth,
                    change=lambda s, a=holder, b=side: add_points("aces", b, 1)(
                        add_points("aces", a, -1)(s)
                    ),
                )
    for side, score in enumerate(facts.scores):
        aces = len(score.aces)
        truth = words.t.ngettext(
            "{side} took {n} ace", "{side} took {n} aces", aces
        ).format(side=words.side(side), n=aces)
        yield from aces_miscounted(words, facts, None, side, aces, truth)
