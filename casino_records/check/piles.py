"""A deal given by its piles: check that every card is in one place, and set out its end.

A deal whose moves nobody wrote down is given by what the table still sees
(``piles``, docs/notation.md §6.6): each side's capture pile, the sweeps each
side made, the seat that made the last capture and the cards left on the
table. :func:`pile_problems` finds what cannot be: a card in two places or in
none (R1.1), a capture pile of one card (R5.1), captures without a last
capturer (R11.1), sweeps without a capture (R10.1). :func:`piled_state` is
the deal's end as the engine holds it after play, so that the replay scores
it, audits its claims and explains a dispute as for a deal played move by
move: the residue goes to the last capturer's side (R11.1).

What the piles cannot say is the order the captures were made in. It
matters in two places only, and where it would decide the match the replay
says so rather than guess (:func:`sweep_order_decides`,
:func:`immediate_winners`): the count-out credits sweeps in the order they
were made (R13.3), and under ``near_target_immediate_win`` the first capture
of the needed casino ends the match (R13.4).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

from ..engine.cards import BIG_CASINO, CARD_NAMES, CARDS, LITTLE_CASINO, Card
from ..engine.masks import cards_of, mask_of
from ..engine.match import MatchState, count_out_items
from ..engine.rules import Rules
from ..engine.scoring import SideScore, near_target_band
from ..engine.seating import Seating
from ..engine.state import DealState
from ..engine.values import value_tables
from ..i18n import Said, Seat, Side, said
from ..record.format.pointer import Part, deal_pointer, describe_said, pointer
from ..record.format.provenance import FindingSink
from ..record.replayable import DealShape
from .report import DealReport

if TYPE_CHECKING:  # the models (pydantic) load only for a deal that has piles
    from ..record.format.piles import Piles

__all__ = [
    "and_list",
    "piled_deal",
    "piles_place",
    "PileProblem",
    "immediate_winners",
    "pile_problems",
    "piled_state",
    "piles_of",
    "pile_name",
    "place_of",
    "sweep_order_decides",
]

_CARD_BY_NAME: Final = dict(zip(CARD_NAMES, CARDS, strict=True))

PileProblem = tuple[str, str, Said]
"""A problem of a deal's piles: its JSON pointer, its rule id and its message."""


def pile_name(side: int, sides: Sequence[str]) -> str:
    """A side's capture pile in words: ``Ana's pile`` (``side 0's pile`` when
    the side has no name)."""
    return _pile(side, sides).text()


def _pile(side: int, sides: Sequence[str]) -> Said:
    """:func:`pile_name`, to be said in any language."""
    name = sides[side] if side < len(sides) else Side(side)
    return said.pgettext("in a sentence", "{side}'s pile").format(side=name)


def _places(
    piles: Piles, sides: Sequence[str]
) -> list[tuple[tuple[Part, ...], str, Said]]:
    """Every card given, with its path under ``piles`` and its place."""
    found: list[tuple[tuple[Part, ...], str, Said]] = []
    for side, pile in enumerate(piles.sides):
        place = _pile(side, sides)
        for i, card in enumerate(pile):
            found.append((("sides", side, i), card, place))
    left = said.gettext("the cards left on the table")
    for i, card in enumerate(piles.left):
        found.append((("left", i), card, left))
    return found


def place_of(
    piles: Piles, card: str, sides: Sequence[str]
) -> tuple[tuple[Part, ...], str] | None:
    """Where ``card`` is (its path under ``piles``, the place in words), or None."""
    for path, name, place in _places(piles, sides):
        if name == card:
            return path, place.text()
    return None


