"""Which cards a recorded deal dealt: from a shuffle seed, a deck, hands, or the moves.

Provenance, strongest first (NOTATION.md "Deal"): ``shuffle`` (the deck is
re-derived from the seed), ``deck`` (dealt by the rules' pattern, R3.4), explicit
``table`` and ``hands`` (``??`` for unknown cards), or only ``table`` with hands
inferred from the moves. Where several are given they must agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Protocol

from ...engine.cards import CARDS, Card, parse_card
from ...engine.rules import Rules
from ...engine.seating import HAND_SIZE, Seating, deal_from_deck
from ...engine.shuffle import shuffled_deck
from ...i18n import Said, Seat, said
from ..replayable import DealShape as Deal
from .pointer import (
    deal_pointer,
    describe_said,
    move_at,
    move_place_said,
    move_pointer,
    pointer,
    round_pointer,
)

__all__ = ["DealCards", "FindingSink", "resolve_deal_cards"]

_CARD: Final = pointer("card")
"""The step below a move to its card."""


@dataclass(frozen=True, slots=True, init=False)
class DealCards:
    """The cards a recorded deal dealt, as far as the record tells them."""

    table: list[Card]
    """The 4 cards the deal starts with on the table."""
    rounds: list[list[list[Card]]]
    """Each recorded round's hands by seat: 4 cards each, except where an
    unfinished round leaves a hand known only as far as played (see
    :attr:`unknown`)."""
    unknown: list[list[int]]
    """Per round and seat, how many of the hand's cards the record does not tell
    (0 but in an unfinished round whose hands are neither recorded nor dealt)."""
    unseen: frozenset[Card] = frozenset()
    """The cards nobody has seen in the deal (empty when every hand is known)."""

    def __init__(
        self,
        table: list[Card],
        rounds: list[list[list[Card]]],
        unknown: list[list[int]],
        unseen: frozenset[Card] = frozenset(),
    ) -> None:
        # The dataclass's own __init__ runs as Python code even when compiled.
        object.__setattr__(self, "table", table)
        object.__setattr__(self, "rounds", rounds)
        object.__setattr__(self, "unknown", unknown)
        object.__setattr__(self, "unseen", unseen)


class FindingSink(Protocol):
    """Where replay problems go (the replayer)."""

    def error(
        self,
        kind: str,
        loc: str,
        where: str | Said,
        message: str | Said,
        rule: str = "",
    ) -> None:
        """Record (or raise) an error; a :class:`~casino_records.i18n.Said` place
        or message is kept to be said in other languages too."""
        ...


def resolve_deal_cards(
    sink: FindingSink, d: int, deal: Deal, rules: Rules, seating: Seating
) -> DealCards | None:
    """Work out the table and hands of deal ``d``; report disagreements to ``sink``.

    :returns: the cards, or None when the deal cannot be replayed.
    """
    deck = _deck(sink, d, deal)
    if deck is False:
        return None
    if isinstance(deck, tuple) and deck:
        return _from_deck(sink, d, deal, list(deck), rules, seating)
    assert deal.table is not None
    table = [parse_card(c) for c in deal.table]
    seen = {card: deal_pointer(d, "table", i) for i, card in enumerate(table)}
    rounds: list[list[list[Card]]] = []
    unknown: list[list[int]] = []
    for r in range(max(len(deal.rounds), 1)):  # no round yet: its hands unknown
        hands = _round_hands(sink, d, r, deal, seating, seen)
        if hands is None:
            return None
        rounds.append(hands)
        unknown.append([HAND_SIZE - len(hand) for hand in hands])
    unseen = (
        frozenset(CARDS).difference(seen) if any(map(any, unknown)) else frozenset()
    )
    return DealCards(table, rounds, unknown, unseen)


def _deck(sink: FindingSink, d: int, deal: Deal) -> tuple[Card, ...] | bool:
    """The deck from ``shuffle`` and/or ``deck``; False on disagreement."""
    seeded = shuffled_deck(deal.shuffle.seed) if deal.shuffle is not None else None
    if deal.deck is None:
        return seeded or ()
    given = tuple(parse_card(c) for c in deal.deck)
    if seeded is not None and given != seeded:
        i = next(
            i for i, (a, b) in enumerate(zip(given, seeded, strict=True)) if a != b
        )
        assert deal.shuffle is not None
        sink.error(
            "provenance",
            deal_pointer(d, "deck", i),
            said.gettext("deal {deal}, deck card {n}").format(deal=d + 1, n=i + 1),
            said.gettext(
                "the deck disagrees with shuffle seed {seed} ({pointer}): card {n}"
                " is {deck} in the deck but {shuffle} by the shuffle"
            ).format(
                seed=repr(deal.shuffle.seed),
                pointer=deal_pointer(d, "shuffle"),
                n=i + 1,
                deck=given[i],
                shuffle=seeded[i],
            ),
        )
        return False
    return given


def _from_deck(
    sink: FindingSink,
    d: int,
    deal: Deal,
    deck: list[Card],
    rules: Rules,
    seating: Seating,
) -> DealCards | None:
    dealt = deal_from_deck(deck, seating, deal.dealer, rules.deal_batch)
    table = list(dealt.table)
    seeded = deal.shuffle is not None
    if deal.table is not None:
        recorded = [parse_card(c) for c in deal.table]
        if set(recorded) != set(table):
            disagrees = (
                said.gettext(
                    "the table {table} disagrees with the shuffle seed, which deals"
                    " {dealt} to the table (R3.4, deal_batch={batch})"
                )
                if seeded
                else said.gettext(
                    "the table {table} disagrees with the deck, which deals"
                    " {dealt} to the table (R3.4, deal_batch={batch})"
                )
            )
            sink.error(
                "provenance",
                deal_pointer(d, "table"),
                said.gettext("deal {deal}, table").format(deal=d + 1),
                disagrees.format(
                    table=" ".join(map(str, recorded)),
                    dealt=" ".join(map(str, table)),
                    batch=rules.deal_batch,
                ),
                rule="R3.4",
            )
            return None
    rounds = [[list(hand) for hand in hands] for hands in dealt.rounds]
    unknown = [[0] * seating.players for _ in rounds]
    for r, round_ in enumerate(deal.rounds):
        for seat, hand in enumerate(round_.hands or ()):
            for k, text in enumerate(hand):
                if text != "??" and parse_card(text) not in rounds[r][seat]:
                    absent = (
                        said.gettext(
                            "{card} is not in {seat}'s hand as dealt from the"
                            " shuffle seed: {hand} (R3.4)"
                        )
                        if seeded
                        else said.gettext(
                            "{card} is not in {seat}'s hand as dealt from the"
                            " deck: {hand} (R3.4)"
                        )
                    )
                    sink.error(
                        "provenance",
                        round_pointer(d, r, "hands", seat, k),
                        said.gettext(
                            "deal {deal}, round {round}, {seat}'s hand"
                        ).format(deal=d + 1, round=r + 1, seat=Seat(seat)),
                        absent.format(
                            card=text,
                            seat=Seat(seat),
                            hand=" ".join(map(str, rounds[r][seat])),
                        ),
                        rule="R3.4",
                    )
                    return None
    return DealCards(table, rounds, unknown)


def _place(deal: Deal, d: int, loc: str) -> Said:
    """A card's place, to be said in any language: a move by its number in
    the deal, else the hand."""
    found = move_at(loc)
    if found is None:
        return describe_said(loc)
    _, r, k = found
    number = sum(len(done.moves) for done in deal.rounds[:r]) + k + 1
    return move_place_said(d, number, r)


def _round_hands(
    sink: FindingSink,
    d: int,
    r: int,
    deal: Deal,
    seating: Seating,
    seen: dict[Card, str],
) -> list[list[Card]] | None:
    """One round's hands: as recorded, completed from the moves where ``??``.

    In an unfinished round a hand may stay short: the cards known so far.
    """
    round_ = deal.rounds[r] if r < len(deal.rounds) else None
    moves = round_.moves if round_ is not None else ()
    players = seating.players
    played: list[list[tuple[Card, str]]] = [[] for _ in range(players)]
    for k, move in enumerate(moves):
        card = move.card if isinstance(move.card, Card) else parse_card(move.card)
        played[move.seat].append((card, move_pointer(d, r, k) + _CARD))
    complete = len(moves) == HAND_SIZE * players
    hands: list[list[Card]] = []
    for seat in range(players):
        recorded = round_.hands[seat] if round_ is not None and round_.hands else None
        if recorded is None:
            origin = played[seat]
        else:
            origin = [
                (parse_card(c), round_pointer(d, r, "hands", seat, k))
                for k, c in enumerate(recorded)
                if c != "??"
            ]
            known = {card for card, _ in origin}
            origin += [(c, where) for c, where in played[seat] if c not in known]
            origin = origin[:HAND_SIZE]
        if len(origin) > HAND_SIZE or (complete and len(origin) != HAND_SIZE):
            n = len(played[seat])
            sink.error(
                "structure",
                origin[-1][1] if origin else round_pointer(d, r),
                said.gettext("deal {deal}, round {round}, {seat}").format(
                    deal=d + 1, round=r + 1, seat=Seat(seat)
                ),
                said.ngettext(
                    "{seat} plays {n} card in round {round}; every player plays 4"
                    " a round, in turn",
                    "{seat} plays {n} cards in round {round}; every player plays 4"
                    " a round, in turn",
                    n,
                ).format(seat=Seat(seat), n=n, round=r + 1),
                rule="R2.4",
            )
            return None
        for card, where in origin:
            if card in seen:
                place = _place(deal, d, where)
                sink.error(
                    "provenance",
                    where,
                    said.gettext("{place}, {seat} plays {card}").format(
                        place=place, seat=Seat(seat), card=card.pretty
                    )
                    if move_at(where)
                    else place,
                    said.gettext(
                        "{card} is dealt twice: at {first} and at {then}"
                    ).format(
                        card=card.pretty, first=_place(deal, d, seen[card]), then=place
                    ),
                    rule="R1.1",
                )
                return None
            seen[card] = where
        hands.append([card for card, _ in origin])
    return hands
