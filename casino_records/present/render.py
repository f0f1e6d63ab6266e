"""Pure text renderers for the terminal: positions, games, legal moves, reports.

Every function takes library data (positions, steps, reports, outcomes) and
returns a ``str``; nothing here prints, and neither click nor streamlit is
imported. ``pretty=False`` writes cards as ``10D`` instead of ``10♦``.

Numbers in the text follow the words of the notation: deals, rounds and moves
count from 1, seats and sides from 0.

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
from typing import TYPE_CHECKING, Final, Literal, TypeAlias

from ..engine.describe import side_names, step_text
from ..engine.scoring import CATEGORIES, CHECK_LABELS

if TYPE_CHECKING:
    from ..check.outcome import Outcome
    from ..check.replay import ReplayPosition
    from ..check.report import DealReport, Finding, ReplayReport, ScoreCheck, SideReport
    from ..engine.cards import Card
    from ..engine.moves import Build, Step

__all__ = [
    "HandsShown",
    "deal_text",
    "legal_text",
    "position_text",
    "report_text",
    "status_line",
    "summary_line",
]

HandsShown: TypeAlias = Literal["all", "none"] | int
"""Which hands a position shows: every hand, none, or one seat's (the others as counts)."""

OK: Final = "✓"
DIFFERS: Final = "✗"
_CATEGORY_ORDER: Final = tuple(CHECK_LABELS)


# --- Batch status ----------------------------------------------------------------


def status_line(outcome: Outcome) -> str:
    """One line per record: the status, the source, the first problem and how many more."""
    line = f"{outcome.status:<11} {outcome.label}"
    if not outcome.problem:
        return line
    more = f" (+{outcome.more} more: rescore shows all)" if outcome.more else ""
    return f"{line}: {outcome.problem}{more}"


def summary_line(counts: Mapping[str, int]) -> str:
    """The totals of a batch: ``3 records: 2 ok, 1 disputed, …``."""
    total = sum(counts.values())
    parts = ", ".join(f"{n} {status}" for status, n in counts.items())
    return f"{total} record{'s' * (total != 1)}: {parts}"


# --- Positions -------------------------------------------------------------------------


def _cards(cards: Sequence[Card], pretty: bool) -> str:
    return " ".join(c.pretty if pretty else str(c) for c in cards) or "—"


def _who(names: Sequence[str], seat: int) -> str:
    name = names[seat] if 0 <= seat < len(names) else "?"
    return f"{name} (seat {seat})"


def _build_line(build: Build, names: Sequence[str], pretty: bool) -> str:
    kind = "single" if build.is_single else "multiple"
    groups = " + ".join(f"[{_cards(group, pretty)}]" for group in build.groups)
    owner = _who(names, build.owner)
    return f"{build.label}: value {build.value}, {kind}, owned by {owner}: {groups}"


def _table_short(position: ReplayPosition, pretty: bool) -> str:
    state = position.state
    # At the end of a deal the cards left are still on the table until the
    # residue step of deal_text gives them away.
    left = list(state.loose) or (list(state.residue) if state.finished else [])
    parts = [_cards(left, pretty)] if left else []
    for build in state.builds:
        cards = " ".join(c.pretty if pretty else str(c) for c in build.cards)
        parts.append(f"{build.label}={build.value}[{cards}]")
    return " ".join(parts) or "empty"


def _hand_lines(
    position: ReplayPosition, names: Sequence[str], hands: HandsShown, pretty: bool
) -> list[str]:
    state = position.state
    lines = []
    for seat, hand in enumerate(state.hands):
        turn = "  ← to play" if seat == state.turn and not state.finished else ""
        if hands == "all" or hands == seat:
            shown = _cards(hand, pretty)
        else:
            shown = f"{len(hand)} card{'s' * (len(hand) != 1)}"
        lines.append(f"  {_who(names, seat)}: {shown}{turn}")
    return lines


def _side_names(position: ReplayPosition, names: Sequence[str]) -> list[str]:
    return side_names(names, position.state.seating.side_of)


