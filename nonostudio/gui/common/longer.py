"""A solver run stopped by the studio's time limit (10 s, :mod:`~nonostudio.gui.common.limits`)
offered again with a longer one: :class:`LongerButton`, "Keep checking, up to 1 minute", then 5
minutes (:data:`~nonostudio.gui.common.limits.LONGER_LIMITS`), which is "Stop checking" while
that run goes. The screen that shows it (the Check panel, the Difficulty panels, the Solve view)
starts the run it is asked for, shows again what it showed before when the run is stopped, and
drops the offer when the puzzle changes; each gives its own words ("checking", "grading",
"solving").

The hardest puzzles need more than the studio's 10 s (Knotty, 40x40 with two solutions, under load),
and a person asks for the answer knowing it takes a while.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QPushButton, QWidget

from nonostudio.gui.common.limits import duration, next_limit


class LongerButton(QPushButton):
    """The offer of a longer run, hidden until :meth:`offer_after` a run stopped by its time
    limit.  Clicked, it emits :attr:`startRequested` with the longer limit and reads "Stop
    <doing>" until the owner says how the run ended (:meth:`offer_after`, :meth:`drop`);
    clicked again, it emits :attr:`stopRequested` and offers the same limit again."""

    #: Start the longer run with this time limit (seconds).
    startRequested = Signal(float)
    #: The person stopped the longer run: cancel it and show again what was shown before it.
    stopRequested = Signal()

    def __init__(self, doing: str, noun: str, stays: str, parent: QWidget | None = None) -> None:
        """``doing``: "checking"; ``noun``: what a run is called and asked for ("check");
        ``stays``: what stopping leaves ("the verdict stays undecided")."""
        super().__init__(parent)
        self._doing, self._noun, self._stays = doing, noun, stays
        self._offered: float | None = None
        self._running = False
        self.hide()
        self.clicked.connect(self._clicked)

    def offered(self) -> float | None:
        """The longer time limit offered or running (None: none)."""
        return self._offered

    def running(self) -> bool:
        """Whether the longer run asked for is going (the button stops it)."""
        return self._running

    def offer_after(self, limit: float, timed_out: bool) -> None:
        """A run with time ``limit`` ended, stopped by that limit (``timed_out``) or not: offer
        the next longer limit, or nothing."""
        self._show_offer(next_limit(limit) if timed_out else None)

    def drop(self) -> None:
        """Offer nothing (the puzzle changed, or the run failed)."""
        self._show_offer(None)

    def running_text(self) -> str:
        """What the screen says while the longer run goes: "Checking for up to 1 minute…"."""
        limit = self._offered if self._offered is not None else 0.0
        return f"{self._doing[:1].upper()}{self._doing[1:]} for up to {duration(limit)}\u2026"

    def stopped_text(self) -> str:
        """What the screen adds to what it showed before, once the longer run is stopped."""
        return f"The longer {self._noun} was stopped."

    def _show_offer(self, seconds: float | None) -> None:
        self._offered = seconds
        self._running = False
        if seconds is None:
            self.hide()
            return
        self.setText(f"Keep {self._doing}, up to {duration(seconds)}")
        self.setToolTip(
            f"{self._noun[:1].upper()}{self._noun[1:]} this puzzle again with a longer time "
            "limit; the studio stays usable meanwhile"
        )
        self.show()

    def _clicked(self) -> None:
        if self._running:
            self._show_offer(self._offered)
            self.stopRequested.emit()
            return
        if self._offered is None:
            return
        self._running = True
        self.setText(f"Stop {self._doing}")
        self.setToolTip(f"Stop the longer {self._noun}; {self._stays}")
        self.startRequested.emit(self._offered)
