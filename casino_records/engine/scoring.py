"""Score a finished deal per side, category by category (R12, R10.4, R13.4).

>>> from casino_records.engine.cards import parse_cards
>>> from casino_records.engine.rules import Rules
>>> piles = [parse_cards("10D AS AH 3S 4S"), parse_cards("2S AC AD 5H")]
>>> score = score_piles(Rules(), piles, sweeps=[[], []])
>>> [s.points for s in score]  # doctest: +NORMALIZE_WHITESPACE
[{'most_cards': 3, 'most_spades': 1, 'big_casino': 2, 'little_casino': 0, 'aces': 2,
  'sweeps': 0}, {'most_cards': 0, 'most_spades': 0, 'big_casino': 0,
  'little_casino': 1, 'aces': 2, 'sweeps': 0}]
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Final

from ..i18n import said
from .cards import BIG_CASINO, CARDS, LITTLE_CASINO, Card, Suit
from .cardset import CardSet
from .masks import cards_of, mask_of
from .rules import Rules
from .values import is_ace, is_spade

__all__ = [
    "CATEGORIES",
    "CHECK_LABELS",
    "CHECK_SAID",
    "COUNT_OUT_ORDER",
    "SCORED_APART",
    "SideScore",
    "bank_points",
    "near_target_band",
    "pile_tally",
    "score_masks",
    "score_piles",
]

_SPADES: Final = mask_of([c for c in CARDS if is_spade(c)])
_ACES: Final = mask_of([c for c in CARDS if is_ace(c)])
_BIG_CASINO: Final = 1 << BIG_CASINO
_LITTLE_CASINO: Final = 1 << LITTLE_CASINO
SCORED_APART: Final = _SPADES | _BIG_CASINO | _LITTLE_CASINO
"""The cards scoring tells apart from the other cards of their rank: the
spades and the two casinos. Every other card scores as the others of its rank
do (a card towards most cards, and an ace a point)."""


def pile_tally(mask: int) -> int:
    """All that scoring reads of the pile ``mask``, as one number: its cards,
    spades and aces counted, and whether it holds each casino.

    Two piles with one tally score alike, and so do they with the same cards
    added to both (the tallies add up), whatever the rules and the match.

    >>> from casino_records.engine.cards import parse_cards
    >>> pile_tally(mask_of(parse_cards("5H 6C AD"))) == pile_tally(
    ...     mask_of(parse_cards("7D 5C AH")))
    True
    """
    return (
        mask.bit_count()
        | (mask & _SPADES).bit_count() << 6
        | (mask & _ACES).bit_count() << 10
        | (8192 if mask & _BIG_CASINO else 0)
        | (16384 if mask & _LITTLE_CASINO else 0)
    )


CATEGORIES: Final = (
    "most_cards",
    "most_spades",
    "big_casino",
    "little_casino",
    "aces",
    "sweeps",
)
"""The scoring categories in count-out order (R12.1, R13.3)."""

CHECK_SAID: Final = {
    "points.most_cards": said.gettext("most cards"),
    "points.most_spades": said.gettext("most spades"),
    "points.big_casino": said.gettext("Big Casino"),
    "points.little_casino": said.gettext("Little Casino"),
    "points.aces": said.gettext("aces"),
    "points.sweeps": said.gettext("sweep points"),
    "total": said.gettext("deal points"),
    "counts.cards": said.gettext("cards taken"),
    "counts.spades": said.gettext("spades taken"),
    "counts.sweeps": said.gettext("sweeps made"),
}
"""Each :attr:`~casino_records.check.report.ScoreCheck.category` of a deal in
words, in display order, to be said in any language (``.text(t)``)."""
CHECK_LABELS: Final = {category: label.text() for category, label in CHECK_SAID.items()}
""":data:`CHECK_SAID` in English."""


COUNT_OUT_ORDER: Final = (Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS)
"""The order aces are credited in a count-out (R13.3, A2)."""

NEAR_TARGET_ITEM: Final = {3: "most_cards", 2: "big_casino", 1: "little_casino"}
"""Dominican: the item a side short of the target by 3, 2, 1 must take (R13.4)."""


@dataclass(frozen=True, slots=True, init=False)
class SideScore:
    """One side's result for one deal."""

    side: int
    """The side (team index, or seat)."""
    cards: int
    """Cards in the side's pile."""
    spades: int
    """Spades in the side's pile."""
    sweeps: int
    """Sweeps the side made (before cancellation)."""
    aces: tuple[Card, ...]
    """The aces the side took, in pack order."""
    points: dict[str, int]
    """Points earned per category (after sweep cancellation)."""
    banked: int
    """Points added to the match total (after the Dominican near-target rule)."""
    note: str = ""
    """Why ``banked`` differs from the earned points, if it does."""

    def __init__(
        self,
        side: int,
        cards: int,
        spades: int,
        sweeps: int,
        aces: tuple[Card, ...],
        points: dict[str, int],
        banked: int,
        note: str = "",
    ) -> None:
        # The dataclass's own __init__ runs as Python code even when compiled.
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "spades", spades)
        object.__setattr__(self, "sweeps", sweeps)
        object.__setattr__(self, "aces", aces)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "banked", banked)
        object.__setattr__(self, "note", note)

    def __reduce__(self) -> tuple[type[SideScore], tuple[object, ...]]:
        # Compiled, the class can only be made through __init__ (so can a copy).
        figures = (self.side, self.cards, self.spades, self.sweeps, self.aces)
        return SideScore, (*figures, self.points, self.banked, self.note)

    @property
    def earned(self) -> int:
        """Points earned this deal, all categories."""
        return sum(self.points.values())


