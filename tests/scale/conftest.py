"""Archives, processes and results shared by the scale tests.

Every process a test starts runs in its own session (process group) and is
stopped, group and all, when the test ends, also when it fails or times out.
"""

from __future__ import annotations

import gzip
import json
import os
import signal
import subprocess
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import orjson
import pytest
from click.testing import CliRunner

from casino_records.cli.main import main
from casino_records.record.json.jsonio import canonical_data
from casino_records.record.simulate import simulate_record
from tests.paths import CLI, SAMPLES


def archive_lines(count: int, seed: str = "bulk") -> list[bytes]:
    """``count`` archive lines: short simulated matches (some with a claimed total
    changed: disputed), the invalid samples, a line cut short (unreadable), blanks."""
    games = [
        canonical_data(
            simulate_record(
                ("classic", "royal", "dominican")[k % 3],
                2 + k % 3,
                teams=k % 3 == 2,
                options={"target_score": 5},
                seed=f"{seed}-{k}",
                bots=("greedy", "random"),
            )
        )
        for k in range(24)
    ]
    invalid = [
        json.loads(p.read_bytes()) for p in sorted(SAMPLES.glob("invalid-*.json"))
    ]
    lines = []
    for i in range(count):
        if i % 97 == 41:
            lines.append(b'{"format": "casino-record/1", "id": "cut-' + str(i).encode())
            continue
        if i % 101 == 50:
            lines.append(b"")
        data: dict[str, Any] = json.loads(orjson.dumps(games[i % len(games)]))
        if i % 37 == 5:
            data = json.loads(orjson.dumps(invalid[i % len(invalid)]))
        data["id"] = f"{seed}-{i}"
        claimed = data.get("claimed") or {}
        if i % 13 == 4 and claimed.get("totals"):
            claimed["totals"][0] += 1
        lines.append(orjson.dumps(data))
    return lines


def write_archives(folder: Path, count: int) -> list[Path]:
    """The archive in three files: plain, .jsonl.gz and .jsonl.zst (several frames)."""
    lines = archive_lines(count)
    third = len(lines) // 3
    parts = [lines[:third], lines[third : 2 * third], lines[2 * third :]]
    plain = folder / "part-1.jsonl"
    plain.write_bytes(b"\n".join(parts[0]) + b"\n")
    gz = folder / "part-2.jsonl.gz"
    gz.write_bytes(gzip.compress(b"\n".join(parts[1]) + b"\n"))
    zst = folder / "part-3.jsonl.zst"
    half = len(parts[2]) // 2
    compressor = pytest.importorskip("zstandard").ZstdCompressor()
    zst.write_bytes(
        compressor.compress(b"\n".join(parts[2][:half]) + b"\n")
        + compressor.compress(b"\n".join(parts[2][half:]) + b"\n")
    )
    return [plain, gz, zst]


def validate_json(paths: Sequence[Path]) -> dict[str, Any]:
    """``validate --format json`` on one machine, one process."""
    result = CliRunner().invoke(
        main, ["validate", "--jobs", "1", "--format", "json", *map(str, paths)]
    )
    assert result.exit_code in (0, 1, 2), result.output
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def expected_findings(entry: dict[str, Any]) -> list[tuple[Any, ...]]:
    """An entry's findings (or read errors) as the results hold them."""
    if "errors" in entry:
        return [
            ("error", "format", "", e["loc"], e["where"], e["message"])
            for e in entry["errors"]
        ]
    return [
        (f["severity"], f["kind"], f["rule"], f["loc"], f["where"], f["message"])
        for f in entry["report"]["findings"]
    ]


