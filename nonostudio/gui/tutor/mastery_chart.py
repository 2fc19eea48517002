"""The mastery chart: one bar per technique, its level (0..1, from
:func:`nonostudio.analysis.tutor.mastery.mastery`), the mastered threshold as a line, and
beside the bar the level as a number (what the bar shows), the trend (later events minus earlier
ones) as an arrow and the number of events.  (The number was the trend: after one wrong answer
the bar fell from 0.50 to 0.25 beside "+0.00 (1)", a single event having no trend.)  Drawn
with QPainter like the Difficulty panel's charts; it computes nothing itself."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QEvent, QRect, QSize, Qt
from PySide6.QtGui import QColor, QHelpEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.analysis.tutor.mastery import MASTERED, Mastery, mastery_note
from nonostudio.core.counts import count

ROW = 18
NAME_WIDTH = 120
TREND_WIDTH = 96
CHART_TIP = (
    "Level of each technique (the bar and the number): green is mastered, the dashed line the "
    "level that counts as mastered (it takes at least three right answers or moves: one or two "
    "are not enough); ▲/▼ is the trend, then the events"
)
"""The chart's tooltip; over a row it follows that technique's standing (:meth:`row_tip`)."""


class MasteryChart(QWidget):
    """Each technique's level as a bar, in catalogue (difficulty) order."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._levels: list[Mastery] = []
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
        self.setToolTip(CHART_TIP)

    def set_levels(self, levels: Mapping[str, Mastery], techniques: list[str]) -> None:
        """Show the ``techniques`` (ids, in this order) of ``levels``."""
        self._levels = [levels[t] for t in techniques if t in levels]
        self.setMinimumHeight(len(self._levels) * ROW + 8)
        self.updateGeometry()
        self.update()

    def levels(self) -> list[Mastery]:
        return list(self._levels)

    def sizeHint(self) -> QSize:
        return QSize(420, len(self._levels) * ROW + 8)

    def _name_width(self) -> int:
        metrics = self.fontMetrics()
        names = [
            BY_ID[m.technique].name if m.technique in BY_ID else m.technique for m in self._levels
        ]
        return max([NAME_WIDTH, *(metrics.horizontalAdvance(n) + 12 for n in names)])

    def _track(self, row: int) -> QRect:
        left = self._name_width()
        width = max(40, self.width() - left - TREND_WIDTH - 8)
        return QRect(left, 4 + row * ROW + 3, width, ROW - 6)

    def bar_rect(self, technique: str) -> QRect:
        """The bar of ``technique`` (empty when it is not shown)."""
        for row, m in enumerate(self._levels):
            if m.technique == technique:
                track = self._track(row)
                return QRect(
                    track.left(), track.top(), round(track.width() * m.level), track.height()
                )
        return QRect()

    def label(self, technique: str) -> str:
        """The words beside the bar of ``technique``: its level (the bar's length), the trend's
        arrow and the number of events (empty when it is not shown)."""
        for m in self._levels:
            if m.technique == technique:
                arrow = "▲" if m.trend > 0.02 else "▼" if m.trend < -0.02 else "•"
                return f"{m.level:.2f} {arrow} ({m.events})"
        return ""

    def row_tip(self, technique: str) -> str:
        """The tooltip of ``technique``'s row: its level, events and right ones, and its
        standing in words (:func:`~nonostudio.analysis.tutor.mastery.mastery_note`: mastered,
        not yet asked, or how many more right answers in a row would master it); empty when it
        is not shown."""
        for m in self._levels:
            if m.technique == technique:
                name = BY_ID[m.technique].name if m.technique in BY_ID else m.technique
                return (
                    f"{name}: level {m.level:.2f} from {count(m.events, 'event')}, "
                    f"{m.right} right; {mastery_note(m)}"
                )
        return ""

    def event(self, event: QEvent) -> bool:
        """A tooltip over a row says that technique's standing; elsewhere the chart's own."""
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            row = (event.pos().y() - 4) // ROW
            if 0 <= row < len(self._levels):
                tip = self.row_tip(self._levels[row].technique)
                QToolTip.showText(event.globalPos(), f"{tip}\n\n{CHART_TIP}", self)
                return True
        return super().event(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        pal = self.palette()
        text = pal.windowText().color()
        for row, m in enumerate(self._levels):
            track = self._track(row)
            name = BY_ID[m.technique].name if m.technique in BY_ID else m.technique
            painter.setPen(text)
            painter.drawText(
                QRect(0, track.top() - 3, track.left() - 6, ROW),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                name,
            )
            painter.fillRect(track, pal.alternateBase().color())
            colour = QColor("#3a9a4a") if m.mastered else QColor("#d08a2a")
            painter.fillRect(self.bar_rect(m.technique), colour)
            x = track.left() + round(track.width() * MASTERED)
            painter.setPen(QPen(text, 1, Qt.PenStyle.DashLine))
            painter.drawLine(x, track.top() - 2, x, track.bottom() + 2)
            painter.setPen(text)
            painter.drawText(
                QRect(track.right() + 6, track.top() - 3, TREND_WIDTH, ROW),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                self.label(m.technique),
            )
        painter.end()
