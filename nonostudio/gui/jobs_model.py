"""The Jobs panel's table: one row per learning run of a job store, with its progress.

Columns: run, created, settings (line length, patterns, sample), specifications, finished,
rules found, status.  :meth:`JobsModel.refresh` re-reads the store (rows are replaced in place when
the runs are the same, so a selection survives a progress update).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from nonostudio.learn.jobs import JobStore, RunInfo, RunStatus, settings_summary

COLUMNS = ("Run", "Created", "Settings", "Specifications", "Finished", "Rules", "Status")
RUN, CREATED, SETTINGS, TOTAL, FINISHED, RULES, STATUS = range(len(COLUMNS))


@dataclass(frozen=True)
class JobRow:
    info: RunInfo
    status: RunStatus


class JobsModel(QAbstractTableModel):
    """The runs of one :class:`JobStore`, oldest first."""

    def __init__(self, store: JobStore, parent: object | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self._rows: list[JobRow] = []
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
        self.beginResetModel()
        self._rows = rows
        self.endResetModel()

    def row_at(self, row: int) -> JobRow:
        return self._rows[row]

    def row_of(self, run_id: int) -> int:
        return next((i for i, r in enumerate(self._rows) if r.info.id == run_id), -1)

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> str | None:
        if (role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal
                and 0 <= section < len(COLUMNS)):
            return COLUMNS[section]
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> str | int | None:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row, column = self._rows[index.row()], index.column()
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (RUN, TOTAL, FINISHED, RULES):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        info, status = row.info, row.status
        if column == RUN:
            return info.id
        if column == CREATED:
            return time.strftime("%Y-%m-%d %H:%M", time.localtime(info.created))
        if column == SETTINGS:
            return settings_summary(info.settings)
        if column == TOTAL:
            return info.total
        if column == FINISHED:
            return status.finished
        if column == RULES:
            return status.rules_found
        if column == STATUS:
            return info.status
        return None
