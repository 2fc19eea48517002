"""The leaked-thread check (``tests/conftest.py``) for tests that run Dask: the threads Dask keeps
for the process or for a cluster's lifetime are not counted as leaked."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from leaks import THREAD_GRACE_S, leaked_threads

# Threads Dask starts for the cluster's lifetime (its event loop, offload and callback threads,
# a nanny's watchers of the worker process it restarts).
DASK_THREADS = ("Dask-", "AsyncProcess Dask", "QueueFeederThread", "IO loop", "TCP-Executor")


@contextmanager
def no_threads_left_but_dasks(prefixes: tuple[str, ...] = DASK_THREADS) -> Iterator[None]:
    """Fails if a thread started inside the block is still running ``THREAD_GRACE_S`` after it,
    unless its name starts with one of ``prefixes``."""
    before = set(threading.enumerate())
    yield
    dask = {t for t in threading.enumerate() if t.name.startswith(prefixes)}
    leaked = leaked_threads(before | dask, THREAD_GRACE_S)
    assert not leaked, f"the test left threads running: {', '.join(t.name for t in leaked)}"
