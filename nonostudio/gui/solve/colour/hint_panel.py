"""The colour Solve view's hint ladder panel: a colour hint given away one rung per press.

The rungs come from :func:`nonostudio.analysis.colour.hints.colour_hint_ladder` and have the
black-and-white ladder's titles and button labels (:mod:`nonostudio.gui.solve.hint_ladder`):
1 where to look, 2 which technique, 3 the premise, 4 the cells, 5 apply.  The panel holds the
button; its ``text_label`` is laid out by its owner (in the scrolled words under the grid, beside
the button: the grid keeps its size however long the rungs get).  The view owns the state
changes; the panel only shows them.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QVBoxLayout, QWidget

from nonostudio.analysis.colour.hints import ColourHintLadder
from nonostudio.gui.solve.hint_ladder import (
    START_LABEL,
    hint_widgets,
    next_label,
    rungs_html,
    rungs_text,
)


class ColourHintPanel(QFrame):
    """Shows a :class:`ColourHintLadder`'s rungs up to the current one (in ``text_label``, which
    the owner lays out), and the button for the next."""

    shown = Signal()  # the rungs shown changed (a rung more, or none)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setAccessibleName("Hint ladder")
        self._ladder: ColourHintLadder | None = None
        self._rung = -1
        self.button, self.text_label = hint_widgets()
        # The button at the foot of the panel stays under the mouse of a player pressing it
        # again and again; the rungs are shown beside it.
        column = QVBoxLayout(self)
        column.setContentsMargins(4, 2, 4, 2)
        column.addStretch(1)
        column.addWidget(self.button)
        self.text_label.hide()

    def ladder(self) -> ColourHintLadder | None:
        return self._ladder

    def rung(self) -> int:
        """The last rung shown: 0 where … 4 applied; -1 when no hint is under way."""
        return self._rung

    def show_rung(self, ladder: ColourHintLadder, rung: int) -> None:
        """Show ``ladder``'s rungs 0 to ``rung``."""
        text = rungs_html(ladder, rung)  # (raises for a rung out of range)
        self._ladder, self._rung = ladder, rung
        self.text_label.setText(text)
        self.text_label.show()
        self._fit_text()
        self.button.setText(next_label(rung))
        self.shown.emit()

    def reset(self) -> None:
        """Drop the hint under way."""
        self._ladder, self._rung = None, -1
        self.button.setText(START_LABEL)
        self.text_label.clear()
        self.text_label.hide()
        self._fit_text()
        self.shown.emit()

    def _fit_text(self) -> None:
        """Keep room for every line of the wrapped rungs (a wrapped label in a scrolled layout
        is otherwise squeezed to its first lines)."""
        width = self.text_label.width() if self.text_label.width() > 50 else 400
        self.text_label.setMinimumHeight(0)  # (heightForWidth is never below the minimum)
        self.text_label.setMinimumHeight(
            self.text_label.heightForWidth(width) if self.text_label.isVisible() else 0
        )

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_text()

    def shown_text(self) -> str:
        """The revealed rungs as plain text, one per line (what a player reads)."""
        if self._ladder is None:
            return ""
        return rungs_text(self._ladder, self._rung)
