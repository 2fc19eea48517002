"""The colour puzzle editor (:class:`ColourEditorView`): the picture in its palette colours (the
clues follow it as you paint), the palette panel and the metadata.

A file with a solution picture opens with it.  A file of clues only opens with the picture the
colour solver finds when it is unique (the file's clues are exactly that picture's), and the
picture is saved with the puzzle only once the user paints; clues with no unique picture open
as they are, the grid not paintable, so no clue is ever rewritten behind the user's back.  The
solver runs in the worker pool (it may take seconds): the clues show at once on a blank grid,
the picture when the search ends, and a newer puzzle or fix cancels an older search.
Every paint stroke and palette change is one undo step.  The editor holds no puzzle logic: the
clues, the model's checks and the solver are the core's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QColor, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QColorDialog,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from nonostudio.analysis.typos.colour_edits import ColourEdit
from nonostudio.core.colour.clue_text import LIKE_DIGITS, clue_letters
from nonostudio.core.colour.model import (
    BACKGROUND,
    MAX_COLOURS,
    WHITE,
    Colour,
    ColourClues,
    ColourPuzzle,
    Palette,
    clues_of_colour_grid,
)
from nonostudio.core.counts import count
from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats._colour import common_colour_name, nearest_free_name
from nonostudio.gui.common.elided_label import ElidedLabel
from nonostudio.gui.common.field_undo import FieldUndo
from nonostudio.gui.common.process_child import ProcessJob
from nonostudio.gui.common.process_pool import hint_pool
from nonostudio.gui.common.workers import Worker, run_in_background
from nonostudio.gui.editor.colour.clue_dialog import ColourClueDialog
from nonostudio.gui.editor.colour.palette import PalettePanel
from nonostudio.gui.editor.colour.picture_job import CluePicture, find_clue_picture
from nonostudio.gui.editor.layout import MAX_SIZE, META_FIELDS, size_spin
from nonostudio.gui.grid.colour import Cells, ColourGrid
from nonostudio.gui.grid.scroll import GridStart

#: Seconds the solver may take to find the picture of a file of clues only.
SOLVE_SECONDS = 2.0
#: Colours offered for a new palette entry, in turn (then grey).
NEW_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2")
_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: The note over the grid while the solver looks for the picture of clues with none.
SEARCHING = "Looking for the picture of these clues; the grid cannot be painted until it is found."


@dataclass(frozen=True)
class ColourState:
    """Everything an undo step restores: the palette, the picture, the clues when they are the
    file's (not the picture's), and whether the picture is saved with the puzzle."""

    palette: Palette
    cells: Cells
    fixed: tuple[ColourClues, ColourClues] | None = None
    keep_goal: bool = True

    def clues(self) -> tuple[ColourClues, ColourClues]:
        return self.fixed if self.fixed is not None else clues_of_colour_grid(self.cells)


class StateCommand(QUndoCommand):
    """Go from one :class:`ColourState` to another (a stroke, a palette change)."""

    def __init__(
        self, editor: ColourEditorView, text: str, before: ColourState, after: ColourState
    ) -> None:
        super().__init__(text)
        self._editor, self._before, self._after = editor, before, after

    def redo(self) -> None:
        self._editor._show_state(self._after)

    def undo(self) -> None:
        self._editor._show_state(self._before)

    def settle(self, after: ColourState) -> None:
        """Go to ``after`` on a redo instead (the picture found for the clues this step made)."""
        self._after = after

    def after(self) -> ColourState:
        return self._after


def _clues_state(palette: Palette, rows: ColourClues, cols: ColourClues) -> ColourState:
    """The editor's state for clues with no picture (yet): the clues kept as they are on a blank
    grid, not paintable."""
    blank = ((BACKGROUND,) * len(cols),) * len(rows)
    return ColourState(palette, blank, (rows, cols), False)


def _no_picture_note(found: CluePicture) -> str:
    return (
        f"These clues have no unique picture ({found.label}): the clues are kept as they are "
        "and the grid cannot be painted; it shows the cells line logic decides."
    )


def free_char(palette: Palette, name: str) -> str:
    """A character for a new colour called ``name``: its first letter when no colour has it,
    never one that reads as a digit after a length (:data:`LIKE_DIGITS`): orange was ``o``,
    and its blocks were typed ``1o 3a`` (ten?) in Type Clues and written so in ``.g`` and
    ``.non`` files; nor the letter another colour is typed with (:func:`clue_letters`: the new
    puzzle's black, ``#``, is typed ``a``, which a new colour given ``a`` took from it)."""
    taken = {c.char for c in palette.colours} | set(clue_letters(palette)) | LIKE_DIGITS
    first = name[:1].lower()
    if first.isalpha() and first not in taken:
        return first
    return next(ch for ch in _CHARS if ch not in taken)


def _same_value(palette: Palette, rgb: str, index: int) -> str:
    """Why colour ``index`` may not take the value ``rgb``: another colour of ``palette`` (the
    background too) has it, and the grid, the clues and the player's buttons would show the two
    alike (blue recoloured #d62728 became a second red, "red 2", and red's and its clues could
    not be told apart); "" when none has."""
    for i, colour in enumerate(palette.colours):
        if i != index and colour.rgb == rgb.lower():
            what = "the background" if i == BACKGROUND else colour.name
            return f"{what} already is {colour.rgb}: two colours of one value look the same."
    return ""


class ColourEditorView(QWidget):
    """Paint a colour puzzle's picture and edit its palette and metadata."""

    puzzleChanged = Signal(object)  # ColourPuzzle | None
    modifiedChanged = Signal(bool)
    edited = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._undo = QUndoStack(self)
        self.grid = ColourGrid()
        self.grid.set_reserve_clue_room(True)  # a stroke that adds clues moves no cell
        self.palette_panel = PalettePanel()
        self.status = ElidedLabel()  # the hovered cell's words never widen the window
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.hide()
        self.meta_edits: dict[str, QLineEdit] = {key: QLineEdit() for key, _ in META_FIELDS}
        self.width_spin = size_spin("Width")
        self.height_spin = size_spin("Height")
        self.type_button = QPushButton("&Type Clues…")
        self.type_button.setToolTip(
            "Type the row and column clues (3r 1b: each block's length and its colour's letter)"
        )
        self.type_button.clicked.connect(self.type_clues)
        self._notes = ""
        self._state = ColourState(Palette((WHITE,)), ((BACKGROUND,),))
        self._puzzle: ColourPuzzle | None = None
        self._saved: ColourPuzzle | None = None
        self._forced_modified = False
        self._was_modified = False
        # The last line-logic cell sets shown, with their clues (shown again after a palette
        # change that keeps the clues).
        self._line_logic: tuple[Cells, ColourClues, ColourClues] | None = None
        # The search for the picture of clues with none (their clues, and the undo step of the
        # typo fix that made them, whose redo then shows the picture), and the note said of
        # clues once searched (no unique picture, or the search failed).
        self._search: Worker | None = None
        self._pending: tuple[ColourClues, ColourClues, StateCommand | None] | None = None
        self._clue_note: tuple[tuple[ColourClues, ColourClues], str] | None = None
        self._build()
        self.grid.stroked.connect(self._on_stroke)
        self.grid.colourKey.connect(self.pick_colour)
        self.grid.hovered.connect(self.status.setText)
        self.grid.paintRefused.connect(self.status.setText)  # (a key below a pixel a cell)
        self.palette_panel.colourKey.connect(self.pick_colour)
        self.palette_panel.currentChanged.connect(self.grid.set_current)
        self.palette_panel.addRequested.connect(self._ask_add)
        self.palette_panel.removeRequested.connect(self.remove_colour)
        self.palette_panel.recolourRequested.connect(self._ask_recolour)
        self.palette_panel.renameRequested.connect(self._ask_rename)
        self._undo.cleanChanged.connect(lambda _clean: self._update_modified())
        # Title, author, copyright and licence are undone from the Edit menu too.
        self._fields = FieldUndo(self.meta_edits, self._undo, self._on_meta_edited)
        self.width_spin.valueChanged.connect(self._on_size_spin)
        self.height_spin.valueChanged.connect(self._on_size_spin)

    def _build(self) -> None:
        left = QVBoxLayout()
        left.addWidget(self.note)
        self.grid_scroll = scroll = QScrollArea()
        scroll.setWidget(self.grid)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        self._start = GridStart(scroll, self.grid)
        left.addWidget(scroll, 1)
        left.addWidget(self.status)
        form = QFormLayout()
        size = QHBoxLayout()
        size.addWidget(self.width_spin)
        size.addWidget(QLabel("x"))
        size.addWidget(self.height_spin)
        form.addRow("Size:", size)
        form.addRow("Clues:", self.type_button)
        for key, label in META_FIELDS:
            form.addRow(label + ":", self.meta_edits[key])
        right = QVBoxLayout()
        right.addWidget(self.palette_panel, 1)
        right.addLayout(form)
        side = QWidget()
        side.setLayout(right)
        side.setMinimumWidth(250)
        side.setMaximumWidth(340)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(left, 3)
        layout.addWidget(side, 1)

    # --- public API ------------------------------------------------------------------------

    def set_title(self, title: str) -> None:
        """Put ``title`` in the Title box, as if typed there (one undo step)."""
        self._fields.set_text("title", title)

    def title(self) -> str:
        """The title typed in the Title box (also while the puzzle is not valid)."""
        return self.meta_edits["title"].text().strip()

    def puzzle(self) -> ColourPuzzle | None:
        return self._puzzle

    def state(self) -> ColourState:
        return self._state

    def set_puzzle(self, puzzle: ColourPuzzle) -> None:
        """Show ``puzzle`` as saved, with a fresh undo history."""
        for key, edit in self.meta_edits.items():
            edit.setText(getattr(puzzle, key))
            edit.setCursorPosition(0)  # its start in sight, not its end
        self._notes = puzzle.notes
        self._stop_search()
        self.status.setText("")  # (the hovered cell's words were of the picture before)
        if puzzle.goal is not None:
            state = ColourState(puzzle.palette, puzzle.goal)
        else:  # the clues at once; their picture when the search ends
            state = _clues_state(puzzle.palette, puzzle.rows, puzzle.cols)
            self._search_picture(state, None)
        self._show_state(state, current=1 if len(state.palette) > 1 else 0)
        self._undo.clear()
        self._fields.reset()
        self.set_modified(False)
        self._scroll_to_clues()

    def _scroll_to_clues(self) -> None:
        """Once the grid has its new size and is shown, scroll where the puzzle starts
        (:class:`~nonostudio.gui.grid.scroll.GridStart`, as the black-and-white grid does): its
        clues from their first boxes (the room kept before them for longer clues is empty, and
        on a big puzzle wider than the view), or, clues longer than the view, their last boxes
        beside the first cells: a random 200x200 opened on the empty corner between them."""
        self._start.scroll_to_start_later()

    def is_searching(self) -> bool:
        """Whether the picture of the shown clues is being looked for."""
        return self._pending is not None

    def new_puzzle(self, width: int, height: int, palette: Palette) -> None:
        """A blank ``width`` x ``height`` picture in ``palette``, with no metadata."""
        blank = ((BACKGROUND,) * width,) * height
        self.set_puzzle(ColourPuzzle(palette, ((),) * height, ((),) * width, goal=blank))

    def snapshot(self) -> dict[str, Any]:
        """Everything the user has painted or typed, as JSON-ready data (for the autosave)."""
        state = self._state
        return {
            "palette": [[c.name, c.rgb, c.char] for c in state.palette.colours],
            "cells": [list(row) for row in state.cells],
            "fixed": None
            if state.fixed is None
            else [[[list(item) for item in clue] for clue in side] for side in state.fixed],
            "keep_goal": state.keep_goal,
            "meta": {key: edit.text() for key, edit in self.meta_edits.items()},
            "notes": self._notes,
        }

    def restore_snapshot(self, data: dict[str, Any]) -> None:
        """Show what :meth:`snapshot` captured, marked as modified; raises ValueError if damaged
        (nothing changes then)."""
        try:
            palette = Palette(tuple(Colour(str(n), str(r), str(c)) for n, r, c in data["palette"]))
            cells = tuple(tuple(int(v) for v in row) for row in data["cells"])
            fixed_data = data["fixed"]
            fixed = None
            if fixed_data is not None:
                rows, cols = (
                    tuple(tuple((int(n), int(c)) for n, c in clue) for clue in side)
                    for side in fixed_data
                )
                fixed = (rows, cols)
            keep_goal = bool(data["keep_goal"])
            meta = {key: str(data["meta"].get(key, "")) for key, _label in META_FIELDS}
            notes = str(data.get("notes", ""))
            height, width = len(cells), len(cells[0]) if cells else 0
            if not height or not width or any(len(row) != width for row in cells):
                raise ValueError("the picture is not a rectangle")
            if any(not 0 <= v < len(palette) for row in cells for v in row):
                raise ValueError("a cell holds a colour not in the palette")
            state = ColourState(palette, cells, fixed, keep_goal)
            rows, cols = state.clues()
            ColourPuzzle(palette, rows, cols)  # the clues fit the picture and the palette
        except (KeyError, TypeError, ValueError, AttributeError, PuzzleError) as exc:
            raise ValueError(f"damaged colour editor state ({exc})") from None
        for key, edit in self.meta_edits.items():
            edit.setText(meta[key])
            edit.setCursorPosition(0)  # its start in sight, not its end
        self._notes = notes
        self._stop_search()
        self._clue_note = None
        if fixed is not None:  # (saved while its picture was looked for, or with none)
            self._search_picture(state, None)
        self._show_state(state, current=1 if len(palette) > 1 else 0)
        self._undo.clear()
        self._fields.reset()
        self._saved = None
        self.set_modified(True)

    def picture_size(self) -> tuple[int, int]:
        """The picture's width and height."""
        cells = self._state.cells
        return len(cells[0]), len(cells)

    def resize_picture(self, width: int, height: int) -> bool:
        """Make the picture ``width`` x ``height`` (cells kept where they still fit, new ones
        background) as one undo step; refused while the clues are the file's."""
        if self._state.fixed is not None or not (
            1 <= width <= MAX_SIZE and 1 <= height <= MAX_SIZE
        ):
            self._show_size()
            return False
        old = self._state.cells
        if (width, height) == self.picture_size():
            return False
        cells = tuple(
            tuple(
                old[r][c] if r < len(old) and c < len(old[0]) else BACKGROUND for c in range(width)
            )
            for r in range(height)
        )
        self._change(
            f"Resize to {width}x{height}", replace(self._state, cells=cells, keep_goal=True)
        )
        return True

    def _on_size_spin(self) -> None:
        self.resize_picture(self.width_spin.value(), self.height_spin.value())

    def _show_size(self) -> None:
        width, height = self.picture_size()
        for spin, value in ((self.width_spin, width), (self.height_spin, height)):
            blocked = spin.blockSignals(True)
            spin.setValue(value)
            spin.blockSignals(blocked)
            spin.setEnabled(self._state.fixed is None)

    def undo_stack(self) -> QUndoStack:
        return self._undo

    def is_modified(self) -> bool:
        return self._forced_modified or self._puzzle != self._saved

    def set_modified(self, modified: bool) -> None:
        self._forced_modified = modified
        if not modified:
            self._saved = self._puzzle
            self._undo.setClean()
        self._update_modified()

    def show_alternate(self, grid: object, other: object = None) -> None:
        """Mark where ``grid`` (rows of palette indices: another solution) differs from the
        picture; None hides the marks.  ``grid`` and ``other`` are the two solutions a check
        found (its alternate and solution): the search finds them in its own order, so the
        alternate may be the very picture drawn, which leaves nothing to mark; then ``other``
        is shown (as in the black-and-white editor)."""
        if grid is None:
            self.grid.set_overlay(None)
            return
        rows = _cells_of(grid)
        if other is not None and rows == self.grid.cells():
            rows = _cells_of(other)
        self.grid.set_overlay(rows)

    def show_line_logic(self, grid: Cells, rows: ColourClues, cols: ColourClues) -> int:
        """Hatch the cells line logic leaves undecided in ``grid`` (the colour solver's cell sets
        for the clues ``rows`` and ``cols``); a late result for other clues is ignored.  Returns
        how many are hatched."""
        state = self._state
        if (rows, cols) != state.clues():
            return 0
        self._line_logic = (grid, rows, cols)
        undecided = frozenset(
            (r, c)
            for r, row in enumerate(grid)
            for c, cell in enumerate(row)
            if cell & (cell - 1)  # more than one colour still possible
        )
        if state.fixed is not None:  # no picture: show the colours line logic decides
            decided = tuple(
                tuple(BACKGROUND if cell & (cell - 1) else cell.bit_length() - 1 for cell in row)
                for row in grid
            )
            self.grid.set_content(state.palette, rows, cols, decided)
        self.grid.set_undecided(undecided)
        return len(undecided)

    def mark_clue_lines(self, lines: Sequence[tuple[str, int]]) -> None:
        """Mark these lines (``("row", 6)``) on the grid, clues included (a typo suggestion's);
        () clears the marks."""
        self.grid.set_marked_lines(lines)

    def apply_clue_edit(self, edit: Any) -> bool:
        """Make a colour typo finder's edit to the file's clues (one undo step): the clues with
        the edit made open with their picture when it is unique (and the note saying there was
        none goes), else stay the clues as they are.  A black-and-white edit, or a picture
        whose clues are its own, changes nothing (False)."""
        state = self._state
        if state.fixed is None or not isinstance(edit, ColourEdit):
            return False
        rows, cols = edit.apply(*state.fixed)
        try:
            ColourPuzzle(state.palette, rows, cols)
        except PuzzleError as exc:  # (the finder offers only edits whose clues fit)
            self.status.setText(f"The fix cannot be made: {exc}")
            return False
        after = _clues_state(state.palette, rows, cols)
        command = StateCommand(self, f"Fix {edit.line_name}", state, after)
        self._search_picture(after, command)
        self._undo.push(command)
        return True

    def type_clues(self) -> None:
        """Ask for the clues as text (:class:`ColourClueDialog`, filled with the clues shown)
        and make them the puzzle's (:meth:`set_typed_clues`)."""
        rows, cols = self._state.clues()
        dialog = ColourClueDialog(self._state.palette, rows, cols, self.clues_problem, self)
        if dialog.exec() == ColourClueDialog.DialogCode.Accepted:
            self.set_typed_clues(*dialog.clues())

    def clues_problem(self, rows: ColourClues, cols: ColourClues) -> str:
        """What is wrong with ``rows`` and ``cols`` as clues in the palette shown ('' when they
        make a puzzle): the line and block, or the colour whose totals differ."""
        if not rows or not cols:
            return "Type a clue for every row and every column (0 for one with no block)."
        if len(rows) > MAX_SIZE or len(cols) > MAX_SIZE:
            return f"A puzzle has at most {MAX_SIZE} rows and {MAX_SIZE} columns."
        try:
            ColourPuzzle(self._state.palette, rows, cols)
        except PuzzleError as exc:
            return str(exc)
        return ""

    def set_typed_clues(self, rows: ColourClues, cols: ColourClues) -> bool:
        """Make ``rows`` and ``cols`` the puzzle's clues (one undo step), kept as they are, as a
        file's clues with no picture are, until the search finds their unique picture, which
        can then be painted.  Clues that make no puzzle, or the clues shown, change nothing
        (False)."""
        state = self._state
        if self.clues_problem(rows, cols) or (rows, cols) == state.clues():
            return False
        after = _clues_state(state.palette, rows, cols)
        command = StateCommand(self, "Type clues", state, after)
        self._search_picture(after, command)
        self._undo.push(command)
        return True

    def unused_colours(self) -> list[str]:
        """The names of the colours (not the background) that no clue uses."""
        rows, cols = self._state.clues()
        used = {c for clue in (*rows, *cols) for _n, c in clue}
        palette = self._state.palette
        return [palette[i].name for i in range(1, len(palette)) if i not in used]

    def pick_colour(self, index: int) -> None:
        """Make palette entry ``index`` the colour the left button paints (keys 1-9)."""
        if 0 <= index < len(self._state.palette):
            self.palette_panel.set_current(index)

    def paint(self, cells: Cells) -> None:
        """Make ``cells`` the picture as one undo step (what a stroke does)."""
        self._on_stroke(self._state.cells, cells)

    # --- palette changes -------------------------------------------------------------------

    def add_colour(self, name: str, rgb: str) -> bool:
        """Add a colour to the palette; a refusal (too many, a name taken) is shown."""
        if self._refused_while_searching():
            return False
        palette = self._state.palette
        name = name.strip()
        try:
            colour = Colour(name, rgb, free_char(palette, name) if name else "?")
            new = Palette((*palette.colours, colour))
        except (PuzzleError, StopIteration) as exc:
            self.palette_panel.show_message(f"Cannot add the colour: {exc or 'no character left'}")
            return False
        twin = _same_value(palette, colour.rgb, len(palette))
        if twin:
            self.palette_panel.show_message(f"Cannot add the colour: {twin}")
            return False
        self._change(f"Add colour {name}", replace(self._state, palette=new))
        self.pick_colour(len(new) - 1)
        return True

    def remove_colour(self, index: int) -> bool:
        """Remove an unused colour (later colours move up one key); refused, with the reason
        shown, for the background and for a colour the picture or the clues use."""
        if self._refused_while_searching():
            return False
        state = self._state
        if index == BACKGROUND or not 0 < index < len(state.palette):
            self.palette_panel.show_message("The background colour cannot be removed.")
            return False
        name = state.palette[index].name
        used = sum(row.count(index) for row in state.cells)
        if state.fixed is not None and any(  # clues kept as they are: typed, not painted
            c == index for side in state.fixed for clue in side for _n, c in clue
        ):
            self.palette_panel.show_message(
                f"{name} is used by the clues; type them without it (Type Clues…) before "
                "removing it."
            )
            return False
        if used:  # (else the clues, which follow the picture, do not use it either)
            self.palette_panel.show_message(
                f"{name} is used by {count(used, 'cell')} of the picture; paint "
                f"{'it' if used == 1 else 'them'} another colour before removing it."
            )
            return False
        colours = state.palette.colours[:index] + state.palette.colours[index + 1 :]

        def shift(v: int) -> int:
            return v - 1 if v > index else v

        cells = tuple(tuple(shift(v) for v in row) for row in state.cells)
        fixed = None
        if state.fixed is not None:
            fixed = tuple(
                tuple(tuple((n, shift(c)) for n, c in clue) for clue in side)
                for side in state.fixed
            )
        new = ColourState(Palette(colours), cells, fixed, state.keep_goal)  # type: ignore[arg-type]
        self._change(f"Remove colour {name}", new)
        self.palette_panel.show_message(f"Removed {name}.")
        return True

    def recolour(self, index: int, rgb: str) -> bool:
        """Give colour ``index`` the value ``rgb``.  A colour named after its value (the common
        colour name nearest to it, as the new puzzle's black, red and blue are) takes the name
        of its new value, and the panel says so: the steps and hints name colours, and a red
        made green went on being called red ("cells 3-5 are red")."""
        palette = self._state.palette
        old = palette[index]
        twin = _same_value(palette, rgb, index)
        if twin:
            self.palette_panel.show_message(f"Cannot recolour {old.name}: {twin}")
            return False
        name, char = old.name, old.char
        if name == common_colour_name(old.rgb):
            others = {c.name for i, c in enumerate(palette.colours) if i != index}
            name = nearest_free_name(rgb, others)
        if name != old.name and char == old.name[:1].lower():
            # typed with its old name's letter (red's r): its new name's, when free, as a new
            # colour gets (Type Clues said "r = green" of a red made green, and .g and .non
            # files wrote its blocks 2r)
            rest = Palette(palette.colours[:index] + palette.colours[index + 1 :])
            if free_char(rest, name) == name[:1].lower():
                char = name[:1].lower()
        done = self._replace_colour(index, Colour(name, rgb, char), f"Recolour {old.name}")
        if done and name != old.name:
            typed = f" and typed {char}" if char != old.char else ""
            self.palette_panel.show_message(
                f"{old.name} is now {rgb}, so it is called {name}{typed} (Rename… to call it "
                "otherwise)."
            )
        return done

    def rename(self, index: int, name: str) -> bool:
        old = self._state.palette[index]
        try:
            colour = Colour(name.strip(), old.rgb, old.char)
        except PuzzleError as exc:
            self.palette_panel.show_message(f"Cannot rename {old.name}: {exc}")
            return False
        return self._replace_colour(index, colour, f"Rename {old.name}")

    def _replace_colour(self, index: int, colour: Colour, text: str) -> bool:
        if self._refused_while_searching():
            return False
        colours = list(self._state.palette.colours)
        colours[index] = colour
        try:
            palette = Palette(tuple(colours))
        except PuzzleError as exc:
            self.palette_panel.show_message(f"Cannot change {colours[index].name}: {exc}")
            return False
        self._change(text, replace(self._state, palette=palette))
        return True

    def _refused_while_searching(self) -> bool:
        """Refuse a palette change while the picture of the clues shown is looked for (the
        picture found is of the palette before; the undo steps made meanwhile would not hold
        it), saying so."""
        if not self.is_searching():
            return False
        self.palette_panel.show_message(
            "The picture of these clues is still being looked for: change the palette once it "
            "shows."
        )
        return True

    def _ask_add(self) -> None:
        if len(self._state.palette) >= MAX_COLOURS:
            self.palette_panel.show_message(f"A palette holds at most {MAX_COLOURS - 1} colours.")
            return
        n = len(self._state.palette)
        start = NEW_COLOURS[(n - 1) % len(NEW_COLOURS)]
        chosen = QColorDialog.getColor(QColor(start), self, "New Colour")
        if not chosen.isValid():
            return
        # the common name of the value picked ("green"), as the new puzzle's black, red and
        # blue are named: a recolour then renames it with its value ("colour 4" stayed)
        suggested = nearest_free_name(chosen.name(), {c.name for c in self._state.palette.colours})
        name, ok = QInputDialog.getText(self, "New Colour", "Name:", text=suggested)
        if ok:
            self.add_colour(name, chosen.name())

    def _ask_recolour(self, index: int) -> None:
        old = self._state.palette[index]
        chosen = QColorDialog.getColor(QColor(old.rgb), self, f"Recolour {old.name}")
        if chosen.isValid():
            self.recolour(index, chosen.name())

    def _ask_rename(self, index: int) -> None:
        old = self._state.palette[index]
        name, ok = QInputDialog.getText(self, "Rename Colour", "Name:", text=old.name)
        if ok and name.strip() != old.name:
            self.rename(index, name)

    # --- state -----------------------------------------------------------------------------

    def _on_stroke(self, before: Cells, after: Cells) -> None:
        if self._state.fixed is not None:  # the clues are the file's: nothing is painted
            self._show_state(self._state)
            return
        old = replace(self._state, cells=before)
        self._undo.push(StateCommand(self, "Paint", old, replace(old, cells=after, keep_goal=True)))

    def _change(self, text: str, new: ColourState) -> None:
        self._undo.push(StateCommand(self, text, self._state, new))

    def _show_state(self, state: ColourState, current: int | None = None) -> None:
        self._state = state
        # a refusal or what a change did was about the picture before ("blue is used by 4
        # cells" stayed on show after the picture was cut to 3 columns)
        self.palette_panel.show_message("")
        rows, cols = state.clues()
        keep = self.palette_panel.current() if current is None else current
        keep = min(keep, len(state.palette) - 1)
        self.grid.set_content(state.palette, rows, cols, state.cells)
        # Room for the clues a stroke may add only where strokes paint: clues kept as they are
        # (no picture) never grow, and on a big puzzle that room, wider than the view, was all
        # the view showed when opened.
        self.grid.set_reserve_clue_room(state.fixed is None)
        self._show_size()
        if self._line_logic is not None and self._line_logic[1:] == (rows, cols):
            self.show_line_logic(*self._line_logic)
        self.grid.set_editable(state.fixed is None)
        self._show_note()
        self.grid.set_current(keep)
        self.palette_panel.set_palette(state.palette, keep)
        self._refresh_puzzle()
        self.edited.emit()

    # --- the search for the picture of clues with none -----------------------------------

    def _search_picture(self, state: ColourState, command: StateCommand | None) -> None:
        """Look for the picture of ``state``'s clues in the worker pool (cancelling any search
        before); ``command`` is the undo step that made them, if any."""
        assert state.fixed is not None
        rows, cols = state.fixed
        self._stop_search()
        self._pending = (rows, cols, command)
        job = ProcessJob(find_clue_picture, (rows, cols, len(state.palette), SOLVE_SECONDS))
        # In the hint process (at the studio's priority: the user waits for the picture), not
        # the shared pool, where it would queue behind the check, grade and trace of the puzzle
        # just opened and run niced.
        self._search = run_in_background(
            job,
            on_result=self._on_picture,
            on_error=self._on_search_error,
            on_progress=self._on_search_progress,
            processes=hint_pool,
        )

    def _stop_search(self) -> None:
        """Cancel the search running (nothing more of it is heard)."""
        worker, self._search = self._search, None
        self._pending = None
        if worker is not None:
            worker.cancel()

    def _searched(self) -> bool:
        """Whether the signal being delivered is the current search's (a stale one's is
        dropped); the search is then over."""
        worker = self._search
        if worker is None or self.sender() is not worker.signals:
            return False
        self._search = None
        return True

    def _on_picture(self, found: CluePicture) -> None:
        if not self._searched():
            return
        pending, self._pending = self._pending, None
        if pending is None or (found.rows, found.cols) != pending[:2]:
            self._show_note()
            return
        rows, cols, command = pending
        if found.picture is None:
            self._clue_note = ((rows, cols), _no_picture_note(found))
            self._show_note()
            self.show_line_logic(found.line_logic, rows, cols)
            return
        if command is not None:
            command.settle(ColourState(command.after().palette, found.picture, keep_goal=False))
        if self._state.fixed == (rows, cols):  # (a palette change meanwhile is kept)
            self._show_state(ColourState(self._state.palette, found.picture, keep_goal=False))
            self._scroll_to_clues()  # the room kept for longer clues now comes before them
        else:
            self._show_note()

    def _on_search_error(self, message: str) -> None:
        if not self._searched():
            return
        pending, self._pending = self._pending, None
        if pending is not None:
            clues = (pending[0], pending[1])
            self._clue_note = (clues, f"The picture of these clues could not be found: {message}")
        self._show_note()

    def _on_search_progress(self, fraction: float, _message: str) -> None:
        worker = self._search
        if worker is None or self.sender() is not worker.signals:
            return
        if self._pending is not None and self._state.fixed == self._pending[:2]:
            self.note.setText(f"{SEARCHING} ({fraction:.0%})")

    def _show_note(self) -> None:
        """The note over the grid, about the clues shown: being searched, or what the search
        said of them; nothing over a picture."""
        fixed = self._state.fixed
        note = ""
        if fixed is not None:
            if self._pending is not None and self._pending[:2] == fixed:
                note = SEARCHING
            elif self._clue_note is not None and self._clue_note[0] == fixed:
                note = self._clue_note[1]
        self.note.setText(note)
        self.note.setVisible(bool(note))

    def _on_meta_edited(self) -> None:
        self._refresh_puzzle()
        self.edited.emit()

    def _current_puzzle(self) -> ColourPuzzle | None:
        state = self._state
        rows, cols = state.clues()
        meta = {key: edit.text().strip() for key, edit in self.meta_edits.items()}
        goal = state.cells if state.fixed is None and state.keep_goal else None
        try:
            return ColourPuzzle(state.palette, rows, cols, notes=self._notes, goal=goal, **meta)
        except PuzzleError as exc:  # a picture's clues are always valid; never show a trace
            self.status.setText(str(exc))
            return None

    def _refresh_puzzle(self) -> None:
        puzzle = self._current_puzzle()
        if puzzle != self._puzzle:
            self._puzzle = puzzle
            self.puzzleChanged.emit(puzzle)
        self._update_modified()

    def _update_modified(self) -> None:
        modified = self.is_modified()
        if modified != self._was_modified:
            self._was_modified = modified
            self.modifiedChanged.emit(modified)


def _cells_of(grid: object) -> Cells:
    """``grid`` (rows of palette indices, e.g. a numpy array) as the grid's cells."""
    return tuple(tuple(int(v) for v in row) for row in grid)  # type: ignore[attr-defined]
