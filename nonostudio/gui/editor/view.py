"""The puzzle editor: paint a picture (clues follow live) or type clues, validated as you type.

*Draw* mode: the grid is the solution picture and the clues are derived from it.  *Clues* mode:
the clues come from the two text editors (one line per row / column) and the grid is scratch
space for the user's own cells.  Size, metadata and an optional alternate-solution overlay
complete the editor; a puzzle opened to be solved can have its picture covered until asked
(``hide_solution()``), and each puzzle opens fitted to the window.  ``snapshot()`` /
``restore_snapshot()`` capture everything the user typed or drew (even clues that are not valid
yet) as plain JSON-ready data, for the autosave.  The widgets are
:class:`~nonostudio.gui.editor.layout.EditorUi`'s (``editor.ui.…``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import numpy as np
from PySide6.QtCore import Signal
from PySide6.QtGui import QTextBlock, QTextCursor, QTextDocument, QUndoCommand, QUndoStack
from PySide6.QtWidgets import QPlainTextDocumentLayout, QWidget

from nonostudio.analysis.typos.colour_edits import ColourEdit
from nonostudio.analysis.typos.lines import typed_swap_clues
from nonostudio.core.clue_text import (
    ClueProblem,
    clue_to_text,
    clues_to_text,
    read_clue_text,
    readable_clue_text,
    totals_problem,
)
from nonostudio.core.counts import count
from nonostudio.core.errors import PuzzleError
from nonostudio.core.line import CELL_CHARS, CHAR_CELLS, CROSSED, FILLED, UNKNOWN, Hints
from nonostudio.core.puzzle import Clues, Puzzle, clues_of_grid, new_grid
from nonostudio.core.solver import solve
from nonostudio.gui.common.clue_edit import ClueEdit, show_messages
from nonostudio.gui.common.field_undo import FieldUndo, StackKeys
from nonostudio.gui.editor.layout import MAX_SIZE, META_FIELDS, EditorUi
from nonostudio.gui.grid.view import PICTURE_NAMES, STATE_NAMES, CellsCommand, GridView

DRAW, CLUES = "draw", "clues"
#: How long a switch to drawing may look for the one picture typed clues allow, on the GUI
#: thread: a 100x100 that line logic solves takes 0.03 s; a random 1000x1000's clues, which it
#: does not solve, hold the switch 0.37 s in all (0.05-0.09 s without the search).
PICTURE_SEARCH_S = 0.2


def _select_line(cursor: QTextCursor, block: QTextBlock) -> QTextCursor:
    """``cursor`` moved to select the text of ``block`` (one clue line)."""
    cursor.setPosition(block.position())
    cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
    return cursor


_CELL_CODES = np.full(256, ord("?"), dtype=np.uint8)
for _value, _char in CELL_CHARS.items():
    _CELL_CODES[_value & 0xFF] = ord(_char)


def cell_text_rows(cells: np.ndarray) -> list[str]:
    """Each row of ``cells`` as text, a ``CELL_CHARS`` character a cell (what the autosave
    keeps), by table look-up: joined a cell at a time, a 1000x1000 picture took 0.25 s of the
    GUI thread 3 s after each change."""
    codes = _CELL_CODES[np.asarray(cells, dtype=np.int8).view(np.uint8)]
    return [row.tobytes().decode("ascii") for row in codes]


class ResizeCommand(QUndoCommand):
    """Change the picture's size in draw mode (cells are kept where they still fit)."""

    def __init__(self, editor: EditorView, before: np.ndarray, after: np.ndarray) -> None:
        super().__init__(f"Resize to {after.shape[1]}x{after.shape[0]}")
        self._editor = editor
        self._before = before.copy()
        self._after = after.copy()

    def redo(self) -> None:
        self._editor._show_picture(self._after)
        self._editor._emit_edited()

    def undo(self) -> None:
        self._editor._show_picture(self._before)
        self._editor._emit_edited()


class TypedSizeCommand(QUndoCommand):
    """Change the size of typed clues (clues mode: the texts stay as typed, read for the new
    size)."""

    def __init__(self, editor: EditorView, before: tuple[int, int], after: tuple[int, int]) -> None:
        super().__init__(f"Resize to {after[0]}x{after[1]}")
        self._editor = editor
        self._before, self._after = before, after
        self._applied = True  # the boxes already show ``after``

    def redo(self) -> None:
        if self._applied:  # push() redoes: the boxes already hold the size typed
            self._applied = False
            return
        self._editor._show_typed_size(*self._after)

    def undo(self) -> None:
        self._editor._show_typed_size(*self._before)


ModeState = tuple[str, np.ndarray, QTextDocument, QTextDocument]


