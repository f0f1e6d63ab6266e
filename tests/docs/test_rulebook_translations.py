"""The translated rules references, ``rulebook.<code>.md``: the English structure
kept, really translated, their docs/rules.<code>.md fresh.

A translation has the sections of ``rulebook.md`` in the same order and the same
entries with the same ids in the same order; each entry (and each prose part)
cites the same rule ids and holds the same code spans as the English one, and
its text is not the English text. The tests run for whatever translations exist.
"""

from __future__ import annotations

import re
from importlib import resources

import pytest

from casino_records.engine.rulebook import (
    RULE_ID,
    Rulebook,
    find,
    parse_rulebook,
    rule,
    rulebook,
    rulebook_file,
    translations,
)
from casino_records.i18n import DEFAULT, PSEUDO, codes, translator
from casino_records.present.rules_text import docs_file, reference_markdown
from tests.paths import DOCS

CODE_SPAN = re.compile(r"`[^`]+`")
REGENERATE = "regenerate it with `make docs` (casino-records --lang {code} rules --format markdown)"


def _kept(text: str) -> tuple[set[str], set[str]]:
    """What a translation keeps of a text: the rule ids it cites, its code spans."""
    return set(RULE_ID.findall(text)), set(CODE_SPAN.findall(text))


def structure_problems(book: Rulebook, english: Rulebook) -> list[str]:
    """How ``book`` departs from the structure of ``english`` ([] when it keeps it)."""
    problems: list[str] = []
    if len(book.sections) != len(english.sections):
        problems.append(
            f"{len(book.sections)} sections, rulebook.md has {len(english.sections)}"
        )
    if list(book.entries) != list(english.entries):
        problems.append("the entries' ids or their order differ from rulebook.md's")
    for number, (ours, theirs) in enumerate(
        zip(book.sections, english.sections, strict=False), 1
    ):
        listed = [e.id for e in ours.entries]
        if listed != [e.id for e in theirs.entries]:
            problems.append(f"section {number} ({ours.title}): entries {listed}")
        if _kept(ours.text) != _kept(theirs.text):
            problems.append(
                f"section {number} ({ours.title}): its prose's ids or code spans"
            )
    if _kept(book.intro) != _kept(english.intro):
        problems.append("the introduction's rule ids or code spans")
    for key, entry in book.entries.items():
        original = english.entries.get(key)
        if original is None:
            continue
        ids, spans = _kept(f"{entry.title}\n{entry.text}")
        english_ids, english_spans = _kept(f"{original.title}\n{original.text}")
        if ids != english_ids:
            problems.append(
                f"{entry.id} cites {sorted(ids)}, not {sorted(english_ids)}"
            )
        if spans != english_spans:
            problems.append(
                f"{entry.id}: code spans {sorted(spans ^ english_spans)} differ"
            )
        if entry.text == original.text:
            problems.append(f"{entry.id} is not translated")
    if book.intro == english.intro:
        problems.append("the introduction is not translated")
    return problems


def _source(code: str) -> str:
    path = resources.files("casino_records.engine").joinpath(rulebook_file(code))
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("code", translations())
def test_a_translation_keeps_the_structure_and_is_translated(code: str) -> None:
    assert code in codes() and code not in (DEFAULT, PSEUDO), code
    book = parse_rulebook(_source(code))
    assert book == rulebook(code)
    assert structure_problems(book, rulebook()) == []


@pytest.mark.parametrize("code", translations())
def test_a_translation_is_looked_up_in_its_language(code: str) -> None:
    english = rule("R9.2")
    translated = rule("r9.2", code)
    assert translated.id == "R9.2" and translated.text != english.text
    # its own words find it, and so do the English ones
    word = translated.title.split()[-1]
    titled, _ = find(word, code)
    assert "R9.2" in [e.id for e in titled]
    assert "R9.2" in [e.id for e in find("trail", code)[0]]


@pytest.mark.parametrize("code", translations())
def test_docs_rules_in_each_language_is_generated_and_fresh(code: str) -> None:
    page = DOCS / docs_file(code)
    assert page.is_file(), REGENERATE.format(code=code)
    assert page.read_text("utf-8") == reference_markdown(t=translator(code)), (
        f"docs/{page.name} is stale: " + REGENERATE.format(code=code)
    )


def test_every_docs_rules_page_has_its_rulebook() -> None:
    pages = {p.name for p in DOCS.glob("rules.*.md")}
    assert pages == {docs_file(code) for code in translations()}


def test_a_language_without_a_translation_reads_english() -> None:
    assert rulebook(PSEUDO) == rulebook() and rule("G1", "xx") == rule("G1")


def _pretend_translation(source: str) -> str:
    """rulebook.md with every title and text changed but ids and code spans kept."""
    lines = []
    for line in source.splitlines():
        heading = re.fullmatch(r"(### \S+ )(.+)", line)
        if heading:
            line = f"{heading[1]}«{heading[2]}»"
        elif line.strip() and not line.startswith("#"):
            line = f"{line} ·"
        lines.append(line)
    return "\n".join(lines) + "\n"


def test_the_structure_check_finds_each_departure() -> None:
    english = rulebook()
    source = _source(DEFAULT)
    pretend = _pretend_translation(source)
    assert structure_problems(parse_rulebook(pretend), english) == []

    def problems(text: str) -> str:
        return "\n".join(structure_problems(parse_rulebook(text), english))

    r9_2 = pretend.split("### R9.2 ")[1].split("\n### ")[0]
    assert "R9.2 is not translated" in problems(
        pretend.replace(r9_2, r9_2.replace(" ·", ""))
    )
    swapped = pretend.replace("### R9.1 ", "### R99.9 ").replace(
        "### R9.2 ", "### R9.1 "
    )
    assert "order differ" in problems(swapped.replace("### R99.9 ", "### R9.2 "))
    assert "sections" in problems(pretend.replace("\n## Sources\n", "\n"))
    r1_2 = pretend.split("### R1.2 ")[1].split("\n### ")[0]
    assert "R1.2: code spans" in problems(
        pretend.replace(r1_2, r1_2.replace("`card_values`", "card_values"))
    )
    r1_1 = pretend.split("### R1.1 ")[1].split("\n### ")[0]
    assert "R1.1 cites" in problems(
        pretend.replace(r1_1, r1_1.replace("R13.3", "R13.2"))
    )
    assert "introduction is not translated" in problems(
        source.split("\n## ", 1)[0] + "\n## " + pretend.split("\n## ", 1)[1]
    )
