"""The casino-records replay viewer: page set-up, session defaults, navigation.

Run it with ``casino-records view [PATH]`` or
``streamlit run viewer/streamlit_app.py [-- PATH]``. Every computation lives in
:mod:`casino_records.present.viewmodel`; the pages only lay it out.
"""

from __future__ import annotations

import streamlit as st

st.set_page_config(
    page_title="Casino records viewer",
    page_icon="🃏",
    layout="wide",
    initial_sidebar_state="expanded",
)

for key, value in {
    "replay_started": False,  # the URL was read (first run of the session)
    "replay_loaded": None,  # which game the position belongs to
    "replay_pending": None,  # a deep link waiting for its game
    "replay_view": "all",
    "replay_start": 0,  # where the stepper shows from after the latest jump
    "replay_nonce": 0,  # counts the jumps: the stepper follows a new one
}.items():
    st.session_state.setdefault(key, value)

page = st.navigation(
    [
        st.Page("replay_page.py", title="Replay", icon="🃏", default=True),
        st.Page("scorer_page.py", title="Record a game", icon="✍️", url_path="record"),
        st.Page("help_page.py", title="Keys and links", icon="⌨️", url_path="help"),
    ],
    position="top",
)
page.run()
