"""Record a game: build a checked record move by move, at the table or from notes.

Layout only: the session (casino_records.scorer.ScorerSession) checks and keeps
everything; casino_records.present.scorer_view says what to show of it. The
recording area is a fragment: entering a move reruns it alone, not the page.
Data (names, comments, messages) goes through md_escape wherever Markdown renders.
"""

from __future__ import annotations

import math
from typing import Any

import streamlit as st

from casino_records.engine.cards import Card
from casino_records.errors import CasinoRecordError
from casino_records.present import scorer_view as sv
from casino_records.present.viewmodel import md_escape as md
from casino_records.record.jsonio import loads
from casino_records.record.models import Meta
from casino_records.record.textnotation import read_text
from casino_records.scorer import (
    CARD_SOURCES,
    Candidate,
    EntryError,
    GameSetup,
    OptionField,
    ScorerSession,
    option_fields,
)
from casino_records.scorer.setup import PRESETS

ss = st.session_state
SESSION = "scorer_session"
DEFAULT_NAMES = ("Ana", "Ben", "Caio", "Dee")
TABLES = {"2 players": (2, False), "3 players": (3, False), "4 players": (4, False)}
TABLES["2 v 2"] = (4, True)
SOURCE_LABELS = {
    "appear": "as they appear (table cards, then each card played)",
    "hands": "known hands (table and every hand)",
    "shuffle": "a seeded shuffle",
}
GLYPHS = ["", "!", "?", "!!", "??", "!?", "?!"]

st.markdown(
    "<style>.scorer-svg svg{max-width:100%;height:auto}</style>",
    unsafe_allow_html=True,
)


def svg(markup: str) -> None:
    st.markdown(f'<div class="scorer-svg">{markup}</div>', unsafe_allow_html=True)


def fail(exc: CasinoRecordError) -> None:
    """Keep an entry's error for the next run of the fragment."""
    where = f" ({exc.where})" if exc.where else ""
    legal = list(getattr(exc, "legal", ()))
    ss.scorer_error = (exc.message + where, legal)


# --- set-up ---------------------------------------------------------------------------


def option_widget(preset: str, field: OptionField) -> Any:
    key = f"scorer_opt_{preset}_{field.name}"
    shown = "not set" if field.default is None else field.default
    label = f"{field.name} (default {shown})"
    if field.kind == "bool":
        return st.checkbox(label, value=bool(field.default), key=key)
    if field.kind == "int":
        return st.number_input(label, 1, 1000, int(field.default or 1), key=key)
    return st.selectbox(
        label,
        field.choices,
        index=field.choices.index(field.default),
        format_func=lambda value: "not set" if value is None else str(value),
        key=key,
    )


def setup_page() -> None:
    st.title("Record a game")
    st.caption(
        "Enter a game as it is played: every move is checked by the engine as you"
        " enter it, and the score sheet compares what the players claim with what"
        " the cards say."
    )
    preset = st.selectbox("Rules", PRESETS, key="scorer_preset")
    table = st.radio("Table", list(TABLES), horizontal=True, key="scorer_table")
    players, partnership = TABLES[table]
    names = [
        st.text_input(f"Seat {seat}", DEFAULT_NAMES[seat], key=f"scorer_name{seat}")
        for seat in range(players)
    ]
    if partnership:
        st.caption(
            f"Partners sit opposite: {names[0]} & {names[2]} v {names[1]} & {names[3]}."
        )
    dealer = st.selectbox(
        "First dealer",
        range(players),
        format_func=lambda seat: names[seat] or f"seat {seat}",
        key="scorer_dealer",
    )
    source = st.radio(
        "The cards",
        CARD_SOURCES,
        format_func=SOURCE_LABELS.__getitem__,
        key="scorer_source",
    )
    seed = ""
    if source == "shuffle":
        seed = st.text_input("Shuffle seed", "club-night", key="scorer_seed")
    fields = option_fields(preset)
    target = next(f for f in fields if f.name == "target_score")
    options: dict[str, Any] = {
        "target_score": st.number_input(
            f"Target score (default {target.default})",
            1,
            1000,
            int(target.default or 21),
            key=f"scorer_target_{preset}",
        )
    }
    with st.expander("Rules options"):
        for field in fields:
            if field.name != "target_score":
                options[field.name] = option_widget(preset, field)
    with st.expander("About the game (optional)"):
        record_id = st.text_input("Record id", key="scorer_id")
        event = st.text_input("Event", key="scorer_event")
        date = st.text_input("Date", key="scorer_date")
    if st.button("Start recording", type="primary", key="scorer_start"):
        meta = Meta(event=event or None, date=date or None) if event or date else None
        try:
            setup = GameSetup(
                preset=preset,
                options=options,
                names=tuple(n.strip() for n in names),
                partnership=partnership,
                dealer=dealer,
                cards=source,
                seed=seed,
                record_id=record_id or None,
                meta=meta,
            )
            ss[SESSION] = ScorerSession(setup)
        except CasinoRecordError as exc:
            st.error(md(str(exc)))
        else:
            st.rerun()
    st.divider()
    upload = st.file_uploader(
        "Or go on with a record (JSON or text notation)",
        type=["json", "txt", "casino"],
        key="scorer_upload",
    )
    if upload is not None and st.button("Go on with it", key="scorer_resume"):
        data = upload.getvalue()
        try:
            text = data.decode("utf-8-sig")
            record = loads(data) if text.lstrip().startswith("{") else read_text(text)
            ss[SESSION] = ScorerSession.from_record(record)
        except (CasinoRecordError, UnicodeDecodeError) as exc:
            st.error(md(f"Cannot go on with {upload.name}: {exc}"))
        else:
            st.rerun()


