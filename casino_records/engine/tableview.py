"""The table as one seat sees it when its moves are generated: items and their groupings.

:class:`TableView` holds the table's loose cards (in :mod:`casino_records.engine.loose`'s
order) and builds as items, with the analyses every card's moves share, computed
once per position; :mod:`casino_records.engine.movegen` asks it for each card's
captures and builds. The groupings are cached across positions by the items they
depend on (:func:`clear_caches` forgets them).
"""

from __future__ import annotations

from typing import Final, cast

from .buildcheck import read_build
from .cards import CARDS
from .combos import Item, groups_for, summed_sets, unions
from .constraints import (
    equal_loose,
    face_targets,
    holds,
    may_absorb,
    may_change,
    pairing_binds,
    pairing_ok,
    same_rank_binds,
    same_rank_ok,
    unheld,
    value_ok,
)
from .loose import loose_order
from .moves import Action, Build, Move
from .state import DealState
from .values import values_of

__all__ = ["TableView", "clear_caches"]


# Which items can take part in a group worth ``v``: loose cards of rank <= v (a
# lone card of rank v, or a summand below v), sorted by rank, so always a prefix
# of the loose cards; and the builds. The caches below are keyed by that prefix,
# so positions that differ only in higher cards share their work.


def _unions(items: tuple[Item, ...], value: int) -> tuple[int, ...]:
    """Sorted unions of disjoint groups worth ``value`` among ``items``."""
    return tuple(unions(groups_for(items, value)))


def _sums_to(items: tuple[Item, ...], total: int) -> tuple[int, ...]:
    """Sets of one or more summable ``items`` adding up to ``total``.

    Single items first, in order, then larger sets in the order
    :func:`~casino_records.engine.combos.summed_sets` lists them.
    """
    singles = [1 << i for i, (_, low) in enumerate(items) if low == total]
    return (*singles, *summed_sets(items, total))


def _creations(
    companions: tuple[int, ...],
    extras: tuple[int, ...],
    alone: bool,
    value: int,
    royal: bool,
) -> tuple[int, ...]:
    """Loose-item masks a played card can create a build of ``value`` with (R6.1).

    :param companions: the sets of loose items that add up to ``value`` with
        the played card.
    :param extras: the unions of groups of loose items worth ``value``.
    :param alone: True if the played card is worth ``value`` by itself.
    """
    found: dict[int, None] = {}
    with_none = (0, *extras)
    single_ok = value_ok(royal, value, True)
    multiple_ok = value_ok(royal, value, False)
    for mine in (0, *companions) if alone else companions:
        for extra in with_none:
            if extra & mine or not (extra | mine):
                continue
            if single_ok if mine != 0 and extra == 0 else multiple_ok:
                found[mine | extra] = None
    return tuple(found)


# The pack as this module's own constant: compiled, a constant of the module is
# a static, where a name imported from another module is a look-up in a dict.
_PACK: Final = CARDS


# The analyses of the main path are cached by an int that encodes the items
# (a tuple of tuples would be hashed item by item at every look-up):
# ``TableView.prefix_key`` and ``TableView.builds_key``.
_CACHE_LIMIT: Final = 200_000
_UNIONS: Final[dict[int, tuple[int, ...]]] = {}
_SUMS: Final[dict[int, tuple[int, ...]]] = {}
_CREATIONS: Final[dict[int, tuple[int, ...]]] = {}


def _remember(
    cache: dict[int, tuple[int, ...]], key: int, found: tuple[int, ...]
) -> None:
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[key] = found


def clear_caches() -> None:
    """Forget every cached table analysis (for benchmarks that must start cold)."""
    for table in (_UNIONS, _SUMS, _CREATIONS):
        table.clear()


