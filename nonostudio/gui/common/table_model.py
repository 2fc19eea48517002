"""The base of the studio's read-only table models, and the table view they are shown in.

A model says which columns it has (:class:`Column`: a header, its tooltip, what each cell shows
and its other roles) and holds its rows; :class:`TableModel` answers Qt's ``rowCount``,
``columnCount``, ``headerData`` and ``data`` from them.  :func:`row_table` makes the view the
models are browsed in: whole rows selected, one at a time, nothing edited.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractProxyModel,
    QAbstractTableModel,
    QEvent,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTimer,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QProgressBar,
    QStyle,
    QTableView,
)

R = TypeVar("R")
Cell = Callable[[R], object]  # a row's value for one role of one column
AnyIndex = QModelIndex | QPersistentModelIndex

DISPLAY = Qt.ItemDataRole.DisplayRole
TOOLTIP = Qt.ItemDataRole.ToolTipRole
ALIGNMENT = Qt.ItemDataRole.TextAlignmentRole
RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)  # numbers


@dataclass(frozen=True)
class Column(Generic[R]):
    """One column: its ``header`` (and the header's ``tooltip``), the ``text`` a row shows in it,
    its other ``roles`` (role → the row's value), and whether it holds numbers (right-aligned).

    A role the column names answers for the column alone (even when its value is None); other
    roles fall back to the model's row-wide roles."""

    header: str
    text: Cell[R]
    tooltip: str | None = None
    roles: Mapping[int, Cell[R]] = field(default_factory=dict)
    numeric: bool = False

    def answers(self, role: int) -> bool:
        return role == DISPLAY or role in self.roles or (self.numeric and role == ALIGNMENT)

    def value(self, row: R, role: int) -> object:
        """The cell's value for ``role`` (see :meth:`answers`)."""
        if role == DISPLAY:
            return self.text(row)
        if role in self.roles:
            return self.roles[role](row)
        return RIGHT if self.numeric and role == ALIGNMENT else None


class TableModel(QAbstractTableModel, Generic[R]):
    """A flat, read-only table of ``rows`` under ``columns``; ``row_roles`` answer the roles
    that are the same in every column of a row (an id, a sort key, a row colour)."""

    def __init__(
        self,
        columns: Sequence[Column[R]],
        parent: QObject | None = None,
        *,
        rows: Iterable[R] = (),
        row_roles: Mapping[int, Cell[R]] | None = None,
    ) -> None:
        super().__init__(parent)
        self.columns: tuple[Column[R], ...] = tuple(columns)
        self.row_roles: dict[int, Cell[R]] = dict(row_roles or {})
        self._rows: list[R] = list(rows)

    # --- rows --------------------------------------------------------------------------------

    def set_rows(self, rows: Iterable[R]) -> None:
        """Show these rows instead (a model reset)."""
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def row_at(self, row: int) -> R:
        return self._rows[row]

    def rows(self) -> list[R]:
        return list(self._rows)

    def find(self, match: Callable[[R], bool]) -> int:
        """The first row that ``match``es; -1 when none does."""
        return next((i for i, r in enumerate(self._rows) if match(r)), -1)

    def column_changed(self, column: int) -> None:
        """Tell the views that every row's ``column`` changed."""
        if self._rows:
            self.dataChanged.emit(self.index(0, column), self.index(len(self._rows) - 1, column))

    def cells_changed(self, row: int, first: int, last: int) -> None:
        """Tell the views that columns ``first`` to ``last`` of ``row`` changed."""
        self.dataChanged.emit(self.index(row, first), self.index(row, last))

    # --- Qt model ----------------------------------------------------------------------------

    def rowCount(self, parent: AnyIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(self.columns)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> object:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        if role == DISPLAY:
            return self.columns[section].header
        if role == TOOLTIP:
            return self.columns[section].tooltip
        return None

    def data(self, index: AnyIndex, role: int = DISPLAY) -> object:
        if (
            not index.isValid()
            or not 0 <= index.row() < len(self._rows)
            or not 0 <= index.column() < len(self.columns)
        ):
            return None
        row, column = self._rows[index.row()], self.columns[index.column()]
        if column.answers(role):
            return column.value(row, role)
        cell = self.row_roles.get(role)
        return None if cell is None else cell(row)


def row_table(model: QAbstractItemModel, name: str) -> QTableView:
    """A table view of ``model`` (accessible as ``name``) that selects one whole row at a time,
    edits nothing, has no row numbers and sizes its columns to their contents (the last one
    takes the rest of the width)."""
    table = QTableView()
    table.setModel(model)
    table.setAccessibleName(name)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    leave_on_tab(table)
    table.verticalHeader().hide()
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setStretchLastSection(True)
    return table


def leave_on_tab(table: QTableView) -> None:
    """Tab and Shift+Tab take the keyboard focus out of ``table`` to the next or previous
    control, as in a list; the arrow keys still move among its rows.  Qt's table moves Tab from
    cell to cell instead, so a keyboard user who tabbed into a table selecting whole rows was
    caught there, each Tab choosing the next row (the Solve tab's 86 steps of four columns: 344
    presses to get out, each one jumping the puzzle to another step)."""
    table.setTabKeyNavigation(False)


class _ColumnFitter(QObject):
    """Sizes a table's changed columns to their contents once an event-loop turn, while the table
    is in sight (a hidden one's are sized when it is shown: measuring the cells of a table never
    laid out took far longer)."""

    def __init__(
        self,
        table: QTableView,
        elide: Sequence[int] = (),
        weights: Mapping[int, int] | None = None,
    ) -> None:
        super().__init__(table)
        self._table = table
        self._elide = tuple(elide)
        self._weights = {c: max(1, (weights or {}).get(c, 1)) for c in self._elide}
        self._pending: set[int] = set()
        self._widths: dict[int, int] = {}  # each column's fitted width (before any narrowing)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._fit)
        model = table.model()
        for signal in (
            model.modelReset,
            model.layoutChanged,
            model.rowsInserted,
            model.rowsRemoved,
        ):
            signal.connect(lambda *_: self._changed())
        model.dataChanged.connect(
            lambda top, bottom, *_: self._changed(top.column(), bottom.column())
        )
        table.installEventFilter(self)
        if elide:
            table.viewport().installEventFilter(self)  # its width: what the columns may take

    def _changed(self, first: int = 0, last: int | None = None) -> None:
        count = self._table.model().columnCount()
        self._pending.update(range(first, count if last is None else last + 1))
        if self._table.isVisible():
            self._timer.start()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._table and event.type() == QEvent.Type.Show and self._pending:
            self._timer.start()
        elif event.type() == QEvent.Type.Resize and watched is self._table.viewport():
            self._cap()
        return False

    def _fit(self) -> None:
        table = self._table
        if not table.isVisible():
            return  # sized when shown
        count = table.model().columnCount()
        source = _table_model(table.model())
        for column in sorted(c for c in self._pending if c < count):
            if source is None:
                table.resizeColumnToContents(column)
                self._widths[column] = table.columnWidth(column)
            else:
                self._widths[column] = _fitted_width(table, source, column)
                table.horizontalHeader().resizeSection(column, self._widths[column])
        self._pending.clear()
        self._cap()

    def _cap(self) -> None:
        """Narrow the ``elide`` columns (their texts elided) so that every column shows in the
        table's width: the room the other columns leave is shared out (by weight), a column
        that needs less than its share keeping its fitted width, none narrower than its
        header's words (the room of the sort arrow aside).  Nothing is measured again: the
        fitted widths are kept."""
        table, header = self._table, self._table.horizontalHeader()
        shown = [c for c in range(table.model().columnCount()) if not header.isSectionHidden(c)]
        elided = sorted(
            (c for c in self._elide if c in shown and c in self._widths),
            key=lambda c: self._widths[c],
        )
        if not elided:
            return
        room = table.viewport().width() - sum(
            self._widths.get(c, header.sectionSize(c)) for c in shown if c not in elided
        )
        for i, column in enumerate(elided):
            weight = self._weights[column]
            share = room * weight // sum(self._weights[c] for c in elided[i:])
            width = max(_header_text_width(header, column), min(self._widths[column], share))
            room -= width
            if header.sectionSize(column) != width:
                header.resizeSection(column, width)


def _header_text_width(header: QHeaderView, column: int) -> int:
    """The width of ``column``'s header words and margins (no room for a sort arrow)."""
    words = str(header.model().headerData(column, Qt.Orientation.Horizontal) or "")
    margin = header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    return header.fontMetrics().horizontalAdvance(words) + 2 * margin + 2


def _table_model(model: QAbstractItemModel) -> TableModel[Any] | None:
    """The :class:`TableModel` under ``model``'s proxies (None: another kind of model)."""
    while isinstance(model, QAbstractProxyModel):
        model = model.sourceModel()
    return model if isinstance(model, TableModel) else None


def _fitted_width(table: QTableView, model: TableModel[Any], column: int) -> int:
    """What ``resizeColumnToContents`` makes ``column`` of ``table`` (its header, and each row's
    text with the item's margins and the grid line; every row of ``model``, filtered out or
    not), measured here in one go.  Qt's own measure asks the Python model for each cell's
    roles one call at a time, each waiting for the interpreter while a worker thread runs
    Python code: the Rules tab's list of all rules, first shown beside its techniques' work,
    held the GUI thread 0.5-0.7 s under X11 for six columns of 94 rules (2 ms each alone)."""
    metrics = table.fontMetrics()
    style = table.style()
    margin = 2 * (style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1)
    text = model.columns[column].text
    widest = 0
    for row in model.rows():
        value = text(row)
        if value is not None:
            for line in str(value).split("\n"):
                widest = max(widest, metrics.horizontalAdvance(line))
    cells = widest + margin + (1 if table.showGrid() else 0) if model.rowCount() else 0
    return max(cells, table.horizontalHeader().sectionSizeHint(column))


def fit_columns_when_changed(
    table: QTableView, elide: Sequence[int] = (), weights: Mapping[int, int] | None = None
) -> None:
    """Size ``table``'s columns to their contents when its rows change (the changed columns only,
    at most once an event-loop turn, while it is in sight), not at every layout and selection as
    ``ResizeToContents`` does: with that mode, the Rules tab's list of all rules first shown took
    the GUI thread 0.15-0.5 s (0.04-0.1 s now); the last column takes the rest of the width.

    The ``elide`` columns are narrowed (their long texts elided on one line: give their cells a
    tooltip of the whole text) so that every column shows in the table's width, following it
    as it changes; other columns keep their fitted width, and without ``elide`` long texts
    widen their columns and push the ones after them out of sight.  ``weights``: an elided
    column's share of the room counts so many times (1 when not given), for the column a person
    reads first."""
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    header.setStretchLastSection(True)
    if elide:
        table.setWordWrap(False)
        table.setTextElideMode(Qt.TextElideMode.ElideRight)
    fitter = _ColumnFitter(table, elide, weights)
    fitter._changed()


def busy_bar(tooltip: str = "") -> QProgressBar:
    """A thin bar without text under a table, busy (no fraction) until told one; hidden."""
    bar = QProgressBar()
    bar.setMaximumHeight(12)
    bar.setTextVisible(False)
    bar.setRange(0, 0)
    if tooltip:
        bar.setToolTip(tooltip)
    bar.hide()
    return bar


def select_row(table: QTableView, index: QModelIndex) -> None:
    """Make ``index``'s row of ``table`` the current and only selected one."""
    table.selectionModel().setCurrentIndex(
        index,
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
    )
