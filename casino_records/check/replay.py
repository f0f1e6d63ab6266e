"""Replay a record through the engine: check every move, score every deal, audit claims.

:func:`replay` returns a :class:`Replay`: the :class:`~casino_records.check.report.ReplayReport`
and, on request, every position of every deal (for viewers: no replay from the
start is needed to show any turn). ``strict=True`` raises the first error
instead of collecting findings.
"""

from __future__ import annotations

from typing import cast

from .. import i18n
from ..engine.describe import cited, in_words, move_said, move_text, side_names
from ..engine.match import MatchState
from ..engine.movegen import generate_legal_moves
from ..engine.moves import Move, Step
from ..engine.rules import Rules
from ..engine.scoring import SideScore, near_target_band, score_masks
from ..engine.seating import Seating
from ..engine.state import DealState
from ..errors import (
    CasinoRecordError,
    IllegalMoveError,
    RecordFormatError,
    RulesError,
    ScoreMismatchError,
)
from ..i18n import Said, Seat
from ..record.format.pointer import Place, deal_pointer, describe_said
from ..record.format.provenance import resolve_deal_cards
from ..record.replayable import DealShape as Deal
from ..record.replayable import RecordShape
from .audit import audit_deal, audit_match, move_loc
from .piles import and_list, piled_deal, piles_place, sweep_order_decides
from .replayed import Kept, Replay, ReplayPosition
from .report import (
    DealReport,
    Finding,
    FindingKind,
    MatchReport,
    PendingCheck,
    ReplayReport,
    SideReport,
)
from .status import Severity
from .unplayed import table_only_claims, unplayed_claims
from .walk import (
    DealWalk,
    Halt,
    RecordedHands,
    lines_of,
    round_unfinished,
    said,
    said_place,
)

__all__ = ["ReplayPosition", "Replay", "replay", "replay_if_clean"]


def replay(
    record: RecordShape,
    *,
    strict: bool = False,
    positions: bool = False,
    source: str = "",
    strict_claims: bool = False,
    quick: bool = False,
) -> Replay:
    """Replay ``record``: verify every move, score every deal and the match.

    :param strict: raise the first error (an :class:`IllegalMoveError` or
        :class:`RecordFormatError` with ``loc`` and ``where``) instead of
        collecting findings.
    :param positions: also keep every position, for viewers.
    :param source: where the record came from, for the report.
    :param strict_claims: claims on a deal that was not played out (so they
        cannot be checked, D8) are a dispute instead of a warning.
    :param quick: for a caller that needs only the report (``validate``):
        replay first without the bookkeeping only a faulty record needs (the
        log of steps in :attr:`Replay.states`, each move's location), and
        replay a record with any finding again with full detail, so that its
        findings are those of a full replay.
    """
    if not quick or strict or positions:
        return _Replayer(
            record,
            strict=strict,
            keep=positions,
            source=source,
            strict_claims=strict_claims,
        ).run()
    fast = replay_if_clean(record, source=source, strict_claims=strict_claims)
    if fast is not None:
        return fast
    return _Replayer(record, source=source, strict_claims=strict_claims).run()


def replay_if_clean(
    record: RecordShape, *, source: str = "", strict_claims: bool = False
) -> Replay | None:
    """The replay of a record with nothing to report, or None.

    The quickest check: no bookkeeping at all (see ``quick`` in :func:`replay`).
    None when the replay found anything (an error, a dispute, a warning); the
    caller then reads and replays the record in full, to report it.
    """
    replayer = _Replayer(
        record, source=source, detail=False, strict_claims=strict_claims
    )
    fast = replayer.run()
    return None if fast.report.findings else fast


