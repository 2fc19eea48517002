"""Paint a puzzle with QPainter (clues, grid, 5-cell guides, optionally the solution); the
pictures it paints are written as PNG, SVG or PDF by :mod:`nonostudio.gui.common.export`.

Only QtGui is used, so pictures can be made headless under a ``QGuiApplication`` (the CLI creates
one offscreen).  :class:`GridView` paints with the same functions, in palette colours.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QPointF, QRect, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QImage,
    QPainter,
    QPalette,
    QPen,
)

from nonostudio.core.errors import PuzzleError
from nonostudio.core.line import CROSSED, FILLED, Hints
from nonostudio.core.puzzle import Puzzle

GUIDE_EVERY = 5


@dataclass(frozen=True)
class Colors:
    """The colours a puzzle is painted in."""

    paper: QColor  # grid background
    clue_paper: QColor  # background behind the clue numbers
    ink: QColor  # filled cells, clue numbers, guide lines
    line: QColor  # thin grid lines
    cross: QColor  # marks in crossed cells
    faint: QColor  # clue numbers of lines that are already satisfied

    @classmethod
    def from_palette(cls, palette: QPalette) -> Colors:
        """Screen colours taken from a widget palette, so light and dark schemes both work."""
        return cls(
            paper=palette.color(QPalette.ColorRole.Base),
            clue_paper=palette.color(QPalette.ColorRole.AlternateBase),
            ink=palette.color(QPalette.ColorRole.Text),
            line=palette.color(QPalette.ColorRole.Mid),
            cross=palette.color(QPalette.ColorRole.PlaceholderText),
            faint=palette.color(QPalette.ColorRole.PlaceholderText),
        )

    @classmethod
    def for_print(cls) -> Colors:
        """Black ink on white paper: exported pictures are for printing and sharing."""
        return cls(
            paper=QColor(255, 255, 255),
            clue_paper=QColor(255, 255, 255),
            ink=QColor(0, 0, 0),
            line=QColor(160, 160, 160),
            cross=QColor(110, 110, 110),
            faint=QColor(150, 150, 150),
        )


#: The smallest clue font (pixels) whose numbers stay readable on screen.
READABLE_PX = 8
#: The fewest pixels between the numbers of neighbouring columns: closer, two-digit numbers run
#: together ("13" beside "14" at 12-pixel cells, 2 pixels apart, read as "1314").
MIN_CLUE_GAP = 3
#: How much closer (pixels) the digits of a number are set when, at the readable floor, it would
#: not leave :data:`MIN_CLUE_GAP` in its cell: half a pixel a digit keeps the digits apart and
#: gives the gap a pixel, where a wider cell would cost a 25x25 its fit at 1280x720.
TIGHT_SPACING = -0.5


def _floor_px(cell: int) -> int:
    """The clue font's floor at ``cell`` pixels a cell: the readable size, or the cell itself
    when cells are smaller still (printed pictures may ask for tiny cells; the grid does not)."""
    return min(READABLE_PX, cell)


def _room(cell: int) -> int:
    """The width a clue number may take in a cell: the space left beside it, at least
    :data:`MIN_CLUE_GAP`, keeps two numbers in neighbouring columns apart ("35" and "39", not
    "3539")."""
    return cell - max(MIN_CLUE_GAP, cell // 8)


def _advance(font: QFont, text: str) -> int:
    return QFontMetrics(font).horizontalAdvance(text)


def clue_font(cell: int, widest: str = "0", *, bold: bool = False) -> QFont:
    """A font for clue numbers: about 60 % of a cell (at small cells no less than the readable
    size), shrunk until ``widest`` fits in one cell with room beside it, or down to that floor,
    where a number of several digits that still does not fit is set tighter
    (:data:`TIGHT_SPACING`); ``bold`` for the colour grid's numbers on their coloured boxes."""
    font = QFont()
    font.setBold(bold)
    floor = _floor_px(cell)
    size = max(floor, round(cell * 0.6))
    font.setPixelSize(size)
    while size > floor and _advance(font, widest) > _room(cell):
        size -= 1
        font.setPixelSize(size)
    if len(widest) > 1 and _advance(font, widest) > _room(cell):
        font.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, TIGHT_SPACING)
    return font