# --- entering -------------------------------------------------------------------------


def play(session: ScorerSession, entry: Candidate | str) -> None:
    try:
        session.play(entry)
    except EntryError as exc:
        fail(exc)
    else:
        ss.scorer_error = None
        ss.scorer_typed = ""


def typed(session: ScorerSession) -> None:
    text = ss.scorer_typed.strip()
    if text:
        play(session, text)


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
    live = session.live()
    assert live is not None and session.to_move is not None
    svg(sv.table_picture(session))
    moves = live.state.moves_played
    st.text_input(
        "Type a move (e.g. 9D x 4S 5D, KH -, 2D +8 6C)",
        key="scorer_typed",
        on_change=typed,
        args=(session,),
        placeholder="9D x 4S 5D",
    )
    card = st.pills(
        f"Or pick the card {session.names[session.to_move]} played",
        session.playable(),
        format_func=sv.card_pill,
        key=f"scorer_pick_{session.deal_index}_{moves}",
    )
    if card is None:
        return
    try:
        options = session.candidates(card)
    except EntryError as exc:
        st.error(md(exc.message))
        return
    # One picture of them all (played card, then the table cards it uses, framed),
    # then one button each: few elements, so the list shows fast.
    svg(sv.candidates_html(options))
    for i, option in enumerate(options):
        st.button(
            f"{i + 1} · " + md(option.words),
            key=f"scorer_cand_{session.deal_index}_{moves}_{i}",
            on_click=play,
            args=(session, option),
            use_container_width=True,
        )


def hands_view(session: ScorerSession) -> None:
    default = session.setup.cards != "appear"
    if not st.toggle("Show the hands", default, key="scorer_show_hands"):
        return
    with st.container(border=True):
        for seat, name in enumerate(session.names):
            picture, caption = sv.hand_line(session, seat)
            st.caption(md(f"{name} · {caption}"))
            svg(picture)


def score_sheet(session: ScorerSession) -> None:
    standing = session.standing()
    sheets = {sheet.deal: sheet for sheet in standing.sheets}
    sheet = sheets.get(session.deal_index)
    if sheet is None:
        st.info("This deal cannot be scored: see the problems above.")
        return
    snap = sv.snapshot(session)
    st.markdown(
        "**Score sheet**: enter what the players claim; the engine's figures beside."
    )
    rows = sv.sheet_lines(sheet)
    frame: dict[str, list[Any]] = {"category": [r.label for r in rows]}
    for side, name in enumerate(snap.sides):
        frame[f"{name}: engine"] = [r.computed[side] for r in rows]
        frame[f"{name}: claimed"] = [r.claimed[side] for r in rows]
    edited = st.data_editor(
        frame,
        key=f"scorer_sheet_{session.deal_index}",
        hide_index=True,
        disabled=["category", *[f"{n}: engine" for n in snap.sides]],
        column_config={
            f"{n}: claimed": st.column_config.NumberColumn(min_value=0, step=1)
            for n in snap.sides
        },
    )
    changed = False
    for side, name in enumerate(snap.sides):
        for i, row in enumerate(rows):
            cell = _cell(edited, f"{name}: claimed", i)
            value = None if cell is None or math.isnan(cell) else int(cell)
            if value != row.claimed[side]:
                session.claim(session.deal_index, side, row.category, value)
                changed = True
    if changed:
        st.rerun(scope="fragment")
    disputes = [
        f"{r.label}: {snap.sides[s]} claims {r.claimed[s]}, the cards give {r.computed[s]}"
        for r in rows
        for s in range(len(snap.sides))
        if r.disputed[s]
    ]
    for text in disputes:
        st.warning(md(text))
    if sheet.note:
        st.caption(md(sheet.note))


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


@st.fragment
def recorder() -> None:
    session: ScorerSession = ss[SESSION]
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
    for problem in snap.problems:
        st.error(md(problem))
    error = ss.get("scorer_error")
    if error:
        message, legal = error
        st.error(md(message))
        if legal:
            st.caption("Legal with that card: " + md(", ".join(legal)))
    phase = session.phase
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
    elif phase == "move":
        move_entry(session)
    elif phase in ("claims", "over"):
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
    if phase != "table" or d:
        hands_view(session)
    st.button("Undo", key="scorer_undo", on_click=undo, args=(session, 1), icon="↩")
    move_list(session)
    save(session)


if SESSION not in ss:
    setup_page()
else:
    recorder()
    st.divider()
    if st.button(
        "New game", key="scorer_new", help="Leave this game (download it first)"
    ):
        del ss[SESSION]
        st.rerun()
