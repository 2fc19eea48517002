"""Small pictures of one line: its hints, then one or more rows of cells with a marked range.

Used for a rule's example fills (before / after), a prover counterexample (before, the wrong
fill, the witness solution) and the strategy guide's pictures (a numbered ruler over the cells,
pushed placements, a contradiction's supposed cell and breaking cells).  Painted from the
palette, so light and dark schemes both work.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QImage, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from nonostudio.analysis.helping.guide_pictures import ruler_marks
from nonostudio.core.line import CROSSED, FILLED, cells_from_text
from nonostudio.gui.common.render import Colors, clue_font

# The same fixed warning colour as the grid's overlay: it must stand out in both schemes.
WRONG_COLOR = QColor(230, 90, 30)
MARK_NEW, MARK_WRONG = "new", "wrong"
MARK_PLACED, MARK_ASSUMED = "placed", "assumed"  # a pushed clue; a supposed cell


@dataclass(frozen=True)
class PictureRow:
    """One row of a line picture: a label, the cells (``-Ox`` text) and an optional marked range."""

    label: str
    cells: str
    mark: tuple[int, int] | None = None  # [start, end) in cells
    mark_kind: str = MARK_NEW  # MARK_NEW (cells a rule set) or MARK_WRONG (a fill that is wrong)
    more_marks: tuple[tuple[int, int], ...] = ()  # further marked ranges, drawn like ``mark``
    marks: tuple[tuple[int, int, str], ...] = ()  # ranges [start, end) each with its own kind
    hints: tuple[int, ...] | None = None  # this row's own hints (None: the picture's, on top)


def position_ranges(positions: Iterable[int]) -> list[tuple[int, int]]:
    """The ``[start, end)`` ranges of consecutive ``positions`` (taken in order)."""
    ranges: list[tuple[int, int]] = []
    for p in sorted(positions):
        if ranges and ranges[-1][1] == p:
            ranges[-1] = (ranges[-1][0], p + 1)
        else:
            ranges.append((p, p + 1))
    return ranges


def marked_ranges(before: str, after: str) -> tuple[tuple[int, int], ...]:
    """The ``[start, end)`` ranges of cells undecided in ``before`` and decided in ``after``
    (``-Ox`` texts of one line): the cells a move decided, to mark in its picture."""
    decided = (i for i, (b, a) in enumerate(zip(before, after, strict=True)) if b == "-" != a)
    return tuple(position_ranges(decided))


@dataclass(frozen=True)
class _Geometry:
    cell: int
    label_width: int
    hints_width: int
    margin: int
    ruler: int = 0  # the height of the cell numbers over the first row

    def row_top(self, k: int) -> int:
        return self.margin + self.ruler + k * (self.cell + self.margin)

    def cells_left(self) -> int:
        return self.margin + self.label_width + self.hints_width


def _geometry(
    hints: Sequence[int], rows: Sequence[PictureRow], cell: int, ruler: bool = False
) -> _Geometry:
    font_metrics = QFontMetrics(_font(cell))
    label_width = max((font_metrics.horizontalAdvance(r.label) for r in rows), default=0)
    hint_width = max(
        [font_metrics.horizontalAdvance(_hint_text(hints))]
        + [font_metrics.horizontalAdvance(_hint_text(r.hints)) for r in rows if r.hints is not None]
    )
    return _Geometry(
        cell=cell,
        label_width=label_width + (cell // 2 if label_width else 0),
        hints_width=hint_width + cell // 2,
        margin=max(2, cell // 4),
        ruler=QFontMetrics(_ruler_font(cell)).height() + 2 if ruler else 0,
    )


def _ruler_font(cell: int) -> QFont:
    font = QFont()
    font.setPixelSize(max(7, round(cell * 0.55)))
    return font


def _hint_text(hints: Sequence[int]) -> str:
    return "(" + " ".join(map(str, hints)) + ")" if hints else "(0)"


def _font(cell: int) -> QFont:
    return clue_font(cell, "00")


def picture_size(
    hints: Sequence[int], rows: Sequence[PictureRow], cell: int = 16, ruler: bool = False
) -> QSize:
    g = _geometry(hints, rows, cell, ruler)
    width = max((len(r.cells) for r in rows), default=0)
    return QSize(g.cells_left() + width * cell + g.margin, g.row_top(len(rows)))


def paint_line_picture(
    painter: QPainter,
    hints: Sequence[int],
    rows: Sequence[PictureRow],
    colors: Colors,
    highlight: QColor,
    cell: int = 16,
    ruler: bool = False,
) -> None:
    """Paint the rows at the painter's origin: the hints before the first row (and before a
    row with hints of its own), labels on the left; with ``ruler``, the cells numbered from 1
    above the first row (every cell, or every fifth on a long line, a tick over the others)."""
    g = _geometry(hints, rows, cell, ruler)
    if ruler:
        _paint_ruler(painter, g, max((len(r.cells) for r in rows), default=0), colors)
    painter.setFont(_font(cell))
    for k, row in enumerate(rows):
        top = g.row_top(k)
        painter.setPen(colors.ink)
        if row.label:
            painter.drawText(
                QRect(g.margin, top, g.label_width, cell),
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                row.label,
            )
        if k == 0 or row.hints is not None:
            painter.drawText(
                QRect(g.margin + g.label_width, top, g.hints_width - cell // 4, cell),
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                _hint_text(hints if row.hints is None else row.hints),
            )
        _paint_cells(painter, g.cells_left(), top, row, colors, highlight, cell)


def _paint_ruler(painter: QPainter, g: _Geometry, n: int, colors: Colors) -> None:
    painter.save()
    painter.setFont(_ruler_font(g.cell))
    painter.setPen(colors.ink)
    left = g.cells_left()
    for i, mark in enumerate(ruler_marks(n)):
        x = left + i * g.cell
        if mark == "·":  # a tick
            painter.drawLine(
                QPointF(x + g.cell / 2, g.margin + g.ruler - 4),
                QPointF(x + g.cell / 2, g.margin + g.ruler - 1),
            )
        else:
            painter.drawText(
                QRect(x - g.cell, g.margin, 3 * g.cell, g.ruler),
                Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom,
                mark,
            )
    painter.restore()


def _paint_cells(
    painter: QPainter,
    left: int,
    top: int,
    row: PictureRow,
    colors: Colors,
    highlight: QColor,
    cell: int,
) -> None:
    values = cells_from_text(row.cells)
    n = len(values)
    painter.fillRect(QRect(left, top, n * cell, cell), colors.paper)
    cross_pen = QPen(colors.cross, max(1.0, cell / 10))
    inset = cell * 0.28
    placed = {p for start, end, kind in row.marks if kind == MARK_PLACED for p in range(start, end)}
    for i, value in enumerate(values):
        box = QRect(left + i * cell, top, cell, cell)
        if value == FILLED:
            painter.fillRect(box, highlight if i in placed else colors.ink)
        elif value == CROSSED:
            painter.setPen(cross_pen)
            r = QRectF(box).adjusted(inset, inset, -inset, -inset)
            painter.drawLine(r.topLeft(), r.bottomRight())
            painter.drawLine(r.topRight(), r.bottomLeft())
    painter.setPen(QPen(colors.line, 1))
    for i in range(n + 1):
        x = left + i * cell
        painter.drawLine(QPointF(x, top), QPointF(x, top + cell))
    painter.drawLine(QPointF(left, top), QPointF(left + n * cell, top))
    painter.drawLine(QPointF(left, top + cell), QPointF(left + n * cell, top + cell))
    colour = WRONG_COLOR if row.mark_kind == MARK_WRONG else highlight
    for start, end in row.more_marks:
        start, end = max(0, start), min(n, end)
        if end > start:
            painter.setPen(QPen(colour, max(2, cell // 6)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRect(left + start * cell, top, (end - start) * cell, cell))
    for start, end, kind in row.marks:
        start, end = max(0, start), min(n, end)
        if end <= start or kind == MARK_PLACED:
            continue
        pen = QPen(WRONG_COLOR if kind == MARK_WRONG else highlight, max(2, cell // 6))
        if kind == MARK_ASSUMED:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(QRect(left + start * cell, top, (end - start) * cell, cell))
    if row.mark is not None:
        start, end = max(0, row.mark[0]), min(n, row.mark[1])
        if end > start:
            painter.setPen(QPen(colour, max(2, cell // 6)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRect(left + start * cell, top, (end - start) * cell, cell))
        else:  # an empty or outside fill: a bar at the edge where it points
            x = left + min(max(row.mark[0], 0), n) * cell
            painter.setPen(QPen(colour, max(2, cell // 6)))
            painter.drawLine(QPointF(x, top - 2), QPointF(x, top + cell + 2))


def line_picture_image(
    hints: Sequence[int],
    rows: Sequence[PictureRow],
    palette: QPalette,
    cell: int = 16,
    ruler: bool = False,
) -> QImage:
    """The picture as an image in the palette's colours."""
    size = picture_size(hints, rows, cell, ruler)
    image = QImage(size, QImage.Format.Format_ARGB32)
    image.fill(palette.color(QPalette.ColorRole.Window))
    painter = QPainter(image)
    try:
        paint_line_picture(
            painter,
            hints,
            rows,
            Colors.from_palette(palette),
            palette.color(QPalette.ColorRole.Highlight),
            cell,
            ruler,
        )
    finally:
        painter.end()
    return image


