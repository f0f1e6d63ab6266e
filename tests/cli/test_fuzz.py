"""Every input gets a verdict: mutated real records through the real commands.

Seeded (``derandomize``): the same inputs on every run. Each example writes a
batch of mutated files to a folder and runs ``validate --format json`` on it
(with ``--jobs 2`` every third batch), and every fourth batch also ``rescore``,
``fmt --check`` and ``convert`` to CSV. For every input: no traceback and no
hang; every record that is not ok has its problems located; every valid record
passes the independent card check of :mod:`tests.cli.fuzzing`.

Every record of a batch is also checked the quick way ``validate`` takes
(:mod:`casino_records.record.quick.reader`, the replay without bookkeeping) and the
full way, and the two outcomes, reports included, are byte-identical.

The batches are split into ``SHARDS`` tests, which pytest-xdist spreads over its
workers. ``make test`` runs 40 batches (1,000 records); ``CASINO_RECORDS_FUZZ=N``
runs N instead (CI runs 120, 3,000 records; ``bench/fuzz_long.py`` does long runs
from the command line).
"""

from __future__ import annotations

import json
import os
import random
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casino_records.check.batch import Checked
from casino_records.cli.main import main
from casino_records.record.files.reading import read_item
from casino_records.record.files.sources import items_of_stream
from casino_records.record.json import jsonio
from casino_records.record.json.dump import as_dicts
from tests.cli.fuzzing import Input, check_valid_record, is_located, mutated_inputs

BATCHES = int(os.environ.get("CASINO_RECORDS_FUZZ", "40"))
SHARDS = 4
PER_BATCH = 25
SECONDS_PER_BATCH = 120


@contextmanager
def deadline(seconds: int) -> Iterator[None]:
    """Fail (rather than hang) when the block runs longer than ``seconds``."""

    def stop(signum: int, frame: object) -> None:
        raise TimeoutError(f"no verdict within {seconds} s: a hang")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def run(*args: str | Path) -> Result:
    result = CliRunner().invoke(main, [str(a) for a in args])
    output = result.output + result.stderr
    assert "Traceback" not in output, output[-3000:]
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert result.exit_code in (0, 1, 2), result.exit_code
    return result


def data_of(path: Path, label: str) -> object:
    """The JSON data of the record ``label`` names (a file, or a line of it)."""
    with open(path, "rb") as stream:
        for item in items_of_stream(stream, path, str(path)):
            if item.label == label:
                record, _, _ = read_item(item)
                assert record is not None
                return json.loads(jsonio.dumps(record))
    raise AssertionError(f"no record {label}")


def quick_is_full(path: Path) -> int:
    """Assert the quick check of every record in ``path`` is the full check; how many it read quickly."""
    quick_reads = 0
    with open(path, "rb") as stream:
        for item in items_of_stream(stream, path, str(path)):
            quick = Checked(item, quick=True)
            full = Checked(item)
            assert quick.outcome(reports=True) == full.outcome(reports=True), item.label
            quick_reads += quick.record is None and full.record is not None
    return quick_reads


def check_batch(folder: Path, inputs: list[Input], jobs: int) -> None:
    for one in inputs:
        (folder / one.name).write_bytes(one.data)
        quick_is_full(folder / one.name)
    # A folder is searched for record suffixes only; other files are named.
    named = sorted(p for p in folder.iterdir() if p.suffix == ".rec")
    result = run("validate", "--format", "json", "-j", str(jobs), folder, *named)
    verdict = json.loads(result.output)
    mutation = {str(folder / one.name): one.mutation for one in inputs}
    assert verdict["summary"]["records"] >= len(inputs)  # archives hold two
    for entry in verdict["records"]:
        source = entry["source"]
        what = f"{source} ({mutation.get(source.rsplit(':', 1)[0], '?')})"
        if entry["status"] in ("invalid", "unreadable", "disputed"):
            assert entry["problem"], what
            problems = entry.get("errors") or [
                f for f in entry["report"]["findings"] if f["severity"] != "warning"
            ]
            assert problems, what
            assert all(is_located(p) for p in problems), (what, problems)
        if entry["status"] in ("ok", "disputed"):
            path = (
                Path(source.rsplit(":", 1)[0])
                if ":" in Path(source).name
                else Path(source)
            )
            check_valid_record(data_of(path, source), entry["report"])


@settings(
    max_examples=max(1, BATCHES // SHARDS),
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(seed=st.integers(0, 2**32 - 1))
@pytest.mark.parametrize("shard", range(SHARDS))
@pytest.mark.slow
def test_every_mutated_record_gets_a_located_verdict(
    tmp_path: Path, shard: int, seed: int
) -> None:
    rng = random.Random(f"{shard}:{seed}")
    folder = tmp_path / f"batch-{shard}-{seed}"
    folder.mkdir()
    inputs = mutated_inputs(rng, PER_BATCH)
    with deadline(SECONDS_PER_BATCH):
        check_batch(folder, inputs, jobs=2 if seed % 3 == 0 else 1)
        if seed % 4 == 0:
            run("rescore", "--format", "json", folder)
            run("fmt", "--check", folder)
            for one in inputs[:5]:
                run("convert", folder / one.name, "-o", folder / f"{one.name}.csv")


@settings(max_examples=6, derandomize=True, database=None, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_quick_and_full_checks_agree_on_mutated_records(
    tmp_path_factory: pytest.TempPathFactory, seed: int
) -> None:
    folder = tmp_path_factory.mktemp(f"quick-{seed}")
    quick_reads = 0
    for one in mutated_inputs(random.Random(seed), PER_BATCH):
        (folder / one.name).write_bytes(one.data)
        quick_reads += quick_is_full(folder / one.name)
    assert quick_reads  # the few records left whole take the quick path


# --- the check itself can fail ------------------------------------------------------------------


def _report_of(data: dict[str, object]) -> dict[str, object]:
    from casino_records.check.replay import replay

    record = jsonio.loads(json.dumps(data))
    report: dict[str, object] = as_dicts(replay(record).report)
    return report


@pytest.mark.parametrize("shape", range(7))
def test_the_independent_check_accepts_the_real_records(shape: int) -> None:
    from tests.cli.fuzzing import base_records

    data = base_records()[shape]
    check_valid_record(data, _report_of(data))


def test_the_independent_check_catches_a_miscount() -> None:
    from tests.cli.fuzzing import base_records

    data = base_records()[0]
    report = _report_of(data)
    deal = report["deals"][0]  # type: ignore[index]
    deal["sides"][0]["cards"] += 1
    with pytest.raises(AssertionError, match="deal 1, side 0"):
        check_valid_record(data, report)


def test_the_independent_check_catches_a_card_in_two_places() -> None:
    from tests.cli.fuzzing import base_records

    data = json.loads(json.dumps(base_records()[4]))  # recorded with its table
    report = _report_of(data)
    moves = data["deals"][0]["rounds"][0]["moves"]
    moves[1]["card"] = moves[0]["card"]
    with pytest.raises(AssertionError, match="in two places"):
        check_valid_record(data, report)


def test_an_unlocated_problem_is_caught() -> None:
    assert is_located({"loc": "/deals/0", "where": "deal 1"})
    assert is_located({"loc": "", "where": "line 3, column 4"})
    assert not is_located({"loc": "", "where": ""})
