"""Counting mistakes: cards, sweeps and items credited to the wrong side or counted wrong.

The residue, one capture, a sweep, a casino or the aces: each generator lists
every such mistake that can be made in a deal, with its change to the deal's
scenario (:mod:`..rescoring`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Final

from ....engine.cards import BIG_CASINO, LITTLE_CASINO, Card, Suit
from ....engine.moves import Step
from ..whatif import DealFacts
from .base import (
    Change,
    Mistake,
    Words,
    add_points,
    and_list,
    count,
    deal_mistake,
    move_cards,
    set_points,
)

__all__ = [
    "CASINOS",
    "aces_miscounted",
    "casino_mistakes",
    "counting_mistakes",
    "residue_mistakes",
    "tie_mistakes",
]

_ITEM_WORDS: Final = {
    "most_cards": ("cards", "most cards", 3),
    "most_spades": ("spades", "most spades", 1),
}


def counting_mistakes(words: Words, facts: DealFacts) -> Iterator[Mistake]:
    """Every counting mistake that could be made in this deal, most common first."""
    for make in (_residue, tie_mistakes, _sweeps, _casinos, _aces, _captures):
        yield from make(words, facts)


def _residue(words: Words, facts: DealFacts) -> Iterator[Mistake]:
    state = facts.state
    if not state.residue:
        return
    last = facts.last_capture
    last_card = state.log[-1]
    last_side = words.game.side_of(last_card.move.seat)

    def who(side: int) -> str:
        if side != last_side:
            return words.side(side)
        if words.partners:
            return f"{words.side(side)} ({words.player(last_card.move.seat)} played the last card)"
        return f"{words.side(side)}, who played the last card"

    captured = (
        f"the rules give them to {words.by(last)}, who made the last capture"
        f" ({words.at(last)})"
        if last is not None
        else None
    )
    yield from residue_mistakes(words, facts, last, captured, who)


def residue_mistakes(
    words: Words,
    facts: DealFacts,
    last: Step | None,
    captured: str | None,
    who: Callable[[int], str],
) -> Iterator[Mistake]:
    """The cards left on the table at the end counted for another side, or for
    nobody: the mistakes point at ``last`` (the last capture, if known);
    ``captured`` says why they went to the side that made the last capture
    (None when nobody captured) and ``who`` names a side they might have gone to."""
    state = facts.state
    cards = state.residue
    owner = state.residue_side
    left = f"the {count(len(cards), 'card')} left on the table at the end"
    if owner is not None and captured is not None:
        truth, rule = captured, "R11.1"
    elif owner is not None:
        truth = (
            "nobody captured, and these rules give them to the dealer's side,"
            f" {words.side(owner)}"
        )
        rule = "R11.2"
    else:
        truth = "nobody captured in this deal, so they count for nobody"
        rule = "R11.2"
    for side in range(len(state.piles)):
        if side != owner:
            yield deal_mistake(
                facts,
                last,
                kind="residue_to_side",
                rule=rule,
                side=side,
                what_if=f"{left} had gone to {who(side)}",
                truth=truth,
                change=move_cards(owner, side, cards),
            )
    if owner is not None:
        yield deal_mistake(
            facts,
            last,
            kind="residue_to_nobody",
            rule=rule,
            side=owner,
            what_if=f"nobody had been given {left}",
            truth=truth,
            change=move_cards(owner, None, cards),
        )


def tie_mistakes(words: Words, facts: DealFacts) -> Iterator[Mistake]:
    """A tie for most cards or most spades (R12.2) given to one side, or to each."""
    scores = facts.scores
    for category, (counted, item, points) in _ITEM_WORDS.items():
        counts = [s.cards if counted == "cards" else s.spades for s in scores]
        best = max(counts)
        tied = [k for k, c in enumerate(counts) if c == best]
        if len(tied) < 2:
            continue
        split = "–".join(str(counts[k]) for k in tied)
        truth = f"a tie for {item} scores nobody"
        for side in tied:
            yield deal_mistake(
                facts,
                None,
                kind="tie_to_side",
                rule="R12.2",
                side=side,
                what_if=f"the {split} tie in {counted} had given {words.side(side)}"
                f" the {count(points, 'point')} for {item}",
                truth=truth,
                change=set_points(
                    category, {k: points if k == side else 0 for k in tied}
                ),
            )
        yield deal_mistake(
            facts,
            None,
            kind="tie_shared",
            rule="R12.2",
            what_if=f"each side in the {split} tie in {counted} had scored {item}",
            truth=truth,
            change=set_points(category, dict.fromkeys(tied, points)),
        )


def _sweeps(words: Words, facts: DealFacts) -> Iterator[Mistake]:
    sweeps = facts.base.sweeps
    steps = {s.index: s for s in facts.state.log if s.sweep}
    last = facts.last_capture
    deal_end = len(facts.state.log) - 1
    for side, made in enumerate(sweeps):
        name = words.side(side)
        at = and_list([f"move {m + 1}" for m in made])
        if (
            last is not None
            and not last.sweep
            and words.game.side_of(last.move.seat) == side
        ):
            extra_at: Step | None = last
            what_if = (
                f"{words.capture(last)}, the last of the deal, had been counted as a"
                " sweep"
            )
            truth = "taking the cards left on the table at the end is never a sweep"
            rule = "R10.2"
        else:
            extra_at = steps[made[0]] if made else None
            what_if = (
                f"{name} had been given one sweep more than the {len(made)} made"
                if made
                else f"a sweep had been counted for {name}, who made none"
            )
            truth = "a sweep is a capture that empties the table" + (
                f"; {name}'s {'were' if len(made) > 1 else 'was'} at {at}"
                if made
                else ""
            )
            rule = "R10.1"
        extra = last.index if extra_at is last and last is not None else -1
        yield deal_mistake(
            facts,
            extra_at,
            kind="sweep_extra",
            rule=rule,
            side=side,
            what_if=what_if,
            truth=truth,
            change=_sweep_moves(side, (*made, extra)),
        )
        if not made:
            continue
        final = [m for m in made if m == deal_end]
        missed = final[0] if final else made[0]
        truth = (
            "a capture with the deal's last card that empties the table is a sweep"
            if final
            else f"each capture that empties the table is a sweep ({at})"
        )
        yield deal_mistake(
            facts,
            steps[missed],
            kind="sweep_missed",
            rule="R10.2" if final else "R10.1",
            side=side,
            what_if=f"one of {name}'s {count(len(made), 'sweep')} had not been counted"
            if len(made) > 1
            else f"{name}'s sweep had not been counted",
            truth=truth,
            change=_sweep_moves(side, [m for m in made if m != missed]),
        )
        for other in range(len(sweeps)):
            if other == side:
                continue
            yield deal_mistake(
                facts,
                steps[made[0]],
                kind="sweep_to_side",
                rule="R10.1",
                side=other,
                what_if=f"one of {name}'s sweeps had been counted for {words.side(other)}",
                truth=f"a sweep belongs to the side that made it ({name}: {at})",
                change=lambda s, a=side, b=other, m=made: s.with_sweeps(
                    a, m[1:]
                ).with_sweeps(b, (*s.sweeps[b], m[0])),
            )


def _sweep_moves(side: int, moves: Sequence[int]) -> Change:
    return lambda scenario: scenario.with_sweeps(side, moves)


CASINOS: Final = (
    (BIG_CASINO, "big_casino", "Big Casino", 2),
    (LITTLE_CASINO, "little_casino", "Little Casino", 1),
)
"""Each casino: its card, its item, its name and its points."""


def _casinos(words: Words, facts: DealFacts) -> Iterator[Mistake]:
    for card, _, name, _ in CASINOS:
        holder = next(
            (k for k, pile in enumerate(facts.base.piles) if card in pile), None
        )
        step = next(
            (s for s in facts.captures if card == s.move.card or card in s.taken),
            None,
        )
        if holder is None:
            truth = f"nobody took {name}"
        elif step is not None:
            truth = f"{words.by(step)} captured {name} at {words.at(step)}"
        else:
            truth = f"{words.side(holder)} took {name} with the cards left on the table"
        yield from casino_mistakes(words, facts, step, card, holder, truth)


def casino_mistakes(
    words: Words,
    facts: DealFacts,
    step: Step | None,
    card: Card,
    holder: int | None,
    truth: str,
) -> Iterator[Mistake]:
    """A casino (``card``, taken by ``holder`` at ``step``) counted for a side
    that did not take it, or not counted at all; ``truth`` says who took it."""
    _, category, name, points = next(c for c in CASINOS if c[0] == card)
    label = f"{name} ({card.pretty})"
    for side in range(len(facts.base.piles)):
        if side == holder:
            continue
        changes = {side: points} | ({} if holder is None else {holder: 0})
        yield deal_mistake(
            facts,
            step,
            kind="casino_to_side",
            rule="R12.1",
            side=side,
            what_if=f"{label} had been counted for {words.side(side)}",
            truth=truth,
            change=set_points(category, changes),
        )
    if holder is not None:
        yield deal_mistake(
            facts,
            step,
            kind="casino_missed",
            rule="R12.1",
            side=holder,
            what_if=f"{label} had not been counted",
            truth=truth,
            change=set_points(category, {holder: 0}),
        )


def _aces(words: Words, facts: DealFacts) -> Iterator[Mistake]:
    origin = {c: s for s in facts.captures for c in (s.move.card, *s.taken)}
    yield from _aces_to_side(words, facts, origin)
    for side, score in enumerate(facts.scores):
        aces = tuple(
            sorted(score.aces, key=lambda a: origin[a].index if a in origin else 99)
        )
        taken = [
            f"{a.pretty} at move {origin[a].index + 1}"
            if a in origin
            else f"{a.pretty}"
            for a in aces
        ]
        first = origin.get(aces[0]) if aces else None
        has = (
            f"{words.side(side)} took {count(len(aces), 'ace')} ({and_list(taken)})"
            if aces
            else f"{words.side(side)} took no ace"
        )
        yield from aces_miscounted(words, facts, first, side, len(aces), has)


def aces_miscounted(
    words: Words, facts: DealFacts, step: Step | None, side: int, aces: int, truth: str
) -> Iterator[Mistake]:
    """``side``'s ``aces`` counted as one more or one fewer (at ``step``, its
    first ace's capture, if known); ``truth`` says which it took."""
    for delta in (1, -1):
        if 0 <= aces + delta <= 4:
            yield deal_mistake(
                facts,
                step,
                kind="aces_miscounted",
                rule="R12.1",
                side=side,
                what_if=f"{words.side(side)}'s aces had been counted as {aces + delta}",
                truth=truth,
                change=add_points("aces", side, delta),
            )


