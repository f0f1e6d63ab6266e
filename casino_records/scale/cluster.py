"""The Dask cluster a run uses: a local one it starts, or an existing scheduler.

A local cluster (:class:`distributed.LocalCluster`, one worker process per
core, one thread each) lives exactly as long as the ``with`` block: it is
closed on the way out whatever happens, and its worker processes end with
this process even when it is killed (Dask's workers watch their parent).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["ClusterError", "dask_client"]

CONNECT_SECONDS: Final = 30.0
"""How long to wait for a scheduler to answer, and for its first worker."""


class ClusterError(Exception):
    """The cluster cannot be started or reached, or has no worker."""


@contextmanager
def dask_client(
    scheduler: str | None,
    workers: int,
    *,
    timeout: float = CONNECT_SECONDS,
) -> Iterator[Client]:
    """A client of ``scheduler`` (``tcp://host:port``), else of a new local cluster.

    :param workers: the local cluster's worker processes (ignored with a scheduler).
    :raises ClusterError: the scheduler does not answer, or no worker joins it
        within ``timeout`` seconds.
    """
    import dask
    from distributed import Client, LocalCluster

    quiet = logging.getLogger("distributed")
    level = quiet.level
    quiet.setLevel(logging.ERROR)
    cluster = None
    client = None
    try:
        local = {
            # The workers' statistical profiler samples every task's stack 100
            # times a second: for long pure-Python tasks it costs CPU and nobody
            # reads it. The event loops' watchdog (every 20 ms) and the monitors
            # of memory (100 ms) and of the system (500 ms, for a dashboard no one
            # opens) take the interpreter lock from the check that often: a few
            # per cent of a worker's time at their defaults.
            "distributed.worker.profile.enabled": False,
            "distributed.admin.tick.interval": "1s",
            "distributed.worker.memory.monitor-interval": "1s",
            "distributed.admin.system-monitor.interval": "5s",
        }
        with dask.config.set(local if scheduler is None else {}):
            if scheduler is None:
                cluster = LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0",  # any free port: never a clash, never shown
                    silence_logs=logging.ERROR,
                )
                client = Client(cluster)
            else:
                try:
                    client = Client(scheduler, timeout=timeout)
                except (OSError, TimeoutError) as exc:
                    raise ClusterError(
                        f"cannot reach the Dask scheduler at {scheduler}: {exc}"
                    ) from None
                try:
                    client.wait_for_workers(1, timeout=timeout)
                except TimeoutError:
                    raise ClusterError(
                        f"no Dask worker joined the scheduler at {scheduler}"
                        f" within {timeout:g} s (start some with: dask worker"
                        f" {scheduler})"
                    ) from None
        yield client
    finally:
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
        quiet.setLevel(level)
