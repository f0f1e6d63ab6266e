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
from ....i18n import Translator
from ..whatif import DealFacts
from .base import (
    Change,
    Mistake,
    Words,
    add_points,
    and_list,
    deal_mistake,
    move_cards,
    set_points,
)

__all__ = [
    "CASINOS",
    "aces_miscounted",
    "casino_mistakes",
    "casino_name",
    "counting_mistakes",
    "residue_mistakes",
    "tie_mistakes",
]

_TIED: Final = ("most_cards", "most_spades")
"""The items a tie scores for nobody (R12.2)."""
_TIE_POINTS: Final = {"most_cards": 3, "most_spades": 1}


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

    t = words.t

    def who(side: int) -> str:
        if side != last_side:
            return words.side(side)
        if words.partners:
            return t.gettext("{side} ({player} played the last card)").format(
                side=words.side(side), player=words.player(last_card.move.seat)
            )
        return t.gettext("{side}, who played the last card").format(
            side=words.side(side)
        )

    captured = (
        t.gettext(
            "the rules give them to {side}, who made the last capture ({move})"
        ).format(side=words.by(last), move=words.at(last))
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
    t = words.t
    state = facts.state
    cards = state.residue
    owner = state.residue_side
    left = t.ngettext(
        "the {n} card left on the table at the end",
        "the {n} cards left on the table at the end",
        len(cards),
    ).format(n=len(cards))
    if owner is not None and captured is not None:
        truth, rule = captured, "R11.1"
    elif owner is not None:
        truth = t.gettext(
            "nobody captured, and these rules give them to the dealer's side, {side}"
        ).format(side=words.side(owner))
        rule = "R11.2"
    else:
        truth = t.gettext("nobody captured in this deal, so they count for nobody")
        rule = "R11.2"
    for side in range(len(state.piles)):
        if side != owner:
            yield deal_mistake(
                facts,
                last,
                kind="residue_to_side",
                rule=rule,
                side=side,
                what_if=t.gettext("{cards} had gone to {side}").format(
                    cards=left, side=who(side)
                ),
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
            what_if=t.gettext("nobody had been given {cards}").format(cards=left),
            truth=truth,
            change=move_cards(owner, None, cards),
        )


def tie_mistakes(words: Words, facts: DealFacts) -> Iterator[Mistake]:
    """A tie for most cards or most spades (R12.2) given to one side, or to each."""
    t = words.t
    scores = facts.scores
    for category in _TIED:
        cards = category == "most_cards"
        points = _TIE_POINTS[category]
        counts = [s.cards if cards else s.spades for s in scores]
        best = max(counts)
        tied = [k for k, c in enumerate(counts) if c == best]
        if len(tied) < 2:
            continue
        split = "–".join(str(counts[k]) for k in tied)
        truth = (
            t.gettext("a tie for most cards scores nobody")
            if cards
            else t.gettext("a tie for most spades scores nobody")
        )
        for side in tied:
            yield deal_mistake(
                facts,
                None,
                kind="tie_to_side",
                rule="R12.2",
                side=side,
                what_if=(
                    t.ngettext(
                        "the {split} tie in cards had given {side} the {n} point"
                        " for most cards",
                        "the {split} tie in cards had given {side} the {n} points"
                        " for most cards",
                        points,
                    )
                    if cards
                    else t.ngettext(
                        "the {split} tie in spades had given {side} the {n} point"
                        " for most spades",
                        "the {split} tie in spades had given {side} the {n} points"
                        " for most spades",
                        points,
                    )
                ).format(split=split, side=words.side(side), n=points),
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
            what_if=(
                t.gettext("each side in the {split} tie in cards had scored most cards")
                if cards
                else t.gettext(
                    "each side in the {split} tie in spades had scored most spades"
                )
            ).format(split=split),
            truth=truth,
            change=set_points(category, dict.fromkeys(tied, points)),
        )


def _sweeps(words: Words, facts: DealFacts) -> Iterator[Mistake]:
    t = words.t
    sweeps = facts.base.sweeps
    steps = {s.index: s for s in facts.state.log if s.sweep}
    last = facts.last_capture
    deal_end = len(facts.state.log) - 1
    for side, made in enumerate(sweeps):
        name = words.side(side)
        at = and_list([t.gettext("move {n}").format(n=m + 1) for m in made], t)
        if (
            last is not None
            and not last.sweep
            and words.game.side_of(last.move.seat) == side
        ):
            extra_at: Step | None = last
            what_if = t.gettext(
                "{capture}, the last of the deal, had been counted as a sweep"
            ).format(capture=words.capture(last))
            truth = t.gettext(
                "taking the cards left on the table at the end is never a sweep"
            )
            rule = "R10.2"
        else:
            extra_at = steps[made[0]] if made else None
            what_if = (
                t.ngettext(
                    "{side} had been given one sweep more than the {n} made",
                    "{side} had been given one sweep more than the {n} made",
                    len(made),
                ).format(side=name, n=len(made))
                if made
                else t.gettext(
                    "a sweep had been counted for {side}, who made none"
                ).format(side=name)
            )
            truth = (
                t.ngettext(
                    "a sweep is a capture that empties the table; {side}'s was at"
                    " {moves}",
                    "a sweep is a capture that empties the table; {side}'s were at"
                    " {moves}",
                    len(made),
                ).format(side=name, moves=at)
                if made
                else t.gettext("a sweep is a capture that empties the table")
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
            t.gettext(
                "a capture with the deal's last card that empties the table is a sweep"
            )
            if final
            else t.gettext(
                "each capture that empties the table is a sweep ({moves})"
            ).format(moves=at)
        )
        yield deal_mistake(
            facts,
            steps[missed],
            kind="sweep_missed",
            rule="R10.2" if final else "R10.1",
            side=side,
            what_if=t.ngettext(
                "one of {side}'s {n} sweeps had not been counted",
                "one of {side}'s {n} sweeps had not been counted",
                len(made),
            ).format(side=name, n=len(made))
            if len(made) > 1
            else t.gettext("{side}'s sweep had not been counted").format(side=name),
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
                what_if=t.gettext(
                    "one of {side}'s sweeps had been counted for {other}"
                ).format(side=name, other=words.side(other)),
                truth=t.gettext(
                    "a sweep belongs to the side that made it ({side}: {moves})"
                ).format(side=name, moves=at),
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
"""Each casino: its card, its item, its name (English: :func:`casino_name`
words it) and its points."""


def casino_name(card: Card, t: Translator) -> str:
    """``Big Casino`` or ``Little Casino`` in ``t``'s language."""
    return t.gettext("Big Casino") if card == BIG_CASINO else t.gettext("Little Casino")


def _casinos(words: Words, facts: DealFacts) -> Iterator[Mistake]:
    t = words.t
    for card, _, _, _ in CASINOS:
        name = casino_name(card, t)
        holder = next(
            (k for k, pile in enumerate(facts.base.piles) if card in pile), None
        )
        step = next(
            (s for s in facts.captures if card == s.move.card or card in s.taken),
            None,
        )
        if holder is None:
            truth = t.gettext("nobody took {casino}").format(casino=name)
        elif step is not None:
            truth = t.gettext("{side} captured {casino} at {move}").format(
                side=words.by(step), casino=name, move=words.at(step)
            )
        else:
            truth = t.gettext(
                "{side} took {casino} with the cards left on the table"
            ).format(side=words.side(holder), casino=name)
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
    t = words.t
    _, category, _, points = next(c for c in CASINOS if c[0] == card)
    label = f"{casino_name(card, t)} ({card.pretty})"
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
            what_if=t.gettext("{casino} had been counted for {side}").format(
                casino=label, side=words.side(side)
            ),
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
            what_if=t.gettext("{casino} had not been counted").format(casino=label),
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
        t = words.t
        taken = [
            t.gettext("{card} at {move}").format(
                card=a.pretty, move=words.at(origin[a])
            )
            if a in origin
            else f"{a.pretty}"
            for a in aces
        ]
        first = origin.get(aces[0]) if aces else None
        has = (
            t.ngettext(
                "{side} took {n} ace ({aces})",
                "{side} took {n} aces ({aces})",
                len(aces),
            ).format(side=words.side(side), n=len(aces), aces=and_list(taken, t))
            if aces
            else t.gettext("{side} took no ace").format(side=words.side(side))
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
                what_if=words.t.gettext("{side}'s aces had been counted as {n}").format(
                    side=words.side(side), n=aces + delta
                ),
                truth=truth,
                change=add_points("aces", side, delta),
            )


def _aces_to_side(
    words: Words, facts: DealFacts, origin: dict[Card, Step]
) -> Iterator[Mistake]:
    """An ace one side took counted for another: one mistake per pair of sides,
    naming the ace and the move that took it (or, when the side took several,
    each of them: the sheet cannot tell which one was given away)."""
    t = words.t
    sides = len(facts.base.piles)
    for holder, score in enumerate(facts.scores):
        if not score.aces:
            continue
        aces = sorted(score.aces, key=lambda a: origin[a].index if a in origin else 99)
        name = words.side(holder)
        took = [
            (
                t.gettext("{card} by {player} at {move}").format(
                    card=a.pretty,
                    player=words.player(origin[a].move.seat),
                    move=words.at(origin[a]),
                )
                if words.partners
                else t.gettext("{card} at {move}").format(
                    card=a.pretty, move=words.at(origin[a])
                )
            )
            if a in origin
            else t.gettext("{card} with the cards left on the table").format(
                card=a.pretty
            )
            for a in aces
        ]
        first = origin.get(aces[0])
        if len(aces) > 1:
            ace = t.ngettext(
                "one of {side}'s {n} ace ({aces})",
                "one of {side}'s {n} aces ({aces})",
                len(aces),
            ).format(
                side=name,
                n=len(aces),
                aces=t.pgettext("list separator", ", ").join(took),
            )
        elif first is not None:
            ace = t.gettext("the {card} {side} took at {move}").format(
                card=aces[0].pretty, side=words.by(first), move=words.at(first)
            )
        else:
            ace = t.gettext("the {card} left on the table for {side}").format(
                card=aces[0].pretty, side=name
            )
        for side in range(sides):
            if side == holder:
                continue
            yield deal_mistake(
                facts,
                first,
                kind="ace_to_side",
                rule="R12.1",
                side=side,
                what_if=t.gettext("{ace} had been counted for {side}").format(
                    ace=ace, side=words.side(side)
                ),
                truth=t.gettext(
                    "an ace scores for the side that took it ({side})"
                ).format(side=name),
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
    t = words.t
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
        capture = t.gettext(" or of ").join(words.capture(s) for s in group)
        n = len(cards)
        owner = t.gettext("they are {side}'s cards").format(side=words.side(side))
        for other in range(sides):
            if other != side:
                yield deal_mistake(
                    facts,
                    step,
                    kind="capture_to_side",
                    rule="R12.1",
                    side=other,
                    what_if=t.ngettext(
                        "the {n} card of {capture} had been counted for {side}",
                        "the {n} cards of {capture} had been counted for {side}",
                        n,
                    ).format(n=n, capture=capture, side=words.side(other)),
                    truth=owner,
                    change=move_cards(side, other, cards),
                )
        yield deal_mistake(
            facts,
            step,
            kind="capture_twice",
            rule="R12.1",
            side=side,
            what_if=t.ngettext(
                "the {n} card of {capture} had been counted twice",
                "the {n} cards of {capture} had been counted twice",
                n,
            ).format(n=n, capture=capture),
            truth=t.gettext("each card counts once"),
            change=move_cards(side, side, cards, twice=True),
        )
        yield deal_mistake(
            facts,
            step,
            kind="capture_missed",
            rule="R12.1",
            side=side,
            what_if=t.ngettext(
                "the {n} card of {capture} had been left out of the count",
                "the {n} cards of {capture} had been left out of the count",
                n,
            ).format(n=n, capture=capture),
            truth=owner,
            change=move_cards(side, None, cards),
        )
