"""Replay page: open a record, step through it at the table, read its verdict.

Layout only: every value shown comes from casino_records.present. Data
(player names, comments, messages) goes through md_escape wherever Streamlit
renders Markdown. The game is the stepper (a Custom Component v2, see
casino_records/present/web/stepper.js): it gets every step of the deal
pre-rendered and escaped by viewmodel.stepper, with the record's verdict, and
steps through them in the browser without a rerun. Every word is in the
session's language (``st.session_state.translator``).
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from pathlib import Path

import streamlit as st
import try_line  # type: ignore[import-not-found]  # this folder
from study_marks import could_win_box  # type: ignore[import-not-found]  # this folder

from casino_records.i18n import Translator, translator
from casino_records.present import line_view as lv
from casino_records.present import viewmodel as vm
from casino_records.present.offline import offline_page, stepper_assets
from casino_records.present.viewmodel import results as rv
from casino_records.record.json import jsonio

HERE = Path(__file__).resolve().parent
SAMPLES = HERE.parent / "sample_games"
STEPPER = "replay_stepper"
md = vm.md_escape
ss = st.session_state
t: Translator = ss.translator

_frame, _css, _js = stepper_assets()
stepper = st.components.v2.component(
    "casino_records.stepper", html=_frame, css=_css, js=_js, isolate_styles=False
)


@st.cache_resource(max_entries=16, show_spinner=False)
def open_file(data: bytes, name: str, listed: bool, lang: str = "en") -> vm.Opened:
    """The file opened, its problems worded in the language ``lang``."""
    return vm.open_bytes(data, name, any_suffix=listed, t=translator(lang))


@st.cache_resource(max_entries=16, show_spinner=False)
def load_game(data: bytes, name: str, listed: bool, number: int | None) -> vm.Game:
    opened = open_file(data, name, listed)
    entry = opened.entry(number) if opened.is_archive else None
    record = entry.record if entry is not None else opened.record
    assert record is not None
    source = name if entry is None else f"{name}:{entry.line}"
    return vm.build_game(record, source=source)


@st.cache_resource(max_entries=32, show_spinner=False)
def stepper_payload(
    data: bytes,
    name: str,
    listed: bool,
    number: int | None,
    deal: int,
    view: str,
    analysed: str | None,
    _analysis: vm.GameAnalysis | None,
    lang: str,
) -> vm.StepperPayload:
    """``analysed`` names ``_analysis`` (which Streamlit does not hash); its
    words are in the language ``lang``."""
    game = load_game(data, name, listed, number)
    return vm.stepper_payload(game, deal, view, _analysis, t=translator(lang))


@st.cache_data(max_entries=4, show_spinner=False)
def page_for(
    data: bytes,
    name: str,
    listed: bool,
    number: int | None,
    view: str,
    analysed: str | None,
    _analysis: vm.GameAnalysis | None,
    lang: str,
    kept: bytes | None = None,
    tries: bool = False,
) -> bytes:
    """The offline page of the game, with the lines kept in this session when
    ``kept`` (the record with them, as downloaded) is given, and every other
    move tried at each position when ``tries``."""
    game = load_game(data, name, listed, number)
    if kept is not None:
        game = vm.build_game(jsonio.loads(kept), source=game.report.source)
    page = offline_page(
        game,
        perspective=view,
        analysis=_analysis,
        t=translator(lang),
        tries=tries,
        name=name,
    )
    return page.encode("utf-8")


def record_key(data: bytes, number: int | None) -> str:
    """Which record an analysis run on the page is of."""
    return f"{hashlib.sha256(data).hexdigest()}|{number}"


def analysis_section(game: vm.Game, data: bytes, number: int | None) -> None:
    """The sidebar's analysis: the button that runs it, with its progress."""
    found = ss.replay_analyses.get(record_key(data, number))
    carried = vm.recorded_analysis(game)
    st.header(t.gettext("Analysis"))
    if found is None and carried:
        st.caption(
            t.gettext(
                "This record carries an analysis (its marks and comments are on the"
                " moves), made by {command}."
            ).format(command=md(carried))
        )
    samples = st.selectbox(
        t.gettext("Samples per estimated move"),
        vm.SAMPLE_CHOICES,
        index=0,
        key="replay_samples",
        format_func=lambda n: vm.samples_label(n, t),
        help=t.gettext(
            "Sampled deals of the unseen cards per estimated move: more is"
            " slower and more precise. The last moves of each deal are exact."
        ),
    )
    start = st.button(
        t.gettext("Analyse again")
        if found is not None or carried
        else t.gettext("Analyse every move"),
        key="replay_analyse",
        help=t.gettext(
            "How many points each move lost against the best one, as"
            " `casino-records analyse` finds it: exact in each deal's last 8"
            " moves, estimated from what the player knew before them."
        ),
    )
    if not start:
        return
    bar = st.progress(0.0, text=t.gettext("Analysing…"))

    def progress(done: int, total: int) -> None:
        text = t.gettext("Analysed {done} / {total} moves").format(
            done=done, total=total
        )
        bar.progress(done / max(total, 1), text=text)

    analysis = vm.analyse_game(game, samples, progress=progress)
    ss.replay_analyses[record_key(data, number)] = analysis
    while len(ss.replay_analyses) > 8:  # the oldest go
        del ss.replay_analyses[next(iter(ss.replay_analyses))]
    st.rerun()


