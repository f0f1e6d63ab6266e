"""Match play: running totals, the target, count-out and ties (R13).

:class:`MatchState` adds each deal's scores to the totals and decides whether
the match is won, following the rules' options.

>>> from casino_records.engine.rules import Rules
>>> from casino_records.engine.scoring import score_piles
>>> from casino_records.engine.cards import parse_cards
>>> match = MatchState(Rules(target_score=11), sides=2)
>>> deal = score_piles(match.rules, [parse_cards("10D AS AH 3S 4S"), []], [[], []])
>>> match.settle(deal).winner, match.totals
(None, [8, 0])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from ..i18n import Said, Side, said
from .cards import BIG_CASINO, LITTLE_CASINO, SUITS, Card
from .rules import Rules
from .scoring import COUNT_OUT_ORDER, SideScore, near_target_band, unique_max

_COUNT_OUT_RANK: Final = tuple(COUNT_OUT_ORDER.index(suit) for suit in SUITS)
"""A card's place in the count-out order of aces, by its suit index (card // 13)."""

__all__ = [
    "CountOutItem",
    "MatchDecision",
    "MatchState",
    "count_out_items",
    "count_out_label",
    "count_out_said",
    "count_out_text",
]


@dataclass(frozen=True, slots=True, init=False)
class CountOutItem:
    """One item credited in a count-out (R13.3)."""

    side: int
    category: str
    points: int
    label: str
    """E.g. ``most cards``, ``ace AS``, ``sweep at move 17``."""

    def __init__(self, side: int, category: str, points: int, label: str) -> None:
        # The dataclass's own __init__ runs as Python code even when compiled.
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "category", category)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "label", label)

    def __reduce__(self) -> tuple[type[CountOutItem], tuple[object, ...]]:
        # Compiled, the class can only be made through __init__ (so can a copy).
        return CountOutItem, (self.side, self.category, self.points, self.label)


_NOBODY: Final = said.gettext("nobody reached the target")


@dataclass(frozen=True, slots=True, init=False)
class MatchDecision:
    """What a deal decided about the match."""

    totals: tuple[int, ...]
    """Match totals after the deal."""
    winner: int | None
    """The side that won the match with this deal, if any."""
    reason: str
    """In words: why the match goes on or who won how."""
    tied: bool = False
    """True when sides tied at or above the target and play goes on (R13.2, R13.5)."""
    count_out_item: CountOutItem | None = None
    """The item that took the winner to the target in a count-out."""
    said: Said | None = None
    """:attr:`reason` to be said in any language (its sides named by the reader)."""

    def __init__(
        self,
        totals: tuple[int, ...],
        winner: int | None,
        reason: str | Said,
        tied: bool = False,
        count_out_item: CountOutItem | None = None,
    ) -> None:
        # The dataclass's own __init__ runs as Python code even when compiled.
        object.__setattr__(self, "totals", totals)
        object.__setattr__(self, "winner", winner)
        text = reason if isinstance(reason, str) else reason.text()
        object.__setattr__(self, "reason", text)
        object.__setattr__(self, "tied", tied)
        object.__setattr__(self, "count_out_item", count_out_item)
        object.__setattr__(self, "said", None if isinstance(reason, str) else reason)

    def __reduce__(self) -> tuple[type[MatchDecision], tuple[object, ...]]:
        # Compiled, the class can only be made through __init__ (so can a copy).
        reason = self.reason if self.said is None else self.said
        values = (self.totals, self.winner, reason, self.tied)
        return MatchDecision, (*values, self.count_out_item)


