"""How long the GUI thread is held: a 10 ms timer that notes the longest wait between two of its
beats and the most CPU time the thread spent between two beats."""

from __future__ import annotations

import time

from PySide6.QtCore import QTimer


class Heartbeat:
    """The longest the GUI thread went without running a 10 ms timer (``longest``), and the most
    CPU time it spent between two beats (``busiest``); started when made, ``timer.stop()`` ends
    it."""

    def __init__(self) -> None:
        self.longest = self.busiest = 0.0
        self._last, self._cpu = time.monotonic(), time.thread_time()
        self.timer = QTimer(interval=10)
        self.timer.timeout.connect(self._beat)
        self.timer.start()

    def _beat(self) -> None:
        now, cpu = time.monotonic(), time.thread_time()
        self.longest = max(self.longest, now - self._last)
        self.busiest = max(self.busiest, cpu - self._cpu)
        self._last, self._cpu = now, cpu
