"""The solve-by-hand timer: time spent on a puzzle, shown as ``m:ss`` and hideable by the player.

The time only runs while the player is solving (the Solve view starts and stops it); it carries
over the seconds saved with a library puzzle's progress (:meth:`HandTimer.set_seconds`).
"""

from __future__ import annotations

from PySide6.QtCore import QElapsedTimer, QTimer
from PySide6.QtWidgets import QLabel, QWidget


def clock_text(seconds: float) -> str:
    """``0:07``, ``12:30``, ``1:02:03``."""
    s = max(0, int(seconds))
    hours, rest = divmod(s, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class HandTimer(QLabel):
    """A label showing the time spent solving; ticks once a second while running."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Time spent solving")
        self.setToolTip("Time spent solving this puzzle by hand")
        self._base = 0.0
        self._clock = QElapsedTimer()
        self._tick = QTimer(self, interval=1000)
        self._tick.timeout.connect(self._show)
        self._show()

    def seconds(self) -> float:
        running = self._clock.elapsed() / 1000 if self._clock.isValid() else 0.0
        return self._base + running

    def set_seconds(self, seconds: float) -> None:
        """Start from ``seconds`` (e.g. saved progress); keeps running if it was."""
        self._base = max(0.0, float(seconds))
        if self._clock.isValid():
            self._clock.restart()
        self._show()

    def start(self) -> None:
        if not self._clock.isValid():
            self._clock.start()
            self._tick.start()
        self._show()

    def stop(self) -> None:
        if self._clock.isValid():
            self._base += self._clock.elapsed() / 1000
            self._clock.invalidate()
        self._tick.stop()
        self._show()

    def is_running(self) -> bool:
        return self._clock.isValid()

    def _show(self) -> None:
        self.setText(f"Time {clock_text(self.seconds())}")