def pile_problems(
    d: int, piles: Piles, seating: Seating, sides: Sequence[str]
) -> list[PileProblem]:
    """Everything about deal ``d``'s piles that no play of the deal can give.

    Every card of the pack is in exactly one place: one side's pile or the
    cards left on the table (a card named twice is reported where it is
    named again, the cards in no place together).
    """
    at = deal_pointer(d, "piles")
    found: list[PileProblem] = []
    first: dict[str, Said] = {}
    for path, card, place in _places(piles, sides):
        seen = first.get(card)
        if seen is not None:
            twice = (
                said.gettext(
                    "{card} is given twice in {place}: each card of the pack is in"
                    " one place"
                ).format(card=card, place=place)
                if seen == place
                else said.gettext(
                    "{card} is given in {first} and in {then}: each card of the pack"
                    " is in one place"
                ).format(card=card, first=seen, then=place)
            )
            found.append((at + pointer(*path), "R1.1", twice))
        else:
            first[card] = place
    missing = [name for name in CARD_NAMES if name not in first]
    if len(missing) == 1:
        found.append(
            (
                at,
                "R1.1",
                said.gettext(
                    "{card} is in no pile and not left on the table (each card of"
                    " the pack is in one place)"
                ).format(card=missing[0]),
            )
        )
    elif missing:
        found.append(
            (
                at,
                "R1.1",
                said.ngettext(
                    "{n} card is in no pile and not left on the table: {cards} (each"
                    " card of the pack is in one place)",
                    "{n} cards are in no pile and not left on the table: {cards}"
                    " (each card of the pack is in one place)",
                    len(missing),
                ).format(n=len(missing), cards=" ".join(missing)),
            )
        )
    for side, pile in enumerate(piles.sides):
        where = deal_pointer(d, "piles", "sides", side)
        if len(pile) == 1:
            found.append(
                (
                    where,
                    "R5.1",
                    said.gettext(
                        "{pile} holds one card, but a capture takes the card played"
                        " and at least one more"
                    ).format(pile=_pile(side, sides)),
                )
            )
        swept = piles.sweeps[side] if side < len(piles.sweeps) else 0
        if swept and 2 * swept > len(pile):
            held = said.ngettext("{n} card", "{n} cards", len(pile))
            found.append(
                (
                    deal_pointer(d, "piles", "sweeps", side),
                    "R10.1",
                    said.ngettext(
                        "{side} made {n} sweep, but each sweep is a capture of two"
                        " cards or more and {pile} holds {cards}",
                        "{side} made {n} sweeps, but each sweep is a capture of two"
                        " cards or more and {pile} holds {cards}",
                        swept,
                    ).format(
                        side=sides[side],
                        n=swept,
                        pile=_pile(side, sides),
                        cards=held.format(n=len(pile)),
                    ),
                )
            )
    last = piles.last_capture
    if last is None:
        taken = [s for s, pile in enumerate(piles.sides) if pile]
        if taken:
            found.append(
                (
                    at,
                    "R11.1",
                    said.gettext(
                        "{side} captured cards, so someone made the last capture:"
                        " say which seat made it"
                    ).format(side=sides[taken[0]]),
                )
            )
    elif last < seating.players:
        side = seating.side_of[last]
        if side < len(piles.sides) and not piles.sides[side]:
            found.append(
                (
                    deal_pointer(d, "piles", "last_capture"),
                    "R11.1",
                    said.gettext(
                        "{seat} made the last capture, but {pile} is empty"
                    ).format(seat=Seat(last), pile=_pile(side, sides)),
                )
            )
    return found


def piled_state(rules: Rules, seating: Seating, dealer: int, piles: Piles) -> DealState:
    """The end of a deal given by ``piles``, as the engine holds it after play.

    The cards ``left`` go to the last capturer's side (R11.1; with nobody
    capturing, to nobody or the dealer's side, R11.2). The sweeps are kept as
    unknown moves (``-1``): the piles do not say when they were made.
    """
    state = DealState(
        rules,
        seating,
        dealer,
        value_tables(rules.card_values),
        [() for _ in range(seating.players)],
        (),
        piles=[[_CARD_BY_NAME[c] for c in pile] for pile in piles.sides],
        sweeps=[[-1] * count for count in piles.sweeps],
        round=seating.rounds - 1,
        keep_log=True,
    )
    if not any(state.sweeps):
        state.sweeps = [[] for _ in range(seating.sides)]
    left = tuple(_CARD_BY_NAME[c] for c in piles.left)
    state.residue = left
    state.residue_bits = mask_of(left)
    state.last_capturer = piles.last_capture
    taker = piles.last_capture
    if taker is None and rules.residue_if_no_capture == "dealer":
        taker = dealer
    if taker is not None:
        side = seating.side_of[taker]
        state.residue_side = side
        state.pile_bits[side] |= state.residue_bits
    state.turn = seating.next_seat(dealer)
    state.finished = True
    return state


