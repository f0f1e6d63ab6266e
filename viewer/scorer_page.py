"""Record a game: build a checked record move by move, at the table or from notes.

Layout only: the session (casino_records.scorer.ScorerSession) checks and keeps
everything; casino_records.present.scorer_view says what to show of it. The
recording area is a fragment, and within it the move entry another: entering a
move reruns only the entry and what changes with a move, not the page.
Data (names, comments, messages) goes through md_escape wherever Markdown renders.
"""

from __future__ import annotations

import html
from pathlib import Path

import streamlit as st
from scorer_setup import setup_page  # type: ignore[import-not-found]  # this folder
from scorer_sheet import match_claims, score_sheet  # type: ignore[import-not-found]

from casino_records.engine.cards import Card
from casino_records.errors import CasinoRecordError
from casino_records.i18n import ENGLISH, Translator
from casino_records.present import scorer_view as sv
from casino_records.present.scorer_entry import (
    answer_entry,
    entry_payload,
    position_key,
)
from casino_records.present.viewmodel import md_escape as md
from casino_records.scorer import (
    EntryError,
    ScorerSession,
)

ss = st.session_state
t: Translator = ss.get("translator", ENGLISH)  # English when the page runs alone
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
        answer_entry(
            ss[SESSION], moves, key, answer.get("play"), answer.get("typed"), t=t
        )
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
        placeholder=t.gettext("type 10h, QS … or pick"),
    )


def move_entry(session: ScorerSession) -> None:
    """The entry component: the table, pick a card, see its moves, choose."""
    error = ss.get("scorer_error")
    message = ""
    if error:
        text, legal = error
        message = text + (". " + legal_text(legal) + "." if legal else "")
    at = (position_key(session), t.code)  # a new position, or a new language
    cached = ss.get("scorer_entry_cache")
    if cached is None or cached[0] != at:
        cached = (at, entry_payload(session, t=t))
        ss.scorer_entry_cache = cached
    payload, moves = cached[1]
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


def legal_text(legal: list[str]) -> str:
    """The legal moves of the card an illegal entry played, in a sentence."""
    return t.gettext("Legal with that card: {moves}").format(moves=", ".join(legal))


def hands_view(session: ScorerSession) -> None:
    default = session.setup.cards != "appear"
    if not st.toggle(t.gettext("Show the hands"), default, key="scorer_show_hands"):
        return
    with st.container(border=True):
        for seat in range(len(session.names)):
            picture, caption = sv.hand_line(session, seat, t=t)
            # Each seat's words and cards together; the seat to play marked as
            # on the replay's board (▶ and a bar in the accent colour).
            turn = seat == session.to_move
            st.markdown(
                f'<div class="scorer-seat{" scorer-turn" if turn else ""}">'
                f"<p>{'▶ ' if turn else ''}{html.escape(caption)}</p>"
                f'<div class="scorer-svg">{picture}</div></div>',
                unsafe_allow_html=True,
            )


def move_list(session: ScorerSession) -> None:
    if not st.toggle(t.gettext("Show the moves and notes"), key="scorer_show_moves"):
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
            t.gettext("Note on move"),
            [line.index for line in lines],
            index=len(lines) - 1,
            format_func=lambda i: t.gettext("move {n}").format(n=i + 1),
            key=f"scorer_note_move_{session.deal_index}",
        )
        line = lines[index]
        comment = st.text_input(
            t.gettext("Comment"), line.comment, key=f"scorer_note_{index}"
        )
        glyph = st.selectbox(
            t.gettext("Glyph"),
            GLYPHS,
            GLYPHS.index(line.glyph),
            key=f"scorer_glyph_{index}",
        )
        if st.button(t.gettext("Save the note"), key="scorer_note_save"):
            session.annotate(session.deal_index, index, comment, glyph)
            st.rerun(scope="fragment")


