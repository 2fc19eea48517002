"""The rule editor's widgets (:class:`RuleEditorUi`): the draft bar, the rule text with its syntax
colouring, the syntax error line, the prove bar, the progress bar and the proof result.  The
editor (:mod:`nonostudio.gui.rules.editor`) connects them to what they do.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase, QPalette
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from nonostudio.gui.common.flow_layout import FlowLayout
from nonostudio.gui.rules.highlighter import RuleHighlighter
from nonostudio.gui.rules.line_picture import LinePicture

PARSE_DELAY_MS = 150
DEFAULT_MAX_LENGTH = 30


class RuleEditorUi:
    """Every widget of the rule editor, made and laid out on ``editor`` in the order that gives
    its focus order."""

    def __init__(self, editor: QWidget) -> None:
        draft_bar = self._make_draft_bar()
        self._make_text(editor.palette())
        prove_bar = self._make_prove_bar()
        layout = QVBoxLayout(editor)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(draft_bar)
        layout.addWidget(self.text_edit, 1)
        layout.addWidget(self.error_label)
        layout.addLayout(prove_bar)
        layout.addWidget(self.progress)  # a row of its own: the words on it have room
        layout.addWidget(self.progress_label)
        layout.addWidget(self.result_label)
        layout.addWidget(self.counterexample)

    def _make_draft_bar(self) -> QHBoxLayout:
        """The draft's status, *Revert…* and *Save to rule set…*."""
        self.draft_label = QLabel()
        self.draft_label.setAccessibleName("Draft status")
        self.draft_label.setWordWrap(True)
        self.revert_button = QPushButton("&Revert…")
        self.revert_button.setToolTip("Discard your changes and show the rule as its set has it")
        self.revert_button.hide()
        self.save_button = QPushButton("&Save to rule set…")
        self.save_button.setToolTip(
            "Save this rule into one of your own rule sets (a .rules "
            "file in your rules folder), offered in the Rules list"
        )
        draft_bar = QHBoxLayout()
        draft_bar.addWidget(self.draft_label, 1)
        draft_bar.addWidget(self.revert_button)
        draft_bar.addWidget(self.save_button)
        return draft_bar

    def _make_text(self, palette: QPalette) -> None:
        """The rule text with its syntax colouring and the syntax error line under it."""
        self.text_edit = QPlainTextEdit()
        self.text_edit.setAccessibleName("Rule text")
        self.text_edit.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text_edit.setPlaceholderText(
            "def my_rule:\n  with h = arbitrary(hint):\n  if ...:\n  then fill(true, ..., ...)"
        )
        self.highlighter = RuleHighlighter(self.text_edit.document(), palette)
        self.error_label = QLabel()
        self.error_label.setAccessibleName("Syntax error")
        self.error_label.setWordWrap(True)
        self.error_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

    def _make_prove_bar(self) -> FlowLayout:
        """The prove bar (length, *Prove*, Cancel: wrapped when the editor is narrow) and, hidden
        at first, the progress bar, its words, the result line and the counterexample picture."""
        self.length_spin = QSpinBox()
        self.length_spin.setRange(1, 60)
        self.length_spin.setValue(DEFAULT_MAX_LENGTH)
        self.length_spin.setAccessibleName("Longest line to prove")
        self.length_spin.setSuffix(" cells")
        self.length_spin.setToolTip("Prove the rule sound for every line up to this length")
        self.length_label = QLabel("Prove for lines up to")
        self.length_label.setBuddy(self.length_spin)
        self.length_label.setMinimumWidth(self.length_label.sizeHint().width())
        self.prove_button = QPushButton("&Prove")
        self.prove_button.setToolTip("Prove in the background that the rule never fills wrongly")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("Stop the proof now")
        self.cancel_button.hide()
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        self.progress.hide()
        self.progress_label = QLabel()  # the prover's words, wrapped, when the bar is narrow
        self.progress_label.setAccessibleName("Proof progress")
        self.progress_label.setWordWrap(True)
        self.progress_label.hide()
        self.result_label = QLabel()
        self.result_label.setAccessibleName("Proof result")
        self.result_label.setWordWrap(True)
        self.counterexample = LinePicture(cell=18)
        self.counterexample.hide()

        prove_bar = FlowLayout()
        for widget in (self.length_label, self.length_spin, self.prove_button, self.cancel_button):
            prove_bar.add(widget)
        return prove_bar
