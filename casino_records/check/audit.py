"""The claimed-versus-computed audit: every claimed figure checked, every difference explained.

For each difference the audit names the moves that decided the category: who
captured Big Casino at which move, where the last capture was (it took the
residue), which captures were sweeps.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Final

from ..engine.cards import BIG_CASINO, CARD_NAMES, CARDS, LITTLE_CASINO, Card, Suit
from ..engine.describe import move_said, side_names
from ..engine.match import MatchState
from ..engine.moves import MoveKind, Step
from ..engine.scoring import CATEGORIES, CHECK_SAID, SideScore
from ..engine.state import DealState
from ..i18n import Said, Side, said
from ..record.format.pointer import (
    Place,
    claim_place_said,
    deal_pointer,
    move_place_said,
    move_pointer,
    pointer,
)
from ..record.format.shared import points_read
from ..record.replayable import DealShape as Deal
from ..record.replayable import RecordShape
from .piles import place_of
from .report import DecidingMove, Finding, MatchReport
from .scorecheck import ScoreCheck
from .status import Severity

if TYPE_CHECKING:
    from ..record.format.models import ClaimedSide
    from ..record.quick.values import PlainClaimedSide

__all__ = ["FIGURE_WORDS", "DecidingMoves", "audit_deal", "audit_match", "move_loc"]

FIGURE_SAID: Final = CHECK_SAID | {"total": said.gettext("total")}
"""Each claimed figure of a deal as a score sheet names it (a deal's ``total``
is the side's total, not the table's row "deal points"), to be said in any
language."""
FIGURE_WORDS: Final = {figure: words.text() for figure, words in FIGURE_SAID.items()}
""":data:`FIGURE_SAID` in English."""


def move_loc(d: int, deal: Deal, index: int) -> str:
    """The JSON pointer of move ``index`` (0-based, counted over the whole deal)."""
    for r, round_ in enumerate(deal.rounds):
        if index < len(round_.moves):
            return move_pointer(d, r, index)
        index -= len(round_.moves)
    return ""


class DecidingMoves:
    """Finds the moves behind a deal's categories (who took what, where)."""

    def __init__(
        self,
        d: int,
        deal: Deal,
        state: DealState,
        names: Sequence[str],
    ) -> None:
        self.d = d
        self.deal = deal
        self.state = state
        self.names = names
        self.origin: dict[Card, Step] = {}
        for step in state.log:
            if step.kind is MoveKind.CAPTURE:
                for card in (step.move.card, *step.taken):
                    self.origin[card] = step
        captures = [s for s in state.log if s.kind is MoveKind.CAPTURE]
        self.last_capture = captures[-1] if captures else None
        self.sides = side_names(names, state.seating.side_of)

    def pile(self, loc: str, why: Said) -> DecidingMove:
        """A part of the piles of a deal given by its piles, and what it decided."""
        where = said.gettext("deal {deal}, the piles").format(deal=self.d + 1)
        return _deciding(deal_pointer(self.d, "piles") + loc, where, why)

    def step(self, step: Step, why: Said) -> DecidingMove:
        """The move ``step`` as a deciding move, with what it decided."""
        name = self.names[step.move.seat]
        where = said.gettext("{place}, {seat}: {move}").format(
            place=move_place_said(self.d, step.index + 1, step.round),
            seat=name,
            move=move_said(step.move),
        )
        return _deciding(move_loc(self.d, self.deal, step.index), where, why)

    def residue(self, prefix: Said | None = None) -> DecidingMove:
        """The residue (R11.1), optionally after what it held that matters."""
        side = self.state.residue_side
        taker = said.gettext("nobody") if side is None else self.sides[side]
        cards = self.state.residue
        spades = sum(1 for c in cards if c.suit is Suit.SPADES)
        went = said.ngettext(
            "the residue, {n} card ({spades}), went to {side}",
            "the residue, {n} cards ({spades}), went to {side}",
            len(cards),
        ).format(
            n=len(cards),
            spades=said.ngettext("{n} spade", "{n} spades", spades).format(n=spades),
            side=taker,
        )
        where = said.gettext("deal {deal}, end of the deal").format(deal=self.d + 1)
        why = _joined(prefix, went) if prefix is not None else went
        return _deciding(deal_pointer(self.d), where, why)

    def card(self, card: Card, what: Said) -> list[DecidingMove]:
        """The capture that took ``card``, or the residue that held it."""
        step = self.origin.get(card)
        if step is not None:
            why = said.gettext("captured {what} ({card})")
            return [self.step(step, why.format(what=what, card=card.pretty))]
        if card in self.state.residue:
            left = said.gettext("{what} ({card}) was left on the table")
            return [self.residue(left.format(what=what, card=card.pretty))]
        piles = self.deal.piles
        found = None if piles is None else place_of(piles, CARD_NAMES[card], self.sides)
        if found is not None:
            path, _ = found
            place = (
                said.gettext("{side}'s pile").format(side=self._side(int(path[1])))
                if path[0] == "sides"
                else said.gettext("the cards left on the table")
            )
            why = said.gettext("{what} ({card}) is in {place}").format(
                what=what, card=card.pretty, place=place
            )
            return [self.pile(pointer(*path), why)]
        return []

    def _side(self, side: int) -> Side | str:
        """A side by name (``side N`` where it has none)."""
        return self.sides[side] if side < len(self.sides) else Side(side)

    def last(self) -> list[DecidingMove]:
        """The last capture and the residue it took: they decide cards and spades."""
        found = []
        if self.last_capture is not None:
            why = said.gettext("the last capture: it took the residue")
            found.append(self.step(self.last_capture, why))
        seat = self.state.last_capturer
        if self.deal.piles is not None and seat is not None:
            made = said.gettext("{player} made the last capture")
            found.append(
                self.pile("/last_capture", made.format(player=self.names[seat]))
            )
        if self.state.residue:
            found.append(self.residue())
        return found

    def category(
        self,
        category: str,
        side: int | None = None,
        score: SideScore | None = None,
        narrower: Sequence[str] = (),
    ) -> list[DecidingMove]:
        """The moves that decided ``category`` of the deal for ``side`` (of every
        side when ``None``), in move order, each once (the residue last).

        A side's aces and sweeps are decided by its own captures of aces and
        its own sweeps. Its ``total`` by what decided its ``narrower`` figures
        (the other figures of that side that differ), or, when none does, by
        the moves that scored its points (``score``).
        """
        if category == "total":
            names = list(narrower) or (
                [c for c in CATEGORIES if score.points[c]]
                if score is not None
                else list(CATEGORIES)
            )
            found = [m for name in names for m in self.category(name, side)]
        else:
            found = self._decided(category, side)
        return _in_order(found)

    def _decided(self, category: str, side: int | None) -> list[DecidingMove]:
        if category in ("most_cards", "cards", "most_spades", "spades"):
            return self.last()
        if category == "big_casino":
            return self.card(BIG_CASINO, said.gettext("Big Casino"))
        if category == "little_casino":
            return self.card(LITTLE_CASINO, said.gettext("Little Casino"))
        if category == "aces":
            if self.deal.piles is not None:
                aces = list(_ACES)  # in a pile or left on the table
            else:
                aces = [c for c in self.origin if c.is_ace and self._took(c, side)]
                if side is None or side == self.state.residue_side:
                    aces += [c for c in self.state.residue if c.is_ace]
            an_ace = said.gettext("an ace")
            return [m for ace in sorted(aces) for m in self.card(ace, an_ace)]
        if category == "sweeps":
            piles = self.deal.piles
            if piles is not None:
                return [
                    self.pile(
                        f"/sweeps/{side}",
                        said.ngettext(
                            "{side} made {n} sweep", "{side} made {n} sweeps", made
                        ).format(side=self.sides[side], n=made),
                    )
                    for side, made in enumerate(piles.sweeps)
                    if made
                ]
            return [
                self.step(s, said.gettext("a sweep: it emptied the table"))
                for s in self.state.log
                if s.sweep and self._by(s, side)
            ]
        return []

    def _by(self, step: Step, side: int | None) -> bool:
        """True when ``step`` was made by ``side`` (or ``side`` is ``None``)."""
        return side is None or self.state.seating.side_of[step.move.seat] == side

    def _took(self, card: Card, side: int | None) -> bool:
        """True when ``side`` (or any side, for ``None``) captured ``card``."""
        return self._by(self.origin[card], side)


