"""The learning report on screen: the comparison table of ``learn report`` and a bar chart of it.

:func:`nonostudio.learn.choosing.report.learning_report` runs in the background; the chart puts each
coverage figure next to the paper's, painted from the palette so both colour schemes work.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QFontDatabase, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QSplitter, QVBoxLayout, QWidget

from nonostudio.gui.common.workers import Progress, ShouldStop, Worker, run_in_background
from nonostudio.learn.choosing.report import PAPER, TOP, Report, learning_report
from nonostudio.rules.language.ast import Rule
from nonostudio.rules.measuring.coverage import Transition


def chart_bars(report: Report) -> list[tuple[str, int, int]]:
    """``(label, ours, paper's)`` coverage figures, in the order of the table."""
    return [
        ("learned", report.learned, int(PAPER["learned"])),
        ("control", report.control, int(PAPER["control"])),
        ("union", report.union, int(PAPER["union"])),
        (f"top {TOP} learned", report.top_learned.coverage, int(PAPER["top_learned"])),
        (f"top {TOP} control", report.top_control.coverage, int(PAPER["top_control"])),
    ]


class CoverageChart(QWidget):
    """Grouped bars: for each figure, ours (highlight colour) beside the paper's (mid colour)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bars: list[tuple[str, int, int]] = []
        self.setMinimumHeight(160)
        self.setAccessibleName("Coverage chart")

    def set_bars(self, bars: Sequence[tuple[str, int, int]]) -> None:
        self._bars = list(bars)
        self.setToolTip(
            "\n".join(
                f"{label}: {ours} here, {paper} in the paper" for label, ours, paper in self._bars
            )
        )
        self.update()

    def bars(self) -> list[tuple[str, int, int]]:
        return list(self._bars)

    def sizeHint(self) -> QSize:
        return QSize(480, 200)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        palette = self.palette()
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Base))
        if not self._bars:
            painter.setPen(palette.color(QPalette.ColorRole.PlaceholderText))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "No report yet.")
            return
        metrics = painter.fontMetrics()
        text_h = metrics.height()
        top, bottom = text_h + 6.0, self.height() - 2.0 * text_h - 6.0
        height = max(1.0, bottom - top)
        peak = max(max(o, p) for _, o, p in self._bars) or 1
        group_w = self.width() / len(self._bars)
        bar_w = max(2.0, group_w * 0.3)
        colours = (
            palette.color(QPalette.ColorRole.Highlight),
            palette.color(QPalette.ColorRole.Mid),
        )
        text = palette.color(QPalette.ColorRole.Text)
        for i, (label, ours, paper) in enumerate(self._bars):
            left = i * group_w + (group_w - 2 * bar_w) / 2
            for j, value in enumerate((ours, paper)):
                h = height * value / peak
                rect = QRectF(left + j * bar_w, bottom - h, bar_w - 1, h)
                painter.fillRect(rect, colours[j])
                painter.setPen(text)
                painter.drawText(
                    QRectF(rect.left() - 20, rect.top() - text_h - 2, bar_w + 40, text_h),
                    Qt.AlignmentFlag.AlignCenter,
                    str(value),
                )
            painter.setPen(text)
            painter.drawText(
                QRectF(i * group_w, bottom + 4, group_w, text_h),
                Qt.AlignmentFlag.AlignCenter,
                label,
            )
        legend_y = self.height() - text_h - 2.0
        for j, name in enumerate(("here", "paper")):
            x = 8.0 + j * 90
            painter.fillRect(QRectF(x, legend_y + 3, 12, text_h - 6), colours[j])
            painter.drawText(
                QRectF(x + 16, legend_y, 70, text_h),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                name,
            )


class ReportView(QWidget):
    """The comparison of a learned rule set with the control rules: chart above, table below."""

    reportReady = Signal(object)  # Report

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._worker: Worker | None = None
        self._report: Report | None = None
        self.status_label = QLabel("Compare a run's rules with the control rules: press Report.")
        self.status_label.setWordWrap(True)
        self.chart = CoverageChart()
        self.table = QPlainTextEdit(readOnly=True)
        self.table.setAccessibleName("Learning report")
        self.table.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.table.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.chart)
        splitter.addWidget(self.table)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.status_label)
        layout.addWidget(splitter, 1)

    def report(self) -> Report | None:
        return self._report

    def is_busy(self) -> bool:
        return self._worker is not None

    def compute(
        self, learned: Sequence[Rule], control: Sequence[Rule], transitions: Sequence[Transition]
    ) -> None:
        """Measure the report in the background (a report still being measured is dropped)."""
        self.cancel()
        learned, control, transitions = list(learned), list(control), list(transitions)

        def job(progress: Progress, should_stop: ShouldStop) -> Report:
            return learning_report(learned, control, transitions, progress=progress)

        self.status_label.setText(
            f"Measuring {len(learned)} learned rules on {len(transitions)} transitions…"
        )
        self._worker = run_in_background(
            job, on_result=self._done, on_error=self._failed, on_progress=self._progress
        )

    def cancel(self) -> None:
        if self._worker is not None:
            self._worker.cancel()
            self._worker = None

    def _mine(self) -> bool:
        return self._worker is not None and self.sender() is self._worker.signals

    def _progress(self, _fraction: float, message: str) -> None:
        if self._mine():
            self.status_label.setText(f"Measuring the {message}…")

    def _done(self, report: Report) -> None:
        if not self._mine():
            return
        self._worker = None
        self.show_report(report)

    def _failed(self, message: str) -> None:
        if self._mine():
            self._worker = None
            self.status_label.setText(f"The report could not be made: {message}")

    def show_report(self, report: Report) -> None:
        self._report = report
        self.status_label.setText(
            f"{report.learned_count} learned rules against {report.control_count} control rules."
        )
        self.table.setPlainText(report.table())
        self.chart.set_bars(chart_bars(report))
        self.reportReady.emit(report)
