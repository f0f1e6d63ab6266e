"""Pure text renderers for the terminal: positions, deals and legal moves.

Every function takes library data (positions, steps, reports) and returns a
``str``; nothing here prints, and neither click nor streamlit is imported.
``pretty=False`` writes cards as ``10D`` instead of ``10♦``. The report of a
check is written by :mod:`casino_records.present.report_text`.

Numbers in the text follow the words of the notation: deals, rounds and moves
count from 1, seats and sides from 0. The words are the translator ``t``'s
(English by default); the moves themselves are said by
:func:`~casino_records.engine.describe.step_text`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Literal, TypeAlias

from ..engine.describe import side_names, step_text
from ..engine.moves import MoveKind
from ..engine.scoring import CATEGORIES, CHECK_LABELS
from ..i18n import ENGLISH, Translator
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


def seat_label(names: Sequence[str], seat: int, t: Translator = ENGLISH) -> str:
    """A seat in words: ``Ana (seat 0)``."""
    name = names[seat] if 0 <= seat < len(names) else "?"
    return t.gettext("{name} (seat {seat})").format(name=name, seat=seat)


def _build_line(build: Build, names: Sequence[str], pretty: bool, t: Translator) -> str:
    text = (
        t.gettext("{build}: value {value}, single, owned by {owner}: {groups}")
        if build.is_single
        else t.gettext("{build}: value {value}, multiple, owned by {owner}: {groups}")
    )
    return text.format(
        build=build.label,
        value=build.value,
        owner=seat_label(names, build.owner, t),
        groups=" + ".join(f"[{_cards(group, pretty)}]" for group in build.groups),
    )


def _table_short(position: ReplayPosition, pretty: bool, t: Translator) -> str:
    state = position.state
    # At the end of a deal the cards left are still on the table until the
    # residue step of deal_text gives them away.
    left = list(state.loose) or (list(state.residue) if state.finished else [])
    parts = [_cards(left, pretty)] if left else []
    for build in state.builds:
        cards = " ".join(c.pretty if pretty else str(c) for c in build.cards)
        parts.append(f"{build.label}={build.value}[{cards}]")
    return " ".join(parts) or t.gettext("empty")


def _hand_lines(
    position: ReplayPosition,
    names: Sequence[str],
    hands: HandsShown,
    pretty: bool,
    t: Translator,
) -> list[str]:
    state = position.state
    to_play = t.gettext("← to play")
    lines = []
    for seat, hand in enumerate(state.hands):
        turn = f"  {to_play}" if seat == state.turn and not state.finished else ""
        if hands == "all" or hands == seat:
            shown = _cards(hand, pretty)
        else:
            shown = _count(t.ngettext("{n} card", "{n} cards", len(hand)), len(hand))
        lines.append(f"  {seat_label(names, seat, t)}: {shown}{turn}")
    return lines


def _count(message: str, n: int) -> str:
    return message.format(n=n)


def _side_names(position: ReplayPosition, names: Sequence[str]) -> list[str]:
    return side_names(names, position.state.seating.side_of)


def _pile_lines(
    position: ReplayPosition, names: Sequence[str], t: Translator
) -> list[str]:
    state = position.state
    sides = _side_names(position, names)
    lines = []
    for side, pile in enumerate(state.piles):
        spades = sum(1 for c in pile if c.suit.value == "S")
        sweeps = len(state.sweeps[side])
        parts = [
            _count(t.ngettext("{n} card", "{n} cards", len(pile)), len(pile)),
            _count(t.ngettext("{n} spade", "{n} spades", spades), spades),
        ]
        if sweeps:
            parts.append(_count(t.ngettext("{n} sweep", "{n} sweeps", sweeps), sweeps))
        lines.append(f"  {sides[side]}: {', '.join(parts)}")
    return lines


def _step_line(step: Step, names: Sequence[str], t: Translator) -> str:
    return f"{step_text(step, names)} [{_kind_word(step.kind, t)}]"


def _kind_word(kind: MoveKind, t: Translator) -> str:
    """What a move did, in one word (R4.1, A25)."""
    words = {
        MoveKind.TRAIL: t.pgettext("move kind", "trail"),
        MoveKind.CAPTURE: t.pgettext("move kind", "capture"),
        MoveKind.CREATE: t.pgettext("move kind", "create"),
        MoveKind.EXTEND: t.pgettext("move kind", "extend"),
        MoveKind.INCREASE: t.pgettext("move kind", "increase"),
    }
    return words[kind]


def _order_line(state: DealState, names: Sequence[str], t: Translator) -> str:
    """The direction of play and the deal's order (R2.3)."""
    seating = state.seating
    order = seating.play_order(state.dealer)
    return order_text(names, order, clockwise=seating.step == 1, t=t)