def _deciding(loc: str, where: Said, why: Said) -> DecidingMove:
    """A deciding move, its words in English and kept to be said in any language."""
    return DecidingMove(
        loc=loc, where=where.text(), why=why.text(), said_where=where, said_why=why
    )


def _joined(first: Said, then: Said) -> Said:
    """Two things a move decided, in one: ``first; then``."""
    # Translators: two things one move decided ("captured Big Casino (10♦); …").
    return said.gettext("{first}; {then}").format(first=first, then=then)


def _in_order(moves: Sequence[DecidingMove]) -> list[DecidingMove]:
    """``moves`` in the order they were played, each once (what each decided
    joined), the end of the deal last."""
    unique: dict[str, DecidingMove] = {}
    for move in moves:
        seen = unique.get(move.loc)
        if seen is None:
            unique[move.loc] = move
        elif move.why not in seen.why:
            why = f"{seen.why}; {move.why}"
            both = (
                _joined(seen.said_why, move.said_why)
                if seen.said_why is not None and move.said_why is not None
                else None
            )
            unique[move.loc] = replace(seen, why=why, said_why=both)
    return sorted(unique.values(), key=lambda m: _played_at(m.loc))


def _played_at(loc: str) -> tuple[int, int]:
    """Where ``loc`` (a move's pointer, or the deal's for its end) comes in play."""
    place = Place.parse(loc)
    if place.round is not None and place.move is not None:
        return place.round, place.move
    return 10**6, 0


