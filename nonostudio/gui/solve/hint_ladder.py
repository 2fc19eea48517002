"""The hint ladder panel of the Solve view: a hint given away one rung per press.

The rungs come from :func:`nonostudio.analysis.helping.hints.hint_ladder`: 1 where to look, 2 which
technique, 3 the premise, 4 the cells (the step explained), 5 apply.  The panel shows the newest
rung revealed, numbered, whole (each rung says more than the one before; the grid marks the
line; the label's tooltip holds every rung so far), and a button whose label says what the next
press gives (``Hint 1/5: where to look?`` … ``Apply the hint (5/5)``).  The Solve view owns the
state changes (when a ladder starts, when the position changes and the ladder is dropped); the
panel only shows them.  The panel holds the button; its ``text_label`` is laid out by its owner
(the Solve view puts it in the scrolled words beside the button, so the button stays put however
long the rungs get).
"""

from __future__ import annotations

import html
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QVBoxLayout, QWidget

from nonostudio.analysis.helping.hints import RUNGS, HintLadder, Ladder

RUNG_TITLES = ("Where", "Technique", "Premise", "Cells", "Applied")
NEXT_LABELS = (
    "Hint 1/5:\nwhere to look?",
    "Hint 2/5:\nwhich technique?",
    "Hint 3/5:\nwhy?",
    "Hint 4/5:\nwhich cells?",
    "Apply the hint\n(5/5)",
)
"""The button's label before each rung is shown (index = the rung the next press reveals), on
two lines: the button is 119 px wide, not 175 ("Hint 2/5: which technique?" on one line), so it
finds room in the grid's empty corner (Forever at 1280x690: 136 px) or leaves the words beside
it more width."""
START_LABEL = NEXT_LABELS[0]


def rungs_html(ladder: Ladder[Any], rung: int) -> str:
    """``ladder``'s rung ``rung``, numbered, under its title: the newest rung alone.  Shown under
    the rungs before it, in the few lines under the grid, it was scrolled to, the end of the rung
    before left on show above it (a stray "11."), and its own lines cut."""
    if not 0 <= rung < len(RUNGS):
        raise IndexError(f"a hint has rungs 0–{len(RUNGS) - 1}, not {rung}")
    text = html.escape(ladder.rung(rung))
    return f"<p style='margin:0'><b>{rung + 1}. {RUNG_TITLES[rung]}:</b> {text}</p>"


def next_label(rung: int) -> str:
    """The button's label once rung ``rung`` is shown (the last starts a new hint)."""
    return NEXT_LABELS[rung + 1] if rung + 1 < len(RUNGS) else START_LABEL


def rungs_text(ladder: Ladder[Any], rung: int) -> str:
    """``ladder``'s rungs 0 to ``rung`` as plain text, one per line (what a player reads)."""
    return "\n".join(f"{RUNG_TITLES[k]}: {ladder.rung(k)}" for k in range(rung + 1))


def hint_widgets() -> tuple[QPushButton, QLabel]:
    """A hint panel's button (it says what the next press gives) and the label of its rungs."""
    button = QPushButton()
    widest = 0
    for text in NEXT_LABELS:  # as wide whatever it says: the words beside do not re-wrap
        button.setText(text)
        widest = max(widest, button.sizeHint().width())
    button.setText(START_LABEL)
    button.setMinimumWidth(widest)
    button.setAccessibleName("Next hint")
    button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
    label = QLabel()
    label.setAccessibleName("Hint")
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return button, label


LadderT = TypeVar("LadderT", bound=Ladder[Any])


class RungsPanel(QFrame, Generic[LadderT]):
    """Shows a hint ladder's rungs up to the current one (in ``text_label``, which the owner lays
    out; its tooltip holds every rung so far), and the button for the next: the panel of both
    Solve views, black-and-white (:class:`HintLadderPanel`) and colour (``ColourHintPanel``)."""

    shown = Signal()  # the rungs shown changed (a rung more, or none)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setAccessibleName("Hint ladder")
        self._ladder: LadderT | None = None
        self._rung = -1  # the last rung shown (-1: none)
        self.button, self.text_label = hint_widgets()
        # The button is at the foot of the panel, and the rungs are shown elsewhere (scrolled
        # beside it): it stays under the mouse of a player pressing it again and again.
        column = QVBoxLayout(self)
        column.setContentsMargins(4, 2, 4, 2)
        column.addStretch(1)
        column.addWidget(self.button)
        self.text_label.hide()
        # the label's own width changes (the button's label beside it is wider or narrower
        # each rung): its least height follows, or a rung kept room for the lines it had at
        # the old width (Forever at 1280x690: 4 lines kept at 553 px, where it has 3)
        self.text_label.installEventFilter(self)

    def ladder(self) -> LadderT | None:
        return self._ladder

    def rung(self) -> int:
        """The last rung shown: 0 where … 4 applied; -1 when no hint is under way."""
        return self._rung

    def show_rung(self, ladder: LadderT, rung: int) -> None:
        """Show ``ladder``'s rungs 0 to ``rung``."""
        text = rungs_html(ladder, rung)  # (raises for a rung out of range)
        self._ladder, self._rung = ladder, rung
        self.text_label.setText(text)
        self.text_label.setToolTip(rungs_text(ladder, rung))  # every rung so far
        self.text_label.show()
        self._fit_text()
        self.button.setText(next_label(rung))
        self.shown.emit()

    def reset(self, message: str = "") -> None:
        """Drop the hint under way (the position changed); ``message`` is shown instead."""
        self._ladder, self._rung = None, -1
        self.button.setText(START_LABEL)
        self.text_label.setToolTip("")
        self.text_label.setText(html.escape(message))
        self.text_label.setVisible(bool(message))
        self._fit_text()
        self.shown.emit()

    def _fit_text(self) -> None:
        """Keep room for every line of the wrapped text (a wrapped label in a layout beside a
        stretching grid is otherwise squeezed to its first lines)."""
        width = self.text_label.width() if self.text_label.width() > 50 else 400
        self.text_label.setMinimumHeight(0)  # (heightForWidth is never below the minimum)
        self.text_label.setMinimumHeight(
            self.text_label.heightForWidth(width) if self.text_label.isVisible() else 0
        )

    def fit_text(self) -> None:
        """Keep room for every line of the wrapped rungs at the label's width (call on a resize
        of what holds the label)."""
        self._fit_text()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_text()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.text_label and event.type() == QEvent.Type.Resize:
            self._fit_text()
        return False

    def finished(self) -> bool:
        """Whether the last hint was applied (the next press starts a new one)."""
        return self._rung == len(RUNGS) - 1

    def shown_text(self) -> str:
        """The revealed rungs as plain text, one per line (the label shows the newest; its
        tooltip all of them)."""
        if self._ladder is None:
            return self.text_label.text() if self.text_label.isVisible() else ""
        return rungs_text(self._ladder, self._rung)


class HintLadderPanel(RungsPanel[HintLadder]):
    """Shows a :class:`HintLadder`'s rungs up to the current one (in ``text_label``, which the
    owner lays out), and the button for the next."""
