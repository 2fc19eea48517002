"""The colour Solve view's hint ladder panel: a colour hint given away one rung per press.

The rungs come from :func:`nonostudio.analysis.colour.hints.colour_hint_ladder` and have the
black-and-white ladder's titles and button labels (:mod:`nonostudio.gui.solve.hint_ladder`):
1 where to look, 2 which technique, 3 the premise, 4 the cells, 5 apply.  The view owns the state
changes; the panel only shows them.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from nonostudio.analysis.colour.hints import ColourHintLadder
from nonostudio.gui.solve.hint_ladder import (
    START_LABEL,
    hint_widgets,
    next_label,
    rungs_html,
    rungs_text,
)

#: The rungs' area grows to this many pixels, then scrolls.
MAX_RUNGS_HEIGHT = 130


class ColourHintPanel(QFrame):
    """Shows a :class:`ColourHintLadder`'s rungs up to the current one, and the button for the
    next."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName("Hint ladder")
        self._ladder: ColourHintLadder | None = None
        self._rung = -1
        self.button, self.text_label = hint_widgets()
        bottom = QHBoxLayout()  # last: the rungs grow upwards, the button stays put
        bottom.setContentsMargins(0, 0, 0, 0)
        bottom.addWidget(QLabel("<b>Hint</b>"))
        bottom.addStretch(1)
        bottom.addWidget(self.button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        # The rungs scroll within a few lines' height: the grid above keeps its room.
        self.text_area = QScrollArea()
        self.text_area.setWidget(self.text_label)
        self.text_area.setWidgetResizable(True)
        self.text_area.setFrameShape(QFrame.Shape.NoFrame)
        self.text_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout.addWidget(self.text_area)
        layout.addLayout(bottom)
        self.text_area.hide()

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
        self.text_area.show()
        self._fit_text()
        bar = self.text_area.verticalScrollBar()
        bar.setValue(bar.maximum())  # the rung just revealed
        self.button.setText(next_label(rung))

    def reset(self) -> None:
        """Drop the hint under way."""
        self._ladder, self._rung = None, -1
        self.button.setText(START_LABEL)
        self.text_label.clear()
        self.text_area.hide()

    def _fit_text(self) -> None:
        """As tall as the rungs need, up to :data:`MAX_RUNGS_HEIGHT` (then they scroll)."""
        width = self.text_area.viewport().width()
        width = width if width > 50 else 400
        need = self.text_label.heightForWidth(width) + 4
        self.text_area.setFixedHeight(max(20, min(MAX_RUNGS_HEIGHT, need)))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_text()

    def shown_text(self) -> str:
        """The revealed rungs as plain text, one per line (what a player reads)."""
        if self._ladder is None:
            return ""
        return rungs_text(self._ladder, self._rung)
