"""The command-line examples of the README and of docs/cli.md print exactly what they show.

Every ``console`` block of both is run, command by command, from the repository
root (with ``/tmp/`` mapped to a temporary folder of its own; a block that reads
a file an earlier block of the same document wrote runs after it in the same
folder). The ``view`` example, which starts a server, is skipped there. When the
samples change, regenerate the outputs of both documents:
``.venv/bin/python -m tests.docs.test_readme --update`` (it refuses to write an
output that holds a traceback).

The README opens with the three jobs people come for, each two or three
commands to paste (``sh`` blocks): every one of them is run too, with the exit
code its comment says (0 unless ``# exit code N``); ``view`` is started on a
free port, waited for until it prints its address, and stopped.
"""

from __future__ import annotations

import os
import re
import select
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from tests.paths import DOCS, ROOT

pytestmark = pytest.mark.slow

README = ROOT / "README.md"
CLI_REFERENCE = DOCS / "cli.md"
EXAMPLES = (README, CLI_REFERENCE)
"""The documents whose command examples are run."""
_BLOCK = re.compile(r"```console\n(.*?)```", re.S)
_SH_BLOCK = re.compile(r"```sh\n(.*?)```", re.S)
JOBS = "## Three jobs, three commands each"
JOB_TITLES = [
    "Settle a disputed score",
    "Study a game in the browser",
    "Check and convert an archive",
]
_EXIT_CODE = re.compile(r"#.*\bexit code (\d)")


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
    env = {**os.environ, "PATH": _path()}
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


_TMP_FILE = re.compile(r"/tmp/[\w.\-]+")


def _block_groups(document: Path) -> list[list[str]]:
    """A document's console blocks, a block that reads a ``/tmp/`` file an earlier
    block wrote joined to that block's group: the groups run apart (and in parallel)."""
    groups: list[list[str]] = []
    written: set[str] = set()
    for block in _BLOCK.findall(document.read_text()):
        files = set(_TMP_FILE.findall(block))
        if groups and files & written:
            groups[-1].append(block)
        else:
            groups.append([block])
            written = set()
        written |= files
    return groups


def _group_id(document: Path, group: list[str]) -> str:
    first = _commands(group[0])[0][0]
    return f"{document.name}: {first.split('|')[0].strip()[:60]}"


_GROUPS = [(doc, group) for doc in EXAMPLES for group in _block_groups(doc)]


def test_the_command_reference_has_the_examples() -> None:
    counted = {doc: sum(d == doc for d, _ in _GROUPS) for doc in EXAMPLES}
    assert counted[CLI_REFERENCE] > 10, counted
    commands = {
        command.split()[1]
        for _, group in _GROUPS
        for block in group
        for command, _ in _commands(block)
        if command.startswith("casino-records ")
    }
    assert len(commands) >= 14, sorted(commands)  # every command has an example


@pytest.mark.parametrize(
    ("document", "group"), _GROUPS, ids=[_group_id(d, g) for d, g in _GROUPS]
)
def test_the_examples_are_real(document: Path, group: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for block in group:
            for command, expected, got in _outputs(block, tmp):
                # stdout and stderr may interleave in another order
                assert sorted(got) == sorted(expected), (
                    f"{document.name} example out of date: $ {command}\n"
                    "run: .venv/bin/python -m tests.docs.test_readme --update"
                )


def _section(text: str, heading: str) -> str:
    """The text under ``heading`` down to the next heading of its level."""
    start = text.index(heading + "\n")
    level = heading.split(" ", 1)[0] + " "
    following = text.find("\n" + level, start + len(heading))
    return text[start : following if following >= 0 else len(text)]


def _jobs() -> list[tuple[str, list[str]]]:
    """Each job of the README's top: its title and its commands."""
    section = _section(README.read_text(), JOBS)
    jobs = []
    for title in JOB_TITLES:
        blocks = _SH_BLOCK.findall(_section(section, f"### {title}"))
        commands = [
            line for block in blocks for line in block.splitlines() if line.strip()
        ]
        jobs.append((title, commands))
    return jobs


def test_readme_opens_with_the_three_jobs() -> None:
    text = README.read_text()
    headings = re.findall(r"^## .*$", text, re.M)
    assert headings[:2] == ["## Start here", JOBS]  # before the reference
    assert "make run" in _section(text, "## Start here")
    section = _section(text, JOBS)
    assert re.findall(r"^### (.*)$", section, re.M) == JOB_TITLES
    for title, commands in _jobs():
        assert 2 <= len(commands) <= 3, title
        assert all(c.startswith("casino-records ") for c in commands), title


def test_the_inner_loop_is_named() -> None:
    targets = _section(README.read_text(), "## Make targets")
    assert "make test-fast" in targets
    assert re.search(r"^test-fast:", (ROOT / "Makefile").read_text(), re.M)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _view_answers(command: str) -> None:
    """Start ``view`` as the README has it (on a free port), wait for its
    address, stop it; the server goes with it."""
    port = _free_port()
    proc = subprocess.Popen(
        ["bash", "-c", f"exec {command} --port {port} --no-browser"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        cwd=ROOT,
        env={**os.environ, "PATH": _path()},
        start_new_session=True,
    )
    assert proc.stdout is not None
    address = f"viewer: http://127.0.0.1:{port}"
    output = b""
    try:
        deadline = time.monotonic() + 90
        while address.encode() not in output and time.monotonic() < deadline:
            ready, _, _ = select.select([proc.stdout], [], [], 0.5)
            if ready:
                chunk = os.read(proc.stdout.fileno(), 4096)
                if not chunk:
                    break
                output += chunk
        assert address.encode() in output, output.decode()[-2000:]
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 128 + signal.SIGTERM
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        proc.stdout.close()


def _path() -> str:
    return f"{Path(sys.executable).parent}:{os.environ['PATH']}"


@pytest.mark.parametrize(("title", "commands"), _jobs(), ids=JOB_TITLES)
def test_the_jobs_commands_run(title: str, commands: list[str], tmp_path: Path) -> None:
    for command in commands:  # in order: one may read what another wrote
        if command.startswith("casino-records view"):
            _view_answers(command.split("#")[0].strip())
            continue
        wanted = _EXIT_CODE.search(command)
        done = subprocess.run(
            ["bash", "-c", command.replace("/tmp/", f"{tmp_path}/")],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env={**os.environ, "PATH": _path()},
            timeout=300,
            check=False,
        )
        output = done.stdout + done.stderr
        assert done.returncode == (int(wanted.group(1)) if wanted else 0), (
            f"{title}: $ {command}\n{output[-2000:]}"
        )
        assert output and "Traceback" not in output, command


def _update(document: Path) -> None:
    text = document.read_text()
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

        document.write_text(_BLOCK.sub(redo, text))


if __name__ == "__main__":
    if sys.argv[1:] == ["--update"]:
        for example in EXAMPLES:
            _update(example)
    else:
        sys.exit(pytest.main([__file__, "-q"]))