def position_text(
    position: ReplayPosition,
    names: Sequence[str],
    *,
    hands: HandsShown = "all",
    pretty: bool = True,
    t: Translator = ENGLISH,
) -> str:
    """One position: table, builds, hands, capture piles, dealer, turn, last move.

    :param names: player names by seat.
    :param hands: which hands to show (see :data:`HandsShown`).
    """
    state = position.state
    values = {
        "deal": position.deal + 1,
        "round": state.round + 1,
        "rounds": state.seating.rounds,
        "move": position.index,
        "player": seat_label(names, state.turn, t),
    }
    if state.finished:
        head = t.ngettext(
            "Deal {deal}, round {round} of {rounds}, end of the deal"
            " (after {move} move)",
            "Deal {deal}, round {round} of {rounds}, end of the deal"
            " (after {move} moves)",
            position.index,
        )
    elif position.index:
        head = t.gettext(
            "Deal {deal}, round {round} of {rounds}, after move {move}:"
            " {player} to play"
        )
    else:
        head = t.gettext(
            "Deal {deal}, round {round} of {rounds}, at its start: {player} to play"
        )
    dealer = t.gettext("Dealer: {player}").format(
        player=seat_label(names, state.dealer, t)
    )
    lines = [
        f"{head.format(**values)}   [{position.loc}]",
        dealer,
        _order_line(state, names, t),
    ]
    if position.last is not None:
        where = f" [{position.last_loc}]" if position.last_loc else ""
        last = t.gettext("Last move (move {move}): {step}").format(
            move=position.last.index + 1, step=_step_line(position.last, names, t)
        )
        lines.append(f"{last}{where}")
    lines.append(t.gettext("Table:"))
    loose = t.gettext("loose: {cards}").format(cards=_cards(state.loose, pretty))
    lines.append(f"  {loose}")
    lines += [f"  {_build_line(b, names, pretty, t)}" for b in state.builds]
    if hands != "none":
        lines.append(t.gettext("Hands:"))
        lines += _hand_lines(position, names, hands, pretty, t)
    lines.append(t.gettext("Capture piles:"))
    lines += _pile_lines(position, names, t)
    sides = _side_names(position, names)
    if state.finished and state.residue:
        taker = sides[state.residue_side or 0]
        lines.append(
            t.gettext("Residue to {side}: {cards}").format(
                side=taker, cards=_cards(state.residue, pretty)
            )
        )
    totals = ", ".join(f"{sides[k]} {n}" for k, n in enumerate(position.totals))
    lines.append(
        t.gettext("Match totals before this deal: {totals}").format(totals=totals)
    )
    return "\n".join(lines) + "\n"


def deal_text(
    positions: Sequence[ReplayPosition],
    names: Sequence[str],
    deal: DealReport | None = None,
    *,
    hands: HandsShown = "all",
    pretty: bool = True,
    notes: Mapping[str, str] | None = None,
    t: Translator = ENGLISH,
) -> str:
    """A deal turn by turn: the cards dealt, every move and the table after it.

    :param positions: the deal's positions (``replay(..., positions=True)``).
    :param deal: the deal's report, for the scores at the end.
    :param notes: annotations (glyph, comment) by the JSON pointer of the move.
    """
    if not positions:
        return ""
    first = positions[0].state
    heading = t.gettext("Deal {deal} — dealer {player}").format(
        deal=positions[0].deal + 1, player=seat_label(names, first.dealer, t)
    )
    table = t.gettext("Table: {cards}").format(cards=_cards(first.loose, pretty))
    lines = [
        f"=== {heading} ===",
        _order_line(first, names, t),
        *(near_target_needs(deal, _side_names(positions[0], names), t) if deal else ()),
        table,
    ]
    after_table = t.gettext("table: {cards}")
    current_round = -1
    for k, position in enumerate(positions):
        state = position.state
        if state.round != current_round and not state.finished:
            current_round = state.round
            lines.append(t.gettext("Round {round}").format(round=current_round + 1))
            if hands != "none":
                lines += [
                    "  " + h for h in _hand_lines(position, names, hands, pretty, t)
                ]
        if k + 1 < len(positions):
            after = positions[k + 1]
            step = after.last
            if step is None:  # pragma: no cover - every later position has a move
                continue
            shown = after_table.format(cards=_table_short(after, pretty, t))
            lines.append(
                f"  {step.index + 1:>3}. {_step_line(step, names, t)}  {shown}"
            )
            note = (notes or {}).get(after.last_loc)
            if note:
                lines.append(f"       {note}")
    lines += _deal_end(positions[-1], names, pretty, t)
    if deal is not None and deal.sides:
        lines.append(t.gettext("Scores:"))
        lines += [f"  {side_score_text(side, t)}" for side in deal.sides]
        for side in deal.sides:
            why = sweep_note(side, deal.sides, t)
            if why:
                points = side.points.get("sweeps", 0)
                said = t.gettext("{side}: sweep points {points} ({why})")
                lines.append("  " + said.format(side=side.name, points=points, why=why))
        lines += [f"  {line}" for line in near_target_results(deal, t=t)]
    return "\n".join(lines) + "\n"


