"""The report of a check as terminal text: batch status lines, and a record's report.

Every function takes library data (outcomes, reports) and returns a ``str``;
nothing here prints. Numbers follow the words of the notation: deals, rounds
and moves count from 1, seats and sides from 0.

>>> from casino_records.check.outcome import Outcome
>>> status_line(Outcome("a.json", "disputed", "claimed total 5, computed 4", 1))
'disputed    a.json: claimed total 5, computed 4'
>>> status_line(Outcome("b.json", "invalid", "deal 1: bad (/deals/0)", 4))
'invalid     b.json: deal 1: bad (/deals/0) (+3 more: rescore shows all)'
>>> summary_line({"ok": 2, "disputed": 1, "invalid": 0, "unreadable": 0})
'3 records: 2 ok, 1 disputed, 0 invalid, 0 unreadable'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Final

from ..check.outcome import finding_text, said_in, shown_pointer
from ..check.status import STATUSES
from ..engine.describe import cited, in_names, result_text
from ..engine.scoring import CHECK_LABELS, CHECK_SAID
from ..i18n import ENGLISH, Translator
from .render import side_score_text
from .scoring_notes import near_target_needs, score_notes
from .status_words import status_count, status_width, status_word

if TYPE_CHECKING:
    from ..check.outcome import Outcome
    from ..check.report import DealReport, Finding, ReplayReport, ScoreCheck

__all__ = ["DIFFERS", "OK", "report_text", "status_line", "summary_line"]

OK: Final = "✓"
DIFFERS: Final = "✗"
_CATEGORY_ORDER: Final = tuple(CHECK_LABELS)


# --- Batch status ----------------------------------------------------------------


def status_line(
    outcome: Outcome, verbose: bool = False, *, t: Translator = ENGLISH
) -> str:
    """One line per record: the status, the source, the first problem and how
    many more; ``verbose`` adds a line with the problem's JSON pointer. All in
    ``t``'s language (the outcome's problem is worded in it by the worker)."""
    width = max(status_width(STATUSES, t), 11) + 1
    line = f"{status_word(outcome.status, t):<{width}}{outcome.label}"
    if not outcome.problem:
        return line
    more = ""
    if outcome.more:
        more = " " + t.ngettext(
            "(+{n} more: rescore shows all)",
            "(+{n} more: rescore shows all)",
            outcome.more,
        ).format(n=outcome.more)
    line = f"{line}: {outcome.problem}{more}"
    at = pointer_line(outcome.loc, " " * width, t) if verbose else ""
    return f"{line}\n{at}" if at else line


def pointer_line(loc: str, indent: str, t: Translator = ENGLISH) -> str:
    """The ``--verbose`` line under a finding: where it is in the record's JSON
    (``""`` when ``loc`` is the whole record).

    >>> pointer_line("/deals/0/claimed/sides/1/total", "  ")
    '  at /deals/0/claimed/sides/1/total'
    """
    if not loc:
        return ""
    # Translators: a JSON pointer into the record follows ("at /deals/0/claimed").
    return indent + t.gettext("at {pointer}").format(pointer=shown_pointer(loc))


def summary_line(counts: Mapping[str, int], *, t: Translator = ENGLISH) -> str:
    """The totals of a batch: ``3 records: 2 ok, 1 disputed, …``, in ``t``'s
    language."""
    total = sum(counts.values())
    records = t.ngettext("{n} record", "{n} records", total).format(n=total)
    parts = t.pgettext("list separator", ", ").join(
        status_count(s, n, t) for s, n in counts.items()
    )
    return t.gettext("{records}: {counts}").format(records=records, counts=parts)


# --- The dispute report ------------------------------------------------------------------


def _mark(check: ScoreCheck) -> str:
    return OK if check.claimed == check.computed else DIFFERS


def _columns(rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(row[c]) for row in rows) for c in range(len(rows[0]))]
    return [
        "  " + "   ".join(cell.ljust(widths[c]) for c, cell in enumerate(row)).rstrip()
        for row in rows
    ]


def _finding_lines(
    finding: Finding,
    report: ReplayReport,
    verbose: bool,
    t: Translator,
    indent: str = "  ",
    seen: set[tuple[str, str]] | None = None,
) -> list[str]:
    mark = DIFFERS if finding.severity != "warning" else "!"
    lines = [f"{indent}{mark} {finding_text(finding, t=t, report=report)}"]
    if verbose and finding.loc:
        lines.append(pointer_line(finding.loc, indent + "    ", t))
    if finding.legal:
        moves = finding.legal
        if len(finding.said_legal) == len(moves):
            moves = [
                said_in(m, k, t, report)
                for m, k in zip(moves, finding.said_legal, strict=True)
            ]
        legal = t.gettext("legal there: {moves}").format(moves="; ".join(moves))
        lines.append(f"{indent}    {legal}")
    seen = set() if seen is None else seen
    if finding.deciding:
        lines.append(f"{indent}    " + t.gettext("decided by:"))
        for move in finding.deciding:
            where = said_in(move.where, move.said_where, t, report)
            if (move.why, move.loc) in seen:  # shown in full above: one line
                above = t.gettext("{place} (above)").format(place=where)
                lines.append(f"{indent}      - {above}")
                continue
            seen.add((move.why, move.loc))
            lines.append(
                f"{indent}      - {said_in(move.why, move.said_why, t, report)}"
            )
            lines.append(f"{indent}        {where}")
            if verbose and move.loc:
                lines.append(pointer_line(move.loc, indent + "        ", t))
    return lines


def _unseen_lines(
    deal: DealReport, report: ReplayReport, verbose: bool, t: Translator
) -> list[str]:
    """What an unfinished round's unknown hands leave unchecked."""
    if not any(deal.unseen):
        return []
    names = report.players
    who = t.pgettext("list separator", ", ").join(
        f"{_named(names, seat, t)} {count}"
        for seat, count in enumerate(deal.unseen)
        if count
    )
    lines = ["  " + t.gettext("cards not yet seen in hand: {seats}").format(seats=who)]
    if not deal.pending:
        lines.append(
            "  " + t.gettext("every move is checked in full: none needs those cards")
        )
        return lines
    lines.append("  " + t.gettext("checks that wait for those hands:"))
    for check in deal.pending:
        where = said_in(check.where, check.said_where, t, report)
        message = said_in(check.message, check.said, t, report)
        lines.append(f"    - {cited(f'{where}: {message}', check.rule)}")
        if verbose:
            lines.append(pointer_line(check.loc, "      ", t))
    return lines


