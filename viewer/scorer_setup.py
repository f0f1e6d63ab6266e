"""Record a game, its set-up: the rules, the table, the names, where the cards come from.

Part of scorer_page.py (Streamlit runs pages with this folder on ``sys.path``):
the form that starts a :class:`~casino_records.scorer.ScorerSession`, or goes on
with an uploaded record. Layout only, as the page.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from casino_records.engine.rules import Rules, preset_defaults
from casino_records.errors import CasinoRecordError
from casino_records.i18n import Translator
from casino_records.present.direction import seats_text
from casino_records.present.viewmodel import md_escape as md
from casino_records.record.format.models import Meta
from casino_records.record.json.jsonio import loads
from casino_records.record.text.notation import read_text
from casino_records.scorer import (
    CARD_SOURCES,
    GameSetup,
    OptionField,
    ScorerSession,
    option_fields,
)
from casino_records.scorer.setup import PRESETS

__all__ = ["setup_page"]

ss = st.session_state
DEFAULT_NAMES = ("Ana", "Ben", "Caio", "Dee")
# The tables by a language-neutral key (the radio's value): players, partnership.
TABLES = {"2": (2, False), "3": (3, False), "4": (4, False), "2v2": (4, True)}


def table_labels(t: Translator) -> dict[str, str]:
    """Each of :data:`TABLES` in words."""
    return {
        "2": t.gettext("2 players"),
        "3": t.gettext("3 players"),
        "4": t.gettext("4 players"),
        "2v2": t.gettext("2 v 2"),
    }


def source_labels(t: Translator) -> dict[str, str]:
    """Each of the scorer's ``CARD_SOURCES`` in words."""
    return {
        "appear": t.gettext("as they appear (table cards, then each card played)"),
        "hands": t.gettext("known hands (table and every hand)"),
        "shuffle": t.gettext("a seeded shuffle"),
    }


def option_widget(preset: str, field: OptionField, t: Translator) -> Any:
    key = f"scorer_opt_{preset}_{field.name}"
    not_set = t.pgettext("option value", "not set")
    shown = not_set if field.default is None else field.default
    label = t.gettext("{option} (default {value})").format(
        option=field.name, value=shown
    )
    if field.kind == "bool":
        return st.checkbox(label, value=bool(field.default), key=key)
    if field.kind == "int":
        return st.number_input(label, 1, 1000, int(field.default or 1), key=key)
    return st.selectbox(
        label,
        field.choices,
        index=field.choices.index(field.default),
        format_func=lambda value: not_set if value is None else str(value),
        key=key,
    )


def table_choices(preset: str) -> list[str]:
    """The tables the rules allow: no 4 players alone where they play 2 v 2."""
    default = preset_defaults(preset)["partnership_4p"]  # type: ignore[arg-type]
    wanted = ss.get(f"scorer_opt_{preset}_partnership_4p", default)
    return [k for k in TABLES if not (k == "4" and wanted == "required")]


def setup_page(session_key: str, t: Translator) -> None:
    """The set-up form, worded by ``t``; a started game goes to
    ``st.session_state[session_key]``."""
    st.title(t.gettext("Record a game"))
    st.caption(
        t.gettext(
            "Enter a game as it is played: every move is checked by the engine as you"
            " enter it, and the score sheet compares what the players claim with what"
            " the cards say."
        )
    )
    preset = st.selectbox(t.gettext("Rules"), PRESETS, key="scorer_preset")
    table = st.radio(
        t.gettext("Table"),
        table_choices(preset),
        format_func=table_labels(t).__getitem__,
        horizontal=True,
        key="scorer_table",
    )
    players, partnership = TABLES[table]
    names = [
        st.text_input(
            t.gettext("Seat {seat}").format(seat=seat),
            DEFAULT_NAMES[seat],
            key=f"scorer_name{seat}",
        )
        for seat in range(players)
    ]
    if partnership:
        st.caption(
            md(
                t.gettext("Partners sit opposite: {a} & {c} v {b} & {d}.").format(
                    a=names[0], b=names[1], c=names[2], d=names[3]
                )
            )
        )
    direction = ss.get(
        f"scorer_opt_{preset}_direction", Rules.from_preset(preset).direction
    )
    st.markdown(md(seats_text(names, clockwise=direction == "clockwise", t=t)))
    dealer = st.selectbox(
        t.gettext("First dealer"),
        range(players),
        format_func=lambda seat: (
            names[seat] or t.pgettext("a seat", "seat {seat}").format(seat=seat)
        ),
        key="scorer_dealer",
    )
    source = st.radio(
        t.gettext("The cards"),
        CARD_SOURCES,
        format_func=source_labels(t).__getitem__,
        key="scorer_source",
    )
    seed = ""
    if source == "shuffle":
        seed = st.text_input(t.gettext("Shuffle seed"), "club-night", key="scorer_seed")
    fields = option_fields(preset)
    target = next(f for f in fields if f.name == "target_score")
    options: dict[str, Any] = {
        "target_score": st.number_input(
            t.gettext("Target score (default {value})").format(value=target.default),
            1,
            1000,
            int(target.default or 21),
            key=f"scorer_target_{preset}",
        )
    }
    with st.expander(t.gettext("Rules options")):
        for field in fields:
            if field.name != "target_score":
                options[field.name] = option_widget(preset, field, t)
    with st.expander(t.gettext("About the game (optional)")):
        record_id = st.text_input(t.gettext("Record id"), key="scorer_id")
        event = st.text_input(t.gettext("Event"), key="scorer_event")
        date = st.text_input(t.gettext("Date"), key="scorer_date")
    if st.button(t.gettext("Start recording"), type="primary", key="scorer_start"):
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
            ss[session_key] = ScorerSession(setup)
        except CasinoRecordError as exc:
            st.error(md(exc.message))
        else:
            ss.scorer_scroll_top = True  # the button was far down the form
            st.rerun()
    st.divider()
    upload = st.file_uploader(
        t.gettext("Or go on with a record (JSON or text notation)"),
        type=["json", "txt", "casino"],
        key="scorer_upload",
    )
    if upload is not None and st.button(
        t.gettext("Go on with it"), key="scorer_resume"
    ):
        data = upload.getvalue()
        try:
            text = data.decode("utf-8-sig")
            record = loads(data) if text.lstrip().startswith("{") else read_text(text)
            ss[session_key] = ScorerSession.from_record(record)
        except (CasinoRecordError, UnicodeDecodeError) as exc:
            cannot = t.gettext("Cannot go on with {name}: {problem}")
            st.error(md(cannot.format(name=upload.name, problem=exc)))
        else:
            ss.scorer_scroll_top = True  # the button was far down the form
            st.rerun()
