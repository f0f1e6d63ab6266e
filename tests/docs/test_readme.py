"""The README's command-line examples print exactly what the README shows.

Every ``console`` block is run, command by command, from the repository root
(with ``/tmp/`` mapped to a temporary folder). The ``view`` example, which
starts a server, is skipped. When the samples change, regenerate the outputs:
``.venv/bin/python -m tests.docs.test_readme --update`` (it refuses to write an
output that holds a traceback).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.paths import ROOT

pytestmark = pytest.mark.slow

README = ROOT / "README.md"
_BLOCK = re.compile(r"```console\n(.*?)```", re.S)


def _commands(block: str) -> list[tuple[str, list[str]]]:
    commands: list[tuple[str, list[str]]] = []
    for line in block.rstrip("\n").split("\n"):
        if line.startswith("$ "):
            commands.append((line[2:], []))
        elif commands:
            commands[-1][1].append(line)
    return commands


def _run_block(commands: list[str], tmp: str) -> list[list[str]]:
    """Run a block's commands in one shell (so ``echo $?`` works); their outputs."""
    marker = "@@@ next command @@@"
    script = "exec 2>&1\n" + "".join(
        f"rc=$?; echo '{marker}'; (exit $rc)\n{command.replace('/tmp/', f'{tmp}/')}\n"
        for command in commands
    )
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    out = subprocess.run(
        ["bash", "-c", script],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=300,
    )
    text = out.stdout.replace(f"{tmp}/", "/tmp/")
    parts = text.split(marker + "\n")[1:]
    return [part.rstrip("\n").split("\n") if part.strip() else [] for part in parts]


def _skipped(command: str) -> bool:
    return command.startswith("casino-records view")


def _outputs(block: str, tmp: str) -> list[tuple[str, list[str], list[str]]]:
    commands = [(c, e) for c, e in _commands(block) if not _skipped(c)]
    got = _run_block([c for c, _ in commands], tmp)
    return [(c, e, g) for (c, e), g in zip(commands, got, strict=True)]


def test_readme_examples_are_real() -> None:
    blocks = _BLOCK.findall(README.read_text())
    assert blocks
    with tempfile.TemporaryDirectory() as tmp:
        for block in blocks:
            for command, expected, got in _outputs(block, tmp):
                # stdout and stderr may interleave in another order
                assert sorted(got) == sorted(expected), (
                    f"README example out of date: $ {command}\n"
                    "run: .venv/bin/python -m tests.docs.test_readme --update"
                )


def _update() -> None:
    text = README.read_text()
    with tempfile.TemporaryDirectory() as tmp:

        def redo(match: re.Match[str]) -> str:
            outputs = iter(_outputs(match.group(1), tmp))
            lines = []
            for command, expected in _commands(match.group(1)):
                lines.append(f"$ {command}")
                got = expected if _skipped(command) else next(outputs)[2]
                if any(line.startswith("Traceback") for line in got):
                    sys.exit(f"not updated: $ {command} printed a traceback")
                lines += got
            return "```console\n" + "\n".join(lines) + "\n```"

        README.write_text(_BLOCK.sub(redo, text))


if __name__ == "__main__":
    if sys.argv[1:] == ["--update"]:
        _update()
    else:
        sys.exit(pytest.main([__file__, "-q"]))