SHRINK_MIN_CELL = 6
"""The smallest cell a shrinking :class:`LinePicture` is drawn with (its numbers still read)."""


class LinePicture(QWidget):
    """A widget showing one line picture at a fixed cell size (``ruler``: the cells numbered
    from 1 above it); with ``shrink``, at that size or smaller (down to ``SHRINK_MIN_CELL``)
    to fit the width it is given: a 25-cell line of a real example in the Rules tab's details,
    at 1280x720, made the pane scroll sideways and cut every sentence at its right edge."""

    def __init__(
        self,
        cell: int = 16,
        parent: QWidget | None = None,
        *,
        ruler: bool = False,
        shrink: bool = False,
    ) -> None:
        super().__init__(parent)
        self._cell = cell
        self._ruler = ruler
        self._shrink = shrink
        self._hints: tuple[int, ...] = ()
        self._rows: tuple[PictureRow, ...] = ()
        if shrink:
            policy = QSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
            policy.setHeightForWidth(True)
            self.setSizePolicy(policy)
        else:
            self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def set_line(self, hints: Sequence[int], rows: Sequence[PictureRow]) -> None:
        self._hints, self._rows = tuple(hints), tuple(rows)
        self.setAccessibleDescription(
            f"hints {_hint_text(self._hints)}; "
            + "; ".join(f"{r.label} {r.cells}".strip() for r in self._rows)
        )
        if self._shrink:
            self.updateGeometry()
        else:
            self.setFixedSize(self.sizeHint())
        self.update()

    def cell_for(self, width: int) -> int:
        """The cell size the picture is drawn with in ``width`` pixels."""
        if not self._shrink:
            return self._cell
        least = min(self._cell, SHRINK_MIN_CELL)
        for cell in range(self._cell, least, -1):
            if picture_size(self._hints, self._rows, cell, self._ruler).width() <= width:
                return cell
        return least

    def cell(self) -> int:
        """The cell size it is drawn with now."""
        return self.cell_for(self.width())

    def minimumSizeHint(self) -> QSize:
        if not self._shrink:
            return super().minimumSizeHint()
        return picture_size(self._hints, self._rows, min(self._cell, SHRINK_MIN_CELL), self._ruler)

    def hasHeightForWidth(self) -> bool:
        return self._shrink

    def heightForWidth(self, width: int) -> int:
        if not self._shrink:
            return super().heightForWidth(width)
        cell = self.cell_for(width)
        return picture_size(self._hints, self._rows, cell, self._ruler).height()

    def rows(self) -> tuple[PictureRow, ...]:
        return self._rows

    def hints(self) -> tuple[int, ...]:
        return self._hints

    def sizeHint(self) -> QSize:
        return picture_size(self._hints, self._rows, self._cell, self._ruler)

    def paintEvent(self, event: QPaintEvent) -> None:
        palette = self.palette()
        painter = QPainter(self)
        try:
            paint_line_picture(
                painter,
                self._hints,
                self._rows,
                Colors.from_palette(palette),
                palette.color(QPalette.ColorRole.Highlight),
                self.cell(),
                self._ruler,
            )
        finally:
            painter.end()
