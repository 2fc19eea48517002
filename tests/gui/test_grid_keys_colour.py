"""The colour grids take the keyboard as the black-and-white grid does (the same keys): the
arrows move a cursor, drawn on the grid and named on the status line; Space (or Return) paints
the colour picked, keys 1-9 pick it, X paints the background, each key one undo step; in Solve
by hand Delete makes a cell unknown again and Shift+Space marks a colour as possible or not.
Seen in the studio: arrows, Space, Return and X did nothing in the colour Editor or in colour
Solve by hand, so a colour puzzle could not be painted or solved without a mouse."""

from __future__ import annotations

from pictures import COLOURS
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from nonostudio.analysis.colour.hints import unknown_grid
from nonostudio.core.colour.model import BACKGROUND, ColourPuzzle, clues_of_colour_grid
from nonostudio.gui.editor.colour.view import ColourEditorView
from nonostudio.gui.solve.colour.view import ColourSolveView

BLANK = ((BACKGROUND,) * 4,) * 3


def blocks(size: int) -> ColourPuzzle:
    """A picture of 4x4 blocks in every colour, with its picture (no search when opened)."""
    cells = tuple(tuple((r // 4 + 2 * (c // 4)) % 4 for c in range(size)) for r in range(size))
    rows, cols = clues_of_colour_grid(cells)
    return ColourPuzzle(COLOURS, rows, cols, goal=cells)


def _editor(qtbot: QtBot, size: tuple[int, int] = (700, 500)) -> ColourEditorView:
    editor = ColourEditorView()
    qtbot.addWidget(editor)
    editor.resize(*size)
    editor.show()
    qtbot.waitExposed(editor)
    return editor


def test_the_colour_editor_is_painted_with_the_keyboard(qtbot: QtBot) -> None:
    editor = _editor(qtbot)
    editor.set_puzzle(ColourPuzzle(COLOURS, ((),) * 3, ((),) * 4, goal=BLANK))
    grid = editor.grid
    grid.setFocus()
    qtbot.keyClick(grid, Qt.Key.Key_Right)
    qtbot.keyClick(grid, Qt.Key.Key_Down)
    assert grid.cursor_cell() == (1, 1)
    assert editor.status.text() == "Row 2, column 2: white \u2014 row clue 0; column clue 0"
    qtbot.keyClick(grid, Qt.Key.Key_2)  # blue
    qtbot.keyClick(grid, Qt.Key.Key_Space)
    assert editor.state().cells[1][1] == 2
    # (the clues the stroke made)
    assert (
        editor.status.text() == "Row 2, column 2: blue \u2014 row clue 1 blue; column clue 1 blue"
    )
    qtbot.keyClick(grid, Qt.Key.Key_End)
    qtbot.keyClick(grid, Qt.Key.Key_3)
    qtbot.keyClick(grid, Qt.Key.Key_Return)
    qtbot.keyClick(grid, Qt.Key.Key_Home)
    qtbot.keyClick(grid, Qt.Key.Key_Up)
    qtbot.keyClick(grid, Qt.Key.Key_Up)  # (stays at the edge)
    qtbot.keyClick(grid, Qt.Key.Key_Space)
    assert grid.cursor_cell() == (0, 0)
    assert editor.state().cells == ((3, 0, 0, 0), (0, 2, 0, 3), (0, 0, 0, 0))
    assert editor.puzzle() is not None and editor.puzzle().rows[1] == ((1, 2), (1, 3))
    qtbot.keyClick(grid, Qt.Key.Key_X)  # the background
    assert editor.state().cells[0][0] == BACKGROUND
    stack = editor.undo_stack()
    assert stack.count() == 4  # a step a key that painted
    stack.undo()
    assert editor.state().cells[0][0] == 3
    # the cursor is drawn while the grid has the focus, in the palette's highlight
    QApplication.processEvents()
    image = grid.grab().toImage()
    rect = grid.cell_rect(0, 0)
    highlight = grid.palette().color(grid.palette().ColorRole.Highlight)
    edge = QColor(image.pixel(rect.left() + 2, rect.center().y()))
    assert edge == highlight, edge.name()


def test_the_keyboard_cursor_is_kept_in_sight_on_a_big_colour_grid(qtbot: QtBot) -> None:
    editor = _editor(qtbot, (600, 420))
    editor.set_puzzle(blocks(80))
    grid, area = editor.grid, editor.grid_scroll
    qtbot.wait(20)  # (laid out and scrolled to its start)
    grid.setFocus()
    for _ in range(60):
        qtbot.keyClick(grid, Qt.Key.Key_Down)
    qtbot.keyClick(grid, Qt.Key.Key_End)
    QApplication.processEvents()
    assert grid.cursor_cell() == (60, 79)
    viewport = area.viewport()
    cell = grid.cell_rect(60, 79)
    seen = grid.mapTo(viewport, cell.center())
    assert viewport.rect().contains(seen)
    pinned = grid.pinned_size()
    assert seen.x() > pinned.width() and seen.y() > pinned.height()  # not under a pinned clue


def test_colour_solve_by_hand_takes_the_keyboard(qtbot: QtBot) -> None:
    picture = ((1, 1, 0), (0, 2, 2))
    rows, cols = clues_of_colour_grid(picture)
    puzzle = ColourPuzzle(COLOURS, rows, cols)
    view = ColourSolveView(delay_ms=60_000)  # (no trace needed)
    qtbot.addWidget(view)
    view.resize(900, 600)
    view.show()
    qtbot.waitExposed(view)
    view.set_puzzle(puzzle)
    view.set_hand_mode(True)
    grid = view.grid
    assert view.focusWidget() is grid  # (Solve by hand gives the grid the focus)
    unknown = unknown_grid(puzzle)[0][0]
    qtbot.keyClick(grid, Qt.Key.Key_Space)  # red, the first colour picked
    qtbot.keyClick(grid, Qt.Key.Key_Right)
    qtbot.keyClick(grid, Qt.Key.Key_Return)
    qtbot.keyClick(grid, Qt.Key.Key_Right)
    qtbot.keyClick(grid, Qt.Key.Key_X)
    assert view.hand_sets()[0] == (1 << 1, 1 << 1, 1 << BACKGROUND)
    said = view.ui.message_label.text()
    assert said == "Row 1, column 3: empty \u2014 row clue 2 red; column clue 1 blue"
    qtbot.keyClick(grid, Qt.Key.Key_Down)
    qtbot.keyClick(grid, Qt.Key.Key_2)  # blue
    qtbot.keyClick(grid, Qt.Key.Key_Space, Qt.KeyboardModifier.ShiftModifier)  # blue: not
    assert view.hand_sets()[1][2] == unknown & ~(1 << 2)
    qtbot.keyClick(grid, Qt.Key.Key_Delete)  # unknown again
    assert view.hand_sets()[1][2] == unknown
    view.undo()
    assert view.hand_sets()[1][2] == unknown & ~(1 << 2)
    for _ in range(4):
        view.undo()
    assert view.hand_sets() == unknown_grid(puzzle)
    # replaying, the keys paint nothing
    view.set_hand_mode(False)
    grid.setFocus()
    qtbot.keyClick(grid, Qt.Key.Key_Space)
    assert view.undo_stack().count() == 0
    view.cancel()


def test_a_click_or_a_stroke_puts_the_cursor_where_the_mouse_painted(qtbot: QtBot) -> None:
    """As on the black-and-white grid, the keys go on from the cell the mouse painted. Seen
    under Xvfb: a click on row 1, column 1 of colour Solve by hand, then Right and Space,
    painted column 4 (the cursor was still where the keys had left it)."""
    editor = _editor(qtbot)
    editor.set_puzzle(ColourPuzzle(COLOURS, ((),) * 3, ((),) * 4, goal=BLANK))
    grid = editor.grid
    grid.set_cursor_cell(2, 3)
    qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(1, 0).center())
    assert grid.cursor_cell() == (1, 0)
    qtbot.mousePress(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(0, 0).center())
    qtbot.mouseMove(grid, grid.cell_rect(0, 2).center())
    qtbot.mouseRelease(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(0, 2).center())
    assert grid.cursor_cell() == (0, 2)
    grid.setFocus()
    qtbot.keyClick(grid, Qt.Key.Key_Right)
    qtbot.keyClick(grid, Qt.Key.Key_X)
    assert editor.state().cells[0] == (1, 1, 1, BACKGROUND)

    picture = ((1, 1, 0), (0, 2, 2))
    rows, cols = clues_of_colour_grid(picture)
    view = ColourSolveView(delay_ms=60_000)  # (no trace needed)
    qtbot.addWidget(view)
    view.resize(900, 600)
    view.show()
    qtbot.waitExposed(view)
    view.set_puzzle(ColourPuzzle(COLOURS, rows, cols))
    view.set_hand_mode(True)
    hand = view.grid
    hand.set_cursor_cell(1, 2)
    qtbot.mouseClick(hand, Qt.MouseButton.LeftButton, pos=hand.cell_rect(0, 0).center())
    assert hand.cursor_cell() == (0, 0)
    qtbot.keyClick(hand, Qt.Key.Key_Right)
    qtbot.keyClick(hand, Qt.Key.Key_Space)
    assert view.hand_sets()[0][:2] == (1 << 1, 1 << 1)
    view.cancel()
