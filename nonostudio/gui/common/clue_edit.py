"""Clue text editors: one clue per line, offending lines marked, messages shown underneath."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette, QTextCursor, QTextFormat
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QTextEdit, QWidget

MAX_MESSAGES = 4
# Problems are shown in a fixed red that reads on light and dark backgrounds alike.
PROBLEM_COLOR = QColor(200, 40, 40)


class ClueEdit(QPlainTextEdit):
    """One clue per line; lines with a problem are marked."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(name)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setTabChangesFocus(True)

    def mark_lines(self, indices: set[int]) -> None:
        tint = QColor(PROBLEM_COLOR)
        tint.setAlpha(70)
        selections = []
        for index in sorted(indices):
            block = self.document().findBlockByNumber(index)
            if not block.isValid():
                continue
            selection = QTextEdit.ExtraSelection()
            selection.format.setBackground(tint)
            selection.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
            selection.cursor = QTextCursor(block)
            selections.append(selection)
        self.setExtraSelections(selections)

    def set_text_keeping_view(self, text: str) -> None:
        if text != self.toPlainText():
            bar = self.verticalScrollBar().value()
            self.setPlainText(text)
            self.verticalScrollBar().setValue(bar)


def message_label() -> QLabel:
    """A hidden, word-wrapped label for problem messages."""
    label = QLabel()
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    palette = label.palette()
    palette.setColor(QPalette.ColorRole.WindowText, PROBLEM_COLOR)
    label.setPalette(palette)
    label.hide()
    return label


def show_messages(label: QLabel, messages: list[str]) -> None:
    """Show the first few messages (and how many more), or hide the label when there are none."""
    shown = messages[:MAX_MESSAGES]
    if len(messages) > MAX_MESSAGES:
        shown.append(f"\u2026 and {len(messages) - MAX_MESSAGES} more")
    label.setText("\n".join(shown))
    label.setVisible(bool(shown))
