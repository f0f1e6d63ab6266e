"""The replay report: findings, per-deal scores, the claimed-versus-computed audit.

A :class:`ReplayReport` is plain data (dataclasses, no pydantic): the replay
fills it as it goes, so a good record checked by ``validate`` costs no second
copy. :func:`~casino_records.record.json.dump.as_dicts` turns it into the dicts
that ``--format json`` writes (``dumps_json`` sorts their keys); the CLI and
the viewer both render it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, Literal

from ..engine.cards import CARD_NAMES
from ..engine.describe import in_names
from ..engine.match import MatchState
from ..engine.scoring import CATEGORIES, SideScore
from ..i18n import ENGLISH, Said, Translator, said
from ..record.format.pointer import Place
from .scorecheck import ScoreCheck
from .status import Severity, Status

if TYPE_CHECKING:
    from ..engine.state import DealState
    from .explain.explanation import Explanation

__all__ = [
    "DealReport",
    "DecidingMove",
    "Finding",
    "MatchReport",
    "PendingCheck",
    "ReplayReport",
    "ScoreCheck",
    "Severity",
    "SideReport",
]

FindingKind = Literal[
    "format",
    "rules",
    "provenance",
    "piles",
    "illegal_move",
    "structure",
    "score",
    "match",
]


NOT_JSON: Final = {"json": False}
"""The metadata of a field a JSON report leaves out
(:func:`~casino_records.record.json.dump.as_dicts`)."""


@dataclass(slots=True, kw_only=True)
class DecidingMove:
    """A move (or the residue) that decided a scoring category."""

    loc: str
    """JSON pointer of the move (or of the deal, for the residue)."""
    where: str
    """The move in words."""
    why: str
    """What it decided, e.g. "captured Big Casino (10D)"."""
    said_where: Said | None = field(default=None, metadata=NOT_JSON)
    """:attr:`where` kept to be said in another language (not in a JSON report)."""
    said_why: Said | None = field(default=None, metadata=NOT_JSON)
    """:attr:`why` kept the same way."""


@dataclass(slots=True, kw_only=True)
class Finding:
    """One problem found in a record."""

    severity: Severity
    """``error``: the record breaks the format or the rules; ``dispute``: a claimed
    score differs from the computed one; ``warning``: worth a look, not wrong."""
    kind: FindingKind
    """What sort of problem."""
    rule: str = ""
    """The id of the rule broken (R5.1, G1 …; docs/rules.md), if any."""
    loc: str
    """JSON pointer of the offending place (``""`` for the whole record)."""
    where: str
    """The same place in words."""
    message: str
    """What is wrong."""
    legal: list[str] = field(default_factory=list)
    """For an illegal move: the legal moves there, in words."""
    deciding: list[DecidingMove] = field(default_factory=list)
    """For a score dispute: the moves that decided the category."""
    said: Said | None = field(default=None, metadata=NOT_JSON)
    """:attr:`message` kept to be said in another language, where it was worded
    so (``None``: English only). Not part of a JSON report."""
    said_where: Said | None = field(default=None, metadata=NOT_JSON)
    """:attr:`where` kept the same way."""
    said_legal: list[Said] = field(default_factory=list, metadata=NOT_JSON)
    """:attr:`legal` kept the same way (empty: English only)."""

    @classmethod
    def worded(
        cls,
        severity: Severity,
        kind: FindingKind,
        loc: str,
        where: Said,
        message: Said,
        *,
        rule: str = "",
        deciding: list[DecidingMove] | None = None,
    ) -> Finding:
        """A finding whose place and message are kept to be said in any
        language (:attr:`where` and :attr:`message` are their English)."""
        return cls(
            severity=severity,
            kind=kind,
            rule=rule,
            loc=loc,
            where=where.text(),
            message=message.text(),
            deciding=deciding or [],
            said=message,
            said_where=where,
        )

    @property
    def place(self) -> Place:
        """:attr:`loc` as a value: its deal, round, move and field."""
        return Place.parse(self.loc)


@dataclass(slots=True, kw_only=True)
class PendingCheck:
    """A check the replay cannot make yet: it needs a hand the record does not tell.

    In an unfinished round whose hands are known only as far as played, a move
    that needs a card of some value left in hand (G1, B4, E3, I3) is legal if
    the seat's unseen cards include one: the check waits for the hand.
    """

    rule: str
    """The RULES.md id whose check waits."""
    loc: str
    """JSON pointer of the move."""
    where: str
    """The move in words."""
    message: str
    """What the move needs that no card known in the hand gives."""
    said: Said | None = field(default=None, metadata=NOT_JSON)
    """:attr:`message` kept to be said in another language (not in a JSON report)."""
    said_where: Said | None = field(default=None, metadata=NOT_JSON)
    """:attr:`where` kept the same way (``None`` for a line's move)."""


@dataclass(slots=True, kw_only=True)
class SideReport:
    """One side's computed result for a deal."""

    side: int
    """The side index."""
    name: str
    """The side's players, e.g. "Ana & Caio"."""
    cards: int
    """Cards captured (residue included)."""
    spades: int
    """Spades captured."""
    sweeps: int
    """Sweeps made (before cancellation)."""
    points: dict[str, int]
    """Points per category, as earned."""
    earned: int
    """Total points earned in the deal."""
    banked: int
    """Points added to the match total (Dominican near-target rules applied)."""
    note: str = ""
    """Why banked differs from earned."""
    total_after: int | None = None
    """The side's match total after the deal."""

    @classmethod
    def of(cls, score: SideScore, name: str, total_after: int) -> SideReport:
        """The report of the engine's ``score`` of a side named ``name``."""
        return cls(
            side=score.side,
            name=name,
            cards=score.cards,
            spades=score.spades,
            sweeps=score.sweeps,
            points=dict(score.points),
            earned=score.earned,
            banked=score.banked,
            note=score.note,
            total_after=total_after,
        )

    @property
    def figures(self) -> dict[str, int]:
        """Every computed figure by the name a score check gives it.

        ``points.<category>`` (each of :data:`scoring.CATEGORIES`), ``total``
        (the points banked), then ``counts.cards``, ``counts.spades`` and
        ``counts.sweeps``.
        """
        figures = {f"points.{c}": self.points.get(c, 0) for c in CATEGORIES}
        return figures | {
            "total": self.banked,
            "counts.cards": self.cards,
            "counts.spades": self.spades,
            "counts.sweeps": self.sweeps,
        }


@dataclass(slots=True, kw_only=True)
class DealReport:
    """A replayed deal."""

    index: int
    """0-based deal index."""
    loc: str
    """JSON pointer of the deal."""
    dealer: int
    """The dealer's seat."""
    moves: int = 0
    """Moves replayed."""
    complete: bool = False
    """True when every card was played and the deal was scored (a deal won at a
    capture in play, R13.4, is not scored, even when that was its last play)."""
    sides: list[SideReport] = field(default_factory=list)
    """The computed scores (complete deals only)."""
    residue: list[str] = field(default_factory=list)
    """Cards left on the table at the end, given to ``residue_side``."""
    residue_side: int | None = None
    """The side that took the residue (the last capturer's)."""
    last_capture: str = ""
    """JSON pointer of the deal's last capture."""
    checks: list[ScoreCheck] = field(default_factory=list)
    """Every claimed figure of this deal against the computed one."""
    match_note: str = ""
    """What the deal decided about the match."""
    unseen: list[int] = field(default_factory=list)
    """Where the deal stops in a round whose hands the record tells only as far
    as played: per seat, how many of its cards are unknown (else empty)."""
    pending: list[PendingCheck] = field(default_factory=list)
    """The checks that wait for those hands (the moves checked only as far as any
    hand could make them legal); every other move was checked in full."""
    totals_before: list[int] = field(default_factory=list)
    """Each side's match total when the deal began."""
    near_target: list[int] = field(default_factory=list)
    """Per side, how far short of the target the Dominican near-target rule
    (R13.4) binds it in this deal: 3 (needs most cards), 2 (Big Casino),
    1 (Little Casino), else 0."""

    def leave_on_table(self, state: DealState) -> None:
        """Take the cards left on the table at the end of ``state``'s deal, and
        the side they went to, into the report."""
        self.residue = [CARD_NAMES[card] for card in state.residue]
        self.residue_side = state.residue_side


@dataclass(slots=True, kw_only=True)
class MatchReport:
    """The match as computed."""

    totals: list[int]
    """Match totals after the last complete deal."""
    winner: int | None
    """The winning side, if the match is decided."""
    finished: bool
    """True when a side has won."""
    reason: str
    """Why it is (not yet) won."""
    target: int
    """The target score."""
    said: Said | None = field(default=None, metadata=NOT_JSON)
    """:attr:`reason` to be said in any language."""
    checks: list[ScoreCheck] = field(default_factory=list)
    """Claimed totals and winner against the computed ones (winner as category
    ``winner``; -1 stands for "no winner")."""

    def reason_text(
        self,
        t: Translator = ENGLISH,
        names: Sequence[str] = (),
        sides: Sequence[str] = (),
    ) -> str:
        """:attr:`reason` in ``t``'s language, its seats and sides named by
        ``names`` and ``sides``, a verb after partners in the plural (``Ben &
        Dee have``; the other languages by the reason's own words for partners,
        :attr:`~casino_records.engine.match.MatchState.partners`)."""
        if self.said is None or t.code == ENGLISH.code:
            return in_names(self.reason, sides, names)
        return self.said.text(t, names, sides)

    @classmethod
    def of(cls, match: MatchState) -> MatchReport:
        """The report of ``match`` as it stands (its checks still to fill)."""
        decisions = match.decisions
        return cls(
            totals=list(match.totals),
            winner=match.winner,
            finished=match.over,
            reason=decisions[-1].reason if decisions else "no deal finished",
            target=match.rules.target_score,
            said=decisions[-1].said if decisions else said.gettext("no deal finished"),
        )


@dataclass(slots=True, kw_only=True)
class ReplayReport:
    """Everything a replay found about one record."""

    id: str | None
    """The record's id."""
    source: str = ""
    """Where the record came from (file name, archive line)."""
    preset: str = ""
    """The rules preset."""
    players: list[str] = field(default_factory=list)
    """Player names by seat."""
    sides: list[str] = field(default_factory=list)
    """Side names (players joined with " & ")."""
    valid: bool = True
    """True when the record has no error (disputes do not count)."""
    disputed: bool = False
    """True when any claimed figure differs from the computed one."""
    moves_checked: int = 0
    """Moves verified against the rules."""
    findings: list[Finding] = field(default_factory=list)
    """Every problem found, in record order."""
    deals: list[DealReport] = field(default_factory=list)
    """The deals replayed."""
    match: MatchReport | None = None
    """The match, when the rules and seating could be read."""
    explanations: list[Explanation] = field(default_factory=list)
    """For a disputed record, once explained (:func:`casino_records.check.explain.dispute.explain`):
    the counting mistake behind each disputed deal's claims, and the match's."""

    @property
    def status(self) -> Status:
        """``ok``, ``disputed`` or ``invalid``."""
        if not self.valid:
            return Status.INVALID
        return Status.DISPUTED if self.disputed else Status.OK
