"""``analyse``: how good was each move of a game (exact endgames, sampled estimates)."""

from __future__ import annotations

import time
from pathlib import Path

import click

from ..analysis.game_analysis import DEFAULT_EXACT_MOVES
from ..i18n import ENGLISH, Translator
from .exits import is_terminal, stderr
from .inputs import load_one, same_file
from .options import FORMAT_OPTION, INPUT_FILE, OUTPUT, Settings
from .outputs import atomic_output, format_of, write_records

__all__ = ["analyse", "progress_bar"]

_BAR_WIDTH = 24


def progress_bar(done: int, total: int, elapsed: float, t: Translator = ENGLISH) -> str:
    """The progress line: a bar, the moves analysed and the time so far.

    >>> progress_bar(36, 144, 2.5)
    '[######------------------]  36/144 moves  2.5 s'
    >>> progress_bar(0, 0, 0.0)
    '[------------------------] starting  0.0 s'
    """
    filled = _BAR_WIDTH * done // total if total else 0
    bar = "#" * filled + "-" * (_BAR_WIDTH - filled)
    count = (
        t.ngettext("{done}/{total} move", "{done}/{total} moves", total).format(
            done=f"{done:>{len(str(total))}}", total=total
        )
        if total
        else t.gettext("starting")
    )
    return f"[{bar}] {count}  {elapsed:.1f} s"


@click.command()
@click.argument("game", metavar="GAME", type=INPUT_FILE)
@click.option(
    "--record",
    "number",
    type=click.IntRange(1),
    help="In an archive, the record to analyse (1 = the first).",
)
@click.option(
    "--samples",
    type=click.IntRange(1),
    default=None,
    help="At most this many sampled deals per estimated move; sampling stops"
    " sooner once more would not change the verdict [default: 200].",
)
@click.option(
    "--seed", default="0", show_default=True, help="Seed of every random choice."
)
@click.option(
    "--exact-moves",
    type=click.IntRange(0),
    default=DEFAULT_EXACT_MOVES,
    show_default=True,
    help="Moves at the end of each deal solved exactly, every card known.",
)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(0),
    default=1,
    show_default=True,
    help="Worker processes; 0 means one per core. The result does not depend on it.",
)
@FORMAT_OPTION
@click.option(
    "-o",
    "--output",
    type=OUTPUT,
    default=Path("-"),
    show_default=True,
    help="Where to write the analysis.",
)
@click.option(
    "--annotate",
    "annotated",
    type=OUTPUT,
    help="Also write the record with the analysis as glyphs and comments"
    " (.json, .jsonl or .txt).",
)
@click.option(
    "--in-place",
    is_flag=True,
    help="Allow --annotate to name the input file itself (rewritten atomically).",
)
@click.option(
    "--progress/--no-progress",
    default=None,
    help="Show progress on stderr [default: on a terminal].",
)
@click.pass_obj
def analyse(
    settings: Settings,
    game: Path,
    number: int | None,
    samples: int | None,
    seed: str,
    exact_moves: int,
    jobs: int,
    fmt: str,
    output: Path,
    annotated: Path | None,
    in_place: bool,
    progress: bool | None,
) -> None:
    """Analyse every move of GAME: the points it lost against the best move.

    The last moves of each deal (--exact-moves) are solved exactly with every
    card known; earlier moves are estimated from what the mover knew: the cards
    they could not see are dealt at random (up to --samples times, consistently
    with every move seen) and played out by the greedy bot. Moves losing 0.5, 1 and 2
    points are marked ?!, ? and ?? (estimates only when the loss is also two
    standard errors). The same --seed gives the same analysis, with any --jobs.
    """
    from ..analysis.analyse import (
        DEFAULT_SAMPLES,
        analyse_record,
        make_settings,
    )
    from ..analysis.annotate import annotate
    from ..check.batch import default_jobs
    from ..present.analysis_text import analysis_text
    from ..record.json.jsonio import dumps_json

    t = settings.translator
    if annotated is not None:
        if same_file(game, annotated) and not in_place:
            said = t.gettext(
                "--annotate {file} is the input; add --in-place to rewrite it"
            )
            raise click.UsageError(said.format(file=annotated))
        if same_file(game, annotated) and number is not None:
            raise click.UsageError(
                t.gettext(
                    "--in-place with --record would drop the archive's other"
                    " records; write the annotated record to another file"
                )
            )
        annotated_format = format_of(annotated, None)
        if str(annotated) == "-" and str(output) == "-":
            raise click.UsageError(
                t.gettext("--annotate - and -o - would both use standard output")
            )
    label, record = load_one(game, settings.max_bytes, number)
    analysis_settings = make_settings(
        samples=DEFAULT_SAMPLES if samples is None else samples,
        seed=seed,
        exact_moves=exact_moves,
    )
    show = is_terminal() if progress is None else progress
    started = time.perf_counter()

    def report(done: int, total: int) -> None:
        line = progress_bar(done, total, time.perf_counter() - started, t)
        click.echo(f"\r{line}", err=True, nl=done == total)

    if show:
        report(0, 0)

    analysis = analyse_record(
        record,
        analysis_settings,
        source=label,
        jobs=jobs or default_jobs(),
        progress=report if show else None,
    )
    elapsed = time.perf_counter() - started
    with atomic_output(output) as stream:
        if fmt == "json":
            stream.write(dumps_json(analysis))
        else:
            stream.write(analysis_text(analysis, t).encode())
    if annotated is not None:
        with atomic_output(annotated) as stream:
            write_records(
                [annotate(record, analysis)],
                stream,
                annotated_format,
                settings.max_bytes,
            )
    moves = len(analysis.moves)
    done = t.ngettext(
        "analysed {n} move in {seconds} s ({nodes} positions searched or played out)",
        "analysed {n} moves in {seconds} s ({nodes} positions searched or played out)",
        moves,
    ).format(n=moves, seconds=f"{elapsed:.1f}", nodes=analysis.nodes)
    if annotated:
        written = t.gettext("annotated record written to {file}")
        done += "; " + written.format(file=annotated)
    stderr(done)
