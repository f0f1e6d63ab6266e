"""The casino-records viewer: page set-up, session defaults, navigation.

Run it with ``casino-records view [PATH]`` or
``streamlit run viewer/streamlit_app.py [-- PATH]``. Every computation lives in
:mod:`casino_records.present`; the pages only lay it out. The server's own
settings (no usage statistics, no "Deploy" button, the upload limit) are in
``viewer/.streamlit/config.toml``, which Streamlit reads beside this script.

A new page is one more entry in ``PAGES`` (its script beside this one).
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from casino_records.present import viewmodel as vm
from casino_records.present.viewmodel import results as rv

HERE = Path(__file__).resolve().parent
given = vm.env_path()
results_first = given is not None and rv.is_results_dir(given)

# The viewer's pages, in the order of the navigation bar; a results folder given
# to `casino-records view` opens on its table.
PAGES = [
    st.Page("replay_page.py", title="Replay", icon="🃏", default=not results_first),
    st.Page(
        "results_page.py",
        title="Results",
        icon="📊",
        url_path="results",
        default=results_first,
    ),
    st.Page("scorer_page.py", title="Record a game", icon="✍️", url_path="record"),
    st.Page("sheet_page.py", title="Check a score sheet", icon="🧮", url_path="sheet"),
    st.Page("puzzles_page.py", title="Puzzles", icon="🧩", url_path="puzzles"),
    st.Page("help_page.py", title="Keys and links", icon="⌨️", url_path="help"),
]

st.set_page_config(
    page_title="Casino records viewer",
    page_icon="🃏",
    layout="wide",
    initial_sidebar_state="auto",
)
st.html(f"<style>{(HERE / 'page.css').read_text(encoding='utf-8')}</style>")

defaults: dict[str, object] = {
    "replay_started": False,  # the URL was read (first run of the session)
    "replay_loaded": None,  # which game the position belongs to
    "replay_pending": None,  # a deep link waiting for its game
    "replay_view": "all",
    "replay_start": 0,  # where the stepper shows from after the latest jump
    "replay_nonce": 0,  # counts the jumps: the stepper follows a new one
    "replay_analyses": {},  # analyses run on the page, by record (see replay_page)
}
for key, value in defaults.items():
    st.session_state.setdefault(key, value)

st.navigation(PAGES, position="top").run()
