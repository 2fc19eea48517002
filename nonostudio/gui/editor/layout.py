"""The puzzle editor's widgets and layout: the mode and size bar over the grid (with its status
line) beside the metadata form and the two clue editors.

Each builder sets the widgets it makes as attributes of the editor (``editor.draw_radio``,
``editor.rows_edit``, …), in the order the editor was always built, so focus order and layout
stay the same; :func:`build_editor` runs them all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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
    QVBoxLayout,
    QWidget,
)

from nonostudio.gui.common.clue_edit import ClueEdit, message_label
from nonostudio.gui.grid.scroll import GridScrollArea

if TYPE_CHECKING:
    from nonostudio.gui.editor.view import EditorView

MAX_SIZE = 999
META_FIELDS = (
    ("title", "Title"),
    ("author", "Author"),
    ("copyright", "Copyright"),
    ("licence", "Licence"),
)


def build_mode_bar(editor: EditorView) -> QHBoxLayout:
    """Draw or type clues, the size, and New puzzle."""
    editor.draw_radio = QRadioButton("&Draw picture")
    editor.draw_radio.setToolTip("Paint the solution; the clues follow the picture")
    editor.clues_radio = QRadioButton("&Type clues")
    editor.clues_radio.setToolTip(
        "Type the clues; the grid becomes scratch space. Switching back to drawing turns "
        "the scratch cells into the picture."
    )
    editor.mode_group = QButtonGroup(editor)
    editor.mode_group.addButton(editor.draw_radio)
    editor.mode_group.addButton(editor.clues_radio)
    editor.draw_radio.setChecked(True)
    editor.width_spin = QSpinBox(minimum=1, maximum=MAX_SIZE, value=10)
    editor.width_spin.setAccessibleName("Width")
    editor.height_spin = QSpinBox(minimum=1, maximum=MAX_SIZE, value=10)
    editor.height_spin.setAccessibleName("Height")
    for spin in (editor.width_spin, editor.height_spin):
        # Resize once the number is complete, not at each digit (typing 15 must not crop to 1).
        spin.setKeyboardTracking(False)
    editor.new_button = QPushButton("&New puzzle")
    editor.new_button.setToolTip("Start an empty puzzle of this size")

    bar = QHBoxLayout()
    bar.addWidget(editor.draw_radio)
    bar.addWidget(editor.clues_radio)
    bar.addSpacing(16)
    bar.addWidget(QLabel("Size"))
    bar.addWidget(editor.width_spin)
    bar.addWidget(QLabel("\u00d7"))
    bar.addWidget(editor.height_spin)
    bar.addWidget(editor.new_button)
    bar.addStretch(1)
    return bar


def build_picture_pane(editor: EditorView, bar: QHBoxLayout) -> QWidget:
    """The bar, the grid (it fits the space it has) and the grid's status line."""
    # The grid fits the space it has (zooming ends that; View → Fit to Window brings it back).
    editor.scroll = GridScrollArea(editor.grid)
    editor.status_label = QLabel()
    editor.status_label.setAccessibleName("Grid status")
    editor.grid.statusChanged.connect(editor.status_label.setText)
    editor.status_label.setText(editor.grid.status_text())

    left = QWidget()
    left_layout = QVBoxLayout(left)
    left_layout.setContentsMargins(0, 0, 0, 0)
    left_layout.addLayout(bar)
    left_layout.addWidget(editor.scroll, 1)
    left_layout.addWidget(editor.status_label)
    return left


def build_clue_pane(editor: EditorView) -> QWidget:
    """The metadata form, then the row and column clue editors with their messages."""
    editor.meta_edits = {}
    form = QFormLayout()
    for key, label in META_FIELDS:
        edit = QLineEdit()
        edit.setAccessibleName(label)
        editor.meta_edits[key] = edit
        form.addRow(f"{label}:", edit)
    editor.rows_edit = ClueEdit("Row clues")
    editor.cols_edit = ClueEdit("Column clues")
    editor.rows_message = message_label()
    editor.cols_message = message_label()
    editor.totals_message = message_label()
    editor.clue_hint = QLabel()
    editor.clue_hint.setWordWrap(True)

    right = QWidget()
    right_layout = QVBoxLayout(right)
    right_layout.setContentsMargins(0, 0, 0, 0)
    right_layout.addLayout(form)
    right_layout.addWidget(editor.clue_hint)
    right_layout.addWidget(QLabel("Row clues (top to bottom):"))
    right_layout.addWidget(editor.rows_edit, 1)
    right_layout.addWidget(editor.rows_message)
    right_layout.addWidget(QLabel("Column clues (left to right):"))
    right_layout.addWidget(editor.cols_edit, 1)
    right_layout.addWidget(editor.cols_message)
    right_layout.addWidget(editor.totals_message)
    return right


def build_editor(editor: EditorView) -> None:
    """Every widget of the editor: the picture pane beside the clue pane."""
    left = build_picture_pane(editor, build_mode_bar(editor))
    right = build_clue_pane(editor)
    splitter = QSplitter()
    splitter.addWidget(left)
    splitter.addWidget(right)
    splitter.setStretchFactor(0, 3)
    splitter.setStretchFactor(1, 1)
    layout = QVBoxLayout(editor)
    layout.setContentsMargins(4, 4, 4, 4)
    layout.addWidget(splitter)
