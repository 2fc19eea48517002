"""The base of the table models: columns answer headers, header tooltips, cell text and roles;
a role a column names is the column's alone, others fall back to the row-wide roles; numbers
are right-aligned; rows are found, replaced and announced as changed; and the row table view."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView

from nonostudio.gui.common.table_model import RIGHT, Column, TableModel, row_table, select_row

USER = Qt.ItemDataRole.UserRole
TIP = Qt.ItemDataRole.ToolTipRole


def model() -> TableModel[tuple[str, int]]:
    columns = (
        Column("Name", lambda row: row[0], "Who", roles={TIP: lambda row: f"named {row[0]}"}),
        Column("Count", lambda row: row[1], numeric=True),
    )
    return TableModel(
        columns,
        rows=[("a", 1), ("b", 2)],
        row_roles={TIP: lambda row: f"row {row[0]}", USER: lambda row: row[1] * 10},
    )


def test_columns_answer_headers_cells_and_roles(qtmodeltester) -> None:
    m = model()
    qtmodeltester.check(m)
    assert (m.rowCount(), m.columnCount()) == (2, 2)
    assert m.rowCount(m.index(0, 0)) == 0  # a table: no row has children
    horizontal, vertical = Qt.Orientation.Horizontal, Qt.Orientation.Vertical
    assert [m.headerData(c, horizontal) for c in range(2)] == ["Name", "Count"]
    assert [m.headerData(c, horizontal, TIP) for c in range(2)] == ["Who", None]
    assert m.headerData(0, vertical) is None and m.headerData(2, horizontal) is None
    assert [m.index(1, c).data() for c in range(2)] == ["b", 2]
    assert m.index(1, 0).data(TIP) == "named b"  # the column's own tooltip
    assert m.index(1, 1).data(TIP) == "row b"  # the row's
    assert m.index(1, 1).data(USER) == 20 and m.index(1, 0).data(USER) == 20
    assert m.index(0, 1).data(Qt.ItemDataRole.TextAlignmentRole) == RIGHT
    assert m.index(0, 0).data(Qt.ItemDataRole.TextAlignmentRole) is None
    assert m.data(QModelIndex()) is None
    flags = m.flags(m.index(0, 0))
    assert flags & Qt.ItemFlag.ItemIsSelectable and not flags & Qt.ItemFlag.ItemIsEditable


def test_rows_are_found_replaced_and_announced(qtbot) -> None:
    m = model()
    assert m.find(lambda row: row[0] == "b") == 1 and m.find(lambda row: row[0] == "z") == -1
    assert m.row_at(0) == ("a", 1) and m.rows() == [("a", 1), ("b", 2)]
    with qtbot.waitSignal(m.dataChanged) as changed:
        m.column_changed(1)
    assert [(i.row(), i.column()) for i in changed.args[:2]] == [(0, 1), (1, 1)]
    with qtbot.waitSignal(m.dataChanged) as changed:
        m.cells_changed(1, 0, 1)
    assert [(i.row(), i.column()) for i in changed.args[:2]] == [(1, 0), (1, 1)]
    with qtbot.waitSignal(m.modelReset):
        m.set_rows([("c", 3)])
    assert m.rowCount() == 1 and m.index(0, 0).data() == "c"


def test_row_table_selects_one_whole_row_and_edits_nothing(qtbot) -> None:
    m = model()
    table = row_table(m, "Things")
    qtbot.addWidget(table)
    assert table.accessibleName() == "Things" and table.model() is m
    assert table.selectionBehavior() == QAbstractItemView.SelectionBehavior.SelectRows
    assert table.selectionMode() == QAbstractItemView.SelectionMode.SingleSelection
    assert table.editTriggers() == QAbstractItemView.EditTrigger.NoEditTriggers
    assert table.verticalHeader().isHidden() and table.horizontalHeader().stretchLastSection()
    select_row(table, m.index(1, 1))
    assert table.selectionModel().currentIndex().row() == 1
    assert [i.column() for i in table.selectionModel().selectedIndexes()] == [0, 1]


class _Counted(TableModel[tuple[str, str, int]]):
    """A table model that counts the cells it is asked for."""

    asked = 0
    rows_asked: set[int] = set()

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):  # type: ignore[no-untyped-def]
        self.asked += 1
        self.rows_asked.add(index.row())
        return super().data(index, role)


def test_fitted_columns_are_as_wide_as_qt_makes_them_without_asking_each_cell(qtbot) -> None:
    """Columns sized when the rows change are as wide as ``resizeColumnToContents`` makes them
    (header or widest text), measured without Qt asking the Python model for each cell: each
    such call waits for the interpreter while a worker thread runs Python, and the Rules tab's
    list of all rules first shown held the GUI thread 0.5-0.7 s that way under X11."""
    from PySide6.QtCore import QSortFilterProxyModel

    from nonostudio.gui.common.table_model import fit_columns_when_changed

    columns = [
        Column("Title", lambda row: row[0]),
        Column("A much longer header than any cell", lambda row: row[1]),
        Column("Cost", lambda row: str(row[2]), numeric=True),
        Column("Last", lambda row: row[0][:3]),
    ]
    rows = [(f"rule {'x' * (k * 7 % 40)}", "ok", k * 37) for k in range(300)]
    model = _Counted(columns, rows=rows)
    proxy = QSortFilterProxyModel()
    proxy.setSourceModel(model)
    table = row_table(proxy, "rules")
    qtbot.addWidget(table)
    table.resize(1200, 400)
    fit_columns_when_changed(table)
    table.show()
    qtbot.waitExposed(table)
    qtbot.waitUntil(lambda: table.columnWidth(0) > 100, timeout=5000)
    fitted = [table.columnWidth(c) for c in range(3)]  # (the last one stretches)
    for c in range(3):
        table.resizeColumnToContents(c)
    assert fitted == [table.columnWidth(c) for c in range(3)]
    # the rows change: the columns are fitted again, Qt asking only for the cells it paints (the
    # rows in sight), not for the 300 rows of each column to size it
    for c in range(3):
        table.setColumnWidth(c, 30)
    qtbot.wait(50)
    model.asked = 0
    model.rows_asked = set()
    model.set_rows(rows)
    qtbot.waitUntil(lambda: table.columnWidth(0) == fitted[0], timeout=5000)
    qtbot.wait(50)
    # (how often Qt repaints the rows in sight depends on what other tests left on screen; which
    # rows it asks for does not)
    in_sight = table.rowAt(table.viewport().height() - 1)
    in_sight = proxy.rowCount() - 1 if in_sight < 0 else in_sight
    assert model.asked > 0
    assert max(model.rows_asked) <= in_sight < 100, (in_sight, sorted(model.rows_asked)[-5:])


def test_elided_columns_share_the_room_left_and_follow_the_tables_width(qtbot) -> None:
    """With ``elide``, long texts no longer push the other columns out of sight: the elided
    columns share the room the others leave (one that needs less keeps its width), and take
    their fitted width again once the table is wide enough."""
    from nonostudio.gui.common.table_model import fit_columns_when_changed

    columns = [
        Column("Title", lambda row: row[0]),
        Column("Cost", lambda row: str(row[1]), numeric=True),
        Column("Name", lambda row: row[2]),
        Column("Proof", lambda row: "proved to 30 cells"),
    ]
    rows = [(f"rule {k}, covers {'a long title ' * 4}", k * 37, f"r{k}") for k in range(40)]
    table = row_table(TableModel(columns, rows=rows), "rules")
    qtbot.addWidget(table)
    table.resize(1400, 300)
    fit_columns_when_changed(table, elide=(0, 2, 3))
    table.show()
    qtbot.waitExposed(table)
    qtbot.waitUntil(lambda: table.columnWidth(0) > 100, timeout=5000)
    fitted = [table.columnWidth(c) for c in range(3)]
    for c in range(3):
        table.resizeColumnToContents(c)
    assert fitted == [table.columnWidth(c) for c in range(3)]  # room for all: as fitted
    table.resize(300, 300)
    qtbot.waitUntil(lambda: table.columnWidth(0) < fitted[0], timeout=5000)
    widths = [table.columnWidth(c) for c in range(4)]
    assert sum(widths) <= table.viewport().width()  # every column in sight
    assert widths[1:3] == fitted[1:3]  # the numbers and the short names keep their width
    assert abs(widths[0] - widths[3]) <= 1  # the two long ones share what is left
    table.resize(1400, 300)
    qtbot.waitUntil(lambda: table.columnWidth(0) == fitted[0], timeout=5000)


def test_an_elided_column_of_more_weight_takes_more_of_the_room(qtbot) -> None:
    """``weights``: the column a person reads first (the rules' titles) takes so many shares of
    the room the others leave; the rest share what is left alike."""
    from nonostudio.gui.common.table_model import fit_columns_when_changed

    columns = [
        Column("Title", lambda row: row[0]),
        Column("Cost", lambda row: str(row[1]), numeric=True),
        Column("Name", lambda row: row[2]),
        Column("Proof", lambda row: "proved to 30 cells"),
    ]
    rows = [(f"rule {k}, covers {'a long title ' * 4}", k, f"rule_name_{k}" * 3) for k in range(9)]
    table = row_table(TableModel(columns, rows=rows), "rules")
    qtbot.addWidget(table)
    table.resize(420, 300)
    fit_columns_when_changed(table, elide=(0, 2, 3), weights={0: 2})
    table.show()
    qtbot.waitExposed(table)

    def in_sight() -> bool:
        return sum(table.columnWidth(c) for c in range(4)) <= table.viewport().width()

    qtbot.waitUntil(in_sight, timeout=5000)
    room = table.viewport().width()
    widths = [table.columnWidth(c) for c in range(4)]
    share = (room - widths[1]) / 4
    assert abs(widths[0] - 2 * share) <= 2 and abs(widths[2] - share) <= 2, widths
