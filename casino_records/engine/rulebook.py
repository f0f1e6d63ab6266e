"""The rules reference, ``rulebook.md``: every rule id the project cites, looked up.

``rulebook.md`` ships inside the package and is the one hand-written source of
the rules reference: docs/rules.md is generated from it (plus the options table
of :data:`~casino_records.engine.options.OPTIONS`). Its format: ``# title``,
then ``## section`` headings, each holding ``### <ID> <Title>`` entries; a
section without entries is prose.

A translation is ``rulebook.<code>.md`` beside it (``rulebook.sv.md``): the same
sections in the same order, the same entries with the same ids in the same
order, its titles and text in the language, and the rule ids, option names,
code spans, notation tokens and numbers as they are. Every lookup takes the
language's code; a language without a file reads the English reference.

>>> entry = rule("r9.2")
>>> entry.id, entry.title, entry.section
('R9.2', 'The owner may not trail', 'Trailing')
>>> close_ids("r9.9")[:2]
['R9.1', 'R9.2']
>>> titled, _ = find("residue")
>>> [entry.id for entry in titled][:2]
['R10.2', 'R11.1']
>>> rule("R9.2", "xx") == entry  # no such translation: English
True
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Final

from ..i18n import DEFAULT

__all__ = [
    "RULE_ID",
    "Entry",
    "Rulebook",
    "Section",
    "close_ids",
    "find",
    "mentions",
    "parse_rulebook",
    "rule",
    "rulebook",
    "rulebook_file",
    "translations",
]

RULE_ID: Final = re.compile(r"\b(?:R\d+\.\d+|A\d+|D\d+|[GCBEI]\d+)\b")
"""A rule id as cited in messages and in the reference: ``R9.2``, ``G1``, ``A25`` …"""

_ENTRY: Final = re.compile(r"### (\S+) (.+)")
_TRANSLATION: Final = re.compile(r"rulebook\.([a-z]{2,3})\.md")


@dataclass(frozen=True, slots=True)
class Entry:
    """One rule or reading of the reference."""

    id: str
    """The rule id, e.g. ``R9.2``."""
    title: str
    """Its title, e.g. ``The owner may not trail``."""
    section: str
    """The section it belongs to, e.g. ``Trailing``."""
    text: str
    """Its text (markdown), without the heading."""

    def markdown(self) -> str:
        """The entry as it reads in the reference: heading, then text."""
        return f"### {self.id} {self.title}\n{self.text}\n"


@dataclass(frozen=True, slots=True)
class Section:
    """A ``##`` section: prose, entries, or both."""

    title: str
    """The section's title."""
    text: str
    """Prose before its first entry (often empty)."""
    entries: tuple[Entry, ...] = ()
    """Its entries, in order."""


@dataclass(frozen=True, slots=True)
class Rulebook:
    """The parsed reference."""

    title: str
    """The ``#`` title."""
    intro: str
    """The text before the first section."""
    sections: tuple[Section, ...]
    """Every section, in order."""
    entries: dict[str, Entry] = field(default_factory=dict)
    """Every entry by its id (upper case)."""


def parse_rulebook(text: str) -> Rulebook:
    """Parse the reference's markdown.

    :raises ValueError: a heading out of place, an entry without an id, an id
        given twice.
    """
    title = ""
    intro: list[str] = []
    sections: list[tuple[str, list[str], list[tuple[str, str, list[str]]]]] = []
    body = intro
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("# "):
            if title or sections:
                raise ValueError(f"line {number}: a second '# ' title")
            title = line[2:].strip()
        elif line.startswith("## "):
            sections.append((line[3:].strip(), [], []))
            body = sections[-1][1]
        elif line.startswith("### "):
            match = _ENTRY.fullmatch(line)
            if not sections or match is None or not RULE_ID.fullmatch(match[1]):
                raise ValueError(f"line {number}: expected '### <ID> <Title>'")
            sections[-1][2].append((match[1], match[2].strip(), []))
            body = sections[-1][2][-1][2]
        else:
            body.append(line)
    entries: dict[str, Entry] = {}
    parsed = []
    for name, prose, items in sections:
        section_entries = []
        for rule_id, heading, lines in items:
            if rule_id.upper() in entries:
                raise ValueError(f"rule {rule_id} is defined twice")
            entry = Entry(rule_id, heading, name, "\n".join(lines).strip())
            entries[rule_id.upper()] = entry
            section_entries.append(entry)
        parsed.append(Section(name, "\n".join(prose).strip(), tuple(section_entries)))
    return Rulebook(title, "\n".join(intro).strip(), tuple(parsed), entries)


