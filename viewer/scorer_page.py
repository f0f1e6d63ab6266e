"""Record a game: build a checked record move by move, at the table or from notes.

Layout only: the session (casino_records.scorer.ScorerSession) checks and keeps
everything; casino_records.present.scorer_view says what to show of it. The
recording area is a fragment, and within it the move entry another: entering a
move reruns only the entry and what changes with a move, not the page.
Data (names, comments, messages) goes through md_escape wherever Markdown renders.
"""

from __future__ import annotations

import html
import math
from pathlib import Path
from typing import Any

import streamlit as st
from scorer_setup import setup_page  # type: ignore[import-not-found]  # this folder

from casino_records.engine.cards import Card
from casino_records.errors import CasinoRecordError
from casino_records.present import scorer_view as sv
from casino_records.present.scorer_entry import (
    answer_entry,
    entry_payload,
    position_key,
)
from casino_records.present.viewmodel import md_escape as md
from casino_records.scorer import (
    DealSheet,
    EntryError,
    ScorerSession,
)

ss = st.session_state
HERE = Path(__file__).parent
SESSION = "scorer_session"
ENTRY = "scorer_entry"
GLYPHS = ["", "!", "?", "!!", "??", "!?", "?!"]

# While a move is answered Streamlit fades what may change; here the entry shows
# its own busy state, and the fade's transitions only cost the browser frames.
st.markdown(
    "<style>.scorer-svg svg{max-width:100%;height:auto}"
    "[data-stale]{opacity:1 !important;transition:none !important}"
    ".scorer-seat{margin:0 0 .5rem;padding:.1rem .5rem;border-left:3px solid transparent}"
    ".scorer-seat p{margin:0 0 .15rem;font-size:.875rem;color:#55575f}"
    ".scorer-turn{border-left-color:#ff4b4b}.scorer-turn p{color:inherit;font-weight:600}"
    "[data-stale] *{transition:none !important;animation:none !important}</style>",
    unsafe_allow_html=True,
)


entry_component = st.components.v2.component(
    "casino_records.scorer_entry",
    html=(HERE / "scorer_entry.html").read_text(encoding="utf-8"),
    css=(HERE / "scorer_entry.css").read_text(encoding="utf-8"),
    js=(HERE / "scorer_entry.js").read_text(encoding="utf-8"),
    isolate_styles=False,
)


def svg(markup: str) -> None:
    st.markdown(f'<div class="scorer-svg">{markup}</div>', unsafe_allow_html=True)


def fail(exc: CasinoRecordError) -> None:
    """Keep an entry's error for the next run of the fragment."""
    where = f" ({exc.where})" if exc.where else ""
    legal = list(getattr(exc, "legal", ()))
    ss.scorer_error = (exc.message + where, legal)


# --- entering -------------------------------------------------------------------------


def entered() -> None:
    """The entry component sent a move: chosen among the candidates, or typed."""
    answer = ss[ENTRY]
    ss.scorer_entry_serial = ss.get("scorer_entry_serial", 0) + 1
    key, moves = ss.get("scorer_entry_moves", ("", {}))
    try:
        answer_entry(ss[SESSION], moves, key, answer.get("play"), answer.get("typed"))
    except EntryError as exc:
        fail(exc)
    else:
        ss.scorer_error = None


def undo(session: ScorerSession, count: int) -> None:
    session.undo(count)
    ss.scorer_error = None


def next_deal(session: ScorerSession) -> None:
    try:
        session.next_deal()
    except EntryError as exc:
        fail(exc)


def enter(session: ScorerSession, what: str, key: str) -> None:
    try:
        if what == "typed table":
            session.set_table(ss[key].replace(",", " ").split())
        elif what == "table":
            session.set_table([str(c) for c in ss[key]])
        else:
            seats = range(session.seating.players)
            session.set_hands([[str(c) for c in ss[f"{key}_{s}"]] for s in seats])
    except EntryError as exc:
        fail(exc)
    else:
        ss.scorer_error = None


def card_picker(label: str, key: str, exclude: set[Card]) -> None:
    st.multiselect(
        label,
        [c for c in sv.ALL_CARDS if c not in exclude],
        format_func=sv.card_label,
        max_selections=4,
        key=key,
        placeholder="type 10h, QS … or pick",
    )


def move_entry(session: ScorerSession) -> None:
    """The entry component: the table, pick a card, see its moves, choose."""
    error = ss.get("scorer_error")
    message = ""
    if error:
        text, legal = error
        message = text + (
            f". Legal with that card: {', '.join(legal)}." if legal else ""
        )
    cached = ss.get("scorer_entry_cache")
    if cached is None or cached[0]["key"] != position_key(session):
        cached = entry_payload(session)
        ss.scorer_entry_cache = cached
    payload, moves = cached
    ss.scorer_entry_moves = (payload["key"], moves)
    entry_component(
        key=ENTRY,
        data={
            **payload,
            "error": html.escape(message),
            "serial": ss.get("scorer_entry_serial", 0),
        },
        on_play_change=entered,
        on_typed_change=entered,
    )


