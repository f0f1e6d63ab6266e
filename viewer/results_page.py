"""Results page: the records of a `casino-records bulk` results folder, filtered.

Layout only: the folders offered, the table's rows and the record opened all
come from casino_records.present.viewmodel.results. Picking a row reads that
record alone from its source and opens it on the Replay page at its first
finding.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from casino_records.present import viewmodel as vm
from casino_records.present.viewmodel import results as rv

md = vm.md_escape
ss = st.session_state

st.subheader("Results", anchor=False)

missing = rv.scale_missing()
if missing is not None:
    st.info(md(missing))
    st.stop()

folders = rv.results_folders(vm.env_path(), Path.cwd())
with st.sidebar:
    st.header("Results folder")
    typed = st.text_input(
        "Folder written by `casino-records bulk`",
        key="results_typed",
        placeholder="/path/to/results",
        help="A folder written by casino-records bulk PATH... --out DIR.",
    )
    if folders and not typed:
        st.selectbox("Results", list(folders), key="results_folder")

if typed:
    folder = Path(typed).expanduser()
elif folders:
    folder = folders[ss.results_folder]
else:
    st.info(
        "No results folder: write one with `casino-records bulk PATH... --out DIR`,"
        " then open it with `casino-records view DIR` or type its path in the sidebar."
    )
    st.stop()

try:
    manifest = rv.read_manifest(folder)
    offered = rv.choices(folder)
except rv.ResultsError as exc:
    st.error(md(str(exc)))
    st.stop()
st.caption(md(f"{folder} · {rv.summary(manifest)}"))

left, middle, right, last = st.columns([3, 2, 2, 2])
statuses = left.multiselect(
    "Status",
    list(rv.STATUSES),
    default=["disputed", "invalid", "unreadable"],
    key="results_status",
)
player = middle.text_input("Player", key="results_player", placeholder="any")
preset = right.selectbox(
    "Preset",
    ["", *offered["preset"]],
    key="results_preset",
    format_func=lambda p: p or "any",
)
rule = last.selectbox(
    "Rule broken",
    ["", *offered["rule"]],
    key="results_rule",
    format_func=lambda r: r or "any",
)

count, rows = rv.listing(folder, rv.filters(statuses, player, preset, rule))
shown = f"the first {len(rows)}" if count > len(rows) else "all"
st.caption(
    f"{count} record{'s' * (count != 1)} match; {shown} listed. Pick one to open it."
)
event = st.dataframe(
    [{k: row[k] for k in rv.COLUMNS} for row in rows],
    hide_index=True,
    on_select="rerun",
    selection_mode="single-row",
    key="results_table",
)
selected = event.selection.rows if event is not None else []
if selected:
    picked = rv.pick(folder, rows[selected[0]]["seq"])
    if picked.problem is not None:
        st.error(md(picked.problem.title))
        for detail in picked.problem.details[:10]:
            st.caption(md(detail))
    else:
        ss.results_pick = picked
        st.switch_page("replay_page.py")