def _named(names: Sequence[str], seat: int, t: Translator) -> str:
    """A player by name (``seat N`` where the record names nobody there)."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return t.gettext("seat {n}").format(n=seat)


def _deal_section(
    deal: DealReport, report: ReplayReport, verbose: bool, t: Translator
) -> list[str]:
    who = _named(report.players, deal.dealer, t)
    lines = [
        t.gettext("Deal {n} — dealer {player}").format(n=deal.index + 1, player=who)
    ]
    lines += [f"  {line}" for line in near_target_needs(deal, report.sides)]
    if not deal.complete:
        why = in_names(deal.match_note, report.sides, report.players) or (
            t.ngettext(
                "unfinished after {n} move: not scored",
                "unfinished after {n} moves: not scored",
                deal.moves,
            ).format(n=deal.moves)
        )
        lines.append(f"  {why}")
        lines += [
            line
            for finding in report.findings
            if finding.kind == "score" and finding.loc.startswith(deal.loc + "/")
            for line in _finding_lines(finding, report, verbose, t)
        ]
        return lines + _unseen_lines(deal, report, verbose, t)
    sides = report.sides or [s.name for s in deal.sides]
    checks = {(c.category, c.side): c for c in deal.checks}
    categories = [c for c in _CATEGORY_ORDER if any(k[0] == c for k in checks)]
    if not categories:
        lines.append("  " + t.gettext("nothing claimed; computed:"))
        lines += [f"    {side_score_text(side)}" for side in deal.sides]
        return lines + _rule_lines(deal, report)
    rows = [[t.gettext("claimed / computed"), *sides]]
    for category in categories:
        row = [CHECK_SAID[category].text(t)]
        for side in deal.sides:
            check = checks.get((category, side.side))
            if check is None:
                row.append(f"— / {side.figures.get(category)}")
            else:
                row.append(f"{check.claimed} / {check.computed} {_mark(check)}")
        rows.append(row)
    lines += _columns(rows) + _rule_lines(deal, report)
    seen: set[tuple[str, str]] = set()
    for finding in report.findings:
        if finding.kind == "score" and finding.loc.startswith(deal.loc + "/"):
            lines += _finding_lines(finding, report, verbose, t, seen=seen)
    return lines


def _rule_lines(deal: DealReport, report: ReplayReport) -> list[str]:
    """What sweep cancellation and the near-target rule did (R10.4, R13.4)."""
    return [f"  {line}" for line in score_notes(report, deal)]


def _match_section(report: ReplayReport, verbose: bool, t: Translator) -> list[str]:
    match = report.match
    if match is None:
        return []
    sides = report.sides
    lines = [t.gettext("Match (target {n})").format(n=match.target)]
    totals = {c.side: c for c in match.checks if c.category == "totals"}
    row = [t.gettext("match total")]
    for side, total in enumerate(match.totals):
        check = totals.get(side)
        row.append(
            f"— / {total}"
            if check is None
            else f"{check.claimed} / {check.computed} {_mark(check)}"
        )
    if match.checks or any(deal.complete for deal in report.deals):
        lines += _columns([[t.gettext("claimed / computed"), *sides], row])

    def name(side: int) -> str:
        if side < 0:
            return t.gettext("nobody")
        return (
            sides[side] if side < len(sides) else t.gettext("side {n}").format(n=side)
        )

    for check in match.checks:
        if check.category == "winner":
            winner = t.gettext("winner: claimed {claimed}, computed {computed}").format(
                claimed=name(check.claimed), computed=name(check.computed)
            )
            lines.append(f"  {winner} {_mark(check)}")
    why = match.reason_text(t, report.players, sides)
    result = result_text(sides, match.totals, match.winner, why, t=t)
    lines.append("  " + t.gettext("Result: {result}").format(result=result))
    lines += [
        line
        for finding in report.findings
        if finding.kind == "match" and finding.severity == "dispute"
        for line in _finding_lines(finding, report, verbose, t)
    ]
    return lines


def _explanation_lines(
    report: ReplayReport, t: Translator, shown: int = 3
) -> list[str]:
    """The explanation of each disputed deal and of the match, one sentence each,
    with the other mistakes that fit the claims as well (the first ``shown``)."""
    lines = [
        t.gettext(
            "What went wrong (the likeliest counting mistake; the rules' count stands):"
        )
    ]
    for explanation in report.explanations:
        if explanation.deal is None:
            said = t.gettext("Match: {sentence}").format(sentence=explanation.sentence)
        else:
            said = t.gettext("Deal {deal}: {sentence}").format(
                deal=explanation.deal + 1, sentence=explanation.sentence
            )
        lines.append(f"  {said}")
        others = explanation.fits[1:]
        for fit in others[:shown]:
            what_if = t.gettext(", and ").join(m.what_if for m in fit.mistakes)
            lines.append("    " + t.gettext("or if {what_if}").format(what_if=what_if))
        if len(others) > shown:
            more = len(others) - shown
            lines.append(
                "    "
                + t.ngettext(
                    "and {n} more (see --format json)",
                    "and {n} more (see --format json)",
                    more,
                ).format(n=more)
            )
    return lines


def _headline(report: ReplayReport, t: Translator) -> str:
    """``game.json: DISPUTED — 2 differences``."""
    status = status_word(report.status, t).upper()
    disputes = sum(1 for f in report.findings if f.severity == "dispute")
    errors = sum(1 for f in report.findings if f.severity == "error")
    head = report.source or report.id or t.gettext("record")
    detail = ""
    if errors:
        detail = t.ngettext("{n} error", "{n} errors", errors).format(n=errors)
    elif disputes:
        detail = t.ngettext("{n} difference", "{n} differences", disputes).format(
            n=disputes
        )
    elif any(f.kind == "score" for f in report.findings):
        detail = t.gettext("claimed scores not checked")
    return f"{head}: {status}" + (f" — {detail}" if detail else "")


def report_text(
    report: ReplayReport, verbose: bool = False, *, t: Translator = ENGLISH
) -> str:
    """The dispute report, readable by a club player, in ``t``'s language.

    Per deal and side, every claimed category against the computed one with
    ✓/✗; the match totals and winner; and under each difference the moves that
    decided it. Errors (illegal moves, broken structure) come first, since they
    stop the replay. Everything is in players' words; ``verbose`` adds under
    each finding and deciding move the JSON pointer of its place. The
    explanations are as the report holds them: :func:`~casino_records.check.
    explain.dispute.explain` words them in a language.
    """
    errors = [f for f in report.findings if f.severity == "error"]
    lines = [_headline(report, t)]
    if report.sides:
        lines.append(
            t.gettext("{preset} rules · {sides}").format(
                preset=report.preset, sides=t.gettext(" v ").join(report.sides)
            )
        )
    if errors:
        lines.append(t.gettext("Errors:"))
        for finding in errors:
            lines += _finding_lines(finding, report, verbose, t)
    if report.explanations:
        lines.append("")
        lines += _explanation_lines(report, t)
    for deal in report.deals:
        lines.append("")
        lines += _deal_section(deal, report, verbose, t)
    match = _match_section(report, verbose, t)
    if match:
        lines.append("")
        lines += match
    warnings = [  # those on claimed scores are shown under their deal
        f for f in report.findings if f.severity == "warning" and f.kind != "score"
    ]
    if warnings:
        lines.append("")
        lines.append(t.gettext("Warnings:"))
        for finding in warnings:
            lines += _finding_lines(finding, report, verbose, t)
    return "\n".join(lines) + "\n"
