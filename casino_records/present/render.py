"""Pure text renderers for the terminal: positions, deals and legal moves.

Every function takes library data (positions, steps, reports) and returns a
``str``; nothing here prints, and neither click nor streamlit is imported.
``pretty=False`` writes cards as ``10D`` instead of ``10♦``. The report of a
check is written by :mod:`casino_records.present.report_text`.

Numbers in the text follow the words of the notation: deals, rounds and moves
count from 1, seats and sides from 0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Literal, TypeAlias

from ..engine.describe import agreeing, plural, side_names, step_text
from ..engine.scoring import CATEGORIES, CHECK_LABELS
from .direction import order_text
from .scoring_notes import near_target_needs, near_target_results, sweep_note

if TYPE_CHECKING:
    from ..check.replay import ReplayPosition
    from ..check.report import DealReport, SideReport
    from ..engine.cards import Card
    from ..engine.moves import Build, Move, Step
    from ..engine.state import DealState

__all__ = [
    "HandsShown",
    "deal_text",
    "legal_text",
    "position_text",
    "seat_label",
    "side_score_text",
]

HandsShown: TypeAlias = Literal["all", "none"] | int
"""Which hands a position shows: every hand, none, or one seat's (the others as counts)."""


# --- Positions -------------------------------------------------------------------------


def _cards(cards: Sequence[Card], pretty: bool) -> str:
    return " ".join(c.pretty if pretty else str(c) for c in cards) or "—"


def seat_label(names: Sequence[str], seat: int) -> str:
    """A seat in words: ``Ana (seat 0)``."""
    name = names[seat] if 0 <= seat < len(names) else "?"
    return f"{name} (seat {seat})"


def _build_line(build: Build, names: Sequence[str], pretty: bool) -> str:
    kind = "single" if build.is_single else "multiple"
    groups = " + ".join(f"[{_cards(group, pretty)}]" for group in build.groups)
    owner = seat_label(names, build.owner)
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
            shown = f"{plural(len(hand), 'card')}"
        lines.append(f"  {seat_label(names, seat)}: {shown}{turn}")
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
            f"  {sides[side]}: {plural(len(pile), 'card')}, {plural(spades, 'spade')}"
        )
        if sweeps:
            text += f", {plural(sweeps, 'sweep')}"
        lines.append(text)
    return lines


def _step_line(step: Step, names: Sequence[str]) -> str:
    return f"{step_text(step, names)} [{step.kind.value}]"


def _order_line(state: DealState, names: Sequence[str]) -> str:
    """The direction of play and the deal's order (R2.3)."""
    seating = state.seating
    order = seating.play_order(state.dealer)
    return order_text(names, order, clockwise=seating.step == 1)


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
        head += f", end of the deal (after {plural(position.index, 'move')})"
    else:
        when = f"after move {position.index}" if position.index else "at its start"
        head += f", {when}: {seat_label(names, state.turn)} to play"
    lines = [
        f"{head}   [{position.loc}]",
        f"Dealer: {seat_label(names, state.dealer)}",
        _order_line(state, names),
    ]
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
        f"=== Deal {positions[0].deal + 1} — dealer {seat_label(names, first.dealer)} ===",
        _order_line(first, names),
        *(near_target_needs(deal, _side_names(positions[0], names)) if deal else ()),
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
                f"  end. {agreeing(sides[end.residue_side], 'takes', 'take')} the"
                f" residue {left} (the"
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
        lines.append(
            f"The deal stops unfinished after {plural(positions[-1].index, 'move')}."
        )
    if deal is not None and deal.sides:
        lines.append("Scores:")
        lines += [f"  {side_score_text(side)}" for side in deal.sides]
        for side in deal.sides:
            why = sweep_note(side, deal.sides)
            if why:
                points = side.points.get("sweeps", 0)
                lines.append(f"  {side.name}: sweep points {points} ({why})")
        lines += [f"  {line}" for line in near_target_results(deal)]
    return "\n".join(lines) + "\n"


def side_score_text(side: SideReport) -> str:
    """A side's deal score in one line: points per item, banked, match total."""
    points = ", ".join(
        f"{CHECK_LABELS['points.' + name]} {side.points[name]}"
        for name in CATEGORIES
        if side.points.get(name)
    )
    text = f"{side.name}: {plural(side.earned, 'point')} ({points or 'none'})"
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
    why: bool = False,
    recorded_move: Move | None = None,
) -> str:
    """Every legal move of a position, with what it would do.

    :param options: each legal move played on a copy of the position.
    :param recorded: the step the record's move makes here, ``"illegal"`` when
        it is not a legal move, or ``None`` when the record has no move here.
    :param recorded_text: the recorded move in words.
    :param why: also list the hand's barred moves with their rule
        (:func:`.barred.barred_lines`), and why the recorded move is illegal.
    :param recorded_move: the recorded move (for ``why``).
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
    lines.append(f"{plural(count, 'legal move')} for {seat_label(names, state.turn)}:")
    for n, step in enumerate(options, 1):
        mark = (
            "  ← recorded"
            if recorded is not None
            and recorded != "illegal"
            and step.move == recorded.move
            else ""
        )
        lines.append(f"  {n:>3}. {_step_line(step, names)}{mark}")
    if why:
        from .barred import barred_lines

        barred = barred_lines(state, names, options, pretty)
        lines.append(
            "Barred by the rules:" if barred else "No move of the hand is barred."
        )
        lines += [f"  - {line}" for line in barred]
    if recorded is None:
        lines.append("The record has no move here.")
    elif recorded == "illegal":
        lines.append(
            f"The recorded move, {recorded_text}, is NOT among them: it is illegal."
        )
        if why and recorded_move is not None:
            from .barred import illegal_reason

            reason = illegal_reason(state, recorded_move, names, pretty)
            if reason:
                lines.append(f"Why: {reason}")
    else:
        lines.append(f"The recorded move, {recorded_text}, is among them.")
    return "\n".join(lines) + "\n"