def readable_cell(widest: str = "0", *, bold: bool = False) -> int:
    """The smallest cell (pixels) at which clue numbers are readable: the font no smaller than
    :data:`READABLE_PX` and ``widest`` (the widest column-clue number, set tighter if it has
    several digits) within one cell, :data:`MIN_CLUE_GAP` from its neighbours.  Grids on screen
    do not shrink below it; they scroll."""
    font = QFont()
    font.setBold(bold)
    font.setPixelSize(READABLE_PX)
    if len(widest) > 1:
        font.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, TIGHT_SPACING)
    advance = _advance(font, widest)
    cell = READABLE_PX  # a digit's ink is about three quarters of the font's size
    while _room(cell) < advance:
        cell += 1
    return cell


def _extent(rows: Sequence[Hints], cols: Sequence[Hints]) -> tuple[int, int, int, int]:
    return (
        max((n for clue in rows for n in clue), default=0),
        max((n for clue in cols for n in clue), default=0),
        max((len(clue) for clue in rows), default=0),
        max((len(clue) for clue in cols), default=0),
    )


_EXTENTS: list[tuple[Sequence[Hints], Sequence[Hints], tuple[int, int, int, int]]] = []
_EXTENTS_KEPT = 8


def clue_extent(rows: Sequence[Hints], cols: Sequence[Hints]) -> tuple[int, int, int, int]:
    """The largest number of the row clues and of the column clues, and the most numbers in a
    row clue and in a column clue: worked out once for the same clue objects (a grid lays itself
    out a few times a stroke, fitting its cells; a 1000x1000 puzzle's 480,000 numbers took 0.18 s
    a layout, 0.24-0.40 s of the GUI thread each stroke by hand).  Kept by identity, not by
    value: hashing those clues took 13 ms a time."""
    if not (isinstance(rows, tuple) and isinstance(cols, tuple)):
        return _extent(rows, cols)  # (a list may change under the same identity)
    for kept_rows, kept_cols, extent in _EXTENTS:
        if kept_rows is rows and kept_cols is cols:
            return extent
    extent = _extent(rows, cols)
    _EXTENTS.insert(0, (rows, cols, extent))
    del _EXTENTS[_EXTENTS_KEPT:]
    return extent


