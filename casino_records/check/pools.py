"""Worker-process pools whose workers always stop when told to.

A forked worker inherits this process's Python signal handlers. A SIGTERM from
``Pool.terminate()`` that reaches a worker before its interpreter has finished
starting is then lost (Python clears the signals still pending in a new child),
and the worker waits on the task queue for ever while ``terminate()`` waits
for it. So SIGTERM is held back (blocked, not ignored) in this process while
the workers are forked: they inherit the block, and each one sets SIGTERM to
its default action (the kernel stops it, whatever it is doing) before it lets
SIGTERM through, so a SIGTERM sent to it early waits for it instead of being
lost. A SIGTERM sent to this process meanwhile is handled by its own handler
once the pool exists. Workers ignore SIGINT: Ctrl+C reaches every process of
the terminal's group, and only the parent acts on it; SIGINT is held back
while they are forked too, so that a Ctrl+C in the instant before a worker
ignores it waits for it instead of interrupting it.

A worker started rather than forked (a fork server's, or spawned) first imports
the parent's ``__main__`` from its file. Under Streamlit that is the page being
run (Streamlit installs each page as ``__main__``), which would run the page
again in every worker; the workers need nothing from it (their work is this
library's), so ``__main__`` is a bare module while they start.

A pool's owner stops on SIGTERM by stopping its workers first
(:func:`stopping_workers`): a parent killed outright leaves them writing
to a pipe no one reads, and each prints a BrokenPipeError traceback.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from multiprocessing.context import BaseContext
from multiprocessing.pool import Pool
from types import FrameType, ModuleType
from typing import Any, Final

__all__ = ["sigterm_handled_by", "start_pool", "stop_pool", "stopping_workers"]


def start_pool(
    context: BaseContext,
    processes: int,
    initializer: Callable[..., object] | None = None,
    initargs: tuple[Any, ...] = (),
) -> Pool:
    """``context.Pool(processes, initializer, initargs)``, its workers stoppable.

    >>> import multiprocessing
    >>> with start_pool(multiprocessing.get_context("fork"), 2) as pool:
    ...     pool.map(abs, [-1, 2, -3])
    [1, 2, 3]
    """
    pool = None
    try:
        with _sigterm_held_back(), _bare_main():
            pool = context.Pool(
                processes, initializer=_start_worker, initargs=(initializer, initargs)
            )
    except BaseException:  # a stop signal held back, handled as the block ends
        if pool is not None:
            stop_pool(pool)
        raise
    return pool


_HELD: Final = {signal.SIGINT, signal.SIGTERM}


@contextmanager
def _bare_main() -> Iterator[None]:
    """``__main__`` a module with no file while the block runs (see the module)."""
    main = sys.modules.get("__main__")
    sys.modules["__main__"] = bare = ModuleType("__main__")
    try:
        yield
    finally:
        if sys.modules.get("__main__") is bare:
            if main is None:
                del sys.modules["__main__"]
            else:
                sys.modules["__main__"] = main


@contextmanager
def _sigterm_held_back() -> Iterator[None]:
    """SIGTERM and SIGINT blocked in this thread (and what it forks or starts)
    while the block runs; one that came meanwhile is delivered at its end."""
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


def stop_pool(pool: Pool) -> None:
    """Terminate ``pool`` and wait for its workers, a stop signal held back
    meanwhile (handled once they are gone, not halfway)."""
    with _sigterm_held_back():
        pool.terminate()
        pool.join()


def _stop(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(128 + signum)


@contextmanager
def stopping_workers() -> Iterator[None]:
    """SIGTERM as ``SystemExit(143)`` while the block runs (in the main thread),
    so that the pool it owns is stopped on the way out (see the module)."""
    with sigterm_handled_by(_stop):
        yield


def _start_worker(
    initializer: Callable[..., object] | None, initargs: tuple[Any, ...]
) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)  # see the module
    if initializer is not None:
        initializer(*initargs)


@contextmanager
def sigterm_handled_by(
    handler: Callable[[int, FrameType | None], Any] | int,
) -> Iterator[None]:
    """SIGTERM handled by ``handler`` (a function, or ``signal.SIG_DFL``) while
    the block runs, then as before. Only the main thread can set a handler:
    elsewhere the block runs unchanged (its pools' workers come from a fork
    server, never forked from this process)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
