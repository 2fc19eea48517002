"""A dock's panel in a scroll area that scrolls up and down only, and is never narrower than the
panel: a short dock shows all of the panel by scrolling, a narrow one wraps its labels instead of
cutting them off at the right edge."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget


class DockScroll(QScrollArea):
    """Scrolls a dock's panel up and down only: the dock cannot be made narrower than the panel's
    minimum width, so its labels wrap instead of being cut off ("Clea…") at the right edge."""

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        panel = self.widget()
        if panel is None:
            return hint
        width = (
            panel.minimumSizeHint().width()
            + self.verticalScrollBar().sizeHint().width()
            + 2 * self.frameWidth()
        )
        return QSize(max(hint.width(), width), hint.height())


def scrolled(panel: QWidget) -> QScrollArea:
    """``panel`` in a frameless scroll area, so a short dock can still show all of it."""
    area = DockScroll()
    area.setWidget(panel)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    return area
