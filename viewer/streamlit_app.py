"""The casino-records viewer: page set-up, session defaults, navigation.

Run it with ``casino-records view [PATH]`` or
``streamlit run viewer/streamlit_app.py [-- PATH]``. Every computation lives in
:mod:`casino_records.present`; the pages only lay it out. The server's own
settings (no usage statistics, no "Deploy" button, the upload limit) are in
``viewer/.streamlit/config.toml``, which Streamlit reads beside this script.

A new page is one more entry in ``PAGES`` (its script beside this one).

The language: ``?lang=`` when given, else the browser's ``Accept-Language``,
else English; one translator per session (``st.session_state.translator``,
which the pages word with), changed by the sidebar's picker, which writes
``lang=`` into the address so that a link carries it.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from casino_records.i18n import LANGUAGES, language, language_of, translator
from casino_records.i18n import viewer_language as chosen_language
from casino_records.present import viewmodel as vm
from casino_records.present.viewmodel import results as rv

HERE = Path(__file__).resolve().parent
ss = st.session_state

# --- the session's language (one translator per session) -------------------------------
asked = language_of(st.query_params.get("lang"))
if "lang" not in ss or (asked is not None and asked != ss.lang):
    ss.lang = chosen_language(asked, st.context.headers.get("Accept-Language"))
    ss.lang_in_link = asked is not None
ss.translator = t = translator(ss.lang)


def language_picked() -> None:
    ss.lang = ss.lang_picker
    ss.lang_in_link = True
    st.query_params["lang"] = ss.lang


given = vm.env_path()
results_first = given is not None and rv.is_results_dir(given)

# The viewer's pages, in the order of the navigation bar; a results folder given
# to `casino-records view` opens on its table. Their icons are Material Symbols,
# a font Streamlit serves itself: an emoji needs a font the device may lack.
PAGES = [
    st.Page(
        "replay_page.py",
        title=t.gettext("Replay"),
        icon=":material/style:",
        default=not results_first,
    ),
    st.Page(
        "results_page.py",
        title=t.gettext("Results"),
        icon=":material/leaderboard:",
        url_path="results",
        default=results_first,
    ),
    st.Page(
        "scorer_page.py",
        title=t.gettext("Record a game"),
        icon=":material/edit_note:",
        url_path="record",
    ),
    st.Page(
        "sheet_page.py",
        title=t.gettext("Check a score sheet"),
        icon=":material/calculate:",
        url_path="sheet",
    ),
    st.Page(
        "puzzles_page.py",
        title=t.gettext("Puzzles"),
        icon=":material/extension:",
        url_path="puzzles",
    ),
    st.Page(
        "help_page.py",
        title=t.gettext("Keys and links"),
        icon=":material/keyboard:",
        url_path="help",
    ),
]

st.set_page_config(
    page_title=t.gettext("Casino records viewer"),
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

# The picker lists the players' languages (the pseudo-language of the tests only
# while it is the one in use), each by its own name.
ss.lang_picker = ss.lang
st.sidebar.selectbox(
    t.gettext("Language"),
    [lang.code for lang in LANGUAGES if not lang.pseudo or lang.code == ss.lang],
    key="lang_picker",
    format_func=lambda code: language(code).name,
    on_change=language_picked,
)
if ss.lang_in_link:
    st.query_params["lang"] = ss.lang
st.navigation(PAGES, position="top").run()
if ss.lang_in_link:  # a page may have rewritten the address (its deep link)
    st.query_params["lang"] = ss.lang
