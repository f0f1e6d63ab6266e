"""What the "Record a game" page shows of a scorer session, computed without Streamlit.

Pictures come from :mod:`casino_records.present.svg`; words from the engine
(:mod:`casino_records.engine.describe`) and the session. Every text that holds
data (names, comments) is returned raw: the page escapes it where Markdown renders.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from ..check.explain.dispute import explain_record
from ..check.outcome import finding_text
from ..engine.cards import BIG_CASINO, CARDS, LITTLE_CASINO, Card, Suit
from ..engine.describe import cited, side_names, step_text
from ..i18n import ENGLISH, Translator
from ..record.format.pointer import Place
from ..record.json.jsonio import dumps
from ..record.text.notation import write_text
from ..scorer import Candidate, ScorerSession, Violation
from ..scorer.sheet import DealSheet
from .move_words import step_words
from .svg import hand_svg, table_svg
from .viewmodel.position import SideView

__all__ = [
    "MoveLine",
    "SheetLine",
    "Snapshot",
    "ALL_CARDS",
    "CARD_SIZE",
    "candidate_svg",
    "candidates_html",
    "card_label",
    "category_label",
    "card_pill",
    "record_json",
    "record_text",
    "file_stem",
    "hand_line",
    "last_entered",
    "seat_marks",
    "move_lines",
    "sheet_differences",
    "sheet_explanations",
    "sheet_lines",
    "snapshot",
    "table_picture",
    "tally",
]

CARD_SIZE = 44
"""Card width on the page, in pixels: five cards and a gap fit a 390-pixel phone."""


def card_label(card: Card) -> str:
    """A card as a picker shows it: ``10♦``."""
    return card.pretty


def card_pill(card: Card) -> str:
    """A card as a button shows it, in Streamlit's Markdown: red suits in red."""
    return f":red[{card.pretty}]" if card.suit.is_red else card.pretty


ALL_CARDS: tuple[Card, ...] = CARDS
"""Every card, in pack order (the table and hand pickers offer these)."""


def table_picture(session: ScorerSession, highlight: Sequence[Card] = ()) -> str:
    """The current table as SVG (empty before the deal's cards are known)."""
    live = session.live()
    if live is None:
        return table_svg([], [], names=session.names, size=CARD_SIZE, max_width=340)
    state = live.state
    return table_svg(
        state.loose,
        state.builds,
        names=session.names,
        highlight=highlight,
        size=CARD_SIZE,
        max_width=340,
    )


def tally(session: ScorerSession) -> str:
    """What each side has taken so far in the deal, and the points already
    certain: ``Ana 6 cards · 2 spades · Little Casino — Ben 4 cards · 1 spade``."""
    live = session.live()
    if live is None:
        return ""
    state = live.state
    names = side_names(session.names, session.seating.side_of)
    lines = []
    for side, pile in enumerate(state.piles):
        counts = SideView(
            side=side,
            name=names[side],
            cards=len(pile),
            spades=sum(1 for card in pile if card.suit is Suit.SPADES),
            sweeps=len(state.sweeps[side]),
            match_start=0,
            big_casino=BIG_CASINO in pile,
            little_casino=LITTLE_CASINO in pile,
            aces=sum(1 for card in pile if card.is_ace),
        ).counts()
        lines.append(f"{names[side]} {counts}")
    return " — ".join(lines)


def candidate_svg(candidate: Candidate) -> str:
    """The played card, then the table cards the move uses (framed)."""
    cards = [candidate.move.card, *candidate.uses]
    return hand_svg(cards, highlight=candidate.uses, size=32)


def seat_marks(session: ScorerSession, seat: int, *, t: Translator = ENGLISH) -> str:
    """Who a seat is at the table: ``Ana · to play · deals · partner of Caio``."""
    names = session.names
    marks = [names[seat]]
    if session.to_move == seat:
        marks.append(t.gettext("to play"))
    if session.current.dealer == seat:
        marks.append(t.pgettext("seat", "deals"))
    side_of = session.seating.side_of
    partners = [
        names[other]
        for other in range(len(names))
        if other != seat and side_of[other] == side_of[seat]
    ]
    if partners:
        marks.append(t.gettext("partner of {names}").format(names=" & ".join(partners)))
    return " · ".join(marks)


