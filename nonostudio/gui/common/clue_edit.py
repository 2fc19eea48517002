"""Clue text editors: one clue per line, offending lines marked, messages shown underneath.

A clue editor can keep its edits on a window's undo stack (:meth:`ClueEdit.share_undo`), so
that the Edit menu's Undo and Redo undo typed clues whatever widget has focus, in turn with
the other edits of the same puzzle.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import (
    QColor,
    QContextMenuEvent,
    QKeyEvent,
    QKeySequence,
    QPalette,
    QTextCursor,
    QTextDocument,
    QTextFormat,
    QUndoCommand,
    QUndoStack,
)
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QTextEdit, QWidget

MAX_MESSAGES = 4
# Problems are shown in a fixed red that reads on light and dark backgrounds alike.
PROBLEM_COLOR = QColor(200, 40, 40)


class TextStep(QUndoCommand):
    """One undo step of a clue editor's text, kept on a shared undo stack: undoing or redoing
    it undoes or redoes the text's own step (the text is already changed when it is pushed)."""

    def __init__(self, edit: ClueEdit) -> None:
        super().__init__(f"typing in {edit.accessibleName().lower()}")
        self._edit = edit
        self._pushed = False

    def redo(self) -> None:
        if not self._pushed:  # push() redoes: the text already holds this step
            self._pushed = True
            return
        QPlainTextEdit.redo(self._edit)

    def undo(self) -> None:
        QPlainTextEdit.undo(self._edit)


class ClueEdit(QPlainTextEdit):
    """One clue per line; lines with a problem are marked."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(name)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setTabChangesFocus(True)
        self._stack: QUndoStack | None = None

    def share_undo(self, stack: QUndoStack) -> None:
        """Keep each undo step of the text on ``stack`` too, and undo and redo through it (the
        keys and the context menu), so that the text's steps and ``stack``'s other steps are
        undone in the order they were made.  Whoever clears ``stack`` clears the text's own
        steps too (:meth:`clear_undo`)."""
        self._stack = stack
        self.share_document(self.document())

    def share_document(self, document: QTextDocument) -> None:
        """Keep each undo step of ``document`` (this edit's, now or once set in it) on the
        stack :meth:`share_undo` named, as a step of this edit."""
        stack = self._stack
        assert stack is not None, "share_undo names the stack first"
        document.undoCommandAdded.connect(lambda: stack.push(TextStep(self)))

    def clear_undo(self) -> None:
        """Forget the text's own undo steps (the shared stack was cleared)."""
        self.document().clearUndoRedoStacks()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        if self._stack is not None and not self.isReadOnly():
            if event.matches(QKeySequence.StandardKey.Undo):
                self._stack.undo()
                return
            if event.matches(QKeySequence.StandardKey.Redo):
                self._stack.redo()
                return
        super().keyPressEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:  # noqa: N802 (Qt's name)
        menu = self.createStandardContextMenu(event.pos())
        stack = self._stack
        if stack is not None:
            for action in menu.actions():
                name = action.objectName()
                if name in ("edit-undo", "edit-redo"):
                    undo = name == "edit-undo"
                    action.triggered.disconnect()
                    action.triggered.connect(stack.undo if undo else stack.redo)
                    action.setEnabled(
                        not self.isReadOnly() and (stack.canUndo() if undo else stack.canRedo())
                    )
        menu.exec(event.globalPos())
        menu.deleteLater()

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
