"""``validate --summary``: a folder of records checked, in a few friendly lines.

What ``make run`` prints first. Every record is validated and re-scored; each
one that is not ok gets one line: for a disputed record, the one-sentence
explanation of its likeliest counting mistake (the ``rescore`` report's "What
went wrong"); for an invalid or unreadable one, its first error in words with
the rule it breaks. The ok records are counted, and the commands that show
the full reports close the summary. The exit codes are ``validate``'s.

Everything is in the translator's language (``--lang``): the summary's own
words, the explanations' sentences and the errors (those the engine and the
replay word to be said so: docs/i18n.md says which are still English).
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Final

from ..check.outcome import finding_text
from ..check.status import STATUSES, Status
from ..i18n import DEFAULT, ENGLISH, Translator, translator
from ..present.status_words import status_width, status_word
from .exits import exit_code

if TYPE_CHECKING:
    from ..check.batch import Checked
    from ..record.files.sources import Item

__all__ = ["RecordLine", "program_name", "summarize", "summary_of", "summary_lines"]

PROGRAM: Final = "casino-records"


@dataclass(frozen=True, slots=True)
class RecordLine:
    """One record checked, as the summary tells it (small: it comes from a worker)."""

    label: str
    """Where the record comes from."""
    status: Status
    """ok, disputed, invalid or unreadable."""
    sentence: str = ""
    """Why it is not ok, in one sentence (``""`` when ok)."""
    more: int = 0
    """Further explanations or problems, which the full report shows."""
    unchecked: bool = False
    """Ok, but with claimed scores that could not all be checked (rule D8)."""


def _first_error(checked: Checked, t: Translator) -> str:
    """The first error in words (``t``'s language), with its rule when the
    message does not cite it."""
    report = checked.report
    if report is None:
        return checked.problem_in(t)
    first = next(f for f in report.findings if f.severity == "error")
    return finding_text(first, t=t, report=report)


def _first_dispute(checked: Checked, t: Translator) -> tuple[str, int]:
    """The first explanation of the dispute (else the first differing claim)
    and how many more there are."""
    from ..check.explain.dispute import explain

    assert checked.record is not None and checked.replayed is not None
    explanations = explain(checked.record, checked.replayed, t=t)
    if explanations:
        first = explanations[0]
        if first.deal is None:
            sentence = t.gettext("Match: {sentence}").format(sentence=first.sentence)
        else:
            sentence = t.gettext("Deal {deal}: {sentence}").format(
                deal=first.deal + 1, sentence=first.sentence
            )
        return sentence, len(explanations) - 1
    report = checked.replayed.report
    disputes = [f for f in report.findings if f.severity == "dispute"]
    return finding_text(disputes[0], t=t, report=report), len(disputes) - 1


def summary_of(
    item: Item, *, max_bytes: int, strict: bool = False, lang: str = DEFAULT
) -> RecordLine:
    """Check one record and tell it in one line, in the language ``lang`` (a
    code: a worker loads its own translator); never raises for bad input."""
    from ..check.batch import checked_item

    checked = checked_item(item, max_bytes, strict)
    status = checked.status
    if status == "ok":
        findings = checked.report.findings if checked.report is not None else []
        unchecked = any(f.severity == "warning" and f.rule == "D8" for f in findings)
        return RecordLine(item.label, status, unchecked=unchecked)
    if status == "disputed":
        sentence, more = _first_dispute(checked, translator(lang))
    else:
        sentence, more = _first_error(checked, translator(lang)), checked.problems - 1
    return RecordLine(item.label, status, sentence, max(more, 0))


def program_name(argv0: str | None = None) -> str:
    """How to call this command again from where it was called: its name when
    it is on the ``PATH``, else the path it was called by (``.venv/bin/...``)."""
    called = argv0 if argv0 is not None else sys.argv[0]
    if Path(called).name != PROGRAM or os.sep not in called:
        return PROGRAM
    found = shutil.which(PROGRAM)
    if found is not None and os.path.realpath(found) == os.path.realpath(called):
        return PROGRAM
    return called


def summary_lines(
    lines: Iterable[RecordLine],
    paths: Sequence[str],
    counts: dict[str, int],
    program: str = PROGRAM,
    *,
    t: Translator = ENGLISH,
) -> Iterator[str]:
    """The summary, line by line as the records come: one per record not ok,
    then the totals (also counted into ``counts``) and the commands that show
    the full reports; in ``t``'s language."""
    from ..present.report_text import summary_line

    width = status_width(STATUSES, t)
    unchecked = 0
    first_disputed = ""
    for line in lines:
        counts[line.status] = counts.get(line.status, 0) + 1
        if line.status == "ok":
            unchecked += line.unchecked
            continue
        if line.status == "disputed" and not first_disputed:
            first_disputed = line.label
        more = ""
        if line.more:
            more = " " + t.ngettext(
                "(+{n} more in the full report)",
                "(+{n} more in the full report)",
                line.more,
            ).format(n=line.more)
        status = status_word(line.status, t)
        yield f"{status:<{width}}  {line.label}: {line.sentence}{more}"
    note = ""
    if unchecked:
        note = " " + t.ngettext(
            "({n} ok record has claimed scores not checked: a deal not played out)",
            "({n} ok records have claimed scores not checked: a deal not played out)",
            unchecked,
        ).format(n=unchecked)
    yield summary_line({s: counts.get(s, 0) for s in STATUSES}, t=t) + note
    if counts.get("ok", 0) == sum(counts.values()):
        return
    where = " ".join(shlex.quote(p) for p in paths)
    steps = []
    if first_disputed:
        steps.append(
            (t.gettext("one score sheet:"), f"rescore {shlex.quote(first_disputed)}")
        )
    steps.append((t.gettext("one line per record:"), f"validate {where}"))
    steps.append((t.gettext("every report in full:"), f"rescore {where}"))
    width = max(len(what) for what, _ in steps)
    yield t.gettext("The full reports:")
    for what, command in steps:
        yield f"  {what:<{width}}  {program} {command}"


def summarize(
    paths: Sequence[Path],
    *,
    max_bytes: int,
    jobs: int,
    strict: bool,
    t: Translator = ENGLISH,
    program: str | None = None,
) -> int:
    """Print the summary of the records in ``paths`` in ``t``'s language; return
    the exit code. ``program`` is how the closing commands call this one
    (:func:`program_name` when None)."""
    from ..check.batch import map_files

    work = partial(summary_of, max_bytes=max_bytes, strict=strict, lang=t.code)
    results = map_files(work, paths, jobs=jobs, max_bytes=max_bytes)
    shown = [str(p) for p in paths]
    counts = dict.fromkeys(STATUSES, 0)
    try:
        called = program if program is not None else program_name()
        for line in summary_lines(results, shown, counts, called, t=t):
            sys.stdout.write(line + "\n")
    finally:
        results.close()
    sys.stdout.flush()
    return exit_code(counts)
