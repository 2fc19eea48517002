"""The Solve view's "Quick glance": a button that shows, under the words, the baseline network's
guess at the puzzle (:mod:`nonostudio.baselines.glance`) as a small picture with the cells it
gets wrong against the solution in red, and a sentence saying how many.  The panel exists only
where the baselines extra is installed; it stays hidden for puzzles no network ships for.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QToolButton, QVBoxLayout, QWidget

from nonostudio.baselines.glance import Glance, glance_text, quick_glance
from nonostudio.core.puzzle import Puzzle

CELL = 8  # pixels a cell of the small picture


class GlancePicture(QWidget):
    """The guess, a cell a small square: filled dark, wrong cells red."""

    def __init__(self) -> None:
        super().__init__()
        self._glance: Glance | None = None
        self.setAccessibleName("Quick glance picture")

    def set_glance(self, glance: Glance | None) -> None:
        self._glance = glance
        self.updateGeometry()
        self.update()

    def sizeHint(self) -> QSize:
        n = 0 if self._glance is None else len(self._glance.filled)
        return QSize(n * CELL + 1, n * CELL + 1)

    def paintEvent(self, event: QPaintEvent) -> None:
        glance = self._glance
        if glance is None:
            return
        painter = QPainter(self)
        wrong = glance.wrong if glance.wrong is not None else np.zeros_like(glance.filled)
        for (r, c), filled in np.ndenumerate(glance.filled):
            if wrong[r, c]:
                colour = QColor("#d04040") if filled else QColor("#f2b8b8")
            else:
                colour = QColor("#303030") if filled else QColor("#ffffff")
            painter.fillRect(c * CELL, r * CELL, CELL, CELL, colour)
        painter.setPen(QColor("#a0a0a0"))
        n = len(glance.filled)
        painter.drawRect(0, 0, n * CELL, n * CELL)
        painter.end()


class GlancePanel(QWidget):
    """The Quick glance button with, while it is down, the picture and the sentence."""

    def __init__(self) -> None:
        super().__init__()
        self.button = QToolButton()
        self.button.setText("Quick glance")
        self.button.setCheckable(True)
        self.button.setToolTip(
            "What a neural network guesses from the clues alone (Buades Rubio et al.), beside "
            "the solution; red: cells it gets wrong"
        )
        self.picture = GlancePicture()
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setAccessibleName("Quick glance")
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.picture, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.label, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 2)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addLayout(row)
        self._glance: Glance | None = None
        self.button.toggled.connect(lambda _on: self._show())
        self.show_for(None, None)

    def show_for(self, puzzle: Puzzle | None, solution: np.ndarray | None) -> None:
        """Guess ``puzzle`` (a fraction of a millisecond: no worker needed); hidden when no
        network ships for it."""
        self._glance = None if puzzle is None else quick_glance(puzzle, solution)
        self.setVisible(self._glance is not None)
        self._show()

    def glance(self) -> Glance | None:
        return self._glance

    def _show(self) -> None:
        on = self.button.isChecked() and self._glance is not None
        self.picture.set_glance(self._glance if on else None)
        self.picture.setVisible(on)
        self.label.setVisible(on)
        self.label.setText(glance_text(self._glance) if on and self._glance else "")
