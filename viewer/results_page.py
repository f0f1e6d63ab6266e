"""Results page: the records of a `casino-records bulk` results folder, filtered.

Layout only: the folders offered, the table's rows and the record opened all
come from casino_records.present.viewmodel.results. Picking a row reads that
record alone from its source and opens it on the Replay page at its first
finding.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from casino_records.i18n import ENGLISH, Translator
from casino_records.present import viewmodel as vm
from casino_records.present.status_words import status_word
from casino_records.present.viewmodel import results as rv

md = vm.md_escape
ss = st.session_state
t: Translator = ss.get("translator", ENGLISH)  # English when the page runs alone
ANY = t.pgettext("filter", "any")

st.subheader(t.gettext("Results"), anchor=False)

missing = rv.scale_missing(t)
if missing is not None:
    st.info(md(missing))
    st.stop()

folders = rv.results_folders(vm.env_path(), Path.cwd())
with st.sidebar:
    st.header(t.gettext("Results folder"))
    typed = st.text_input(
        t.gettext("Folder written by `casino-records bulk`"),
        key="results_typed",
        placeholder="/path/to/results",
        help=t.gettext("A folder written by `casino-records bulk PATH... --out DIR`."),
    )
    if folders and not typed:
        st.selectbox(t.gettext("Results"), list(folders), key="results_folder")

if typed:
    folder = Path(typed).expanduser()
elif folders:
    folder = folders[ss.results_folder]
else:
    st.info(
        t.gettext(
            "No results folder: write one with `casino-records bulk PATH... --out DIR`,"
            " then open it with `casino-records view DIR` or type its path in the"
            " sidebar."
        )
    )
    st.stop()

try:
    manifest = rv.read_manifest(folder)
    offered = rv.choices(folder)
except rv.ResultsError as exc:
    st.error(md(str(exc)))
    st.stop()
st.caption(md(f"{folder} · {rv.summary(manifest, t)}"))

left, middle, right, last = st.columns([3, 2, 2, 2])
statuses = left.multiselect(
    t.gettext("Status"),
    list(rv.STATUSES),
    default=["disputed", "invalid", "unreadable"],
    format_func=lambda status: status_word(status, t),
    key="results_status",
)
player = middle.text_input(t.gettext("Player"), key="results_player", placeholder=ANY)
preset = right.selectbox(
    t.gettext("Preset"),
    ["", *offered["preset"]],
    key="results_preset",
    format_func=lambda p: p or ANY,
)
rule = last.selectbox(
    t.gettext("Rule broken"),
    ["", *offered["rule"]],
    key="results_rule",
    format_func=lambda r: r or ANY,
)

count, rows = rv.listing(folder, rv.filters(statuses, player, preset, rule), t)
if count > len(rows):
    listed = t.ngettext(
        "{n} record matches; the first {shown} listed. Pick one to open it.",
        "{n} records match; the first {shown} listed. Pick one to open it.",
        count,
    )
else:
    listed = t.ngettext(
        "{n} record matches; all listed. Pick one to open it.",
        "{n} records match; all listed. Pick one to open it.",
        count,
    )
st.caption(listed.format(n=count, shown=len(rows)))
event = st.dataframe(
    [{k: row[k] for k in rv.COLUMNS} for row in rows],
    column_config=rv.column_labels(t),
    hide_index=True,
    on_select="rerun",
    selection_mode="single-row",
    key="results_table",
)
selected = event.selection.rows if event is not None else []
if selected:
    picked = rv.pick(folder, rows[selected[0]]["seq"], t)
    if picked.problem is not None:
        st.error(md(picked.problem.title))
        for detail in picked.problem.details[:10]:
            st.caption(md(detail))
    else:
        ss.results_pick = picked
        st.switch_page("replay_page.py")
