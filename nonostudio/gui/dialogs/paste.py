"""The Paste Puzzle String dialog: a wrapping text box that keeps what was typed when it is wrong.

OK hands the text to a reader (``read(text) -> Puzzle``); a :class:`PuzzleError` leaves the dialog
open with the text as typed, the message under the box and the offending place selected (the
line and column the error names, or the whole line when it names only a line).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QTextCursor, QTextOption
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from nonostudio.core.errors import PuzzleError
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.clue_edit import message_label

PROMPT = "Puzzle string (rows-columns, e.g. 1:1,1-2:1:1) or Simon Tatham game id:"


def error_span(text: str, error: PuzzleError) -> tuple[int, int] | None:
    """Where in ``text`` the error points, as ``(start, end)`` character positions.

    ``text`` is what the user typed; the reader saw it without leading and trailing white space,
    so the error's 1-based line and column are shifted back by what was stripped.  With a column
    the span runs to the end of that token (up to a separator); with only a line it is the whole
    line; None when the error names no line or it lies outside the text.
    """
    if error.line is None:
        return None
    lead = text[: len(text) - len(text.lstrip())]
    line_index = lead.count("\n") + error.line - 1
    lines = text.split("\n")
    if not 0 <= line_index < len(lines):
        return None
    start_of_line = sum(len(line) + 1 for line in lines[:line_index])
    line = lines[line_index]
    if error.column is None:
        stripped = len(line) - len(line.lstrip())
        return start_of_line + stripped, start_of_line + len(line.rstrip())
    column = error.column - 1
    if error.line == 1:
        column += len(lead) - (lead.rfind("\n") + 1)
    column = min(max(column, 0), len(line))
    end = column
    while end < len(line) and line[end] not in ":,-/ \t":
        end += 1
    return start_of_line + column, start_of_line + max(end, min(column + 1, len(line)))


class PasteDialog(QDialog):
    """Type or paste a puzzle; stays open with the text and a pointed-at mistake until it reads."""

    def __init__(
        self, read: Callable[[str], Puzzle], text: str = "", parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Paste Puzzle String")
        self._read = read
        self._puzzle: Puzzle | None = None
        self.edit = QPlainTextEdit()
        self.edit.setAccessibleName("Puzzle string")
        self.edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.edit.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        self.edit.setPlainText(text)
        self.edit.textChanged.connect(self._on_text_changed)
        self.message = message_label()
        self.message.setAccessibleName("Problem")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        layout = QVBoxLayout(self)
        prompt = QLabel(PROMPT)
        prompt.setWordWrap(True)
        layout.addWidget(prompt)
        layout.addWidget(self.edit, 1)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self.resize(560, 300)
        self._on_text_changed()

    def puzzle(self) -> Puzzle | None:
        """The puzzle read when the dialog was accepted."""
        return self._puzzle

    def text(self) -> str:
        return self.edit.toPlainText()

    def _on_text_changed(self) -> None:
        self.ok_button.setEnabled(bool(self.text().strip()))

    def accept(self) -> None:
        """Read the text; on an error stay open, say what is wrong and select where."""
        text = self.text()
        if not text.strip():
            return
        try:
            self._puzzle = self._read(text)
        except PuzzleError as exc:
            self.show_error(text, exc)
            return
        super().accept()

    def show_error(self, text: str, error: PuzzleError) -> None:
        self.message.setText(str(error))
        self.message.show()
        span = error_span(text, error)
        cursor = self.edit.textCursor()
        if span is not None:
            cursor.setPosition(span[0])
            cursor.setPosition(span[1], QTextCursor.MoveMode.KeepAnchor)
            self.edit.setTextCursor(cursor)
            self.edit.ensureCursorVisible()
        self.edit.setFocus()