_ACES: Final = tuple(c for c in CARDS if c.is_ace)

_POINT_FIGURES: Final = tuple(
    (name, pointer("points", name), f"points.{name}") for name in CATEGORIES
)
_COUNT_FIGURES: Final = tuple(
    (name, pointer("counts", name), f"counts.{name}")
    for name in ("cards", "spades", "sweeps")
)
_TOTAL: Final = pointer("total")


_CATEGORY_OF: Final = {
    dotted: name for name, _, dotted in (*_POINT_FIGURES, *_COUNT_FIGURES)
} | {"total": "total"}
"""The category of each figure, by its dotted name."""


def _add_figures(
    figures: list[ScoreCheck],
    claimed: ClaimedSide | PlainClaimedSide,
    score: SideScore,
    side_base: str,
    k: int,
) -> None:
    """Add to ``figures`` each figure side ``k`` claims, beside the computed one
    (its pointer is ``side_base`` and the figure's suffix).

    An item left off a sheet that lists items claims 0 (:func:`points_read`):
    it is added only where the rules score it, a difference to report (an
    item nobody wrote and nobody scored is not a figure to show).
    """
    for (name, value, written), (_, suffix, dotted) in zip(
        points_read(claimed.points), _POINT_FIGURES, strict=False
    ):
        earned = score.points[name]
        if written or value != earned:
            figures.append(ScoreCheck(side_base + suffix, dotted, k, value, earned))
    if claimed.total is not None:
        figures.append(
            ScoreCheck(side_base + _TOTAL, "total", k, claimed.total, score.banked)
        )
    counts = claimed.counts
    if counts is not None:
        computed = (score.cards, score.spades, score.sweeps)
        for i, (name, suffix, dotted) in enumerate(_COUNT_FIGURES):
            counted: int | None = getattr(counts, name)
            if counted is not None:
                figures.append(
                    ScoreCheck(side_base + suffix, dotted, k, counted, computed[i])
                )


