"""What of a page's text the pseudo-language did not wrap, less the record's data.

A page in ``qps`` wraps every message it translates (``⟦…~~~⟧``); what is
left once the wrapped parts are taken out is data (names, cards, numbers,
the record's id and comments) or English not yet translated. The report's
own sentences (the findings' messages and places, the explanations, the
match's reason: ``check/``'s words, not yet translated, docs/i18n.md) are
data here too: they come from the record's replay, not from the page.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html.parser import HTMLParser

from casino_records.present.viewmodel import Game

__all__ = ["data_words", "html_texts", "leftover_words"]

WRAPPED = re.compile(r"⟦[^⟦⟧]*⟧")
WORD = re.compile(r"[A-Za-z][A-Za-z'’]+")
SHOWN_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")


def data_words(game: Game) -> set[str]:
    """Every word the record and its replay's report bring to a page."""
    record, report = game.record, game.report
    texts: list[str] = [*game.names, *game.sides, record.id or "", record.comment or ""]
    texts += [report.preset, report.source]
    for deal in record.deals:
        texts.append(deal.comment or "")
        texts += [m.comment or "" for r in deal.rounds for m in r.moves]
    for finding in report.findings:
        texts += [finding.message, finding.where]
        texts += [d.why for d in finding.deciding]
    texts += [e.sentence for e in report.explanations]
    if report.match is not None:
        texts.append(report.match.reason)
    for deal_report in report.deals:
        texts.append(deal_report.match_note or "")
        texts += [side.note or "" for side in deal_report.sides]
    return {word for text in texts for word in WORD.findall(text)}


class _Texts(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        for name, value in attrs:
            if name in SHOWN_ATTRIBUTES and value:
                self.texts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.texts.append(data)


def html_texts(html: str) -> list[str]:
    """The texts a reader sees or hears of ``html``: its text (not its scripts
    and styles) and its tooltips and labels."""
    parser = _Texts()
    parser.feed(html)
    parser.close()
    return parser.texts


def leftover_words(texts: Iterable[str], data: set[str]) -> set[str]:
    """The words of ``texts`` outside every wrapped part that are not data."""
    found = set()
    for text in texts:
        text = text.replace("\\", "")  # Markdown's escapes
        while WRAPPED.search(text):
            text = WRAPPED.sub(" ", text)
        found |= {word for word in WORD.findall(text) if word not in data}
    return found
