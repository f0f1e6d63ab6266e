"""Combinatorics of groups: which sets of table items can be split into groups of a value.

An *item* is a loose card or a build, described by ``(alone, low)``: ``alone`` is
the value mask the item matches on its own (``cvals``, or a build's value) and
``low`` its value inside a sum (0 if it may not be summed). A *group* matches
``v`` if it is one item with bit ``v`` in ``alone``, or two or more summable items
whose ``low`` values add up to ``v`` (R1.4 ``matches``). Sets are bit masks of
item indexes.

>>> items = [(1 << 6, 6), (1 << 2, 2), (1 << 5, 5), (1 << 3, 3)]
>>> sorted(groups_for(items, 8))
[3, 12]
>>> partition(items, 8, 0b1111)
[[0, 1], [2, 3]]
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "Item",
    "groups_for",
    "partition",
    "sum_subsets",
    "summed_sets",
    "unions",
]

Item = tuple[int, int]
"""``(alone value mask, low value or 0)``."""


def summed_sets(items: Sequence[Item], total: int) -> list[int]:
    """The masks of summable item sets (2+ items) adding up to ``total``, in
    ascending order.

    >>> summed_sets([(0, 1), (0, 2), (0, 3), (0, 1)], 4)
    [5, 11, 12]
    """
    lows: list[int] = []
    reach = 0
    for _, low in items:
        lows.append(low)
        if low > 0:
            reach += low
    found: list[int] = []
    _walk_sums(lows, len(lows) - 1, total, 0, reach, found)
    return found


def _walk_sums(
    lows: list[int],
    index: int,
    left: int,
    chosen: int,
    reach: int,
    found: list[int],
) -> None:
    """Add to ``found`` each set ``chosen`` | (items up to ``index`` whose
    ``lows`` add up to ``left``) of two or more items, the sets without an item
    before those with it, so in ascending order; ``reach``: the sum of the
    positive lows up to ``index``."""
    while left:
        if index < 0 or reach < left:
            return
        low = lows[index]
        if low > 0:
            reach -= low
            if low <= left:
                _walk_sums(lows, index - 1, left, chosen, reach, found)
                chosen |= 1 << index
                left -= low
        index -= 1
    if chosen & (chosen - 1):
        found.append(chosen)


def groups_for(items: Sequence[Item], value: int) -> list[int]:
    """List every group of ``items`` that matches ``value``."""
    bit = 1 << value
    groups = [1 << i for i, (alone, _) in enumerate(items) if alone & bit]
    groups += summed_sets(items, value)
    return groups


def unions(groups: Sequence[int]) -> list[int]:
    """Every non-empty union of pairwise disjoint groups, in ascending order.

    >>> unions([0b01, 0b10, 0b11])
    [1, 2, 3]
    """
    if len(groups) <= 2:  # most tables: no need for the general walk
        if not groups:
            return []
        low, high = groups[0], groups[-1]
        if low == high:
            return [low]
        if low > high:
            low, high = high, low
        return [low, high] if low & high else [low, high, low | high]
    reachable = {0}
    for group in groups:
        reachable |= {r | group for r in reachable if not r & group}
    reachable.discard(0)
    return sorted(reachable)


def partition(items: Sequence[Item], value: int, mask: int) -> list[list[int]] | None:
    """Split the items in ``mask`` into groups that each match ``value``.

    Returns the groups as lists of item indexes (lone matches preferred, in index
    order), or ``None`` when no split exists.

    >>> partition([(1 << 1 | 1 << 14, 1), (1 << 12, 12)], 14, 0b11) is None
    True
    >>> partition([(1 << 1 | 1 << 14, 1), (1 << 13, 13)], 14, 0b01)
    [[0]]
    """
    found = _split(items, value, mask)
    if found is not None:
        found.reverse()
    return found


def _split(items: Sequence[Item], value: int, rest: int) -> list[list[int]] | None:
    """:func:`partition` of the items in ``rest``, its groups last first."""
    if not rest:
        return []
    first = 0
    while not rest >> first & 1:
        first += 1
    others = rest & ~(1 << first)
    alone, low = items[first]
    if alone >> value & 1:
        tail = _split(items, value, others)
        if tail is not None:
            tail.append([first])
            return tail
    if low <= 0 or low >= value:
        return None
    for chosen in _subset_masks(items, others, first + 1, value - low):
        tail = _split(items, value, others & ~chosen)
        if tail is not None:
            tail.append(_indexes(chosen, first))
            return tail
    return None


def _indexes(mask: int, first: int) -> list[int]:
    """``first`` and then the indexes of ``mask`` (all above it), ascending."""
    group = [first]
    i = first + 1
    while mask >> i:
        if mask >> i & 1:
            group.append(i)
        i += 1
    return group


def sum_subsets(items: Sequence[Item], mask: int, target: int) -> list[tuple[int, ...]]:
    """Non-empty sets of summable items in ``mask`` whose lows add up to ``target``.

    >>> sum_subsets([(0, 1), (0, 2), (0, 3)], 0b111, 3)
    [(0, 1), (2,)]
    """
    return [
        tuple(i for i in range(len(items)) if chosen >> i & 1)
        for chosen in _subset_masks(items, mask, 0, target)
    ]


def _subset_masks(
    items: Sequence[Item], candidates: int, start: int, target: int
) -> list[int]:
    """Non-empty subsets of the summable items in ``candidates`` (none below index
    ``start``) whose lows add up to ``target``, depth first: each set before the
    sets that extend it, items in index order."""
    found: list[int] = []
    _walk_subsets(items, candidates, start, target, 0, found)
    return found


def _walk_subsets(
    items: Sequence[Item],
    candidates: int,
    start: int,
    left: int,
    chosen: int,
    found: list[int],
) -> None:
    """Add to ``found`` each way to make ``left`` from the ``candidates`` from index
    ``start`` on, joined to ``chosen``. A function of its own, not a closure: a
    closure calling itself is a reference cycle, garbage only the cyclic
    collector can free."""
    for index in range(start, len(items)):
        if candidates >> index & 1:
            low = items[index][1]
            if 0 < low <= left:
                picked = chosen | 1 << index
                if low == left:
                    found.append(picked)
                else:
                    _walk_subsets(
                        items, candidates, index + 1, left - low, picked, found
                    )
