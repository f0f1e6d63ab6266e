"""The rules reference: one source, every cited rule id defined, docs/rules.md fresh.

``casino_records/engine/rulebook.md`` is the hand-written reference and
``casino_records/engine/options.py`` the options catalogue; docs/rules.md is
generated from both (``make docs``).
"""

from __future__ import annotations

import dataclasses
import io
import re
import tokenize
from importlib import resources
from pathlib import Path

import pytest

from casino_records.engine.options import OPTIONS, PRESET_SUMMARIES
from casino_records.engine.rulebook import (
    RULE_ID,
    close_ids,
    parse_rulebook,
    rule,
    rulebook,
)
from casino_records.engine.rules import PRESETS, Rules, preset_defaults
from casino_records.present.rules_text import reference_markdown, value_text
from tests.paths import DOCS, ROOT

PACKAGE = ROOT / "casino_records"
RULES_MD = DOCS / "rules.md"
STRING_TOKENS = {tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}
"""String literals; from Python 3.12 an f-string's text is its own token."""
REGENERATE = "regenerate it with `make docs` (casino-records rules --format markdown)"


def cited_ids(path: Path) -> set[str]:
    """Rule ids in the string literals (messages, ``rule=`` values) of a source file."""
    found: set[str] = set()
    source = path.read_text(encoding="utf-8")
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in STRING_TOKENS:
            found |= set(RULE_ID.findall(token.string))
    return found


def test_docs_rules_md_is_generated_and_fresh() -> None:
    assert RULES_MD.read_text("utf-8") == reference_markdown(), (
        f"docs/rules.md is stale: {REGENERATE}"
    )


def test_the_rulebook_is_package_data() -> None:
    # Read the way the library reads it (importlib.resources), not by path.
    source = resources.files("casino_records.engine").joinpath("rulebook.md")
    assert source.is_file()
    assert parse_rulebook(source.read_text("utf-8")).entries == rulebook().entries


def test_every_rule_id_the_code_cites_is_defined() -> None:
    defined = set(rulebook().entries)
    cited: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for rule_id in cited_ids(path):
            cited.setdefault(rule_id, set()).add(str(path.relative_to(ROOT)))
    missing = {rule_id: sorted(where) for rule_id, where in cited.items()}
    missing = {k: v for k, v in missing.items() if k.upper() not in defined}
    assert not missing, f"cited but not defined in rulebook.md: {missing}"
    # The scan sees the ids the engine raises with.
    assert {"R5.1", "G1", "C3", "R9.2", "R13.4", "R2.4", "B4"} <= set(cited)


def test_the_scan_catches_an_undefined_id(tmp_path: Path) -> None:
    source = tmp_path / "x.py"
    source.write_text('raise E("R99.1 no such rule", rule="G9")\n', encoding="utf-8")
    assert cited_ids(source) == {"R99.1", "G9"}


def test_every_id_the_reference_and_options_cite_is_defined() -> None:
    book = rulebook()
    defined = set(book.entries)
    texts = [book.intro] + [s.text for s in book.sections]
    texts += [e.text for e in book.entries.values()]
    in_text = {i for text in texts for i in RULE_ID.findall(text)}
    assert in_text - defined == set()
    in_options = {i for option in OPTIONS.values() for i in option.rules}
    assert in_options - defined == set()


def test_options_catalogue_is_the_rules_fields() -> None:
    fields = [f.name for f in dataclasses.fields(Rules) if f.name != "preset"]
    assert list(OPTIONS) == fields
    assert set(PRESET_SUMMARIES) == set(PRESETS)
    for option in OPTIONS.values():
        assert option.meaning.endswith(".") and "\n" not in option.meaning
        assert option.rules, option.name


def table_rows(markdown: str) -> dict[str, list[str]]:
    """The options table of docs/rules.md: option name -> its cells."""
    rows = {}
    for line in markdown.splitlines():
        match = re.match(r"\| `(\w+)` \|(.*)\|$", line)
        if match and match[1] not in PRESETS:
            rows[match[1]] = [c.strip() for c in match[2].split(" | ")]
    return rows


def test_options_table_agrees_with_the_library() -> None:
    rows = table_rows(RULES_MD.read_text("utf-8"))
    assert list(rows) == list(OPTIONS), "docs/rules.md's options table: " + REGENERATE
    for name, cells in rows.items():
        values, *defaults, meaning, cited = cells
        assert values == OPTIONS[name].values_text, name
        assert defaults == [value_text(preset_defaults(p)[name]) for p in PRESETS]
        assert meaning == OPTIONS[name].meaning, name
        assert cited == ", ".join(OPTIONS[name].rules), name


def test_a_changed_option_makes_the_table_stale() -> None:
    rows = table_rows(reference_markdown())
    assert rows == table_rows(RULES_MD.read_text("utf-8"))
    edited = RULES_MD.read_text("utf-8").replace("| `sweeps` | true or false |", "")
    assert list(table_rows(edited)) != list(OPTIONS)


def test_rule_lookup_any_case_and_suggestions() -> None:
    assert rule("r13.4").id == "R13.4" and rule(" g1 ").id == "G1"
    with pytest.raises(KeyError):
        rule("R9.9")
    assert close_ids("R9.9") == ["R9.1", "R9.2", "R9.3", "R9.4"]
    assert close_ids("g7") == ["G1", "G2", "G3"]


def test_the_parser_refuses_a_broken_reference() -> None:
    with pytest.raises(ValueError, match="line 3"):
        parse_rulebook("# T\n## S\n### not-an-id Title\n")
    with pytest.raises(ValueError, match="defined twice"):
        parse_rulebook("# T\n## S\n### G1 A\n### G1 B\n")
    with pytest.raises(ValueError, match="line 2"):
        parse_rulebook("# T\n### G1 outside a section\n")


def test_the_options_section_must_end_the_reference() -> None:
    with pytest.raises(ValueError, match="## Options"):
        reference_markdown("# T\n\n## S\n### G1 A\ntext\n")
    assert reference_markdown("# T\n\n## Options\n\nprose\n").count("`sweeps`") == 1
