"""The command line's language: ``--lang``, then the locale; the samples'
summaries in every language, and machines' output the same in all.

The pseudo-language shows what is still English: every translated string is
wrapped in ``⟦ ⟧``, so what is left once the wrapped parts are taken out is
exactly what no catalogue holds yet (file names, commands, and for now the
sentences of the explanations and errors).
"""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner, Result

from casino_records.cli import main
from casino_records.i18n import PSEUDO, codes, translator
from casino_records.present.status_words import status_count, status_word
from tests.cli.test_summary import SAMPLE_SUMMARY
from tests.paths import ROOT, SAMPLES

LANGS = [code for code in codes() if code != "en"]
WRAPPED = re.compile(r"⟦[^⟦⟧]*⟧")
RECORD_LINE = re.compile(
    r"^(\w+) +(\S+): (?:(Deal \d+|Match): )?(.*?)(?: \(\+(\d+) more in the full report\))?$"
)
"""An English record line: status, file, where the explanation is, the sentence, more."""
TOTALS = next(
    i for i, line in enumerate(SAMPLE_SUMMARY) if line.startswith("46 records")
)
"""Where the totals line is: the record lines come before it."""
FRAME_WORDS = re.compile(
    r"\b(records?|ok|disputed|invalid|unreadable|Deal|Match|more in the full report"
    r"|The full reports|one score sheet|one line per record|every report in full)\b"
)


@pytest.fixture
def in_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def run(*args: str, env: dict[str, str] | None = None) -> Result:
    result = CliRunner(env=env).invoke(main, list(args))
    assert "Traceback" not in result.output + result.stderr
    return result


def unwrapped(text: str) -> str:
    """``text`` with every wrapped (translated) part taken out, nested ones too."""
    while WRAPPED.search(text):
        text = WRAPPED.sub("", text)
    return text


def test_the_language_is_lang_then_lc_all_lc_messages_lang(in_repo: None) -> None:
    one = "sample_games/invalid-out-of-turn.json"
    env = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "sv_SE.UTF-8"}
    assert run("validate", one, env=env).stdout.startswith("ogiltigt ")
    env["LC_MESSAGES"] = "ca_ES.UTF-8"
    assert run("validate", one, env=env).stdout.startswith("invàlid ")
    env["LC_ALL"] = "ro_RO.UTF-8"
    assert run("validate", one, env=env).stdout.startswith("invalidă ")
    assert run("--lang", "es", "validate", one, env=env).stdout.startswith("inválido ")
    env["LC_ALL"] = "de_DE.UTF-8"  # no catalogue: English, not LANG's Swedish
    assert run("validate", one, env=env).stdout.startswith("invalid ")
    assert run("validate", one, env={"LC_ALL": "C", "LANG": "sv_SE"}).stdout.startswith(
        "invalid "
    )


def test_an_unknown_lang_is_a_usage_error() -> None:
    result = run("--lang", "xx", "validate", str(SAMPLES))
    assert result.exit_code == 2
    assert "'xx' is not one of" in result.stderr and "'sv'" in result.stderr


@pytest.mark.parametrize("lang", LANGS)
def test_machines_read_the_same_json_in_every_language(
    in_repo: None, lang: str
) -> None:
    english = run("validate", "--format", "json", "sample_games")
    translated = run("--lang", lang, "validate", "--format", "json", "sample_games")
    assert translated.exit_code == english.exit_code == 1
    assert translated.stdout_bytes == english.stdout_bytes


def test_the_samples_summary_in_the_pseudo_language_leaves_only_the_untranslated(
    in_repo: None,
) -> None:
    result = run("--lang", PSEUDO, "validate", "--summary", "sample_games")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert len(lines) == len(SAMPLE_SUMMARY)
    records = TOTALS
    for got, english in zip(lines[:records], SAMPLE_SUMMARY, strict=False):
        status, label, where, sentence, _ = RECORD_LINE.match(english).groups()  # type: ignore[union-attr]
        # the explanation's sentence is a value of its wrapped place ("Deal 1: ...")
        left = f"{label}: " if where else f"{label}: {sentence}"
        assert unwrapped(got).split() == left.split(), got
        assert got.startswith(status_word(status, translator(PSEUDO)))
    assert unwrapped(lines[records]).strip() == ""  # the totals
    assert unwrapped(lines[records + 1]) == ""  # "The full reports:"
    for got, english in zip(
        lines[records + 2 :], SAMPLE_SUMMARY[records + 2 :], strict=True
    ):
        command = english.split("casino-records ", 1)[1]
        assert (
            unwrapped(got).split()
            == f"casino-records --lang {PSEUDO} {command}".split()
        )


@pytest.mark.parametrize("lang", LANGS)
def test_the_samples_summary_in_every_language(in_repo: None, lang: str) -> None:
    t = translator(lang)
    result = run("--lang", lang, "validate", "--summary", "sample_games")
    assert result.exit_code == 1 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert len(lines) == len(SAMPLE_SUMMARY)
    records = TOTALS
    for got, english in zip(lines[:records], SAMPLE_SUMMARY, strict=False):
        status, label, where, sentence, more = RECORD_LINE.match(english).groups()  # type: ignore[union-attr]
        assert got.startswith(status_word(status, t) + "  ")
        assert f" {label}: " in got and sentence in got  # the sentence: English for now
        rest = got.replace(label, "").replace(sentence, "")
        assert not FRAME_WORDS.search(rest), (lang, rest)
        if more:
            assert f"+{more}" in rest
    totals = lines[records]
    assert t.ngettext("{n} record", "{n} records", 46).format(n=46) in totals
    for status, n in (("ok", 34), ("disputed", 9), ("invalid", 3), ("unreadable", 0)):
        assert status_count(status, n, t) in totals
    for line in lines[records:]:
        assert not FRAME_WORDS.search(line.split("casino-records")[0]), (lang, line)


def test_plural_forms_follow_each_language() -> None:
    def records(lang: str, n: int) -> str:
        return translator(lang).ngettext("{n} record", "{n} records", n).format(n=n)

    assert [records("ro", n) for n in (1, 2, 19, 20, 101, 120)] == [
        "1 înregistrare",
        "2 înregistrări",
        "19 înregistrări",
        "20 de înregistrări",
        "101 înregistrări",
        "120 de înregistrări",
    ]
    assert [records("es", n) for n in (0, 1, 2)] == [
        "0 registros",
        "1 registro",
        "2 registros",
    ]
    assert status_count("ok", 1, translator("sv")) == "1 godkänt"
    assert status_count("ok", 0, translator("sv")) == "0 godkända"
    assert status_count("invalid", 1, translator("te")) == "1 చెల్లనిది"
    assert status_count("invalid", 2, translator("te")) == "2 చెల్లనివి"
