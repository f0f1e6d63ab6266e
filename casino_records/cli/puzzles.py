"""``puzzles``: the mistakes of records as puzzles, one JSON line each."""

from __future__ import annotations

import signal
import sys
import time
from collections.abc import Iterator
from contextlib import nullcontext
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Final

import click

from ..analysis.game_analysis import DEFAULT_EXACT_MOVES
from .exits import EXIT_PROBLEM, EXIT_UNREADABLE, is_terminal, stderr
from .inputs import record_files, same_file
from .options import INPUTS, JOBS_OPTION, OUTPUT, Settings
from .outputs import atomic_output
from .stopping import Stopped, stopping_on

if TYPE_CHECKING:
    from ..record.files.sources import Item

__all__ = ["puzzles"]

_STOP_SIGNALS: Final = (signal.SIGTERM, signal.SIGHUP)
"""``kill`` and a closed terminal stop the run with nothing written (Ctrl+C too,
as every command)."""


@click.command()
@click.argument("paths", nargs=-1, required=True, type=INPUTS)
@click.option(
    "-o",
    "--output",
    type=OUTPUT,
    default=Path("-"),
    show_default=True,
    help="Where to write the puzzles (JSON Lines), atomically.",
)
@click.option(
    "--force",
    is_flag=True,
    help="Allow -o to name an input file (it is replaced by the puzzles).",
)
@click.option(
    "--min-loss",
    type=click.FloatRange(0, min_open=True),
    default=1.0,
    show_default=True,
    help="Points the move played must have lost (1: the ? mark).",
)
@click.option(
    "--margin",
    type=click.FloatRange(0, min_open=True),
    default=1.0,
    show_default=True,
    help="Points by which the best move must beat every other move.",
)
@click.option(
    "--exact-moves",
    type=click.IntRange(0),
    default=DEFAULT_EXACT_MOVES,
    show_default=True,
    help="Moves at the end of each deal within the exact solver's reach.",
)
@JOBS_OPTION
@click.option(
    "--progress/--no-progress",
    default=None,
    help="Show a progress bar on stderr [default: on a terminal].",
)
@click.pass_obj
def puzzles(
    settings: Settings,
    paths: tuple[Path, ...],
    output: Path,
    force: bool,
    min_loss: float,
    margin: float,
    exact_moves: int,
    jobs: int,
    progress: bool | None,
) -> None:
    """Make puzzles of the mistakes in records: one JSON line per puzzle.

    A puzzle is a position where the mover lost at least --min-loss points
    and one move is clearly best: its exact value beats every other legal
    move's by --margin points. Only positions whose values are exact for what
    the mover knew are used: in the last round of a deal, within the last
    --exact-moves moves, with every card the mover has not seen in one other
    hand (the whole last round with two players). Each line holds what the
    mover could see, every legal move with its value and the solver's line of
    play to the end of the deal, the best move and the move played
    (docs/analysis.md, "Puzzles"). The order is the input's, whatever --jobs.
    A record that cannot be read is named on stderr and skipped. Exit code 2
    if any record is unreadable, else 1 if any is invalid; 130 when stopped
    by Ctrl+C, 128 + N by signal N (143: SIGTERM), with nothing written.
    """
    from ..analysis.puzzle import puzzle_line
    from ..analysis.puzzles import PuzzleOptions, item_puzzles
    from ..check.batch import default_jobs, parallel_map
    from ..record.files.sources import iter_items

    t = settings.translator
    files = record_files(paths)
    if not force and any(same_file(p, output) for p in files):
        said = t.gettext("-o {file} is an input; add --force to replace it")
        raise click.UsageError(said.format(file=output))
    options = PuzzleOptions(min_loss, margin, exact_moves)
    size = sum(p.stat().st_size for p in files if str(p) != "-")
    show = is_terminal() if progress is None else progress
    started = time.perf_counter()
    found = records = 0
    failed = {"unreadable": 0, "invalid": 0}

    def numbered() -> Iterator[tuple[int, Item]]:
        yield from enumerate(iter_items(files, max_bytes=settings.max_bytes), 1)

    work = partial(item_puzzles, options=options, max_bytes=settings.max_bytes)
    bar_cm = (
        click.progressbar(
            length=size, label=t.gettext("finding puzzles"), file=sys.stderr
        )
        if show
        else nullcontext(None)
    )
    try:
        with stopping_on(_STOP_SIGNALS), atomic_output(output) as stream, bar_cm as bar:
            results = parallel_map(
                work, numbered(), jobs=jobs or default_jobs(), chunksize=4
            )
            try:
                for result in results:
                    records += 1
                    if bar is not None:
                        bar.update(result.size)
                    if result.problem:
                        failed["unreadable" if result.unreadable else "invalid"] += 1
                        said = t.gettext("skipped {source}: {problem}")
                        stderr(said.format(source=result.label, problem=result.problem))
                    for puzzle in result.puzzles:
                        stream.write(puzzle_line(puzzle))
                        found += 1
            finally:
                results.close()
    except Stopped as stopped:
        said = t.gettext("stopped by signal {signal}: nothing written")
        stderr(said.format(signal=stopped.signum))
        sys.exit(128 + stopped.signum)
    puzzles = t.ngettext("{n} puzzle", "{n} puzzles", found).format(n=found)
    read = t.ngettext("{n} record", "{n} records", records).format(n=records)
    seconds = f"{time.perf_counter() - started:.1f}"
    said = (
        t.gettext("{puzzles} from {records} in {seconds} s")
        if str(output) == "-"
        else t.gettext("{puzzles} from {records} to {file} in {seconds} s")
    )
    stderr(said.format(puzzles=puzzles, records=read, file=output, seconds=seconds))
    if failed["unreadable"]:
        sys.exit(EXIT_UNREADABLE)
    if failed["invalid"]:
        sys.exit(EXIT_PROBLEM)
