"""The viewer's language in-process (AppTest): ``?lang=``, the picker, and the
pages translated so far shown wholly wrapped in the pseudo-language."""

from __future__ import annotations

import re
from typing import Any

import pytest

from casino_records.i18n import PSEUDO, translator
from tests.paths import ROOT

AppTest = pytest.importorskip("streamlit.testing.v1").AppTest

APP = str(ROOT / "viewer" / "streamlit_app.py")
WRAPPED = re.compile(r"⟦[^⟦⟧]*⟧")
CODE = re.compile(r"`[^`]*`")
MARKUP = re.compile(r"[|\-:\s←→/]+|^- ", re.MULTILINE)

pytestmark = pytest.mark.timeout(120)


def help_page(**params: str) -> Any:
    at = AppTest.from_file(APP, default_timeout=30)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    at.switch_page("help_page.py")
    return at.run()


def untranslated(text: str) -> str:
    """What of a page's text is neither translated (wrapped), code nor markup."""
    while WRAPPED.search(text):
        text = WRAPPED.sub("", text)
    return MARKUP.sub("", CODE.sub("", text))


def test_every_string_of_the_help_page_is_translated_in_the_pseudo_language() -> None:
    at = help_page(lang=PSEUDO)
    assert not at.exception
    texts = [at.title[0].value, *(m.value for m in at.markdown)]
    assert len(texts) >= 2 and all(texts)
    for text in texts:
        assert untranslated(text) == "", text
    assert untranslated(at.sidebar.selectbox[0].label) == ""
    assert at.session_state.translator is translator(PSEUDO)


def test_lang_in_the_link_and_the_picker_choose_the_language() -> None:
    at = help_page(lang="sv")
    assert at.title[0].value == "Tangenter och länkar"
    picker = at.sidebar.selectbox(key="lang_picker")
    assert picker.label == "Språk" and picker.value == "sv"
    assert PSEUDO not in picker.options  # the players' languages only
    picker.set_value("es").run()
    assert at.title[0].value == "Teclas y enlaces"
    assert at.query_params["lang"] == ["es"] or at.query_params["lang"] == "es"
    assert at.session_state.translator is translator("es")


def test_without_lang_the_viewer_is_english_and_adds_nothing_to_the_link() -> None:
    at = help_page()
    assert at.title[0].value == "Keys and links"
    assert "lang" not in at.query_params
    assert "Home / End" in at.markdown[0].value


def test_the_replay_page_keeps_lang_in_its_deep_link() -> None:
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params["lang"] = "ca"
    at.query_params["game"] = "classic-2p-annotated.json"
    at.run()
    assert not at.exception
    params = {key: at.query_params[key] for key in at.query_params}
    assert params.get("lang") in ("ca", ["ca"]), params
    assert "deal" in params and "game" in params  # the page's own link, with lang kept
    assert at.session_state.translator is translator("ca")
