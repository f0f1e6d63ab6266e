"""Claims on a deal that was not played out: not scored, so checked only as far as
the moves played fix them (D8).

A deal that stops early (an unfinished record, or a match won at a capture,
R13.4) has no computed score. Its claims get one warning saying so (a dispute
under ``strict``), and a dispute for each figure the moves played already
contradict, e.g. fewer cards than the side had already captured, or that the
rest of the deal cannot reach: more sweeps than the sweeps made plus the moves
still to come, sweep points when the rules score none, a deal total above
what every category could still bring.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ..engine.cards import BIG_CASINO, CARDS, LITTLE_CASINO, Card, Suit
from ..engine.moves import MoveKind, Step
from ..engine.scoring import CHECK_LABELS, CHECK_SAID
from ..engine.seating import HAND_SIZE
from ..engine.state import DealState
from ..i18n import Said, said
from ..record.format.pointer import Place, claim_place_said, deal_pointer
from ..record.format.shared import CLAIMED_COUNTS, CLAIMED_POINTS, points_read
from ..record.replayable import DealShape as Deal
from .audit import FIGURE_SAID, DecidingMoves
from .report import DecidingMove, Finding
from .status import Severity

if TYPE_CHECKING:
    from ..record.format.models import ClaimedSide
    from ..record.quick.values import PlainClaimedSide

__all__ = ["audit_unplayed_deal", "table_only_claims", "unplayed_claims"]

_HALF: Final = {"cards": 26, "spades": 6}
_WORTH: Final = {"most_cards": 3, "most_spades": 1}
"""The points of a category no capture has settled yet (R12)."""
"""More than this many cards (spades) is the most of any side, whatever follows."""


class _PartPlayed:
    """What the moves played so far fix about a deal's final figures."""

    def __init__(self, state: DealState, sides: int) -> None:
        seating = state.seating
        self.remaining = (
            seating.rounds * HAND_SIZE * seating.players - state.moves_played
        )
        """Moves still to come, had the deal been played out."""
        self.sweep_points = state.rules.sweeps
        """False when the rules score no sweeps (option ``sweeps``)."""
        self.log = state.log
        self.cards = [0] * sides
        self.spades = [0] * sides
        self.sweeps = [0] * sides
        self.owner: dict[Card, int] = {}
        side_of = state.seating.side_of
        for step in self.log:
            if step.kind is not MoveKind.CAPTURE:
                continue
            side = side_of[step.move.seat]
            for card in (step.move.card, *step.taken):
                self.owner[card] = side
                self.cards[side] += 1
                self.spades[side] += card.suit is Suit.SPADES
            self.sweeps[side] += step.sweep
        free = [c for c in CARDS if c not in self.owner]
        self.free_cards = len(free)
        self.free_spades = sum(1 for c in free if c.suit is Suit.SPADES)
        self.free_aces = sum(1 for c in free if c.is_ace)
        self.side_of = side_of

    def bounds(self, figure: str, side: int) -> tuple[int, int | None] | None:
        """The least and most a side's final figure can be; None if anything goes."""
        if figure in ("counts.cards", "counts.spades"):
            name = figure[7:]
            got = getattr(self, name)[side]
            return got, got + (self.free_cards if name == "cards" else self.free_spades)
        if figure == "counts.sweeps":  # each move still to come sweeps at most once
            return self.sweeps[side], self.sweeps[side] + self.remaining
        if figure == "points.sweeps":  # a point a sweep at most (R10), none if off
            return 0, self.sweeps[side] + self.remaining if self.sweep_points else 0
        if figure == "total":  # banked: never more than earned (R13.4)
            return 0, sum(self._most(name, side) for name in CLAIMED_POINTS)
        if figure in ("points.big_casino", "points.little_casino"):
            card = BIG_CASINO if figure == "points.big_casino" else LITTLE_CASINO
            worth = 2 if card == BIG_CASINO else 1
            owner = self.owner.get(card)
            return (
                (0, worth)
                if owner is None
                else (worth,) * 2
                if owner == side
                else (0, 0)
            )
        if figure == "points.aces":
            got = sum(1 for c, s in self.owner.items() if s == side and c.is_ace)
            return got, got + self.free_aces
        if figure in ("points.most_cards", "points.most_spades"):
            name = figure[12:]
            counts = getattr(self, name)
            leader = next((s for s, n in enumerate(counts) if n > _HALF[name]), None)
            worth = 3 if name == "cards" else 1
            if leader is None:
                return None
            return (worth, worth) if leader == side else (0, 0)
        return None

    def basis(self, figure: str) -> Said:
        """What fixes the bounds of ``figure``, in words."""
        if figure == "points.sweeps" and not self.sweep_points:
            return said.gettext("the rules score no sweeps (option sweeps off), which")
        if figure in ("counts.sweeps", "points.sweeps", "total") and self.remaining:
            return said.gettext("the moves played and the {n} still to come").format(
                n=self.remaining
            )
        return said.gettext("the moves played already")

    def _most(self, name: str, side: int) -> int:
        """The most a side can still earn in the category ``points.name``."""
        bounds = self.bounds(f"points.{name}", side)
        if bounds is not None and bounds[1] is not None:
            return bounds[1]
        return _WORTH[name]

    def crossing(self, figure: str, side: int, value: int) -> Step | None:
        """The capture that took ``side`` past ``value`` cards (spades) or past half."""
        count = 0
        for step in self.log:
            if step.kind is not MoveKind.CAPTURE:
                continue
            if self.side_of[step.move.seat] != side:
                continue
            cards = (step.move.card, *step.taken)
            if figure.endswith("spades"):
                count += sum(1 for c in cards if c.suit is Suit.SPADES)
            else:
                count += len(cards)
            if count > value:
                return step
        return None


