"""The Dask engine of a learning run (the ``cluster`` extra: ``pip install 'nonostudio[cluster]'``):
work items run as Dask futures on a LocalCluster of this machine or on the cluster of a scheduler
address, and the coordinator stays the only writer of the job store.

:func:`open_cluster` connects (``local[:N]``, ``tcp://host:8786``, ``tls://…``) and refuses
workers whose nonostudio or z3 differs from this process's.  Each item's watchdog waits on the
run's cancel :class:`distributed.Event`, so a cancel interrupts running z3 calls at once
(``Future.cancel()`` alone leaves a worker busy until the budget runs out).  A worker that dies
mid-item costs nothing: the scheduler runs the item elsewhere (:data:`MAX_ATTEMPTS` attempts on a
LocalCluster); a lost scheduler raises :class:`EngineError` and the runner hands the work in flight
back as pending.  docs/design/learning.md, "Running on a cluster", has the measurements.
"""

from __future__ import annotations

import importlib.util
import json
import os
import queue
import threading
import time
import urllib.request
import uuid
from typing import Any

import z3

import nonostudio
from nonostudio.core.z3threads import interrupt, new_context
from nonostudio.learn.mining.specs import Specification
from nonostudio.learn.running.engine import EngineError, Outcome, Task
from nonostudio.learn.running.runner_skips import SkipsSoFar
from nonostudio.learn.running.runner_worker import Work, keep_z3_from_ctrl_c
from nonostudio.learn.store.job_records import MAX_ATTEMPTS, WORKER_DIED, SpecStatus

__all__ = [
    "CLUSTER_ENV",
    "ClusterError",
    "DaskEngine",
    "cluster_available",
    "open_cluster",
    "parse_address",
    "run_task",
]

CLUSTER_ENV = "NONOSTUDIO_CLUSTER"  # the cluster ``learn run`` uses when --cluster is not given
WATCH_S = 0.1  # how long a watchdog waits on the cancel event between looks at the clock
CANCEL_GRACE_S = 2.0  # after a cancel, how long items may take to come back before they are dropped
CONNECT_TIMEOUT_S = 10.0
_INSTALL = "the cluster engine needs Dask: pip install 'nonostudio[cluster]'"


class ClusterError(ValueError):
    """The cluster cannot be used: a bad address, no Dask, no scheduler there, or workers that
    run another nonostudio or z3.  Its message says which."""


def cluster_available() -> bool:
    """Whether Dask's distributed scheduler is installed (the ``cluster`` extra); found without
    importing it (an import takes a second or two: not on the GUI thread)."""
    return importlib.util.find_spec("distributed") is not None


def versions() -> tuple[str, str]:
    """This process's nonostudio and z3 versions (a worker must run the same)."""
    return nonostudio.__version__, z3.get_version_string()


# ---- the worker side ----------------------------------------------------------------------------

_local = threading.local()  # one z3 context per worker thread, kept between items
# Items cancelled one by one (a rule found meanwhile skips them), by their future's key (a batch's
# item as ``key#i``), and runs stopped, by their cancel event's name: the coordinator adds to it in
# every worker process (``Client.run``), each item's watchdog looks.
_cancelled_here: set[str] = set()


def cancel_here(keys: list[str]) -> None:
    """On a worker: remember ``keys`` as cancelled (their items stop, or never start)."""
    _cancelled_here.update(keys)


def _context() -> z3.Context:
    ctx = getattr(_local, "ctx", None)
    if ctx is None:
        keep_z3_from_ctrl_c()
        ctx = _local.ctx = new_context()
    return ctx


