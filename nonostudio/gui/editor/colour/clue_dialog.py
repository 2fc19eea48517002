"""The colour editor's *Type clues* dialog (:class:`ColourClueDialog`): the row and column clues
as text, one a line (``3r 1b``: each block's length and its colour's letter, the letters listed
above them), read back by :func:`nonostudio.core.colour.clue_text.read_clue_lines`.  OK keeps
the dialog open while a line is mistyped or the clues make no puzzle, saying what is wrong
(the line and block, or the colour whose totals differ); the editor makes the change."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from nonostudio.core.colour.clue_text import clue_lines_text, letters_legend, read_clue_lines
from nonostudio.core.colour.model import ColourClues, Palette

#: How many problems the dialog lists at once (the first of them; the rest are counted).
SHOWN_PROBLEMS = 3

#: The dialog's words over the clues.
HELP = (
    "One clue a line: each block's length followed by its colour's letter (3r 1b); 0 or an "
    "empty line is a line with no block. The grid's size follows the number of lines."
)


class ColourClueDialog(QDialog):
    """Type the row and column clues of a colour puzzle in ``palette``, starting from ``rows``
    and ``cols``; ``check(rows, cols)`` says what is wrong with clues that read ('' when they
    make a puzzle)."""

    def __init__(
        self,
        palette: Palette,
        rows: ColourClues,
        cols: ColourClues,
        check: Callable[[ColourClues, ColourClues], str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Type Clues")
        self._palette, self._check = palette, check
        self._clues: tuple[ColourClues, ColourClues] = (rows, cols)
        help_label = QLabel(f"{HELP}\nLetters: {letters_legend(palette)}.")
        help_label.setWordWrap(True)
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self.rows_edit = QPlainTextEdit(clue_lines_text(rows, palette))
        self.cols_edit = QPlainTextEdit(clue_lines_text(cols, palette))
        edits = QGridLayout()
        for column, (label, edit, name) in enumerate(
            (
                ("Row clues (top to bottom):", self.rows_edit, "Row clues"),
                ("Column clues (left to right):", self.cols_edit, "Column clues"),
            )
        ):
            edit.setFont(font)
            edit.setAccessibleName(name)
            edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
            edits.addWidget(QLabel(label), 0, column)
            edits.addWidget(edit, 1, column)
        self.problem_label = QLabel()
        self.problem_label.setAccessibleName("Problem")
        self.problem_label.setWordWrap(True)
        self.problem_label.setStyleSheet("color: #b00020;")
        self.problem_label.hide()
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(help_label)
        layout.addLayout(edits, 1)
        layout.addWidget(self.problem_label)
        layout.addWidget(buttons)
        self.resize(560, 420)

    def clues(self) -> tuple[ColourClues, ColourClues]:
        """The clues typed (those of the last OK that read)."""
        return self._clues

    def problem(self) -> str:
        """What the dialog says is wrong ('' when nothing is)."""
        return self.problem_label.text() if not self.problem_label.isHidden() else ""

    def accept(self) -> None:
        """Close with the typed clues when they read and make a puzzle; else say why not."""
        rows, row_problems = read_clue_lines(self.rows_edit.toPlainText(), self._palette, "row")
        cols, col_problems = read_clue_lines(self.cols_edit.toPlainText(), self._palette, "column")
        problems = [p.message for p in (*row_problems, *col_problems)]
        if not problems:
            wrong = self._check(rows, cols)
            problems = [wrong] if wrong else []
        if problems:
            shown = problems[:SHOWN_PROBLEMS]
            more = len(problems) - len(shown)
            text = "\n".join(shown) + (f"\n(and {more} more)" if more else "")
            self.problem_label.setText(text)
            self.problem_label.show()
            return
        self._clues = (rows, cols)
        super().accept()
