"""A puzzle's one-line fields (title, author, copyright, licence) kept on the editor's undo stack,
so that Edit ▸ Undo undoes typing in them as it undoes a stroke or a typed clue, in the order
they were made (:class:`FieldUndo`).  Typing on in the same field is one step; Undo and Redo
typed in a field go to the shared stack, not to the field's own history; :class:`StackKeys` does
the same for any other widget that types (the editor's size boxes)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QKeyEvent, QKeySequence, QUndoCommand, QUndoStack
from PySide6.QtWidgets import QAbstractSpinBox, QLineEdit, QWidget

FIELD_STEP_ID = 0x46_4C_44  # QUndoCommand.id() of a field's step: typing on in it merges


class FieldStep(QUndoCommand):
    """One field's text from ``before`` to ``after``; typing on in the same field is merged in."""

    def __init__(
        self, fields: FieldUndo, key: str, before: str, after: str, *, applied: bool
    ) -> None:
        super().__init__(f"{fields.label(key).lower()} change")
        self._fields, self.key, self.before, self.after = fields, key, before, after
        self._applied = applied  # the field already shows ``after`` (it was typed)

    def id(self) -> int:
        return FIELD_STEP_ID

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 (Qt's name)
        if not isinstance(other, FieldStep) or other.key != self.key:
            return False
        self.after = other.after
        self.setObsolete(self.after == self.before)  # typed back as it was: no step
        return True

    def redo(self) -> None:
        if self._applied:  # push() redoes: the field already holds the text typed
            self._applied = False
            return
        self._fields.show(self.key, self.after)

    def undo(self) -> None:
        self._fields.show(self.key, self.before)


class FieldUndo(QObject):
    """Puts each change of ``edits``' texts on ``stack`` as an undo step and calls ``changed``
    after every change, typed, undone or redone.  Whoever fills the fields without typing
    (opening a puzzle) calls :meth:`reset` after."""

    def __init__(
        self, edits: Mapping[str, QLineEdit], stack: QUndoStack, changed: Callable[[], None]
    ) -> None:
        super().__init__()
        self._edits = dict(edits)
        self._stack = stack
        self._changed = changed
        self._texts = {key: edit.text() for key, edit in self._edits.items()}
        for key, edit in self._edits.items():
            edit.textEdited.connect(lambda _text, k=key: self._typed(k))
        self._keys = StackKeys(stack, list(self._edits.values()))

    def label(self, key: str) -> str:
        return self._edits[key].accessibleName() or key

    def reset(self) -> None:
        """Take the fields' texts as they are now (filled, not typed): no undo step."""
        self._texts = {key: edit.text() for key, edit in self._edits.items()}

    def set_text(self, key: str, text: str) -> None:
        """Put ``text`` in field ``key`` as if typed there (one undo step)."""
        before = self._texts[key]
        if text != before:
            self._stack.push(FieldStep(self, key, before, text, applied=False))

    def show(self, key: str, text: str) -> None:
        """Put ``text`` in field ``key`` (an undo step's work)."""
        edit = self._edits[key]
        if edit.text() != text:
            edit.setText(text)
        self._texts[key] = text
        self._changed()

    def _typed(self, key: str) -> None:
        before, after = self._texts[key], self._edits[key].text()
        self._texts[key] = after
        if after != before:
            self._stack.push(FieldStep(self, key, before, after, applied=True))
        self._changed()


class StackKeys(QObject):
    """Undo and Redo typed in any of ``widgets`` undo and redo ``stack``, not the widget's own
    history (a line edit, or a spin box whose line edit would take the keys)."""

    def __init__(self, stack: QUndoStack, widgets: list[QWidget]) -> None:
        super().__init__()
        self._stack = stack
        for widget in widgets:
            widget.installEventFilter(self)
            if isinstance(widget, QAbstractSpinBox) and (edit := widget.lineEdit()) is not None:
                edit.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        """Undo and Redo typed in a watched widget undo and redo the shared stack."""
        kind = event.type()
        if kind in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress) and isinstance(
            event, QKeyEvent
        ):
            for key, act in (
                (QKeySequence.StandardKey.Undo, self._stack.undo),
                (QKeySequence.StandardKey.Redo, self._stack.redo),
            ):
                if event.matches(key):
                    event.accept()
                    if kind == QEvent.Type.KeyPress:
                        act()
                    return True
        return False
