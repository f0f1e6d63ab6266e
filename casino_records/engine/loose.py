"""The table's loose cards in one canonical order, worked out from the last position's.

Equal tables then share one cached analysis in :mod:`casino_records.engine.movegen`,
and their moves come in one order: the loose cards sorted by rank, first come first
within a rank. The order is noted on the position (``DealState.loose_order``) and
worked out from the previous one when one card came (a trail) or cards went.
"""

from __future__ import annotations

from typing import Final

from .state import DealState
from .values import ValueTables

__all__ = ["loose_order"]


# Cards listed by rank, then suit: the card at place ``rank * 4 + suit``.
_FROM_RANK_MAJOR: Final = tuple(place % 4 * 13 + place // 4 for place in range(52))


def _spread_table() -> tuple[int, ...]:
    table = [0]
    for rank in range(13):
        table += [spread | 1 << 4 * rank for spread in table]
    return tuple(table)


_SPREAD: Final = _spread_table()
"""Each 13-bit mask of one suit's ranks with rank ``r`` moved to bit ``4 * r``."""


def _rank_counts(bits: int) -> int:
    """How many cards of the card mask ``bits`` there are of each rank, 4 bits
    a rank, aces lowest."""
    return (
        _SPREAD[bits & 0x1FFF]
        + _SPREAD[bits >> 13 & 0x1FFF]
        + _SPREAD[bits >> 26 & 0x1FFF]
        + _SPREAD[bits >> 39]
    )


def loose_order(state: DealState) -> tuple[tuple[int, ...], int, int, int, int]:
    """The loose cards sorted by rank, first come first within a rank (equal
    tables then share one cached analysis, and moves come in one order), their
    ranks, 4 bits each, the first lowest, their :func:`_rank_counts`, and the
    :func:`_totals` and values alone of the cards.

    Worked out from the order noted at the last position when one card came
    (a trail) or cards went, else from scratch; noted for the next position.
    """
    bits = state.loose_bits
    known, order, ranks, counts, totals, alone = state.loose_order
    if known == bits:
        return order, ranks, counts, totals, alone
    values = state.values
    if known >= 0 and not known & ~bits and not (bits ^ known) & (bits ^ known) - 1:
        card = (bits ^ known).bit_length() - 1
        order, ranks = _with_card(state, order, ranks, card)
        counts += 1 << 4 * (card % 13)
        totals = (totals | totals << values.low[card]) & _TOTALS_MASK
        alone |= values.cvals[card]
    elif known >= 0 and not bits & ~known:
        order, ranks = _kept(order, ranks, bits)
        counts -= _rank_counts(known ^ bits)
        totals, alone = _totals(order, values)
    else:
        order = _sorted_loose(state)
        ranks = 0
        for at, card in enumerate(order):
            ranks |= (card % 13 + 1) << 4 * at
        counts = _rank_counts(bits)
        totals, alone = _totals(order, values)
    state.loose_order = (bits, order, ranks, counts, totals, alone)
    return order, ranks, counts, totals, alone


def _totals(cards: tuple[int, ...], values: ValueTables) -> tuple[int, int]:
    """The sums (bit ``t`` for ``t``) that some of ``cards`` add up to, 0 (none
    of them) included, up to the highest value; and the values the cards stand
    for alone."""
    lows, cvals = values.low, values.cvals
    totals = 1
    alone = 0
    for card in cards:
        totals = (totals | totals << lows[card]) & _TOTALS_MASK
        alone |= cvals[card]
    return totals, alone


_TOTALS_MASK: Final = (1 << 15) - 1
"""The sums a group can be worth (up to 14)."""


def _kept(order: tuple[int, ...], ranks: int, bits: int) -> tuple[tuple[int, ...], int]:
    """``order`` and its ``ranks`` without the cards missing from ``bits``."""
    kept: list[int] = []
    kept_ranks = 0
    shift = 0
    for card in order:
        if bits >> card & 1:
            kept.append(card)
            kept_ranks |= (ranks & 15) << shift
            shift += 4
        ranks >>= 4
    return tuple(kept), kept_ranks


def _with_card(
    state: DealState, order: tuple[int, ...], ranks: int, card: int
) -> tuple[tuple[int, ...], int]:
    """``order`` and its ``ranks`` with ``card`` in its place."""
    arrival = state.arrival
    rank, came = card % 13 + 1, arrival[card]
    at = 0
    rest = ranks
    while rest and rest & 15 < rank:
        at += 1
        rest >>= 4
    while rest and rest & 15 == rank:
        other = order[at]
        if arrival[other] > came or (arrival[other] == came and other > card):
            break
        at += 1
        rest >>= 4
    kept = ranks & ((1 << 4 * at) - 1)
    placed = list(order)
    placed.insert(at, card)
    return tuple(placed), kept | (rest << 4 | rank) << 4 * at


def _sorted_loose(state: DealState) -> tuple[int, ...]:
    """The loose cards in :func:`loose_order`'s order, from scratch."""
    # The suits' 13-bit masks spread into one mask, bit rank * 4 + suit:
    bits = state.loose_bits
    by_rank = (
        _SPREAD[bits & 0x1FFF]
        | _SPREAD[bits >> 13 & 0x1FFF] << 1
        | _SPREAD[bits >> 26 & 0x1FFF] << 2
        | _SPREAD[bits >> 39] << 3
    )
    arrival = state.arrival
    loose: list[int] = []
    last_rank = -1
    while by_rank:
        low = by_rank & -by_rank
        place = low.bit_length() - 1
        card = _FROM_RANK_MAJOR[place]
        rank = place >> 2
        at = len(loose)
        if rank == last_rank:
            while (
                at
                and loose[at - 1] % 13 == rank
                and arrival[loose[at - 1]] > arrival[card]
            ):
                at -= 1
        last_rank = rank
        loose.insert(at, card)
        by_rank ^= low
    return tuple(loose)