def piles_of(state: DealState) -> Piles:
    """The piles of a finished deal, as a table would write them (the inverse of
    :func:`piled_state`): what each side captured, without the residue."""
    from ..record.format.piles import Piles

    residue = state.residue_bits
    return Piles(
        sides=tuple(
            tuple(CARD_NAMES[c] for c in cards_of(bits & ~residue))
            for bits in state.pile_bits
        ),
        sweeps=tuple(len(made) for made in state.sweeps),
        last_capture=state.last_capturer,
        left=tuple(CARD_NAMES[c] for c in state.residue),
    )


def sweep_order_decides(match: MatchState, scores: Sequence[SideScore]) -> list[int]:
    """The sides that each count out first with their sweeps in some order (R13.3).

    The count-out credits a deal's items in a fixed order and its sweeps last,
    in the order they were made, which a deal given by its piles does not say.
    When two sides or more could each reach the target with their sweeps, the
    winner depends on that order: they are returned (else an empty list).
    """
    rules = match.rules
    if not rules.count_out or match.play_on or match.over:
        return []
    reached = list(match.totals)
    target = rules.target_score
    for item in count_out_items(scores):
        if item.category == "sweeps":
            continue
        reached[item.side] += item.points
        if reached[item.side] >= target:
            return []  # decided before any sweep is credited
    able = [
        s.side
        for s in scores
        if s.points["sweeps"] and reached[s.side] + s.points["sweeps"] >= target
    ]
    return able if len(able) > 1 else []


def immediate_winners(
    rules: Rules, match: MatchState, piles: Piles
) -> list[tuple[int, Card]]:
    """The sides whose pile holds the casino that wins at once (R13.4), with it.

    Under ``near_target_immediate_win`` a side 2 short of the target wins when it
    captures Big Casino, 1 short Little Casino. The residue is no capture, so
    only the cards of a side's own pile count.
    """
    if not rules.near_target_immediate_win or match.over:
        return []
    found = []
    for side, pile in enumerate(piles.sides):
        band = near_target_band(rules, match.totals[side], match.play_on)
        needed = {2: BIG_CASINO, 1: LITTLE_CASINO}.get(band)
        if needed is not None and CARD_NAMES[needed] in pile:
            found.append((side, needed))
    return found


def piles_place(d: int) -> Said:
    """``deal 1, piles``: where a finding on deal ``d``'s piles as a whole is."""
    return said.gettext("deal {deal}, piles").format(deal=d + 1)


def and_list(parts: Iterable[Said | str]) -> Said | str:
    """``A and B and C``, to be said in any language (at least one part)."""
    joined: Said | str | None = None
    for part in parts:
        joined = (
            part
            if joined is None
            else said.gettext("{one} and {other}").format(one=joined, other=part)
        )
    assert joined is not None
    return joined


def piled_deal(
    sink: FindingSink,
    report: DealReport,
    deal: DealShape,
    rules: Rules,
    seating: Seating,
    match: MatchState,
    sides: Sequence[str],
) -> DealState | None:
    """The end of a deal given by its piles, or None when they cannot be: their
    problems, and two captures that would each win the match at once (R13.4),
    go to ``sink``; ``report`` gets the deal's result."""
    piles = deal.piles
    assert piles is not None
    d = report.index
    problems = pile_problems(d, piles, seating, sides)
    for loc, rule, message in problems:
        sink.error("piles", loc, describe_said(loc), message, rule)
    winners = immediate_winners(rules, match, piles)
    if len(winners) > 1:
        took = said.gettext("{side} took {card}")
        named = and_list(
            took.format(side=sides[s], card=CARD_NAMES[c]) for s, c in winners
        )
        sink.error(
            "piles",
            deal_pointer(d, "piles"),
            piles_place(d),
            said.gettext(
                "{captures}, and either capture wins the match at once (option"
                " near_target_immediate_win): the piles do not say which came first"
                " (give this deal move by move)"
            ).format(captures=named),
            rule="R13.4",
        )
        return None
    if problems:
        return None
    state = piled_state(rules, seating, deal.dealer, piles)
    if winners:
        side, card = winners[0]
        decision = match.immediate_win(side, (card,))
        if decision is not None:
            report.match_note = decision.reason
    report.complete = not match.over
    if report.complete:
        report.leave_on_table(state)
    return state
