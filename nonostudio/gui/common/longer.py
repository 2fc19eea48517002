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

from PySide6.QtCore import QSize, QTimer, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QPushButton, QSizePolicy, QWidget

from nonostudio.gui.common.limits import duration, next_limit

FIT_DELAY_MS = 50  # the new words are fitted to the room this long after they are shown


class LongerButton(QPushButton):
    """The offer of a longer run, hidden until :meth:`offer_after` a run stopped by its time
    limit.  Clicked, it emits :attr:`startRequested` with the longer limit and reads "Stop
    <doing>" until the owner says how the run ended (:meth:`offer_after`, :meth:`drop`);
    clicked again, it emits :attr:`stopRequested` and offers the same limit again.

    It asks for the room of its words on one line but takes less: a narrow dock (1024x600) had
    the Check panel's "Keep checking, up to 1 mi" cut off at its edge, the panel grown wider
    than the dock; with less room the words go on two lines, broken after the comma."""

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
        self._held = False  # the offer is kept but not shown
        self._words = ""  # the button's words, on one line (the text may break them in two)
        # fits the words once the layouts have settled on the room they give them (a layout
        # pass a level at a time: the width may still be the one of the words before)
        self._fitter = QTimer(self, singleShot=True, interval=FIT_DELAY_MS)
        self._fitter.timeout.connect(self._fit)
        # (a push button is never narrower than its size hint; this one may be, to its minimum)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.hide()
        self.clicked.connect(self._clicked)

    def offered(self) -> float | None:
        """The longer time limit offered or running (None: none)."""
        return self._offered

    def words(self) -> str:
        """The button's words on one line (its text may break them in two to fit)."""
        return self._words

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

    def hold(self, held: bool) -> None:
        """Keep the offer but show no button (``held``), or show it again: a mode of the screen
        where a longer run means nothing to the person (solving by hand)."""
        self._held = held
        self.setVisible(self._offered is not None and not held)

    def running_text(self) -> str:
        """What the screen says while the longer run goes: "Checking for up to 1 minute…"."""
        limit = self._offered if self._offered is not None else 0.0
        return f"{self._doing[:1].upper()}{self._doing[1:]} for up to {duration(limit)}\u2026"

    def stopped_text(self) -> str:
        """What the screen adds to what it showed before, once the longer run is stopped."""
        return f"The longer {self._noun} was stopped."

    def with_stopped(self, text: str, sep: str = " ") -> str:
        """``text`` (what the screen showed before the longer run) with :meth:`stopped_text`
        after it, parted by ``sep`` (a label of rich text: ``<br>``); the note alone after no
        text."""
        return f"{text}{sep}{self.stopped_text()}" if text else self.stopped_text()

    def without_stopped(self, text: str, sep: str = " ") -> str:
        """``text`` less the note :meth:`with_stopped` put after it (a longer run stopped
        before), to be kept while another goes."""
        if text == self.stopped_text():
            return ""
        return text.removesuffix(f"{sep}{self.stopped_text()}")

    def sizeHint(self) -> QSize:
        """The room for the words on one line."""
        hint = super().sizeHint()
        width = self.fontMetrics().horizontalAdvance(self._words) + self._padding()
        return QSize(width, hint.height())

    def minimumSizeHint(self) -> QSize:
        """The room for the words on two lines, broken after the comma."""
        metrics = self.fontMetrics()
        lines = self._two_lines().split("\n")
        width = max(metrics.horizontalAdvance(line) for line in lines) + self._padding()
        return QSize(width, super().sizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _padding(self) -> int:
        """What the button takes beside its text's widest line (frame and margins)."""
        metrics = self.fontMetrics()
        widest = max(metrics.horizontalAdvance(line) for line in self.text().split("\n"))
        return super().sizeHint().width() - widest

    def _two_lines(self) -> str:
        head, comma, tail = self._words.partition(", ")
        return f"{head},\n{tail}" if comma else self._words

    def _say(self, words: str) -> None:
        """Show ``words`` on one line, broken in two once laid out if there is not the room."""
        self._words = words
        self.setText(words)
        self.updateGeometry()
        self._fitter.start()  # (the width may not change, with no resize event to fit them)

    def _fit(self) -> None:
        one_line = self.fontMetrics().horizontalAdvance(self._words) + self._padding()
        text = self._words if not self.isVisible() or self.width() >= one_line else None
        text = self._two_lines() if text is None else text
        if text != self.text():
            self.setText(text)
            self.updateGeometry()  # (the height of one line or two)

    def _show_offer(self, seconds: float | None) -> None:
        self._offered = seconds
        self._running = False
        self.setMinimumWidth(0)
        if seconds is None:
            self.hide()
            return
        self._say(f"Keep {self._doing}, up to {duration(seconds)}")
        self.setToolTip(
            f"{self._noun[:1].upper()}{self._noun[1:]} this puzzle again with a longer time "
            "limit; the studio stays usable meanwhile"
        )
        self.setVisible(not self._held)

    def _clicked(self) -> None:
        if self._running:
            self._show_offer(self._offered)
            self.stopRequested.emit()
            return
        if self._offered is None:
            return
        self._running = True
        self.setMinimumWidth(self.width())  # "Stop …" stays under the pointer, as wide
        self._say(f"Stop {self._doing}")
        self.setToolTip(f"Stop the longer {self._noun}; {self._stays}")
        self.startRequested.emit(self._offered)
