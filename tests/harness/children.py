"""The child processes of a process, read from /proc (Linux), for tests that
stop a command while its workers run."""

from __future__ import annotations

from pathlib import Path


def children(pid: int) -> list[tuple[int, bytes]]:
    """Each live child of ``pid`` as (its pid, its command line, NUL-separated)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.append((int(entry.name), command))
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, ended but not yet reaped, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"
