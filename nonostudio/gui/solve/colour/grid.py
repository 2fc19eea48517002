"""The colour Solve view's grid (:class:`ColourSolveGrid`): the colour editor's grid showing
cell *sets* — a decided cell in its colour, an unknown cell grey, a cell narrowed to some
colours grey with a small swatch of each colour it may still be (pencil marks) — and the marks of
a step (its line, the clues and spans its premises name, the cells it narrows) and of mistakes.

By hand, a stroke of the left button paints the current colour and of the right button the
background; in pencil mode (or with Shift held) a stroke toggles that colour in the cells' sets
instead (added where the first cell lacked it, removed where it had it; a cell never loses its
last colour).  The keys are the colour grid's: the arrows move the cursor, Space (Return) and X
paint the colour picked and the background (with Shift or in pencil mode, mark them as possible
or not), Delete makes the cell unknown again.  A stroke, or a key's, is reported as the sets
before and after, which makes the undo step; Escape during a stroke puts the sets back.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QRect, Qt, Signal
from PySide6.QtGui import QColor, QImage, QMouseEvent, QPainter, QPalette, QPen
from PySide6.QtWidgets import QWidget

from nonostudio.analysis.colour.hints import CellSets, decided
from nonostudio.analysis.colour.words import colours_of, set_text
from nonostudio.core.colour.model import BACKGROUND, ColourClues, Palette, clue_colours_mask
from nonostudio.gui.grid.checked import CheckedCells
from nonostudio.gui.grid.colour import ColourGrid
from nonostudio.gui.grid.overview import rgb_image
from nonostudio.gui.grid.view import DIFFERING_RING_CELL, OVERLAY_COLOR, paint_differing
from nonostudio.gui.solve.grid import FOCUS_COLOR

Cell = tuple[int, int]
#: An undecided cell's ground: a grey that no palette colour is needed to tell from.
UNKNOWN_FILL = QColor("#cfcfcf")
SWATCH_EDGE = QColor("#404040")
HALO = QColor("white")


@dataclass(frozen=True)
class ColourMarks:
    """What to mark for a step: its line (axis ``row``/``column``), the cells it narrows, the
    line's clue items (0-based) and ``(what, start, end)`` spans its premises point at."""

    axis: str = ""
    index: int = -1
    cells: frozenset[Cell] = frozenset()
    clues: tuple[int, ...] = ()
    spans: tuple[tuple[str, int, int], ...] = ()