def hand_line(
    session: ScorerSession, seat: int, *, t: Translator = ENGLISH
) -> tuple[str, str]:
    """A seat's hand as far as known: the picture and a caption
    (``Ana · to play · deals · 3 unseen``)."""
    live = session.live()
    if live is None or seat >= len(live.hands):
        return "", ""
    view = live.hands[seat]
    cards: list[Card | None] = [*view.held, *([None] * view.unknown)]
    known = (
        t.gettext("hand known")
        if view.exact
        else t.ngettext("{n} unseen", "{n} unseen", view.unknown).format(n=view.unknown)
    )
    return hand_svg(cards, size=28), f"{seat_marks(session, seat, t=t)} · {known}"


def last_entered(session: ScorerSession, *, t: Translator = ENGLISH) -> str:
    """The move just entered, as the player sees it (``Entered · Ana: 10♠ takes
    the build of 10 (3♦ 7♣)``; a move the engine could not play, as it says
    why), or ``""``."""
    lines = move_lines(session)
    if not lines:
        return ""
    live = session.live()
    index = lines[-1].index
    if live is not None and index < len(live.steps):
        move = step_words(live.steps[index], session.names)
    else:
        move = lines[-1].text
    return t.gettext("Entered · {move}").format(move=move)


def candidates_html(options: Sequence[Candidate]) -> str:
    """Every candidate numbered, drawn, and said in words (HTML, data escaped)."""
    rows = [
        f'<div class="candidate" data-index="{i + 1}"><b>{i + 1}</b>'
        f" {candidate_svg(option)}<br><small>{html.escape(option.sentence)}</small></div>"
        for i, option in enumerate(options)
    ]
    return "".join(rows)


@dataclass(frozen=True, slots=True)
class MoveLine:
    """One entered move of the current deal."""

    index: int
    """0-based move of the deal."""
    round: int
    """0-based round."""
    text: str
    """What it did, in words."""
    comment: str
    glyph: str
    violation: Violation | None
    """The rule it broke, if found."""


def move_lines(session: ScorerSession, deal: int | None = None) -> list[MoveLine]:
    """The moves of a deal (default: the current one), newest last."""
    d = session.deal_index if deal is None else deal
    live = session.live(d)
    if live is None:
        return []
    broken = {v.loc: v for v in live.violations}
    if live.blocked is not None:
        broken[live.blocked.loc] = live.blocked
    notes = [m for r in session.deals[d].rounds for m in r.moves]
    lines = []
    for i, (step, loc) in enumerate(zip(live.steps, live.locs, strict=True)):
        note = notes[i]
        lines.append(
            MoveLine(
                i,
                step.round,
                step_text(step, session.names),
                note.comment or "",
                note.glyph or "",
                broken.get(loc),
            )
        )
    if live.blocked is not None and live.blocked.index >= len(lines):
        stuck = notes[live.blocked.index] if live.blocked.index < len(notes) else None
        lines.append(
            MoveLine(
                live.blocked.index,
                live.blocked.round,
                live.blocked.where,
                (stuck.comment or "") if stuck else "",
                (stuck.glyph or "") if stuck else "",
                live.blocked,
            )
        )
    return lines


@dataclass(frozen=True, slots=True)
class SheetLine:
    """One category of a deal's score sheet, per side."""

    category: str
    label: str
    computed: tuple[int, ...]
    claimed: tuple[int | None, ...]
    disputed: tuple[bool, ...]


def category_label(category: str, *, t: Translator = ENGLISH) -> str:
    """A category of the score sheet (``points.most_cards``) as its line says it:
    ``most cards``; the category itself when it is none of the sheet's."""
    labels = {
        "points.most_cards": t.pgettext("score sheet", "most cards"),
        "points.most_spades": t.pgettext("score sheet", "most spades"),
        "points.big_casino": t.pgettext("score sheet", "Big Casino"),
        "points.little_casino": t.pgettext("score sheet", "Little Casino"),
        "points.aces": t.pgettext("score sheet", "aces"),
        "points.sweeps": t.pgettext("score sheet", "sweep points"),
        "total": t.pgettext("score sheet", "deal points"),
        "counts.cards": t.pgettext("score sheet", "cards taken"),
        "counts.spades": t.pgettext("score sheet", "spades taken"),
        "counts.sweeps": t.pgettext("score sheet", "sweeps made"),
    }
    return labels.get(category, category)