def hands_view(session: ScorerSession) -> None:
    default = session.setup.cards != "appear"
    if not st.toggle("Show the hands", default, key="scorer_show_hands"):
        return
    with st.container(border=True):
        for seat in range(len(session.names)):
            picture, caption = sv.hand_line(session, seat)
            # Each seat's words and cards together; the seat to play marked as
            # on the replay's board (▶ and a bar in the accent colour).
            turn = seat == session.to_move
            st.markdown(
                f'<div class="scorer-seat{" scorer-turn" if turn else ""}">'
                f"<p>{'▶ ' if turn else ''}{html.escape(caption)}</p>"
                f'<div class="scorer-svg">{picture}</div></div>',
                unsafe_allow_html=True,
            )


def score_sheet(session: ScorerSession) -> None:
    """The deal's sheet, typed blind: the rules' figures only after Check."""
    sheet = _deal_sheet(session)
    if sheet is None:
        st.info("This deal cannot be scored: see the problems above.")
        return
    sides = sv.snapshot(session).sides
    d = session.deal_index
    st.markdown(
        "**Score sheet**: type what the players wrote (leave empty what they did"
        " not write), then **Check** it against the rules: Check keeps the sheet."
    )
    rows = sv.sheet_lines(sheet)
    checked = f"scorer_checked_{d}"
    # A form: typing reruns nothing (a rerun while a cell is being typed in
    # could drop it); Check sends every value at once.
    with st.form(f"scorer_sheet_form_{d}", border=False, enter_to_submit=False):
        # One narrow table per side, side by side on a laptop and stacked on a
        # phone (columns stack below 640 px): no table wider than the screen.
        for side, (column, name) in enumerate(
            zip(st.columns(len(sides)), sides, strict=True)
        ):
            with column:
                _side_sheet(session, rows, side, name)
        st.form_submit_button(
            "Check", on_click=ss.__setitem__, args=(checked, True), type="primary"
        )
    if ss.get(checked):
        _checked_sheet(session, sides)
    if sheet.note:
        st.caption(md(sheet.note))


def _deal_sheet(session: ScorerSession) -> DealSheet | None:
    """The current deal's sheet as the replay scores it, if it can be scored."""
    sheets = {sheet.deal: sheet for sheet in session.standing().sheets}
    return sheets.get(session.deal_index)


def _checked_sheet(session: ScorerSession, sides: tuple[str, ...]) -> None:
    """The rules' figures beside the sheet's, each difference once, and why."""
    sheet = _deal_sheet(session)  # with the claims typed in this run
    if sheet is None:
        return
    rows = sv.sheet_lines(sheet)
    for side, (column, name) in enumerate(
        zip(st.columns(len(sides)), sides, strict=True)
    ):
        with column:
            st.markdown(f"**{md(name)}**: the sheet and the rules")
            st.dataframe(
                {
                    "category": [r.label for r in rows],
                    "sheet": [r.claimed[side] for r in rows],
                    "rules": [r.computed[side] for r in rows],
                    "": ["✗" if r.disputed[side] else "" for r in rows],
                },
                key=f"scorer_rules_{session.deal_index}_{side}",
                hide_index=True,
            )
    differences = sv.sheet_differences(rows, sides)
    if not differences:
        if any(c is not None for r in rows for c in r.claimed):
            st.success("The sheet agrees with the rules.")
        else:
            st.info("Nothing written on the sheet yet.")
        return
    st.warning("  \n".join(md(text) for text in differences))
    for sentence in sv.sheet_explanations(session, session.deal_index):
        st.markdown(md(sentence))


def _side_sheet(
    session: ScorerSession, rows: list[sv.SheetLine], side: int, name: str
) -> None:
    """One side's column of the sheet, typed into; every value goes to the session.

    The table is given the same data on every run (the claims as they stood
    when it first showed): new data would make the browser redraw it and drop
    what is being typed. What it returns, the typed values, is the truth.
    """
    st.markdown(f"**{md(name)}**")
    key = f"scorer_sheet_{session.deal_index}_{side}"
    base = f"{key}_base"
    if key not in ss or base not in ss:  # a new table: start from the session's
        ss[base] = [r.claimed[side] for r in rows]
    edited = st.data_editor(
        {"category": [r.label for r in rows], "claimed": ss[base]},
        key=key,
        hide_index=True,
        disabled=["category"],
        column_config={"claimed": st.column_config.NumberColumn(min_value=0, step=1)},
        placeholder="",  # an unclaimed figure: an empty cell, as on paper
        alt=f"{name}'s score sheet",
    )
    for i, row in enumerate(rows):
        cell = _cell(edited, "claimed", i)
        value = None if cell is None or math.isnan(cell) else int(cell)
        if value != row.claimed[side]:
            session.claim(session.deal_index, side, row.category, value)


