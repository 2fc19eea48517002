"""The puzzle editor's widgets and layout (:class:`EditorUi`): the mode and size bar over the grid
(with its status line; a cover hides the picture of a puzzle opened to be solved) beside the
metadata form and the two clue editors.  The editor connects them to what they do; the widgets
here only show.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QButtonGroup,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from nonostudio.core.formats._common import MAX_SIZE as FILE_MAX_SIZE
from nonostudio.gui.common.clue_edit import ClueEdit, message_label
from nonostudio.gui.common.elided_label import ElidedLabel
from nonostudio.gui.grid.scroll import GridScrollArea
from nonostudio.gui.grid.view import GridView

MAX_SIZE = FILE_MAX_SIZE
"""The widest and highest puzzle the editor takes: any the files hold (4096).  At 999 a
1000x1000 puzzle opened showed 999 x 999, and its unsaved work (the autosave's size from the
boxes, its cells 1000 a side) could not be restored: "damaged editor state"."""
META_FIELDS = (
    ("title", "Title"),
    ("author", "Author"),
    ("copyright", "Copyright"),
    ("licence", "Licence"),
)


class EditorUi:
    """Every widget of the puzzle editor, made and laid out on ``editor`` in the order that gives
    its focus order and layout: the picture pane beside the clue pane."""

    def __init__(self, editor: QWidget, grid: GridView) -> None:
        left = self._make_picture_pane(grid, self._make_mode_bar(editor))
        right = self._make_clue_pane()
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        layout = QVBoxLayout(editor)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(splitter)

    def _make_mode_bar(self, editor: QWidget) -> QHBoxLayout:
        """Draw or type clues, the size, and New puzzle."""
        self.draw_radio = QRadioButton("&Draw picture")
        self.draw_radio.setToolTip("Paint the solution; the clues follow the picture")
        self.clues_radio = QRadioButton("&Type clues")
        self.clues_radio.setToolTip(
            "Type the clues; the grid becomes scratch space. Switching back to drawing turns "
            "the scratch cells into the picture."
        )
        self.mode_group = QButtonGroup(editor)
        self.mode_group.addButton(self.draw_radio)
        self.mode_group.addButton(self.clues_radio)
        self.draw_radio.setChecked(True)
        self.width_spin = size_spin("Width")
        self.height_spin = size_spin("Height")
        self.new_button = QPushButton("&New puzzle")
        self.new_button.setToolTip("Start an empty puzzle of this size")
        self.clear_button = QPushButton("Clear grid")
        self.clear_button.setToolTip(
            "Empty every cell of the grid, keeping the size, title and the rest (one undo step)"
        )

        bar = QHBoxLayout()
        bar.addWidget(self.draw_radio)
        bar.addWidget(self.clues_radio)
        bar.addSpacing(16)
        bar.addWidget(QLabel("Size"))
        bar.addWidget(self.width_spin)
        bar.addWidget(QLabel("\u00d7"))
        bar.addWidget(self.height_spin)
        bar.addWidget(self.new_button)
        bar.addStretch(1)
        return bar

    def _make_picture_pane(self, grid: GridView, bar: QHBoxLayout) -> QWidget:
        """The bar, the grid (it fits the space it has) and the grid's status line."""
        # The grid fits the space it has (zooming ends that; View → Fit to Window brings it back).
        self.scroll = GridScrollArea(grid)
        self.status_label = ElidedLabel()  # its text never widens the window
        self.status_label.setAccessibleName("Grid status")
        grid.statusChanged.connect(self.status_label.setText)
        self.status_label.setText(grid.status_text())

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addLayout(bar)
        self.picture_stack = QStackedWidget()
        self.picture_stack.addWidget(self.scroll)
        self.picture_stack.addWidget(self._make_cover())
        left_layout.addWidget(self.picture_stack, 1)
        # What the marks of another picture (Check ▸ Show alternate solution) mean, while shown.
        self.alternate_note = QLabel()
        self.alternate_note.setWordWrap(True)
        self.alternate_note.setAccessibleName("Another picture")
        self.alternate_note.hide()
        left_layout.addWidget(self.alternate_note)
        # (Clear grid on the status line: in the bar above it widened the window past 1024)
        status_row = QHBoxLayout()
        status_row.addWidget(self.status_label, 1)
        status_row.addWidget(self.clear_button)
        left_layout.addLayout(status_row)
        return left

    def _make_cover(self) -> QWidget:
        """What shows instead of the grid while a puzzle's picture (its solution) is hidden."""
        self.cover_label = QLabel()
        self.cover_label.setWordWrap(True)
        self.cover_label.setAccessibleName("Picture hidden")
        self.reveal_button = QPushButton("Show the &picture")
        self.reveal_button.setToolTip("Show the solution picture, to look at it or edit it")
        cover = QWidget()
        layout = QVBoxLayout(cover)
        layout.addStretch(1)
        layout.addWidget(self.cover_label)
        layout.addWidget(self.reveal_button)
        layout.addStretch(2)
        return cover

    def _make_clue_pane(self) -> QWidget:
        """The metadata form, then the row and column clue editors with their messages."""
        self.meta_edits: dict[str, QLineEdit] = {}
        form = QFormLayout()
        for key, label in META_FIELDS:
            edit = QLineEdit()
            edit.setAccessibleName(label)
            # The whole text on hover: the pane is narrow, and a copyright line showed as
            # "© Copyright 20" at 1280x720 (its start kept in sight, the rest cut off).
            edit.textChanged.connect(edit.setToolTip)
            self.meta_edits[key] = edit
            form.addRow(f"{label}:", edit)
        self.rows_edit = ClueEdit("Row clues")
        self.cols_edit = ClueEdit("Column clues")
        self.rows_message = message_label()
        self.cols_message = message_label()
        self.totals_message = message_label()
        self.clue_hint = QLabel()
        self.clue_hint.setWordWrap(True)

        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addLayout(form)
        right_layout.addWidget(self.clue_hint)
        right_layout.addWidget(QLabel("Row clues (top to bottom):"))
        right_layout.addWidget(self.rows_edit, 1)
        right_layout.addWidget(self.rows_message)
        right_layout.addWidget(QLabel("Column clues (left to right):"))
        right_layout.addWidget(self.cols_edit, 1)
        right_layout.addWidget(self.cols_message)
        right_layout.addWidget(self.totals_message)
        return right


def size_spin(name: str) -> QSpinBox:
    """A width or height box: 1 to :data:`MAX_SIZE`, 10 at first, read once the number is
    complete (typing 15 must not crop to 1 first)."""
    spin = QSpinBox()
    spin.setRange(1, MAX_SIZE)
    spin.setValue(10)
    spin.setAccessibleName(name)
    spin.setKeyboardTracking(False)
    return spin
