"""The colour editor's *Type clues* dialog (:class:`ColourClueDialog`): the row and column clues
as text, one a line (``3r 1b``: each block's length and its colour's letter, the letters listed
above them), read back by :func:`nonostudio.core.colour.clue_text.read_clue_lines`.  OK keeps
the dialog open while a line is mistyped or the clues make no puzzle, saying what is wrong
(the line and block, or the colour whose totals differ); the editor makes the change.  Clues
that read but make no puzzle (a colour's totals differ, a clue too long for its line) are searched
for the mistyped clue, as a file's are: the likely fixes are listed in the dialog's letters, and
*Use this fix* writes the chosen one into the text, to be checked and OK'd."""

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

from nonostudio.analysis.typos.colour_edits import ColourEdit
from nonostudio.core.colour.clue_text import (
    clue_letters,
    clue_lines_text,
    letters_legend,
    read_clue_lines,
    unknown_letters,
)
from nonostudio.core.colour.model import Colour, ColourClues, ColourPuzzle, Palette
from nonostudio.core.errors import InconsistentPuzzleError, PuzzleError
from nonostudio.core.formats._colour import UNDECLARED_RGB, ReadPalette
from nonostudio.gui.common.typo_box import TypoBox, clearly_likeliest

#: How many problems the dialog lists at once (the first of them; the rest are counted).
SHOWN_PROBLEMS = 3

#: How a problem is said under the clues.
PROBLEM_STYLE = "color: #b00020;"
#: Lines of clues the text boxes keep in sight when the likely fixes are listed.
CLUE_LINES = 10
#: Height a window manager's title bar and frame may add (kept free on the screen).
FRAME_ALLOWANCE = 40

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
            edit.setTabChangesFocus(True)  # (Tab typed a tab: the keyboard stayed in the box)
            edits.addWidget(QLabel(label), 0, column)
            edits.addWidget(edit, 1, column)
        self.problem_label = QLabel()
        self.problem_label.setAccessibleName("Problem")
        self.problem_label.setWordWrap(True)
        self.problem_label.setStyleSheet(PROBLEM_STYLE)
        self.problem_label.hide()
        # the likely fixes of clues that read but make no puzzle, in the letters typed here
        self.typos = TypoBox("Use this fix")
        self.typos.apply_button.setToolTip("Write the selected fix into the clues above")
        self.typos.applyRequested.connect(self._use_fix)
        self.typos.reportReady.connect(lambda _report: self._found())
        self._searched: tuple[ColourClues, ColourClues] | None = None
        for edit in (self.rows_edit, self.cols_edit):  # the fixes are of the text searched
            edit.textChanged.connect(self._text_changed)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(help_label)
        layout.addLayout(edits, 1)
        layout.addWidget(self.problem_label)
        layout.addWidget(self.typos)
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
        self.typos.clear()
        self._searched = None
        if not problems:
            wrong = self._check(rows, cols)
            problems = [wrong] if wrong else []
            if wrong and self._inconsistent(rows, cols):
                self._search(rows, cols)
        else:
            self._search_unknown()
        if problems:
            shown = problems[:SHOWN_PROBLEMS]
            more = len(problems) - len(shown)
            text = "\n".join(shown) + (f"\n(and {more} more)" if more else "")
            self.problem_label.setText(text)
            self.problem_label.setStyleSheet(PROBLEM_STYLE)
            self.problem_label.show()
            return
        self._clues = (rows, cols)
        super().accept()

    def reject(self) -> None:
        self.typos.clear()
        super().reject()

    def _text_changed(self) -> None:
        """The clues were edited: the fixes listed were for the text before (made now, they
        would undo the edit), so they go."""
        if self._searched is not None:
            self._searched = None
            self.typos.clear()

    def _inconsistent(self, rows: ColourClues, cols: ColourClues) -> bool:
        """Whether ``rows`` and ``cols`` read but make no puzzle for a typo to explain: a
        colour's totals differ or a clue is too long for its line."""
        try:
            ColourPuzzle(self._palette, rows, cols)
        except InconsistentPuzzleError:
            return True
        except PuzzleError:
            return False
        return False

    def _search(self, rows: ColourClues, cols: ColourClues) -> None:
        """Look for the mistyped clue; the fixes are said with the letters of this dialog."""
        self._searched = (rows, cols)
        self.typos.search_colour(_lettered(self._palette), rows, cols)

    def _search_unknown(self) -> None:
        """Letters that name no colour (``4q`` for ``4c``): when they are the only problem, the
        declared colours that balance every total are offered in their place, as for a file
        naming a colour it does not declare (the finder says why when none does)."""
        rows_text, cols_text = self.rows_edit.toPlainText(), self.cols_edit.toPlainText()
        lettered = _lettered(self._palette)
        unknown = unknown_letters(f"{rows_text}\n{cols_text}", lettered)
        if not unknown:
            return
        first = len(lettered)
        try:
            palette = ReadPalette(
                (
                    *lettered.colours,
                    *(Colour(f"{u} (undeclared)", UNDECLARED_RGB, u) for u in unknown),
                ),
                undeclared=frozenset(range(first, first + len(unknown))),
                typed=True,
            )
        except PuzzleError:
            return
        rows, row_problems = read_clue_lines(rows_text, palette, "row")
        cols, col_problems = read_clue_lines(cols_text, palette, "column")
        if not row_problems and not col_problems:
            self._searched = (rows, cols)
            self.typos.search_colour(palette, rows, cols)

    def _found(self) -> None:
        """The fixes are listed: the first is selected when it is clearly the likeliest (over
        50 %, as in a mistyped file's dialog), and the clue boxes get their room back."""
        if clearly_likeliest(self.typos.suggestions()):
            self.typos.select(0)
        self._grow()

    def _grow(self) -> None:
        """Give the clue boxes back the room the listed fixes took (down to 4 lines at
        1024x600), as far as the screen allows: the dialog grows by what they lack of
        :data:`CLUE_LINES` lines, its bottom kept on the screen."""
        lines = self.rows_edit.fontMetrics().lineSpacing()
        lacking = max(0, CLUE_LINES * lines - self.rows_edit.viewport().height())
        screen = self.screen()
        if not lacking or screen is None:
            return
        free = screen.availableGeometry()
        height = min(self.height() + lacking, free.height() - FRAME_ALLOWANCE)
        self.resize(self.width(), max(self.height(), height))
        over = self.frameGeometry().bottom() - free.bottom()
        if over > 0:
            self.move(self.x(), max(free.top(), self.y() - over))

    def _use_fix(self, edit: ColourEdit) -> None:
        """Write the clues with ``edit`` made into the text (OK then checks and takes them)."""
        if self._searched is None:
            return
        rows, cols = edit.apply(*self._searched)
        self._searched = None
        self.typos.clear()
        self.rows_edit.setPlainText(clue_lines_text(rows, self._palette))
        self.cols_edit.setPlainText(clue_lines_text(cols, self._palette))
        self.problem_label.setText(f"Fixed: {edit.text()}. Press OK to use these clues.")
        self.problem_label.setStyleSheet("")  # not a problem: said in the usual colour


def _lettered(palette: Palette) -> Palette:
    """``palette`` with each colour's character its letter in the typed clues (black's ``#``
    is typed ``l`` when ``b`` is taken): the typo finder says its fixes with these characters.
    ``palette`` itself when the background's character is one of the letters."""
    letters = clue_letters(palette)
    try:
        return Palette(
            tuple(
                Colour(c.name, c.rgb, letters[i] or c.char) for i, c in enumerate(palette.colours)
            )
        )
    except PuzzleError:
        return palette