class ColourSolveGrid(ColourGrid, CheckedCells):
    """A colour grid of cell sets, with step and mistake marks; strokes by hand are reported by
    :attr:`setsStroked`."""

    setsStroked = Signal(object, object)  # CellSets before, CellSets after: one mouse stroke

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._sets: CellSets = ((self._palette.all_mask,) * 5,) * 5
        self._marks = ColourMarks()
        self._differing: frozenset[Cell] = frozenset()
        self._said: tuple[Cell, str] | None = None  # the cell last named, and the words
        self._pencil = False
        self._stroke_bit = 0
        self._stroke_adds = True
        self._stroke_toggles = False
        self.setAccessibleName("Colour solving grid")
        self.set_editable(False)

    # --- what it shows ---------------------------------------------------------------------

    def set_sets(
        self, palette: Palette, rows: ColourClues, cols: ColourClues, sets: CellSets
    ) -> None:
        """Show the cell ``sets`` (rows of bitmasks of palette indices) under these clues."""
        shown = tuple(
            tuple(x.bit_length() - 1 if decided(x) else BACKGROUND for x in row) for row in sets
        )
        self.set_content(palette, rows, cols, shown)
        self._sets = tuple(tuple(row) for row in sets)
        self.update()

    def sets(self) -> CellSets:
        return self._sets

    def unknown_mask(self) -> int:
        """An unknown cell's set: the background and every colour the clues use (a cell also
        holding a colour no clue uses, as a game kept before that rule, is unknown too)."""
        return clue_colours_mask(self._rows, self._cols)

    def set_marks(self, marks: ColourMarks) -> None:
        self._marks = marks
        self.update()

    def marks(self) -> ColourMarks:
        return self._marks

    def set_differing(self, cells: Iterable[Cell]) -> None:
        """Mark ``cells`` as differing from the picture judged against (not mistakes): black and
        white's calm dashed teal mark (:func:`~nonostudio.gui.grid.view.paint_differing`) on a
        white halo, so it shows on any palette colour; () clears it."""
        self._differing = frozenset(cells)
        self.update()

    def differing(self) -> frozenset[Cell]:
        """The cells marked as differing from the picture judged against (not mistakes)."""
        return self._differing

    def set_pencil(self, on: bool) -> None:
        """Strokes toggle pencil marks (on) or paint colours (off)."""
        self._pencil = on

    def is_pencil(self) -> bool:
        return self._pencil

    def clue_box(self, axis: str, index: int, item: int) -> QRect | None:
        """The widget rectangle of clue item ``item`` (0-based) of a row or column."""
        rows, cols = self.clues()
        lines = rows if axis == "row" else cols
        if not 0 <= index < len(lines) or not 0 <= item < len(lines[index]):
            return None
        c, o, k = self.cell_size(), self.origin(), len(lines[index]) - item
        if axis == "row":
            return QRect(o.x() - k * c, o.y() + index * c, c, c)
        return QRect(o.x() + index * c, o.y() - k * c, c, c)

    def line_rect(self, axis: str, index: int, start: int = 0, end: int | None = None) -> QRect:
        """Widget rectangle of cells ``[start, end)`` of a row or column."""
        size = len(self._cols) if axis == "row" else len(self._rows)
        last = (size if end is None else end) - 1
        if axis == "row":
            return self.cell_rect(index, start).united(self.cell_rect(index, max(start, last)))
        return self.cell_rect(start, index).united(self.cell_rect(max(start, last), index))

    # --- painting ---------------------------------------------------------------------------

    def _paint(self, p: QPainter, region: QRect | None = None) -> None:
        """The grid with the cell sets and marks over it (painted again in the pinned clue
        strips, so a mark on a line's clue stays with the clue; the marks are few, and painted
        whole)."""
        super()._paint(p, region)
        if not self.is_overview():  # (the overview's image has the undecided cells grey)
            self._paint_sets(p, *self.lines_in(region))
        self._paint_marks(p)
        self._paint_mistakes(p)
        self._paint_differing(p)

    def _overview_state(self) -> object:
        return self._sets

    def _overview_pixels(self) -> QImage:
        """The overview's cells: a decided cell in its colour, an undecided one grey (the
        pencil marks' swatches are left out: a cell is a few pixels at most).  Painted a cell
        at a time, the whole grid's sets took 210-280 ms a paint at 200x200."""
        colours = [QColor(colour.rgb).rgb() for colour in self._palette.colours]
        grey = UNKNOWN_FILL.rgb()
        pixels = np.array(
            [
                [colours[x.bit_length() - 1] if decided(x) else grey for x in row]
                for row in self._sets
            ],
            dtype=np.uint32,
        )
        return rgb_image(pixels)

    def _paint_sets(self, p: QPainter, rows: range, cols: range) -> None:
        """Undecided cells grey (inside the grid lines); a narrowed one with its swatches."""
        full = self.unknown_mask()
        c = self.cell_size()
        for r in rows:
            row = self._sets[r]
            for col in cols:
                cell = row[col]
                if decided(cell):
                    continue
                rect = self.cell_rect(r, col).adjusted(1, 1, 0, 0)
                p.fillRect(rect, UNKNOWN_FILL)
                if cell & full != full and cell:
                    self._paint_swatches(p, rect, colours_of(cell), c)

    def _paint_swatches(self, p: QPainter, rect: QRect, colours: list[int], c: int) -> None:
        """One small square per colour still possible, in rows of ``ceil(sqrt(n))``."""
        per_row = max(1, math.ceil(math.sqrt(len(colours))))
        lines = math.ceil(len(colours) / per_row)
        pitch = max(3, (rect.width() - 2) // max(per_row, lines))
        size = max(2, pitch - max(1, c // 16))
        left = rect.left() + (rect.width() - per_row * pitch) // 2
        top = rect.top() + (rect.height() - lines * pitch) // 2
        p.setPen(QPen(SWATCH_EDGE, 1))
        for k, colour in enumerate(colours):
            x = left + (k % per_row) * pitch
            y = top + (k // per_row) * pitch
            p.setBrush(QColor(self._palette[colour].rgb))
            p.drawRect(x, y, size - 1, size - 1)
        p.setBrush(Qt.BrushStyle.NoBrush)

    def _halo_rect(self, p: QPainter, rect: QRect, colour: QColor, width: int) -> None:
        """A frame in ``colour`` on a white halo, so it shows over any palette colour."""
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(HALO, width + 2))
        p.drawRect(rect)
        p.setPen(QPen(colour, width))
        p.drawRect(rect)

    def _paint_marks(self, p: QPainter) -> None:
        marks = self._marks
        c = self.cell_size()
        highlight = self.palette().color(QPalette.ColorRole.Highlight)
        height, width = len(self._rows), len(self._cols)
        inset = max(3, c // 5)
        for r, col in marks.cells:
            if 0 <= r < height and 0 <= col < width:
                rect = self.cell_rect(r, col).adjusted(inset, inset, -inset, -inset)
                self._halo_rect(p, rect, highlight, max(2, c // 10))
        size = height if marks.axis == "column" else width
        if marks.axis not in ("row", "column") or not 0 <= marks.index < size:
            return
        rect = self.line_rect(marks.axis, marks.index)
        first = self.clue_box(marks.axis, marks.index, 0)
        if first is not None:  # the frame takes in the line's clue
            rect = rect.united(first)
        self._halo_rect(p, rect, highlight, max(2, c // 8))
        for item in marks.clues:
            box = self.clue_box(marks.axis, marks.index, item)
            if box is not None:
                p.setPen(QPen(HALO, max(2, c // 9) + 2))
                p.drawRoundedRect(box.adjusted(1, 1, -1, -1), c / 4, c / 4)
                p.setPen(QPen(FOCUS_COLOR, max(2, c // 9)))
                p.drawRoundedRect(box.adjusted(1, 1, -1, -1), c / 4, c / 4)
        for what, start, end in marks.spans:
            start, end = max(0, start), min(size, end)
            if what not in ("block", "gap") or end <= start:
                continue
            style = Qt.PenStyle.SolidLine if what == "block" else Qt.PenStyle.DotLine
            p.setPen(QPen(FOCUS_COLOR, max(2, c // 9), style))
            span = self.line_rect(marks.axis, marks.index, start, end)
            inset = max(2, c // 6)
            p.drawRect(span.adjusted(inset, inset, -inset, -inset))

    def _paint_mistakes(self, p: QPainter) -> None:
        if not self._mistakes:
            return
        c = self.cell_size()
        p.setBrush(Qt.BrushStyle.NoBrush)
        inset = max(1, c // 10)
        for r, col in self._mistakes:
            rect = self.cell_rect(r, col).adjusted(inset, inset, -inset, -inset)
            p.setPen(QPen(HALO, max(2, c // 7) + 2))
            p.drawEllipse(rect)
            p.setPen(QPen(OVERLAY_COLOR, max(2, c // 7)))
            p.drawEllipse(rect)

    def _paint_differing(self, p: QPainter) -> None:
        """The differing cells' dashed teal ring over a solid white one a pixel wider each
        side (the halo the mistake rings and step marks have): teal alone is lost on a teal or
        dark green cell, and the halo shows between its dashes on any colour."""
        c = self.cell_size()
        height, width = len(self._rows), len(self._cols)
        inset = max(2, c // 6)  # (paint_differing's)
        for r, col in self._differing:
            if not (0 <= r < height and 0 <= col < width):
                continue
            rect = self.cell_rect(r, col)
            if c >= DIFFERING_RING_CELL:
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.setPen(QPen(HALO, max(2, c // 10) + 2))
                p.drawEllipse(rect.adjusted(inset, inset, -inset, -inset))
            paint_differing(p, rect, c)

    # --- input ------------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position().toPoint())
        if not self.is_editable() or cell is None or self._before is not None:
            return
        button = event.button()
        if button not in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            return
        colour = self.current() if button == Qt.MouseButton.LeftButton else BACKGROUND
        self._stroke_bit = 1 << colour
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        self._stroke_toggles = self._pencil or shift
        r, c = cell
        self._stroke_adds = not self._sets[r][c] & self._stroke_bit
        self._before = self._sets  # (a stroke's before is the sets here)
        self._last = cell
        self._paint_cell(cell)
        self._cursor_to(cell)
        self._say(cell)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        before, self._before = self._before, None
        self._last = None
        if before is not None and before != self._sets:
            self.setsStroked.emit(before, self._sets)

    def _restore(self, before: CellSets) -> None:
        """Escape during a stroke: the cell sets it started from are shown again."""
        self.set_sets(self._palette, self._rows, self._cols, before)

    def _paint_cell(self, cell: Cell) -> None:
        """A stroke over ``cell`` (the editor grid's mouseMoveEvent follows it with this too):
        paint its colour, or toggle it in pencil."""
        r, c = cell
        old = self._sets[r][c]
        if not self._stroke_toggles:
            new = self._stroke_bit
        elif self._stroke_adds:
            new = old | self._stroke_bit
        else:
            new = old & ~self._stroke_bit or old  # never the empty set
        if new == old:
            return
        row = list(self._sets[r])
        row[c] = new
        sets = (*self._sets[:r], tuple(row), *self._sets[r + 1 :])
        self.set_sets(self._palette, self._rows, self._cols, sets)

    def _key_stroke(self, mark: str, shift: bool) -> None:
        """A key by hand on the cursor's cell, one stroke (:attr:`setsStroked`): Space (or
        Return) paints the colour picked, X the background, Delete and Backspace make the cell
        unknown again; in pencil mode (or with Shift held) Space and X mark that colour as
        possible or not instead, as a click does."""
        before = self._sets
        if mark == "clear":
            r, c = self._cursor
            if self._sets[r][c] != self.unknown_mask():
                row = list(self._sets[r])
                row[c] = self.unknown_mask()
                sets = (*self._sets[:r], tuple(row), *self._sets[r + 1 :])
                self.set_sets(self._palette, self._rows, self._cols, sets)
        else:
            r, c = self._cursor
            colour = self.current() if mark == "fill" else BACKGROUND
            self._stroke_bit = 1 << colour
            self._stroke_toggles = self._pencil or shift
            self._stroke_adds = not self._sets[r][c] & self._stroke_bit
            self._paint_cell(self._cursor)
        if before != self._sets:
            self.setsStroked.emit(before, self._sets)

    def _say(self, cell: Cell) -> None:
        r, c = cell
        cell_set = self._sets[r][c]
        if cell_set & (full := self.unknown_mask()) == full:
            what = "unknown"
        else:
            what = set_text(self._palette, cell_set)
        words = self.cell_status(cell, what)
        self._said = (cell, words)
        self.hovered.emit(words)

    def said(self) -> str:
        """The words this grid last said of a cell under the mouse or cursor ('' if none).
        It names no cell for :meth:`ColourGrid._say_again` (its words go to a line that also
        says other things): the view asks it to say the cell again where these words still
        stand (:meth:`say_again`)."""
        return "" if self._said is None else self._said[1]

    def say_again(self) -> None:
        """Say again the cell :meth:`said` named, as its set is now (after an undo or redo,
        the words said of it before stayed: 'Row 1, column 3: c2 — …' of a cell made unknown
        again); a cell no longer in the grid is said no more, and the words go."""
        if self._said is None:
            return
        (r, c), self._said = self._said[0], None
        if r < len(self._sets) and c < len(self._sets[r]):
            self._say((r, c))
        else:
            self.hovered.emit("")