def sheet_lines(sheet: DealSheet, *, t: Translator = ENGLISH) -> list[SheetLine]:
    """A deal's sheet, category by category, each labelled in ``t``'s language."""
    return [
        SheetLine(
            row.category,
            category_label(row.category, t=t),
            row.computed,
            row.claimed,
            row.disputed,
        )
        for row in sheet.rows
    ]


def sheet_differences(
    lines: Sequence[SheetLine], sides: Sequence[str], *, t: Translator = ENGLISH
) -> list[str]:
    """Every claimed figure that differs from the rules', once each, in words:
    ``Ana's most cards: the sheet says 3, the rules give 0``."""
    return [
        t.gettext(
            "{side}'s {category}: the sheet says {claimed}, the rules give {computed}"
        ).format(
            side=sides[s],
            category=line.label,
            claimed=line.claimed[s],
            computed=line.computed[s],
        )
        for line in lines
        for s in range(len(sides))
        if line.disputed[s]
    ]


def sheet_explanations(session: ScorerSession, deal: int) -> list[str]:
    """What the players probably did to get a deal's differing claims
    (:func:`casino_records.check.explain.dispute.explain_record`), one sentence each."""
    record = session.record()
    if record is None:
        return []
    return [
        e.sentence
        for e in explain_record(record)
        if e.scope == "deal" and e.deal == deal
    ]


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The header of the page: where the game stands."""

    title: str
    """``Deal 2 · round 3 · move 17 · Ana to play`` (the move of the deal)."""
    sides: tuple[str, ...]
    """Each side's name."""
    totals: tuple[int, ...] | None
    """The computed match totals after the finished deals (None: unknowable)."""
    claimed_totals: tuple[int, ...] | None
    """The claimed match totals, if entered."""
    problems: tuple[str, ...]
    """Rule violations and score disputes, in words."""


def snapshot(session: ScorerSession, *, t: Translator = ENGLISH) -> Snapshot:
    """Where the game stands, for the header."""
    phase = session.phase
    deal = session.deal_index + 1
    if phase == "move":
        live = session.live()
        assert live is not None and session.to_move is not None
        title = t.gettext(
            "Deal {deal} · round {round} · move {move} · {name} to play"
        ).format(
            deal=deal,
            round=live.state.round + 1,
            move=live.state.moves_played + 1,
            name=session.names[session.to_move],
        )
    else:
        title = {
            "table": t.gettext("Deal {deal} · enter the table cards"),
            "hands": t.gettext("Deal {deal} · enter the hands"),
            "claims": t.gettext("Deal {deal} is over · score sheet"),
            "over": t.gettext("The match is over"),
            "blocked": t.gettext("Deal {deal} · a move cannot be played: undo it"),
        }[phase].format(deal=deal)
    standing = session.standing()
    problems = [cited(f"{v.where}: {v.message}", v.rule) for v in session.violations]
    # The sheet on screen says its own differences, after Check (a blind claim).
    sheet = Place(session.deal_index, field=("claimed",)).pointer
    problems += [
        finding_text(f)
        for f in standing.problems
        if not (f.severity == "dispute" and f.loc.startswith(sheet))
    ]
    claim = session.match_claim
    return Snapshot(
        title,
        tuple(side_names(session.names, session.seating.side_of)),
        standing.totals,
        claim.totals if claim is not None else None,
        tuple(dict.fromkeys(problems)),
    )


def record_json(session: ScorerSession) -> bytes:
    """The record so far as canonical JSON (empty before any card)."""
    record = session.record()
    return dumps(record) if record is not None else b""


def record_text(session: ScorerSession) -> bytes:
    """The record so far in the text notation, UTF-8."""
    record = session.record()
    return write_text(record).encode() if record is not None else b""


def file_stem(session: ScorerSession) -> str:
    """A file name for the record: its id, else ``casino-game``."""
    stem = session.setup.record_id or "casino-game"
    return "".join(c if c.isalnum() or c in "-_." else "-" for c in stem)
