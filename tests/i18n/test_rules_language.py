"""``rules`` in the players' languages: the translated reference, the options'
meanings through the catalogues, the search in the language's own words, and
the JSON the same in every language."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner, Result

from casino_records.cli import main
from casino_records.engine.options import OPTIONS, PRESET_SUMMARIES
from casino_records.engine.rulebook import RULE_ID, rule, translations
from casino_records.engine.rules import PRESETS
from casino_records.i18n import PSEUDO, codes, translator
from casino_records.present.rules_text import entry_text

LANGS = [code for code in codes() if code != "en"]
WRAPPED = re.compile(r"⟦[^⟦⟧]*⟧")


def run(*args: str) -> Result:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    return result


@pytest.mark.parametrize("lang", LANGS)
def test_an_option_in_each_language(lang: str) -> None:
    t = translator(lang)
    out = run("--lang", lang, "rules", "sweeps").stdout
    meaning = t.gettext(OPTIONS["sweeps"].meaning)
    assert meaning != OPTIONS["sweeps"].meaning
    assert out.startswith(f"sweeps: {meaning}\n")
    assert (
        "  " + t.gettext("values: {values}").format(values=t.gettext("true or false"))
        in out.splitlines()
    )


@pytest.mark.parametrize("lang", LANGS)
def test_the_options_listing_in_each_language(lang: str) -> None:
    t = translator(lang)
    out = run("--lang", lang, "rules").stdout
    for preset, summary in PRESET_SUMMARIES.items():
        assert f"  {preset:<10} {t.gettext(summary)}\n" in out
    for option in OPTIONS.values():
        assert t.gettext(option.meaning).removesuffix(".") in out
        assert option.meaning.removesuffix(".") not in out


def test_nothing_of_the_listing_is_left_in_english() -> None:
    # What is left once the translated parts are taken out is the record's own
    # tokens: option names, presets, values, rule ids.
    tokens = {*OPTIONS, *PRESETS, "true", "false", "not"}
    for option in OPTIONS.values():
        if isinstance(option.choices, tuple):
            tokens |= {str(choice) for choice in option.choices}
    for args in (["rules"], ["rules", "--preset", "dominican"], ["rules", "sweeps"]):
        left = run("--lang", PSEUDO, *args).stdout
        while WRAPPED.search(left):  # inner ones first: a message in a message
            left = WRAPPED.sub("", left)
        words = set(re.findall(r"[^\W\d](?:[\w.]*\w)?", left)) - tokens
        assert all(RULE_ID.fullmatch(word) for word in words), (args, words)


@pytest.mark.parametrize("lang", LANGS)
def test_rules_json_is_the_same_in_every_language(lang: str) -> None:
    for args in (["rules"], ["rules", "sweeps"], ["rules", "R9.2"], ["rules", "sweep"]):
        english = run(*args, "--format", "json").stdout
        assert run("--lang", lang, *args, "--format", "json").stdout == english


def test_options_are_found_by_their_meaning_in_the_language() -> None:
    meaning = translator("sv").gettext(OPTIONS["sweeps"].meaning)
    assert "svep" in meaning
    out = run("--lang", "sv", "rules", "svep").stdout
    assert "\n  sweeps: " in out
    assert run("rules", "svep").exit_code == 2  # an English reader's search does not


@pytest.mark.parametrize("lang", translations())
def test_a_rule_in_its_language(lang: str) -> None:
    out = run("--lang", lang, "rules", "r9.2").stdout
    assert out == entry_text(rule("R9.2", lang))
    assert out != entry_text(rule("R9.2"))


@pytest.mark.parametrize("lang", LANGS)
def test_an_unknown_topic_is_said_in_the_language(lang: str) -> None:
    result = run("--lang", lang, "rules", "R9.9")
    assert result.exit_code == 2
    english = run("rules", "R9.9").stderr
    assert "R9.1, R9.2, R9.3, R9.4" in result.stderr
    assert "unknown rule" in english and "unknown rule" not in result.stderr
