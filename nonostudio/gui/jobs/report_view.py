"""The learning report on screen: the comparison table of ``learn report`` and a bar chart of it.

:func:`nonostudio.learn.choosing.report.learning_report` runs in the background; the chart puts each
coverage figure next to the paper's when the report was measured on the paper's own test set, and
charts ours alone on any other set (figures on different sets do not compare); painted from the
palette so both colour schemes work.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QFontDatabase, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QSplitter, QVBoxLayout, QWidget

from nonostudio.gui.common.workers import Progress, ShouldStop, Worker, run_in_background
from nonostudio.learn.choosing.report import PAPER, PAPER_SET, TOP, Report, learning_report
from nonostudio.rules.language.ast import Rule
from nonostudio.rules.measuring.coverage import Transition

Bar = tuple[str, int, int | None]


def chart_bars(report: Report) -> list[Bar]:
    """``(label, ours, paper's)`` coverage figures, in the order of the table; the paper's is
    None unless the report was measured on the paper's test set."""
    figures = [
        ("learned", report.learned, "learned"),
        ("control", report.control, "control"),
        ("union", report.union, "union"),
        (f"top {TOP} learned", report.top_learned.coverage, "top_learned"),
        (f"top {TOP} control", report.top_control.coverage, "top_control"),
    ]
    paper = report.on_paper_set
    return [(label, ours, int(PAPER[key]) if paper else None) for label, ours, key in figures]


def chart_caption(report: Report) -> str:
    """Which test set the chart's figures are measured on, and whether the paper's compare."""
    measured = (
        f"Cells filled of the {report.cells_to_fill} to fill on {report.transitions} test lines"
    )
    if report.on_paper_set:
        return f"{measured} (the paper's test set): here beside the paper's figures."
    return (
        f"{measured}. The paper measured on its own {PAPER_SET[0]} lines ({PAPER_SET[1]} cells), "
        "so its figures do not compare with these and are not charted."
    )


class CoverageChart(QWidget):
    """Grouped bars: for each figure, ours (highlight colour), beside the paper's (mid colour)
    when it has one."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bars: list[Bar] = []
        self.setMinimumHeight(160)
        self.setAccessibleName("Coverage chart")

    def set_bars(self, bars: Sequence[Bar]) -> None:
        self._bars = list(bars)
        self.setToolTip(
            "\n".join(
                f"{label}: {ours} here" + (f", {paper} in the paper" if paper is not None else "")
                for label, ours, paper in self._bars
            )
        )
        self.update()

    def bars(self) -> list[Bar]:
        return list(self._bars)

    def _series(self) -> tuple[str, ...]:
        return ("here", "paper") if any(p is not None for _, _, p in self._bars) else ("here",)

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
        series = self._series()
        peak = max(max(o, p or 0) for _, o, p in self._bars) or 1
        group_w = self.width() / len(self._bars)
        bar_w = max(2.0, group_w * 0.3)
        colours = (
            palette.color(QPalette.ColorRole.Highlight),
            palette.color(QPalette.ColorRole.Mid),
        )
        text = palette.color(QPalette.ColorRole.Text)
        for i, (label, ours, paper) in enumerate(self._bars):
            left = i * group_w + (group_w - len(series) * bar_w) / 2
            for j, value in enumerate((ours, paper)[: len(series)]):
                if value is None:
                    continue
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
        for j, name in enumerate(series):
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
        self.chart_caption = QLabel()
        self.chart_caption.setWordWrap(True)
        self.chart_caption.setAccessibleName("What the chart measures")
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
        layout.addWidget(self.chart_caption)
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
        self.chart_caption.setText(chart_caption(report))
        self.reportReady.emit(report)
