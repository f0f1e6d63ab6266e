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

from ..check.outcome import finding_text, shown_pointer
from ..check.status import STATUSES
from ..engine.describe import cited, in_names, plural, result_text
from ..engine.scoring import CHECK_LABELS
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
    many more; ``verbose`` adds a line with the problem's JSON pointer. The
    status and the count are in ``t``'s language (the problem, for now, in
    English)."""
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
    at = pointer_line(outcome.loc, " " * width) if verbose else ""
    return f"{line}\n{at}" if at else line


def pointer_line(loc: str, indent: str) -> str:
    """The ``--verbose`` line under a finding: where it is in the record's JSON
    (``""`` when ``loc`` is the whole record).

    >>> pointer_line("/deals/0/claimed/sides/1/total", "  ")
    '  at /deals/0/claimed/sides/1/total'
    """
    return f"{indent}at {shown_pointer(loc)}" if loc else ""


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
    verbose: bool,
    indent: str = "  ",
    seen: set[tuple[str, str]] | None = None,
) -> list[str]:
    mark = DIFFERS if finding.severity != "warning" else "!"
    lines = [f"{indent}{mark} {finding_text(finding)}"]
    if verbose and finding.loc:
        lines.append(pointer_line(finding.loc, indent + "    "))
    if finding.legal:
        lines.append(f"{indent}    legal there: " + "; ".join(finding.legal))
    seen = set() if seen is None else seen
    if finding.deciding:
        lines.append(f"{indent}    decided by:")
        for move in finding.deciding:
            if (move.why, move.loc) in seen:  # shown in full above: one line
                lines.append(f"{indent}      - {move.where} (above)")
                continue
            seen.add((move.why, move.loc))
            lines.append(f"{indent}      - {move.why}")
            lines.append(f"{indent}        {move.where}")
            if verbose and move.loc:
                lines.append(pointer_line(move.loc, indent + "        "))
    return lines


def _unseen_lines(deal: DealReport, names: Sequence[str], verbose: bool) -> list[str]:
    """What an unfinished round's unknown hands leave unchecked."""
    if not any(deal.unseen):
        return []
    who = ", ".join(
        f"{_named(names, seat)} {count}"
        for seat, count in enumerate(deal.unseen)
        if count
    )
    lines = [f"  cards not yet seen in hand: {who}"]
    if not deal.pending:
        lines.append("  every move is checked in full: none needs those cards")
        return lines
    lines.append("  checks that wait for those hands:")
    for check in deal.pending:
        lines.append(f"    - {cited(f'{check.where}: {check.message}', check.rule)}")
        if verbose:
            lines.append(pointer_line(check.loc, "      "))
    return lines


def _named(names: Sequence[str], seat: int) -> str:
    """A player by name (``seat N`` where the record names nobody there)."""
    return names[seat] if 0 <= seat < len(names) and names[seat] else f"seat {seat}"


def _deal_section(deal: DealReport, report: ReplayReport, verbose: bool) -> list[str]:
    who = _named(report.players, deal.dealer)
    lines = [f"Deal {deal.index + 1} — dealer {who}"]
    lines += [f"  {line}" for line in near_target_needs(deal, report.sides)]
    if not deal.complete:
        why = in_names(deal.match_note, report.sides, report.players) or (
            f"unfinished after {plural(deal.moves, 'move')}: not scored"
        )
        lines.append(f"  {why}")
        lines += [
            line
            for finding in report.findings
            if finding.kind == "score" and finding.loc.startswith(deal.loc + "/")
            for line in _finding_lines(finding, verbose)
        ]
        return lines + _unseen_lines(deal, report.players, verbose)
    sides = report.sides or [s.name for s in deal.sides]
    checks = {(c.category, c.side): c for c in deal.checks}
    categories = [c for c in _CATEGORY_ORDER if any(k[0] == c for k in checks)]
    if not categories:
        lines.append("  nothing claimed; computed:")
        lines += [f"    {side_score_text(side)}" for side in deal.sides]
        return lines + _rule_lines(deal, report)
    rows = [["claimed / computed", *sides]]
    for category in categories:
        row = [CHECK_LABELS[category]]
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
            lines += _finding_lines(finding, verbose, seen=seen)
    return lines