def run_task(
    task: Task, works: tuple[Work, Work | None], cancel_name: str, item: str = ""
) -> Outcome:
    """One work item on a Dask worker: the work with this thread's z3 context, and a watchdog
    that interrupts it at its deadline or as soon as the run's cancel event is set or the item
    (its future's key ``item``) is cancelled on its own (then it comes back ``pending``)."""
    from distributed import Event

    _, key, spec_json, budget, which = task
    cancel = Event(cancel_name)
    # Bound to this worker's client here, in the task's thread (the watchdog's thread cannot
    # find it); unlike asking whether it is set, no round trip to the scheduler.
    if cancel.client is None:
        raise RuntimeError("run_task runs only as a Dask task (no worker client here)")
    if item in _cancelled_here or cancel_name in _cancelled_here:  # cancelled before it started
        _cancelled_here.discard(item)
        return (-1, key, SpecStatus.PENDING, 0.0, None, None)
    work = works[which]
    assert work is not None, "a narrow task without a narrow work"
    ctx = _context()
    start = time.monotonic()
    deadline = start + budget
    stopped = threading.Event()  # the cancel event was seen set
    finished = threading.Event()

    def watchdog() -> None:
        while not finished.is_set():
            try:
                if cancel.wait(timeout=WATCH_S):
                    stopped.set()
            except Exception:  # the scheduler is gone: the item's outcome will not be taken
                stopped.set()
            if item in _cancelled_here:
                stopped.set()
            if finished.is_set():
                return
            if stopped.is_set() or time.monotonic() > deadline:
                interrupt(ctx)
                if stopped.is_set():
                    finished.wait(WATCH_S)  # interrupt again while the work has not ended

    guard = threading.Thread(target=watchdog, daemon=True)
    guard.start()

    def should_stop() -> bool:
        if item in _cancelled_here:
            stopped.set()
        return stopped.is_set() or time.monotonic() > deadline

    try:
        result_text: str | None = json.dumps(
            work(Specification.from_json(spec_json), budget, should_stop, ctx)
        )
        error = None
    except Exception as exc:  # the work's failure is the item's outcome
        result_text, error = None, f"{type(exc).__name__}: {exc}"
    finally:
        finished.set()
    seconds = time.monotonic() - start
    _cancelled_here.discard(item)
    if stopped.is_set():
        status = SpecStatus.PENDING
    elif seconds > budget:
        status = SpecStatus.TIMEOUT
    elif error:
        status = SpecStatus.FAILED
    else:
        status = SpecStatus.SKIPPED if which else SpecStatus.DONE
    return (-1, key, status, seconds, result_text, error)


def run_tasks(
    tasks: list[Task],
    works: tuple[Work, Work | None],
    cancel_name: str,
    item: str,
    skips: tuple[bool, bool] = (False, False),
) -> list[Outcome]:
    """Several cheap work items in one Dask task (a batch), one after another, each as
    :func:`run_task` runs it (item ``i`` cancelled on its own as ``item#i``).  An item that the
    rules of its batch-mates before it skip (``skips``: supersets, covered, as the runner
    skips) comes back ``pending`` unrun: the runner then skips it, nothing wasted."""
    found = SkipsSoFar(supersets=skips[0], covered=skips[1])
    outcomes: list[Outcome] = []
    for i, task in enumerate(tasks):
        _, key, spec_json, _, which = task
        if not which and found.skips(key, Specification.from_json(spec_json)):
            outcomes.append((-1, key, SpecStatus.PENDING, 0.0, None, None))
            continue
        outcome = run_task(task, works, cancel_name, f"{item}#{i}")
        outcomes.append(outcome)
        status, result_text = outcome[2], outcome[4]
        if result_text is not None and status != SpecStatus.PENDING:  # as the runner counts them
            found.add(
                key,
                json.loads(result_text),
                pattern_sets=status in (SpecStatus.DONE, SpecStatus.SKIPPED),
            )
    return outcomes


# ---- the coordinator side -----------------------------------------------------------------------