def _pile_lines(position: ReplayPosition, names: Sequence[str]) -> list[str]:
    state = position.state
    sides = _side_names(position, names)
    lines = []
    for side, pile in enumerate(state.piles):
        spades = sum(1 for c in pile if c.suit.value == "S")
        sweeps = len(state.sweeps[side])
        text = (
            f"  {sides[side]}: {_count(len(pile), 'card')}, {_count(spades, 'spade')}"
        )
        if sweeps:
            text += f", {sweeps} sweep{'s' * (sweeps != 1)}"
        lines.append(text)
    return lines


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def _step_line(step: Step, names: Sequence[str]) -> str:
    return f"{step_text(step, names)} [{step.kind.value}]"


def position_text(
    position: ReplayPosition,
    names: Sequence[str],
    *,
    hands: HandsShown = "all",
    pretty: bool = True,
) -> str:
    """One position: table, builds, hands, capture piles, dealer, turn, last move.

    :param names: player names by seat.
    :param hands: which hands to show (see :data:`HandsShown`).
    """
    state = position.state
    rounds = state.seating.rounds
    head = f"Deal {position.deal + 1}, round {state.round + 1} of {rounds}"
    if state.finished:
        head += f", end of the deal (after {position.index} moves)"
    else:
        when = f"after move {position.index}" if position.index else "at its start"
        head += f", {when}: {_who(names, state.turn)} to play"
    lines = [f"{head}   [{position.loc}]", f"Dealer: {_who(names, state.dealer)}"]
    if position.last is not None:
        where = f" [{position.last_loc}]" if position.last_loc else ""
        lines.append(
            f"Last move (move {position.last.index + 1}):"
            f" {_step_line(position.last, names)}{where}"
        )
    lines.append("Table:")
    lines.append(f"  loose: {_cards(state.loose, pretty)}")
    lines += [f"  {_build_line(b, names, pretty)}" for b in state.builds]
    if hands != "none":
        lines.append("Hands:")
        lines += _hand_lines(position, names, hands, pretty)
    lines.append("Capture piles:")
    lines += _pile_lines(position, names)
    if state.finished and state.residue:
        taker = _side_names(position, names)[state.residue_side or 0]
        lines.append(f"Residue to {taker}: {_cards(state.residue, pretty)}")
    sides = _side_names(position, names)
    totals = ", ".join(f"{sides[k]} {t}" for k, t in enumerate(position.totals))
    lines.append(f"Match totals before this deal: {totals}")
    return "\n".join(lines) + "\n"


def deal_text(
    positions: Sequence[ReplayPosition],
    names: Sequence[str],
    deal: DealReport | None = None,
    *,
    hands: HandsShown = "all",
    pretty: bool = True,
    notes: Mapping[str, str] | None = None,
) -> str:
    """A deal turn by turn: the cards dealt, every move and the table after it.

    :param positions: the deal's positions (``replay(..., positions=True)``).
    :param deal: the deal's report, for the scores at the end.
    :param notes: annotations (glyph, comment) by the JSON pointer of the move.
    """
    if not positions:
        return ""
    first = positions[0].state
    lines = [
        f"=== Deal {positions[0].deal + 1} — dealer {_who(names, first.dealer)} ===",
        f"Table: {_cards(first.loose, pretty)}",
    ]
    current_round = -1
    for k, position in enumerate(positions):
        state = position.state
        if state.round != current_round and not state.finished:
            current_round = state.round
            lines.append(f"Round {current_round + 1}")
            if hands != "none":
                lines += ["  " + h for h in _hand_lines(position, names, hands, pretty)]
        if k + 1 < len(positions):
            after = positions[k + 1]
            step = after.last
            if step is None:  # pragma: no cover - every later position has a move
                continue
            lines.append(
                f"  {step.index + 1:>3}. {_step_line(step, names)}"
                f"  table: {_table_short(after, pretty)}"
            )
            note = (notes or {}).get(after.last_loc)
            if note:
                lines.append(f"       {note}")
    end = positions[-1].state
    if end.finished:
        sides = _side_names(positions[-1], names)
        left = _cards(end.residue, pretty)
        if end.residue and end.residue_side is not None:
            lines.append(
                f"  end. {sides[end.residue_side]} takes the residue {left} (the"
                " last capturer takes the cards left, R11.1)  table: empty"
            )
            lines.append("End of deal")
        elif end.residue:
            lines.append(
                f"  end. The residue {left} goes to no side (nobody captured,"
                " R11.2)  table: empty"
            )
            lines.append("End of deal")
        else:
            lines.append("End of deal: no residue")
    else:
        lines.append(f"The deal stops unfinished after {positions[-1].index} moves.")
    if deal is not None and deal.sides:
        lines.append("Scores:")
        lines += [f"  {_side_score(side)}" for side in deal.sides]
    return "\n".join(lines) + "\n"


