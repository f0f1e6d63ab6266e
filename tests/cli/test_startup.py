"""Start-up: what ``validate`` of a good record imports, and the lazy command table.

Timing is the benchmark's (``bench/bench_startup.py``); these tests hold the
structure that makes start-up fast: a good record is read, replayed and
reported without pydantic, the record models, the explanation or any other
command (the report is plain dataclasses, filled by the replay).
"""

from __future__ import annotations

import importlib
import importlib.metadata
import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest

import casino_records
from casino_records.check.batch import check_item, checked_item
from casino_records.cli.main import COMMANDS, main
from casino_records.record.files.sources import find_files, iter_items
from casino_records.record.json.jsonio import dumps_json
from tests.paths import SAMPLES

GOOD = SAMPLES / "classic-2p-annotated.json"

# Run the command line in a new interpreter and list, at its exit, every module loaded.
_PROBE = """
import atexit, json, sys
out = sys.argv.pop(1)
atexit.register(lambda: open(out, "w").write(json.dumps(sorted(sys.modules))))
sys.argv[0] = "casino-records"
from casino_records.__main__ import run
run()
"""

NEVER_FOR_A_GOOD_RECORD = (
    "pydantic",
    "pydantic_core",
    "casino_records.record.format.models",
    "casino_records.record.format.fields",
    "casino_records.record.format.claims",
    "casino_records.record.format.messages",
    "casino_records.record.json.jsonio",
    "casino_records.check.explain.explanation",
    "importlib.metadata",
    "multiprocessing",
    "streamlit",
    "dask",
    "pyarrow",
    "duckdb",
)


def _modules_after(
    tmp_path: Path, *args: str, pure: bool = False, code: int = 0
) -> tuple[str, set[str]]:
    out = tmp_path / "modules.json"
    env = dict(os.environ)
    env.pop("CASINO_RECORDS_PURE_PYTHON", None)
    if pure:
        env["CASINO_RECORDS_PURE_PYTHON"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, str(out), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == code, done.stderr
    return done.stdout, set(json.loads(out.read_text()))


def _loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(
        m for m in modules for name in names if m == name or m.startswith(f"{name}.")
    )


@pytest.mark.parametrize("pure", [False, True], ids=["as-built", "pure"])
def test_validate_of_a_good_record_imports_nothing_it_does_not_need(
    tmp_path: Path, pure: bool
) -> None:
    stdout, modules = _modules_after(tmp_path, "validate", str(GOOD), pure=pure)
    assert stdout.startswith(f"ok          {GOOD}\n")
    assert _loaded(modules, NEVER_FOR_A_GOOD_RECORD) == []
    others = {f"casino_records.cli.{module}" for module, _, _ in COMMANDS.values()}
    others.discard("casino_records.cli.validate")
    assert sorted(others & modules) == []  # no other command's module


def test_help_imports_no_command(tmp_path: Path) -> None:
    stdout, modules = _modules_after(tmp_path, "--help")
    assert "validate  Replay every record" in stdout
    commands = {f"casino_records.cli.{module}" for module, _, _ in COMMANDS.values()}
    assert sorted(commands & modules) == []
    assert _loaded(modules, ("pydantic", "orjson", "casino_records.engine")) == []


def test_a_bad_record_still_gets_the_models_messages(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    record = json.loads(GOOD.read_text())
    record["players"][0]["name"] = ""
    bad.write_text(json.dumps(record))
    stdout, modules = _modules_after(tmp_path, "validate", str(bad), code=1)
    assert stdout.startswith(f"invalid     {bad}: ")
    assert "casino_records.record.format.models" in modules


# --- The command table -----------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_the_table_names_each_command_and_its_own_help(name: str) -> None:
    module, attribute, short = COMMANDS[name]
    command = getattr(
        importlib.import_module(f"casino_records.cli.{module}"), attribute
    )
    assert isinstance(command, click.Command)
    assert command.name == name
    assert command.help is not None
    first = " ".join(command.help.split("\n\n")[0].split())
    assert short == first  # what --help lists is the command's own first paragraph
    stand_in = click.Command(name, help=short)
    for limit in range(20, 160, 3):
        assert stand_in.get_short_help_str(limit) == command.get_short_help_str(limit)


def test_help_lists_the_commands_as_click_would() -> None:
    from click.testing import CliRunner

    lazy = CliRunner().invoke(main, ["--help"], terminal_width=100).output
    eager = click.Group(
        "main",
        params=main.params,
        help=main.help,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    ctx = click.Context(main)
    for name in main.list_commands(ctx):
        command = main.get_command(ctx, name)
        assert command is not None
        eager.add_command(command, name)
    assert lazy == CliRunner().invoke(eager, ["--help"], terminal_width=100).output
    assert set(main.list_commands(ctx)) == set(COMMANDS)


def test_the_executable_runs_its_command_with_the_collector_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import gc

    import casino_records.cli
    from casino_records.__main__ import run

    seen: list[tuple[bool, int]] = []

    def command() -> None:
        seen.append((gc.isenabled(), gc.get_freeze_count()))
        raise SystemExit(3)

    monkeypatch.setattr(casino_records.cli, "main", command)
    try:
        with pytest.raises(SystemExit) as stop:
            run()
        assert stop.value.code == 3
        assert gc.isenabled()
        ((enabled, frozen),) = seen
        assert (
            enabled and frozen > 0
        )  # what start-up imported is out of its collections
        assert gc.get_freeze_count() >= frozen  # and at exit, all of it
    finally:
        gc.unfreeze()


def test_the_version_is_the_package_metadata() -> None:
    assert casino_records.__version__ == importlib.metadata.version("casino-records")


# --- The report of a good record, by the quick path and the full one -----------------------


@pytest.mark.parametrize(
    "path", sorted(SAMPLES.glob("*.json")), ids=lambda path: path.name
)
def test_the_quick_path_reports_as_the_full_path(path: Path) -> None:
    (item,) = list(iter_items(find_files([path])))
    quick = check_item(item, reports=True)
    full = checked_item(item)
    assert quick.status == full.status
    assert quick.report == dumps_json(full.entry())
