"""What the panels that grade the edited puzzle share (:class:`GradingPanel`): the grade's label,
tier and explanation over a busy bar, and a grade run on the thread pool after a short pause in
editing, whose stale results are dropped; what is graded and how a grade is shown come with the
panel's :class:`GradeKind` (black and white or colour); :func:`busy_bar`, the check panel's bar
too.  A grade stopped by the time limit is offered again with a longer one
(:class:`~nonostudio.gui.common.longer.LongerButton`, "Keep grading, up to 1 minute"), which the
panel lays out as :attr:`GradingPanel.longer_button`; stopping it shows the grade before again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QProgressBar, QWidget

from nonostudio.gui.common.limits import duration
from nonostudio.gui.common.longer import LongerButton
from nonostudio.gui.common.workers import Job, Worker, run_in_background


def busy_bar() -> QProgressBar:
    """A thin bar without text, hidden, that moves while it has no range (work of no known
    length)."""
    bar = QProgressBar()
    bar.setMaximumHeight(12)
    bar.setTextVisible(False)
    bar.setRange(0, 0)
    bar.hide()
    return bar


@dataclass(frozen=True)
class GradeKind:
    """What a grading panel grades and how it shows a grade: the black-and-white and the colour
    Difficulty panels each give their own."""

    #: The grade of the puzzle on show, as a background job; None when there is nothing to grade.
    job: Callable[[], Job | None]
    #: Show a finished grade (only the current one is shown; a stale one is dropped).
    show: Callable[[Any], None]
    #: Whether a finished grade was stopped by its time limit (then a longer one is offered).
    timed_out: Callable[[Any], bool]


class GradingPanel(QWidget):
    """A debounced grade of the puzzle being edited: the panel lays out :attr:`label`,
    :attr:`tier_label`, :attr:`explanation_label` and :attr:`busy`; its ``kind`` makes the grade's
    job and shows the grade once it is known to be the current one."""

    def __init__(
        self, parent: QWidget | None, *, kind: GradeKind, delay_ms: int, time_limit: float
    ) -> None:
        if not isinstance(kind, GradeKind):
            raise TypeError(f"a grading panel needs a GradeKind, not {type(kind).__name__}")
        super().__init__(parent)
        self._kind = kind
        self._time_limit = time_limit
        self._run_limit = time_limit  # the grade's running or shown: the panel's, or longer
        self._graded: object = None  # what is graded or being graded (the same is not again)
        self._worker: Worker | None = None
        self._timer = QTimer(self, singleShot=True, interval=delay_ms)
        self._timer.timeout.connect(self._start)
        self.label = QLabel("No puzzle")
        font = QFont(self.label.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.4)
        self.label.setFont(font)
        self.label.setAccessibleName("Difficulty")
        self.label.setWordWrap(True)  # "Cannot load the rule set …" fits a narrow dock
        self.tier_label = QLabel()
        self.tier_label.setWordWrap(True)
        self.explanation_label = QLabel()
        self.explanation_label.setWordWrap(True)
        self.explanation_label.setAccessibleName("Difficulty explanation")
        self.explanation_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.busy = busy_bar()
        self.longer_button = LongerButton("grading", "grade", "the grade shown before stays")
        self.longer_button.startRequested.connect(self._start_longer)
        self.longer_button.stopRequested.connect(self._stop_longer)
        # what was shown before a longer grade (label, tier, explanation) and its time limit:
        # shown again if the longer grade is stopped
        self._before_longer = ("", "", "", time_limit)

    def limit_words(self) -> str:
        """The time limit of the grade running or shown, in words ("10 s", "1 minute")."""
        return duration(self._run_limit)

    def is_busy(self) -> bool:
        return self._timer.isActive() or self._worker is not None

    def cancel(self) -> None:
        """Stop a pending or running grade (its result is dropped); no longer one is offered."""
        self._timer.stop()
        self.longer_button.drop()
        if self._worker is not None:
            self._worker.cancel()
            self._worker = None
        self._graded = None
        self.busy.hide()

    def _start(self) -> None:
        """The grade after the pause in editing, with the panel's time limit."""
        self._run_limit = self._time_limit
        self._launch()

    def _launch(self) -> None:
        job = self._kind.job()
        if job is None:
            return
        self.busy.setRange(0, 0)  # until the job says how far it is
        self._worker = run_in_background(
            job, on_result=self._done, on_error=self._failed, on_progress=self._progressed
        )

    def _progressed(self, fraction: float, _message: str) -> None:
        """How far the grade is, on the busy bar (a job that says nothing leaves it moving)."""
        if self._is_current():
            self.busy.setRange(0, 100)
            self.busy.setValue(round(100 * fraction))

    def _done(self, result: object) -> None:
        if self._take_result():
            self._kind.show(result)
            self.longer_button.offer_after(self._run_limit, self._kind.timed_out(result))

    def _start_longer(self, seconds: float) -> None:
        """Grade the puzzle again within ``seconds`` (asked for on the longer button): the
        grade before stays on show, its time limit's words replaced by the longer grade's,
        until this one is known (cleared, the words above the button moved it from under the
        pointer that had just pressed it, at 1024x600)."""
        self._before_longer = (
            self.label.text(),
            self.longer_button.without_stopped(self.tier_label.text()),
            self.explanation_label.text(),
            self._run_limit,
        )
        self.tier_label.setText(self.longer_button.running_text())
        self.busy.show()
        self._run_limit = seconds
        self._launch()

    def _stop_longer(self) -> None:
        """The longer grade was stopped: the grade shown before it again, saying so."""
        if self._worker is not None:
            self._worker.cancel()
            self._worker = None
        self.busy.hide()
        label, tier, explanation, self._run_limit = self._before_longer
        self.label.setText(label)
        self.tier_label.setText(self.longer_button.with_stopped(tier))
        self.explanation_label.setText(explanation)

    def _show_message(self, title: str, detail: str) -> None:
        self.label.setText(title)
        self.tier_label.setText("")
        self.explanation_label.setText(detail)

    def _is_current(self) -> bool:
        return self._worker is not None and self.sender() is self._worker.signals

    def _take_result(self) -> bool:
        """Whether the signal being handled ends the grade still wanted (then the worker is done
        and the bar hidden); False for a stale one."""
        if not self._is_current():
            return False
        self._worker = None
        self.busy.hide()
        return True

    def _failed(self, message: str) -> None:
        if self._take_result():
            self._graded = None
            self.longer_button.drop()
            self._show_message("Cannot grade", message)