def audit_deal(
    d: int,
    deal: Deal,
    state: DealState,
    scores: Sequence[SideScore],
    names: Sequence[str],
    sides: Sequence[str],
) -> tuple[list[ScoreCheck], list[Finding]]:
    """Check deal ``d``'s claimed scores against the computed ``scores``.

    A side's claimed ``total`` is compared with the points it banked (what the
    deal added to its match total); claimed ``points`` with the points earned
    per category; ``counts`` with the cards, spades and sweeps it took.
    Returns the figures checked (:attr:`.DealReport.checks`) and the findings.
    """
    if deal.claimed is None:
        return [], []
    explain: DecidingMoves | None = None  # built only when a figure differs
    figures: list[ScoreCheck] = []
    findings: list[Finding] = []
    base = deal_pointer(d, "claimed", "sides")
    claimed_sides: Sequence[ClaimedSide | PlainClaimedSide] = deal.claimed.sides
    for k, claimed in enumerate(claimed_sides):
        if k >= len(scores):
            findings.append(
                Finding.worded(
                    Severity.ERROR,
                    "structure",
                    base + pointer(k),
                    said.gettext("deal {deal}, claimed scores").format(deal=d + 1),
                    said.ngettext(
                        "claims a score for side {side}, but the game has {n} side",
                        "claims a score for side {side}, but the game has {n} sides",
                        len(scores),
                    ).format(side=k, n=len(scores)),
                )
            )
            continue
        side_base = base + pointer(k)
        first = len(figures)
        _add_figures(figures, claimed, scores[k], side_base, k)
        narrower = [
            _CATEGORY_OF[check.category]
            for check in figures[first:]
            if not check.agrees and check.category != "total"
        ]
        for check in figures[first:]:
            if not check.agrees:
                dotted, value, computed = check.category, check.claimed, check.computed
                unwritten = dotted.startswith("points.") and (
                    claimed.points is None
                    or getattr(claimed.points, dotted[7:]) is None
                )
                if explain is None:
                    explain = DecidingMoves(d, deal, state, names)
                category = _CATEGORY_OF[dotted]
                message = _claimed(value, computed, unwritten)
                if category == "total" and scores[k].note:
                    # Translators: a claim and the near-target rule's note on it.
                    message = said.gettext("{claim} ({note})").format(
                        claim=message, note=scores[k].note
                    )
                where = claim_place_said(d, sides[k], FIGURE_SAID[dotted])
                findings.append(
                    Finding.worded(
                        Severity.DISPUTE,
                        "score",
                        check.loc,
                        where,
                        message,
                        deciding=explain.category(category, k, scores[k], narrower),
                    )
                )
    return figures, findings


def _claimed(claimed: int, computed: int, unwritten: bool = False) -> Said:
    """``claimed 5, computed 4``; ``(left off the sheet)`` after an item the
    sheet did not write (its claim is then 0)."""
    if unwritten:
        return said.gettext(
            "claimed {claimed} (left off the sheet), computed {computed}"
        ).format(claimed=claimed, computed=computed)
    return said.gettext("claimed {claimed}, computed {computed}").format(
        claimed=claimed, computed=computed
    )


def audit_match(
    record: RecordShape, match: MatchState, report: MatchReport, sides: Sequence[str]
) -> list[Finding]:
    """Check the record's claimed match totals and winner; fill ``report.checks``."""
    claimed = record.claimed
    if claimed is None:
        return []
    findings: list[Finding] = []
    for k, value in enumerate(claimed.totals or ()):
        if k >= len(match.totals):
            break
        check = ScoreCheck(
            loc=Place.claim(None, k).pointer,
            category="totals",
            side=k,
            claimed=value,
            computed=match.totals[k],
        )
        report.checks.append(check)
        if not check.agrees:
            message = _claimed(value, match.totals[k])
            where = claim_place_said(None, sides[k], FIGURE_SAID["total"])
            findings.append(
                Finding.worded(Severity.DISPUTE, "match", check.loc, where, message)
            )
    if claimed.winner is not None:
        computed = -1 if match.winner is None else match.winner
        check = ScoreCheck(
            loc=pointer("claimed", "winner"),
            category="winner",
            side=claimed.winner,
            claimed=claimed.winner,
            computed=computed,
        )
        report.checks.append(check)
        if not check.agrees:
            who = (
                said.gettext("nobody yet") if match.winner is None else sides[computed]
            )
            claimed_who = (
                sides[claimed.winner]
                if claimed.winner < len(sides)
                else said.gettext("nobody")
            )
            where = said.gettext("the match winner")
            # Translators: the reason is the engine's, in English for now.
            message = said.gettext(
                "claimed {claimed}, computed {computed}: {reason}"
            ).format(claimed=claimed_who, computed=who, reason=report.reason)
            findings.append(
                Finding.worded(Severity.DISPUTE, "match", check.loc, where, message)
            )
    return findings


# --- claims on a deal that was not played out (D8) ----------------------------------