class DaskEngine:
    """Runs a learning run's items as futures of a Dask ``client``.  Made by
    :func:`open_cluster`; a context manager that closes the client (and the LocalCluster it
    started) on leaving."""

    # Two items per worker thread in flight, as on this machine: with one, each item waited
    # for a round trip (14.8 ms an item against 7.1 ms) and the late skips measured no fewer.
    ahead = 2
    # Cheap items go several to a future: a future's round trips through the scheduler cost
    # more than such an item's work (per item 17-35 ms under a load of 20, one to a future).
    batches = True

    def __init__(self, client: Any, cluster: Any = None, *, address: str = "") -> None:
        self.client, self.cluster, self.address = client, cluster, address
        self._futures: dict[str, Any] = {}
        self._keys: dict[str, str] = {}  # an item's key in flight -> its cancel key
        self._ready: list[Outcome] = []  # outcomes of a batch not yet returned (last first)
        self._done: Any = None  # a distributed.as_completed of the futures in flight
        self._slots = (0, 0.0)  # (threads, when counted)
        self._cancel: Any = None
        self._stopped = False
        self._lost = False

    def __enter__(self) -> DaskEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()

    def shutdown(self) -> None:
        """Close the client, and the LocalCluster when this engine started it."""
        try:
            self.client.close(timeout=5)
        except Exception:  # noqa: S110 - a client whose scheduler is gone closes anyway
            pass
        if self.cluster is not None:
            self.cluster.close(timeout=10)

    @property
    def dashboard(self) -> str | None:
        """The Dask dashboard's address, when one answers there (the scheduler serves the page
        only when bokeh is installed beside it)."""
        try:
            link = str(self.client.dashboard_link or "")
        except Exception:
            return None
        if not link.startswith(("http://", "https://")):
            return None
        try:
            with urllib.request.urlopen(link, timeout=1.0) as page:  # noqa: S310 - http(s) only
                return link if page.status == 200 else None
        except (OSError, ValueError):
            return None

    def workers(self) -> int:
        return len(self.client.scheduler_info(n_workers=-1).get("workers", {}))

    def summary(self) -> str:
        """The cluster in words: where, its workers and threads, its dashboard."""
        threads = self.slots()
        where = self.address or "a LocalCluster"
        text = f"{where}: {self.workers()} workers, {threads} threads"
        if self.dashboard:
            text += f"; dashboard {self.dashboard}"
        return text

    # ---- the Engine protocol

    def open(self, works: tuple[Work, Work | None]) -> None:
        from distributed import Event, as_completed

        self._works = works
        self._futures.clear()
        self._keys.clear()
        self._ready = []
        self._done = as_completed(loop=self.client.loop, with_results=True, raise_errors=False)
        self._stopped = self._lost = False
        self._cancel = Event(f"nonostudio-cancel-{uuid.uuid4().hex}", client=self.client)

    def slots(self) -> int:
        threads, when = self._slots
        if time.monotonic() - when > 5.0:  # workers come and go: count them now and then
            try:
                threads = sum(self.client.nthreads().values())
            except Exception:
                threads = threads or 1
            self._slots = (threads, time.monotonic())
        return max(1, threads)

    def submit(self, task: Task) -> None:
        key = f"nonostudio-{task[1]}-{uuid.uuid4().hex[:8]}"
        future = self.client.submit(
            run_task, task, self._works, self._cancel.name, key, key=key, pure=False
        )
        self._futures[future.key] = (future, task)
        self._keys[task[1]] = future.key
        self._done.add(future)

    def submit_batch(self, tasks: list[Task], skips: tuple[bool, bool] = (False, False)) -> None:
        key = f"nonostudio-batch-{tasks[0][1]}-{uuid.uuid4().hex[:8]}"
        future = self.client.submit(
            run_tasks, tasks, self._works, self._cancel.name, key, skips, key=key, pure=False
        )
        self._futures[future.key] = (future, tasks)
        for i, task in enumerate(tasks):
            self._keys[task[1]] = f"{key}#{i}"
        self._done.add(future)

    def cancel_item(self, task: Task) -> None:
        key = self._keys.get(task[1])
        if key is None:
            return  # it has come back already
        try:
            # Every worker remembers it: the one running it interrupts it, one taking it later
            # gives it back untouched.  Cancels are rare (a rule found skips an item in flight).
            self.client.run(cancel_here, [key])
        except Exception:  # noqa: S110 - the scheduler is gone: lost() says so
            pass

    def result(self, timeout: float) -> Outcome | None:
        if self._ready:
            return self._returned(self._ready.pop())
        try:
            # (future, its result) once the result is here: fetched on the client's own thread,
            # not by a round trip of this one per item (26 ms an item under load).
            future, value = self._done.queue.get(timeout=timeout)
        except queue.Empty:
            if self.client.status not in ("running", "connecting", "newly-created"):
                self._lost = True
            return None
        entry = self._futures.pop(future.key, None)
        if entry is None:
            return None
        task = entry[1]
        if future.status == "finished":
            if isinstance(task, list):  # a batch: its outcomes one by one
                for one in task:  # none of them runs any more: nothing to cancel
                    self._keys.pop(one[1], None)
                self._ready = list(reversed(value))
                return self._returned(self._ready.pop())
            return self._returned(value)
        if future.status == "error":
            error = value[1] if isinstance(value, tuple) else value
            if isinstance(task, list):
                # A batch whose worker died (or that failed as a whole): each item again on its
                # own, so one that kills its worker costs the others nothing.
                for one in task:
                    self.submit(one)
                return None
            self._keys.pop(task[1], None)
            return self._failed(task, error)
        # Cancelled or lost: the scheduler forgot it (it was restarted, or we lost it).
        self._lost = True
        return None

    def _returned(self, outcome: Outcome) -> Outcome:
        """``outcome``, its item no longer in flight."""
        self._keys.pop(outcome[1], None)
        return outcome

    def _failed(self, task: Task, exc: BaseException) -> Outcome:
        from distributed.scheduler import KilledWorker

        if isinstance(exc, KilledWorker):
            error = f"{WORKER_DIED} on every attempt the scheduler allowed (KilledWorker)"
        else:
            error = f"{type(exc).__name__}: {exc}"
        return (-1, task[1], SpecStatus.FAILED, 0.0, None, error)

    def stop(self) -> None:
        if self._stopped or self._cancel is None:
            return
        self._stopped = True
        try:
            self._cancel.set()
            # Every worker told at once too: an item queued there then never starts (without it,
            # each asked the scheduler first, a round trip an item: 0.6 s to idle under load).
            self.client.run(cancel_here, [self._cancel.name])
        except Exception:  # noqa: S110 - the scheduler is gone: nothing runs there any more
            pass

    def stopped(self) -> bool:
        return self._stopped

    def gave_up(self, since_stop: float) -> bool:
        return self._lost or since_stop > CANCEL_GRACE_S

    def lost(self) -> list[int]:
        if self._lost:
            raise EngineError(
                f"lost the Dask scheduler {self.address or '(LocalCluster)'}: the run is "
                "paused, its items in flight are pending again; resume it when the cluster "
                "is back"
            )
        return []

    def close(self, *, handed_back: bool) -> None:
        self.stop()  # items still running (a lost run, an error) are told through the Event
        futures = [f for f, _ in self._futures.values()]
        self._futures.clear()
        if futures and not self._lost:
            try:
                self.client.cancel(futures, force=True)
            except Exception:  # noqa: S110 - the scheduler is gone with its futures
                pass

    def describe(self) -> str:
        threads = self.slots()
        busy = min(threads, len(self._futures))
        return f"{threads} workers, {busy} busy"


