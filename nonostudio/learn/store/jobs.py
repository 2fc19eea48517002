"""The synthesis job store: learning runs and their specifications in SQLite, written as they go.

A run holds its settings, status and one row per specification; every change is its own short
transaction, so a killed process loses at most the work in flight and :meth:`JobStore.resume`
redoes nothing finished.  A run stored as running whose process has died reads as
``interrupted`` (:mod:`nonostudio.learn.store.run_lock`).  Faults (full disk, read-only, in use,
damaged, newer schema) are reported, never hidden (:class:`JobStoreError`).  See
docs/design/learning.md, "The job store".
"""

from __future__ import annotations

import json
import sqlite3
import statistics
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from nonostudio.core.paths import jobs_db_path
from nonostudio.learn.mining.specs import Specification
from nonostudio.learn.store.job_faults import JobStoreError, read_only_reason, store_error
from nonostudio.learn.store.job_records import (
    FINISHED,
    MAX_ATTEMPTS,
    RUN_STATUSES,
    SPEC_STATUSES,
    WORKER_DIED,
    RunInfo,
    RunState,
    RunStatus,
    SpecRecord,
    SpecStatus,
    rule_texts,
    rules_in,
    search_text,
    settings_summary,
)
from nonostudio.learn.store.job_schema import (
    SCHEMA_VERSION,
    connect,
    connect_read_only,
    insert_specs,
)
from nonostudio.learn.store.run_lock import run_owner

# The statuses and records are defined in job_records, the layout version in job_schema; both
# are re-exported here.
__all__ = [
    "FINISHED",
    "JobStore",
    "JobStoreError",
    "MAX_ATTEMPTS",
    "RUN_STATUSES",
    "RunInfo",
    "RunState",
    "RunStatus",
    "SCHEMA_VERSION",
    "SPEC_STATUSES",
    "SpecRecord",
    "SpecStatus",
    "WORKER_DIED",
    "rule_texts",
    "rules_in",
    "search_text",
    "settings_summary",
]

# The error of a specification that an older nonostudio stored as failed when Ctrl-C reached z3
# (z3 took the signal and gave up); resume treats these as interrupted, not failed.
_INTERRUPTED_ERRORS = ("%interrupted from keyboard%",)