def _deal_end(
    last: ReplayPosition, names: Sequence[str], pretty: bool, t: Translator
) -> list[str]:
    """How a deal ends: the residue and who takes it, or where it stops."""
    end = last.state
    if not end.finished:
        return [
            _count(
                t.ngettext(
                    "The deal stops unfinished after {n} move.",
                    "The deal stops unfinished after {n} moves.",
                    last.index,
                ),
                last.index,
            )
        ]
    if not end.residue:
        return [t.gettext("End of deal: no residue")]
    left = _cards(end.residue, pretty)
    if end.residue_side is not None:
        side = _side_names(last, names)[end.residue_side]
        players = end.seating.side_of.count(end.residue_side)
        said = t.ngettext(
            "{side} takes the residue {cards} (the last capturer takes the cards"
            " left, R11.1)",
            "{side} take the residue {cards} (the last capturer takes the cards"
            " left, R11.1)",
            players,
        ).format(side=side, cards=left)
    else:
        said = t.gettext(
            "The residue {cards} goes to no side (nobody captured, R11.2)"
        ).format(cards=left)
    empty = t.gettext("table: {cards}").format(cards=t.gettext("empty"))
    end_word = t.gettext("end.")
    return [f"  {end_word} {said}  {empty}", t.gettext("End of deal")]


def side_score_text(side: SideReport, t: Translator = ENGLISH) -> str:
    """A side's deal score in one line: points per item, banked, match total."""
    points = ", ".join(
        f"{t.gettext(CHECK_LABELS['points.' + name])} {side.points[name]}"
        for name in CATEGORIES
        if side.points.get(name)
    )
    earned = _count(t.ngettext("{n} point", "{n} points", side.earned), side.earned)
    text = f"{side.name}: {earned} ({points or t.gettext('none')})"
    if side.banked != side.earned:
        banked = t.gettext("{n} banked ({why})").format(n=side.banked, why=side.note)
        text += f", {banked}"
    if side.total_after is not None:
        total = t.gettext("match total {n}").format(n=side.total_after)
        text += f"; {total}"
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
    t: Translator = ENGLISH,
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
    lines = [position_text(position, names, hands=state.turn, pretty=pretty, t=t)]
    if state.finished:
        lines.append(t.gettext("The deal is over: there is no move to make."))
        return "\n".join(lines) + "\n"
    if not any(state.hands):
        over = t.gettext(
            "Round {round} is over: every card of it is played, and the record"
            " gives no later round, so there is no move to make."
        )
        lines.append(over.format(round=state.round + 1))
        return "\n".join(lines) + "\n"
    count = len(options)
    heading = t.ngettext(
        "{n} legal move for {player}:", "{n} legal moves for {player}:", count
    )
    lines.append(heading.format(n=count, player=seat_label(names, state.turn, t)))
    mark = t.gettext("← recorded")
    for n, step in enumerate(options, 1):
        chosen = (
            recorded is not None
            and recorded != "illegal"
            and step.move == recorded.move
        )
        lines.append(
            f"  {n:>3}. {_step_line(step, names, t)}" + (f"  {mark}" if chosen else "")
        )
    if why:
        from .barred import barred_lines

        barred = barred_lines(state, names, options, pretty, t)
        lines.append(
            t.gettext("Barred by the rules:")
            if barred
            else t.gettext("No move of the hand is barred.")
        )
        lines += [f"  - {line}" for line in barred]
    if recorded is None:
        lines.append(t.gettext("The record has no move here."))
    elif recorded == "illegal":
        said = t.gettext("The recorded move, {move}, is NOT among them: it is illegal.")
        lines.append(said.format(move=recorded_text))
        if why and recorded_move is not None:
            from .barred import illegal_reason

            reason = illegal_reason(state, recorded_move, names, pretty)
            if reason:
                lines.append(t.gettext("Why: {reason}").format(reason=reason))
    else:
        said = t.gettext("The recorded move, {move}, is among them.")
        lines.append(said.format(move=recorded_text))
    return "\n".join(lines) + "\n"
