"""Replay page: open a record, step through its positions, read its report.

Layout only: every value shown comes from casino_records.present.viewmodel. Data
(player names, comments, messages) goes through md_escape wherever Streamlit
renders Markdown. The position is the stepper (a Custom Component v2, see
stepper.js): it gets every position of the deal pre-rendered and escaped by
viewmodel.stepper, and steps through them in the browser without a rerun.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import streamlit as st

from casino_records.present import viewmodel as vm

HERE = Path(__file__).resolve().parent
SAMPLES = HERE.parent / "sample_games"
STEPPER = "replay_stepper"
md = vm.md_escape
ss = st.session_state

stepper = st.components.v2.component(
    "casino_records.stepper",
    html=(HERE / "stepper.html").read_text(encoding="utf-8"),
    css=(HERE / "stepper.css").read_text(encoding="utf-8"),
    js=(HERE / "stepper.js").read_text(encoding="utf-8"),
    isolate_styles=False,
)


@st.cache_resource(max_entries=16, show_spinner=False)
def open_file(data: bytes, name: str) -> vm.Opened:
    return vm.open_bytes(data, name)


@st.cache_resource(max_entries=16, show_spinner="Replaying…")
def load_game(data: bytes, name: str, number: int | None) -> vm.Game:
    opened = open_file(data, name)
    entry = opened.entry(number) if opened.is_archive else None
    record = entry.record if entry is not None else opened.record
    assert record is not None
    source = name if entry is None else f"{name}:{entry.line}"
    return vm.build_game(record, source=source)


@st.cache_resource(max_entries=32, show_spinner=False)
def stepper_payload(
    data: bytes, name: str, number: int | None, deal: int, view: str
) -> vm.StepperPayload:
    return vm.stepper_payload(load_game(data, name, number), deal, view)


def goto(deal: int, move: int) -> None:
    """Move the stepper on purpose (a new nonce makes it show ``move``)."""
    ss.replay_deal, ss.replay_move, ss.replay_start = deal, move, move
    ss.replay_nonce += 1


def deal_changed() -> None:
    goto(ss.replay_deal, 0)


def show_problem(problem: vm.LoadProblem) -> None:
    lines = "\n".join(f"- {md(d)}" for d in problem.details[:20])
    st.error(f"**{md(problem.title)}**\n\n{lines}")


# --- the first run of a session reads the URL ---------------------------------------

files = vm.catalog(SAMPLES, vm.env_path())
if not ss.replay_started:
    ss.replay_started = True
    link = vm.parse_link(st.query_params.to_dict())
    ss.replay_pending = link
    if link.src != "upload" and link.game in files:
        ss.replay_file = link.game
    if link.record is not None:
        ss.replay_record = link.record

# --- choose the record ------------------------------------------------------------------

with st.sidebar:
    st.header("Record")
    upload = st.file_uploader(
        f"Open a record file ({', '.join(vm.RECORD_SUFFIXES)})",
        type=[suffix.lstrip(".") for suffix in vm.RECORD_SUFFIXES],
        key="replay_upload",
        max_upload_size=vm.MAX_UPLOAD_MB,
        help=f"At most {vm.MAX_UPLOAD_MB} MiB. Remove it to go back to the list.",
    )
    if files:
        st.selectbox(
            "Bundled games" if vm.env_path() is None else "Games",
            list(files),
            key="replay_file",
            disabled=upload is not None,
        )

# The header and the position live in two fixed slots, so that a header of another
# length never moves the stepping fragment (which would leave a stale copy behind).
top, body = st.container(), st.container()
with top:
    src: str | None = None
    handoff = ss.get("scorer_handoff")  # a record sent by the "Record a game" page
    if upload is not None:
        data, name, src = upload.getvalue(), upload.name, "upload"
    elif handoff is not None:
        data, name, src = handoff[0], handoff[1], "upload"
        if st.sidebar.button("Close the recorded game", key="replay_drop_handoff"):
            del ss.scorer_handoff
            st.rerun()
    elif files:
        name = ss.replay_file
        try:
            data = files[name].read_bytes()
        except OSError as exc:
            st.error(
                f"Cannot read {md(str(files[name]))}: {md(exc.strerror or str(exc))}"
            )
            st.stop()
    else:
        st.info("No record to show: upload a record file in the sidebar.")
        st.stop()

    opened = open_file(data, name)
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
                "Game in the archive",
                list(entries),
                format_func=lambda n: entries[n].label,
                key="replay_record",
            )
        entry = entries[number]
        if entry.problem is not None:
            show_problem(entry.problem)
            st.stop()

    game = load_game(data, name, number)
    record_id = game.record.id or name
    link_game = record_id if src == "upload" else name

    # --- a new game: open it where the link says, else at its opening position ------------

    pending: vm.Link | None = ss.replay_pending
    identity = (src, name, number, upload.file_id if upload is not None else None)
    if ss.replay_loaded != identity:
        ss.replay_loaded = identity
        start = vm.opening_position(game)
        if pending is not None and pending.game == link_game and pending.src == src:
            ss.replay_pending = None
            if game.deals and (pending.deal is not None or pending.move is not None):
                start = vm.clamp(game, pending.deal, pending.move)
            ss.replay_view = vm.parse_perspective(pending.view, len(game.names))
        elif pending is not None and pending.src != "upload":
            ss.replay_pending = None
        if start is not None:
            goto(*start)

    if pending is not None and pending.src == "upload" and src != "upload":
        st.info(
            f"The link points to an uploaded record ({md(pending.game or '?')}):"
            " upload that file to open it at the linked position."
        )

    # --- header and findings ----------------------------------------------------------------

    report = game.report
    st.title(md(record_id))
    st.caption(
        md(
            f"{report.preset} · {len(game.names)} players · "
            + " vs ".join(game.sides)
            + f" · {report.moves_checked} moves checked · status: {report.status}"
        )
    )
    if game.record.comment:
        st.text(game.record.comment)

    errors = [f for f in report.findings if f.severity == "error"]
    disputes = [f for f in report.findings if f.severity == "dispute"]
    for n, finding in enumerate(errors):
        rule = f" {finding.rule}" if finding.rule else ""
        st.error(
            f"**Invalid record{md(rule)}** · {md(finding.where)}: {md(finding.message)}"
        )
        for k, jump in enumerate(vm.finding_jumps(game, finding)):
            st.button(
                md(jump.label),
                key=f"replay_err_{n}_{k}",
                on_click=goto,
                args=(jump.deal, jump.move),
            )
    if disputes:
        with st.expander(
            f"Disputed: {len(disputes)} claimed figures differ", expanded=False
        ):
            for n, finding in enumerate(disputes):
                st.warning(f"{md(finding.where)}: {md(finding.message)}")
                found = vm.locate(game, finding.loc)
                if found is not None:
                    st.button(
                        f"Go to the end of deal {found[0] + 1}",
                        key=f"replay_disp_{n}",
                        on_click=goto,
                        args=found,
                    )
                for k, jump in enumerate(vm.finding_jumps(game, finding)):
                    st.button(
                        md(jump.label),
                        key=f"replay_jump_{n}_{k}",
                        on_click=goto,
                        args=(jump.deal, jump.move),
                    )

    if not game.deals:
        st.warning("This record has no position to show.")
        st.stop()

# --- the position -------------------------------------------------------------------------

views = vm.perspectives(len(game.names))
if ss.replay_view not in views:
    ss.replay_view = vm.ALL
with st.sidebar:
    st.radio(
        "Hands",
        views,
        format_func=lambda p: md(vm.perspective_label(p, game.names)),
        key="replay_view",
    )
    st.caption("Keys: ← → move · Home End deal start/end · PgUp PgDn round")


def reported() -> None:
    """The stepper showed another position: remember it for later reruns."""
    found = vm.reported_position(ss[STEPPER].get("position"), ss.replay_nonce)
    if found is not None:
        ss.replay_deal, ss.replay_move = found


def jumped() -> None:
    """The stepper went past its deal (or a link led to another): jump there."""
    found = vm.reported_position(ss[STEPPER].get("jump"))
    if found is not None:
        goto(*found)


@st.fragment
def position(
    game: vm.Game, data: bytes, name: str, number: int | None, link: vm.Link
) -> None:
    """The deal box and the stepper: the stepper's reports rerun only this.

    ``link`` names the game for the address bar (its position is filled in here).
    """
    deal, move = vm.clamp(game, ss.get("replay_deal"), ss.get("replay_move"))
    if (deal, move) != (ss.get("replay_deal"), ss.get("replay_move")):
        goto(deal, move)
    st.selectbox(
        "Deal",
        game.deals,
        format_func=lambda d: f"Deal {d + 1}",
        key="replay_deal",
        on_change=deal_changed,
        width=200,
    )
    stepper(
        key=STEPPER,
        data=vm.stepper_data(
            stepper_payload(data, name, number, deal, ss.replay_view),
            key=f"{ss.replay_loaded}|{deal}",
            start=ss.replay_start,
            nonce=ss.replay_nonce,
        ),
        default={"position": None},
        on_position_change=reported,
        on_jump_change=jumped,
    )
    st.query_params.from_dict(
        vm.link_params(
            replace(link, deal=ss.replay_deal, move=ss.replay_move, view=ss.replay_view)
        )
    )


with body:
    position(game, data, name, number, vm.Link(game=link_game, record=number, src=src))