@dataclass(frozen=True)
class Layout:
    """Where everything goes: row clues on the left, column clues on top, the grid below-right."""

    rows: int
    cols: int
    cell: int
    row_slots: int  # most numbers in any row clue
    col_slots: int  # most numbers in any column clue
    row_slot_width: int  # width of one row-clue number
    margin: int
    font: QFont

    @classmethod
    def compute(
        cls,
        rows: Sequence[Hints],
        cols: Sequence[Hints],
        cell: int,
        *,
        min_row_slots: int = 1,
        min_col_slots: int = 1,
        widest_number: int | None = None,
    ) -> Layout:
        """The layout of these clues at ``cell`` pixels a cell.

        ``min_row_slots``/``min_col_slots`` reserve room for more clue numbers than the clues have
        and ``widest_number`` for wider numbers, so that an editor's grid holds still while the
        clues grow under the user's strokes.
        """
        row_widest, col_widest, row_longest, col_longest = clue_extent(rows, cols)
        widest = str(max(row_widest, col_widest, widest_number or 0))
        font = clue_font(cell, str(max(col_widest, widest_number or 0)))
        slot = max(cell, QFontMetrics(font).horizontalAdvance(widest) + max(2, cell // 3))
        return cls(
            rows=len(rows),
            cols=len(cols),
            cell=cell,
            row_slots=max(1, min_row_slots, row_longest),
            col_slots=max(1, min_col_slots, col_longest),
            row_slot_width=slot,
            margin=max(2, cell // 3),
            font=font,
        )

    @property
    def grid_left(self) -> int:
        return self.margin + self.row_slots * self.row_slot_width

    @property
    def grid_top(self) -> int:
        return self.margin + self.col_slots * self.cell

    def grid_rect(self) -> QRect:
        return QRect(self.grid_left, self.grid_top, self.cols * self.cell, self.rows * self.cell)

    def size(self) -> QSize:
        return QSize(
            self.grid_left + self.cols * self.cell + self.margin,
            self.grid_top + self.rows * self.cell + self.margin,
        )

    def cell_rect(self, row: int, col: int) -> QRect:
        return QRect(
            self.grid_left + col * self.cell, self.grid_top + row * self.cell, self.cell, self.cell
        )

    def row_clue_rect(self, row: int) -> QRect:
        """The strip left of ``row`` holding its clue."""
        return QRect(
            self.margin, self.grid_top + row * self.cell, self.grid_left - self.margin, self.cell
        )

    def col_clue_rect(self, col: int) -> QRect:
        """The strip above ``col`` holding its clue."""
        return QRect(
            self.grid_left + col * self.cell, self.margin, self.cell, self.grid_top - self.margin
        )

    def row_clue_box(self, row: int, k: int) -> QRect:
        """The box of the ``k``-th number of ``row``'s clue, counted from the grid leftwards."""
        right = self.row_clue_rect(row).right() + 1
        return QRect(
            right - (k + 1) * self.row_slot_width,
            self.grid_top + row * self.cell,
            self.row_slot_width,
            self.cell,
        )

    def col_clue_box(self, col: int, k: int) -> QRect:
        """The box of the ``k``-th number of ``col``'s clue, counted from the grid upwards."""
        bottom = self.col_clue_rect(col).bottom() + 1
        return QRect(
            self.grid_left + col * self.cell, bottom - (k + 1) * self.cell, self.cell, self.cell
        )

    def reach(self, region: QRect) -> QRect:
        """``region`` grown by a cell each way: what is painted for something (a number, a
        thick line, a cross) reaches this far past its own box at most, so whatever lies wholly
        outside it leaves ``region``'s pixels alone."""
        return region.adjusted(-self.cell, -self.cell, self.cell, self.cell)

    def rows_in(self, region: QRect | None) -> range:
        """The rows whose band (cells and clue) meets ``region`` grown by :meth:`reach` (all of
        them for None)."""
        if region is None:
            return range(self.rows)
        return lines_near(region.top(), region.bottom(), self.grid_top, self.cell, self.rows)

    def cols_in(self, region: QRect | None) -> range:
        """The columns whose band (cells and clue) meets ``region`` grown by :meth:`reach` (all
        of them for None)."""
        if region is None:
            return range(self.cols)
        return lines_near(region.left(), region.right(), self.grid_left, self.cell, self.cols)

    def cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        """The ``(row, column)`` under a point, or None outside the grid."""
        col = int((x - self.grid_left) // self.cell)
        row = int((y - self.grid_top) // self.cell)
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return row, col
        return None


def lines_near(first: int, last: int, origin: int, cell: int, count: int) -> range:
    """Of ``count`` lines (rows or columns) ``cell`` pixels apart from ``origin``, those whose
    band comes within a cell of the pixels ``first`` to ``last`` across them: all that can paint
    one of those pixels."""
    low, high = (first - cell - origin) // cell, (last + cell - origin) // cell
    return range(max(0, low), min(count, high + 1))


def paint_clue_backgrounds(painter: QPainter, layout: Layout, colors: Colors) -> None:
    top = QRect(
        layout.grid_left, layout.margin, layout.cols * layout.cell, layout.grid_top - layout.margin
    )
    left = QRect(
        layout.margin, layout.grid_top, layout.grid_left - layout.margin, layout.rows * layout.cell
    )
    painter.fillRect(top, colors.clue_paper)
    painter.fillRect(left, colors.clue_paper)


def tight(layout: Layout) -> bool:
    """Whether the clue numbers are set tighter than the font's own spacing (:func:`clue_font`:
    at the readable floor, in the narrowest cells)."""
    return layout.font.letterSpacing() < 0


def paint_column_bands(
    painter: QPainter, layout: Layout, colors: Colors, region: QRect | None = None
) -> None:
    """Every other column's clue on a faint shade of the clue paper (a touch of the ink, so it
    shows in dark schemes too): in the narrowest cells the numbers of neighbouring columns are
    a few pixels apart, and the shade tells whose each is at a glance."""
    paper, ink = colors.clue_paper, colors.ink
    shade = QColor(
        round(0.92 * paper.red() + 0.08 * ink.red()),
        round(0.92 * paper.green() + 0.08 * ink.green()),
        round(0.92 * paper.blue() + 0.08 * ink.blue()),
    )
    for col in layout.cols_in(region):
        if col % 2:
            painter.fillRect(layout.col_clue_rect(col), shade)


def paint_clues(
    painter: QPainter,
    layout: Layout,
    rows: Sequence[Hints],
    cols: Sequence[Hints],
    colors: Colors,
    *,
    faint_rows: Collection[int] = (),
    faint_cols: Collection[int] = (),
    invalid_rows: Collection[int] = (),
    invalid_cols: Collection[int] = (),
    region: QRect | None = None,
) -> None:
    """Row clues right-aligned left of the grid, column clues bottom-aligned above it; with a
    ``region``, only the numbers that reach into it (the pixels there are the same).  An
    ``invalid`` line (its typed clue is not a clue) shows ``?``, not the ``0`` of an empty
    line."""
    painter.setFont(layout.font)
    centre = Qt.AlignmentFlag.AlignCenter
    near = None if region is None else layout.reach(region)
    row_side = (rows, faint_rows, invalid_rows, layout.row_clue_box, layout.rows_in(region))
    col_side = (cols, faint_cols, invalid_cols, layout.col_clue_box, layout.cols_in(region))
    for (clues, faint, invalid, box, lines), on in (
        (row_side, _left_of_grid),
        (col_side, _above_grid),
    ):
        if near is not None and not on(layout, near):
            continue
        for line in lines:
            clue = clues[line]
            # (an invalid line's clue is () and so looks satisfied: its ? is never greyed)
            painter.setPen(colors.faint if line in faint and line not in invalid else colors.ink)
            numbers: tuple[int | str, ...] = ("?",) if line in invalid else (clue or (0,))
            for k, n in enumerate(reversed(numbers)):
                rect = box(line, k)
                if near is None or rect.intersects(near):
                    painter.drawText(rect, centre, str(n))


def _left_of_grid(layout: Layout, near: QRect) -> bool:
    return near.left() < layout.grid_left


def _above_grid(layout: Layout, near: QRect) -> bool:
    return near.top() < layout.grid_top


def paint_cells(
    painter: QPainter,
    layout: Layout,
    grid: np.ndarray | None,
    colors: Colors,
    region: QRect | None = None,
) -> None:
    """The grid background, filled cells as solid squares and crossed cells as small crosses;
    with a ``region``, only the cells that reach into it.  A row's run of filled cells is one
    rectangle (the same pixels as a square each), drawn whole when it reaches into the region:
    a square a cell cost a 512x512 grid ~0.2 s of the GUI thread a paint."""
    painter.fillRect(layout.grid_rect(), colors.paper)
    if grid is None:
        return
    rows, cols = layout.rows_in(region), layout.cols_in(region)
    band = np.asarray(grid)[rows.start : rows.stop]
    cell, left, top = layout.cell, layout.grid_left, layout.grid_top
    filled = np.zeros((band.shape[0], band.shape[1] + 2), dtype=np.int8)
    filled[:, 1:-1] = band == FILLED
    edges = np.diff(filled, axis=1)
    run_rows, starts = np.nonzero(edges == 1)  # a run's first cell
    ends = np.nonzero(edges == -1)[1]  # the cell after its last, paired in the same order
    near = (ends > cols.start) & (starts < cols.stop)
    for r, c0, c1 in zip(
        run_rows[near].tolist(), starts[near].tolist(), ends[near].tolist(), strict=True
    ):
        painter.fillRect(
            QRect(left + c0 * cell, top + (rows.start + r) * cell, (c1 - c0) * cell, cell),
            colors.ink,
        )
    crossed = np.nonzero(band[:, cols.start : cols.stop] == CROSSED)
    if len(crossed[0]):
        pen = QPen(colors.cross, max(1.0, cell / 12))
        painter.setPen(pen)
        inset = cell * 0.3
        far = cell - inset
        for r, c in zip(crossed[0].tolist(), crossed[1].tolist(), strict=True):
            x, y = left + (cols.start + c) * cell, top + (rows.start + r) * cell
            painter.drawLine(QPointF(x + inset, y + inset), QPointF(x + far, y + far))
            painter.drawLine(QPointF(x + far, y + inset), QPointF(x + inset, y + far))


def paint_grid_lines(
    painter: QPainter, layout: Layout, colors: Colors, region: QRect | None = None
) -> None:
    """Thin lines between cells, thicker guides every five cells and around the grid; with a
    ``region``, only the lines that reach into it (each drawn whole, as without one)."""
    rect = layout.grid_rect()
    thin = QPen(colors.line, 1)
    thick = QPen(colors.ink, max(1.5, layout.cell / 10))
    cols, rows = layout.cols_in(region), layout.rows_in(region)
    for k in range(cols.start, cols.stop + 1):
        guide = k % GUIDE_EVERY == 0 or k == layout.cols
        painter.setPen(thick if guide else thin)
        x = rect.left() + k * layout.cell
        painter.drawLine(QPointF(x, rect.top()), QPointF(x, rect.top() + rect.height()))
    for k in range(rows.start, rows.stop + 1):
        guide = k % GUIDE_EVERY == 0 or k == layout.rows
        painter.setPen(thick if guide else thin)
        y = rect.top() + k * layout.cell
        painter.drawLine(QPointF(rect.left(), y), QPointF(rect.left() + rect.width(), y))


def paint_puzzle(
    painter: QPainter,
    layout: Layout,
    puzzle: Puzzle,
    colors: Colors,
    solution: np.ndarray | None = None,
) -> None:
    """Everything a printed puzzle shows; ``solution`` cells are drawn when given."""
    paint_clue_backgrounds(painter, layout, colors)
    paint_cells(painter, layout, solution, colors)
    paint_grid_lines(painter, layout, colors)
    paint_clues(painter, layout, puzzle.rows, puzzle.cols, colors)


def no_goal_error() -> PuzzleError:
    """The error of a picture asked for with its solution when the puzzle has none."""
    return PuzzleError(
        "the puzzle has no solution picture to draw; solve it first or export without it"
    )


def solution_of(puzzle: Puzzle, with_solution: bool) -> np.ndarray | None:
    if not with_solution:
        return None
    if puzzle.goal is None:
        raise no_goal_error()
    return np.where(puzzle.goal == FILLED, FILLED, -1).astype(np.int8)


def painting(puzzle: Puzzle, with_solution: bool, cell: int) -> tuple[QSize, Painting]:
    """The printed picture's size and how to paint it, black on white (PuzzleError: the
    solution is asked for but the puzzle has none)."""
    solution = solution_of(puzzle, with_solution)
    layout = Layout.compute(puzzle.rows, puzzle.cols, cell)
    return layout.size(), lambda p: paint_puzzle(p, layout, puzzle, Colors.for_print(), solution)


def render_image(puzzle: Puzzle, with_solution: bool, cell: int = 20) -> QImage:
    """The printed form of ``puzzle`` as an image (black on white), ``cell`` pixels per cell."""
    return image_of(*painting(puzzle, with_solution, cell))


#: Paints a whole picture with the painter it is given.
Painting = Callable[[QPainter], None]


def image_of(size: QSize, paint: Painting) -> QImage:
    """An image of ``size`` on white paper, painted by ``paint``."""
    image = QImage(size, QImage.Format.Format_ARGB32)
    image.fill(Colors.for_print().paper)
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        paint(painter)
    finally:
        painter.end()
    return image