def _side_score(side: SideReport) -> str:
    points = ", ".join(
        f"{CHECK_LABELS['points.' + name]} {side.points[name]}"
        for name in CATEGORIES
        if side.points.get(name)
    )
    text = f"{side.name}: {side.earned} points ({points or 'none'})"
    if side.banked != side.earned:
        text += f", {side.banked} banked ({side.note})"
    if side.total_after is not None:
        text += f"; match total {side.total_after}"
    return text


# --- Legal moves ------------------------------------------------------------------------


def legal_text(
    position: ReplayPosition,
    names: Sequence[str],
    options: Sequence[Step],
    recorded: Step | None | Literal["illegal"],
    *,
    recorded_text: str = "",
    pretty: bool = True,
) -> str:
    """Every legal move of a position, with what it would do.

    :param options: each legal move played on a copy of the position.
    :param recorded: the step the record's move makes here, ``"illegal"`` when
        it is not a legal move, or ``None`` when the record has no move here.
    :param recorded_text: the recorded move in words.
    """
    state = position.state
    lines = [position_text(position, names, hands=state.turn, pretty=pretty)]
    if state.finished:
        lines.append("The deal is over: there is no move to make.")
        return "\n".join(lines) + "\n"
    if not any(state.hands):
        lines.append(
            f"Round {state.round + 1} is over: every card of it is played, and the"
            " record gives no later round, so there is no move to make."
        )
        return "\n".join(lines) + "\n"
    count = len(options)
    lines.append(
        f"{count} legal move{'s' * (count != 1)} for {_who(names, state.turn)}:"
    )
    for n, step in enumerate(options, 1):
        mark = (
            "  ← recorded"
            if recorded is not None
            and recorded != "illegal"
            and step.move == recorded.move
            else ""
        )
        lines.append(f"  {n:>3}. {_step_line(step, names)}{mark}")
    if recorded is None:
        lines.append("The record has no move here.")
    elif recorded == "illegal":
        lines.append(
            f"The recorded move, {recorded_text}, is NOT among them: it is illegal."
        )
    else:
        lines.append(f"The recorded move, {recorded_text}, is among them.")
    return "\n".join(lines) + "\n"


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
    finding: Finding, indent: str = "  ", seen: set[tuple[str, str]] | None = None
) -> list[str]:
    mark = DIFFERS if finding.severity != "warning" else "!"
    rule = f" [{finding.rule}]" if finding.rule else ""
    lines = [f"{indent}{mark} {finding.where}: {finding.message}{rule}"]
    if finding.loc:
        lines.append(f"{indent}    at {finding.loc}")
    if finding.legal:
        lines.append(f"{indent}    legal there: " + "; ".join(finding.legal))
    seen = set() if seen is None else seen
    fresh = [m for m in finding.deciding if (m.why, m.loc) not in seen]
    repeated = len(finding.deciding) - len(fresh)
    if finding.deciding:
        lines.append(f"{indent}    decided by:")
        for move in fresh:
            seen.add((move.why, move.loc))
            lines.append(f"{indent}      - {move.why}")
            lines.append(f"{indent}        {move.where}")
            if move.loc:
                lines.append(f"{indent}        → {move.loc}")
        if repeated:
            moves = "move" if repeated == 1 else "moves"
            lines.append(f"{indent}      - and {repeated} {moves} listed above")
    return lines


