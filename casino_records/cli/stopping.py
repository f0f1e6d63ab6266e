"""Stop signals turned into an exception, so that every ``finally`` runs.

``view`` and ``bulk`` each own child processes (a Streamlit server, a Dask
cluster): a ``kill`` must stop those too, not leave them serving.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

__all__ = ["Stopped", "stopping_on"]


class Stopped(BaseException):
    """This command was told to stop by a signal (not an error: a ``BaseException``)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@contextmanager
def stopping_on(signals: Sequence[signal.Signals]) -> Iterator[None]:
    """Turn ``signals`` into :class:`Stopped` while the block runs."""

    def handler(signum: int, _frame: Any) -> None:
        raise Stopped(signum)

    previous = {sig: signal.signal(sig, handler) for sig in signals}
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)