def _rule_lines(deal: DealReport, report: ReplayReport) -> list[str]:
    """What sweep cancellation and the near-target rule did (R10.4, R13.4)."""
    return [f"  {line}" for line in score_notes(report, deal)]


def _match_section(report: ReplayReport, verbose: bool) -> list[str]:
    match = report.match
    if match is None:
        return []
    sides = report.sides
    lines = [f"Match (target {match.target})"]
    totals = {c.side: c for c in match.checks if c.category == "totals"}
    row = ["match total"]
    for side, total in enumerate(match.totals):
        check = totals.get(side)
        row.append(
            f"— / {total}"
            if check is None
            else f"{check.claimed} / {check.computed} {_mark(check)}"
        )
    if match.checks or any(deal.complete for deal in report.deals):
        lines += _columns([["claimed / computed", *sides], row])

    def name(side: int) -> str:
        if side < 0:
            return "nobody"
        return sides[side] if side < len(sides) else f"side {side}"

    for check in match.checks:
        if check.category == "winner":
            lines.append(
                f"  winner: claimed {name(check.claimed)}, computed"
                f" {name(check.computed)} {_mark(check)}"
            )
    why = in_names(match.reason, sides, report.players)
    lines.append(f"  Result: {result_text(sides, match.totals, match.winner, why)}")
    lines += [
        line
        for finding in report.findings
        if finding.kind == "match" and finding.severity == "dispute"
        for line in _finding_lines(finding, verbose)
    ]
    return lines


def _explanation_lines(report: ReplayReport, shown: int = 3) -> list[str]:
    """The explanation of each disputed deal and of the match, one sentence each,
    with the other mistakes that fit the claims as well (the first ``shown``)."""
    lines = [
        "What went wrong (the likeliest counting mistake; the rules' count stands):"
    ]
    for explanation in report.explanations:
        where = "Match" if explanation.deal is None else f"Deal {explanation.deal + 1}"
        lines.append(f"  {where}: {explanation.sentence}")
        others = explanation.fits[1:]
        for fit in others[:shown]:
            lines.append("    or if " + ", and ".join(m.what_if for m in fit.mistakes))
        if len(others) > shown:
            lines.append(f"    and {len(others) - shown} more (see --format json)")
    return lines


def report_text(report: ReplayReport, verbose: bool = False) -> str:
    """The dispute report, readable by a club player.

    Per deal and side, every claimed category against the computed one with
    ✓/✗; the match totals and winner; and under each difference the moves that
    decided it. Errors (illegal moves, broken structure) come first, since they
    stop the replay. Everything is in players' words; ``verbose`` adds under
    each finding and deciding move the JSON pointer of its place.
    """
    status = report.status.upper()
    disputes = sum(1 for f in report.findings if f.severity == "dispute")
    errors = [f for f in report.findings if f.severity == "error"]
    head = report.source or report.id or "record"
    detail = ""
    if errors:
        detail = f" — {plural(len(errors), 'error')}"
    elif disputes:
        detail = f" — {plural(disputes, 'difference')}"
    elif any(f.kind == "score" for f in report.findings):
        detail = " — claimed scores not checked"
    lines = [f"{head}: {status}{detail}"]
    if report.sides:
        lines.append(f"{report.preset} rules · {' v '.join(report.sides)}")
    if errors:
        lines.append("Errors:")
        for finding in errors:
            lines += _finding_lines(finding, verbose)
    if report.explanations:
        lines.append("")
        lines += _explanation_lines(report)
    for deal in report.deals:
        lines.append("")
        lines += _deal_section(deal, report, verbose)
    match = _match_section(report, verbose)
    if match:
        lines.append("")
        lines += match
    warnings = [  # those on claimed scores are shown under their deal
        f for f in report.findings if f.severity == "warning" and f.kind != "score"
    ]
    if warnings:
        lines.append("")
        lines.append("Warnings:")
        for finding in warnings:
            lines += _finding_lines(finding, verbose)
    return "\n".join(lines) + "\n"