def unique_max(counts: Sequence[int]) -> int | None:
    """The index of the strictly largest count, or None on a tie (R12.2).

    >>> unique_max([20, 20, 12]) is None, unique_max([27, 25])
    (True, 0)
    """
    best = max(counts)
    leaders = [i for i, c in enumerate(counts) if c == best]
    return leaders[0] if len(leaders) == 1 else None


def near_target_band(rules: Rules, total: int, play_on: bool = False) -> int:
    """How far short of the target a side is, if the near-target rule binds it.

    Returns 3, 2 or 1 for a side at 18, 19 or 20 (target 21) under a Dominican
    near-target rule, else 0.
    """
    if rules.near_target_rule == "none" or play_on:
        return 0
    short = rules.target_score - total
    return short if short in NEAR_TARGET_ITEM else 0


def _sweep_points(
    rules: Rules, sweeps: Sequence[int], eligible: Sequence[bool]
) -> list[int]:
    if not rules.sweeps:
        return [0] * len(sweeps)
    points = []
    for side, own in enumerate(sweeps):
        if rules.sweep_cancellation == "vs_runner_up":
            others = [s for i, s in enumerate(sweeps) if i != side]
            own = max(0, own - max(others, default=0))
        points.append(own if eligible[side] else 0)
    return points


def score_piles(
    rules: Rules,
    piles: Sequence[Collection[Card]],
    sweeps: Sequence[Sequence[int]],
    totals_before: Sequence[int] | None = None,
    play_on: bool = False,
) -> list[SideScore]:
    """Score a deal from each side's capture pile and sweep list.

    :param totals_before: match totals at the start of the deal (for the
        Dominican near-target rules); ``None`` scores the deal on its own.
    :param play_on: True after a tied finish, when no near-target rule applies.
    """
    masks = [
        pile.mask if isinstance(pile, CardSet) else mask_of(pile) for pile in piles
    ]
    return score_masks(rules, masks, sweeps, totals_before, play_on)


def score_masks(
    rules: Rules,
    piles: Sequence[int],
    sweeps: Sequence[Sequence[int]],
    totals_before: Sequence[int] | None = None,
    play_on: bool = False,
) -> list[SideScore]:
    """:func:`score_piles` with each side's pile as a card mask, as a deal
    state's ``pile_bits`` holds it: no card sets to build."""
    masks = list(piles)
    totals = list(totals_before) if totals_before is not None else [0] * len(masks)
    cards = [mask.bit_count() for mask in masks]
    spades = [(mask & _SPADES).bit_count() for mask in masks]
    sweep_counts = [len(s) for s in sweeps]
    bands = [near_target_band(rules, total, play_on) for total in totals]
    threshold = rules.sweep_threshold
    eligible = [
        rules.near_target_rule == "none" or play_on or total < threshold
        for total in totals
    ]
    sweep_points = _sweep_points(rules, sweep_counts, eligible)
    most_cards = unique_max(cards)
    most_spades = unique_max(spades)
    scores = []
    for side, mask in enumerate(masks):
        aces = tuple(cards_of(mask & _ACES))
        points = {
            "most_cards": 3 if most_cards == side else 0,
            "most_spades": 1 if most_spades == side else 0,
            "big_casino": 2 if mask & _BIG_CASINO else 0,
            "little_casino": 1 if mask & _LITTLE_CASINO else 0,
            "aces": len(aces),
            "sweeps": sweep_points[side],
        }
        banked, note = bank_points(rules, points, totals[side], bands[side])
        scores.append(
            SideScore(
                side=side,
                cards=cards[side],
                spades=spades[side],
                sweeps=sweep_counts[side],
                aces=aces,
                points=points,
                banked=banked,
                note=note,
            )
        )
    return scores


def bank_points(
    rules: Rules, points: dict[str, int], total: int, band: int
) -> tuple[int, str]:
    """R13.4: what a side keeps of its ``points``, and why if that is not all.

    :param total: the side's match total at the start of the deal.
    :param band: :func:`near_target_band` of that total (0 outside the band).
    """
    earned = sum(points.values())
    if not band:
        return earned, ""
    item = NEAR_TARGET_ITEM[band]
    met = points[item] > 0
    name = CHECK_LABELS["points." + item]
    if rules.near_target_rule == "frozen":
        if met:
            return band, f"at {total}: took {name}, reaches {total + band} (R13.4)"
        return 0, f"at {total}: needed {name}, scores nothing else (R13.4 frozen)"
    if met:
        return earned, f"at {total}: took {name} (R13.4)"
    cap = rules.target_score - 1 - total
    if earned > cap:
        return cap, f"at {total}: no {name}, capped at {total + cap} (R13.4 cap_at_20)"
    return earned, ""
