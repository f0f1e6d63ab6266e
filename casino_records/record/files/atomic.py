"""Atomic file output: a file is replaced whole or not at all, and says why not.

The data goes to a temporary file beside the target, named
``.NAME.PID.casino-tmp``, that is renamed over the target at the end: a reader
never sees half a file, and an error leaves the old file as it was. A
temporary left behind by a process that was killed mid-write (its PID no
longer runs) is removed by the next write to the same folder
(:func:`remove_stale`, which ``bulk`` uses for its unfinished results folders
too). An error names
the file it concerns ("No space left on device" included).
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO, Final

__all__ = [
    "TEMP_SUFFIX",
    "atomic_writer",
    "process_running",
    "remove_stale",
    "remove_stale_temporaries",
]

TEMP_SUFFIX: Final = ".casino-tmp"
"""The suffix of the temporary files this module writes."""
_TEMP_NAME: Final = re.compile(
    r"\..+\.([0-9]+)\.[A-Za-z0-9_]+" + re.escape(TEMP_SUFFIX)
)


@contextmanager
def atomic_writer(path: str | os.PathLike[str]) -> Iterator[IO[bytes]]:
    """A binary stream that replaces ``path`` only when the block succeeds.

    The file keeps the mode of the file it replaces (``0o644`` for a new one).

    :raises OSError: the file cannot be written; its ``filename`` is ``path``.
    """
    path = Path(path)
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        mode = 0o644
    except OSError as exc:
        raise _named(exc, path) from None
    remove_stale_temporaries(path.parent)
    try:
        fd, tmp = tempfile.mkstemp(
            dir=path.parent, prefix=f".{path.name}.{os.getpid()}.", suffix=TEMP_SUFFIX
        )
    except OSError as exc:
        raise _named(exc, path) from None
    try:
        with os.fdopen(fd, "wb") as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except OSError as exc:
        _unlink(tmp)
        raise _named(exc, path) from None
    except BaseException:
        _unlink(tmp)
        raise


def remove_stale_temporaries(folder: str | os.PathLike[str]) -> list[Path]:
    """Remove the temporaries of writes killed before they ended; return them.

    Only files named by this module whose writing process no longer runs are
    removed; a write in progress in another process is left alone.
    """
    return remove_stale(folder, _TEMP_NAME)


def remove_stale(folder: str | os.PathLike[str], name: re.Pattern[str]) -> list[Path]:
    """Remove what processes killed before they ended left in ``folder``; return it.

    :param name: the names of such leftovers (files or folders), the writing
        process's PID the pattern's first group; those of a process that
        still runs are left alone.
    """
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for entry in entries:
        match = name.fullmatch(entry.name)
        if match is None or process_running(int(match[1])):
            continue
        with suppress(OSError):
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path)
            else:
                os.unlink(entry.path)
            removed.append(Path(entry.path))
    return removed


def process_running(pid: int) -> bool:
    """True when the process ``pid`` runs (this one included)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    except OverflowError:
        return False
    return True


def _unlink(name: str) -> None:
    with suppress(FileNotFoundError):
        os.unlink(name)


def _named(exc: OSError, path: Path) -> OSError:
    """``exc`` with ``path`` as its file name, so every message says which file."""
    reason = exc.strerror or os.strerror(exc.errno or errno.EIO)
    return type(exc)(exc.errno or errno.EIO, reason, str(path))
