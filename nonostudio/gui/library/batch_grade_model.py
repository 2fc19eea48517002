"""The table of the batch-grading dialog (:mod:`nonostudio.gui.library.batch_grade`): one row per
graded puzzle, or per file or item that could not be read, with its columns, display text and
sort keys."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from nonostudio.gui.library.model import DIFFICULTY_ORDER, SORT_ROLE

Row = dict[str, Any]
HEADERS = ("File", "Size", "Tier", "Label", "Score", "Seconds", "Colours", "Explanation")
FILE, SIZE, TIER, LABEL, SCORE, SECONDS, COLOURS, EXPLANATION = range(len(HEADERS))
_KEYS = ("file", "size", "tier", "label", "score", "seconds", "colours", "explanation")
_AnyIndex = QModelIndex | QPersistentModelIndex
_UNGRADED = 1e300  # sorts after any tier or score, before the rows in error (inf)


def _display(row: Row, column: int) -> str:
    if column == FILE:
        return row["file"]
    if row["error"]:
        return f"Error: {row['error']}" if column == EXPLANATION else ""
    value = row.get(_KEYS[column])
    if column == COLOURS:  # a colour puzzle's colours besides the background; blank for b&w
        return str(value) if value else ""
    if value is None:  # no tier or score: not unique, no solution, or stopped before the end
        return "-"
    if column == SCORE:
        return f"{value:.2f}"
    if column == SECONDS:
        return f"{value:.3f}"
    return str(value)


def _sort_key(row: Row, column: int) -> object:
    if column in (FILE, EXPLANATION):
        return _display(row, column).casefold()
    if row["error"]:
        return float("inf")  # errors sort after every graded puzzle
    if column == SIZE:
        return row["width"] * row["height"]
    if column == LABEL:
        # a float like the error rows' inf: Qt compares an int with inf as if inf were 0
        return float(
            DIFFICULTY_ORDER.index(row["label"]) if row["label"] in DIFFICULTY_ORDER else 99
        )
    value = row.get(_KEYS[column])
    # a puzzle with no tier or score (not unique, no solution, stopped) after every graded one
    return _UNGRADED if value is None and column in (TIER, SCORE) else float(value or 0)


class BatchGradeModel(QAbstractTableModel):
    """One row per graded puzzle (or per file or item that could not be read)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[Row] = []

    def rows(self) -> list[Row]:
        return list(self._rows)

    def clear(self) -> None:
        self.beginResetModel()
        self._rows = []
        self.endResetModel()

    def append(self, rows: list[Row]) -> None:
        if not rows:
            return
        start = len(self._rows)
        self.beginInsertRows(QModelIndex(), start, start + len(rows) - 1)
        self._rows.extend(rows)
        self.endInsertRows()

    def rowCount(self, parent: _AnyIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(self._rows)

    def columnCount(self, parent: _AnyIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(HEADERS)

    def data(self, index: _AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row, column = self._rows[index.row()], index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return _display(row, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return row["error"] or row["explanation"]
        if role == SORT_ROLE:
            return _sort_key(row, column)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (
            SIZE,
            TIER,
            SCORE,
            SECONDS,
            COLOURS,
        ):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if (
            role == Qt.ItemDataRole.DisplayRole
            and orientation == Qt.Orientation.Horizontal
            and 0 <= section < len(HEADERS)
        ):
            return HEADERS[section]
        return None

    def flags(self, index: _AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return (
            Qt.ItemFlag.ItemIsEnabled
            | Qt.ItemFlag.ItemIsSelectable
            | Qt.ItemFlag.ItemNeverHasChildren
        )
