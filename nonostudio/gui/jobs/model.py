"""The Jobs panel's table: one row per learning run of a job store, with its progress (and a
running run's progress in words, :func:`progress_text`).

Columns: run, created, settings (line length, patterns, sample), specifications, finished,
rules found, status.  :meth:`JobsModel.refresh` re-reads the store (rows are replaced in place when
the runs are the same, so a selection survives a progress update).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from PySide6.QtCore import QObject

from nonostudio.gui.common.table_model import Column, TableModel
from nonostudio.learn.running.runner import RunSnapshot
from nonostudio.learn.store.jobs import JobStore, RunInfo, RunStatus, settings_summary

COLUMNS = ("Run", "Created", "Settings", "Specifications", "Finished", "Rules", "Status")
RUN, CREATED, SETTINGS, TOTAL, FINISHED, RULES, STATUS = range(len(COLUMNS))


@dataclass(frozen=True)
class JobRow:
    info: RunInfo
    status: RunStatus


def time_left(seconds: float | None) -> str:
    """``seconds`` as ``1 h 05 min``, ``4 min 10 s`` or ``12 s``; ``unknown`` for None."""
    if seconds is None:
        return "unknown"
    s = int(round(seconds))
    if s >= 3600:
        return f"{s // 3600} h {s % 3600 // 60:02d} min"
    if s >= 60:
        return f"{s // 60} min {s % 60:02d} s"
    return f"{s} s"


def progress_text(p: RunSnapshot) -> str:
    """A running run's progress in one line (under the Jobs table), with the cluster's workers
    when it runs on one."""
    workers = f" — {p.workers}" if p.workers else ""
    return (
        f"{p.done}/{p.total} specifications, {p.rules_found} rules — "
        f"{p.rate_per_minute:.1f} per minute, {time_left(p.eta_seconds)} left{workers}"
    )


def _created(row: JobRow) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(row.info.created))


JOB_COLUMNS: tuple[Column[JobRow], ...] = (
    Column(COLUMNS[RUN], lambda row: row.info.id, numeric=True),
    Column(COLUMNS[CREATED], _created),
    Column(COLUMNS[SETTINGS], lambda row: settings_summary(row.info.settings)),
    Column(COLUMNS[TOTAL], lambda row: row.info.total, numeric=True),
    Column(COLUMNS[FINISHED], lambda row: row.status.finished, numeric=True),
    Column(COLUMNS[RULES], lambda row: row.status.rules_found, numeric=True),
    Column(COLUMNS[STATUS], lambda row: row.info.status),
)


class JobsModel(TableModel[JobRow]):
    """The runs of one :class:`JobStore`, oldest first."""

    def __init__(self, store: JobStore, parent: QObject | None = None) -> None:
        super().__init__(JOB_COLUMNS, parent)
        self.store = store
        self.error: str | None = None
        self.refresh()

    def refresh(self) -> None:
        """Re-read the runs; a store that cannot be read keeps the rows shown and says why in
        :attr:`error` (None after a good read)."""
        try:
            rows = [JobRow(info, self.store.status(info.id)) for info in self.store.runs()]
        except OSError as exc:  # JobStoreError: disk, permissions, a lock held too long
            self.error = f"The job store could not be read: {exc}"
            return
        self.error = None
        if [r.info.id for r in rows] == [r.info.id for r in self._rows]:
            self._rows = rows
            if rows:
                self.dataChanged.emit(self.index(0, 0), self.index(len(rows) - 1, len(COLUMNS) - 1))
            return
        self.set_rows(rows)

    def row_of(self, run_id: int) -> int:
        return self.find(lambda row: row.info.id == run_id)