def rulebook_file(lang: str = DEFAULT) -> str:
    """The file name of the reference in the language ``lang``: ``rulebook.md``
    for English, ``rulebook.<code>.md`` for a translation (which may not exist)."""
    return "rulebook.md" if lang == DEFAULT else f"rulebook.{lang}.md"


@cache
def translations() -> tuple[str, ...]:
    """The codes of the languages the package has a translated reference in, sorted."""
    names = (item.name for item in resources.files(__package__).iterdir())
    return tuple(sorted(m[1] for m in map(_TRANSLATION.fullmatch, names) if m))


@cache
def rulebook(lang: str = DEFAULT) -> Rulebook:
    """The package's rules reference in the language ``lang`` (its
    ``rulebook.<code>.md``; English, ``rulebook.md``, when there is none), parsed once."""
    name = rulebook_file(lang if lang in translations() else DEFAULT)
    source = resources.files(__package__).joinpath(name)
    return parse_rulebook(source.read_text(encoding="utf-8"))


def rule(rule_id: str, lang: str = DEFAULT) -> Entry:
    """The entry of ``rule_id`` (any case), in the language ``lang``.

    :raises KeyError: no such rule; :func:`close_ids` suggests some.
    """
    return rulebook(lang).entries[rule_id.strip().upper()]


def close_ids(rule_id: str, n: int = 4) -> list[str]:
    """Up to ``n`` defined rule ids close to ``rule_id``, in the reference's order.

    Ids of the same family (``r9.9`` → ``R9.1`` … ; ``g7`` → ``G1`` …) come
    first; otherwise the ids spelt most alike.
    """
    entries = rulebook().entries
    wanted = rule_id.strip().upper()
    family = re.sub(r"\d+$", "", wanted)
    same = [key for key in entries if family and re.sub(r"\d+$", "", key) == family]
    if not same:
        same = difflib.get_close_matches(wanted, list(entries), n=n, cutoff=0.5)
    return [entries[key].id for key in same[:n]]


def mentions(query: str, text: str) -> bool:
    """True when ``text`` holds the words of ``query`` in order, each as the
    start of a word, any case (``sweep`` finds ``Sweeps``, ``big casino`` finds
    ``Big Casino`` and ``big_casino``; ``ace`` does not find ``place``).

    >>> mentions("big casino", "points.big_casino"), mentions("ace", "the place")
    (True, False)
    """
    words = re.findall(r"[^\W_]+", query.lower())
    if not words:
        return False
    phrase = r"[\W_]+".join(re.escape(word) for word in words)
    return re.search(rf"(?<![^\W_]){phrase}", text.lower()) is not None


def find(query: str, lang: str = DEFAULT) -> tuple[list[Entry], list[Entry]]:
    """The entries about ``query`` (:func:`mentions`), in the language ``lang``
    and the reference's order: those whose title (or section) names it, then
    those whose text only does. The words of ``lang`` are searched, and the
    English ones: ``find("sweep", "sv")`` finds the Swedish *svep* entries."""
    english = rulebook().entries
    titled: list[Entry] = []
    mentioned: list[Entry] = []
    for key, entry in rulebook(lang).entries.items():
        readings = {entry, english.get(key, entry)}
        if any(mentions(query, f"{e.title} / {e.section}") for e in readings):
            titled.append(entry)
        elif any(mentions(query, e.text) for e in readings):
            mentioned.append(entry)
    return titled, mentioned
