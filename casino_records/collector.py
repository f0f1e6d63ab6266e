"""Pausing the cyclic garbage collector around work that makes no cycles.

Reading and replaying a record, or playing a deal, allocates many short-lived
objects and no reference cycles (a test keeps it so): reference counting frees
them all. Left on, the cyclic collector would walk the young ones hundreds of
times per record for nothing. Anything cyclic made meanwhile (by other code)
is collected once the collector is back on.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["collector_paused"]


@contextmanager
def collector_paused() -> Iterator[None]:
    """Keep the cyclic collector off while the block runs, then restore it.

    Nested uses, and a caller that turned the collector off itself, leave it
    as they found it.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