@dataclass(slots=True)
class MatchState:
    """Totals and status of a match in progress."""

    rules: Rules
    sides: int
    totals: list[int] = field(default_factory=list)
    """Each side's match total."""
    winner: int | None = None
    """The winning side once the match is over."""
    play_on: bool = False
    """True after a tied finish: no target, no near-target rules (R13.2, R13.5)."""
    decisions: list[MatchDecision] = field(default_factory=list)
    """One decision per deal settled."""
    count_out_order: Callable[[list[CountOutItem]], list[CountOutItem]] | None = None
    """Reorders the count-out items before crediting them; ``None`` (the rules)
    keeps the order of R13.3. Only for asking "what if they were counted so"."""
    partners: bool = False
    """True when each side is two partners: the decisions' reasons are worded
    for them (a verb after a side in the plural, in the languages that say so)."""

    def __post_init__(self) -> None:
        if not self.totals:
            self.totals = [0] * self.sides

    @property
    def over(self) -> bool:
        """True once a side has won."""
        return self.winner is not None

    def settle(
        self,
        scores: Sequence[SideScore],
        sweep_moves: Sequence[Sequence[int]] = (),
    ) -> MatchDecision:
        """Add a deal's banked points and decide the match.

        :param scores: the deal's scores, scored with this match's totals.
        :param sweep_moves: each side's sweep move indexes (count-out order).
        :raises ValueError: the match is already over, e.g. won at a capture
            (:meth:`immediate_win`), after which no deal is scored (R13.4).
        """
        if self.over:
            raise ValueError("the match is over: no further deal is scored (R13.4)")
        rules, target = self.rules, self.rules.target_score
        before = list(self.totals)
        self.totals = [t + s.banked for t, s in zip(self.totals, scores, strict=True)]
        totals = tuple(self.totals)
        if rules.count_out and not self.play_on:
            items = count_out_items(scores, sweep_moves)
            if self.count_out_order is not None:
                items = self.count_out_order(items)
            counted = _reaching(before, items, target)
            if counted:
                side, item = counted[0]
                self.winner = side
                return self._decide(
                    MatchDecision(
                        totals,
                        side,
                        count_out_said(counted, target, self.partners),
                        count_out_item=item,
                    )
                )
            return self._decide(MatchDecision(totals, None, _NOBODY))
        reached = [side for side, t in enumerate(totals) if t >= target]
        if not reached:
            return self._decide(MatchDecision(totals, None, _NOBODY))
        if self.play_on:
            return self._decide_play_on(totals)
        if len(reached) == 1:
            self.winner = reached[0]
            why = (
                said.pgettext("partners", "{side} reached {target}")
                if self.partners
                else said.gettext("{side} reached {target}")
            )
            return self._decide(
                MatchDecision(
                    totals, reached[0], why.format(side=Side(reached[0]), target=target)
                )
            )
        if rules.simultaneous_target == "any_simultaneous_is_tie":
            self.play_on = True
            return self._decide(
                MatchDecision(
                    totals,
                    None,
                    said.gettext(
                        "several sides reached the target in one deal: a tie, play on"
                        " (option simultaneous_target=any_simultaneous_is_tie)"
                    ),
                    tied=True,
                )
            )
        return self._decide_play_on(totals, first=True)

    def _decide_play_on(
        self, totals: tuple[int, ...], first: bool = False
    ) -> MatchDecision:
        leader = unique_max(totals)
        if leader is not None:
            self.winner = leader
            if self.partners:
                why = (
                    said.pgettext("partners", "{side} has the highest total (R13.2)")
                    if first
                    else said.pgettext(
                        "partners", "{side} pulled ahead after the tie (R13.2)"
                    )
                )
            else:
                why = (
                    said.gettext("{side} has the highest total (R13.2)")
                    if first
                    else said.gettext("{side} pulled ahead after the tie (R13.2)")
                )
            return self._decide(
                MatchDecision(totals, leader, why.format(side=Side(leader)))
            )
        self.play_on = True
        return self._decide(
            MatchDecision(
                totals,
                None,
                said.gettext(
                    "the highest total is tied: another deal is played (R13.2, R13.5)"
                ),
                tied=True,
            )
        )

    def immediate_win(self, side: int, taken: Sequence[Card]) -> MatchDecision | None:
        """R13.4 with ``near_target_immediate_win``: does this capture end the match?

        A side that started the deal 2 short of the target wins the moment it
        captures Big Casino; 1 short, Little Casino. Its total becomes the target,
        the other sides keep their totals from the start of the deal, and the
        deal is not scored, even when this capture was its last play. The
        residue is not a capture: call this for capture moves only.
        """
        rules = self.rules
        if not rules.near_target_immediate_win or self.over:
            return None
        band = near_target_band(rules, self.totals[side], self.play_on)
        needed = {2: BIG_CASINO, 1: LITTLE_CASINO}.get(band)
        if needed is None or needed not in taken:
            return None
        name = (
            said.gettext("Big Casino")
            if needed == BIG_CASINO
            else said.gettext("Little Casino")
        )
        self.totals[side] = rules.target_score
        self.winner = side
        why = (
            said.pgettext(
                "partners",
                "{side} captured {name} ({card}), winning at once"
                " (R13.4, option near_target_immediate_win)",
            )
            if self.partners
            else said.gettext(
                "{side} captured {name} ({card}), winning at once"
                " (R13.4, option near_target_immediate_win)"
            )
        )
        return self._decide(
            MatchDecision(
                tuple(self.totals),
                side,
                why.format(side=Side(side), name=name, card=needed.pretty),
            )
        )

    def _decide(self, decision: MatchDecision) -> MatchDecision:
        self.decisions.append(decision)
        return decision


