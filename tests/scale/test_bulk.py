"""``bulk`` on Dask gives validate's results, whatever runs it: a local cluster, a
scheduler and workers started apart (one killed mid-run), and stops on SIGTERM."""

from __future__ import annotations

import json
import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.paths import BIN, CLI, SAMPLES
from tests.scale.conftest import (
    Lines,
    Processes,
    assert_same_as_validate,
    group_alive,
    validate_json,
    write_archives,
)

pytestmark = [pytest.mark.slow, pytest.mark.timeout(240)]
pytest.importorskip("distributed")  # the scale extra


def test_a_local_cluster_gives_validates_statuses_and_findings(
    checked: tuple[Path, list[Path]],
) -> None:
    out, inputs = checked
    expected = validate_json(inputs)
    summary = expected["summary"]
    assert summary["records"] > 1500
    assert all(summary[s] for s in ("ok", "disputed", "invalid", "unreadable"))
    assert_same_as_validate(out, expected)
    manifest = json.loads((out / "manifest.json").read_bytes())
    assert len(manifest["workers_peak_memory"]) == 2


def test_results_name_where_each_record_is(checked: tuple[Path, list[Path]]) -> None:
    import pyarrow.parquet as pq

    out, inputs = checked
    rows = pq.read_table(out / "records").to_pylist()
    by_source = {r["source"]: r for r in rows}
    gz = inputs[2]
    line = next(r for r in rows if r["file"] == str(gz.absolute()) and r["line"] > 5)
    assert line["source"] == f"{gz}:{line['line']}" and line["kind"] == "jsonl"
    assert line["offset"] > 0
    sample = by_source[str(SAMPLES / "royal-2p-count-out.json")]
    assert (sample["kind"], sample["line"], sample["offset"]) == ("json", 1, 0)
    assert sample["preset"] == "royal" and sample["player_count"] == 2
    assert sample["players"] and sample["totals"] and sample["deals"]


def test_an_existing_results_folder_is_replaced_only_when_asked(
    checked: tuple[Path, list[Path]], tmp_path: Path
) -> None:
    out, _ = checked
    taken = tmp_path / "taken"
    taken.mkdir()
    (taken / "notes.txt").write_text("mine")
    for target, words in ((out, "--replace"), (taken, "not a results folder")):
        run = subprocess.run(
            [
                CLI,
                "bulk",
                str(SAMPLES / "disputed-sweep-count.json"),
                "--out",
                str(target),
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert run.returncode == 2 and words in run.stderr
    assert (taken / "notes.txt").read_text() == "mine"


def _scheduler(processes: Processes, folder: Path) -> str:
    address_file = folder / "scheduler.json"
    processes.start(
        [
            str(BIN / "dask"),
            "scheduler",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--no-dashboard",
            "--scheduler-file",
            str(address_file),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while not address_file.exists() or not address_file.read_text().strip():
        assert time.monotonic() < deadline, "the scheduler did not start"
        time.sleep(0.1)
    return str(json.loads(address_file.read_text())["address"])


def test_a_worker_killed_mid_run_loses_nothing_and_duplicates_nothing(
    processes: Processes, tmp_path: Path
) -> None:
    inputs = write_archives(tmp_path, 600)
    address = _scheduler(processes, tmp_path)
    workers = [
        processes.start(
            [
                str(BIN / "dask"),
                "worker",
                address,
                "--nthreads",
                "1",
                "--no-nanny",
                "--no-dashboard",
                "--name",
                name,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for name in ("doomed", "survivor")
    ]
    out = tmp_path / "results"
    run = processes.start(
        [CLI, "bulk", *map(str, inputs), "--out", str(out), "--scheduler", address]
        + ["--batch", "8", "--progress"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    progress = Lines(run.stderr)
    deadline = time.monotonic() + 120
    while progress.checked() < 100:
        assert run.poll() is None, progress.text
        assert time.monotonic() < deadline, progress.text
        time.sleep(0.05)
    workers[0].send_signal(signal.SIGKILL)
    workers[0].wait(timeout=10)
    at_kill = progress.checked()
    assert run.wait(timeout=180) == 2, progress.text
    progress.done.wait(10)
    assert at_kill < progress.checked()  # the kill came before the end
    manifest = json.loads((out / "manifest.json").read_bytes())
    assert (
        list(manifest["workers_peak_memory"])
        and len(manifest["workers_peak_memory"]) == 1
    )
    assert_same_as_validate(out, validate_json(inputs))


def test_sigterm_stops_the_run_and_its_local_cluster(
    processes: Processes, tmp_path: Path
) -> None:
    inputs = write_archives(tmp_path, 600)
    out = tmp_path / "results"
    run = processes.start(
        [CLI, "bulk", *map(str, inputs), "--out", str(out), "--workers", "2"]
        + ["--batch", "8", "--progress"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    progress = Lines(run.stderr)
    deadline = time.monotonic() + 120
    while progress.checked() < 50:
        assert run.poll() is None, progress.text
        assert time.monotonic() < deadline, progress.text
        time.sleep(0.05)
    run.send_signal(signal.SIGTERM)  # the command only, not its group
    assert run.wait(timeout=60) == 128 + signal.SIGTERM
    progress.done.wait(10)
    assert "nothing written" in progress.text
    # A small archive: validate is named before the cluster's start is shown.
    note, start = progress.text.index("note: "), progress.text.index("starting a")
    assert "`casino-records validate --jobs 2`" in progress.text and note < start
    deadline = time.monotonic() + 20
    while group_alive(run.pid):  # the cluster's worker processes end too
        assert time.monotonic() < deadline, "a worker process outlived the run"
        time.sleep(0.1)
    assert not out.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".results")]