def deal_comment(session: ScorerSession) -> None:
    d = session.deal_index
    text = st.text_input(
        t.gettext("Comment on deal {deal}").format(deal=d + 1),
        session.current.comment or "",
        key=f"scorer_deal_comment_{d}",
    )
    st.button(
        t.gettext("Save the deal comment"),
        key="scorer_deal_comment_save",
        on_click=session.comment_deal,
        args=(d, text.strip()),
    )


def save(session: ScorerSession) -> None:
    if session.record() is None:
        return
    stem = sv.file_stem(session)
    # The files are written only when a button is clicked, not on every move.
    st.download_button(
        t.gettext("Download JSON"), lambda: sv.record_json(session), f"{stem}.json",
        "application/json", key="scorer_dl_json", on_click="ignore",
    )  # fmt: skip
    st.download_button(
        t.gettext("Download text"), lambda: sv.record_text(session), f"{stem}.txt",
        "text/plain", key="scorer_dl_text", on_click="ignore",
    )  # fmt: skip
    if st.button(t.gettext("Open in the replay page"), key="scorer_to_replay"):
        ss.scorer_handoff = (sv.record_json(session), f"{stem}.json")
        st.switch_page("replay_page.py")


def heading(session: ScorerSession) -> None:
    """The title (where the record stands, who is to move), the score, problems."""
    snap = sv.snapshot(session, t=t)
    st.subheader(md(snap.title))
    if snap.totals is not None:
        score = " · ".join(
            f"{md(name)} {total}"
            for name, total in zip(snap.sides, snap.totals, strict=True)
        )
        line = t.gettext("**Score** {score}").format(score=score)
        if snap.claimed_totals is not None:
            claimed = " – ".join(map(str, snap.claimed_totals))
            line += " " + t.gettext("(claimed {totals})").format(totals=claimed)
        st.markdown(line)
    entered = sv.last_entered(session, t=t)
    if entered and session.phase == "move":
        st.caption(md(entered))  # the move just entered, to confirm it
    for problem in snap.problems:
        st.error(md(problem))
    error = ss.get("scorer_error")
    if error and session.phase != "move":  # the entry shows its own errors
        message, legal = error
        st.error(md(message))
        if legal:
            st.caption(md(legal_text(legal)))


def undo_button(session: ScorerSession) -> None:
    st.button(
        t.gettext("Undo"), key="scorer_undo", on_click=undo, args=(session, 1), icon="↩"
    )


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
    match_claims(session, t)
    save(session)


def phase_input(session: ScorerSession, phase: str) -> None:
    """What the page asks for outside a move: the table, the hands, the claims."""
    d = session.deal_index
    if phase == "table":
        live_key = f"scorer_table_{d}"
        dealer = session.names[session.current.dealer]
        st.text_input(
            md(
                t.gettext("Deal {deal}: the 4 table cards ({dealer} deals)").format(
                    deal=d + 1, dealer=dealer
                )
            ),
            key=f"scorer_table_text_{d}",
            placeholder="4S 5D 6C 9C",
            on_change=enter,
            args=(session, "typed table", f"scorer_table_text_{d}"),
        )
        card_picker(t.gettext("or pick them"), live_key, set())
        st.button(
            t.gettext("Start the deal"),
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
            label = t.gettext("{name}'s 4 cards").format(name=name)
            card_picker(md(label), f"{key}_{seat}", seen)
        st.button(
            t.gettext("Deal the hands"),
            key="scorer_hands",
            on_click=enter,
            args=(session, "hands", key),
            type="primary",
        )
    elif phase in ("claims", "over"):
        live = session.live()
        if live is not None and live.state.table_cards:  # nobody captured: unclaimed
            svg(sv.table_picture(session))
        score_sheet(session, t)
        if phase == "claims":
            st.button(
                t.gettext("Next deal"),
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
    setup_page(SESSION, t)
else:
    if ss.pop("scorer_scroll_top", False):
        st.html(SCROLL_TOP, unsafe_allow_javascript=True)
    recorder()
    st.divider()
    if st.button(
        t.gettext("New game"),
        key="scorer_new",
        help=t.gettext("Leave this game (download it first)"),
    ):
        del ss[SESSION]
        st.rerun()
