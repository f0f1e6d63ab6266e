"""The scorer page's score sheets: a deal's claims typed blind, then checked; the match's.

A deal's sheet is a form: each side's column is typed while the rules' figures
stay hidden, and Check sends every value at once; the session compares them
(casino_records.scorer) and casino_records.present.scorer_view words what
differs. Layout only.
"""

from __future__ import annotations

import math
from typing import Any

import streamlit as st

from casino_records.i18n import Translator
from casino_records.present import scorer_view as sv
from casino_records.present.viewmodel import md_escape as md
from casino_records.scorer import DealSheet, ScorerSession

ss = st.session_state


def score_sheet(session: ScorerSession, t: Translator) -> None:
    """The deal's sheet, typed blind: the rules' figures only after Check."""
    sheet = _deal_sheet(session)
    if sheet is None:
        st.info(t.gettext("This deal cannot be scored: see the problems above."))
        return
    sides = sv.snapshot(session, t=t).sides
    d = session.deal_index
    st.markdown(
        t.gettext(
            "**Score sheet**: type what the players wrote (leave empty what they did"
            " not write), then **Check** it against the rules: Check keeps the sheet."
        )
    )
    rows = sv.sheet_lines(sheet, t=t)
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
                _side_sheet(session, rows, side, name, t)
        st.form_submit_button(
            t.pgettext("button", "Check"),
            on_click=ss.__setitem__,
            args=(checked, True),
            type="primary",
        )
    if ss.get(checked):
        _checked_sheet(session, sides, t)
    if sheet.note:
        st.caption(md(sheet.note))


def _deal_sheet(session: ScorerSession) -> DealSheet | None:
    """The current deal's sheet as the replay scores it, if it can be scored."""
    sheets = {sheet.deal: sheet for sheet in session.standing().sheets}
    return sheets.get(session.deal_index)


def _checked_sheet(
    session: ScorerSession, sides: tuple[str, ...], t: Translator
) -> None:
    """The rules' figures beside the sheet's, each difference once, and why."""
    sheet = _deal_sheet(session)  # with the claims typed in this run
    if sheet is None:
        return
    rows = sv.sheet_lines(sheet, t=t)
    for side, (column, name) in enumerate(
        zip(st.columns(len(sides)), sides, strict=True)
    ):
        with column:
            st.markdown(
                t.gettext("**{name}**: the sheet and the rules").format(name=md(name))
            )
            st.dataframe(
                {
                    "category": [r.label for r in rows],
                    "sheet": [r.claimed[side] for r in rows],
                    "rules": [r.computed[side] for r in rows],
                    "": ["✗" if r.disputed[side] else "" for r in rows],
                },
                key=f"scorer_rules_{session.deal_index}_{side}",
                hide_index=True,
                column_config={
                    "category": t.pgettext("sheet column", "category"),
                    "sheet": t.pgettext("sheet column", "sheet"),
                    "rules": t.pgettext("sheet column", "rules"),
                },
            )
    differences = sv.sheet_differences(rows, sides, t=t)
    if not differences:
        if any(c is not None for r in rows for c in r.claimed):
            st.success(t.gettext("The sheet agrees with the rules."))
        else:
            st.info(t.gettext("Nothing written on the sheet yet."))
        return
    st.warning("  \n".join(md(text) for text in differences))
    for sentence in sv.sheet_explanations(session, session.deal_index):
        st.markdown(md(sentence))


def _side_sheet(
    session: ScorerSession,
    rows: list[sv.SheetLine],
    side: int,
    name: str,
    t: Translator,
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
        column_config={
            "category": t.pgettext("sheet column", "category"),
            "claimed": st.column_config.NumberColumn(
                t.pgettext("sheet column", "claimed"), min_value=0, step=1
            ),
        },
        placeholder="",  # an unclaimed figure: an empty cell, as on paper
        alt=t.gettext("{name}'s score sheet").format(name=name),
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


def match_claims(session: ScorerSession, t: Translator) -> None:
    """The match result as the players claim it, and the comments on the game."""
    if not st.toggle(
        t.gettext("Show the claimed match result and comments"),
        key="scorer_show_claims",
    ):
        return
    claim = session.match_claim
    sides = sv.snapshot(session, t=t).sides
    with st.container(border=True):
        with st.form("scorer_match_form", border=False):
            for side, name in enumerate(sides):
                st.number_input(
                    md(t.gettext("{name}: claimed total").format(name=name)),
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
                t.gettext("Claimed winner"),
                choices,
                index=choices.index(claim.winner if claim is not None else None),
                format_func=lambda w: (
                    t.gettext("not recorded") if w is None else sides[w]
                ),
                key="scorer_claim_winner",
            )
            st.text_input(
                t.gettext("Comment on the claimed result"),
                (claim.comment or "") if claim is not None else "",
                key="scorer_claim_comment",
            )
            st.text_area(
                t.gettext("Comment on the game"),
                session.setup.comment or "",
                key="scorer_game_comment",
            )
            st.form_submit_button(
                t.pgettext("button", "Save"),
                on_click=save_claims,
                args=(session, len(sides), t),
            )
        problem = ss.get("scorer_claim_error")
        if problem:
            st.error(md(problem))


def save_claims(session: ScorerSession, sides: int, t: Translator) -> None:
    """Keep what the match form holds (its widgets' values)."""
    totals = [ss[f"scorer_claim_total_{side}"] for side in range(sides)]
    given = [int(t) for t in totals if t is not None]
    ss.scorer_claim_error = None
    if given and len(given) != sides:
        ss.scorer_claim_error = t.gettext("Enter every side's claimed total, or none.")
        return
    remark = str(ss.scorer_claim_comment or "").strip()
    try:
        session.claim_match(given or None, ss.scorer_claim_winner, remark)
    except ValueError as exc:
        ss.scorer_claim_error = t.gettext("Cannot keep that claim: {problem}").format(
            problem=exc
        )
        return
    session.comment_game(str(ss.scorer_game_comment or "").strip())
