"""Paint a colour puzzle for export: every clue number on a box of its colour, written in black or
white by contrast (:func:`nonostudio.core.contrast.text_colour`, WCAG ratio at least 4.5), the grid
with its 5-cell guides, and the solution in its palette colours when asked for.  The geometry is
the black-and-white picture's :class:`~nonostudio.gui.common.render.Layout`."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen

from nonostudio.core.colour.model import ColourClue, ColourGrid, ColourPuzzle
from nonostudio.core.contrast import text_colour
from nonostudio.gui.common.render import (
    Colors,
    Layout,
    Painting,
    image_of,
    no_goal_error,
    paint_clue_backgrounds,
    paint_grid_lines,
)

#: The outline of a clue box, so a box of the paper's colour (or near it) still shows.
BOX_LINE = QColor(120, 120, 120)


def colour_layout(puzzle: ColourPuzzle, cell: int) -> Layout:
    """The layout of the puzzle's clues (their lengths) at ``cell`` pixels a cell."""

    def lengths(clue: ColourClue) -> tuple[int, ...]:
        return tuple(n for n, _ in clue)

    return Layout.compute(
        [lengths(c) for c in puzzle.rows], [lengths(c) for c in puzzle.cols], cell
    )


def colour_solution(puzzle: ColourPuzzle, with_solution: bool) -> ColourGrid | None:
    """The picture to draw in the grid: the goal when asked for (PuzzleError without one)."""
    if not with_solution:
        return None
    if puzzle.goal is None:
        raise no_goal_error()
    return puzzle.goal


def paint_colour_puzzle(
    painter: QPainter, layout: Layout, puzzle: ColourPuzzle, solution: ColourGrid | None
) -> None:
    """Clue boxes, the grid (empty, or the solution in its colours), guides and lines."""
    colors = Colors.for_print()
    paint_clue_backgrounds(painter, layout, colors)
    painter.fillRect(layout.grid_rect(), colors.paper)
    if solution is not None:
        for r, row in enumerate(solution):
            for c, value in enumerate(row):
                painter.fillRect(layout.cell_rect(r, c), QColor(puzzle.palette[value].rgb))
    paint_grid_lines(painter, layout, colors)
    painter.setFont(layout.font)
    centre = Qt.AlignmentFlag.AlignCenter
    for clues, box in ((puzzle.rows, layout.row_clue_box), (puzzle.cols, layout.col_clue_box)):
        for line, clue in enumerate(clues):
            if not clue:
                painter.setPen(colors.ink)
                painter.drawText(box(line, 0), centre, "0")
                continue
            for k, (n, colour) in enumerate(reversed(clue)):
                rgb = puzzle.palette[colour].rgb
                rect = box(line, k).adjusted(1, 1, -1, -1)
                painter.fillRect(rect, QColor(rgb))
                painter.setPen(QPen(BOX_LINE, 1))
                painter.drawRect(rect)
                painter.setPen(QColor(text_colour(rgb)))
                painter.drawText(rect, centre, str(n))


def colour_painting(puzzle: ColourPuzzle, with_solution: bool, cell: int) -> tuple[QSize, Painting]:
    """The picture's size and how to paint it (for :func:`~nonostudio.gui.common.export.
    export_picture`)."""
    solution = colour_solution(puzzle, with_solution)
    layout = colour_layout(puzzle, cell)
    return layout.size(), lambda p: paint_colour_puzzle(p, layout, puzzle, solution)


def render_colour_image(puzzle: ColourPuzzle, with_solution: bool, cell: int = 20) -> QImage:
    """The printed form of a colour puzzle as an image, ``cell`` pixels per cell."""
    size, paint = colour_painting(puzzle, with_solution, cell)
    return image_of(size, paint)
