"""The command line's language: ``--lang``, then the locale; the samples'
summaries in every language, and machines' output the same in all.

The pseudo-language shows what is still English: every translated string is
wrapped in ``⟦ ⟧``, so what is left once the wrapped parts are taken out is
exactly what no catalogue holds (file names, commands, and what is the same in
every language: players' names, cards, rule ids and numbers).
"""

from __future__ import annotations

import json
import re
from functools import cache

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
NEUTRAL = re.compile(
    r"(?:10|[2-9AJQK])[♠♥♦♣]"  # a card face
    r"|\b(?:[A-Z]+\d+(?:\.\d+)?)\b"  # a rule id
    r"|\d+|[–—&:;,.()+/✓✗!\-]"  # numbers and punctuation
)
"""What a line may show outside the wrapped (translated) parts, besides names."""
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


@cache
def player_names() -> frozenset[str]:
    """Every player's name in the sample records."""
    return frozenset(
        player["name"]
        for path in SAMPLES.glob("*.json")
        for player in json.loads(path.read_text())["players"]
    )


def english_left(text: str, *labels: str) -> list[str]:
    """The words of ``text`` (in the pseudo-language) that no catalogue says:
    what is left outside the wrapped parts but the file ``labels``, the players'
    names, cards, rule ids, numbers and punctuation."""
    left = unwrapped(text)
    for label in labels:
        left = left.replace(label, "")
    return [
        word for word in NEUTRAL.sub(" ", left).split() if word not in player_names()
    ]


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


@pytest.mark.parametrize("command", ["validate", "rescore"])
@pytest.mark.parametrize("lang", LANGS)
def test_machines_read_the_same_json_in_every_language(
    in_repo: None, lang: str, command: str
) -> None:
    """``validate`` and ``rescore`` (with its explanations) write the same JSON
    in every language: what machines read is English."""
    english = run(command, "--format", "json", "sample_games")
    translated = run("--lang", lang, command, "--format", "json", "sample_games")
    assert translated.exit_code == english.exit_code == 1
    assert translated.stdout_bytes == english.stdout_bytes
    if command == "rescore":  # the explanations are there, in English
        assert b"Your score sheet is exactly what you get if" in english.stdout_bytes


def test_validate_says_the_first_problem_and_its_pointer_in_the_language(
    in_repo: None,
) -> None:
    one = "sample_games/invalid-out-of-turn.json"
    result = run("--lang", PSEUDO, "validate", "--verbose", one)
    problem, at, totals = result.stdout.splitlines()
    assert english_left(problem, one) == [], problem
    said_at = translator(PSEUDO).gettext("at {pointer}")
    assert at.strip() == said_at.format(pointer="/deals/0/rounds/1/moves/2")
    assert unwrapped(totals).strip() == ""
    swedish = run("--lang", "sv", "validate", one).stdout
    assert "inte i tur: det är Bens tur, inte Anas (R2.4)" in swedish
    assert "giv 1, drag 11 (omgång 2), Ana: 4♥ bygger 6 på 2♥" in swedish


def _sections(report: str) -> dict[str, list[str]]:
    """A ``rescore`` report's lines by section (the text of the line that opens it)."""
    sections: dict[str, list[str]] = {}
    current = ""
    for line in report.splitlines():
        if line and not line.startswith(" "):
            current = line
        sections.setdefault(current, []).append(line)
    return sections


def test_rescore_says_the_explanations_and_errors_in_the_pseudo_language(
    in_repo: None,
) -> None:
    """Each sample's report: its headline, the explanations (with the other
    mistakes that fit), its errors and the score tables' own words leave no
    English; what is still English there (the scoring rules' notes and the
    match's reasons, docs/i18n.md) is not in these lines."""
    paths = sorted(
        str(p.relative_to(ROOT))
        for p in SAMPLES.glob("*.json")
        if p.name.startswith(("disputed-", "invalid-"))
    )
    result = run("--lang", PSEUDO, "rescore", *paths)
    assert result.exit_code == 1
    t = translator(PSEUDO)
    wrong = t.gettext(
        "What went wrong (the likeliest counting mistake; the rules' count stands):"
    )
    errors = t.gettext("Errors:")
    checked = 0
    for report in result.stdout.split("\n\n\n"):
        for head, lines in _sections(report).items():
            if head == wrong or head == errors or head.endswith(tuple(paths)):
                for line in lines:
                    assert english_left(line, *paths) == [], line
                    checked += 1
            elif WRAPPED.match(head) and "—" in head:  # a deal: its table and findings
                table = [line for line in lines if "✓" in line or "✗" in line]
                for line in table:
                    left = english_left(line)
                    assert left == [], line
                    checked += 1
    assert checked > 100


def test_the_samples_summary_in_the_pseudo_language_leaves_no_english(
    in_repo: None,
) -> None:
    """Every explanation of a disputed sample and every error of an invalid one
    is said in the catalogue's words: nothing but names, cards, rule ids and
    numbers is left outside the wrapped parts."""
    result = run("--lang", PSEUDO, "validate", "--summary", "sample_games")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert len(lines) == len(SAMPLE_SUMMARY)
    records = TOTALS
    for got, english in zip(lines[:records], SAMPLE_SUMMARY, strict=False):
        status, label, _, _, _ = RECORD_LINE.match(english).groups()  # type: ignore[union-attr]
        assert english_left(got, label) == [], got
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
        assert f" {label}: " in got and sentence not in got  # said in the language
        rest = got.replace(label, "")
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