class _Replayer:
    def __init__(
        self,
        record: RecordShape,
        *,
        strict: bool = False,
        keep: bool = False,
        source: str = "",
        detail: bool = True,
        strict_claims: bool = False,
    ) -> None:
        self.record = record
        self.strict = strict
        self.strict_claims = strict_claims
        self.keep = keep
        self.detail = detail
        self.names = [p.name for p in record.players]
        self.report = ReplayReport(
            id=record.id, source=source, preset=record.rules.preset, players=self.names
        )
        self.positions: list[list[ReplayPosition]] = []
        self.states: list[DealState | None] = []
        self.moves_checked = 0

    # --- findings ------------------------------------------------------------------

    def error(
        self,
        kind: str,
        loc: str,
        where: str | Said,
        message: str | Said,
        rule: str = "",
        legal: list[str] | None = None,
        exc: CasinoRecordError | None = None,
        said_legal: list[Said] | None = None,
    ) -> None:
        said_where = where if isinstance(where, Said) else None
        said_message = message if isinstance(message, Said) else None
        if exc is not None and isinstance(exc.said, Said):
            said_message = exc.said
        where, message = str(where), str(message)
        if self.strict:
            if exc is None:
                exc = RecordFormatError(message, loc=loc, where=where, rule=rule)
            exc.loc, exc.where = loc, self.words(where)
            exc.message = cited(self.words(message), rule)
            raise exc
        finding = Finding(
            severity=Severity.ERROR,
            kind=cast(FindingKind, kind),  # the record layer's kinds are text
            rule=rule,
            loc=loc,
            where=where,
            message=message,
            legal=legal or [],
            said=said_message,
            said_where=said_where,
            said_legal=said_legal or [],
        )
        self.add_findings([finding])

    def add_findings(self, findings: list[Finding]) -> None:
        """Keep ``findings``, each in players' words (:func:`in_words`: seats and
        sides named, cards with suit symbols, the rule id in ``rule`` only)."""
        for finding in findings:
            finding.where = self.words(finding.where)
            finding.message = self.words(finding.message)
            if self.strict and finding.severity != "warning":
                error_type = (
                    ScoreMismatchError
                    if finding.severity == "dispute"
                    else RecordFormatError
                )
                raise error_type(
                    cited(finding.message, finding.rule),
                    loc=finding.loc,
                    where=finding.where,
                    rule=finding.rule,
                )
            self.report.findings.append(finding)
            if finding.severity == "error":
                self.report.valid = False
            elif finding.severity == "dispute":
                self.report.disputed = True

    def words(self, text: str) -> str:
        """``text`` in players' words (:func:`in_words`, with this record's names)."""
        return in_words(text, self.report.sides, self.names)

    # --- the match -------------------------------------------------------------------

    def run(self) -> Replay:
        record = self.record
        try:
            rules = record.rules.effective()
            seating = Seating.create(rules, len(record.players), record.teams)
        except RulesError as exc:
            self.error(
                "rules",
                exc.loc,
                "the rules and seating",
                exc.message,
                exc.rule,
                exc=exc,
            )
            return Replay(self.report)
        sides = side_names(self.names, seating.side_of)
        self.report.sides = sides
        match = MatchState(rules, seating.sides, partners=seating.partnership)
        known = True
        last = len(record.deals) - 1
        for d, deal in enumerate(record.deals):
            if not self.deal_starts(d, deal, seating, match):
                break
            errors_before = len(self.report.findings)
            report, state = self.replay_deal(d, deal, rules, seating, match)
            self.report.deals.append(report)
            self.states.append(state)
            failed = state is None and len(self.report.findings) > errors_before
            known = self.settle(d, deal, report, state, match, known, failed, d == last)
        self.report.match = computed = MatchReport.of(match)
        if known:
            self.add_findings(audit_match(record, match, computed, sides))
        self.report.moves_checked = self.moves_checked
        return Replay(
            self.report, self.positions, self.states, match if known else None
        )

    def deal_starts(
        self, d: int, deal: Deal, seating: Seating, match: MatchState
    ) -> bool:
        """False when deal ``d`` follows a match won (R13.2); report a wrong
        dealer (R2.7)."""
        sides = self.report.sides
        if match.over:
            self.error(
                "match",
                deal_pointer(d),
                f"deal {d + 1}",
                f"a deal was played after {sides[match.winner or 0]} had won the match",
                rule="R13.2",
            )
            return False
        if d:
            previous = self.record.deals[d - 1].dealer
            expected = seating.next_dealer(previous)
            if deal.dealer != expected:
                self.error(
                    "structure",
                    deal_pointer(d, "dealer"),
                    describe_said(deal_pointer(d)),
                    i18n.said.gettext(
                        "it is {seat}'s deal (the next after {previous}), not {dealer}'s"
                    ).format(
                        seat=Seat(expected),
                        previous=Seat(previous),
                        dealer=Seat(deal.dealer),
                    ),
                    rule="R2.7",
                )
        return True

    def settle(
        self,
        d: int,
        deal: Deal,
        report: DealReport,
        state: DealState | None,
        match: MatchState,
        known: bool,
        failed: bool,
        last: bool,
    ) -> bool:
        """Score deal ``d`` into the match and audit its claims, as far as it
        was played; whether the match totals are still known."""
        if match.over:
            # Won at a capture in play (R13.4): the deal is not scored, even
            # when that capture was its last play.
            if deal.piles is not None:
                self.won_in_piles_claims(d, deal, report.match_note)
            elif state is not None:
                self.unplayed_claims(d, deal, state, "the match was won at")
            return known
        if state is None or not state.finished:
            return self.unfinished(d, deal, state, failed, last) and known
        if not known:
            return False
        rules = match.rules
        scores = score_masks(
            rules, state.pile_bits, state.sweeps, match.totals, match.play_on
        )
        if deal.piles is not None and self.sweep_order_unknown(d, match, scores):
            return False
        sides = self.report.sides
        decision = match.settle(scores, state.sweeps)
        report.sides = [
            SideReport.of(s, sides[s.side], decision.totals[s.side]) for s in scores
        ]
        report.match_note = decision.reason
        report.checks, findings = audit_deal(d, deal, state, scores, self.names, sides)
        self.add_findings(findings)
        return True

    def unfinished(
        self, d: int, deal: Deal, state: DealState | None, failed: bool, last: bool
    ) -> bool:
        """Report the claims of a deal not played out, and later deals after it
        (R3.3); whether the match totals stay known."""
        if state is not None:
            self.unplayed_claims(d, deal, state, "the deal stops after")
        elif not failed:
            self.table_only_claims(d, deal)
        if not failed and not last:
            self.error(
                "structure",
                deal_pointer(d),
                describe_said(deal_pointer(d)),
                i18n.said.gettext("the deal is unfinished but later deals follow"),
                rule="R3.3",
            )
        # An interrupted last deal (even one recorded up to its table) leaves the
        # totals of the complete deals standing; anything else makes them unknowable.
        return not failed and last

    def sweep_order_unknown(
        self, d: int, match: MatchState, scores: list[SideScore]
    ) -> bool:
        """Report a count-out that the order of a piled deal's sweeps decides."""
        able = sweep_order_decides(match, scores)
        if not able:
            return False
        sides = self.report.sides
        self.error(
            "piles",
            deal_pointer(d, "piles", "sweeps"),
            piles_place(d),
            i18n.said.gettext(
                "the count-out credits the sweeps in the order they were made,"
                " which the piles do not say: {sides} each reach {target} with"
                " their sweeps, so the winner depends on which sweep came first"
                " (give this deal move by move)"
            ).format(
                sides=and_list([sides[s] for s in able]),
                target=match.rules.target_score,
            ),
            rule="R13.3",
        )
        return True

    def unplayed_claims(self, d: int, deal: Deal, state: DealState, how: str) -> None:
        """Report the claims of a deal that was not played out (D8), in a record
        valid so far (after an error the error says why they go unchecked)."""
        if self.report.valid:
            sides, strict = self.report.sides, self.strict_claims
            self.add_findings(
                unplayed_claims(d, deal, state, how, self.names, sides, strict)
            )

    def won_in_piles_claims(self, d: int, deal: Deal, how: str) -> None:
        """Report the claims of a piled deal in which the match was won at once
        (R13.4): the deal is not scored, so they are not checked (D8)."""
        if deal.claimed is None or not self.report.valid:
            return
        self.add_findings(
            [
                Finding(
                    severity=Severity.DISPUTE
                    if self.strict_claims
                    else Severity.WARNING,
                    kind="score",
                    rule="D8",
                    loc=deal_pointer(d, "claimed"),
                    where=f"deal {d + 1}, claimed scores",
                    message=f"not checked: {how}, so the deal is not scored",
                )
            ]
        )

    def table_only_claims(self, d: int, deal: Deal) -> None:
        """Report the claims of a deal recorded up to its table (D8)."""
        if self.report.valid:
            self.add_findings(table_only_claims(d, deal, self.strict_claims))

    # --- one deal --------------------------------------------------------------------

    def replay_deal(
        self, d: int, deal: Deal, rules: Rules, seating: Seating, match: MatchState
    ) -> tuple[DealReport, DealState | None]:
        report = DealReport(index=d, loc=deal_pointer(d), dealer=deal.dealer)
        report.totals_before = list(match.totals)
        report.near_target = [
            near_target_band(rules, total, match.play_on) for total in match.totals
        ]
        if deal.piles is not None:
            return report, self.replay_piles(report, deal, rules, seating, match)
        cards = resolve_deal_cards(self, d, deal, rules, seating)
        if cards is None:
            return report, None
        kept = Kept(d, tuple(match.totals)) if self.keep else None
        before = kept.before if kept is not None else None
        if any(lines_of(m) for round_ in deal.rounds for m in round_.moves):
            before = _LineCheck(self, report, kept)
        walk = DealWalk(
            rules,
            seating,
            deal.dealer,
            cards.table,
            deal.rounds,
            RecordedHands(cards, rules),
            deal=d,
            match=match,
            keep_log=self.detail,
            before=before,
        )
        for step in walk:
            if walk.waits is not None:
                report.pending.append(self.pending(walk, step))
            if kept is not None:
                kept.played(walk, step)
        self.moves_checked += walk.played
        return self.walked(report, deal, walk, kept)

    def walked(
        self, report: DealReport, deal: Deal, walk: DealWalk, kept: Kept | None
    ) -> tuple[DealReport, DealState | None]:
        """The deal's report and its state where the walk stopped."""
        state, stop = walk.state, walk.stop
        if stop is not None and stop.why is Halt.UNFINISHED:
            r = stop.place.round
            assert r is not None
            message = round_unfinished(r)
            place = stop.place  # a round's: its words are the pointer's
            where = describe_said(place.path)
            self.error("structure", place.pointer, where, message, rule="R3.2")
            return report, state
        if stop is not None and stop.why is Halt.ILLEGAL:
            assert stop.move is not None and stop.error is not None
            self.illegal_move(walk, stop.place, stop.move, stop.error)
            report.moves = state.moves_played
            if kept is not None:
                self.positions.append(kept.positions)
            return report, None
        if walk.win is not None:
            report.match_note = _not_scored(walk.win.reason, state)
            if stop is not None:
                self.error(
                    "match",
                    stop.place.pointer,
                    stop.place.words,
                    "R13.4 the match was won at the previous capture (option"
                    " near_target_immediate_win): no further move belongs to the game",
                    rule="R13.4",
                )
        report.moves = state.moves_played
        report.complete = state.finished and walk.win is None
        if kept is not None and deal.rounds:  # none for a deal recorded up to its table
            self.positions.append(kept.end(walk))
        if report.complete:
            report.leave_on_table(state)
            last = state.last_capture_move
            report.last_capture = (
                move_loc(report.index, deal, last) if last >= 0 else ""
            )
        if walk.unseen is not None:
            report.unseen = list(walk.unseen.unknown)
            return report, walk.unseen.shown(state)
        return report, state

    def illegal_move(
        self, walk: DealWalk, place: Place, move: Move, exc: IllegalMoveError
    ) -> None:
        """Report an illegal move, with the legal moves of the seats' known cards."""
        unseen = walk.unseen.pool if walk.unseen is not None else frozenset()
        moves = [
            m
            for m in generate_legal_moves(walk.state)
            if m.card not in unseen  # a seat's known cards only
        ]
        legal = [f"{self.names[m.seat]}: {move_text(m)}" for m in moves]
        told = [
            i18n.said.gettext("{seat}: {move}").format(
                seat=Seat(m.seat), move=move_said(m)
            )
            for m in moves
        ]
        exc.legal = tuple(legal)
        where: str | Said = said(place, self.names, move)
        played = said_place(place, move)
        if played is not None:
            where = played
        loc = place.pointer
        self.error("illegal_move", loc, where, exc.message, exc.rule, legal, exc, told)

    def line_stopped(self, line: DealWalk) -> None:
        """Report why a line of play stopped before its last move."""
        stop = line.stop
        assert stop is not None and stop.move is not None
        place, move = stop.place, stop.move
        if stop.why is Halt.ILLEGAL:
            assert stop.error is not None
            self.illegal_move(line, place, move, stop.error)
            return
        where = said(place, self.names, move)
        if stop.why is Halt.OVER:
            self.error(
                "match",
                place.pointer,
                where,
                "R13.4 the match was won at the line's previous capture (option"
                " near_target_immediate_win): no further move belongs to the line",
                rule="R13.4",
            )
        elif stop.why is Halt.DEAL_OVER:
            self.error(
                "structure",
                place.pointer,
                where,
                i18n.said.gettext(
                    "the deal is over (its last card was played): a line ends at"
                    " the latest at the deal's end"
                ),
                rule="R3.3",
            )
        else:
            self.add_findings([self.unchecked_line(line, place, move, where)])

    def unchecked_line(
        self, line: DealWalk, place: Place, move: Move, where: str
    ) -> Finding:
        """The warning of a line the record's hands cannot check on (D7)."""
        stop = line.stop
        assert stop is not None
        state = line.state
        if stop.why is Halt.NOT_HELD:
            why = (
                f"{move.card.pretty} is not known to be held: seat {move.seat}'s"
                f" hand in round {state.round + 1} is known only as far as"
                " the record plays it, and nobody has seen this card"
            )
        else:
            why = (
                f"the line goes on into round {state.round + 2}, whose hands the"
                " record does not give (no shuffle, deck or Hands, and no moves"
                " of that round)"
            )
        return Finding(
            severity=Severity.WARNING,
            kind="structure",
            rule="D7",
            loc=place.pointer,
            where=where,
            message=f"{why}: the line is not checked from this move on",
        )

    def replay_piles(
        self,
        report: DealReport,
        deal: Deal,
        rules: Rules,
        seating: Seating,
        match: MatchState,
    ) -> DealState | None:
        """The end of a deal given by its piles, or None when they cannot be."""
        totals = tuple(match.totals)
        state = piled_deal(self, report, deal, rules, seating, match, self.report.sides)
        if state is not None and self.keep:
            end = ReplayPosition(
                report.index, 0, report.loc, state.copy(), totals, None
            )
            self.positions.append([end])
        return state

    def pending(self, walk: DealWalk, step: Step) -> PendingCheck:
        """The check a move made with its seat's hand partly unknown waits on
        (see engine.unknown)."""
        waits = walk.waits
        assert waits is not None and walk.unseen is not None
        move = step.move
        unseen = walk.unseen.unknown[move.seat]
        message = i18n.said.ngettext(
            "{need}, unless its unseen card can: checked once the hand is known",
            "{need}, unless one of its {n} unseen cards can: checked once the hand"
            " is known",
            unseen,
        ).format(
            need=waits.said if isinstance(waits.said, Said) else waits.message,
            n=unseen,
        )
        place = walk.place(step)
        return PendingCheck(
            rule=waits.rule,
            loc=place.pointer,
            where=said(place, self.names, move),
            message=self.words(message.text()),
            said=message,
            said_where=said_place(place, move),
        )


