"""The Paste Puzzle String dialog: a wrapping text box that keeps what was typed when it is wrong.

OK hands the text to a reader (``read(text) -> Puzzle`` or a ColourPuzzle: the window's reads
colour text too, webpbn XML, ``.g``, ``.non`` and TOML); a :class:`PuzzleError` leaves the dialog
open with the text as typed, the message under the box and the offending place shown: the
token at the line and column the error names is selected (typing the right one replaces it), a
line the error names alone is marked (tinted, :func:`mark`) with the caret after it, never
selected: Enter or any key replaced the whole line, a puzzle string's whole text.  Clues that
read but cannot make a puzzle (row and column totals that differ, a clue too long for its line)
are searched for the mistyped clue: the likely typos are listed, the chosen one's clue is marked
in a puzzle string (or its line in a file's text), not selected, and "Open with this fix" opens
the puzzle with it made (its title, author and the other text read with the clues kept), the
text left as typed (the first of two typos is made in a puzzle string's text instead, which is
read again).
Colour clues that read but make no puzzle (a colour's totals differ, a clue too long) are searched
the same way by the colour typo finder.
A whole clue line left out or typed twice (a ``.non`` section one line short or long of the size
it declares, whose size the search is given, or clues no single edit makes unique) is listed as a
fix too, with its sentence: the lines around the place are marked, and "Open with this fix" opens
the clues with the line put back or dropped.
A puzzle string with a clue typed as nothing (a ``:`` at the end, or one typed twice: legal, an
empty line, but it opened silently as another puzzle,
:func:`~nonostudio.core.formats.strings.empty_fields`) is said once, its
separators marked; OK again opens it as typed.
When the search ends, the first fix is chosen in the list if it is clearly the likeliest (over
50 %, :func:`~nonostudio.gui.common.typo_box.clearly_likeliest`, as the colour Type Clues… and
the Check panel choose it), "Open with this fix" then one click or Enter; its clue is marked.
The text box keeps its text, cursor and selection, since the person may be typing there, unless
it is as the dialog left it (the caret where the dialog put it): then the caret goes to the clue
and the focus to the list of fixes, where Enter opens with the fix (in the text box Enter typed
a newline, which dropped the fixes).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QMimeData, QTimer
from PySide6.QtGui import QColor, QShowEvent, QTextCursor, QTextOption
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from nonostudio.analysis.typos import Edit
from nonostudio.analysis.typos.colour_edits import ColourEdit
from nonostudio.analysis.typos.colour_lines import ColourLineFix
from nonostudio.analysis.typos.lines import LineFix
from nonostudio.core.colour.model import ColourClues, ColourPuzzle, Palette
from nonostudio.core.errors import InconsistentPuzzleError, PuzzleError
from nonostudio.core.formats.strings import (
    OTHER_DASH,
    clue_span,
    empty_field_words,
    empty_fields,
)
from nonostudio.core.puzzle import Clues, Puzzle
from nonostudio.gui.common.clue_edit import PROBLEM_COLOR, message_label
from nonostudio.gui.common.typo_box import TypoBox, clearly_likeliest, lines_of
from nonostudio.gui.dialogs.form import FRAME_ALLOWANCE

PROMPT = (
    "Puzzle string (rows-columns, e.g. 1:1,1-2:1:1), Simon Tatham game id, or the text of a "
    "puzzle file (colour too: webpbn XML, .g, .non, TOML):"
)


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
    if OTHER_DASH.match(line, column):
        end = column + 1  # (a document's dash typed for the '-': selected alone, to be typed over)
    else:
        while end < len(line) and line[end] not in ":,-/ \t":
            end += 1
    return start_of_line + column, start_of_line + max(end, min(column + 1, len(line)))


def empty_field_text(text: str, axis: str, index: int, count: int) -> str:
    """What an empty field of a puzzle string reads as, and what to do: ``Row 10 is typed as
    nothing (after the last ':' of the rows) and reads as an empty row: ...``."""
    return (
        f"{empty_field_words(axis, index, count)}. Press OK again to open it so, or type 0 "
        "there, or delete the ':' typed too many."
    )


def mark(edit: QPlainTextEdit, span: tuple[int, int] | None) -> None:
    """Tint ``span`` of ``edit``'s text (as the clue boxes tint a line with a problem), or clear
    the tint (None).  Not a selection: the next key typed, Enter too, would replace that."""
    if span is None:
        edit.setExtraSelections([])
        return
    tint = QColor(PROBLEM_COLOR)
    tint.setAlpha(70)
    selection = QTextEdit.ExtraSelection()
    selection.format.setBackground(tint)
    cursor = QTextCursor(edit.document())
    cursor.setPosition(span[0])
    cursor.setPosition(span[1], QTextCursor.MoveMode.KeepAnchor)
    selection.cursor = cursor
    edit.setExtraSelections([selection])


def marked_text(edit: QPlainTextEdit) -> str:
    """The text :func:`mark` tinted in ``edit`` ('' when none)."""
    return "".join(s.cursor.selectedText() for s in edit.extraSelections())


#: A text with a line longer than this is shown unwrapped: Qt wraps a long line in time that
#: grows with its square (a 100,000-character line 0.7 s; the 1,000,007-character goal line of
#: a 1000x1000 .non held the window 80 s when its file was shown to mend, 0.2 s unwrapped).
LONG_LINE = 20_000


def has_long_line(text: str) -> bool:
    """Whether a line of ``text`` is longer than :data:`LONG_LINE` characters."""
    return any(len(line) > LONG_LINE for line in text.splitlines())


class PuzzleTextEdit(QPlainTextEdit):
    """The puzzle text box: its lines wrap at the box's width, but for a text with a line too
    long to wrap in good time (:data:`LONG_LINE`), which scrolls sideways instead; decided
    before the text goes in (the wrapping is done as it goes in)."""

    def __init__(self) -> None:
        super().__init__()
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)

    def setPlainText(self, text: str) -> None:
        # unwrapped before a long line goes in; wrapped again only once it is out (wrapping the
        # text before it would lay out its long line wrapped)
        if has_long_line(text):
            self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
            super().setPlainText(text)
        else:
            super().setPlainText(text)
            self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)

    def insertFromMimeData(self, source: QMimeData) -> None:
        if source.hasText() and has_long_line(source.text()):  # (a paste: never wrapped again)
            self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        super().insertFromMimeData(source)


class PasteDialog(QDialog):
    """Type or paste a puzzle; stays open with the text and a pointed-at mistake until it reads."""

    def __init__(
        self,
        read: Callable[[str], Puzzle | ColourPuzzle],
        text: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Paste Puzzle String")
        self._read = read
        self._puzzle: Puzzle | ColourPuzzle | None = None
        self._clues: tuple[Clues, Clues] | None = None  # read but not a puzzle: the typo search
        # the same for colour clues: the palette, rows and columns read, and where each clue
        # was read in the text ("row 3" -> its line)
        self._colour_clues: tuple[Palette, ColourClues, ColourClues] | None = None
        self._clue_lines: dict[str, int] = {}
        # the title, author, ... read with clues that make no puzzle: kept by a fixed puzzle
        self._meta: dict[str, str] = {}
        self._choosing = False  # a fix chosen by the dialog: its clue marked, the caret kept
        # where the dialog last put the caret (anchor, position): the text box is as it left it
        self._placed: tuple[int, int] | None = None
        # the text whose empty field (a clue typed as nothing) was said: OK again opens it
        self._empty_told: str | None = None
        self.edit = PuzzleTextEdit()
        self.edit.setAccessibleName("Puzzle string")
        # Tab goes on to the fixes and the buttons (no puzzle text needs a typed tab; pasted
        # text keeps its own): it typed a tab, so the keyboard could not leave the box.
        self.edit.setTabChangesFocus(True)
        self.edit.setPlainText(text)
        self.edit.textChanged.connect(self._on_text_changed)
        self.message = message_label()
        self.message.setAccessibleName("Problem")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.buttons = buttons  # (a dialog built on this one adds its own)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.typos = TypoBox("Open with this fix")
        self.typos.apply_button.setToolTip(
            "Open the puzzle with the selected edit made (the text stays as typed)"
        )
        self.typos.linesSelected.connect(self._select_clue)
        # (after the box's own slot, which enables its button for a fix chosen)
        self.typos.list.currentRowChanged.connect(lambda _row: self._default_button())
        self.typos.applyRequested.connect(self._open_fixed)
        self.typos.reportReady.connect(lambda _report: self._found())
        # a click on the fix chosen for the person shows its clue (the row did not change)
        self.typos.list.itemClicked.connect(lambda _item: self._show_chosen_clue())
        layout = QVBoxLayout(self)
        self.prompt = QLabel(PROMPT)
        self.prompt.setWordWrap(True)
        layout.addWidget(self.prompt)
        layout.addWidget(self.edit, 1)
        layout.addWidget(self.message)
        layout.addWidget(self.typos)
        layout.addWidget(buttons)
        self.resize(560, self._reserved_height())
        self._on_text_changed()

    def puzzle(self) -> Puzzle | ColourPuzzle | None:
        """The puzzle read when the dialog was accepted."""
        return self._puzzle

    def text(self) -> str:
        return self.edit.toPlainText()

    def _on_text_changed(self) -> None:
        """The text changed: what was said about it is said of the text before (the totals that
        differed, the character that was no number; it stood under the corrected text), and its
        likely fixes are fixes of that text."""
        self.ok_button.setEnabled(bool(self.text().strip()))
        self.message.clear()
        self.message.hide()
        mark(self.edit, None)  # (what it pointed at was in the text before)
        self._placed = None
        if self._clues is not None or self._colour_clues is not None:
            self._clues = self._colour_clues = None  # the text they were for has changed
            self.typos.clear()
            self._default_button()

    def _default_button(self) -> None:
        """Enter opens with the fix chosen while one is (Enter in the list of fixes read the text
        as typed, the mistake and all); else it reads the text."""
        fix = self.typos.apply_button.isEnabled() and not self.typos.apply_button.isHidden()
        self.typos.apply_button.setDefault(fix)
        self.ok_button.setDefault(not fix)

    def accept(self) -> None:
        """Read the text; on an error stay open, say what is wrong and select where."""
        text = self.text()
        if not text.strip():
            return
        try:
            self._puzzle = self._read(text)
        except InconsistentPuzzleError as exc:
            self.show_error(text, exc)
            self._meta = dict(exc.meta or {})
            self._clue_lines = dict(exc.clue_lines or {})
            if exc.colour_clues is not None:
                palette, rows, cols = exc.colour_clues
                assert isinstance(palette, Palette)
                self._colour_clues = palette, rows, cols
                self.typos.search_colour(palette, rows, cols, size=getattr(exc, "size", None))
            elif exc.clues is not None:
                self._clues = exc.clues
                # a .non section one line short or long: the size the file declares tells
                # which axis lost or gained a line (check and solve pass it too)
                self.typos.search(
                    *exc.clues,
                    size=getattr(exc, "size", None),
                    readings=getattr(exc, "readings", ()),  # (a .nin's, a CWD's: row or column?)
                )
            return
        except PuzzleError as exc:
            self.show_error(text, exc)
            return
        if isinstance(self._puzzle, Puzzle) and text != self._empty_told:
            empty = empty_fields(text, self._puzzle)
            if empty:  # said once: a second OK opens it as typed
                axis, index, span = empty[0]
                count = len(self._puzzle.rows if axis == "row" else self._puzzle.cols)
                self._empty_told = text
                self._puzzle = None
                self.message.setText(empty_field_text(text, axis, index, count))
                self.message.show()
                mark(self.edit, span)
                self._place_caret(span[1])
                self.edit.setFocus()
                return
        if not self._keep(text):
            self._puzzle = None
            return
        super().accept()

    def _keep(self, text: str) -> bool:
        """Whether the dialog closes with the puzzle ``text`` read as (the hook of a dialog
        built on this one: the mended file's text written first, the dialog staying open when
        it cannot be)."""
        return True

    def reject(self) -> None:
        self.typos.clear()
        super().reject()

    def _reserved_height(self) -> int:
        """The dialog's height from the start: room for the likely typos under a text box of
        a few lines, so that the list appearing takes the text box's room and OK does not move
        (it grew by 265 px at 1280x720, OK from y=431 to 696); no taller than the screen."""
        typos = self.typos
        parts = (typos, typos.list, typos.note, typos.apply_button)
        hidden = [w for w in parts if w.isHidden()]
        typos.note.setText("Likely typos (each edit alone makes the puzzle unique):\n")
        for w in hidden:
            w.setVisible(True)
        layout = self.layout()
        assert layout is not None  # (made in __init__)
        layout.invalidate()
        lines = self.edit.fontMetrics().lineSpacing()
        height = layout.totalMinimumSize().height() + 4 * lines
        for w in hidden:
            w.setVisible(False)
        typos.note.clear()
        layout.invalidate()
        height = max(300, height)
        screen = self.screen()
        if screen is not None:
            height = min(height, screen.availableGeometry().height() - FRAME_ALLOWANCE)
        return height

    def _found(self) -> None:
        """The fixes are listed: room for them, and the likeliest chosen when it is clearly so."""
        self._grow()
        self._choose_likeliest()

    def _choose_likeliest(self) -> None:
        """Choose the first fix in the list when it is clearly the likeliest (over 50 %,
        :func:`clearly_likeliest`): a 100 % fix sat unselected, "Open with this fix" greyed,
        while the colour Type Clues… and the Check panel chose it."""
        if self.typos.list.currentRow() < 0 and self._clearly_chosen():
            self._choose_first()

    def _clearly_chosen(self) -> bool:
        """Whether the first fix listed is the one to choose for the person."""
        return clearly_likeliest(self.typos.suggestions())

    def _choose_first(self) -> None:
        """Choose the first fix and mark its clue.  The text box keeps its text, caret and
        selection (the search ends while the person may be typing there, and a clue selected
        for them would be replaced by their next key, as in d29aff1), unless it is as the dialog
        left it: then the caret goes to the clue and the focus to the list of fixes, where
        Enter opens with the fix (in the text box it typed a newline, over the clue while the
        clue was selected, and the edit dropped the fixes)."""
        untouched = self._untouched()
        self._choosing = True
        try:
            self.typos.select(0)
        finally:
            self._choosing = False
        if untouched:
            self._show_chosen_clue()
            if self.focusWidget() in (None, self.edit):
                self.typos.list.setFocus()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        """The place selected before the dialog showed comes into sight once it is laid out: a
        file's error at line 25 was selected under lines 1-19, out of sight."""
        super().showEvent(event)
        QTimer.singleShot(0, self.edit.ensureCursorVisible)

    def _untouched(self) -> bool:
        """Whether the text box's caret is where the dialog put it (no click, key or edit
        since)."""
        cursor = self.edit.textCursor()
        return self._placed == (cursor.anchor(), cursor.position())

    def _show_chosen_clue(self) -> None:
        row = self.typos.list.currentRow()
        suggestions = self.typos.suggestions()
        if 0 <= row < len(suggestions):
            self._select_clue(lines_of(suggestions[row]))

    def _place_caret(self, position: int) -> None:
        """Put the text box's caret at ``position``, nothing selected, in sight."""
        cursor = self.edit.textCursor()
        cursor.setPosition(position)
        self.edit.setTextCursor(cursor)
        self.edit.ensureCursorVisible()
        self._placed = (position, position)

    def _grow(self) -> None:
        """Keep the suggestions under the text within the dialog: its height was reserved for
        them (the text box gives up room), so it grows only when their least height needs more,
        and stays no taller than the screen's free height, moved up when its bottom, with Open
        with this fix and OK, would be past the screen's."""
        height = max(self.height(), self.minimumSizeHint().height())
        screen = self.screen()
        if screen is None:
            self.resize(self.width(), height)
            return
        free = screen.availableGeometry()
        height = max(self.minimumSizeHint().height(), min(height, free.height() - FRAME_ALLOWANCE))
        self.resize(self.width(), height)
        frame = self.frameGeometry()
        over = frame.bottom() - free.bottom()
        if over > 0:
            self.move(self.x(), max(free.top(), self.y() - over))

    def _select_clue(self, lines: Sequence[tuple[str, int]]) -> None:
        """Show the clue a suggestion changes, in a puzzle string (or the line of a file's text
        it was read from, when the reader tells it): marked (:func:`mark`), the caret after it;
        not selected, which the next key (Enter too) replaced.  For a fix the dialog chose, the
        mark alone (:meth:`_choose_first` says when the caret follows)."""
        span = None
        for axis, index in list(lines)[:1]:
            span = clue_span(self.text(), axis, index)
            line = self._clue_lines.get(f"{axis} {index + 1}")
            if span is None and line is not None:
                span = error_span(self.text(), PuzzleError("", line=line))
        mark(self.edit, span)
        if span is not None and not self._choosing:
            self._place_caret(span[1])

    def _open_fixed(self, edit: Edit | ColourEdit | LineFix | ColourLineFix) -> None:
        """Open the puzzle with the typo finder's ``edit`` made, or a line fix's clues (the
        text stays as typed).  The first of two typos leaves clues that are no puzzle yet: in a
        puzzle string it is made in the text (one undo step) and the text read again, which
        looks for the second."""
        if isinstance(edit, ColourEdit | ColourLineFix):
            self._open_fixed_colour(edit)
            return
        clues = self._clues
        if clues is None:
            return
        try:
            if isinstance(edit, LineFix):  # (its clues were made whole by the search)
                fixed_rows, fixed_cols = edit.rows, edit.cols
            else:
                fixed_rows, fixed_cols = edit.apply(*clues)
            puzzle = Puzzle(fixed_rows, fixed_cols, goal=None, **self._meta)
        except PuzzleError as exc:
            if isinstance(edit, LineFix) or not self._edit_text(edit):
                self.message.setText(f"{exc}; make the change in the text and press OK")
            return
        self._puzzle = puzzle
        self.typos.clear()
        super().accept()

    def _open_fixed_colour(self, edit: ColourEdit | ColourLineFix) -> None:
        """Open the colour puzzle with ``edit`` made, or a line fix's clues (the text stays as
        typed).  A colour no
        clue uses after the edit is dropped, as reading the corrected text drops it: most often
        the typo made it up ("2q" for "2a" reads q as a colour of its own), and kept it would
        stay a button, a palette entry and a colour of the grade that nothing is painted with.
        Two colours left, black on white, open as a black-and-white puzzle, as the readers
        open them."""
        if self._colour_clues is None:
            return
        palette, rows, cols = self._colour_clues
        try:
            if isinstance(edit, ColourLineFix):  # (its clues were made whole by the search)
                fixed_rows, fixed_cols = edit.rows, edit.cols
            else:
                fixed_rows, fixed_cols = edit.apply(rows, cols)
            fixed = ColourPuzzle(palette, fixed_rows, fixed_cols, goal=None, **self._meta)
            fixed = fixed.without_unused()
            puzzle: Puzzle | ColourPuzzle = (
                fixed.to_bw() if fixed.palette.is_black_and_white else fixed
            )
        except PuzzleError as exc:
            self.message.setText(f"{exc}; make the change in the text and press OK")
            return
        self._puzzle = puzzle
        self.typos.clear()
        super().accept()

    def _edit_text(self, edit: Edit) -> bool:
        """Make ``edit`` in a puzzle string's text and read it again (False for other text)."""
        text = self.text()
        spans = [clue_span(text, axis, index) for axis, index in edit.lines]
        if any(span is None for span in spans):
            return False
        cursor = self.edit.textCursor()
        cursor.beginEditBlock()
        # From the last span to the first, so that the earlier positions stay right.
        for span, clue in sorted(zip(spans, edit.after, strict=True), reverse=True):
            assert span is not None
            cursor.setPosition(span[0])
            cursor.setPosition(span[1], QTextCursor.MoveMode.KeepAnchor)
            cursor.insertText(",".join(map(str, clue)) or "0")
        cursor.endEditBlock()
        self.accept()
        return True

    def show_error(self, text: str, error: PuzzleError) -> None:
        """Say what is wrong and show where, the focus in the text box: the token the error's
        line and column name is selected (typing the right one replaces it); a line it names
        alone is marked with the caret after it, not selected (Enter or any key replaced the
        whole line, a puzzle string's whole text)."""
        self.message.setText(str(error))
        self.message.show()
        span = error_span(text, error)
        mark(self.edit, None)
        cursor = self.edit.textCursor()
        if span is not None and error.column is not None:
            cursor.setPosition(span[0])
            cursor.setPosition(span[1], QTextCursor.MoveMode.KeepAnchor)
            self.edit.setTextCursor(cursor)
            self.edit.ensureCursorVisible()
        elif span is not None:
            mark(self.edit, span)
            self._place_caret(span[1])
        cursor = self.edit.textCursor()
        self._placed = (cursor.anchor(), cursor.position())
        self.edit.setFocus()