def _reaching(
    before: Sequence[int], items: Sequence[CountOutItem], target: int
) -> list[tuple[int, CountOutItem]]:
    """Each side that reaches ``target`` as ``items`` are credited in order,
    with the item that takes it there, first to reach first."""
    running = list(before)
    reached: list[tuple[int, CountOutItem]] = []
    for item in items:
        running[item.side] += item.points
        if running[item.side] >= target and all(s != item.side for s, _ in reached):
            reached.append((item.side, item))
    return reached


def count_out_label(item: CountOutItem) -> Said:
    """A count-out item as its label says it (``Big Casino``, ``ace A♠``,
    ``sweep at move 12``), to be said in any language."""
    labels = {
        "most_cards": said.gettext("most cards"),
        "most_spades": said.gettext("most spades"),
        "big_casino": said.gettext("Big Casino"),
        "little_casino": said.gettext("Little Casino"),
    }
    if item.category in labels:
        return labels[item.category]
    if item.category == "aces":
        return said.gettext("ace {card}").format(card=item.label.split()[-1])
    at = item.label.removeprefix("sweep at move ")
    if item.category == "sweeps" and at.isdigit():
        return said.gettext("sweep at move {n}").format(n=at)
    return said.gettext("sweep")


def count_out_said(
    reached: Sequence[tuple[int, CountOutItem]], target: int, partners: bool = False
) -> Said:
    """:func:`count_out_text` to be said in any language (worded for sides of
    two ``partners`` when they are)."""
    (winner, item), *later = reached
    if not later:
        alone = (
            said.pgettext(
                "partners", "{side} counted out: reached {target} at {item} (R13.3)"
            )
            if partners
            else said.gettext("{side} counted out: reached {target} at {item} (R13.3)")
        )
        return alone.format(
            side=Side(winner), target=target, item=count_out_label(item)
        )
    only = (
        said.pgettext("partners", "{side} reached {target} only at {item}")
        if partners
        else said.gettext("{side} reached {target} only at {item}")
    )
    others: Said | None = None
    for side, then in later:
        one = only.format(side=Side(side), target=target, item=count_out_label(then))
        others = (
            one
            if others is None
            else said.gettext("{earlier}; {later}").format(earlier=others, later=one)
        )
    first = (
        said.pgettext(
            "partners",
            "{side} counted out: reached {target} first, at {item}; {others} (R13.3)",
        )
        if partners
        else said.gettext(
            "{side} counted out: reached {target} first, at {item}; {others} (R13.3)"
        )
    )
    return first.format(
        side=Side(winner), target=target, item=count_out_label(item), others=others
    )


def count_out_text(reached: Sequence[tuple[int, CountOutItem]], target: int) -> str:
    """Why a count-out went as it did: the crediting order (R13.3), the one
    wording of the command line and the viewer (which put names for sides).

    >>> first = CountOutItem(0, "big_casino", 2, "Big Casino")
    >>> count_out_text([(0, first)], 21)
    'side 0 counted out: reached 21 at Big Casino (R13.3)'
    >>> then = CountOutItem(1, "aces", 1, "ace A♦")
    >>> count_out_text([(0, first), (1, then)], 21)
    'side 0 counted out: reached 21 first, at Big Casino; side 1 reached 21 only at ace A♦ (R13.3)'
    """
    return count_out_said(reached, target).text()


def count_out_items(
    scores: Sequence[SideScore], sweep_moves: Sequence[Sequence[int]] = ()
) -> list[CountOutItem]:
    """The deal's points as count-out items, in crediting order (R13.3).

    Most cards, most spades, Big Casino, Little Casino, aces ♠ ♣ ♥ ♦, then sweeps
    in the order they were made.
    """
    items: list[CountOutItem] = []
    for category, label in (
        ("most_cards", "most cards"),
        ("most_spades", "most spades"),
        ("big_casino", "Big Casino"),
        ("little_casino", "Little Casino"),
    ):
        for score in scores:
            if score.points[category]:
                items.append(
                    CountOutItem(score.side, category, score.points[category], label)
                )
    aces: list[tuple[int, Card]] = [(s.side, a) for s in scores for a in s.aces]
    aces.sort(key=lambda pair: _COUNT_OUT_RANK[pair[1] // 13])
    items += [CountOutItem(side, "aces", 1, f"ace {ace.pretty}") for side, ace in aces]
    sweeps: list[tuple[int, int]] = []
    for score in scores:
        moves = list(sweep_moves[score.side]) if sweep_moves else []
        moves = moves[: score.points["sweeps"]]
        moves += [-1] * (score.points["sweeps"] - len(moves))
        sweeps += [(move, score.side) for move in moves]
    sweeps.sort()
    items += [
        CountOutItem(
            side, "sweeps", 1, f"sweep at move {move + 1}" if move >= 0 else "sweep"
        )
        for move, side in sweeps
    ]
    return items