class _LineCheck:
    """The walk's hook that checks the lines of play (variations) a move
    carries, from the position before it, as the deal's moves are checked
    (docs/notation.md, Variations); it keeps the positions too, when asked."""

    def __init__(self, replayer: _Replayer, report: DealReport, kept: Kept | None):
        self.replayer = replayer
        self.report = report
        self.kept = kept

    def __call__(self, walk: DealWalk, r: int, k: int) -> None:
        if self.kept is not None and walk.branch is None:
            self.kept.before(walk, r, k)
        replayer = self.replayer
        for v, moves in enumerate(lines_of(walk.notation(r, k))):
            line = walk.line(r, k, v, moves)
            for step in line:
                if line.waits is not None:
                    self.report.pending.append(replayer.pending(line, step))
            replayer.moves_checked += line.played - walk.played
            if line.stop is not None:
                replayer.line_stopped(line)


def _not_scored(reason: str, state: DealState) -> str:
    """The note of a deal won at a capture in play (R13.4): not scored, and at
    the deal's last play, no residue either (:func:`.play.stop_at_immediate_win`)."""
    note = f"the deal is not scored: {reason}"
    if not state.finished:
        return note
    left = state.loose
    if not left:
        return f"{note}; it was the deal's last play"
    cards = " ".join(c.pretty for c in left)
    return (
        f"{note}; it was the deal's last play, and the cards left on the table"
        f" ({cards}) go to nobody (no residue, R11)"
    )