def _percentile(sorted_values: list[float], q: float) -> float:
    """Nearest-rank percentile of a sorted non-empty list."""
    rank = max(1, -(-len(sorted_values) * q // 1))
    return sorted_values[int(rank) - 1]


class JobStore:
    """One SQLite job database (``path`` or :func:`nonostudio.core.paths.jobs_db_path`)."""

    def __init__(self, path: str | Path | None = None, *, busy_timeout_s: float = 30.0) -> None:
        self.path = Path(path) if path is not None else jobs_db_path()
        self.busy_timeout_s = busy_timeout_s
        self.read_only = False
        self._lock = threading.RLock()  # re-entered by the writes of writes_together()
        try:
            self._db = connect(self.path, busy_timeout_s)
        except sqlite3.Error as exc:
            reason = read_only_reason(self.path)
            if reason is None or not self.path.is_file():
                raise self._error(exc, "open the job store") from exc
            # A store on a read-only medium: it can still be read.
            db = connect_read_only(self.path, busy_timeout_s)
            if db is None:
                raise self._error(exc, "open the job store") from exc
            self._db = db
            self.read_only = True

    def _error(self, exc: sqlite3.Error, doing: str) -> Exception:
        """What ``exc``, raised while trying to ``doing``, means for the user."""
        return store_error(self.path, self.busy_timeout_s, exc, doing)

    # ---- lifetime -----------------------------------------------------------------------------

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> JobStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _reported(self, doing: str) -> Iterator[None]:
        """Turn SQLite's errors inside into :meth:`_error`'s report."""
        try:
            yield
        except sqlite3.Error as exc:
            raise self._error(exc, doing) from exc

    def _write(self, sql: str, params: Iterable[Any] = ()) -> int:
        with self._lock, self._reported("write to the job store"):
            return self._db.execute(sql, tuple(params)).rowcount

    def _read(self, sql: str, params: Iterable[Any] = ()) -> list[tuple]:
        with self._lock, self._reported("read the job store"):
            return self._db.execute(sql, tuple(params)).fetchall()

    # ---- runs ---------------------------------------------------------------------------------

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction under the store's lock: committed, or rolled back on any error
        (SQLite may have rolled it back itself, on a full disk say: the error raised is the one
        that ended it, never the rollback's)."""
        with self._lock, self._reported("write to the job store"):
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    with suppress(sqlite3.Error):
                        self._db.execute("ROLLBACK")
                raise

    @contextmanager
    def writes_together(self) -> Iterator[None]:
        """The writes of this thread inside (:meth:`mark_running`, :meth:`finish`) go in one
        transaction: a learning run's coordinator records a burst of outcomes, or claims a
        batch, at the cost of one commit (one per write cost it about 0.3 ms an item under
        load).  Other threads wait for the store meanwhile; an error rolls all of them back."""
        with self._transaction():
            yield

    def create_run(self, settings: dict[str, Any], specs: Iterable[Specification]) -> int:
        """A new pending run holding ``specs`` (duplicate keys are an error); returns its id."""
        with self._transaction() as db:
            cur = db.execute(
                "INSERT INTO runs (settings, created, status) VALUES (?, ?, 'pending')",
                (json.dumps(settings, sort_keys=True), time.time()),
            )
            if cur.lastrowid is None:  # an INSERT always sets it
                raise RuntimeError(f"{self.path}: SQLite gave the new run no id")
            run_id = cur.lastrowid
            insert_specs(db, run_id, specs, 0, set(), duplicates_are_errors=True)
        return run_id

    def extend_run(
        self, run_id: int, settings: dict[str, Any], specs: Iterable[Specification]
    ) -> int:
        """Add to a run the specifications of ``specs`` it does not hold yet (as ``pending``, after
        the others) and store ``settings`` as its settings; returns how many were added.  What the
        run finished stays finished."""
        self.run(run_id)
        with self._transaction() as db:
            have = {k for (k,) in db.execute("SELECT key FROM specs WHERE run_id = ?", (run_id,))}
            (last,) = db.execute(
                "SELECT COALESCE(MAX(seq), -1) FROM specs WHERE run_id = ?", (run_id,)
            ).fetchone()
            added = insert_specs(db, run_id, specs, last + 1, have, duplicates_are_errors=False)
            db.execute(
                "UPDATE runs SET settings = ? WHERE id = ?",
                (json.dumps(settings, sort_keys=True), run_id),
            )
            if added:
                db.execute(
                    "UPDATE runs SET status = 'pending' WHERE id = ? AND status = 'finished'",
                    (run_id,),
                )
        return added

    def runs(self) -> list[RunInfo]:
        """Every run; one stored as running whose process died reads as ``interrupted``."""
        rows = self._read(
            "SELECT r.id, r.settings, r.created, r.status, "
            "(SELECT COUNT(*) FROM specs s WHERE s.run_id = r.id) FROM runs r ORDER BY r.id"
        )
        return [
            RunInfo(i, json.loads(s), c, self._live_state(i, RunState(st)), n)
            for i, s, c, st, n in rows
        ]

    def measured_times(self) -> dict[int, tuple[int, float]]:
        """Per run: how many specifications it finished and the seconds they took (for the
        estimate of a new run's duration)."""
        rows = self._read(
            "SELECT run_id, COUNT(*), SUM(seconds) FROM specs WHERE seconds IS NOT NULL "
            "AND status IN ('done', 'failed', 'timeout', 'skipped') GROUP BY run_id"
        )
        return {int(r): (int(n), float(s)) for r, n, s in rows}

    def _live_state(self, run_id: int, stored: RunState) -> RunState:
        """``stored``, or ``interrupted`` for a running run whose lock no process holds."""
        if stored != RunState.RUNNING or run_owner(self.path, run_id) is not None:
            return stored
        # The run may have ended (and let go of its lock) since its status was read.
        rows = self._read("SELECT status FROM runs WHERE id = ?", (run_id,))
        if rows and rows[0][0] != RunState.RUNNING:
            return RunState(rows[0][0])
        return RunState.INTERRUPTED

    def run(self, run_id: int) -> RunInfo:
        for info in self.runs():
            if info.id == run_id:
                return info
        raise ValueError(f"{self.path}: no run {run_id}")

    def set_run_status(self, run_id: int, status: RunState) -> None:
        if status not in RUN_STATUSES or status == RunState.INTERRUPTED:
            raise ValueError(f"unknown run status {status!r}")
        if not self._write("UPDATE runs SET status = ? WHERE id = ?", (status, run_id)):
            raise ValueError(f"{self.path}: no run {run_id}")

    def delete_run(self, run_id: int) -> None:
        with self._transaction() as db:
            db.execute("DELETE FROM specs WHERE run_id = ?", (run_id,))
            db.execute("DELETE FROM runs WHERE id = ?", (run_id,))

    def resume(self, run_id: int) -> int:
        """Reopen a run (its caller holds the run's
        :class:`~nonostudio.learn.store.run_lock.RunLock`): specifications left ``running`` by a
        killed process become ``pending``, and so do those an older nonostudio stored as failed when
        a Ctrl-C reached z3 ("… interrupted from keyboard"): they were interrupted, not failed;
        and those whose worker died under them (:data:`WORKER_DIED`) after fewer than
        :data:`MAX_ATTEMPTS` attempts, as an older nonostudio failed them at the first death.

        Returns how many were reset.
        """
        self.run(run_id)
        interrupted = " OR ".join("error LIKE ?" for _ in _INTERRUPTED_ERRORS)
        with self._transaction() as db:
            reset = db.execute(
                "UPDATE specs SET status = 'pending' WHERE run_id = ? AND status = 'running'",
                (run_id,),
            ).rowcount
            reset += db.execute(
                "UPDATE specs SET status = 'pending', seconds = NULL, "
                "result = NULL, error = NULL WHERE run_id = ? AND status = "
                f"'failed' AND ({interrupted})",
                (run_id, *_INTERRUPTED_ERRORS),
            ).rowcount
            reset += db.execute(
                "UPDATE specs SET status = 'pending', seconds = NULL, result = NULL, "
                "error = NULL WHERE run_id = ? AND status = 'failed' AND error = ? "
                "AND attempts < ?",
                (run_id, WORKER_DIED, MAX_ATTEMPTS),
            ).rowcount
        return reset

    # ---- specifications -----------------------------------------------------------------------

    def _records(self, where: str, params: tuple) -> list[SpecRecord]:
        rows = self._read(
            "SELECT key, grp, spec, status, seconds, attempts, result, error FROM specs "
            f"WHERE {where} ORDER BY size, seq",
            params,
        )
        return [
            SpecRecord(
                k,
                g,
                Specification.from_json(json.loads(s)),
                SpecStatus(st),
                sec,
                a,
                json.loads(r) if r is not None else None,
                e,
            )
            for k, g, s, st, sec, a, r, e in rows
        ]

    def records(self, run_id: int, status: SpecStatus | None = None) -> list[SpecRecord]:
        """The run's specifications (all, or those with ``status``), smaller pattern sets first."""
        if status is None:
            return self._records("run_id = ?", (run_id,))
        if status not in SPEC_STATUSES:
            raise ValueError(f"unknown specification status {status!r}")
        return self._records("run_id = ? AND status = ?", (run_id, status))

    def spec_status(self, run_id: int, key: str) -> SpecStatus:
        rows = self._read("SELECT status FROM specs WHERE run_id = ? AND key = ?", (run_id, key))
        if not rows:
            raise ValueError(f"run {run_id} has no specification {key!r}")
        return SpecStatus(rows[0][0])

    def pending(self, run_id: int) -> list[SpecRecord]:
        return self.records(run_id, SpecStatus.PENDING)

    def mark_running(self, run_id: int, key: str) -> None:
        """Claim a pending specification (one more attempt)."""
        changed = self._write(
            "UPDATE specs SET status = 'running', attempts = attempts + 1, updated = ? "
            "WHERE run_id = ? AND key = ? AND status = 'pending'",
            (time.time(), run_id, key),
        )
        if not changed:
            raise ValueError(f"specification {key!r} of run {run_id} is not pending")

    def finish(
        self,
        run_id: int,
        key: str,
        status: SpecStatus,
        seconds: float | None,
        result: dict[str, Any] | None = None,
        error: str | None = None,
    ) -> None:
        """Record the outcome of one specification (``pending`` puts it back, e.g. on cancel)."""
        if status not in SPEC_STATUSES or status == SpecStatus.RUNNING:
            raise ValueError(f"cannot finish with status {status!r}")
        changed = self._write(
            "UPDATE specs SET status = ?, seconds = ?, result = ?, error = ?, updated = ? "
            "WHERE run_id = ? AND key = ?",
            (
                status,
                seconds,
                None if result is None else json.dumps(result),
                error,
                time.time(),
                run_id,
                key,
            ),
        )
        if not changed:
            raise ValueError(f"run {run_id} has no specification {key!r}")

    def results(self, run_id: int) -> list[tuple[str, dict[str, Any]]]:
        """``(key, result)`` of every finished specification that has a result."""
        rows = self._read(
            "SELECT key, result FROM specs WHERE run_id = ? AND result IS NOT NULL "
            "AND status != 'running' ORDER BY size, seq",
            (run_id,),
        )
        return [(k, json.loads(r)) for k, r in rows]

    def status(self, run_id: int) -> RunStatus:
        info = self.run(run_id)
        counts = {
            s: n
            for s, n in self._read(
                "SELECT status, COUNT(*) FROM specs WHERE run_id = ? GROUP BY status", (run_id,)
            )
        }
        seconds = sorted(
            s
            for (s,) in self._read(
                "SELECT seconds FROM specs WHERE run_id = ? "
                "AND status IN ('done', 'failed', 'timeout', 'skipped') AND seconds IS NOT NULL",
                (run_id,),
            )
        )
        found = sum(rules_in(r) for _, r in self.results(run_id))
        failures = tuple(
            (k, e or "no reason was recorded")
            for k, e in self._read(
                "SELECT key, error FROM specs WHERE run_id = ? AND status = 'failed' "
                "ORDER BY size, seq",
                (run_id,),
            )
        )
        return RunStatus(
            run_id=run_id,
            total=info.total,
            counts=counts,
            rules_found=found,
            median_seconds=statistics.median(seconds) if seconds else None,
            p95_seconds=_percentile(seconds, 0.95) if seconds else None,
            work_seconds=sum(seconds),
            failures=failures,
        )