class ModeCommand(QUndoCommand):
    """Switch between drawing and typing clues, as one undo step.  Each side of the switch keeps
    its own clue documents (:meth:`EditorView._mode_state`): the typed texts, with the undo
    history their steps on the stack undo, are put back as they were when the switch is undone,
    and drawing's derived texts never overwrite them."""

    def __init__(self, editor: EditorView, mode: str) -> None:
        super().__init__("switch to drawing" if mode == DRAW else "switch to typed clues")
        self._editor, self._mode = editor, mode
        self._before = editor._mode_state()
        self._after: ModeState | None = None

    def redo(self) -> None:
        if self._after is None:  # push(): make the switch
            self._editor._switch_mode(self._mode)
            self._after = self._editor._mode_state()
        else:
            self._editor._show_mode_state(self._after)

    def undo(self) -> None:
        self._editor._show_mode_state(self._before)


class EditorView(QWidget):
    """Create and change a puzzle by painting its picture or typing its clues."""

    puzzleChanged = Signal(object)  # Puzzle | None (None while the typed clues are invalid)
    modifiedChanged = Signal(bool)
    edited = Signal()  # the user changed something (cells, clue text, metadata, size or mode)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._undo = QUndoStack(self)
        self._mode = DRAW
        self._updating = False
        self._puzzle: Puzzle | None = None
        self._saved: Puzzle | None = None
        self._forced_modified = False
        self._was_modified = False
        self._typed_ok = False
        self._lines_ok = False  # every typed clue line reads and fits (totals aside)
        self._loading = False
        # the puzzle being loaded, whose clues, texts and picture are known good: reading them
        # back, working out its clues again and checking it again only cost time (:meth:`_load`)
        self._known: Puzzle | None = None
        # the open puzzle's notes (free text of its file, which the editor does not show): kept
        # in the puzzles made from the picture or the typed clues, so that saving keeps them
        self._notes = ""
        # the last picture's cells and their clues: a switch to Draw or a stroke worked them out
        # up to three times (the grid's clues, the texts, the puzzle)
        self._picture_clues: tuple[np.ndarray, Clues, Clues] | None = None
        self._spare_documents: list[QTextDocument] = []  # clue texts a switch of mode set aside
        self.grid = GridView(self._undo)
        self.ui = EditorUi(self, self.grid)
        self._undo.cleanChanged.connect(lambda _clean: self._update_modified())
        # Typed clues are undone from the window's Edit menu too, in turn with the grid's steps.
        self.ui.rows_edit.share_undo(self._undo)
        self.ui.cols_edit.share_undo(self._undo)
        self.grid.cellsChanged.connect(self._on_cells_changed)
        self.ui.rows_edit.textChanged.connect(self._on_clue_text_changed)
        self.ui.cols_edit.textChanged.connect(self._on_clue_text_changed)
        self.ui.meta_edits["title"].textChanged.connect(
            lambda _text: self._say_cover() if self.solution_hidden() else None
        )
        self.ui.width_spin.valueChanged.connect(self._on_size_spin)
        self.ui.height_spin.valueChanged.connect(self._on_size_spin)
        # New puzzle: the window's File > New at this size where a window holds the editor
        # (set_new_puzzle_handler), else a new picture here
        self._new_handler: Callable[[int, int], object] | None = None
        self.ui.new_button.clicked.connect(self._new_clicked)
        self.ui.clear_button.clicked.connect(self.clear_grid)
        self.ui.draw_radio.toggled.connect(self._on_mode_toggled)
        # Title, author, copyright and licence are undone from the Edit menu too.
        self._fields = FieldUndo(self.ui.meta_edits, self._undo, self._on_meta_edited)
        # Ctrl+Z in a size box undoes the editor's steps (its line edit would take the keys).
        self._size_keys = StackKeys(self._undo, [self.ui.width_spin, self.ui.height_spin])
        self._size = self.picture_size()  # what a typed size's undo step goes back to
        self.ui.reveal_button.clicked.connect(self.show_solution)
        self.new_puzzle(10, 10)

    # --- public API ----------------------------------------------------------------------------

    def puzzle(self) -> Puzzle | None:
        return self._puzzle

    def set_puzzle(self, puzzle: Puzzle | None) -> None:
        """Show ``puzzle`` (a blank puzzle of the current size for None); clears the undo stack.

        A puzzle with a goal picture opens in draw mode, one without in clues mode.
        """
        if puzzle is None:
            self.new_puzzle(self.ui.width_spin.value(), self.ui.height_spin.value())
            return
        self._load(puzzle)

    def set_new_puzzle_handler(self, handler: Callable[[int, int], object] | None) -> None:
        """Have the New puzzle button call ``handler(width, height)`` (the window's File > New,
        which asks to save the work first and forgets the file or library puzzle it came
        from); None: the button starts the new picture itself."""
        self._new_handler = handler

    def _new_clicked(self) -> None:
        width, height = self.ui.width_spin.value(), self.ui.height_spin.value()
        self._drop_resizes()
        if self._new_handler is not None:
            self._new_handler(width, height)
        else:
            self.new_puzzle(width, height)

    def _drop_resizes(self) -> None:
        """Undo the steps since the puzzle was saved (or opened) when each is a change of size:
        the size typed for the new puzzle resized the one open, and New puzzle asked to save
        that (Save, the default, wrote the open puzzle cropped to the new size over its file or
        library entry).  Other changes are kept, and asked about."""
        undo = self._undo
        clean, index = undo.cleanIndex(), undo.index()
        if self._forced_modified or not 0 <= clean < index:
            return
        for i in range(clean, index):
            command = undo.command(i)
            if not (isinstance(command, ResizeCommand) or command.text().startswith("Resize to ")):
                return
        undo.setIndex(clean)

    def new_puzzle(self, width: int, height: int) -> None:
        """Start an empty ``width`` x ``height`` picture in draw mode with no metadata."""
        if not (1 <= width <= MAX_SIZE and 1 <= height <= MAX_SIZE):
            raise ValueError(f"a puzzle must be 1 to {MAX_SIZE} cells wide and high")
        self._load(Puzzle.from_grid(new_grid(height, width, 0)))

    def clear_grid(self) -> bool:
        """Empty every cell of the grid as one undo step: the picture in Draw mode (its clues
        follow), the scratch cells in Type clues; the size, the metadata and typed clues stay.
        New puzzle was the only way to start a picture again, and it drops the title and the
        rest.  False when the grid is empty already or covered."""
        before = self.grid.cells()
        if self.solution_hidden() or not (before != UNKNOWN).any():
            return False
        after = new_grid(*before.shape)
        self._undo.push(CellsCommand(self.grid, before, after, "Clear grid"))
        return True

    def hide_solution(self) -> None:
        """Cover the picture of the open puzzle (its solution) until the user asks to see it, so
        that opening a puzzle to solve does not spoil it.  The cover stays over the grid in
        either mode (switching to clues mode keeps the picture's cells on the grid) until
        :meth:`show_solution`; a puzzle without filled cells has nothing to hide."""
        if self._mode != DRAW or not (self.grid.cells() == FILLED).any():
            return
        self._say_cover()
        self.ui.picture_stack.setCurrentIndex(1)
        self.ui.status_label.hide()  # it names the state of the cursor's cell
        self.ui.clear_button.hide()  # (a picture not seen is not cleared; disabled, it took
        # the whole width of the status line under the cover)

    def _say_cover(self) -> None:
        """The cover's words, naming the puzzle by the title typed now (a rename under the cover
        kept "The picture of “Bike” is its solution")."""
        title = self.ui.meta_edits["title"].text().strip()
        self.ui.cover_label.setText(
            f"The picture of {f'“{title}”' if title else 'this puzzle'} is its solution: it is "
            "hidden so that opening the puzzle does not spoil it. Solve it in the Solve tab, or "
            "show the picture to look at it or edit it."
        )

    def show_solution(self) -> None:
        """Show the picture :meth:`hide_solution` covered."""
        self.ui.picture_stack.setCurrentIndex(0)
        self.ui.status_label.show()
        self.ui.clear_button.show()

    def solution_hidden(self) -> bool:
        return self.ui.picture_stack.currentIndex() == 1

    def set_title(self, title: str) -> None:
        """Put ``title`` in the Title box, as if typed there (one undo step)."""
        self._fields.set_text("title", title)

    def title(self) -> str:
        """The title typed in the Title box (also while the puzzle is not valid)."""
        return self.ui.meta_edits["title"].text().strip()

    def picture_size(self) -> tuple[int, int]:
        """The width and height set in the size boxes."""
        return self.ui.width_spin.value(), self.ui.height_spin.value()

    def undo_stack(self) -> QUndoStack:
        return self._undo

    def is_modified(self) -> bool:
        return self._forced_modified or self._puzzle != self._saved

    def set_modified(self, modified: bool) -> None:
        """Mark the puzzle as changed or (after saving) as matching what was saved."""
        self._forced_modified = modified
        if not modified:
            self._saved = self._puzzle
            self._undo.setClean()
        self._update_modified()

    def zoom(self) -> float:
        return self.grid.zoom()

    def set_zoom(self, z: float) -> None:
        self.grid.set_zoom(z)

    def zoom_in(self) -> None:
        self.grid.zoom_in()

    def zoom_out(self) -> None:
        self.grid.zoom_out()

    def zoom_reset(self) -> None:
        self.grid.zoom_reset()

    def fit_to_window(self) -> None:
        self.grid.fit_to_window()

    def show_alternate(self, grid: np.ndarray | None, other: np.ndarray | None = None) -> None:
        """Highlight where another solution of these clues differs from the picture drawn; None
        hides it.  ``grid`` and ``other`` are the two solutions a check found (the Check panel's
        alternate and solution): the search finds them in its own order, so the alternate may be
        the very picture drawn, which leaves nothing to highlight; then ``other`` is shown.

        A grid of another size (a late result for an earlier version of the puzzle) is ignored.
        """
        cells = self.grid.cells()
        if grid is not None and np.asarray(grid).shape != cells.shape:
            return
        if grid is not None and other is not None and np.asarray(other).shape == cells.shape:
            drawn = cells == FILLED
            if np.array_equal(np.asarray(grid) == FILLED, drawn):
                grid = other
        self.grid.set_overlay(grid)
        self._note_alternate()

    def _note_alternate(self) -> None:
        """Say under the grid what the marks of another picture are and how many cells they
        mark (the grid showed them with no word of what a solid or a hollow square is); hidden
        when no mark is shown.  Counted from the grid's own overlay and cells, so an edit that
        keeps the clues (the overlay stays) is counted afresh."""
        overlay, note = self.grid.overlay(), self.ui.alternate_note
        differ = 0
        if overlay is not None:
            differ = int(np.count_nonzero((overlay == FILLED) != (self.grid.cells() == FILLED)))
        if differ == 0:
            note.hide()
            return
        if not (self.grid.cells() == FILLED).any():  # (typed clues, no picture drawn to
            # differ from: "it differs in 2 cells" was counted against the blank cells)
            note.setText(
                "A picture that fits these clues is marked on the grid (a solid square: filled "
                "in it); another fits too."
            )
        else:
            note.setText(
                f"Another picture fits these clues: it differs in {count(differ, 'cell')}, "
                "marked on the grid (a solid square: filled in it; a hollow square: empty in it)."
            )
        note.show()

    # --- the Check panel's typo suggestions -------------------------------------------------------

    def typed_clues(self) -> tuple[tuple[Hints, ...], tuple[Hints, ...]] | None:
        """The typed clues when every line reads, even when the row and column totals differ,
        a clue is too long for its line or a clue text has one line more or fewer than the
        size (a line left out or typed twice: :meth:`typed_size` tells the Check panel, which
        looks for the mistyped clue or line in them), or the rows' and columns' clues seem
        typed into each other's box (:func:`typed_swap_clues`: as many lines as the other
        side, a consistent puzzle so); None while drawing or while a line is not clues."""
        if self._mode == DRAW:
            return None
        if self._lines_ok:
            return self.grid.clues()
        size = width, height = self.typed_size()
        rows_text, cols_text = self.ui.rows_edit.toPlainText(), self.ui.cols_edit.toPlainText()
        if (swapped := typed_swap_clues(rows_text, cols_text, size)) is not None:
            return swapped
        rows = readable_clue_text(rows_text, "row", height, width, 1)
        cols = readable_clue_text(cols_text, "column", width, height, 1)
        return None if rows is None or cols is None else (rows, cols)

    def typed_size(self) -> tuple[int, int]:
        """The size the clues are typed for, ``(width, height)``: the size boxes'."""
        return self.ui.width_spin.value(), self.ui.height_spin.value()

    def set_typed_size(self, width: int, height: int) -> None:
        """Read the typed clues for a ``width`` x ``height`` puzzle, the clue texts as typed
        (one undo step; a size box changed by hand gives each text as many lines as its side,
        which would cut or pad clues typed for the other side: a swap's fix)."""
        if self._mode == DRAW:
            return
        was = self._size
        self._set_spins(width, height)
        self._undo.push(TypedSizeCommand(self, was, self._size))
        self._sync()
        self._emit_edited()

    def mark_clue_lines(self, lines: Sequence[tuple[str, int]]) -> None:
        """Mark these lines (``("row", 6)``) on the grid and select the first one's clue text;
        () clears the marks.  A clue text with the keyboard focus is left as it is: the
        designer is typing there (the Check panel chooses a clearly likeliest fix when its
        search ends, after an edit), and a selected line would be replaced by the next key."""
        self.grid.set_marked_lines(lines)
        for axis, index in list(lines)[:1]:
            if (found := self._clue_line(axis, index)) is not None:
                text, block = found
                if text.hasFocus():
                    continue
                text.setTextCursor(_select_line(QTextCursor(block), block))
                text.ensureCursorVisible()

    def apply_clue_edit(self, edit: Any) -> None:
        """Type a typo finder's edit (its ``lines`` and their clues ``after``) over those lines of
        the clue text: one undo step, even when it changes a row's clue and a column's; a colour
        edit is the colour editor's."""
        if self._mode == DRAW or isinstance(edit, ColourEdit):
            return
        self._undo.beginMacro("typo fix")
        try:
            self._type_clue_edit(edit)
        finally:
            self._undo.endMacro()

    def _type_clue_edit(self, edit: Any) -> None:
        """Type ``edit``'s clues over its lines (each clue text's changes one step of its own)."""
        cursors: dict[str, QTextCursor] = {}
        for (axis, index), clue in zip(edit.lines, edit.after, strict=True):
            if (found := self._clue_line(axis, index)) is None:
                continue
            text, block = found
            cursor = cursors.get(axis)
            if cursor is None:
                cursor = cursors[axis] = QTextCursor(text.document())
                cursor.beginEditBlock()
            _select_line(cursor, block).insertText(clue_to_text(clue))
        for cursor in cursors.values():
            cursor.endEditBlock()

    def _clue_line(self, axis: str, index: int) -> tuple[ClueEdit, QTextBlock] | None:
        """The clue text of ``axis`` ("row" or "column") and its line ``index`` (None past its
        end)."""
        text = self.ui.rows_edit if axis == "row" else self.ui.cols_edit
        block = text.document().findBlockByNumber(index)
        return (text, block) if block.isValid() else None

    def mode(self) -> str:
        """``"draw"`` or ``"clues"``."""
        return self._mode

    def set_mode(self, mode: str) -> None:
        (self.ui.draw_radio if mode == DRAW else self.ui.clues_radio).setChecked(True)

    def snapshot(self) -> dict[str, Any]:
        """Everything the user has drawn or typed, as JSON-ready data (for the autosave)."""
        return {
            "mode": self._mode,
            "width": self.ui.width_spin.value(),
            "height": self.ui.height_spin.value(),
            "meta": {key: edit.text() for key, edit in self.ui.meta_edits.items()},
            "cells": cell_text_rows(self.grid.cells()),
            "rows_text": self.ui.rows_edit.toPlainText(),
            "cols_text": self.ui.cols_edit.toPlainText(),
            "notes": self._notes,
        }

    def restore_snapshot(self, state: dict[str, Any]) -> None:
        """Show what :meth:`snapshot` captured, marked as modified; raises ValueError if damaged.

        Nothing changes when ``state`` is damaged.
        """
        try:
            mode = state["mode"]
            width, height = int(state["width"]), int(state["height"])
            meta = {key: str(state["meta"].get(key, "")) for key, _label in META_FIELDS}
            rows_text, cols_text = str(state["rows_text"]), str(state["cols_text"])
            notes = str(state.get("notes", ""))  # (an autosave of before notes has none)
            cells = np.array(
                [[CHAR_CELLS[ch] for ch in row] for row in state["cells"]], dtype=np.int8
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ValueError(f"damaged editor state ({exc!r})") from None
        if mode not in (DRAW, CLUES):
            raise ValueError(f"damaged editor state (unknown mode {mode!r})")
        if not (1 <= width <= MAX_SIZE and 1 <= height <= MAX_SIZE):
            raise ValueError(f"damaged editor state (size {width}x{height})")
        if cells.shape != (height, width):
            raise ValueError(
                f"damaged editor state (cells of shape {cells.shape} for a {width}x{height} puzzle)"
            )
        self.show_solution()  # the user's own unsaved work
        self._notes = notes
        with self._filling(modified=True):
            for key, edit in self.ui.meta_edits.items():
                edit.setText(meta[key])
                edit.setCursorPosition(0)  # its start in sight, not its end
            self._set_spins(width, height)
            self.grid.set_overlay(None)
            self._set_mode_widgets(mode)
            if mode == DRAW:
                self.grid.set_clues(*clues_of_grid(cells))
            else:
                self.ui.rows_edit.setPlainText(rows_text)
                self.ui.cols_edit.setPlainText(cols_text)
                self._show_typed_clues(rows_text, cols_text, width, height)
            self.grid.set_cells(cells)

    # --- loading and mode ----------------------------------------------------------------------

    def _on_meta_edited(self) -> None:
        self._refresh_puzzle()
        self._emit_edited()

    def _emit_edited(self) -> None:
        if not (self._loading or self._updating):
            self.edited.emit()

    @contextmanager
    def _filling(self, *, modified: bool) -> Iterator[None]:
        """Fill the widgets in the ``with`` body without emitting edits; then derive the puzzle,
        start a fresh undo history and take it as the saved state (``modified``: as unsaved
        work)."""
        self._updating = self._loading = True
        try:
            yield
        finally:
            self._updating = False
        try:
            self._sync()
            self._clear_undo()
        finally:
            self._loading = False
        self._saved = self._puzzle
        self._forced_modified = modified
        self._update_modified()

    def _clear_undo(self) -> None:
        """Start a fresh undo history: the editor's and the clue texts' own."""
        self._undo.clear()
        current = (self.ui.rows_edit.document(), self.ui.cols_edit.document())
        for doc in self._spare_documents:  # no undo step can show them any more
            if doc not in current:
                doc.deleteLater()
        self._spare_documents = []
        self.ui.rows_edit.clear_undo()
        self.ui.cols_edit.clear_undo()
        self._fields.reset()
        self._size = self.picture_size()

    def _load(self, puzzle: Puzzle) -> None:
        """Show ``puzzle``.  It is taken as it is: its clue texts are not read back, its
        picture's clues are worked out once (to see that they are its clues), and it is not
        checked again (a 1000x1000 puzzle's open held the GUI thread 0.5 s more for them)."""
        self._known = puzzle
        try:
            self._fill_from(puzzle)
        finally:
            self._known = None

    def _fill_from(self, puzzle: Puzzle) -> None:
        self._notes = puzzle.notes
        # Each puzzle opens whole in view and with its picture shown; the zoom of the last one
        # would suit another size badly.
        self.show_solution()
        self.grid.fit_to_window()
        with self._filling(modified=False):
            for key, edit in self.ui.meta_edits.items():
                edit.setText(getattr(puzzle, key))
                edit.setCursorPosition(0)  # its start in sight, not its end
            self._set_spins(puzzle.width, puzzle.height)
            self.grid.set_overlay(None)
            if puzzle.goal is not None:
                self._set_mode_widgets(DRAW)
                self.grid.set_clues(puzzle.rows, puzzle.cols)
                cells = np.where(puzzle.goal == FILLED, FILLED, UNKNOWN).astype(np.int8)
                self.grid.set_cells(cells)
                if self._clues_of_picture(cells) != (puzzle.rows, puzzle.cols):
                    self._known = None  # (a picture not of its clues: the picture's are shown)
            else:
                self._set_mode_widgets(CLUES)
                self.ui.rows_edit.setPlainText(clues_to_text(puzzle.rows))
                self.ui.cols_edit.setPlainText(clues_to_text(puzzle.cols))
                self.grid.set_clues(puzzle.rows, puzzle.cols)
                self.grid.set_cells(new_grid(puzzle.height, puzzle.width))

    def _set_mode_widgets(self, mode: str) -> None:
        self._mode = mode
        blocked = self.ui.draw_radio.blockSignals(True)
        (self.ui.draw_radio if mode == DRAW else self.ui.clues_radio).setChecked(True)
        self.ui.draw_radio.blockSignals(blocked)
        drawing = mode == DRAW
        self.ui.rows_edit.setReadOnly(drawing)
        self.ui.cols_edit.setReadOnly(drawing)
        self.grid.set_faint_satisfied(not drawing)
        # Room for the longest clues a line can have keeps the grid still under strokes; typed
        # clues need none, and on a big puzzle it would take half the view.
        self.grid.set_reserve_clue_room(drawing)
        # In a picture a cell not painted is empty, not "unknown" as in a grid being solved.
        self.grid.set_state_names(PICTURE_NAMES if drawing else STATE_NAMES)
        self.ui.clue_hint.setText(
            "The clues follow the picture you paint."
            if drawing
            else "One clue per line, numbers separated by spaces or commas (0 = empty line)."
        )
        self.ui.rows_message.hide()
        self.ui.cols_message.hide()
        self.ui.totals_message.hide()
        self.ui.rows_edit.mark_lines(set())
        self.ui.cols_edit.mark_lines(set())
        self._scroll_to_clues()

    def _scroll_to_clues(self) -> None:
        """Once the grid is laid out, scroll where its clue numbers begin to the view's top
        left: the room Draw mode keeps before them for longer clues is empty, and on a big
        puzzle it is larger than the view, which showed nothing else (a new 100x100 at
        1024x600: a blank grey view, the grid scrolled out of sight).  Clues longer than the
        view are seen by their last numbers beside the first cells (``scroll_to_start``): a
        random 1000x1000 showed the empty corner between them, a blank grey view again."""
        self.ui.scroll.scroll_to_start_later()

    def _on_mode_toggled(self, drawing: bool) -> None:
        mode = DRAW if drawing else CLUES
        if mode != self._mode:
            self._undo.push(ModeCommand(self, mode))

    def _mode_state(self) -> ModeState:
        """What a switch of mode changes: the mode, the cells and the clue documents."""
        return (
            self._mode,
            self.grid.cells().copy(),
            self.ui.rows_edit.document(),
            self.ui.cols_edit.document(),
        )

    def _new_clue_document(self, edit: ClueEdit) -> QTextDocument:
        """A document for ``edit`` holding its text, without undo history; its typed steps go
        on the editor's stack as the first document's do (:meth:`ClueEdit.share_document`)."""
        doc = QTextDocument(self)
        doc.setDocumentLayout(QPlainTextDocumentLayout(doc))
        doc.setDefaultFont(edit.document().defaultFont())
        doc.setPlainText(edit.toPlainText())
        edit.share_document(doc)
        return doc

    def _set_clue_documents(self, rows: QTextDocument, cols: QTextDocument) -> None:
        for edit, doc in ((self.ui.rows_edit, rows), (self.ui.cols_edit, cols)):
            if edit.document() is not doc:
                old = edit.document()
                old.setParent(self)  # kept for an undo (the edit would delete it)
                if old not in self._spare_documents:
                    self._spare_documents.append(old)
                edit.setDocument(doc)

    def _switch_mode(self, mode: str) -> None:
        """Switch to ``mode`` (a :class:`ModeCommand`'s first redo): the clue texts go on in new
        documents; switching to drawing makes the filled cells the picture."""
        # A covered picture stays covered in either mode: in clues mode the grid keeps the
        # picture's cells as scratch, so showing it would spoil the puzzle the player opened.
        self._updating = True
        try:
            self._set_clue_documents(
                self._new_clue_document(self.ui.rows_edit),
                self._new_clue_document(self.ui.cols_edit),
            )
        finally:
            self._updating = False
        typed = self.ui.rows_edit.toPlainText(), self.ui.cols_edit.toPlainText()
        typed_clues = self.grid.clues() if mode == DRAW and self._typed_ok else None
        self._set_mode_widgets(mode)
        if mode == DRAW:  # _show_picture syncs: a second sync cost a 1000x1000 switch 0.2 s
            cells = np.where(self.grid.cells() == FILLED, FILLED, UNKNOWN).astype(np.int8)
            picture = self._typed_picture(typed_clues, cells)
            self._show_picture(cells if picture is None else picture)
            if picture is not None:  # (the clues are the typed ones, perhaps written otherwise)
                self.ui.clue_hint.setText(
                    "The clues follow the picture you paint: the one picture the typed clues "
                    "allow is painted (Undo brings back the cells as they were)."
                )
            elif (self.ui.rows_edit.toPlainText(), self.ui.cols_edit.toPlainText()) != typed:
                # the typed clues are not the filled cells' (no picture painted or solved):
                # they are replaced, which a person should not find out from the numbers alone
                self.ui.clue_hint.setText(
                    "The clues follow the picture you paint: the typed clues were not the "
                    "filled cells' clues and are replaced (Undo brings them back)."
                )
        else:
            self._sync()
        self._emit_edited()

    def _typed_picture(
        self, clues: tuple[Clues, Clues] | None, cells: np.ndarray
    ) -> np.ndarray | None:
        """The picture a switch to drawing paints for the typed ``clues``: their one solution,
        where the filled ``cells`` are not already a picture of them (typed clues leave the
        grid blank, and drawing took the blank picture's clues, all 0, for the ones typed);
        None when there is none, several, or none found in :data:`PICTURE_SEARCH_S` (the filled
        cells are then the picture, as before)."""
        if clues is None or self._clues_of_picture(cells) == clues:
            return None
        saved = self._saved
        if saved is not None and saved.goal is not None and (saved.rows, saved.cols) == clues:
            solution = saved.goal
        else:
            try:
                puzzle = Puzzle(*clues)
            except PuzzleError:  # (totals that differ: the typed clues read, but no puzzle)
                return None
            result = solve(puzzle, time_limit=PICTURE_SEARCH_S)
            if not result.verdict.is_unique or result.solution is None:
                return None
            solution = result.solution
        return np.where(np.asarray(solution) == FILLED, FILLED, UNKNOWN).astype(np.int8)

    def _show_mode_state(self, state: ModeState) -> None:
        """Put back what :meth:`_mode_state` captured (a switch of mode undone or redone)."""
        mode, cells, rows, cols = state
        self._updating = True
        try:
            self._set_clue_documents(rows, cols)
            self.grid.set_cells(cells)
        finally:
            self._updating = False
        self._set_mode_widgets(mode)
        self._sync()
        self._emit_edited()

    # --- reacting to edits ---------------------------------------------------------------------

    def _set_spins(self, width: int, height: int) -> None:
        for spin, value in ((self.ui.width_spin, width), (self.ui.height_spin, height)):
            blocked = spin.blockSignals(True)
            spin.setValue(value)
            spin.blockSignals(blocked)
        self._size = (width, height)

    def _show_typed_size(self, width: int, height: int) -> None:
        """Read the typed clues for a ``width`` x ``height`` puzzle (a typed size's undo step)."""
        self._set_spins(width, height)
        self._sync()
        self._emit_edited()

    def _show_picture(self, cells: np.ndarray) -> None:
        """Make ``cells`` the picture (used by mode switches and resize undo/redo)."""
        self._updating = True
        try:
            self._set_spins(cells.shape[1], cells.shape[0])
            self.grid.set_clues(*self._clues_of_picture(cells))
            self.grid.set_cells(cells)
        finally:
            self._updating = False
        self._sync()

    def _on_size_spin(self) -> None:
        width, height = self.ui.width_spin.value(), self.ui.height_spin.value()
        if self._mode == DRAW:
            before = self.grid.cells()
            after = new_grid(height, width)
            h, w = min(height, before.shape[0]), min(width, before.shape[1])
            after[:h, :w] = before[:h, :w]
            self._undo.push(ResizeCommand(self, before, after))
        else:
            was, self._size = self._size, (width, height)
            # One step: the size, then each clue text given a line per row / column.
            self._undo.beginMacro(f"Resize to {width}x{height}")
            try:
                self._undo.push(TypedSizeCommand(self, was, self._size))
                self._sync()
                self._fit_clue_lines(self.ui.rows_edit, height)
                self._fit_clue_lines(self.ui.cols_edit, width)
            finally:
                self._undo.endMacro()
            self._emit_edited()

    @staticmethod
    def _fit_clue_lines(edit: ClueEdit, count: int) -> None:
        """Give ``edit``'s typed clues ``count`` lines: empty lines (``0``) added after the last,
        or the lines past ``count`` dropped (a size made smaller), as one edit of the text."""
        doc = edit.document()
        lines = doc.blockCount()
        if lines == count:
            return
        cursor = QTextCursor(doc)
        cursor.beginEditBlock()
        if lines < count:
            cursor.movePosition(QTextCursor.MoveOperation.End)
            cursor.insertText("\n0" * (count - lines))
        else:
            cursor.setPosition(doc.findBlockByNumber(count - 1).position())
            cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock)
            cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
            cursor.removeSelectedText()
        cursor.endEditBlock()

    def _on_cells_changed(self) -> None:
        if not self._updating and self._mode == DRAW:
            self._sync()
        self._emit_edited()

    def _on_clue_text_changed(self) -> None:
        if not self._updating and self._mode == CLUES:
            self._sync()
            self._emit_edited()

    def _sync(self) -> None:
        """Bring clues, texts, messages and the puzzle in line with the current mode's source."""
        self._updating = True
        try:
            if self._mode == DRAW:
                rows, cols = self._clues_of_picture(self.grid.cells())
                self.grid.set_clues(rows, cols)
                self.ui.rows_edit.set_text_keeping_view(clues_to_text(rows))
                self.ui.cols_edit.set_text_keeping_view(clues_to_text(cols))
            else:
                self._validate_typed_clues()
        finally:
            self._updating = False
        self._refresh_puzzle()

    def _clues_of_picture(self, cells: np.ndarray) -> tuple[Clues, Clues]:
        """The clues of the picture ``cells``, worked out once for the same cells."""
        kept = self._picture_clues
        if kept is not None and kept[0].shape == cells.shape and np.array_equal(kept[0], cells):
            return kept[1], kept[2]
        rows, cols = clues_of_grid(cells)
        self._picture_clues = np.array(cells, copy=True), rows, cols
        return rows, cols

    def _show_typed_clues(
        self, rows_text: str, cols_text: str, width: int, height: int
    ) -> tuple[list[ClueProblem], list[ClueProblem]]:
        """Show the typed clues on the grid, a line that is not clues as ``?``; the problems
        of the rows' text and of the columns'."""
        rows = read_clue_text(rows_text, "row", height, width)
        cols = read_clue_text(cols_text, "column", width, height)
        self.grid.set_clues(rows.clues, cols.clues)
        self.grid.set_invalid_lines(rows.not_clues, cols.not_clues)
        return rows.problems, cols.problems

    def _validate_typed_clues(self) -> None:
        row_problems: list[ClueProblem] = []
        col_problems: list[ClueProblem] = []
        if self._known is not None:  # written from its clues, which the grid shows: no problem
            self.grid.set_invalid_lines((), ())
        else:
            width, height = self.ui.width_spin.value(), self.ui.height_spin.value()
            rows_text = self.ui.rows_edit.toPlainText()
            cols_text = self.ui.cols_edit.toPlainText()
            row_problems, col_problems = self._show_typed_clues(rows_text, cols_text, width, height)
        for edit, label, problems in (
            (self.ui.rows_edit, self.ui.rows_message, row_problems),
            (self.ui.cols_edit, self.ui.cols_message, col_problems),
        ):
            edit.mark_lines({p.index for p in problems})
            show_messages(label, [p.message for p in problems])
        totals = (
            None
            if row_problems or col_problems or self._known is not None
            else totals_problem(*self.grid.clues())
        )
        show_messages(self.ui.totals_message, [totals] if totals else [])
        self._typed_ok = not (row_problems or col_problems or totals)
        self._lines_ok = not (row_problems or col_problems)

    def _current_puzzle(self) -> tuple[Puzzle | None, ClueProblem | None]:
        meta = {key: edit.text().strip() for key, edit in self.ui.meta_edits.items()}
        known = self._known
        if known is not None and (self._mode == DRAW) == (known.goal is not None):
            # the puzzle loaded: the picture or the clue texts shown are its own
            same = all(getattr(known, key) == value for key, value in meta.items())
            return (known if same else known.with_meta(**meta)), None
        if self._mode == DRAW:
            cells = self.grid.cells()
            rows, cols = self._clues_of_picture(cells)
            goal = np.where(cells == FILLED, FILLED, CROSSED).astype(np.int8)
            return Puzzle(rows, cols, goal=goal, notes=self._notes, **meta), None
        if not self._typed_ok:
            return None, None
        rows, cols = self.grid.clues()
        saved = self._saved
        if (
            saved is not None
            and saved.goal is not None
            and saved.rows == rows
            and saved.cols == cols
        ):
            # The clues read as text are the saved puzzle's: it keeps its picture (switching to
            # Type clues changes nothing, and saving then keeps the solution in the file).
            return saved.with_meta(**meta), None
        try:
            return (
                Puzzle(
                    rows,
                    cols,
                    title=meta["title"],
                    author=meta["author"],
                    copyright=meta["copyright"],
                    licence=meta["licence"],
                    notes=self._notes,
                ),
                None,
            )
        except PuzzleError as exc:  # the checks above should have caught it; never show a trace
            return None, ClueProblem(0, str(exc))

    def _refresh_puzzle(self) -> None:
        puzzle, problem = self._current_puzzle()
        if problem is not None:
            show_messages(self.ui.totals_message, [problem.message])
        old = self._puzzle
        changed = (puzzle is None) != (old is None) or puzzle != old
        self._puzzle = puzzle
        if changed:
            same_clues = (
                puzzle is not None
                and old is not None
                and ((puzzle.rows, puzzle.cols) == (old.rows, old.cols))
            )
            if not same_clues:
                self.grid.set_overlay(None)
            self.puzzleChanged.emit(puzzle)
        self._note_alternate()
        self._update_modified()

    def _update_modified(self) -> None:
        modified = self.is_modified()
        if modified != self._was_modified:
            self._was_modified = modified
            self.modifiedChanged.emit(modified)