def _aces_to_side(
    words: Words, facts: DealFacts, origin: dict[Card, Step]
) -> Iterator[Mistake]:
    """An ace one side took counted for another: one mistake per pair of sides,
    naming the ace and the move that took it (or, when the side took several,
    each of them: the sheet cannot tell which one was given away)."""
    sides = len(facts.base.piles)
    for holder, score in enumerate(facts.scores):
        if not score.aces:
            continue
        aces = sorted(score.aces, key=lambda a: origin[a].index if a in origin else 99)
        name = words.side(holder)
        took = [
            (
                f"{a.pretty}"
                + (f" by {words.player(origin[a].move.seat)}" if words.partners else "")
                + f" at {words.at(origin[a])}"
            )
            if a in origin
            else f"{a.pretty} with the cards left on the table"
            for a in aces
        ]
        first = origin.get(aces[0])
        if len(aces) > 1:
            ace = f"one of {name}'s {count(len(aces), 'ace')} ({', '.join(took)})"
        elif first is not None:
            ace = f"the {aces[0].pretty} {words.by(first)} took at {words.at(first)}"
        else:
            ace = f"the {aces[0].pretty} left on the table for {name}"
        for side in range(sides):
            if side == holder:
                continue
            yield deal_mistake(
                facts,
                first,
                kind="ace_to_side",
                rule="R12.1",
                side=side,
                what_if=f"{ace} had been counted for {words.side(side)}",
                truth=f"an ace scores for the side that took it ({name})",
                change=_ace_moved(holder, side),
            )