class TableView:
    """The table seen by one seat, as items, with the analyses every card's
    moves share (computed once per position)."""

    def __init__(self, state: DealState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.rules = state.rules
        values = self.values = state.values
        self.royal = values.royal
        loose, signature, rank_counts, totals, alone = loose_order(state)
        self.loose = loose
        """The loose cards, item by item."""
        self.n_loose = len(loose)
        self.signature = signature
        """The loose cards' ranks in order, 4 bits each, the first lowest."""
        self.rank_counts = rank_counts
        """How many loose cards there are of each rank, 4 bits a rank, aces lowest."""
        self.totals = totals
        """The sums (bit ``t`` for ``t``) that some of the loose cards add up to,
        0 (none of them) included, up to the highest value."""
        self.worths = totals | alone
        """The values some group of loose cards may be worth (bit ``v`` for ``v``)."""
        self._loose_items: tuple[Item, ...] | None = None
        self.own: tuple[Build, ...] = ()
        self.build_masks: tuple[int, ...] = ()
        self.build_items: tuple[Item, ...] = ()
        builds_key = 0
        if state.builds:
            as_card = self.rules.single_build_as_card
            build_items: list[Item] = []
            for build in state.builds:
                value = build.value
                low = value if as_card and len(build.groups) == 1 else 0
                build_items.append((1 << value, low))
                builds_key = builds_key << 5 | value << 1 | (low != 0)
            self.build_items = tuple(build_items)
            self.build_masks = tuple([build.mask for build in state.builds])
            self.own = tuple([b for b in state.builds if b.owner == seat])
        self.builds_key = builds_key << 4 | len(self.build_items)
        """The builds as items, 5 bits each, then their number (4 bits)."""
        self.builds_bits = 5 * len(self.build_items) + 4
        self.royal_bit = int(self.royal)
        self._unions: dict[int, tuple[int, ...]] | None = None

    @property
    def loose_items(self) -> tuple[Item, ...]:
        """The loose cards as items (needed only when an analysis is not cached)."""
        found = self._loose_items
        if found is None:
            # Typed as objects, the items are kept as the table holds them
            # (compiled, items of type Item would be unpacked and packed again).
            table: tuple[object, ...] = self.values.item
            loose = tuple([table[card] for card in self.loose])
            found = self._loose_items = cast("tuple[Item, ...]", loose)
        return found

    @property
    def items(self) -> tuple[Item, ...]:
        """Every table item: the loose cards, then the builds."""
        return self.loose_items + self.build_items

    def prefix_length(self, value: int) -> int:
        """How many loose items can take part in a group worth ``value``."""
        length = 0
        ranks = self.signature
        while ranks and ranks & 15 <= value:
            length += 1
            ranks >>= 4
        return length

    def prefix(self, value: int) -> tuple[Item, ...]:
        """The loose items that can take part in a group worth ``value``."""
        return self.loose_items[: self.prefix_length(value)]

    def prefix_key(self, value: int) -> int:
        """An int naming the items of :meth:`prefix` (with the card values in use):
        the number of loose cards of each rank up to ``value``."""
        return (self.rank_counts & ((1 << 4 * value) - 1)) << 1 | self.royal_bit

    def loose_sums(self, total: int) -> tuple[int, ...]:
        """Sets of one or more summable loose items adding up to ``total``."""
        key = self.prefix_key(total) << 4 | total
        found = _SUMS.get(key)
        if found is None:
            found = _sums_to(self.prefix(total), total)
            _remember(_SUMS, key, found)
        return found

    def creations(self, low: int, alone: bool, value: int) -> tuple[int, ...]:
        """Loose-item masks the played card can create a build of ``value`` with."""
        makes_up = value > low and self.totals >> (value - low) & 1
        if not makes_up and not (alone and self.worths >> value & 1):
            return ()  # no loose cards make up the rest, nor are worth the value
        key = ((self.prefix_key(value) << 4 | low) << 1 | alone) << 4 | value
        found = _CREATIONS.get(key)
        if found is None:
            companions = self.loose_sums(value - low) if value > low else ()
            extras = self.loose_unions(value)
            found = _creations(companions, extras, alone, value, self.royal)
            _remember(_CREATIONS, key, found)
        return found

    def loose_unions(self, value: int) -> tuple[int, ...]:
        """Every set of disjoint groups of loose cards worth ``value``, sorted."""
        if not self.worths >> value & 1:
            return ()
        key = (self.prefix_key(value) << 4) << 4 | value  # no builds: key 0 (4 bits)
        found = _UNIONS.get(key)
        if found is None:
            found = _unions(self.prefix(value), value)
            _remember(_UNIONS, key, found)
        return found

    def capture_unions(self, value: int) -> tuple[int, ...]:
        """Every set of disjoint groups worth ``value`` on the table, sorted.

        Sorted so that the order of generated moves depends on the position
        alone, never on how a set happened to store its members.
        """
        if not self.build_items:
            return self.loose_unions(value)
        known = self._unions
        if known is None:
            known = self._unions = {}
        found = known.get(value)
        if found is None:
            key = self.prefix_key(value) << self.builds_bits | self.builds_key
            key = key << 4 | value
            cached = _UNIONS.get(key)
            length = self.prefix_length(value)
            if cached is None:
                cached = _unions(self.prefix(value) + self.build_items, value)
                _remember(_UNIONS, key, cached)
            found = cached
            if length != self.n_loose:
                low_bits = (1 << length) - 1
                found = tuple(
                    (m & low_bits) | (m >> length << self.n_loose) for m in found
                )
            known[value] = found
        return found

    def extra_unions(self, value: int, allowed: int) -> tuple[int, ...]:
        """Unions of groups within ``allowed`` worth ``value``, the empty one first."""
        everything = self.capture_unions(value)
        if allowed == (1 << (self.n_loose + len(self.build_items))) - 1:
            return (0, *everything)
        return (0, *[m for m in everything if not m & ~allowed])

    def card_mask(self, items: int) -> int:
        """The table cards of the items in the item mask ``items``."""
        found = 0
        loose = self.loose
        n_loose = self.n_loose
        rest = items
        while rest:
            lowest = rest & -rest
            at = lowest.bit_length() - 1
            if at < n_loose:
                found |= 1 << loose[at]
            else:
                found |= self.build_masks[at - n_loose]
            rest ^= lowest
        return found

    # --- captures ------------------------------------------------------------------

    def add_captures(self, card: int, after: int, moves: list[Move]) -> None:
        """Add to ``moves`` the legal captures with ``card``; ``after``: the
        hand's values without it."""
        cvals = self.values.cvals[card]
        if cvals == 0 or cvals & (cvals - 1):
            self._add_captures_of(card, after, self._rare_targets(card, cvals), moves)
            return
        value = cvals.bit_length() - 1
        unions = self.capture_unions(value)
        if not unions:
            return
        at = value if value == 14 else None
        seat, played = self.seat, _PACK[card]
        check = self._capture_check(card)
        for items in unions:
            taken = self.card_mask(items)
            if check < 0 or self._may_capture(card, after, check, taken):
                moves.append(Move(seat, played, Action.CAPTURE, taken, at))

    def _rare_targets(self, card: int, cvals: int) -> list[tuple[int, int | None]]:
        """Capture targets (card masks) of a face that takes by rank, or of a
        card of several values, each with the value it is taken at when only 14
        takes it (else None)."""
        if cvals == 0:
            faces = face_targets(self.state, card)
            if len(faces) > 1:  # one card each: first come first
                faces.sort(key=self._arrival_of)
            return [(mask, None) for mask in faces]
        found: dict[int, int | None] = {}
        for value in values_of(cvals):
            for items in self.capture_unions(value):
                if items not in found:
                    found[items] = value if value == 14 else None
        return [(self.card_mask(items), at) for items, at in found.items()]

    def _arrival_of(self, bit: int) -> int:
        return self.state.arrival[bit.bit_length() - 1]

    def _add_captures_of(
        self,
        card: int,
        after: int,
        targets: list[tuple[int, int | None]],
        moves: list[Move],
    ) -> None:
        if not targets:
            return
        seat, played = self.seat, _PACK[card]
        check = self._capture_check(card)
        for taken, at in targets:
            if check < 0 or self._may_capture(card, after, check, taken):
                moves.append(Move(seat, played, Action.CAPTURE, taken, at))

    def _capture_check(self, card: int) -> int:
        """The loose cards a capture with ``card`` must take by pairing (see
        :func:`equal_loose`), or -1 when no capture with it needs checking."""
        equal = equal_loose(self.state, card)
        if self.own or pairing_binds(self.rules, equal):
            return equal
        return equal if same_rank_binds(self.state, card) else -1

    def _may_capture(self, card: int, after: int, equal: int, taken: int) -> bool:
        own = self.own
        return (
            pairing_ok(self.rules, equal, taken)
            and (not own or unheld(own, after, taken) is None)
            and same_rank_ok(self.state, card, taken)
        )

    # --- builds --------------------------------------------------------------------

    def add_builds(self, card: int, after: int, moves: list[Move]) -> None:
        """Add to ``moves`` the legal builds with ``card``; ``after``: the
        hand's values without it."""
        low = self.values.low[card]
        if low == 0 or not after:
            return
        seat, played = self.seat, _PACK[card]
        state = self.state
        if self.rules.single_build_as_card and any(
            len(b.groups) == 1 for b in state.builds
        ):
            found: dict[tuple[int, int], None] = {}
            self._read_candidates(card, low, after, found)
            created: set[tuple[int, int]] = set()
        else:
            start = len(moves)
            self._add_creations(card, low, after, moves)
            if not state.builds:
                return
            found = {}
            self._extends(card, low, after, found)
            self._increases(low, after, found)
            created = {(move.table, move.value or 0) for move in moves[start:]}
        for mask, value in found:
            onto = self.card_mask(mask)
            if (onto, value) not in created:
                moves.append(Move(seat, played, Action.BUILD, onto, value))

    def _add_creations(
        self, card: int, low: int, after: int, moves: list[Move]
    ) -> None:
        """Add to ``moves`` the new builds ``card`` can make (each comes once)."""
        if self.own and unheld(self.own, after) is not None:
            return
        seat, played = self.seat, _PACK[card]
        cvals = self.values.cvals[card]
        rest = after >> low << low  # no build worth less than the card (R6.1 B2)
        while rest:
            lowest = rest & -rest
            value = lowest.bit_length() - 1
            for mask in self.creations(low, bool(cvals >> value & 1), value):
                onto = self.card_mask(mask)
                moves.append(Move(seat, played, Action.BUILD, onto, value))
            rest ^= lowest

    def _mergeable(self, value: int, exclude: int) -> int:
        """Builds worth ``value`` that a move may absorb (option merge_builds)."""
        if not self.rules.merge_builds:
            return 0
        mask = 0
        for j, build in enumerate(self.state.builds):
            if j != exclude and build.value == value:
                if may_absorb(self.state, self.seat, build):
                    mask |= 1 << (self.n_loose + j)
        return mask

    def _companions(self, card: int, low: int, value: int) -> list[int]:
        """The played card's possible groups: alone (mask 0), or with loose cards."""
        options = [0] if self.values.cvals[card] >> value & 1 else []
        if value > low:
            options += self.loose_sums(value - low)
        return options

    def _extends(
        self, card: int, low: int, after: int, found: dict[tuple[int, int], None]
    ) -> None:
        state, seat, rules = self.state, self.seat, self.rules
        loose_mask = (1 << self.n_loose) - 1
        for j, build in enumerate(state.builds):
            value = build.value
            if not holds(after, value) or not may_absorb(state, seat, build):
                continue
            if self.own and unheld(self.own, after, build.mask) is not None:
                continue
            bit = 1 << (self.n_loose + j)
            if rules.extend_extra_table_groups:
                allowed = loose_mask | self._mergeable(value, j)
                extras = self.extra_unions(value, allowed)
            else:
                extras = (0,)
            for mine in self._companions(card, low, value):
                for extra in extras:
                    if not extra & mine:
                        found[(bit | mine | extra, value)] = None

    def _increases(
        self, low: int, after: int, found: dict[tuple[int, int], None]
    ) -> None:
        state, seat = self.state, self.seat
        loose_mask = (1 << self.n_loose) - 1
        for j, build in enumerate(state.builds):
            value = build.value + low
            if value > self.values.max_value or not holds(after, value):
                continue
            if may_change(state, seat, build):
                continue
            if self.own and unheld(self.own, after, build.mask) is not None:
                continue
            bit = 1 << (self.n_loose + j)
            if self.rules.increase_incorporate_table:
                allowed = loose_mask | self._mergeable(value, j)
                extras = self.extra_unions(value, allowed)
            else:
                extras = (0,)
            for extra in extras:
                found[(bit | extra, value)] = None

    def _read_candidates(
        self, card: int, low: int, after: int, found: dict[tuple[int, int], None]
    ) -> None:
        """A25: every grouping of the played card with table items (a single
        build counts as a card), each read by the single-move check."""
        state, seat, played = self.state, self.seat, _PACK[card]
        items = self.items
        for value in values_of(after >> low << low):
            mine: list[int] = [0] if self.values.cvals[card] >> value & 1 else []
            if value > low:
                mine += _sums_to(items, value - low)
            extras = (0, *_unions(items, value))
            for group in mine:
                for extra in extras:
                    if extra & group or not (extra | group):
                        continue
                    onto = self.card_mask(group | extra)
                    move = Move(seat, played, Action.BUILD, onto, value)
                    if read_build(state, move) is not None:
                        found[(group | extra, value)] = None
