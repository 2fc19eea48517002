"""The shape of the studio's small settings dialogs: labelled fields over Cancel and one button
that accepts (OK, Save)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

Button = QDialogButtonBox.StandardButton


def check_box(text: str, checked: bool = False, tooltip: str = "") -> QCheckBox:
    """A check box reading ``text``, ticked or not, with an optional tooltip."""
    box = QCheckBox(text)
    box.setChecked(checked)
    if tooltip:
        box.setToolTip(tooltip)
    return box


class FormDialog(QDialog):
    """A dialog titled ``title``: its fields go into :attr:`form`, then :meth:`lay_out` puts the
    form, any widgets below it and the buttons in place."""

    def __init__(
        self, title: str, parent: QWidget | None = None, *, accept: Button = Button.Ok
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.form = QFormLayout()
        self.buttons = QDialogButtonBox(accept | Button.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._accept = accept

    def accept_button(self) -> QPushButton:
        """The button that accepts (disabled while the fields are not right)."""
        return self.buttons.button(self._accept)

    def lay_out(self, *below: QWidget) -> None:
        """The form, then ``below`` one under the other, then the buttons."""
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        for widget in below:
            layout.addWidget(widget)
        layout.addWidget(self.buttons)
