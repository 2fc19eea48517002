"""Solving by hand in the Solve view: the player's grid, its undo and redo, mistakes rung on
request, the solved banner, the clock, and the player's progress kept in the library.

The puzzle is solved as soon as the filled cells satisfy every clue (empty cells need not be
crossed out; :func:`nonostudio.analysis.mistakes.filled_solves`), which locks the grid and says
so in a banner.  For a library puzzle the grid and time are kept in the library
(:meth:`Library.save_hand_progress`).  :class:`HandSolving` is mixed into
:class:`nonostudio.gui.solve.view.SolveView`; its one concern is the player's game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from nonostudio.analysis.mistakes import filled_solves, mistakes, reference_solution
from nonostudio.core.errors import PuzzleError
from nonostudio.core.library import Library, LibraryError
from nonostudio.core.puzzle import new_grid
from nonostudio.gui.grid.input import CellsCommand
from nonostudio.gui.solve.grid import StepMarks
from nonostudio.gui.solve.hand_timer import clock_text

if TYPE_CHECKING:
    from nonostudio.gui.solve.view import SolveView

HAND_HELP = (
    "Left click fills, right click crosses out; the puzzle is solved when the filled "
    "cells are right. Ask for a hint (H) when stuck."
)


class HandSolving:
    """The player's grid, solved state and kept progress."""

    _hand: np.ndarray
    _solved: bool

    def set_hand_mode(self: SolveView, on: bool) -> None:
        """Let the player paint the grid (on) or replay the trace (off)."""
        self.set_playing(False)
        if not on:
            self.save_progress()
            # The window's Undo follows this tab's grid: replaying, it must find nothing to undo
            # (the player's strokes would be painted over the replay).
            self.grid.undo_stack().clear()
        self.hand_action.setChecked(on)
        self.grid.set_read_only(not on or self._solved)
        self.grid.set_faint_satisfied(on)
        self.grid.set_marks(StepMarks())
        self.hand_bar.setVisible(on)
        self.timer_item.setVisible(on and self.timer_action.isChecked())
        self.banner_box.setVisible(on and self._solved)
        self._drop_hint()
        if on and self._solved:
            text = "You have solved this puzzle: Solve again to start afresh."
        else:
            text = HAND_HELP if on else ""
        self.message_label.setText(text)
        self._run_timer()
        self._show()
        if on:
            self.grid.setFocus()

    def is_hand_mode(self: SolveView) -> bool:
        return self.hand_action.isChecked()

    def hand_cells(self: SolveView) -> np.ndarray:
        return self._hand.copy()

    def is_solved(self: SolveView) -> bool:
        """Whether the player's filled cells solve the puzzle."""
        return self._solved

    def solution(self: SolveView) -> np.ndarray | None:
        """The solution mistakes are judged against: the trace's end, or the puzzle's goal."""
        return reference_solution(self._trace, self._puzzle)

    def mistakes(self: SolveView) -> list[tuple[int, int]]:
        """Cells the player decided differently from the solution."""
        return mistakes(self._hand, self.solution())

    def check_mistakes(self: SolveView) -> list[tuple[int, int]]:
        """Ring the player's wrong cells (on request) and say how many; the rings go with the
        next stroke."""
        if self._puzzle is None or not self.hand_action.isChecked():
            return []
        if self.solution() is None:
            self.message_label.setText(
                "Mistakes cannot be checked yet: the solution is still being worked out."
            )
            return []
        wrong = self.mistakes()
        self.grid.set_mistakes(wrong)
        if not wrong:
            self.message_label.setText("No mistakes so far.")
        else:
            r, c = wrong[0]
            more = f" (and {len(wrong) - 1} more, ringed)" if len(wrong) > 1 else " (ringed)"
            self.message_label.setText(
                f"{len(wrong)} mistake{'s' if len(wrong) > 1 else ''}: "
                f"row {r + 1}, column {c + 1} is wrong{more}."
            )
        return wrong

    def undo(self: SolveView) -> None:
        if self.hand_action.isChecked():
            self.grid.undo_stack().undo()

    def redo(self: SolveView) -> None:
        if self.hand_action.isChecked():
            self.grid.undo_stack().redo()

    def restart_hand(self: SolveView) -> None:
        """Clear the player's grid and time (one undoable step) and start again."""
        if self._puzzle is None:
            return
        before = self._hand.copy()
        self.timer.set_seconds(0)
        self.grid.undo_stack().push(
            CellsCommand(
                self.grid, before, new_grid(self._puzzle.height, self._puzzle.width), "Start again"
            )
        )
        self.grid.setFocus()

    def set_timer_shown(self: SolveView, shown: bool) -> None:
        self.timer_action.setChecked(shown)
        self.timer_item.setVisible(shown and self.hand_action.isChecked())

    def _run_timer(self: SolveView) -> None:
        """The clock runs while the player can solve: by hand, unsolved, and on screen (another
        tab or a minimised window pauses it)."""
        if (
            self.hand_action.isChecked()
            and not self._solved
            and self._puzzle is not None
            and self.isVisible()
        ):
            self.timer.start()
        else:
            self.timer.stop()

    def _on_cells_changed(self: SolveView) -> None:
        if self.hand_action.isChecked() and self.grid.cells().shape == self._hand.shape:
            self._hand = self.grid.cells()
            self.grid.set_mistakes(())  # rings were for the grid as it was checked
            if not self._applying:
                self._drop_hint()
            if self._puzzle is not None:
                self._set_solved(filled_solves(self._puzzle, self._hand))
            self._dirty = True
            if self._library is not None and self._library_id is not None:
                self._saver.start()
            self._update_actions()

    def _set_solved(self: SolveView, solved: bool, *, announce: bool = True) -> None:
        was = self._solved
        self._solved = solved
        hand = self.hand_action.isChecked()
        self.grid.set_read_only(not hand or solved)
        self.banner_box.setVisible(hand and solved)
        self._run_timer()  # stops on the solved moment, so the banner gives the final time
        if solved:
            size = "" if self._puzzle is None else f"{self._puzzle.size_text} "
            self.banner.setText(
                f"✓ Solved! You finished this {size}puzzle in {clock_text(self.timer.seconds())}."
            )
        if solved and not was and announce:
            self.message_label.setText(
                "Solved! Well done. Undo (Ctrl+Z) to go back, or Solve again to start afresh."
            )
            self.save_progress()
            self.handSolved.emit()
        self._update_actions()

    def _refresh_hand(self: SolveView) -> None:
        if self._puzzle is None:
            return
        self.grid.set_cells(self._hand)
        self.grid.set_mistakes(())

    # --- keeping progress ----------------------------------------------------------------------

    def set_library_puzzle(
        self: SolveView, library: Library | None, library_id: int | None
    ) -> None:
        """The puzzle shown is ``library_id`` of ``library`` (None: not a library puzzle): the
        player's grid is kept there, and a grid kept earlier is taken up again.  A library
        puzzle whose clues are not the ones shown (the editor changed them) is not taken."""
        if library is self._library and library_id == self._library_id:
            return
        self.save_progress()
        self._library, self._library_id = library, None
        self._save_problem = ""
        if library is None or library_id is None or self._puzzle is None:
            return
        try:
            stored = library.get(library_id)
            if (stored.rows, stored.cols) != (self._puzzle.rows, self._puzzle.cols):
                return
            self._library_id = library_id
            kept = library.hand_progress(library_id)
        except (LibraryError, PuzzleError) as exc:
            self.message_label.setText(
                f"Your earlier progress on this puzzle cannot be read: {exc}"
            )
            return
        if kept is None or kept.cells.shape != self._hand.shape:
            return
        self._resume(kept.cells, kept.seconds)

    def _resume(self: SolveView, cells: np.ndarray, seconds: float) -> None:
        """Take up the player's game kept in the library: its grid and time."""
        assert self._puzzle is not None
        self._hand = cells.copy()
        self.grid.undo_stack().clear()
        self.timer.set_seconds(seconds)
        self._dirty, self._saved_seconds = False, seconds
        self._set_solved(filled_solves(self._puzzle, self._hand), announce=False)
        if self.hand_action.isChecked():
            self._refresh_hand()
        state = "solved" if self._solved else "in progress"
        self.message_label.setText(
            f"Your game of this puzzle is {state} ({clock_text(seconds)}): "
            + (
                "press Solve by hand to see it."
                if not self.hand_action.isChecked()
                else "carry on where you left off."
            )
        )

    def save_progress(self: SolveView) -> bool:
        """Write the player's grid and time to the library now (for a library puzzle whose grid
        or time changed since it was loaded or saved, an emptied grid included); False when
        there was nothing to save or it could not be saved (said in the status line, once per
        reason)."""
        self._saver.stop()
        library, pid = self._library, self._library_id
        if library is None or pid is None or self._puzzle is None:
            return False
        if not self._hand.shape == (self._puzzle.height, self._puzzle.width):
            return False
        seconds = self.timer.seconds()
        if not self._dirty and abs(seconds - self._saved_seconds) < 1:
            return False
        try:
            library.save_hand_progress(pid, self._hand, seconds, self._solved)
        except LibraryError as exc:
            if str(exc) != self._save_problem:
                self._save_problem = str(exc)
                self.message_label.setText(f"Your progress is not kept: {exc}")
            return False
        self._save_problem = ""
        self._dirty, self._saved_seconds = False, seconds
        return True
