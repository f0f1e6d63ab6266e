"""The Dask cluster a run uses: a local one it starts, or an existing scheduler.

A local cluster (:class:`distributed.LocalCluster`, one worker process per
core, one thread each) lives exactly as long as the ``with`` block: it is
closed on the way out whatever happens, and its worker processes end with
this process even when it is killed (Dask's workers watch their parent).
A worker process lost while the cluster starts (killed, out of memory) makes
Dask give up the whole start: it is started again, a few times, before
:class:`ClusterError` says so in one line.

Ctrl+C reaches every process of the terminal's group: the workers must leave
it to this process, which stops the run and closes the cluster (a worker
interrupted in the middle of its start or of a task prints a traceback). So
the workers are forked from multiprocessing's fork server (Dask's
``forkserver`` method), which this process starts with SIGINT ignored for
that instant: every worker forked from it, a restarted one too, ignores
SIGINT from its first instruction. The fork server has the modules of a
worker imported already, and the environment Dask sets for a new worker
(``distributed.nanny.pre-spawn-environ``).

Dask's own log lines never reach the terminal (:data:`DASK_LOG_LEVEL`): a
task's failure comes back to this process as its result and is said in
words, and on a loaded machine a stopping cluster logs errors of its own (a
worker's heartbeat to a scheduler already closed, a task cut off when a
stopped run's folder is removed), tracebacks included.
"""

from __future__ import annotations

import logging
import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from distributed import Client, LocalCluster

__all__ = ["ClusterError", "dask_client"]

CONNECT_SECONDS: Final = 30.0
"""How long to wait for a scheduler to answer, and for its first worker."""
START_ATTEMPTS: Final = 3
"""How many times a local cluster is started before its start is given up."""
DASK_LOG_LEVEL: Final = logging.CRITICAL + 1
"""The level ``distributed``'s loggers are held at, here and in the workers."""


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
    from distributed import Client

    quiet = logging.getLogger("distributed")
    level = quiet.level
    quiet.setLevel(DASK_LOG_LEVEL)
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
            "distributed.worker.multiprocessing-method": "forkserver",
        }
        with dask.config.set(local if scheduler is None else {}):
            if scheduler is None:
                _start_fork_server()
                cluster = _local_cluster(workers)
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
            yield client  # with the settings: a worker restarted gets them too
    finally:
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
        quiet.setLevel(level)


def _local_cluster(workers: int) -> LocalCluster:
    """A local cluster of ``workers`` processes, started again when a worker is
    lost during its start (see the module).

    :raises ClusterError: it did not start in :data:`START_ATTEMPTS` attempts.
    """
    from distributed import LocalCluster

    failure: BaseException | None = None
    for _ in range(START_ATTEMPTS):
        try:
            return LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=":0",  # any free port: never a clash, never shown
                silence_logs=DASK_LOG_LEVEL,
            )
        except Exception as exc:  # Dask's RuntimeError("Nanny failed to start.") ...
            failure = exc
            _close_unfinished()
        except BaseException:  # stopped while it started: no half cluster left
            _close_unfinished()
            raise
    raise ClusterError(
        f"the local Dask cluster of {workers} workers did not start"
        f" ({START_ATTEMPTS} attempts): {_reason(failure)}"
    )


def _start_fork_server() -> None:
    """Start the fork server the workers come from, ignoring SIGINT (see the module).

    Nothing to do when it runs already (started by an earlier run in this
    process); only the main thread can set a signal's handler.
    """
    import multiprocessing
    from multiprocessing import forkserver

    import dask
    import distributed.utils

    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["distributed", "casino_records.scale.work"])
    # Dask would otherwise import every optional package here to preload it.
    distributed.utils._forkserver_preload_set = True
    environ = {
        str(k): str(v)
        for k, v in dask.config.get("distributed.nanny.pre-spawn-environ").items()
    }
    saved = {k: os.environ.get(k) for k in environ}
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    # (None stands for a handler not set from Python: set back to the default.)
    try:
        os.environ.update(environ)
        forkserver.ensure_running()
    finally:
        if main:
            signal.signal(signal.SIGINT, previous or signal.SIG_DFL)
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def _close_unfinished() -> None:
    """Close every local cluster whose start failed or was stopped, so that
    Dask's own clean-up at exit finds none (it would print a traceback)."""
    from distributed.core import Status
    from distributed.deploy.spec import SpecCluster

    for cluster in list(SpecCluster._instances):
        if getattr(cluster, "status", Status.closed) != Status.closed:
            with suppress(Exception):
                cluster.close(timeout=10)
        SpecCluster._instances.discard(cluster)


def _reason(exc: BaseException | None) -> str:
    """An exception and its causes in one line, e.g. "Nanny failed to start.:
    Worker process died unexpectedly"."""
    words: list[str] = []
    seen: set[int] = set()
    cause: Any = exc
    while cause is not None and id(cause) not in seen:
        seen.add(id(cause))
        text = str(cause).strip().splitlines()
        words.append(text[0] if text else type(cause).__name__)
        cause = cause.__cause__ or cause.__context__
    return ": ".join(words) or "no reason given"