def goto(deal: int, move: int) -> None:
    """Move the stepper on purpose (a new nonce makes it show ``move``)."""
    ss.replay_deal, ss.replay_move, ss.replay_start = deal, move, move
    ss.replay_nonce += 1


def show_problem(problem: vm.LoadProblem) -> None:
    lines = "\n".join(f"- {md(d)}" for d in problem.details[:20])
    st.error(f"**{md(problem.title)}**\n\n{lines}")


# --- the first run of a session reads the URL ---------------------------------------

files = vm.catalog(SAMPLES, vm.env_path())
if not ss.replay_started:
    ss.replay_started = True
    link = vm.parse_link(st.query_params.to_dict())
    ss.replay_pending = link
    try_line.read_link(st.query_params.to_dict(), link.game)
    if link.src != "upload" and link.game in files:
        ss.replay_file = link.game
    if link.record is not None:
        ss.replay_record = link.record

# --- choose the record ------------------------------------------------------------------

with st.sidebar:
    st.header(t.pgettext("replay sidebar", "Record"))
    upload = st.file_uploader(
        t.gettext("Open a record file (.json, .jsonl or .txt)"),
        key="replay_upload",
        max_upload_size=vm.MAX_UPLOAD_MB,
        help=t.gettext(
            "A .json record, a .jsonl archive or the text notation (.txt), at most"
            " {mib} MiB. Remove it to go back to the list."
        ).format(mib=vm.MAX_UPLOAD_MB),
    )
    if files:
        st.selectbox(
            t.gettext("Bundled games") if vm.env_path() is None else t.gettext("Games"),
            list(files),
            key="replay_file",
            disabled=upload is not None or ss.get("results_pick") is not None,
        )