def _ace_moved(holder: int, side: int) -> Change:
    """One ace point taken from ``holder`` and given to ``side`` (none, when
    another mistake already left ``holder`` no ace)."""

    def tweak(points: list[dict[str, int]]) -> None:
        if points[holder]["aces"] > 0:
            points[holder]["aces"] -= 1
            points[side]["aces"] += 1

    return lambda scenario: scenario.tweak_points(tweak)


def _captures(words: Words, facts: DealFacts) -> Iterator[Mistake]:
    """A capture's cards counted for another side, twice, or not at all. Captures
    of one side alike in every figure a sheet holds (as many cards, spades and
    aces, the same casinos) are one mistake naming each of them: no sheet can
    tell which of them was miscounted."""
    sides = len(facts.base.piles)
    alike: dict[tuple[object, ...], list[Step]] = {}
    for step in facts.captures:
        cards = (step.move.card, *step.taken)
        key = (
            words.game.side_of(step.move.seat),
            len(cards),
            sum(1 for c in cards if c.suit is Suit.SPADES),
            sum(1 for c in cards if c.is_ace),
            BIG_CASINO in cards,
            LITTLE_CASINO in cards,
        )
        alike.setdefault(key, []).append(step)
    for group in alike.values():
        step = group[0]
        side = words.game.side_of(step.move.seat)
        cards = (step.move.card, *step.taken)
        capture = " or of ".join(words.capture(s) for s in group)
        n = count(len(cards), "card")
        owner = f"they are {words.side(side)}'s cards"
        for other in range(sides):
            if other != side:
                yield deal_mistake(
                    facts,
                    step,
                    kind="capture_to_side",
                    rule="R12.1",
                    side=other,
                    what_if=f"the {n} of {capture} had been counted for"
                    f" {words.side(other)}",
                    truth=owner,
                    change=move_cards(side, other, cards),
                )
        yield deal_mistake(
            facts,
            step,
            kind="capture_twice",
            rule="R12.1",
            side=side,
            what_if=f"the {n} of {capture} had been counted twice",
            truth="each card counts once",
            change=move_cards(side, side, cards, twice=True),
        )
        yield deal_mistake(
            facts,
            step,
            kind="capture_missed",
            rule="R12.1",
            side=side,
            what_if=f"the {n} of {capture} had been left out of the count",
            truth=owner,
            change=move_cards(side, None, cards),
        )
