"""The catalogues: complete, not fuzzy, their placeholders kept, compiled, current.

What ``make lint`` checks too (``python -m tools.catalogues check``), as tests,
and a check that the checks themselves catch a broken translation.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from casino_records.i18n import LANGUAGES, LOCALE_DIR, PSEUDO, codes, translator
from tests.paths import BIN, ROOT
from tools import catalogues
from tools.catalogues import POT, compiled, po_path, problems, pseudo, translated

babel = pytest.importorskip("babel")


def ids(path: Path) -> set[tuple[str | None, str]]:
    """Every message of a template or catalogue, by context and id."""
    return {
        (m.context, m.id if isinstance(m.id, str) else m.id[0])
        for m in catalogues.read(path)
        if m.id
    }


def test_every_language_has_a_catalogue_and_english_needs_none() -> None:
    assert codes()[0] == "en" and PSEUDO in codes()
    assert set(translated()) == {"es", "sv", "ro", "ca", "hy", "te", PSEUDO}
    for code in translated():
        assert po_path(code).is_file() and po_path(code).with_suffix(".mo").is_file()
    assert not (po_path("en")).exists()
    assert len({lang.name for lang in LANGUAGES}) == len(LANGUAGES)


@pytest.mark.parametrize("code", translated())
def test_every_message_is_translated_none_fuzzy_placeholders_kept(code: str) -> None:
    assert problems(code) == []
    assert ids(po_path(code)) == ids(POT)


@pytest.mark.parametrize("code", translated())
def test_the_compiled_catalogue_is_not_stale(code: str) -> None:
    assert po_path(code).with_suffix(".mo").read_bytes() == compiled(code), (
        "make i18n-compile"
    )


def test_the_template_holds_every_message_of_the_sources(tmp_path: Path) -> None:
    """``make i18n-extract`` would find no message the template lacks."""
    fresh = tmp_path / "fresh.pot"
    done = subprocess.run(
        [str(BIN / "pybabel"), "extract", "-F", "babel.cfg", "-o", str(fresh)]
        + ["casino_records", "viewer"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert ids(fresh) == ids(POT), "make i18n-update"


def test_the_pseudo_language_is_made_from_the_template() -> None:
    made = catalogues.pseudo_catalogue(catalogues.read(POT))
    kept = catalogues.read(po_path(PSEUDO))
    for message in made:
        if message.id:
            found = kept.get(message.id, message.context)
            assert found is not None and found.string == message.string
    assert ids(po_path(PSEUDO)) == ids(POT)


def test_the_pseudo_language_wraps_lengthens_and_keeps_placeholders() -> None:
    text = "**The end** of `game` in {n} deals"
    wrapped = pseudo(text)
    assert wrapped.startswith("⟦**Ţĥé éñđ** ôf `game` îñ {n} đéàĺš")
    assert wrapped.endswith("~⟧") and len(wrapped) >= len(text) * 1.4
    qps = translator(PSEUDO)
    assert qps.ngettext("{n} record", "{n} records", 2).format(n=2) == pseudo(
        "{n} records"
    ).format(n=2)


def break_catalogue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, old: str, new: str
) -> list[str]:
    """The problems found in a copy of the Swedish catalogue with ``old`` replaced."""
    locale = tmp_path / "locale"
    shutil.copytree(LOCALE_DIR, locale)
    path = locale / "sv" / "LC_MESSAGES" / "casino_records.po"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    monkeypatch.setattr(catalogues, "LOCALE_DIR", locale)
    return problems("sv")


def test_the_checks_find_a_lost_placeholder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    found = break_catalogue(
        tmp_path,
        monkeypatch,
        'msgstr "Giv {deal}: {sentence}"',
        'msgstr "Giv: {sentence}"',
    )
    assert any("Deal {deal}: {sentence}" in p and "keeps" in p for p in found), found


def test_the_checks_find_a_lost_code_span(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    found = break_catalogue(
        tmp_path, monkeypatch, '"`deal`: given, från 1;"', '"deal: given, från 1;"'
    )
    assert any("`deal`" in p for p in found), found


def test_the_checks_find_a_fuzzy_or_missing_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    found = break_catalogue(
        tmp_path,
        monkeypatch,
        'msgid "Language"\nmsgstr "Språk"',
        '#, fuzzy\nmsgid "Language"\nmsgstr "Språk"',
    )
    assert any("'Language'" in p and "fuzzy" in p for p in found), found
    found = break_catalogue(
        tmp_path / "2",
        monkeypatch,
        'msgid "Language"\nmsgstr "Språk"',
        'msgid "Language"\nmsgstr ""',
    )
    assert any("'Language'" in p and "not translated" in p for p in found), found


def test_lint_runs_the_checks() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    lint = makefile.split("\nlint:", 1)[1].split("\n\n", 1)[0]
    assert "-m tools.catalogues check" in lint
    done = subprocess.run(
        [str(BIN / "python"), "-m", "tools.catalogues", "check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "7 catalogues checked: 0 problems" in done.stdout