# The header and the game live in two fixed slots, so that a header of another
# length never moves the stepping fragment (which would leave a stale copy behind).
top, body = st.container(), st.container()
with top:
    src: str | None = None
    handoff = ss.get("scorer_handoff")  # a record sent by the "Record a game" page
    picked = ss.get("results_pick")  # a record opened from the "Results" page
    listed = upload is None and handoff is None and picked is None  # from the list
    if upload is not None:
        data, name, src = upload.getvalue(), upload.name, "upload"
    elif handoff is not None:
        data, name, src = handoff[0], handoff[1], "upload"
        if st.sidebar.button(
            t.gettext("Close the recorded game"), key="replay_drop_handoff"
        ):
            del ss.scorer_handoff
            st.rerun()
    elif picked is not None:
        data, name, src = picked.data, picked.name, "upload"
        st.sidebar.caption(
            t.gettext("From the results: {source}").format(source=md(picked.source))
        )
        if st.sidebar.button(t.gettext("Back to the results"), key="replay_drop_pick"):
            del ss.results_pick
            st.switch_page("results_page.py")
    elif files:
        name = ss.replay_file
        try:
            data = files[name].read_bytes()
        except OSError as exc:
            st.error(
                t.gettext("Cannot read {file}: {reason}").format(
                    file=md(str(files[name])), reason=md(exc.strerror or str(exc))
                )
            )
            st.stop()
    else:
        st.info(t.gettext("No record to show: upload a record file in the sidebar."))
        st.stop()

    opened = open_file(data, name, listed, t.code)
    if opened.problem is not None:
        show_problem(opened.problem)
        st.stop()

    number = None
    if opened.is_archive:
        entries = {e.number: e for e in opened.entries}
        if ss.get("replay_record") not in entries:
            ss.replay_record = opened.entry(None).number  # type: ignore[union-attr]
        with st.sidebar:
            number = st.selectbox(
                t.gettext("Game in the archive"),
                list(entries),
                format_func=lambda n: entries[n].label(t),
                key="replay_record",
            )
        entry = entries[number]
        if entry.problem is not None:
            show_problem(entry.problem)
            st.stop()

    with st.spinner(t.gettext("Replaying…")):
        game = load_game(data, name, listed, number)
    record_id = game.record.id or name
    link_game = record_id if src == "upload" else name

    # --- a new game: open it where the link says, else where it opens ------------------

    pending: vm.Link | None = ss.replay_pending
    identity: tuple[object, ...] = (
        src,
        name,
        number,
        upload.file_id if upload is not None else None,
    )
    if picked is not None and upload is None and handoff is None:
        identity += (picked.source,)
    if ss.replay_loaded != identity:
        ss.replay_loaded = identity
        start = vm.opening_position(game)
        if (
            picked is not None and len(identity) > 4
        ):  # from the results: at its first finding
            start = rv.first_finding(game, picked.loc)
        if pending is not None and pending.game == link_game and pending.src == src:
            ss.replay_pending = None
            if game.deals and (pending.deal is not None or pending.move is not None):
                start = vm.linked_step(game, pending.deal, pending.move)
            ss.replay_view = vm.parse_perspective(pending.view, len(game.names))
        elif pending is not None and pending.src != "upload":
            ss.replay_pending = None
        if start is not None:
            goto(*start)

    if pending is not None and pending.src == "upload" and src != "upload":
        st.info(
            t.gettext(
                "The link points to an uploaded record ({record}): upload that file"
                " to open it at the linked position."
            ).format(record=md(pending.game or "?"))
        )

    # --- header --------------------------------------------------------------------------

    st.subheader(md(record_id), anchor=False)
    comment = f"  \n{md(game.record.comment)}" if game.record.comment else ""
    st.caption(md(vm.summary(game, t)) + comment)
    if not game.deals:
        problems = [f for f in game.report.findings if f.severity == "error"]
        st.warning(
            t.gettext("This record has no position to show: {where}: {problem}").format(
                where=md(problems[0].where), problem=md(problems[0].message)
            )
            if problems
            else t.gettext("This record has no position to show")
        )
        st.stop()
    found = ss.replay_analyses.get(record_key(data, number))
    if found is not None:
        hidden = (
            ""
            if ss.replay_view == vm.ALL
            else t.gettext(" It is shown with all hands.")
        )
        st.caption(md(vm.analysis_summary(found, t)) + hidden)
        if ss.replay_view == vm.ALL:
            could_win_box(found, goto)

# --- the game -----------------------------------------------------------------------------

views = vm.perspectives(len(game.names))
if ss.replay_view not in views:
    ss.replay_view = vm.ALL
analysis = ss.replay_analyses.get(record_key(data, number))
analysed = None  # names the analysis shown, for the caches
if analysis is None or ss.replay_view != vm.ALL:
    analysis = None
else:
    # (and the language its study's words are in)
    analysed = f"{record_key(data, number)}|{analysis.settings.samples}|{ss.lang}"