def _cell(table: Any, column: str, row: int) -> float | None:
    """One cell of what st.data_editor returns (a dict of columns, or a frame)."""
    values = table[column]
    value = values[row] if isinstance(values, list) else values.iloc[row]
    return None if value is None else float(value)


def move_list(session: ScorerSession) -> None:
    if not st.toggle("Show the moves and notes", key="scorer_show_moves"):
        return
    lines = sv.move_lines(session)
    with st.container(border=True):
        text = []
        for line in lines:
            mark = f" · ⚠ {line.violation.rule}" if line.violation else ""
            note = f" {line.glyph}" if line.glyph else ""
            note += f" — {line.comment}" if line.comment else ""
            text.append(f"{line.index + 1}\\. " + md(f"{line.text}{note}{mark}"))
        if text:
            st.markdown("  \n".join(text))  # one element, however long the deal
        deal_comment(session)
        if not lines:
            return
        index = st.selectbox(
            "Note on move",
            [line.index for line in lines],
            index=len(lines) - 1,
            format_func=lambda i: f"move {i + 1}",
            key=f"scorer_note_move_{session.deal_index}",
        )
        line = lines[index]
        comment = st.text_input("Comment", line.comment, key=f"scorer_note_{index}")
        glyph = st.selectbox(
            "Glyph", GLYPHS, GLYPHS.index(line.glyph), key=f"scorer_glyph_{index}"
        )
        if st.button("Save the note", key="scorer_note_save"):
            session.annotate(session.deal_index, index, comment, glyph)
            st.rerun(scope="fragment")


def deal_comment(session: ScorerSession) -> None:
    d = session.deal_index
    text = st.text_input(
        f"Comment on deal {d + 1}",
        session.current.comment or "",
        key=f"scorer_deal_comment_{d}",
    )
    st.button(
        "Save the deal comment",
        key="scorer_deal_comment_save",
        on_click=session.comment_deal,
        args=(d, text.strip()),
    )


def match_claims(session: ScorerSession) -> None:
    """The match result as the players claim it, and the comments on the game."""
    if not st.toggle(
        "Show the claimed match result and comments", key="scorer_show_claims"
    ):
        return
    claim = session.match_claim
    sides = sv.snapshot(session).sides
    with st.container(border=True):
        with st.form("scorer_match_form", border=False):
            for side, name in enumerate(sides):
                st.number_input(
                    md(f"{name}: claimed total"),
                    min_value=0,
                    step=1,
                    value=(
                        claim.totals[side]
                        if claim is not None and claim.totals is not None
                        else None
                    ),
                    key=f"scorer_claim_total_{side}",
                )
            choices: list[int | None] = [None, *range(len(sides))]
            st.selectbox(
                "Claimed winner",
                choices,
                index=choices.index(claim.winner if claim is not None else None),
                format_func=lambda w: "not recorded" if w is None else sides[w],
                key="scorer_claim_winner",
            )
            st.text_input(
                "Comment on the claimed result",
                (claim.comment or "") if claim is not None else "",
                key="scorer_claim_comment",
            )
            st.text_area(
                "Comment on the game",
                session.setup.comment or "",
                key="scorer_game_comment",
            )
            st.form_submit_button(
                "Save", on_click=save_claims, args=(session, len(sides))
            )
        problem = ss.get("scorer_claim_error")
        if problem:
            st.error(md(problem))


def save_claims(session: ScorerSession, sides: int) -> None:
    """Keep what the match form holds (its widgets' values)."""
    totals = [ss[f"scorer_claim_total_{side}"] for side in range(sides)]
    given = [int(t) for t in totals if t is not None]
    ss.scorer_claim_error = None
    if given and len(given) != sides:
        ss.scorer_claim_error = "Enter every side's claimed total, or none."
        return
    remark = str(ss.scorer_claim_comment or "").strip()
    try:
        session.claim_match(given or None, ss.scorer_claim_winner, remark)
    except ValueError as exc:
        ss.scorer_claim_error = f"Cannot keep that claim: {exc}"
        return
    session.comment_game(str(ss.scorer_game_comment or "").strip())


def save(session: ScorerSession) -> None:
    if session.record() is None:
        return
    stem = sv.file_stem(session)
    # The files are written only when a button is clicked, not on every move.
    st.download_button(
        "Download JSON", lambda: sv.record_json(session), f"{stem}.json",
        "application/json", key="scorer_dl_json", on_click="ignore",
    )  # fmt: skip
    st.download_button(
        "Download text", lambda: sv.record_text(session), f"{stem}.txt",
        "text/plain", key="scorer_dl_text", on_click="ignore",
    )  # fmt: skip
    if st.button("Open in the replay page", key="scorer_to_replay"):
        ss.scorer_handoff = (sv.record_json(session), f"{stem}.json")
        st.switch_page("replay_page.py")


