"""A contradiction's chain drawn in the Solve view, chosen by a click in the steps list: the
supposed cell ringed, each line of the chain framed in its own colour and numbered in order on the
cells it decides, the line with no room marked as the breaking line, a legend naming the order;
in the light and the dark scheme."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication

from nonostudio.analysis.helping.hints import ChainLine, step_chain
from nonostudio.analysis.tracing.steps import Step, Trace
from nonostudio.core.formats import read_file
from nonostudio.core.line import FILLED
from nonostudio.core.paths import samples_dir
from nonostudio.gui.common.theme import apply_theme
from nonostudio.gui.solve.steps_model import RULE_COLUMN
from nonostudio.gui.solve.view import SolveView

FOREVER = "webpbn-06574-forever.non"


@pytest.fixture
def view(show_solve_view: Callable[..., SolveView]) -> SolveView:
    return show_solve_view(height=900)


def traced(qtbot, view: SolveView, name: str) -> Trace:
    with qtbot.waitSignal(view.traceReady, timeout=60000) as blocker:
        view.set_puzzle(read_file(samples_dir() / name))
    return blocker.args[0]


def click_step(qtbot, view: SolveView, row: int) -> None:
    """Click the step's row in the steps list, as a player does."""
    index = view.model.index(row, RULE_COLUMN)  # (the explanation is under the grid)
    view.ui.table.scrollTo(index)
    rect = view.ui.table.visualRect(index)
    qtbot.mouseClick(view.ui.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def first_chain(trace: Trace, longer_than: int = 3) -> int:
    """The first contradiction step whose chain has more than ``longer_than`` lines."""
    return next(
        i
        for i, s in enumerate(trace.steps)
        if s.technique == "contradiction" and len(s.premises) > longer_than + 1
    )


def near(a: QColor, b: QColor, tolerance: int = 40) -> bool:
    return all(abs(x - y) < tolerance for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def colour_in(image: QImage, rect: QRect, colour: QColor, tolerance: int = 40) -> int:
    """How many pixels of ``rect`` are near ``colour``."""
    return sum(
        near(image.pixelColor(x, y), colour, tolerance)
        for x in range(rect.left(), rect.right() + 1)
        for y in range(rect.top(), rect.bottom() + 1)
    )


def strip(view: SolveView, line: ChainLine) -> QRect:
    """The clue strip of a chain line (its tint shows through between the numbers)."""
    lay = view.grid._layout
    return lay.row_clue_rect(line.index) if line.axis == "row" else lay.col_clue_rect(line.index)


def test_a_clicked_contradiction_draws_its_chain_in_order(qtbot, view) -> None:
    trace = traced(qtbot, view, FOREVER)
    row = first_chain(trace)
    step: Step = trace.steps[row]
    click_step(qtbot, view, row)
    assert view.position() == row + 1
    grid = view.grid
    chain = step_chain(step.premises)
    assert chain is not None and len(chain.lines) >= 4
    # what the grid paints: the chain read from the step's premises, in order, dead line last
    lines = grid.chain_lines()
    assert lines == chain.lines
    assert [line.number for line in lines] == list(range(1, len(lines) + 1))
    assert lines[-1].dead and not any(line.dead for line in lines[:-1])
    marks = grid.marks()
    assert marks.axis == ""  # no frame round the supposed cell's row: it is not a chain line
    assert marks.chain is not None and (marks.chain.row, marks.chain.column) == step.cells[0][:2]
    # each line in a colour of its own, the breaking line in another again
    colours = [grid.chain_color(line).name() for line in lines]
    assert len(set(colours)) == len(lines)
    # the legend names the order, each line in its colour, and the breaking line's clue
    legend = view.ui.chain_legend
    assert legend.isVisible()
    text = legend.text()
    positions = [text.index(f"{line.number}</b> {line.name}") for line in lines[:-1]]
    assert positions == sorted(positions)
    clue = puzzle_clue(trace, lines[-1])
    assert f"✗ {lines[-1].number} {lines[-1].name}: cannot match {clue}" in text
    assert all(colour in text for colour in colours)

    image = grid.grab().toImage()
    assert image.width() == grid.width()  # one pixel a pixel: widget coordinates are image's
    for line in lines:
        colour = grid.chain_color(line)
        # its clue tinted: some pixels of the strip are between its colour and the paper
        assert colour_in(image, strip(view, line), tint(colour, grid, line.dead), 12) > 20
        for r, c, v in line.cells:  # the cells it decides, drawn in its colour
            cell = grid.cell_rect(r, c)
            if v == FILLED:
                assert near(image.pixelColor(cell.topLeft() + QPoint(4, 4)), colour)
            else:  # the number, in its colour
                assert colour_in(image, cell, colour) >= 6, (line, r, c)
    dead = lines[-1]
    frame = grid.line_rect(dead.axis, dead.index)
    edge = QRect(frame.left(), frame.top(), 3, frame.height())
    if dead.axis == "row":
        edge = QRect(frame.left(), frame.top(), frame.width(), 3)
    assert colour_in(image, edge, grid.chain_color(dead)) > 10  # the breaking line's frame
    ring = grid.cell_rect(chain.row, chain.column).adjusted(-2, -2, 2, 2)
    highlight = grid.palette().color(QPalette.ColorRole.Highlight)
    assert colour_in(image, ring, highlight, 30) > 20  # the supposed cell, ringed

    click_step(qtbot, view, row - 1)  # a line step: no chain, no legend; its premises' focus
    assert grid.chain_lines() == () and not legend.isVisible()
    line_step = trace.steps[row - 1]
    marks = grid.marks()
    assert (marks.axis, marks.index) == (line_step.axis, line_step.index)
    assert (marks.clues, marks.spans) == (line_step.focus_clues, line_step.focus_spans)
    assert marks.cells == {(r, c) for r, c, _v in line_step.cells}


def puzzle_clue(trace: Trace, line: ChainLine) -> str:
    clues = trace.puzzle.rows if line.axis == "row" else trace.puzzle.cols
    return " ".join(str(n) for n in clues[line.index])


def tint(colour: QColor, grid, dead: bool) -> QColor:
    """The colour a strip tinted with ``colour`` shows over the clue background."""
    alpha = (110 if dead else 60) / 255
    paper = grid.palette().color(QPalette.ColorRole.Window)
    lay = grid._layout
    image = grid.grab().toImage()
    # the clue background is the window colour, or a band of it: read a strip far from the chain
    paper = image.pixelColor(lay.margin + 1, lay.grid_top + 1)
    mixed = [
        round(alpha * a + (1 - alpha) * b)
        for a, b in zip(colour.getRgb()[:3], paper.getRgb()[:3], strict=True)
    ]
    return QColor(*mixed)


def test_the_chain_is_drawn_in_colours_that_show_on_a_dark_base(qtbot, view) -> None:
    app = QApplication.instance()
    trace = traced(qtbot, view, FOREVER)
    row = first_chain(trace)
    click_step(qtbot, view, row)
    grid = view.grid
    light = {line.number: grid.chain_color(line) for line in grid.chain_lines()}
    apply_theme(app, "dark")
    try:
        QApplication.processEvents()
        base = grid.palette().color(QPalette.ColorRole.Base)
        assert base.lightness() < 80
        image = grid.grab().toImage()
        for line in grid.chain_lines():
            colour = grid.chain_color(line)
            assert colour.lightness() > light[line.number].lightness()
            assert colour.lightness() - base.lightness() > 80  # it stands out on the dark paper
            for r, c, v in line.cells[:1]:
                cell = grid.cell_rect(r, c)
                if v == FILLED:
                    assert near(image.pixelColor(cell.topLeft() + QPoint(4, 4)), colour)
                else:
                    assert colour_in(image, cell, colour) >= 6
        assert grid.chain_color(grid.chain_lines()[-1]).name() in view.ui.chain_legend.text()
    finally:
        apply_theme(app, "system")


def test_a_clicked_step_stays_under_the_mouse_and_is_the_one_selected(qtbot, view) -> None:
    """Clicking a row low in the list shows that step; the list does not scroll it away from
    under the mouse (the release then selected the row that came under it, step 25 selected
    while the grid showed step 18)."""
    traced(qtbot, view, FOREVER)
    table = view.ui.table
    rows = [table.rowAt(y) for y in range(table.viewport().height() - 1, 0, -1)]
    row = next(
        r
        for r in rows
        if r >= 0 and table.visualRect(view.model.index(r, 0)).bottom() < table.viewport().height()
    )
    scroll = table.verticalScrollBar().value()
    click_step(qtbot, view, row)
    assert view.position() == row + 1
    assert table.verticalScrollBar().value() == scroll
    selected = [index.row() for index in table.selectionModel().selectedRows()]
    assert selected == [row]
