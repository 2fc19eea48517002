"""The colour Solve view's steps show whole words: number, technique and line, the step's
sentence under the grid and in the row's tooltip, as the black-and-white view has them.  An
Explanation column in the pane (under 300 px wide) showed one letter of each sentence ("R…")
under a header cut to "lana" (seen under Xvfb at 1280x720 and 1024x600)."""

from __future__ import annotations

from colour_red_blue import COLS, PALETTE, ROWS
from PySide6.QtCore import Qt

from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.gui.common.table_model import TOOLTIP
from nonostudio.gui.solve.steps_model import EXPLANATION, RULE_COLUMN
from tests.gui.conftest import ShowColourSolveView


def test_no_step_column_is_cut_to_a_letter(show_colour_solve_view: ShowColourSolveView) -> None:
    # (the Solve tab's size in the window at 1280x720, its docks beside it)
    view = show_colour_solve_view(ColourPuzzle(PALETTE, ROWS, COLS), 690, 620)
    view.ui.steps_pane.show()
    table = view.ui.table
    model = table.model()
    assert model.rowCount() > 0
    header = table.horizontalHeader()
    metrics = header.fontMetrics()
    for column in range(model.columnCount()):
        if table.isColumnHidden(column) or column == RULE_COLUMN:
            continue  # (the technique takes the rest of the width, elided if it must)
        title = str(model.headerData(column, Qt.Orientation.Horizontal))
        assert table.columnWidth(column) >= metrics.horizontalAdvance(title), title
    sentence = model.index(0, EXPLANATION).data()
    assert sentence and model.index(0, RULE_COLUMN).data(TOOLTIP) == sentence
