"""The shape of the studio's settings dialogs: labelled fields over Cancel and one button that
accepts (OK, Save); fields that do not fit the screen scroll, the buttons stay in sight."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QPushButton,
    QScrollArea,
    QStyle,
    QVBoxLayout,
    QWidget,
)

Button = QDialogButtonBox.StandardButton
FRAME_ALLOWANCE = 48  # a window manager's title bar and borders around the dialog
SMALLEST_FIELDS = 200  # the fields' least height, in pixels, when they have to scroll


class FieldsScroll(QScrollArea):
    """The dialog's fields: as tall as they want to be, scrolling when the screen is shorter."""

    def __init__(self, content: QWidget) -> None:
        super().__init__()
        self._content = content
        self.setWidget(content)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setFocusPolicy(
            Qt.FocusPolicy.NoFocus
        )  # the first field takes the focus, not the scroll area

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return self._content.sizeHint()  # all of it, no scroll bar: what a dialog that fits shows

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        content = self._content.minimumSizeHint()
        height = min(content.height(), SMALLEST_FIELDS)
        return QSize(content.width(), height)

    def bar_width(self) -> int:
        """The width of the vertical scroll bar the fields get when they scroll."""
        return self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)


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
        """The form, then ``below`` one under the other (scrolling together when the screen is
        too short for them), then the buttons."""
        content = QWidget()
        fields = QVBoxLayout(content)
        fields.setContentsMargins(0, 0, 0, 0)
        fields.addLayout(self.form)
        for widget in below:
            fields.addWidget(widget)
        self.fields = FieldsScroll(content)
        layout = QVBoxLayout(self)
        layout.addWidget(self.fields)
        layout.addWidget(self.buttons)

    def fit_height(self, available: int) -> None:
        """Be as tall as the fields want but no taller than ``available`` pixels (a screen's
        free height), the fields then scrolling beside a bar they get room for; a dialog that
        fits keeps its size."""
        hint = self.sizeHint()
        if hint.height() <= self.height() <= available:
            return
        height = max(self.minimumSizeHint().height(), min(hint.height(), available))
        width = max(self.width(), hint.width())
        if height < hint.height():
            width += self.fields.bar_width()  # no sideways scrolling beside the bar
        self.resize(width, height)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        screen = self.screen()
        if screen is not None:
            self.fit_height(screen.availableGeometry().height() - FRAME_ALLOWANCE)
        super().showEvent(event)