with st.sidebar:
    st.radio(
        t.gettext("Hands"),
        views,
        format_func=lambda p: md(vm.perspective_label(p, game.names, t)),
        key="replay_view",
    )
    view = ss.replay_view  # read now: the callable runs without the session
    with_lines = try_line.kept_record(ss.replay_loaded)
    kept = None if with_lines is None else lv.record_bytes(with_lines)
    tries = st.checkbox(
        t.gettext("With the other moves tried"),
        key="replay_page_tries",
        help=t.gettext(
            "The offline page also offers, at each position, every other legal"
            " move, each played out by the bot to the end of the deal (as"
            " `casino-records html --try-moves`): a page several times larger,"
            " a few seconds to write."
        ),
    )
    st.download_button(
        t.gettext("Save as an offline page"),
        data=lambda: page_for(
            data, name, listed, number, view, analysed, analysis, t.code, kept, tries
        ),
        file_name=f"{Path(name).stem}.html",
        mime="text/html",
        on_click="ignore",
        help=t.gettext(
            "One HTML file with the whole game, this view of the hands and the"
            " verdict: it opens in any browser, with no server (as `casino-records"
            " html`)."
        ),
    )
    analysis_section(game, data, number)
    if analysis is not None:
        st.download_button(
            t.gettext("Download the annotated record"),
            data=lambda: vm.annotated_bytes(game, analysis),
            file_name=f"{Path(name).stem}-analysed.json",
            mime="application/json",
            on_click="ignore",
            help=t.gettext(
                "The record with the analysis written in: a glyph (?!, ?, ??)"
                " and a comment on every move (as `casino-records analyse"
                " --annotate`)."
            ),
        )
    st.caption(
        t.gettext("Keys: ← → step · Home End deal start/score · PgUp PgDn round")
    )


def reported() -> None:
    """The stepper showed another step: remember it for later reruns."""
    found = vm.reported_position(ss.get(STEPPER, {}).get("position"), ss.replay_nonce)
    if found is not None:
        ss.replay_deal, ss.replay_move = found


def jumped() -> None:
    """The stepper went past its deal (or a link led to another): jump there."""
    found = vm.reported_position(ss.get(STEPPER, {}).get("jump"))
    if found is not None:
        goto(*vm.clamp(game, *found))


@st.fragment
def position(
    game: vm.Game,
    data: bytes,
    name: str,
    listed: bool,
    number: int | None,
    link: vm.Link,
    analysed: str | None,
    analysis: vm.GameAnalysis | None,
) -> None:
    """The stepper: its reports rerun only this.

    ``link`` names the game for the address bar (its step is filled in here);
    ``analysis`` (named by ``analysed``) is shown with the game, if any.
    """
    deal, move = vm.clamp(game, ss.get("replay_deal"), ss.get("replay_move"))
    if (deal, move) != (ss.get("replay_deal"), ss.get("replay_move")):
        goto(deal, move)
    if try_line.active(game, link.game):  # a line tried: its table instead
        try_line.show(game, name, ss.replay_view, leave=goto)
        mine = vm.link_params(replace(link, view=ss.replay_view))
        st.query_params.from_dict(mine | try_line.link_params())
        return
    stepper(
        key=STEPPER,
        data=vm.stepper_data(
            stepper_payload(
                data,
                name,
                listed,
                number,
                deal,
                ss.replay_view,
                analysed,
                analysis,
                t.code,
            ),
            key=f"{ss.replay_loaded}|{t.code}|{deal}",
            start=ss.replay_start,
            nonce=ss.replay_nonce,
        ),
        default={"position": None},
        on_position_change=reported,
        on_jump_change=jumped,
    )
    try_line.offer(game, ss.replay_deal, ss.replay_move, ss.replay_view)
    st.query_params.from_dict(
        vm.link_params(
            replace(
                link,
                deal=ss.replay_deal,
                move=game.step_label(ss.replay_deal, ss.replay_move),
                view=ss.replay_view,
            )
        )
    )


with body:
    link = vm.Link(game=link_game, record=number, src=src)
    position(game, data, name, listed, number, link, analysed, analysis)