def parse_address(address: str) -> tuple[str, int | None]:
    """``("local", N or None)`` or ``("remote", None)``; ClusterError for anything else (no Dask
    is needed to check an address)."""
    text = address.strip()
    if text == "local" or text.startswith("local:"):
        count = text.partition(":")[2]
        if not count:
            return "local", None
        if not count.isdigit() or int(count) < 1:
            raise ClusterError(
                f"cluster {address!r}: after 'local:' give a number of workers, e.g. local:4"
            )
        return "local", int(count)
    scheme = text.partition("://")[0]
    if "://" in text and scheme in ("tcp", "tls", "ucx", "ws", "wss", "inproc"):
        return "remote", None
    raise ClusterError(
        f"cluster {address!r}: expected local, local:N, tcp://host:port or tls://host:port"
    )


def open_cluster(address: str) -> DaskEngine:
    """Connect to the cluster ``address`` names (``local[:N]`` starts a LocalCluster of N worker
    processes, one thread each; default one per core) and check that its workers run this
    nonostudio and z3.  ClusterError says what is wrong."""
    kind, count = parse_address(address)
    if not cluster_available():
        raise ClusterError(_INSTALL)
    import logging

    import dask
    from distributed import Client, LocalCluster

    cluster = None
    try:
        if kind == "local":
            # A worker holds only the item it runs: a worker that dies takes no other item's
            # attempt with it.
            with dask.config.set({"distributed.scheduler.worker-saturation": 1.0}):
                cluster = LocalCluster(
                    n_workers=count or max(1, os.cpu_count() or 1),
                    threads_per_worker=1,
                    processes=True,
                    # Any free port: two clusters (or a run beside a notebook's) never collide.
                    dashboard_address=":0",
                    silence_logs=logging.ERROR,
                    scheduler_kwargs={"allowed_failures": MAX_ATTEMPTS - 1},
                )
            client = Client(cluster)
        elif address.strip().startswith("tls://"):
            security = tls_security(address)
            client = Client(address, timeout=CONNECT_TIMEOUT_S, security=security)
        else:
            client = Client(address, timeout=CONNECT_TIMEOUT_S)
    except (OSError, TimeoutError) as exc:
        if cluster is not None:
            cluster.close()
        hint = (
            " (the scheduler's certificate must be signed by the CA file of "
            "distributed.comm.tls.ca_file, and this client's by one it trusts)"
            if address.strip().startswith("tls://")
            else ""
        )
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}{hint}") from None
    except Exception as exc:  # noqa: BLE001 (what a peer that is no scheduler makes Dask raise)
        if cluster is not None:
            cluster.close()
            raise
        if isinstance(exc, ClusterError):  # (the tls:// settings, named)
            raise
        # Something answered that speaks another protocol: Dask read its first bytes as a frame
        # length and asked for exabytes ("Unable to allocate 3.07 EiB"), or could not decode it.
        raise ClusterError(
            f"{address} answered, but not as a Dask scheduler (its reply could not be read: "
            f"{type(exc).__name__}); is it the scheduler's address and port (8786 unless "
            "it was started with another)?"
        ) from None
    engine = DaskEngine(client, cluster, address="" if kind == "local" else address)
    try:
        check_versions(client)
    except ClusterError:
        engine.shutdown()
        raise
    return engine