def heading(session: ScorerSession) -> None:
    """The title (where the record stands, who is to move), the score, problems."""
    snap = sv.snapshot(session)
    st.subheader(md(snap.title))
    if snap.totals is not None:
        score = " · ".join(
            f"{md(name)} {total}"
            for name, total in zip(snap.sides, snap.totals, strict=True)
        )
        claimed = ""
        if snap.claimed_totals is not None:
            claimed = " (claimed " + " – ".join(map(str, snap.claimed_totals)) + ")"
        st.markdown(f"**Score** {score}{claimed}")
    entered = sv.last_entered(session)
    if entered and session.phase == "move":
        st.caption(md(entered))  # the move just entered, to confirm it
    for problem in snap.problems:
        st.error(md(problem))
    error = ss.get("scorer_error")
    if error and session.phase != "move":  # the entry shows its own errors
        message, legal = error
        st.error(md(message))
        if legal:
            st.caption("Legal with that card: " + md(", ".join(legal)))


def undo_button(session: ScorerSession) -> None:
    st.button("Undo", key="scorer_undo", on_click=undo, args=(session, 1), icon="↩")


@st.fragment
def entering() -> None:
    """What changes with each move: entering one reruns this alone, not the page."""
    session: ScorerSession = ss[SESSION]
    if session.phase != "move":  # the deal is over, or back to its table
        st.rerun()
    heading(session)
    entry, aside = st.columns([3, 2], gap="medium")  # stacked on a phone
    with entry:
        move_entry(session)
    with aside:
        undo_button(session)
        hands_view(session)
        move_list(session)


@st.fragment
def recorder() -> None:
    session: ScorerSession = ss[SESSION]
    phase = session.phase
    if phase == "move":
        entering()
    else:
        heading(session)
        phase_input(session, phase)
        if phase != "table" or session.deal_index:
            hands_view(session)
        undo_button(session)
        move_list(session)
    match_claims(session)
    save(session)


def phase_input(session: ScorerSession, phase: str) -> None:
    """What the page asks for outside a move: the table, the hands, the claims."""
    d = session.deal_index
    if phase == "table":
        live_key = f"scorer_table_{d}"
        dealer = session.names[session.current.dealer]
        st.text_input(
            md(f"Deal {d + 1}: the 4 table cards ({dealer} deals)"),
            key=f"scorer_table_text_{d}",
            placeholder="4S 5D 6C 9C",
            on_change=enter,
            args=(session, "typed table", f"scorer_table_text_{d}"),
        )
        card_picker("or pick them", live_key, set())
        st.button(
            "Start the deal",
            key="scorer_deal",
            on_click=enter,
            args=(session, "table", live_key),
            type="primary",
        )
    elif phase == "hands":
        live = session.live()
        seen = set(sv.ALL_CARDS) - (live.pool if live is not None else frozenset())
        svg(sv.table_picture(session))
        key = f"scorer_hands_{d}_{len(session.current.rounds)}"
        for seat, name in enumerate(session.names):
            card_picker(md(f"{name}'s 4 cards"), f"{key}_{seat}", seen)
        st.button(
            "Deal the hands",
            key="scorer_hands",
            on_click=enter,
            args=(session, "hands", key),
            type="primary",
        )
    elif phase in ("claims", "over"):
        live = session.live()
        if live is not None and live.state.table_cards:  # nobody captured: unclaimed
            svg(sv.table_picture(session))
        score_sheet(session)
        if phase == "claims":
            st.button(
                "Next deal",
                key="scorer_next",
                on_click=next_deal,
                args=(session,),
                type="primary",
            )


# Back to the top once a game starts: Streamlit keeps the scroll of the set-up
# form, whose button is at its foot (a phone then opened the game mid-page).
SCROLL_TOP = """<script>
(() => {
  const top = () => {
    window.scrollTo(0, 0);
    document.querySelectorAll('[data-testid="stMain"]').forEach((e) => e.scrollTo(0, 0));
  };
  let frames = 30;  // while the page is drawn
  const again = () => { top(); if (--frames > 0) requestAnimationFrame(again); };
  again();
})();
</script>"""

if SESSION not in ss:
    setup_page(SESSION)
else:
    if ss.pop("scorer_scroll_top", False):
        st.html(SCROLL_TOP, unsafe_allow_javascript=True)
    recorder()
    st.divider()
    if st.button(
        "New game", key="scorer_new", help="Leave this game (download it first)"
    ):
        del ss[SESSION]
        st.rerun()
