"""The JSON of a report: what the report's dataclasses write, field by field.

Each field of the report is defined once (the dataclasses of
:mod:`casino_records.check.report` and :mod:`casino_records.check.explain.explanation`),
and ``--format json`` writes exactly those fields, keys sorted. The goldens in
``tests/data/report-json`` were written by the code before the report became
dataclasses (when pydantic models wrote it): the output must not have changed
by a byte.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from pathlib import Path
from typing import Any

import orjson
import pytest
from click.testing import CliRunner

from casino_records.check.replay import replay
from casino_records.check.report import ReplayReport
from casino_records.cli import main
from casino_records.record.json.jsonio import load
from tests.paths import SAMPLES

GOLDENS = Path(__file__).resolve().parents[1] / "data" / "report-json"

CASES = [
    ("rescore", "disputed-two-mistakes.json"),
    ("rescore", "invalid-build-not-held.json"),
    ("validate", "classic-2p-unfinished.json"),
    ("validate", "invalid-out-of-turn.json"),
]


@pytest.mark.parametrize(("command", "name"), CASES, ids=lambda c: str(c))
def test_the_json_of_a_report_is_as_before(command: str, name: str) -> None:
    path = SAMPLES / name
    result = CliRunner().invoke(main, [command, "--format", "json", str(path)])
    assert result.exit_code in (0, 1), result.output
    # The goldens name the sample as the command run from the repository does.
    got = result.stdout_bytes.replace(
        str(path).encode(), f"sample_games/{name}".encode()
    )
    golden = GOLDENS / f"{Path(name).stem}.{command}.json"
    assert got == golden.read_bytes()


def _same_fields(data: Any, value: Any, where: str) -> None:
    """``data`` (read back from JSON) holds every field of ``value``, and no other
    (but those left out of JSON: their metadata say ``json: False``)."""
    if is_dataclass(value) and not isinstance(value, type):
        names = [f.name for f in fields(value) if f.metadata.get("json", True)]
        assert sorted(data) == sorted(names), where
        assert list(data) == sorted(data), where  # keys sorted
        for name in names:
            _same_fields(data[name], getattr(value, name), f"{where}.{name}")
    elif isinstance(value, list):
        assert len(data) == len(value), where
        for n, (item, element) in enumerate(zip(data, value, strict=True)):
            _same_fields(item, element, f"{where}[{n}]")
    else:
        assert data == value, where


@pytest.mark.parametrize(
    "name", ["disputed-two-mistakes.json", "classic-2p-piles.json"]
)
def test_the_json_of_a_report_is_its_fields(name: str) -> None:
    from casino_records.check.explain.dispute import explain

    record = load(SAMPLES / name)
    replayed = replay(record)
    report: ReplayReport = replayed.report
    report.explanations = explain(record, replayed)
    result = CliRunner().invoke(
        main, ["rescore", "--format", "json", str(SAMPLES / name)]
    )
    (entry,) = orjson.loads(result.stdout_bytes)["records"]
    report.source = entry["report"]["source"]
    _same_fields(entry["report"], report, "report")
