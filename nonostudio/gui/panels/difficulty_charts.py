"""Two small charts of the difficulty report, painted with QPainter from the palette: how often each
rule was used (horizontal bars) and how many cells each solving step decided (vertical bars)."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QSizePolicy, QWidget

from nonostudio.analysis.tracing.steps import RULE, Trace
from nonostudio.core.counts import count, number

BAR_GAP = 4
MAX_RULE_BARS = 8


def _muted(palette: QPalette) -> QColor:
    """Text colour halfway to the background: for axes and fallback bars in either scheme."""
    text, base = (
        palette.color(QPalette.ColorRole.WindowText),
        palette.color(QPalette.ColorRole.Window),
    )
    return QColor(
        (text.red() + base.red()) // 2,
        (text.green() + base.green()) // 2,
        (text.blue() + base.blue()) // 2,
    )


def steps_caption(steps: list[tuple[int, bool]]) -> str:
    """The words under the steps chart: what its two colours of bar are, with their counts (the
    grey ones were told only by a tooltip)."""
    if not steps:
        return ""
    beyond = sum(1 for _, by_rule in steps if not by_rule)
    if not beyond:
        return f"{count(len(steps), 'step')}, all by the rules."
    return (
        f"{count(len(steps), 'step')}: {number(len(steps) - beyond)} by the rules (coloured "
        f"bars), {number(beyond)} beyond them (grey bars: line logic, probes or search)."
    )


class RuleUsageChart(QWidget):
    """One bar per rule used, longest first: the rule's title and how many steps it made."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bars: list[tuple[str, int]] = []
        self.setAccessibleName("Rule usage chart")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_usage(self, uses: dict[str, int], titles: dict[str, str]) -> None:
        """Show ``uses`` (rule name → steps); the longest :data:`MAX_RULE_BARS` bars are drawn."""
        bars = sorted(
            ((titles.get(name, name), n) for name, n in uses.items() if n > 0),
            key=lambda bar: (-bar[1], bar[0]),
        )
        self._bars = bars[:MAX_RULE_BARS]
        self.setToolTip("\n".join(f"{title}: {number(n)}" for title, n in bars))
        self.updateGeometry()
        self.update()

    def bars(self) -> list[tuple[str, int]]:
        return list(self._bars)

    def _row_height(self) -> int:
        return self.fontMetrics().height() + BAR_GAP

    def sizeHint(self) -> QSize:
        return QSize(240, max(1, len(self._bars)) * self._row_height() + BAR_GAP)

    def minimumSizeHint(self) -> QSize:
        return QSize(120, self.sizeHint().height())

    def paintEvent(self, event: QPaintEvent) -> None:
        palette = self.palette()
        painter = QPainter(self)
        try:
            painter.setPen(palette.color(QPalette.ColorRole.WindowText))
            if not self._bars:
                painter.setPen(_muted(palette))
                painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "No rule used")
                return
            metrics = self.fontMetrics()
            label_width = min(
                self.width() // 2, max(metrics.horizontalAdvance(t) for t, _ in self._bars)
            )
            count_width = metrics.horizontalAdvance(number(self._bars[0][1])) + 2 * BAR_GAP
            room = max(1, self.width() - label_width - count_width - 2 * BAR_GAP)
            most = self._bars[0][1]
            row = self._row_height()
            for i, (title, n) in enumerate(self._bars):
                top = BAR_GAP // 2 + i * row
                text_rect = QRect(0, top, label_width, row - BAR_GAP)
                painter.drawText(
                    text_rect,
                    Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                    metrics.elidedText(title, Qt.TextElideMode.ElideRight, label_width),
                )
                length = max(2, round(room * n / most))
                bar = QRect(label_width + BAR_GAP, top + 1, length, row - BAR_GAP - 2)
                painter.fillRect(bar, palette.color(QPalette.ColorRole.Highlight))
                painter.drawText(
                    QRect(bar.right() + BAR_GAP, top, count_width, row - BAR_GAP),
                    Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                    number(n),
                )
        finally:
            painter.end()


class StepsChart(QWidget):
    """Cells decided by each step of the trace, in order: rule steps in the highlight colour,
    steps beyond the rules (line solver, probes, search) muted."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._steps: list[tuple[int, bool]] = []
        self.setAccessibleName("Cells per step chart")
        self.setMinimumHeight(70)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_trace(self, trace: Trace | None) -> None:
        self._steps = [] if trace is None else [(len(s.cells), s.kind == RULE) for s in trace.steps]
        rules = sum(1 for _, by_rule in self._steps if by_rule)
        self.setToolTip(
            f"{count(len(self._steps), 'step')}, {number(rules)} by rules, "
            f"{number(len(self._steps) - rules)} beyond them"
            if self._steps
            else ""
        )
        self.update()

    def steps(self) -> list[tuple[int, bool]]:
        """(cells decided, decided by a rule) for each step."""
        return list(self._steps)

    def sizeHint(self) -> QSize:
        return QSize(240, 90)

    def paintEvent(self, event: QPaintEvent) -> None:
        palette = self.palette()
        painter = QPainter(self)
        try:
            muted = _muted(palette)
            if not self._steps:
                painter.setPen(muted)
                painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "No steps")
                return
            area = self.rect().adjusted(2, 2, -2, -2)
            most = max(n for n, _ in self._steps) or 1
            count = len(self._steps)
            highlight = palette.color(QPalette.ColorRole.Highlight)
            for i, (n, by_rule) in enumerate(self._steps):
                left = area.left() + i * area.width() // count
                right = area.left() + (i + 1) * area.width() // count
                width = max(1, right - left - (1 if right - left > 3 else 0))
                height = max(1, round(area.height() * n / most))
                painter.fillRect(
                    QRect(left, area.bottom() - height + 1, width, height),
                    highlight if by_rule else muted,
                )
            painter.setPen(muted)
            painter.drawLine(area.bottomLeft(), area.bottomRight())
        finally:
            painter.end()