def _unseen_lines(deal: DealReport, names: Sequence[str]) -> list[str]:
    """What an unfinished round's unknown hands leave unchecked."""
    if not any(deal.unseen):
        return []
    who = ", ".join(
        f"{_who(names, seat)} {count}"
        for seat, count in enumerate(deal.unseen)
        if count
    )
    lines = [f"  cards not yet seen in hand: {who}"]
    if not deal.pending:
        lines.append("  every move is checked in full: none needs those cards")
        return lines
    lines.append("  checks that wait for those hands:")
    for check in deal.pending:
        lines.append(f"    - {check.where}: {check.message} [{check.rule}]")
        lines.append(f"      at {check.loc}")
    return lines


def _deal_section(deal: DealReport, report: ReplayReport) -> list[str]:
    who = _who(report.players, deal.dealer) if report.players else f"seat {deal.dealer}"
    lines = [f"Deal {deal.index + 1} — dealer {who}"]
    if not deal.complete:
        why = deal.match_note or f"unfinished after {deal.moves} moves"
        lines.append(f"  {why}: not scored")
        lines += [
            line
            for finding in report.findings
            if finding.kind == "score" and finding.loc.startswith(deal.loc + "/")
            for line in _finding_lines(finding)
        ]
        return lines + _unseen_lines(deal, report.players)
    sides = report.sides or [s.name for s in deal.sides]
    checks = {(c.category, c.side): c for c in deal.checks}
    categories = [c for c in _CATEGORY_ORDER if any(k[0] == c for k in checks)]
    if not categories:
        lines.append("  nothing claimed; computed:")
        lines += [f"    {_side_score(side)}" for side in deal.sides]
        return lines
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
    lines += _columns(rows)
    seen: set[tuple[str, str]] = set()
    for finding in report.findings:
        if finding.kind == "score" and finding.loc.startswith(deal.loc + "/"):
            lines += _finding_lines(finding, seen=seen)
    return lines


def _match_section(report: ReplayReport) -> list[str]:
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
    if match.winner is not None:
        score = " to ".join(str(t) for t in match.totals)
        lines.append(f"  Result: {name(match.winner)} wins, {score} ({match.reason})")
    else:
        lines.append(f"  Result: no winner yet ({match.reason})")
    lines += [
        line
        for finding in report.findings
        if finding.kind == "match" and finding.severity == "dispute"
        for line in _finding_lines(finding)
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


def report_text(report: ReplayReport) -> str:
    """The dispute report, readable by a club player.

    Per deal and side, every claimed category against the computed one with
    ✓/✗; the match totals and winner; and under each difference the moves that
    decided it, each with its JSON pointer. Errors (illegal moves, broken
    structure) come first, since they stop the replay.
    """
    status = report.status.upper()
    disputes = sum(1 for f in report.findings if f.severity == "dispute")
    errors = [f for f in report.findings if f.severity == "error"]
    head = report.source or report.id or "record"
    detail = ""
    if errors:
        detail = f" — {len(errors)} error{'s' * (len(errors) != 1)}"
    elif disputes:
        detail = f" — {disputes} difference{'s' * (disputes != 1)}"
    elif any(f.kind == "score" for f in report.findings):
        detail = " — claimed scores not checked"
    lines = [f"{head}: {status}{detail}"]
    if report.sides:
        sides = " v ".join(f"{n} (side {k})" for k, n in enumerate(report.sides))
        lines.append(f"{report.preset} rules · {sides}")
    if errors:
        lines.append("Errors:")
        for finding in errors:
            lines += _finding_lines(finding)
    if report.explanations:
        lines.append("")
        lines += _explanation_lines(report)
    for deal in report.deals:
        lines.append("")
        lines += _deal_section(deal, report)
    match = _match_section(report)
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
            lines += _finding_lines(finding)
    return "\n".join(lines) + "\n"