def audit_unplayed_deal(
    d: int,
    deal: Deal,
    state: DealState,
    why: Said,
    names: Sequence[str],
    sides: Sequence[str],
    strict: bool = False,
) -> list[Finding]:
    """Claims on a deal that was not played out, hence not scored (D8).

    One ``warning`` (a ``dispute`` when ``strict``) says that the claims could
    not be checked, why, and which figures the moves played could still be
    checked against; a ``dispute`` for each claimed figure those moves already
    contradict (e.g. fewer cards than the side had already captured).

    :param why: why the deal was not scored, e.g. "the deal stops after move 17
        of 48".
    """
    if deal.claimed is None:
        return []
    played = _PartPlayed(state, len(sides))
    explain = DecidingMoves(d, deal, state, names)
    checked: list[str] = []
    unchecked: list[str] = []
    disputes: list[Finding] = []
    claimed_sides: Sequence[ClaimedSide | PlainClaimedSide] = deal.claimed.sides
    for k, claimed in enumerate(claimed_sides[: len(sides)]):
        for figure, value in _claimed_values(claimed):
            bounds = played.bounds(figure, k)
            listed = checked if bounds is not None else unchecked
            if figure not in listed:
                listed.append(figure)
            if bounds is None:
                continue
            low, high = bounds
            if low <= value and (high is None or value <= high):
                continue
            limit = low if value < low or low == high else high
            if low == high:
                make = said.gettext(
                    "claimed {claimed}, but {basis} make it exactly {n} ({why})"
                )
            elif value < low:
                make = said.gettext(
                    "claimed {claimed}, but {basis} make it at least {n} ({why})"
                )
            else:
                make = said.gettext(
                    "claimed {claimed}, but {basis} make it at most {n} ({why})"
                )
            message = make.format(
                claimed=value, basis=played.basis(figure), n=limit, why=why
            )
            where = claim_place_said(d, sides[k], FIGURE_SAID[figure])
            disputes.append(
                Finding.worded(
                    Severity.DISPUTE,
                    "score",
                    Place.claim(d, k, figure).pointer,
                    where,
                    message,
                    rule="D8",
                    deciding=_unplayed_deciding(
                        explain, played, figure, k, value, value < low
                    ),
                )
            )
    if not checked and not unchecked:
        return disputes
    checked = [figure for figure in checked if figure not in unchecked]
    notice = _not_checked(
        why, [CHECK_SAID[f] for f in checked], [CHECK_SAID[f] for f in unchecked]
    )
    where = said.gettext("deal {deal}, claimed scores").format(deal=d + 1)
    finding = Finding.worded(
        Severity.DISPUTE if strict else Severity.WARNING,
        "score",
        deal_pointer(d, "claimed"),
        where,
        notice,
        rule="D8",
    )
    return [finding, *disputes]


def _not_checked(why: Said, checked: list[Said], unchecked: list[Said]) -> Said:
    """``not checked: …, so the deal is not scored; checked against the moves
    played: …; not checkable: …``."""
    notice = said.gettext("not checked: {why}, so the deal is not scored").format(
        why=why
    )
    if checked:
        notice = said.gettext(
            "{notice}; checked against the moves played: {figures}"
        ).format(notice=notice, figures=_listed(checked))
    if unchecked:
        notice = said.gettext("{notice}; not checkable: {figures}").format(
            notice=notice, figures=_listed(unchecked)
        )
    return notice


