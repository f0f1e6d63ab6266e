"""``fmt``: records rewritten in canonical form, atomically (JSON, JSONL or text)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .exits import EXIT_PROBLEM, stderr
from .options import INPUTS, Settings

__all__ = ["fmt_command"]


@click.command("fmt")
@click.argument("paths", nargs=-1, required=True, type=INPUTS)
@click.option(
    "--check", is_flag=True, help="Only check: exit 1 if any file would change."
)
@click.pass_obj
def fmt_command(settings: Settings, paths: tuple[Path, ...], check: bool) -> None:
    """Rewrite records in canonical form, atomically (JSON, JSONL or text).

    The canonical form is byte-stable (docs/notation.md section 9), so equal
    games give equal files. With --check nothing is written, and the exit code
    is 1 if any file is not canonical. A file holding a bad record, or one
    whose canonical form would pass --max-bytes, is left as it is, said why
    and counted (exit 1 if invalid or too large, 2 if unreadable). - reads standard input and
    writes the canonical form to standard output.
    """
    from ..engine.describe import plural
    from ..record.files.sources import find_files
    from .outputs import canonical_copy

    changed = same = left = code = 0
    for path in find_files(paths):
        problem, differs = canonical_copy(path, settings.max_bytes, write=not check)
        if problem:
            code = max(code, problem)
            left += str(path) != "-"
        elif str(path) == "-":
            code = max(code, EXIT_PROBLEM if check and differs else 0)
        elif differs:
            changed += 1
            click.echo(f"would reformat {path}" if check else f"reformatted {path}")
        else:
            same += 1
    verb = "would be reformatted" if check else "reformatted"
    kept = f", {left} left as {'they are' if left > 1 else 'it is'} (above)" * bool(
        left
    )
    stderr(f"{plural(changed, 'file')} {verb}, {same} already canonical{kept}")
    if check and changed:
        code = max(code, EXIT_PROBLEM)
    sys.exit(code)
