"""docs/cli.md holds to ``--help``: every command and option it lists, and no other.

The reference has one ``## `command ...` `` section per command, after an
introduction that covers the group's own options. Every option ``--help`` lists
for a command (``-j, --jobs``, ``--progress / --no-progress``, but not ``-h,
--help``) must be named in that command's section; and every option the
document names, in its prose, its inline code and the ``casino-records`` lines
of its examples, must exist: on the section's command, or on the command the
code names just before it (``validate --format json`` in another section).
"""

from __future__ import annotations

import re
from functools import cache

import click
import pytest

from casino_records.cli.main import COMMANDS, main
from tests.paths import DOCS

CLI_REFERENCE = DOCS / "cli.md"
_OPTION = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]*)")
_FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)
_SPAN = re.compile(r"`([^`\n]+)`")
_SEPARATORS = {"|", ";", "&&", "||", ">", "2>", "2>&1"}
_OTHER_PROGRAMS = {
    "python",
    "pip",
    "make",
    "dask",
    "head",
    "tail",
    "grep",
    "cut",
    "gzip",
}
"""Programs whose options the document may name in its code (``python -m ...``)."""
_HELP = frozenset({"-h", "--help"})
GROUP = ""
"""The group itself, as a command name: its options come before the command."""


def _options(command: click.Command) -> set[str]:
    """The option names ``--help`` lists for ``command``, ``-h`` and ``--help`` left out.

    The context has the CLI's help names: click caches a command's help option
    at its first use, and one made with ``--help`` alone would then be the one
    every later ``--help`` shows."""
    names = main.context_settings["help_option_names"]
    with click.Context(command, info_name=command.name, help_option_names=names) as ctx:
        records = [param.get_help_record(ctx) for param in command.get_params(ctx)]
    names = {name for r in records if r for name in _OPTION.findall(r[0])}
    return names - {"-h", "--help"}


@cache
def _options_of(name: str) -> frozenset[str]:
    if name == GROUP:
        return frozenset(_options(main))
    with click.Context(main) as ctx:
        command = main.get_command(ctx, name)
    assert command is not None, name
    return frozenset(_options(command))


def _sections() -> dict[str, str]:
    """The document cut at its ``## `` headings: each command's section, by the
    command its heading names, and the introduction under ``GROUP``."""
    text = CLI_REFERENCE.read_text(encoding="utf-8")
    parts = re.split(r"^(?=## )", text, flags=re.MULTILINE)
    sections = {GROUP: parts[0]}
    for part in parts[1:]:
        heading = part.split("\n", 1)[0]
        named = re.match(r"## `([a-z]+)[ `]", heading)
        assert named, f"docs/cli.md: a section that names no command: {heading}"
        sections[named.group(1)] = part
    return sections


def _pieces(section: str) -> list[tuple[str, bool]]:
    """What may name options: each inline code span and what is left of the prose
    (``False``: options there belong to the section's command until the text names
    another), and each command line of the examples (``True``: only options after
    ``casino-records`` count, as other programs have their own)."""
    pieces: list[tuple[str, bool]] = []
    for kind, body in _FENCE.findall(section):
        lines = body.splitlines()
        if kind == "console":
            lines = [line[2:] for line in lines if line.startswith("$ ")]
        if kind in ("console", "sh"):
            pieces += [(line.split("  #")[0], True) for line in lines]
    prose = _FENCE.sub("", section)
    pieces += [(span, False) for span in _SPAN.findall(prose)]
    pieces.append((_SPAN.sub(" ", prose), False))
    return pieces


def _named_options(section: str, command: str | None) -> list[tuple[str, str | None]]:
    """Each option the section names, with the command it is given to (``None``:
    the section's command, in the introduction any command's)."""
    found: list[tuple[str, str | None]] = []
    for piece, is_code in _pieces(section):
        current: str | None = command
        counting = not is_code
        for position, token in enumerate(piece.split()):
            token = token.strip("(),.;:[]*'\"")
            if token in _SEPARATORS:
                counting = not is_code
                current = command
            elif token.endswith("casino-records"):
                counting, current = True, GROUP
            elif token.rsplit("/", 1)[-1] in _OTHER_PROGRAMS:
                counting = False
            elif token in COMMANDS and (current == GROUP or position == 0):
                current = token
            elif counting and (option := _OPTION.match(token)):
                found.append((option.group(1), current))
    return found


def test_every_command_has_its_section() -> None:
    assert sorted(_sections()) == sorted([GROUP, *COMMANDS])
    with click.Context(main) as ctx:
        assert sorted(main.list_commands(ctx)) == sorted(COMMANDS)


@pytest.mark.parametrize("command", [GROUP, *COMMANDS], ids=lambda c: c or "the group")
def test_every_option_of_help_is_in_its_section(command: str) -> None:
    section = _sections()[command]
    missing = sorted(
        option
        for option in _options_of(command)
        if not re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", section)
    )
    assert not missing, f"docs/cli.md, {command or 'introduction'}: missing {missing}"


def test_no_option_is_named_that_does_not_exist() -> None:
    every = frozenset().union(*(_options_of(c) for c in [GROUP, *COMMANDS]))
    wrong = []
    for command, section in _sections().items():
        for option, given_to in _named_options(section, command or None):
            allowed = every if given_to is None else _options_of(given_to)
            if option not in allowed | _options_of(GROUP) | _HELP:
                wrong.append(f"{option} ({given_to or command or 'introduction'})")
    assert not wrong, f"docs/cli.md names options that do not exist: {wrong}"


def test_the_check_finds_a_wrong_option() -> None:
    found = _named_options("`show --dael 1`, `--jobs 2`; `validate --fast`", "show")
    assert found == [("--dael", "show"), ("--jobs", "show"), ("--fast", "validate")]
    code = "```console\n$ head -n 3 x | casino-records rules --bogus\n```\n"
    assert _named_options(code, "show") == [("--bogus", "rules")]
    assert _named_options("`python -m casino_records --bad`", "show") == []
