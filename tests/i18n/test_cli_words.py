"""The command line's own words in the chosen language: ``show``, ``legal``,
``analyse``, every ``--help`` and click's usage errors.

In the pseudo-language every translated string is wrapped in ``⟦ ⟧``; once the
wrapped parts are taken out, what is left must be what no language changes:
commands, option names, metavars, option values, file names, pointers, cards,
numbers, the players' names, and the moves themselves (the engine's words of
:mod:`casino_records.engine.describe`, and the moves the analysis writes),
which these tests take out by where they stand. Exit codes and JSON do not
change with the language.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from casino_records.cli import main
from casino_records.cli.main import COMMANDS
from casino_records.i18n import PSEUDO, translator
from tests.paths import SAMPLES

WRAPPED = re.compile(r"⟦[^⟦⟧]*⟧")
CUT = re.compile(r"⟦[^⟦⟧\n]*\.\.\.$", re.MULTILINE)
"""A wrapped short help that click's listing cut (``...``) before its end."""
MOVE_LINE = re.compile(r"^( +\d+\. ).*? (\[⟦[^⟦⟧]*⟧\])", re.MULTILINE)
"""A move of a list: its number, the engine's words for it, its kind (wrapped)."""
NOT_WORDS = re.compile(
    r"--?[\w-]+|\S+\.(?:json|jsonl|txt|html|md)\b|/deals\S*|`[^`]*`|\{[^{}]*\}"
)
"""Option names, file names, pointers, code spans and an annotation's comment."""
WORD = re.compile(r"[^\W\d_]{2,}")
TWO_PLAYERS = SAMPLES / "classic-2p-annotated.json"
FOUR_PLAYERS = SAMPLES / "dominican-4p-partnership-hands.json"


def run(*args: str, env: dict[str, str] | None = None) -> Result:
    result = CliRunner(env=env).invoke(main, list(args))
    assert "Traceback" not in result.output
    return result


def english_left(text: str, allowed: set[str] = frozenset()) -> set[str]:  # type: ignore[assignment]
    """The words of ``text`` outside its wrapped parts, less the ``allowed``
    ones, metavars (upper case) and what :data:`NOT_WORDS` matches."""
    text = MOVE_LINE.sub(r"\1\2", CUT.sub("", text))
    while WRAPPED.search(text):
        text = WRAPPED.sub("", text)
    words = set(WORD.findall(NOT_WORDS.sub(" ", text)))
    return {w for w in words if w not in allowed and not w.isupper()}


def player_names(path: Path) -> set[str]:
    names = {p["name"] for p in json.loads(path.read_text())["players"]}
    return {word for name in names for word in WORD.findall(name)}


def option_values(command: click.Command) -> set[str]:
    """The values an option takes or shows as its default: not words to translate."""
    values = {command.name or "", "main"}
    for param in command.params:
        if isinstance(param.type, click.Choice):
            values |= {str(choice) for choice in param.type.choices}
        if isinstance(param.default, str):
            values |= set(WORD.findall(param.default))
    return values


@pytest.mark.parametrize("name", ["", *COMMANDS])
def test_every_help_is_in_the_language(name: str) -> None:
    args = [name] if name else []
    result = run("--lang", PSEUDO, *args, "--help")
    assert result.exit_code == 0
    command = main.get_command(click.Context(main), name) if name else main
    assert command is not None
    allowed = option_values(command) | set(COMMANDS) | option_values(main)
    assert english_left(result.output, allowed) == set()
    assert "⟦Ûšàĝé:" in result.output and "⟦Ôƥţîôñš" in result.output


def test_lang_sv_validate_help_is_swedish() -> None:
    result = run("--lang", "sv", "validate", "--help")
    assert result.exit_code == 0
    assert result.output.startswith("Användning: main validate [OPTIONS] PATHS...")
    assert "Spela upp varje protokoll och skriv en statusrad per protokoll." in (
        result.output
    )
    assert "Flaggor:" in result.output
    assert "Visa detta meddelande och avsluta." in result.output
    assert "Replay every record" not in result.output


def test_the_group_help_lists_the_commands_in_the_language() -> None:
    result = run("--lang", "es", "--help")
    assert "Comandos:" in result.output
    assert "Mostrar la partida turno a turno, o una posición de ella." in result.output


