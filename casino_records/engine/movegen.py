"""Generate every legal move of a position, each distinct move exactly once.

The generator works on bit masks over the table's items (loose cards, then
builds; see :mod:`casino_records.engine.combos`) and applies the same rules as
:func:`casino_records.engine.legality.verify_move`; the test suite checks the two
agree on every position of random games and against brute force.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache
from typing import Final

from .cards import CARDS, Card
from .combos import Item, groups_for, subset_sums, unions
from .moves import Action, Move
from .state import DealState
from .values import build_value_ok, is_face, same_value, values_of

__all__ = ["captures_for", "clear_caches", "generate_legal_moves"]


def generate_legal_moves(state: DealState) -> list[Move]:
    """Return every distinct legal move for the seat to play.

    Captures come first, then builds, then trails, card by card in hand order.
    An empty list means the deal is over (it is never empty otherwise).
    """
    if state.finished:
        return []
    position = _Position(state)
    seat = state.turn
    hand = state.hands[seat]
    cvals = state.values.cvals
    values = [cvals[card] for card in hand]
    later = [0] * (len(hand) + 1)
    for i in range(len(hand) - 1, -1, -1):
        later[i] = later[i + 1] | values[i]
    rules = state.rules
    always_trail = not (
        position.own
        or rules.trail_ban_matching_loose
        or rules.no_trail_if_capture_possible
    )
    moves: list[Move] = []
    trails: list[Move] = []
    before = 0
    for i, card in enumerate(hand):
        after = before | later[i + 1]
        before |= values[i]
        captures = position.captures(card, after)
        moves += captures
        moves += position.builds(card, after)
        if always_trail or position.may_trail(card, bool(captures), after):
            trails.append(tuple.__new__(_MOVE, (seat, card, _TRAIL, _NO_CARDS, None)))
    return moves + trails


def captures_for(state: DealState, seat: int, card: Card) -> list[Move]:
    """Return the legal captures ``seat`` could make with ``card``."""
    return _Position(state, seat).captures(
        card, state.hand_value_mask(seat, without=card)
    )


_RANK_INDEX: Final = tuple(i % 13 for i in range(52))
_RANK: Final = tuple(card.rank for card in CARDS)
_ALONE: Final = tuple((card,) for card in CARDS)
_CAPTURE: Final = Action.CAPTURE
_BUILD: Final = Action.BUILD
_TRAIL: Final = Action.TRAIL
_MOVE: Final = Move  # static in compiled code, unlike an imported name
_NO_CARDS: frozenset[Card] = frozenset()
# Moves are made with ``tuple.__new__(_MOVE, fields)``: the named tuple's own
# ``__new__`` would cost one more Python call per generated move.


# Which items can take part in a group worth ``v``: loose cards of rank <= v (a
# lone card of rank v, or a summand below v), sorted by rank, so always a prefix
# of the loose cards; and the builds. The caches below are keyed by that prefix,
# so positions that differ only in higher cards share their work.


@lru_cache(maxsize=65536)
def _unions(items: tuple[Item, ...], value: int) -> tuple[int, ...]:
    """Sorted unions of disjoint groups worth ``value`` among ``items``."""
    return tuple(sorted(unions(groups_for(items, value, subset_sums(items, value)))))


@lru_cache(maxsize=65536)
def _sums_to(items: tuple[Item, ...], total: int) -> tuple[int, ...]:
    """Sets of one or more summable ``items`` adding up to ``total``.

    Single items first, in order, then larger sets in the order
    :func:`~casino_records.engine.combos.subset_sums` finds them.
    """
    singles = [1 << i for i, (_, low) in enumerate(items) if low == total]
    return (*singles, *subset_sums(items, total).get(total, ()))


@lru_cache(maxsize=65536)
def _creations(
    prefix: tuple[Item, ...], low: int, alone: bool, value: int, royal: bool
) -> tuple[int, ...]:
    """Loose-card masks a played card can create a build of ``value`` with (R6.1).

    :param prefix: the loose items that can take part in a group worth ``value``.
    :param low: the played card's value in a sum.
    :param alone: True if the played card is worth ``value`` by itself.
    """
    companions: tuple[int, ...] = ()
    if value > low:
        total = value - low
        smaller = tuple(item for item in prefix if item[1] <= total)
        companions = _sums_to(smaller, total)
    if not alone and not companions:
        return ()
    extras = (0, *_unions(prefix, value))
    found: dict[int, None] = {}
    for mine in (0, *companions) if alone else companions:
        for extra in extras:
            if extra & mine or not (extra | mine):
                continue
            if build_value_ok(royal, value, mine != 0 and extra == 0):
                found[mine | extra] = None
    return tuple(found)


def clear_caches() -> None:
    """Forget every cached table analysis (for benchmarks that must start cold)."""
    for cached in (_unions, _sums_to, _creations):
        cached.cache_clear()


class _Position:
    """Per-position caches shared by the generation of every card's moves."""

    def __init__(self, state: DealState, seat: int | None = None) -> None:
        self.state = state
        self.seat = state.turn if seat is None else seat
        self.rules = state.rules
        values = self.values = state.values
        # Loose cards sorted by rank: equal tables then share one cached analysis.
        loose = self.loose = sorted(state.loose, key=_RANK_INDEX.__getitem__)
        n_loose = self.n_loose = len(loose)
        self.loose_mask = (1 << n_loose) - 1
        self.unit_cards: list[tuple[Card, ...]] = [_ALONE[c] for c in loose]
        items = [values.item[c] for c in loose]
        self.build_bits: list[int] = []
        self.own: list[tuple[int, int]] = []
        if state.builds:
            as_card = self.rules.single_build_as_card
            for j, build in enumerate(state.builds):
                value = build.value
                items.append((1 << value, value if as_card and build.is_single else 0))
                self.unit_cards.append(build.cards)
                self.build_bits.append(1 << (n_loose + j))
                if build.owner == self.seat:
                    self.own.append((n_loose + j, value))
        self.items: list[Item] = items
        self.loose_items = tuple(items[:n_loose])
        self.build_items = tuple(items[n_loose:])
        self.ranks = [_RANK[c] for c in loose]
        self.royal = values.royal
        self._card_sets: dict[int, frozenset[Card]] = {}
        self._prefixes: dict[int, tuple[Item, ...]] = {}
        self._unions: dict[int, tuple[int, ...]] = {}
        self._targets: dict[int, dict[int, int | None]] = {}

    def prefix(self, value: int) -> tuple[Item, ...]:
        """The loose items that can take part in a group worth ``value``."""
        found = self._prefixes.get(value)
        if found is None:
            found = self.loose_items[: bisect_right(self.ranks, value)]
            self._prefixes[value] = found
        return found

    def capture_unions(self, value: int) -> tuple[int, ...]:
        """Every set of disjoint groups worth ``value`` on the table, sorted.

        Sorted so that the order of generated moves depends on the position
        alone, never on how a set happened to store its members.
        """
        found = self._unions.get(value)
        if found is None:
            prefix = self.prefix(value)
            found = _unions(prefix + self.build_items, value)
            shift = self.n_loose - len(prefix)
            if shift and self.build_items:
                low_bits = (1 << len(prefix)) - 1
                found = tuple(
                    (m & low_bits) | (m >> len(prefix) << self.n_loose) for m in found
                )
            self._unions[value] = found
        return found

    def extra_unions(self, value: int, allowed: int) -> tuple[int, ...]:
        """Unions of groups within ``allowed`` worth ``value``, the empty one first."""
        everything = self.capture_unions(value)
        if allowed == (1 << len(self.items)) - 1:
            return (0, *everything)
        return (0, *(m for m in everything if not m & ~allowed))

    def capture_targets(self, cvals: int) -> dict[int, int | None]:
        """Capture target masks for a card of values ``cvals`` (mask -> 14 if only as 14)."""
        found = self._targets.get(cvals)
        if found is None:
            found = {}
            for value in values_of(cvals):
                for mask in self.capture_unions(value):
                    if mask not in found:
                        found[mask] = value if value == 14 else None
            self._targets[cvals] = found
        return found

    def loose_sums(self, total: int) -> tuple[int, ...]:
        """Sets of 1+ summable loose cards adding up to ``total``."""
        if total <= 0:
            return ()
        return _sums_to(self.prefix(total), total)

    def card_set(self, mask: int) -> frozenset[Card]:
        """The table cards of the items in ``mask`` (memoised per position)."""
        found = self._card_sets.get(mask)
        if found is None:
            cards: list[Card] = []
            units = self.unit_cards
            rest = mask
            while rest:
                lowest = rest & -rest
                cards.extend(units[lowest.bit_length() - 1])
                rest ^= lowest
            found = self._card_sets[mask] = frozenset(cards)
        return found

    def same_value(self, card: Card) -> list[int]:
        """Indexes of loose cards of the same value as ``card`` (R5.3, R9.3)."""
        return same_value(self.loose, card, self.values.cvals)

    def holds_all(self, after: int, skip: int = 0) -> bool:
        """G1 for the mover's builds not in ``skip`` (a mask of items)."""
        for i, value in self.own:
            if not (after >> value & 1 or skip >> i & 1):
                return False
        return True

    # --- captures ------------------------------------------------------------------

    def captures(self, card: Card, after: int) -> list[Move]:
        """Legal captures with ``card``; ``after``: the hand's values without it."""
        seat = self.seat
        cvals = self.values.cvals[card]
        found: dict[int, int | None] = {}
        if cvals == 0:
            for mask in self._face_targets(card):
                found[mask] = None
        else:
            found = self.capture_targets(cvals)
        if not found:
            return []
        same = 0
        if self.rules.pairing_obligation != "none":
            for i in self.same_value(card):
                same |= 1 << i
        limit_rank = (
            self.values.royal
            and self.rules.face_capture == "single_same_rank"
            and is_face(card)
        )
        card_set = self.card_set
        if not (same or limit_rank or self.own):
            return [
                tuple.__new__(
                    _MOVE, (seat, card, _CAPTURE, card_set(mask), capture_value)
                )
                for mask, capture_value in found.items()
            ]
        moves = []
        for mask, capture_value in found.items():
            if same and not self._pairing_ok(mask, same):
                continue
            if not self.holds_all(after, skip=mask):
                continue
            if limit_rank and self._same_rank_count(mask, card) > 1:
                continue
            moves.append(
                tuple.__new__(
                    _MOVE, (seat, card, _CAPTURE, card_set(mask), capture_value)
                )
            )
        return moves

    def _pairing_ok(self, mask: int, same: int) -> bool:
        if self.rules.pairing_obligation == "all":
            return mask & same == same
        return bool(mask & same)

    def _same_rank_count(self, mask: int, card: Card) -> int:
        loose = self.loose
        return sum(
            1
            for i in range(self.n_loose)
            if mask >> i & 1 and loose[i] % 13 == card % 13
        )

    def _face_targets(self, card: Card) -> list[int]:
        """R5.2: classic faces take loose cards of their own rank."""
        rule = self.rules.face_capture
        rank = card % 13
        same = [1 << i for i, x in enumerate(self.loose) if x % 13 == rank]
        if rule == "single_same_rank" or not same:
            return same
        return [sum(same)]

    # --- builds --------------------------------------------------------------------

    def builds(self, card: Card, after: int) -> list[Move]:
        """Legal builds with ``card``; ``after``: the hand's values without it."""
        low = self.values.low[card]
        if low == 0 or not after:
            return []
        found: dict[tuple[int, int], None] = {}
        self._creates(card, low, after, found)
        if self.state.builds:
            self._extends(card, low, after, found)
            self._increases(low, after, found)
        seat, card_set = self.seat, self.card_set
        return [
            tuple.__new__(_MOVE, (seat, card, _BUILD, card_set(mask), value))
            for mask, value in found
        ]

    def _companions(self, card: Card, low: int, value: int) -> list[int]:
        """The played card's possible groups: alone (mask 0), or with loose cards."""
        options = [0] if self.values.cvals[card] >> value & 1 else []
        if value > low:
            options += self.loose_sums(value - low)
        return options

    def _creates(
        self, card: Card, low: int, after: int, found: dict[tuple[int, int], None]
    ) -> None:
        if not self.holds_all(after):
            return
        cvals = self.values.cvals[card]
        royal = self.royal
        # A build worth less than the played card is impossible (R6.1 B2).
        for value in values_of(after >> low << low):
            alone = bool(cvals >> value & 1)
            for mask in _creations(self.prefix(value), low, alone, value, royal):
                found[(mask, value)] = None

    def _partner_of_mover(self, owner: int) -> bool:
        state = self.state
        return owner != self.seat and state.side_of(owner) == state.side_of(self.seat)

    def _mergeable(self, value: int, exclude: int) -> int:
        """Builds worth ``value`` that a move may absorb (option merge_builds)."""
        if not self.rules.merge_builds:
            return 0
        mask = 0
        for j, build in enumerate(self.state.builds):
            bit = self.build_bits[j]
            if j == exclude or build.value != value:
                continue
            if not self.rules.extend_partner_build and self._partner_of_mover(
                build.owner
            ):
                continue
            mask |= bit
        return mask

    def _extends(
        self, card: Card, low: int, after: int, found: dict[tuple[int, int], None]
    ) -> None:
        rules = self.rules
        for j, build in enumerate(self.state.builds):
            value = build.value
            if not after >> value & 1:
                continue
            if not rules.extend_partner_build and self._partner_of_mover(build.owner):
                continue
            bit = self.build_bits[j]
            if not self.holds_all(after, skip=bit):
                continue
            if rules.extend_extra_table_groups:
                allowed = self.loose_mask | self._mergeable(value, j)
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
        rules = self.rules
        for j, build in enumerate(self.state.builds):
            value = build.value + low
            if not build.is_single or value > self.values.max_value:
                continue
            if not after >> value & 1:
                continue
            if build.owner == self.seat and not rules.increase_own_build:
                continue
            if not rules.increase_partner_build and self._partner_of_mover(build.owner):
                continue
            bit = self.build_bits[j]
            if not self.holds_all(after, skip=bit):
                continue
            if rules.increase_incorporate_table:
                allowed = self.loose_mask | self._mergeable(value, j)
                extras = self.extra_unions(value, allowed)
            else:
                extras = (0,)
            for extra in extras:
                found[(bit | extra, value)] = None

    # --- trails --------------------------------------------------------------------

    def may_trail(self, card: Card, can_capture: bool, after: int) -> bool:
        rules = self.rules
        if self.own and not (rules.owner_may_trail and self.holds_all(after)):
            return False
        if rules.trail_ban_matching_loose and self.same_value(card):
            return False
        return not (rules.no_trail_if_capture_possible and can_capture)