def _listed(figures: list[Said]) -> Said:
    """Figures joined by commas (``most cards, Big Casino``)."""
    joined = figures[0]
    for figure in figures[1:]:
        joined = said.pgettext("list separator", "{a}, {b}").format(a=joined, b=figure)
    return joined


def _claimed_values(
    claimed: ClaimedSide | PlainClaimedSide,
) -> list[tuple[str, int]]:
    """(dotted figure, claimed value) for every figure a side claimed, in display
    order (an item left off a sheet that lists items claims 0: :func:`points_read`)."""
    values = {f"points.{name}": value for name, value, _ in points_read(claimed.points)}
    if claimed.total is not None:
        values["total"] = claimed.total
    if claimed.counts is not None:
        for name in CLAIMED_COUNTS:
            value = getattr(claimed.counts, name)
            if value is not None:
                values[f"counts.{name}"] = value
    return [(f, values[f]) for f in CHECK_LABELS if f in values]


def _unplayed_deciding(
    explain: DecidingMoves,
    played: _PartPlayed,
    figure: str,
    side: int,
    value: int,
    below: bool,
) -> list[DecidingMove]:
    """The moves behind a claimed figure that the part played contradicts."""
    category = figure.split(".")[1] if "." in figure else figure
    if figure in ("counts.cards", "counts.spades") and below:
        step = played.crossing(figure, side, value)
        if step is not None:
            return [
                explain.step(
                    step,
                    said.gettext("this capture took {side} past {n}").format(
                        side=explain.sides[side], n=value
                    ),
                )
            ]
    if figure in ("points.most_cards", "points.most_spades"):
        name = "counts.spades" if figure.endswith("spades") else "counts.cards"
        counts = played.spades if name.endswith("spades") else played.cards
        leader = max(range(len(counts)), key=counts.__getitem__)
        step = played.crossing(name, leader, _HALF[name[7:]])
        if step is not None:
            why = (
                said.gettext("this capture gave {side} more than half of the spades")
                if name.endswith("spades")
                else said.gettext(
                    "this capture gave {side} more than half of the cards"
                )
            ).format(side=explain.sides[leader])
            return [explain.step(step, why)]
    if figure in ("points.big_casino", "points.little_casino", "points.aces"):
        return explain.category(category)
    if figure == "counts.sweeps":
        return [
            explain.step(s, said.gettext("a sweep: it emptied the table"))
            for s in played.log
            if s.sweep and played.side_of[s.move.seat] == side
        ]
    last = played.log[-1] if played.log else None
    if last is None:
        return []
    last_played = said.gettext("the last move played: the deal goes no further")
    return [explain.step(last, last_played)]


def unplayed_claims(
    d: int,
    deal: Deal,
    state: DealState,
    how: str,
    names: Sequence[str],
    sides: Sequence[str],
    strict: bool = False,
) -> list[Finding]:
    """The findings on the claims of a deal that was not played out (D8).

    :param how: how its play stopped, before the move count: "the deal stops
        after" or "the match was won at" (R13.4).
    """
    seating = state.seating
    total = seating.rounds * HAND_SIZE * seating.players
    stop = (
        said.gettext("the match was won at move {n} of {total} (R13.4)")
        if how.startswith("the match")
        else said.gettext("the deal stops after move {n} of {total}")
    )
    why = stop.format(n=state.moves_played, total=total)
    return audit_unplayed_deal(d, deal, state, why, names, sides, strict)


def table_only_claims(d: int, deal: Deal, strict: bool = False) -> list[Finding]:
    """The finding on the claims of a deal recorded up to its table: none can be
    checked (D8)."""
    claimed = deal.claimed
    if claimed is None:
        return []
    if not any(
        side.points is not None or side.total is not None or side.counts is not None
        for side in claimed.sides
    ):
        return []  # nothing claimed, not even an empty object of points or counts
    where = said.gettext("deal {deal}").format(deal=d + 1)
    message = said.gettext(
        "the claimed scores are not checked: the deal is recorded up to its table,"
        " no move played, so the deal is not scored"
    )
    return [
        Finding.worded(
            Severity.DISPUTE if strict else Severity.WARNING,
            "score",
            deal_pointer(d, "claimed"),
            where,
            message,
            rule="D8",
        )
    ]
