"""Replay page: open a record, step through its positions, read its report.

Layout only: every value shown comes from casino_records.viewmodel. Data
(player names, comments, messages) goes through md_escape wherever Streamlit
renders Markdown, and only the pure SVG renderers' output is unsafe HTML.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from casino_records import viewmodel as vm

SAMPLES = Path(__file__).resolve().parents[1] / "sample_games"
md = vm.md_escape
ss = st.session_state


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


def goto(deal: int, move: int) -> None:
    ss.replay_deal, ss.replay_move = deal, move


def deal_changed() -> None:
    ss.replay_move = 0


def copy_to_move(key: str, starts: dict[int, int] | None = None) -> None:
    value = ss[key]
    ss.replay_move = starts[value] if starts is not None else value


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
        "Open a record file (.json, .jsonl)",
        type=["json", "jsonl"],
        key="replay_upload",
        max_upload_size=vm.MAX_UPLOAD_MB,
        help=f"At most {vm.MAX_UPLOAD_MB} MB. Remove it to go back to the list.",
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
    if upload is not None:
        data, name, src = upload.getvalue(), upload.name, "upload"
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


@st.fragment
def position(
    game: vm.Game, link_game: str, src: str | None, number: int | None
) -> None:
    """Everything that changes when stepping: rerun alone, not the whole page."""
    deal, move = vm.clamp(game, ss.get("replay_deal"), ss.get("replay_move"))
    ss.replay_deal, ss.replay_move = deal, move
    last = game.last_move(deal)
    starts = vm.round_starts(game, deal)
    view = vm.position_view(game, deal, move, ss.replay_view)

    st.markdown(f"**{view.headline} · {md(view.turn_text(game.names))}**")

    buttons = [
        ("First", "first", "Home", (deal, 0), "Start of the deal"),
        ("Prev", "prev", "Left", vm.step(game, deal, move, -1), "Previous move"),
        ("Next", "next", "Right", vm.step(game, deal, move, 1), "Next move"),
        ("Last", "last", "End", (deal, last), "End of the deal"),
        (
            "Round −",
            "round_prev",
            "PageUp",
            vm.round_step(game, deal, move, -1),
            "Round start",
        ),
        (
            "Round +",
            "round_next",
            "PageDown",
            vm.round_step(game, deal, move, 1),
            "Next round",
        ),
    ]
    for column, (label, key, shortcut, target, tip) in zip(
        st.columns([1, 1, 1, 1, 1.3, 1.3]), buttons, strict=True
    ):
        column.button(
            label,
            key=f"replay_{key}",
            shortcut=shortcut,
            on_click=goto,
            args=target,
            disabled=target == (deal, move),
            help=tip,
            width="stretch",
        )
    pick_deal, pick_round, slide = st.columns([1, 1, 4], vertical_alignment="bottom")
    pick_deal.selectbox(
        "Deal",
        game.deals,
        format_func=lambda d: f"Deal {d + 1}",
        key="replay_deal",
        on_change=deal_changed,
    )
    ss.replay_round = view.round
    pick_round.selectbox(
        "Round",
        list(starts),
        format_func=lambda r: f"Round {r + 1}",
        key="replay_round",
        on_change=copy_to_move,
        args=("replay_round", starts),
    )
    if last > 0:
        slide.slider("Move", 0, last, key="replay_move")

    failing = vm.failing_finding(game, deal, move)
    board, side = st.columns([3, 1.2])
    with board:
        if view.last_text is not None:
            glyph = f" {view.last_glyph}" if view.last_glyph else ""
            st.info(f"**Move {move}{md(glyph)}:** {md(view.last_text)}")
            if view.last_comment:
                st.caption(md(view.last_comment))
        elif view.deal_comment:
            st.caption(md(view.deal_comment))
        if failing is not None:
            recorded = vm.recorded_text(game, failing.loc) or failing.where
            legal = "\n".join(f"- {md(m)}" for m in failing.legal) or "- (none)"
            st.error(
                f"**Illegal move · rule {md(failing.rule or '?')}** · {md(failing.where)}\n\n"
                f"{md(failing.message)}\n\nRecorded: {md(recorded)}\n\n"
                f"Legal moves here:\n{legal}"
            )

        # One HTML block for the table, the last move's cards and the hands:
        # every Streamlit element costs time on each step.
        st.markdown(
            vm.board_html(view, game.names, show_hands=ss.replay_view != vm.NONE),
            unsafe_allow_html=True,
        )

        st.markdown(vm.md_table([s.row() for s in view.sides]))
        if view.residue:
            st.caption(
                md(
                    f"Left on the table at the end, to {view.residue_side}:"
                    f" {' '.join(c.pretty for c in view.residue)}"
                )
            )

        if view.finished:
            st.subheader("Deal score")

            def cell(key: str, value: vm.ScoreRow | str) -> str:
                if isinstance(value, str):
                    return md(value)
                if key.endswith(" computed"):
                    return str(value.computed)
                if value.claimed is None:
                    return ""
                if value.agrees:
                    return f"{value.claimed} ✓"
                return f":red-background[**{value.claimed} ✗**]"

            grid = vm.score_grid(vm.score_rows(game, deal))
            st.markdown(
                vm.md_table(
                    [{md(k): cell(k, v) for k, v in row.items()} for row in grid],
                    escaped=True,
                )
            )
            deal_report = game.deal_report(deal)
            if deal_report is not None and deal_report.match_note:
                st.caption(md(deal_report.match_note))
            for n, finding in enumerate(vm.findings_at(game, deal)):
                if finding.severity != "dispute":
                    continue
                st.warning(f"**{md(finding.where)}:** {md(finding.message)}")
                for k, jump in enumerate(vm.finding_jumps(game, finding)):
                    st.button(
                        md(jump.label),
                        key=f"replay_jump_{n}_{k}",
                        on_click=goto,
                        args=(jump.deal, jump.move),
                    )
            if deal == game.deals[-1] and report.match is not None:
                st.caption(md(f"Match: {report.match.reason}"))

        if view.turn is not None:
            st.subheader("Legal moves here")
            if vm.alternatives_visible(ss.replay_view, view.turn):
                alts = vm.alternatives(game, deal, move)
                st.markdown(vm.md_table([alt.row() for alt in alts]))
            else:
                st.caption("Hidden: they would show the hand of the player to move.")

    with side:
        st.markdown(f"**Moves of round {view.round + 1}**")
        rows_ = vm.move_rows(game, deal)
        ss.replay_list = move
        st.radio(
            "Moves of the round",
            vm.round_window(game, deal, move),
            format_func=lambda i: md(vm.move_label(rows_, i)),
            key="replay_list",
            on_change=copy_to_move,
            args=("replay_list",),
            label_visibility="collapsed",
        )

    st.query_params.from_dict(
        vm.link_params(
            vm.Link(
                game=link_game,
                record=number,
                src=src,
                deal=deal,
                move=move,
                view=ss.replay_view,
            )
        )
    )


with body:
    position(game, link_game, src, number)
