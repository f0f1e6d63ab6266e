"""What checking one record found, in brief: its status and its first problem.

An :class:`Outcome` is small, so that worker processes send it back cheaply;
``validate`` prints one per record, and the viewer lists them.

>>> outcome = Outcome("a.json", "invalid", "deal 1: bad (/deals/0)", 3)
>>> outcome.more
2
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from ..i18n import DEFAULT, ENGLISH, Translator
from .status import Severity, Status

if TYPE_CHECKING:
    from ..errors import RecordFormatError
    from ..i18n import Said
    from ..record.format.readnotes import ReadNotes
    from .report import Finding, ReplayReport

__all__ = [
    "Outcome",
    "error_text",
    "finding_text",
    "first_finding",
    "first_problem",
    "in_source_terms",
    "placed",
    "said_in",
    "shown_pointer",
]

_SHOWN_POINTER: Final = 200
"""The longest pointer a line shows (the JSON output keeps it whole)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What checking one record found (small, so cheap to send between processes)."""

    label: str
    """Where the record comes from (see :class:`casino_records.record.files.sources.Item`)."""
    status: Status
    """``ok``, ``disputed``, ``invalid`` or ``unreadable``."""
    problem: str = ""
    """The first problem in players' words, with its rule; ``""`` when ok."""
    problems: int = 0
    """How many problems (errors and disputes) were found."""
    size: int = 0
    """The item's size (for progress bars)."""
    report: bytes | None = None
    """When asked for: a JSON object (``jsonio.dumps_json``) with ``source``,
    ``status``, ``problem`` and the replay ``report`` (or the read ``errors``)."""
    loc: str = ""
    """The JSON pointer of the first problem (``""`` for the whole record)."""

    @property
    def more(self) -> int:
        """How many problems there are besides the first."""
        return max(self.problems - 1, 0)


def placed(message: str, where: str, loc: str) -> str:
    """A message with its place in words before it and its pointer after.

    >>> placed("bad", "deal 1", "/deals/0")
    'deal 1: bad (/deals/0)'
    """
    text = message
    if where and where != "the whole record" and where not in message:
        text = f"{where}: {message}"
    return text + (f" ({shown_pointer(loc)})" if loc else "")


def shown_pointer(loc: str) -> str:
    """A pointer as a line of text shows it: shortened past 200 characters
    (a key of the writer's may be a megabyte long; the JSON output keeps it whole)."""
    if len(loc) > _SHOWN_POINTER:
        return loc[: _SHOWN_POINTER - 3] + "..."
    return loc


def error_text(error: RecordFormatError, *, t: Translator = ENGLISH) -> str:
    """An error in one line: place in words, message, JSON pointer; in ``t``'s
    language where the error keeps its words to be said so (``said``, else in
    English).

    >>> from casino_records.errors import RecordFormatError
    >>> error_text(RecordFormatError("bad", loc="/deals/0", where="deal 1"))
    'deal 1: bad (/deals/0)'
    """
    from ..i18n import Said

    message, where = error.message, error.where
    if t.code != DEFAULT:
        if isinstance(error.said, Said):
            message = error.said.text(t)
        if isinstance(error.said_where, Said) and where not in ("", "the whole record"):
            where = error.said_where.text(t)
    return placed(message, where, error.loc)


def first_finding(report: ReplayReport) -> Finding | None:
    """The first error of a report, else its first dispute, else its first
    warning (such as claims that could not be checked), or None."""
    for severity in Severity:
        for finding in report.findings:
            if finding.severity == severity:
                return finding
    return None


def finding_text(
    finding: Finding, *, t: Translator = ENGLISH, report: ReplayReport | None = None
) -> str:
    """A finding in one line of players' words: its place, what is wrong and
    the rule (:func:`~casino_records.engine.describe.cited`); no pointer.

    In ``t``'s language where the finding keeps its words to be said so
    (:attr:`~.report.Finding.said`; else, for now, in English), its players and
    sides named as ``report`` names them."""
    from ..engine.describe import cited  # not at start-up: ``--help`` needs none

    message = said_in(finding.message, finding.said, t, report)
    where = said_in(finding.where, finding.said_where, t, report)
    return cited(placed(message, where, ""), finding.rule)


def said_in(
    english: str, kept: Said | None, t: Translator, report: ReplayReport | None
) -> str:
    """``kept`` in ``t``'s language, in players' words (:func:`~casino_records.
    engine.describe.in_words`, the players and sides named as ``report`` names
    them); ``english`` when there is no such ``kept`` or the language is English."""
    if kept is None or t.code == DEFAULT:
        return english
    from ..engine.describe import in_words

    names = report.players if report is not None else []
    sides = report.sides if report is not None else []
    return in_words(kept.text(t, names, sides), sides, names)


def first_problem(report: ReplayReport, *, t: Translator = ENGLISH) -> str:
    """The first problem of a report (:func:`first_finding`) in words (``t``'s
    language), or ``""``."""
    finding = first_finding(report)
    return "" if finding is None else finding_text(finding, t=t, report=report)


def in_source_terms(report: ReplayReport, notes: ReadNotes) -> None:
    """Tell every finding of ``report`` in the terms of the file it was read from.

    A card typed in another spelling is echoed as typed (``11H (read as JH)``),
    and in a text record each finding's ``where`` starts with the line and
    column of the element it concerns. A message or place changed so is
    English only from then on (its :attr:`~.report.Finding.said` is dropped).
    """
    for finding in report.findings:
        message, where = finding.message, finding.where
        if notes.typed:
            echoed = notes.echo(finding.loc, finding.where)
            if echoed == finding.where:
                finding.message = notes.echo(finding.loc, finding.message)
            finding.where = echoed
        place = notes.place(finding.loc)
        if place and not finding.where.startswith(place):
            whole = finding.where in ("", "the whole record")
            finding.where = place if whole else f"{place}, {finding.where}"
        if finding.message != message:
            finding.said = None
        if finding.where != where:
            finding.said_where = None