def test_the_environment_chooses_the_help_language_too() -> None:
    result = run("show", "--help", env={"LC_ALL": "", "LANG": "ro_RO.UTF-8"})
    assert result.output.startswith("Utilizare: ")
    assert "Arată jocul tură cu tură, sau o poziție din el." in result.output


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["validate", "--bogus"], "Fel: Ingen sådan flagga '--bogus'."),
        (["show"], "Fel: Argument saknas 'PATH'."),
        (["show", str(TWO_PLAYERS), "--dael", "1"], "(Menade du en av:"),
        (["legal", str(TWO_PLAYERS)], "säg var: --deal D --move M, eller --at POINTER"),
        (["nosuch"], "Fel: Inget sådant kommando 'nosuch'."),
        (["show", str(TWO_PLAYERS), "--deal", "x"], "Ogiltigt värde för '--deal'"),
    ],
)
def test_a_usage_error_is_in_swedish_and_exits_2(args: list[str], words: str) -> None:
    result = run("--lang", "sv", *args)
    assert result.exit_code == 2
    assert words in result.stderr
    assert "Användning: main" in result.stderr
    assert "Prova 'main" in result.stderr and "för hjälp." in result.stderr
    assert "Usage:" not in result.stderr and "Error:" not in result.stderr


def test_a_usage_error_before_the_command_is_in_the_language_of_lang() -> None:
    result = run("--lang", "es", "--bogus", "validate")
    assert result.exit_code == 2
    assert "Error: No existe la opción '--bogus'." in result.stderr
    assert result.stderr.startswith("Uso: main [OPTIONS] COMMAND [ARGS]...")


def test_two_calls_in_two_languages_do_not_mix() -> None:
    assert run("--lang", "sv", "show", "--help").output.startswith("Användning:")
    assert run("show", "--help", env={"LC_ALL": "C"}).output.startswith("Usage:")
    assert run("--lang", "hy", "show", "--help").output.startswith("Օգտագործում՝")
    assert translator("en").gettext("Usage:") == "Usage:"


@pytest.mark.parametrize(
    "args",
    [
        ["show", str(TWO_PLAYERS)],
        ["show", str(TWO_PLAYERS), "--deal", "1", "--move", "4", "--seat", "0"],
        ["show", str(FOUR_PLAYERS), "--deal", "2", "--move", "0"],
        ["show", str(SAMPLES / "dominican-2p-near-target.json")],
        ["legal", str(TWO_PLAYERS), "--deal", "1", "--move", "5", "--why"],
        ["legal", str(FOUR_PLAYERS), "--deal", "1", "--move", "3"],
    ],
)
def test_show_and_legal_are_in_the_language(args: list[str]) -> None:
    english = run(*args)
    pseudo = run("--lang", PSEUDO, *args)
    assert pseudo.exit_code == english.exit_code == 0
    names = player_names(Path(args[1]))
    assert english_left(pseudo.output, names) == set()
    assert english_left(english.output, names)  # the check sees English


def test_show_and_legal_exit_codes_do_not_change_with_the_language() -> None:
    invalid = str(SAMPLES / "invalid-build-not-held.json")
    for lang in ("en", "sv", PSEUDO):
        assert run("--lang", lang, "show", invalid).exit_code == 1
        assert run("--lang", lang, "show", invalid, "--deal", "9").exit_code == 2
        assert (
            run("--lang", lang, "legal", str(TWO_PLAYERS), "--deal", "1").exit_code == 2
        )


def test_a_bad_deal_is_said_in_the_language() -> None:
    result = run("--lang", "es", "show", str(TWO_PLAYERS), "--deal", "9")
    assert result.exit_code == 2
    assert "no hay mano 9 que mostrar (manos reproducidas: 1" in result.stderr


def test_the_analysis_text_is_in_the_language() -> None:
    game = str(SAMPLES / "classic-2p-unfinished.json")
    quick = ["analyse", game, "--samples", "2", "--exact-moves", "2", "-o", "-"]
    text = run("--lang", PSEUDO, *quick)
    data = json.loads(run("--lang", PSEUDO, *quick, "--format", "json").stdout)
    assert text.exit_code == 0
    # the analysis's own words: the moves, as it writes them, and its verdicts
    played = [m for deal in data["deals"] for m in deal["moves"]]
    moves = [m["played"] for m in played] + [m["best"] for m in played]
    verdicts = [data["could_win"]] + [deal["could_win"] for deal in data["deals"]]
    said = [v[key] for vs in verdicts for v in vs for key in ("result", "note")]
    said += [
        t[key]
        for vs in verdicts
        for v in vs
        for t in v["turnarounds"]
        for key in ("played", "better", "result")
    ]
    output = text.stdout
    for words in sorted(
        filter(None, moves + said + [data["deals"][0]["note"]]), key=len, reverse=True
    ):
        output = output.replace(words, " ")
    assert english_left(output, player_names(Path(game))) == set()
    assert english_left(text.stderr) == set()


def test_json_output_does_not_change_with_the_language() -> None:
    game = str(SAMPLES / "classic-2p-unfinished.json")
    quick = [
        "analyse",
        game,
        "--samples",
        "2",
        "--exact-moves",
        "2",
        "--format",
        "json",
    ]
    english = run(*quick, "-o", "-").stdout
    assert run("--lang", "te", *quick, "-o", "-").stdout == english
