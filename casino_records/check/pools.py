"""Worker-process pools whose workers always stop when told to.

A forked worker inherits this process's Python signal handlers. A SIGTERM from
``Pool.terminate()`` that reaches a worker before its interpreter has finished
starting is then lost (Python clears the signals still pending in a new child),
and the worker waits on the task queue for ever while ``terminate()`` waits
for it. So workers are forked with SIGTERM at its default action (the kernel
stops them, whatever they are doing), and they ignore SIGINT: Ctrl+C reaches
every process of the terminal's group, and only the parent acts on it.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from multiprocessing.context import BaseContext
from multiprocessing.pool import Pool
from types import FrameType
from typing import Any

__all__ = ["sigterm_handled_by", "start_pool"]


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
    with sigterm_handled_by(signal.SIG_DFL):
        return context.Pool(
            processes, initializer=_start_worker, initargs=(initializer, initargs)
        )


def _start_worker(
    initializer: Callable[..., object] | None, initargs: tuple[Any, ...]
) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a forkserver's or spawn's worker
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
