"""The colour editor's palette panel (:class:`PalettePanel`): every colour of the palette as a
swatch with its key and name, the current colour selected, and the buttons that ask to add,
remove, recolour or rename one.  The panel only shows and asks; the editor changes the palette
(with an undo step) and shows the result here.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from nonostudio.core.colour.model import BACKGROUND, Palette
from nonostudio.gui.grid.colour import colour_key, swatch


def entry_text(palette: Palette, index: int) -> str:
    """A palette row's text: its key (1-9), name and value; the background says so."""
    colour = palette[index]
    if index == BACKGROUND:
        return f"Background: {colour.name} ({colour.rgb})"
    key = f"{index}  " if index <= 9 else "    "
    return f"{key}{colour.name} ({colour.rgb})"


class _List(QListWidget):
    colourKey = Signal(int)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = colour_key(event)
        if key is None:
            super().keyPressEvent(event)
        else:
            self.colourKey.emit(key)


class PalettePanel(QWidget):
    """The palette's colours; the selected one is the colour the left button paints."""

    currentChanged = Signal(int)  # the palette index picked
    addRequested = Signal()
    removeRequested = Signal(int)
    recolourRequested = Signal(int)
    renameRequested = Signal(int)
    colourKey = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.list = _List()
        self.list.setAccessibleName("Palette")
        self.list.setToolTip(
            "Left click or Space paints the selected colour, right click or X the background; "
            "the arrows move the grid's cursor; keys 1-9 pick "
            "a colour"
        )
        self.add_button = QPushButton("&Add…")
        self.remove_button = QPushButton("Re&move")
        self.recolour_button = QPushButton("Re&colour…")
        self.rename_button = QPushButton("Re&name…")
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.hide()
        buttons = QGridLayout()
        buttons.addWidget(self.add_button, 0, 0)
        buttons.addWidget(self.remove_button, 0, 1)
        buttons.addWidget(self.recolour_button, 1, 0)
        buttons.addWidget(self.rename_button, 1, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("<b>Palette</b>"))
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.message)
        self.list.currentRowChanged.connect(self._on_row)
        self.list.colourKey.connect(self.colourKey)
        self.add_button.clicked.connect(self.addRequested)
        self.remove_button.clicked.connect(lambda: self.removeRequested.emit(self.current()))
        self.recolour_button.clicked.connect(lambda: self.recolourRequested.emit(self.current()))
        self.rename_button.clicked.connect(lambda: self.renameRequested.emit(self.current()))

    def set_palette(self, palette: Palette, current: int) -> None:
        """List ``palette`` with ``current`` selected (no currentChanged for it)."""
        blocked = self.list.blockSignals(True)
        try:
            self.list.clear()
            for index in range(len(palette)):
                item = QListWidgetItem(swatch(palette[index].rgb), entry_text(palette, index))
                item.setData(Qt.ItemDataRole.UserRole, index)
                self.list.addItem(item)
            self.list.setCurrentRow(current)
        finally:
            self.list.blockSignals(blocked)
        self._update_buttons(current)

    def current(self) -> int:
        return max(0, self.list.currentRow())

    def set_current(self, index: int) -> None:
        if 0 <= index < self.list.count():
            self.list.setCurrentRow(index)

    def show_message(self, text: str) -> None:
        """A line under the buttons (a refusal, what a change did); empty hides it."""
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def _on_row(self, row: int) -> None:
        if row >= 0:
            self._update_buttons(row)
            self.show_message("")
            self.currentChanged.emit(row)

    def _update_buttons(self, current: int) -> None:
        self.remove_button.setEnabled(current != BACKGROUND)