def assert_same_as_validate(results: Path, expected: dict[str, Any]) -> None:
    """The results hold each record once, with validate's status, problem and findings."""
    import pyarrow.parquet as pq

    records = pq.read_table(results / "records").sort_by("seq").to_pylist()
    findings = (
        pq.read_table(results / "findings")
        .sort_by([("seq", "ascending"), ("number", "ascending")])
        .to_pylist()
    )
    entries = expected["records"]
    assert [r["seq"] for r in records] == list(range(len(entries)))
    assert [(r["source"], r["status"], r["problem"]) for r in records] == [
        (e["source"], e["status"], e["problem"]) for e in entries
    ]
    by_record: dict[int, list[tuple[Any, ...]]] = {}
    for f in findings:
        by_record.setdefault(f["seq"], []).append(
            (f["severity"], f["kind"], f["rule"], f["loc"], f["where"], f["message"])
        )
    for seq, entry in enumerate(entries):
        assert by_record.get(seq, []) == expected_findings(entry), entry["source"]
    manifest = json.loads((results / "manifest.json").read_bytes())
    summary = expected["summary"]
    assert manifest["counts"] == {
        s: summary[s] for s in ("ok", "disputed", "invalid", "unreadable")
    }


class Processes:
    """Processes started by a test, each in its own session, all stopped at its end."""

    def __init__(self) -> None:
        self.started: list[subprocess.Popen[bytes]] = []

    def start(self, command: Sequence[str], **kwargs: Any) -> subprocess.Popen[bytes]:
        proc = subprocess.Popen(list(command), start_new_session=True, **kwargs)
        self.started.append(proc)
        return proc

    def stop_all(self) -> None:
        for proc in reversed(self.started):
            stop_group(proc)
            for pipe in (proc.stdin, proc.stdout, proc.stderr):
                if pipe is not None:
                    pipe.close()


def stop_group(proc: subprocess.Popen[bytes], grace: float = 10) -> None:
    """SIGTERM the process's group, then SIGKILL what is left after ``grace``."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            break
        try:
            proc.wait(timeout=grace)
            if not group_alive(proc.pid):
                break
        except subprocess.TimeoutExpired:
            continue
    if proc.poll() is None:
        proc.kill()
        proc.wait()


def group_alive(pgid: int) -> bool:
    """True when some process of group ``pgid`` still runs."""
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # pragma: no cover - not ours
        return True
    return True


@pytest.fixture
def processes() -> Iterator[Processes]:
    started = Processes()
    try:
        yield started
    finally:
        started.stop_all()


class Lines:
    """The lines a process writes to a pipe, collected by a thread as they come."""

    def __init__(self, stream: Any) -> None:
        self.text = ""
        self.done = threading.Event()
        self._thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self._thread.start()

    def _read(self, stream: Any) -> None:
        for chunk in iter(lambda: stream.read1(4096), b""):
            self.text += chunk.decode("utf-8", "replace")
        self.done.set()

    def checked(self) -> int:
        """The latest "checked N records" of ``bulk --progress`` (0 before any)."""
        import re

        found = re.findall(r"checked (\d+) record", self.text)
        return int(found[-1]) if found else 0


@pytest.fixture(scope="session")
def checked(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path]]:
    """A results folder of the samples and a simulated archive of 1,500 records
    (plain, gzip and zstd), written by a local cluster of two worker processes."""
    for extra in ("distributed", "pyarrow", "duckdb"):
        pytest.importorskip(extra)  # the scale extra
    folder = tmp_path_factory.mktemp("bulk")
    inputs = [SAMPLES, *write_archives(folder, 1500)]
    out = folder / "results"
    run = subprocess.run(
        [CLI, "bulk", *map(str, inputs), "--out", str(out), "--workers", "2"],
        capture_output=True,
        text=True,
        timeout=200,
        start_new_session=True,
    )
    assert run.returncode == 2, run.stderr  # an unreadable line is there
    assert "records, " in run.stdout and not said(run.stderr)
    return out, inputs


def said(stderr: str) -> list[str]:
    """What a command wrote to stderr, but the note of a compiled engine older
    than the sources (a checkout changed since ``make compile``) and its line."""
    lines = stderr.splitlines()
    stale = [i for i, line in enumerate(lines) if "compiled engine is older" in line]
    dropped = {i for i in stale} | {i + 1 for i in stale}
    return [line for i, line in enumerate(lines) if i not in dropped]