# The Dask settings a tls:// client reads its certificates from, as environment variables.
TLS_SETTINGS = {
    "ca_file": "DASK_DISTRIBUTED__COMM__TLS__CA_FILE",
    "client.cert": "DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT",
    "client.key": "DASK_DISTRIBUTED__COMM__TLS__CLIENT__KEY",
}


def tls_security(address: str) -> Any:
    """The ``distributed.security.Security`` a client of the tls:// scheduler at ``address``
    connects with: the certificates of the Dask configuration (``distributed.comm.tls``: the CA
    file and this client's certificate and key, files in PEM format).  ClusterError names a
    setting that is missing or a file that cannot be read or used."""
    from distributed.security import Security

    security: Any = Security()  # its fields are set from the configuration
    given = {
        "ca_file": security.tls_ca_file,
        "client.cert": security.tls_client_cert,
        "client.key": security.tls_client_key,
    }
    needed = [name for name in ("ca_file", "client.cert") if not given[name]]
    if needed:
        raise ClusterError(
            f"cluster {address}: a tls:// scheduler needs this client's certificates; set "
            + " and ".join(f"distributed.comm.tls.{n} ({TLS_SETTINGS[n]})" for n in needed)
            + f" (and distributed.comm.tls.client.key, {TLS_SETTINGS['client.key']}, when the "
            "key is not in the certificate's file) in the Dask configuration"
        )
    for name, value in given.items():
        if value and "\n" not in value and not os.path.isfile(value):
            raise ClusterError(
                f"cluster {address}: distributed.comm.tls.{name} names {value}, which is not a "
                "file here"
            )
    try:
        security.get_connection_args("client")
    except (OSError, ValueError) as exc:  # ssl.SSLError is an OSError
        raise ClusterError(
            f"cluster {address}: the TLS certificates of distributed.comm.tls cannot be used "
            f"({type(exc).__name__}: {exc}); they must be PEM files, the key the "
            "certificate's own"
        ) from None
    return security


def check_versions(client: Any) -> None:
    """Refuse (ClusterError) a cluster whose workers run another nonostudio or z3 than this
    process: their rules would not be this version's."""
    here = versions()
    theirs = client.run(versions)
    wrong = {w: tuple(v) for w, v in theirs.items() if tuple(v) != here}
    if wrong:
        worker, (nono, z3v) = sorted(wrong.items())[0]
        raise ClusterError(
            f"worker {worker} runs nonostudio {nono} with z3 {z3v}, this machine nonostudio "
            f"{here[0]} with z3 {here[1]}; install the same versions on every worker "
            f"({len(wrong)} of {len(theirs)} differ)"
        )
