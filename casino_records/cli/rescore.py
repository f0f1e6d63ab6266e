"""``rescore``: the dispute report, every claimed score against the computed one, and corrections.

Registered on the group in :mod:`casino_records.cli.main`; like it, it imports the
engine only when it runs.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import IO, Any, Final

import click

from ..check.status import STATUSES, Status
from ..i18n import DEFAULT, ENGLISH, Translator, translator
from ..record.files.kinds import RecordKind
from ..record.files.sources import Item
from .exits import EXIT_PROBLEM, exit_code, stderr
from .inputs import record_files, same_file
from .options import (
    FORMAT_OPTION,
    INPUTS,
    JOBS_OPTION,
    OUTPUT,
    STRICT_OPTION,
    VERBOSE_OPTION,
    Settings,
)
from .outputs import atomic_output, format_of

__all__ = ["rescore"]


@dataclass(frozen=True, slots=True)
class _Rescored:
    """One record rescored in a worker: what the main process prints and writes."""

    label: str
    status: Status
    text: str
    """The dispute report (or the read errors) for people."""
    entry: bytes | None
    """The ``--format json`` entry."""
    corrected: bytes | None
    """The corrected record in the target's format, when one is written and it
    could be corrected."""
    uncorrected: str = ""
    """Why no corrected record could be written, when one was asked for."""


def _error_report(label: str, status: str, errors: list[Any], t: Translator) -> str:
    """The read errors of a record that cannot be read, each with its pointer:
    there is no game to tell, only the file to fix."""
    from ..check.outcome import error_text
    from ..present.status_words import status_word

    count = t.ngettext("{n} error", "{n} errors", len(errors)).format(n=len(errors))
    lines = [f"{label}: {status_word(status, t).upper()} — {count}"]
    lines += [f"  ✗ {error_text(e, t=t)}" for e in errors]
    return "\n".join(lines) + "\n"


def _rescore_item(
    numbered: tuple[int, Item],
    *,
    max_bytes: int,
    fmt: str,
    target: RecordKind | None,
    strict: bool = False,
    verbose: bool = False,
    lang: str = DEFAULT,
) -> tuple[int, _Rescored]:
    """Read, replay and (when ``target``) correct one item; never raises for bad input.

    The report for people is in the language ``lang`` (a code: a worker loads
    its own translator); the JSON entry is the same in every language."""
    from ..check.batch import checked_item
    from ..check.correct import corrected_data
    from ..check.explain.dispute import explain
    from ..present.report_text import report_text
    from ..record.files.writers import RecordTooLargeError, record_bytes
    from ..record.json.dump import dumps_json

    number, item = numbered
    t = translator(lang) if fmt != "json" else ENGLISH
    checked = checked_item(item, max_bytes, strict)
    report = checked.report
    if report is not None and checked.record is not None and checked.replayed:
        report.explanations = explain(checked.record, checked.replayed, t=t)
    if report is None:
        text = _error_report(item.label, checked.status, checked.errors, t)
    else:
        text = report_text(report, verbose, t=t)
    entry = dumps_json(checked.entry()) if fmt == "json" else None
    fixed = None
    why = ""
    if target is not None:
        if checked.record is None or report is None or not report.valid:
            why = (
                t.gettext("an unreadable record cannot be corrected")
                if checked.status == "unreadable"
                else t.gettext("an invalid record cannot be corrected")
            )
        else:
            try:
                fixed = record_bytes(
                    corrected_data(checked.record, report), target, max_bytes
                )
            except RecordTooLargeError as exc:
                too_large = t.gettext("the corrected copy is {why}").format(
                    why=exc.message
                )
                text += f"{item.label}: {too_large}\n"
                why = exc.message.removeprefix("not written: ")
    return number, _Rescored(item.label, checked.status, text, entry, fixed, why)


@click.command()
@click.argument("paths", nargs=-1, required=True, type=INPUTS)
@click.option(
    "-o",
    "--output",
    type=OUTPUT,
    help="Write a corrected copy (claimed scores replaced by computed ones) here.",
)
@click.option(
    "--in-place", is_flag=True, help="Correct the input files themselves (atomically)."
)
@JOBS_OPTION
@STRICT_OPTION
@VERBOSE_OPTION
@FORMAT_OPTION
@click.pass_obj
def rescore(
    settings: Settings,
    paths: tuple[Path, ...],
    output: Path | None,
    in_place: bool,
    jobs: int,
    strict: bool,
    fmt: str,
    verbose: bool,
) -> None:
    """Print the dispute report: every claimed score against the computed one.

    Per deal and side, each claimed category shows claimed / computed with ✓ or
    ✗, then the match totals and winner; under each difference, the moves that
    decided it (--verbose adds their JSON pointers). With -o, a copy whose claimed scores
    are the computed ones is written (never over an input unless --in-place);
    an invalid record cannot be corrected. Claims on a deal not played out
    cannot be checked: the report says so and checks what the moves played
    decide; with --strict such a record counts as disputed. Records are read
    one at a time, so an archive's size does not matter. Exit code 1 if any record is disputed
    or invalid, 2 if any is unreadable; 130 when stopped by Ctrl+C, 143 by
    SIGTERM.
    """
    from ..check.batch import default_jobs, parallel_map
    from ..record.files.sources import iter_items

    files = record_files(paths)
    if output is not None:
        clash = [p for p in files if same_file(p, output)]
        if clash and not in_place:
            raise click.UsageError(
                f"-o {output} is an input; add --in-place to overwrite it"
            )
        targets: list[tuple[list[Path], Path | None]] = [(files, output)]
    elif in_place:
        if any(str(p) == "-" for p in files):
            raise click.UsageError("--in-place cannot rewrite standard input")
        targets = [([p], p) for p in files]
    else:
        targets = [(files, None)]
    kinds = [
        _target_kind(target, inputs, settings.max_bytes) for inputs, target in targets
    ]

    def numbered() -> Iterator[tuple[int, Item]]:
        for number, (inputs, _) in enumerate(targets):
            for item in iter_items(inputs, max_bytes=settings.max_bytes):
                yield number, item

    work = partial(
        _rescore_by_target,
        kinds=kinds,
        max_bytes=settings.max_bytes,
        fmt=fmt,
        strict=strict,
        verbose=verbose,
        lang=settings.translator.code,
    )
    results = parallel_map(work, numbered(), jobs=jobs or default_jobs(), chunksize=8)
    report_to_stderr = output is not None and str(output) == "-"
    counts = dict.fromkeys(STATUSES, 0)
    stream = sys.stderr.buffer if report_to_stderr else sys.stdout.buffer
    if fmt == "json":
        stream.write(b'{"records": [\n')
    uncorrected = False
    first_entry = True
    try:
        grouped = itertools.groupby(results, key=lambda pair: pair[0])
        for number, group in grouped:
            writer = _Corrections(
                targets[number][1], kinds[number], settings.translator
            )
            for _, result in group:
                counts[result.status] += 1
                writer.add(result)
                if fmt == "json":
                    assert result.entry is not None
                    stream.write(
                        (b"" if first_entry else b",\n") + result.entry.rstrip(b"\n")
                    )
                    first_entry = False
                else:
                    click.echo(result.text, err=report_to_stderr)
            uncorrected |= not writer.finish()
    finally:
        results.close()
    if fmt == "json":
        from ..record.json.dump import dumps_json

        summary = {**counts, "records": sum(counts.values())}
        stream.write(b'\n], "summary": ' + dumps_json(summary).rstrip() + b"}\n")
    code = exit_code(counts)
    if uncorrected:
        code = max(code, EXIT_PROBLEM)
    sys.exit(code)


def _rescore_by_target(
    numbered: tuple[int, Item],
    *,
    kinds: list[RecordKind | None],
    max_bytes: int,
    fmt: str,
    strict: bool,
    verbose: bool,
    lang: str,
) -> tuple[int, _Rescored]:
    target = kinds[numbered[0]]
    return _rescore_item(
        numbered,
        max_bytes=max_bytes,
        fmt=fmt,
        target=target,
        strict=strict,
        verbose=verbose,
        lang=lang,
    )


def _target_kind(
    target: Path | None, inputs: list[Path], max_bytes: int
) -> RecordKind | None:
    """The kind of file a corrected copy is written as (``None``: none is written)."""
    if target is None:
        return None
    if str(target) == "-":
        return "jsonl"
    if target.exists() and same_file(target, inputs[0]) and len(inputs) == 1:
        from ..record.files.sources import items_of_stream

        with open(target, "rb") as stream:  # the input's own kind, as read
            first = next(items_of_stream(stream, target, str(target), max_bytes), None)
        if first is not None and first.kind != "error":
            return first.kind
    kind = format_of(target, None)
    if kind == "csv":
        raise click.UsageError("a corrected copy is a record: .json, .jsonl or .txt")
    return "json" if kind == "json" else "jsonl" if kind == "jsonl" else "text"


class _Corrections:
    """The corrected copy of one target, written as the records come.

    The records go to a temporary file that becomes the target only when
    every record could be corrected; otherwise nothing is written and the
    records that could not be are named.
    """

    _SHOWN: Final = 5

    def __init__(
        self, target: Path | None, kind: RecordKind | None, t: Translator
    ) -> None:
        self.target = target
        self.kind = kind
        self.t = t
        self.bad: list[str] = []
        self.bad_count = 0
        self.written = 0
        self.spool: IO[bytes] | None = None
        if target is not None:
            import tempfile

            self.spool = tempfile.TemporaryFile(prefix="casino-rescore.")

    def add(self, result: _Rescored) -> None:
        if self.spool is None:
            return
        if result.corrected is None:
            self.bad_count += 1
            if len(self.bad) < self._SHOWN:
                self.bad.append(f"{result.label}: {result.uncorrected}")
            return
        if self.bad_count:
            return  # nothing will be written: keep no more
        if self.kind == "json" and self.written:
            self.bad_count += 1
            one = self.t.gettext("a .json file holds one record")
            self.bad.append(f"{result.label}: {one}")
            return
        from ..record.files.writers import TEXT_SEPARATOR

        if self.kind == "text" and self.written:
            self.spool.write(TEXT_SEPARATOR)
        self.spool.write(result.corrected)
        self.written += 1

    def finish(self) -> bool:
        """Write the target if every record was corrected; False if not written."""
        if self.spool is None or self.target is None:
            return True
        import shutil

        with self.spool:
            if self.bad_count:
                more = self.bad_count - len(self.bad)
                names = "; ".join(self.bad)
                if more > 0:
                    names += self.t.ngettext(
                        "; and {n} more", "; and {n} more", more
                    ).format(n=more)
                stderr(
                    self.t.gettext("not written: {target}: {why}").format(
                        target=self.target, why=names
                    )
                )
                return False
            self.spool.seek(0)
            with atomic_output(self.target) as out:
                shutil.copyfileobj(self.spool, out)
        written = self.written
        stderr(
            self.t.ngettext(
                "wrote {n} corrected record to {target}",
                "wrote {n} corrected records to {target}",
                written,
            ).format(n=written, target=self.target)
        )
        return True
