"""The interactive puzzle grid the editor, the Solve view and the dialogs show (:class:`GridView`):
a chain of three typed classes, each on the one below: what it shows and where
(:class:`~nonostudio.gui.grid.base.GridBase`), mouse and keyboard editing
(:class:`~nonostudio.gui.grid.input.GridInput`), and here the painting of clues, cells, the
hover crosshair, the overlay and the cursor.  Painting uses the palette, so dark schemes work;
only the overlay's colour is fixed.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPen

from nonostudio.core.line import FILLED, clue_of
from nonostudio.gui.common.render import (
    Colors,
    paint_cells,
    paint_clue_backgrounds,
    paint_clues,
    paint_grid_lines,
)
from nonostudio.gui.grid.input import GridInput

# Differences from the overlay must stand out from both the ink and the selection highlight in
# light and dark schemes alike, so this one colour is fixed rather than taken from the palette.
OVERLAY_COLOR = QColor(230, 90, 30)


class GridView(GridInput):
    """Clues and cells of one puzzle; edits go through ``undo_stack()``."""

    def _satisfied_lines(self) -> tuple[set[int], set[int]]:
        if not self._faint_satisfied:
            return set(), set()
        rows = {r for r, clue in enumerate(self._rows) if clue_of(self._cells[r]) == clue}
        cols = {c for c, clue in enumerate(self._cols) if clue_of(self._cells[:, c]) == clue}
        return rows, cols

    def paintEvent(self, event: QPaintEvent) -> None:
        palette = self.palette()
        colors = Colors.from_palette(palette)
        lay = self._layout
        painter = QPainter(self)
        try:
            painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Window))
            paint_clue_backgrounds(painter, lay, colors)
            paint_cells(painter, lay, self._cells, colors)
            self._paint_crosshair(painter, palette)
            self._paint_overlay(painter)
            paint_grid_lines(painter, lay, colors)
            faint_rows, faint_cols = self._satisfied_lines()
            paint_clues(
                painter,
                lay,
                self._rows,
                self._cols,
                colors,
                faint_rows=faint_rows,
                faint_cols=faint_cols,
            )
            if self.hasFocus():
                pen = QPen(palette.color(QPalette.ColorRole.Highlight), max(2, lay.cell // 8))
                painter.setPen(pen)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRect(lay.cell_rect(*self._cursor).adjusted(1, 1, -1, -1))
        finally:
            painter.end()

    def _paint_crosshair(self, painter: QPainter, palette: QPalette) -> None:
        if self._hover is None:
            return
        tint = QColor(palette.color(QPalette.ColorRole.Highlight))
        tint.setAlpha(60)
        r, c = self._hover
        lay = self._layout
        grid = lay.grid_rect()
        row_band = QRect(
            lay.margin, lay.grid_top + r * lay.cell, grid.right() + 1 - lay.margin, lay.cell
        )
        col_band = QRect(
            lay.grid_left + c * lay.cell, lay.margin, lay.cell, grid.bottom() + 1 - lay.margin
        )
        painter.fillRect(row_band, tint)
        painter.fillRect(col_band, tint)

    def _paint_overlay(self, painter: QPainter) -> None:
        if self._overlay is None:
            return
        lay = self._layout
        mine = self._cells == FILLED
        other = self._overlay == FILLED
        tint = QColor(OVERLAY_COLOR)
        tint.setAlpha(90)
        pen = QPen(OVERLAY_COLOR, max(2, lay.cell // 8))
        inset = max(2, lay.cell // 4)
        for r, c in zip(*np.nonzero(mine != other), strict=True):
            rect = lay.cell_rect(int(r), int(c))
            painter.fillRect(rect, tint)
            painter.setPen(pen)
            painter.setBrush(OVERLAY_COLOR if other[r, c] else Qt.BrushStyle.NoBrush)
            painter.drawRect(rect.adjusted(inset, inset, -inset, -inset))
