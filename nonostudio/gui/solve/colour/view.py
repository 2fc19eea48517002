"""The Solve view of a colour puzzle: watch the colour trace solve it step by step, or solve it
by hand with colours and pencil marks, with the hint ladder in colour.

The trace (:func:`nonostudio.analysis.colour.trace.colour_trace`) runs in a worker process within
the solver time limit (a newer puzzle drops a stale one).  Each step in the list shows the grid
after it — decided cells in their colours, undecided ones as pencil marks of the colours they may
still be — with the step's line, the clue items its premise names and the cells it narrows
marked.  By hand, the player's grid is a grid of cell sets
(:mod:`nonostudio.analysis.colour.hints`): painting decides a cell, pencil marks narrow it; Check
rings every cell whose set has lost the solution's colour; the puzzle is solved when every cell
is decided and the picture fits every clue, except a blank one (every clue empty), which says
there is nothing to solve and takes no move.  Hints come from the trace (replaying) or from the
player's grid (found in the background).  The game of a library puzzle is kept in the library
(:class:`~nonostudio.gui.solve.colour.progress.ColourProgressKeeper`) and taken up again when the
puzzle is opened, in a later session too; that of a puzzle no library holds is kept in memory
until the studio closes.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Signal
from PySide6.QtGui import QKeyEvent, QUndoCommand, QUndoStack
from PySide6.QtWidgets import QWidget

from nonostudio.analysis.colour.hints import (
    CellSets,
    ColourHintLadder,
    apply_colour_step,
    colour_grid_solves,
    colour_mistakes,
    colour_trace_hint,
    grid_after,
    judged_by_the_only_solution,
    reference_colour_solution,
    unknown_grid,
)
from nonostudio.analysis.colour.trace import ColourStep, ColourTrace
from nonostudio.analysis.helping.hints import CELLS, RUNGS
from nonostudio.analysis.helping.mistakes import nothing_to_fill
from nonostudio.core.colour.model import BACKGROUND, ColourGrid, ColourPuzzle
from nonostudio.core.errors import PuzzleError
from nonostudio.core.library import Library, LibraryError
from nonostudio.gui.common.limits import TIME_LIMIT_S
from nonostudio.gui.common.process_child import ProcessJob
from nonostudio.gui.common.process_pool import hint_pool, processes_enabled
from nonostudio.gui.common.workers import Worker, run_in_background
from nonostudio.gui.grid.colour import colour_key
from nonostudio.gui.solve.colour.grid import ColourMarks, ColourSolveGrid
from nonostudio.gui.solve.colour.hint_job import find_colour_hint
from nonostudio.gui.solve.colour.layout import COLOUR_HAND_HELP, ColourSolveUi
from nonostudio.gui.solve.colour.progress import ColourProgressKeeper
from nonostudio.gui.solve.colour.steps import (
    colour_step_marks,
    colour_step_rows,
    colour_summary,
    colour_verdict_words,
    no_picture,
    stopped_at_the_limit,
)
from nonostudio.gui.solve.colour.trace_job import trace_colour_puzzle
from nonostudio.gui.solve.layout import (
    NO_VALID_PUZZLE,
    NOTHING_TO_SOLVE,
    connect_action,
    connect_toggle,
)
from nonostudio.gui.solve.panes import PaneKeeper
from nonostudio.gui.solve.reveal import reveal_marks
from nonostudio.gui.solve.steps_model import StepsModel
from nonostudio.gui.solve.trace_view import (
    DEBOUNCE_MS,
    SolveKind,
    TraceView,
    checked_text,
    differs_text,
    fix_first_text,
    taken_up_text,
)

#: What is wrong with a mistaken cell: its set lost the solution's colour.
MARKED_WRONG = "cannot be what you marked"
#: What a cell differs from when the cells are judged against the puzzle's own picture, the
#: clues not known to have only it (:func:`judged_by_the_only_solution`): the player's colour
#: may be another picture's.
PICTURE = "the puzzle's picture"


class SetsCommand(QUndoCommand):
    """One stroke (or hint) on the player's grid: the cell sets before and after."""

    def __init__(self, view: ColourSolveView, before: CellSets, after: CellSets, text: str) -> None:
        super().__init__(text)
        self._view, self._before, self._after = view, before, after

    def redo(self) -> None:
        self._view._set_hand(self._after)

    def undo(self) -> None:
        self._view._set_hand(self._before)


class ColourSolveView(TraceView):
    """Replay the colour trace of a puzzle, or solve it by hand in colour."""

    traceReady = Signal(object)  # ColourTrace
    progressNotKept = Signal(str)  # the player's game could not be written to the library: why

    def __init__(self, parent: QWidget | None = None, *, delay_ms: int = DEBOUNCE_MS) -> None:
        kind = SolveKind(
            start_trace=self._start_trace,
            show=self._show,
            update_actions=self._update_actions,
            drop_hint=self._drop_hint,
            player_stack=self._player_stack,
            solvable_by_hand=self._solvable_by_hand,
            set_grid_editable=self._set_grid_editable,
            solved_words=self._solved_words,
            cancel=self.cancel,
            forget_trace=self._forget_trace,
            start_soon=self._start_soon,
        )
        super().__init__(parent, kind=kind, delay_ms=delay_ms)
        self._puzzle: ColourPuzzle | None = None
        self._shelved: ColourPuzzle | None = None  # the puzzle before the clues became invalid
        self._trace: ColourTrace | None = None
        self._hint_worker: Worker | None = None
        self.time_limit = TIME_LIMIT_S  # seconds a trace (or a hint) may take
        # the time limit of the trace running or shown: time_limit, or a longer one asked for
        self._run_limit = self._trace_limit = TIME_LIMIT_S
        self._before_longer = ""  # the summary shown before a longer trace (again if stopped)
        self._hand: CellSets = ()
        # games of puzzles not in the library left for another puzzle, by palette and clues:
        # taken up again when the same puzzle comes back in this session
        self._left: dict[tuple[object, ...], tuple[CellSets, float]] = {}
        self._progress = ColourProgressKeeper(self)
        self._progress.saveDue.connect(self.save_progress)
        self._solved = False
        self._undo = QUndoStack(self)
        self.grid: ColourSolveGrid = ColourSolveGrid()
        self.model = StepsModel(self)
        self.ui: ColourSolveUi = ColourSolveUi(self, self.grid, self.model)
        ui = self.ui
        self._progress.problem.connect(ui.message_label.setText)
        self._progress.problem.connect(self.progressNotKept)
        self._connect_replay()
        ui.longer_button.startRequested.connect(self._start_longer)
        ui.longer_button.stopRequested.connect(self._stop_longer)
        connect_toggle(ui.hand_action, self.set_hand_mode)
        connect_action(ui.hint_action, self.request_hint)
        connect_toggle(ui.pencil_action, self.set_pencil)
        connect_action(ui.undo_action, self.undo)
        connect_action(ui.redo_action, self.redo)
        connect_action(ui.check_action, self.check_mistakes)
        connect_toggle(ui.timer_action, self.set_timer_shown)
        ui.again_button.clicked.connect(self.restart_hand)
        self._panes = PaneKeeper(ui, None)
        connect_toggle(ui.steps_action, self.set_steps_shown)
        ui.picker.picked.connect(self.pick_colour)
        self.grid.colourKey.connect(self.pick_colour)
        self.grid.setsStroked.connect(self._on_stroke)
        self.grid.hovered.connect(ui.message_label.setText)
        self.grid.paintRefused.connect(ui.message_label.setText)  # (a key below a pixel a cell)
        self._undo.canUndoChanged.connect(self._stack_changed)
        self._undo.canRedoChanged.connect(self._stack_changed)
        self._update_actions()

    # --- inputs ------------------------------------------------------------------------------

    def set_puzzle(self, puzzle: ColourPuzzle | None) -> None:
        """Trace ``puzzle`` shortly (None: the editor's clues are not valid; the grid gives way
        to words saying so, and the player's game waits for the same clues to come back); the
        same clues again (a title edited) change nothing."""
        if puzzle is None:
            self._shelve(NO_VALID_PUZZLE)
            return
        if self._same_puzzle(puzzle, lambda p: (p.palette, p.rows, p.cols)):
            return
        self.cancel()  # (which saves the game of a library puzzle shown so far)
        self._keep_game()
        self._puzzle = puzzle
        # the trace is the puzzle before's: nothing below may take its verdict for this one's
        # (its "No solution" stayed under a unique puzzle opened by hand)
        self._forget_trace()
        self._progress.new_puzzle()  # the window says which library puzzle this is
        self._progress.unchanged(0.0)
        self._undo.clear()
        self.ui.timer.set_seconds(0)
        self._drop_hint()
        self.ui.show_no_puzzle("")
        shown_rows, shown_cols = self.grid.clues()
        if (len(shown_rows), len(shown_cols)) != (
            len(puzzle.rows),
            len(puzzle.cols),
        ):  # (a big puzzle's view at 0, 0 is the empty corner between its clues)
            self.ui.start.scroll_to_start_later()
        self._hand = unknown_grid(puzzle)
        used = puzzle.used_mask  # (an unused palette colour gets no button: it is in no cell)
        first = next((i for i in range(1, len(puzzle.palette)) if used >> i & 1), BACKGROUND)
        self.ui.picker.set_palette(puzzle.palette, first, used)
        self.ui.place_hand_bar()
        self.grid.set_current(self.ui.picker.current())
        self._set_solved(False, announce=False)
        # nothing said of the puzzle before (its step, its check) stays under this one
        hand = self.ui.hand_action.isChecked()
        self.ui.message_label.setText(self._hand_help() if hand else "")
        self._game_note = ""
        left = self._left.pop((puzzle.palette, puzzle.rows, puzzle.cols), None)
        if left is not None:
            self._take_up(
                *left, kept_where=" It was kept since you left it, until the studio closes."
            )
        self._start_soon()

    def games_kept_for_session(self) -> int:
        """Games played by hand kept only in memory (puzzles no library keeps), the one shown
        included once begun: closing the studio loses them."""
        puzzle = self._puzzle if self._puzzle is not None else self._shelved
        shown = (
            isinstance(puzzle, ColourPuzzle)
            and not self._progress.in_library()
            and self._hand != unknown_grid(puzzle)
        )
        return len(self._left) + int(shown)

    def shown_game_unkept(self) -> bool:
        """Whether the game on show is begun and kept by no library (Add Current Puzzle would
        keep it there)."""
        puzzle = self._puzzle
        return (
            puzzle is not None
            and not self._progress.in_library()
            and self._hand != unknown_grid(puzzle)
        )

    def _keep_game(self) -> None:
        """The player's game of the puzzle shown, once begun and when no library keeps it, is
        kept in memory for :meth:`set_puzzle` to take up again."""
        puzzle = self._puzzle
        if puzzle is None or self._progress.in_library() or self._hand == unknown_grid(puzzle):
            return
        key = (puzzle.palette, puzzle.rows, puzzle.cols)
        self._left[key] = (self._hand, self.ui.timer.seconds())

    def _take_up(self, sets: CellSets, seconds: float, kept_where: str = "") -> None:
        """Take up a game kept in the library (or, ``kept_where`` says, elsewhere): its grid
        and time, said in words."""
        puzzle = self._puzzle
        assert puzzle is not None
        self._hand = sets
        self._undo.clear()
        hand = self.ui.hand_action.isChecked()
        if hand:
            self.grid.set_sets(puzzle.palette, puzzle.rows, puzzle.cols, sets)
        self.ui.timer.set_seconds(seconds)
        self._progress.unchanged(seconds)
        self._set_solved(self._hand_solves(sets), announce=False)
        self._update_actions()
        self._say_taken_up(taken_up_text(self._solved, seconds, hand) + kept_where)

    # --- keeping progress in the library -----------------------------------------------------

    def set_library_puzzle(self, library: Library | None, library_id: int | None) -> None:
        """The puzzle shown is ``library_id`` of ``library`` (None: not a library puzzle): the
        player's game is kept there, and a game kept earlier is taken up again (one begun before
        the puzzle was added is kept there now).  A library puzzle whose palette or clues are
        not the ones shown (the editor changed them) is not taken."""
        if self._progress.is_shown(library, library_id):
            return
        self.save_progress()
        try:
            kept = self._progress.open_colour(library, library_id, self._puzzle)
        except (LibraryError, PuzzleError) as exc:
            self.ui.message_label.setText(
                f"Your earlier progress on this puzzle cannot be read: {exc}"
            )
            return
        if kept is None:
            if self._puzzle is not None and self._hand != unknown_grid(self._puzzle):
                self._progress.changed()
                self.save_progress()
            return
        self._take_up(kept.sets, kept.seconds)

    def library_puzzles_removed(self, ids: list[int]) -> None:
        """Library puzzles ``ids`` were deleted: the player's game of one of them stays on show,
        kept in the library no more."""
        self._progress.removed(ids)

    def save_progress(self) -> bool:
        """Write the player's game and time to the library now (for a library puzzle whose grid
        or time changed since it was loaded or saved); False when there was nothing to save or
        it could not be saved (said in the status line, once per reason)."""
        return self._progress.save_colour(
            self._puzzle, self._hand, self.ui.timer.seconds(), self._solved
        )

    def _start_soon(self) -> None:
        """Show the puzzle with no steps yet and start its trace after the pause."""
        self._forget_trace()
        self._show()
        self.ui.summary_label.setText("Solving…")
        self.ui.busy.show()
        self._debounce.start()

    def _forget_trace(self) -> None:
        self._trace = None
        self.model.set_rows([])
        self._position = 0

    def puzzle(self) -> ColourPuzzle | None:
        return self._puzzle

    def trace(self) -> ColourTrace | None:
        return self._trace

    def undo_stack(self) -> QUndoStack:
        """The player's strokes (empty while replaying)."""
        return self._undo

    def cancel(self) -> None:
        """Stop a pending or running trace or hint search (their results are dropped); the
        player's game of a library puzzle is saved, and no longer trace is offered."""
        self.save_progress()
        self._debounce.stop()
        self.ui.longer_button.drop()
        self.set_playing(False)
        for worker in (self._worker, self._hint_worker):
            if worker is not None:
                worker.cancel()
        self._worker = self._hint_worker = None
        self.ui.busy.hide()

    # --- the trace ---------------------------------------------------------------------------

    def _start_trace(self) -> None:
        if self._puzzle is not None:
            self._run_trace(self._puzzle, self.time_limit)

    def _run_trace(self, puzzle: ColourPuzzle, limit: float) -> None:
        """Trace ``puzzle`` within ``limit`` seconds, in a worker process."""
        self._run_limit = limit
        job = ProcessJob(trace_colour_puzzle, (puzzle, limit))
        self.ui.busy.setRange(0, 0)
        self._worker = run_in_background(
            job, on_result=self._traced, on_error=self._failed, on_progress=self._progressed
        )

    def _start_longer(self, seconds: float) -> None:
        """Trace the puzzle again within ``seconds`` (asked for on the longer button, as in the
        black-and-white view); the steps worked out so far stay on show until the new trace
        comes."""
        puzzle, trace = self._puzzle, self._trace
        if puzzle is None or trace is None:
            self.ui.longer_button.drop()
            return
        self._show_longer_running(colour_summary(trace, self._trace_limit))
        self._run_trace(puzzle, seconds)

    def _progressed(self, fraction: float, _message: str) -> None:
        """The share of cells the trace running has decided, on the busy bar."""
        if self._current(self._worker):
            self.ui.busy.setRange(0, 100)
            self.ui.busy.setValue(round(100 * fraction))

    def _traced(self, trace: ColourTrace) -> None:
        if not self._current(self._worker):
            return
        self._worker = None
        self.ui.busy.hide()
        self._trace = trace
        self._trace_limit = self._run_limit
        self.model.set_rows(colour_step_rows(trace))
        self.ui.summary_label.setText(colour_summary(trace, self._trace_limit))
        self._position = 0
        self._show()
        # (a colour solver that gave up on its own, for memory, is not offered more time)
        self.ui.longer_button.offer_after(self._trace_limit, stopped_at_the_limit(trace))
        if no_picture(trace) and self.ui.hand_action.isChecked():
            # nobody can finish it: no clock, no hint (one found meanwhile is dropped), why
            self._drop_hint()
            self.ui.message_label.setText(self._verdict_words())
        self._run_timer()
        self.traceReady.emit(trace)

    def _failed(self, message: str) -> None:
        if not self._current(self._worker):
            return
        self._worker = None
        self.ui.busy.hide()
        self.ui.longer_button.drop()
        self.ui.summary_label.setText(f"Cannot solve step by step: {message}")

    def _update_actions(self) -> None:
        ui = self.ui
        hand = ui.hand_action.isChecked()
        steps = len(self._trace.steps) if self._trace is not None else 0
        ui.back_action.setEnabled(not hand and self._position > 0)
        ui.forward_action.setEnabled(not hand and self._position < steps)
        ui.play_action.setEnabled(not hand and steps > 0)
        can_hint = self._puzzle is not None and (
            (hand and not self._solved and self._hand_playable())
            or (not hand and self._position < steps)
        )
        ui.hint_action.setEnabled(can_hint)
        ui.hint_panel.button.setEnabled(can_hint)
        ui.undo_action.setEnabled(hand and self._undo.canUndo())
        ui.redo_action.setEnabled(hand and self._undo.canRedo())
        ui.check_action.setEnabled(hand and not self._solved and self._hand_playable())
        ui.hand_action.setEnabled(hand or self._puzzle is not None)  # (by hand: to leave it)

    # --- replaying the trace -------------------------------------------------------------------

    def current_step(self) -> ColourStep | None:
        """The step the replay shows applied last (None at the start or by hand)."""
        if self._trace is None or self._position == 0 or self.ui.hand_action.isChecked():
            return None
        return self._trace.steps[self._position - 1]

    def _show(self) -> None:
        """Bring grid, marks, table selection and actions in line with the mode and position."""
        puzzle = self._puzzle
        if puzzle is None:
            self._update_actions()
            return
        if self.ui.hand_action.isChecked():
            self.grid.set_sets(puzzle.palette, puzzle.rows, puzzle.cols, self._hand)
            self._update_actions()
            return
        sets = (
            grid_after(self._trace, self._position)
            if self._trace is not None
            else unknown_grid(puzzle)
        )
        self.grid.set_sets(puzzle.palette, puzzle.rows, puzzle.cols, sets)
        step = self.current_step()
        if self.ui.hint_panel.rung() < 0:
            self._mark(ColourMarks() if step is None else colour_step_marks(step, puzzle))
        self._select_row(self._position - 1)
        self._update_actions()

    def _select_row(self, row: int) -> None:
        selection = self.ui.table.selectionModel()
        # (a row chosen here comes back through _row_chosen, which go_to finds already shown)
        if row < 0:
            selection.clearSelection()
            selection.setCurrentIndex(QModelIndex(), QItemSelectionModel.SelectionFlag.NoUpdate)
            if not self.ui.hand_action.isChecked():
                self._say_before(self._verdict_words())  # (none for a unique puzzle)
            return
        self._select_step(row)

    def _verdict_words(self) -> str:
        """What holds of the puzzle, under the grid at the replay's start (several solutions:
        where line logic stops); the steps pane with the summary may be folded away."""
        if self._trace is None:
            return ""
        return colour_verdict_words(self._trace, self._trace_limit)

    def _mark(self, marks: ColourMarks) -> None:
        """Mark a step on the grid and scroll its cells (or line) into sight, clear of the clues
        pinned to the view's top and left."""
        self.grid.set_marks(marks)
        covered = self.grid.pinned_size()  # (none where the clues are too long to be pinned)
        reveal_marks(self.ui.scroll, self.grid, marks.axis, marks.index, marks.cells, covered)

    # --- solving by hand -----------------------------------------------------------------------

    def set_hand_mode(self, on: bool) -> None:
        """Let the player paint the grid (on) or replay the trace (off)."""
        ui = self.ui
        self.set_playing(False)
        self._game_note = ""
        if not on:
            self.save_progress()
            self._undo.clear()  # the window's Undo must find nothing of the player's to undo
        ui.hand_action.setChecked(on)
        ui.longer_button.hold(on)  # (solving by hand, the player's own game is what goes on)
        if on and processes_enabled():
            hint_pool().warm_up()  # ready when the player first asks for a hint
        self.grid.set_editable(on and not self._solved and self._hand_playable())
        self._mark(ColourMarks())
        self.grid.set_mistakes(())
        ui.show_hand_bar(on)
        self._panes.hand_mode_changed()  # the steps are the solution: by hand hidden till asked
        ui.timer_item.setVisible(on and ui.timer_action.isChecked())
        ui.banner_box.setVisible(on and self._solved and self._puzzle is not None)
        self._drop_hint()
        if self._puzzle is None:
            ui.message_label.setText("")  # (the grid's place says why there is none)
        elif on and self._solved:
            ui.message_label.setText("You have solved this puzzle: Solve again to start afresh.")
        else:
            ui.message_label.setText(self._hand_help() if on else self._verdict_words())
        self._run_timer()
        self._show()
        if on:
            self.grid.setFocus()

    def pick_colour(self, index: int) -> None:
        """The left button paints palette colour ``index`` (keys 1–9); a colour no clue uses
        (in no cell) is not picked."""
        if self._puzzle is None or index < 0 or not self._puzzle.used_mask >> index & 1:
            return
        self.ui.picker.set_current(index)
        self.grid.set_current(index)

    def set_pencil(self, on: bool) -> None:
        """Strokes mark colours as possible or not (on), or paint them (off)."""
        self.ui.pencil_action.setChecked(on)
        self.grid.set_pencil(on)

    def hand_sets(self) -> CellSets:
        """The player's grid: rows of the colour sets of its cells."""
        return self._hand

    def is_solved(self) -> bool:
        return self._solved

    def solution(self) -> ColourGrid | None:
        """The solution mistakes are judged against: the trace's end, or the puzzle's goal."""
        return (
            None if self._puzzle is None else reference_colour_solution(self._trace, self._puzzle)
        )

    def mistakes(self) -> list[tuple[int, int]]:
        """Cells whose set lost the solution's colour."""
        return colour_mistakes(self._hand, self.solution())

    def check_mistakes(self) -> list[tuple[int, int]]:
        """Ring the player's wrong cells and say how many; the rings go with the next stroke."""
        if self._puzzle is None or not self.ui.hand_action.isChecked():
            return []
        if not self._hand_playable():
            self.ui.message_label.setText(NOTHING_TO_SOLVE)
            return []
        if self.solution() is None:
            self.ui.message_label.setText(self._no_solution_text())
            return []
        wrong = self.mistakes()
        judged = judged_by_the_only_solution(self._trace, self._puzzle)
        # a cell that differs from the puzzle's picture may be right: marked calmly, not ringed
        self.grid.set_mistakes(wrong, sure=judged)
        if judged:
            self._say_of_cells(checked_text(wrong, MARKED_WRONG))
        else:
            self._say_of_cells(differs_text(wrong, PICTURE, self._several()))
        return wrong

    def _several(self) -> bool:
        """Whether the trace found that several pictures fit the clues."""
        return self._trace is not None and self._trace.solutions == "multiple"

    def _no_solution_text(self) -> str:
        """Why there is no solution to judge the player's cells against."""
        trace = self._trace
        if trace is None:
            return "Mistakes cannot be checked yet: the solution is still being worked out."
        why = {
            "multiple": "the puzzle has several solutions",
            "none": "no picture fits every clue",
        }.get(trace.solutions, "the solution was not found within the time limit")
        return f"Mistakes cannot be checked: {why}, and the file holds no picture of its own."

    def _player_stack(self) -> QUndoStack:
        return self._undo

    def restart_hand(self) -> None:
        """Clear the player's grid and time (one undoable step) and start again."""
        if self._puzzle is None:
            return
        self.ui.timer.set_seconds(0)
        self._undo.push(SetsCommand(self, self._hand, unknown_grid(self._puzzle), "Start again"))
        self.grid.setFocus()

    def _solvable_by_hand(self) -> bool:
        """Some cell to paint and a picture to reach: clues no picture fits run no clock (as
        in black and white)."""
        return self._hand_playable() and not no_picture(self._trace)

    def _hand_playable(self) -> bool:
        """A puzzle is shown with some cell to paint: a blank one (every clue empty) is not
        played by hand, never 'solved' by the player, its clock still."""
        return self._puzzle is not None and not nothing_to_fill(self._puzzle)

    def _hand_help(self) -> str:
        """The words under the grid on entering Solve by hand (or a new puzzle, by hand): why
        nobody can finish clues no picture fits."""
        if no_picture(self._trace):
            return self._verdict_words()
        return COLOUR_HAND_HELP if self._hand_playable() else NOTHING_TO_SOLVE

    def _hand_solves(self, sets: CellSets) -> bool:
        """Whether the player's cells solve the puzzle (never a blank one's)."""
        puzzle = self._puzzle
        return self._hand_playable() and puzzle is not None and colour_grid_solves(puzzle, sets)

    def _set_grid_editable(self, editable: bool) -> None:
        self.grid.set_editable(editable and self._hand_playable())

    def _solved_words(self) -> str:
        size = "" if self._puzzle is None else f"{self._puzzle.size_text} "
        return f"{size}colour puzzle"

    def _on_solved_by_hand(self) -> None:
        self.save_progress()

    def _on_stroke(self, before: CellSets, after: CellSets) -> None:
        if self.ui.hand_action.isChecked() and before == self._hand:
            self._undo.push(SetsCommand(self, before, after, "Paint"))

    def _set_hand(self, sets: CellSets) -> None:
        """The player's grid is now ``sets`` (a stroke, a hint, undo or redo)."""
        self._hand = sets
        self._progress.changed()
        self.grid.set_mistakes(())  # the marks were of the cells as they were checked
        said = self.ui.message_label.text()
        if not self._applying:
            self._drop_hint()
            self._forget_cells_words()
        if self.ui.hand_action.isChecked() and self._puzzle is not None:
            puzzle = self._puzzle
            self.grid.set_sets(puzzle.palette, puzzle.rows, puzzle.cols, sets)
            if said and said == self.grid.said():  # a cell's words, not a hint's: as it is now
                self.grid.say_again()
            self._set_solved(self._hand_solves(sets))
        self._update_actions()

    # --- hints ---------------------------------------------------------------------------------

    def _drop_hint(self) -> None:
        if self._hint_worker is not None:
            self._hint_worker.cancel()
            self._hint_worker = None
        if self.ui.hint_panel.rung() >= 0:
            self.ui.hint_panel.reset()
            if self.ui.hand_action.isChecked():
                self._mark(ColourMarks())

    def hint_rung(self) -> int:
        """The rung of the hint shown: 0 where … 4 applied; -1 when none is under way."""
        return self.ui.hint_panel.rung()

    def hint_ladder(self) -> ColourHintLadder | None:
        return self.ui.hint_panel.ladder()

    def request_hint(self) -> None:
        """One more rung of the hint for the next step (a new hint starts with where to look)."""
        if self._puzzle is None:
            return
        ladder, rung = self.ui.hint_panel.ladder(), self.ui.hint_panel.rung()
        if ladder is not None and rung < len(RUNGS) - 1:
            self._show_rung(ladder, rung + 1)
        elif not self.ui.hand_action.isChecked():
            if self._trace is None:
                self.ui.message_label.setText(
                    "The solution is still being worked out: the hint comes when the steps are "
                    "ready."
                )
                return
            found = colour_trace_hint(self._trace, self._position)
            if found is None:
                self.ui.message_label.setText("This is the last step: nothing more to find.")
                return
            self._show_rung(found, 0)
        else:
            self._hand_hint()

    def _hand_hint(self) -> None:
        """A new hint from the player's grid (mistakes first), looked for in the background."""
        puzzle = self._puzzle
        if puzzle is not None and not self._hand_playable():
            self.ui.message_label.setText(NOTHING_TO_SOLVE)
            return
        if self._solved or puzzle is None:
            self._say_of_cells("The puzzle is solved: no hint needed.")
            return
        if no_picture(self._trace):  # a step found would lead nowhere
            self.ui.message_label.setText(self._verdict_words())
            return
        if self._hint_worker is not None:
            return
        # Unless the puzzle's picture is known to be its only one (as in black and white), the
        # player may be finishing another: no cell of theirs is a mistake to fix first, and the
        # hint from their grid says when no picture fits it any more.
        only = judged_by_the_only_solution(self._trace, puzzle)
        wrong = self.mistakes() if only else []
        if wrong:
            self.grid.set_mistakes(wrong)
            self._say_of_cells(fix_first_text(wrong, MARKED_WRONG))
            return
        # In a worker process of its own (hint_pool): on a thread, the search and the GUI thread
        # took turns at Python's lock, a hint on acorn took three times as long and the GUI
        # thread waited up to 0.14-0.36 s at a time (tests/benchmarks/bench_thread_stalls.py).
        job = ProcessJob(find_colour_hint, (puzzle, self._hand, self.time_limit))
        self._say_of_cells("Looking for a hint…")  # (a move cancels the search)
        self._hint_worker = run_in_background(
            job, on_result=self._hinted, on_error=self._hint_failed, processes=hint_pool
        )

    def _hinted(self, ladder: ColourHintLadder | str | None) -> None:
        if not self._current(self._hint_worker):
            return
        self._hint_worker = None
        if isinstance(ladder, str):  # why no step follows from the player's grid
            self._say_of_cells(f"No hint: {ladder}")
            return
        if ladder is None:
            self._say_of_cells("Nothing left to find: every cell is decided.")
            return
        self.ui.message_label.setText("")
        self._show_rung(ladder, 0)

    def _hint_failed(self, message: str) -> None:
        if not self._current(self._hint_worker):
            return
        self._hint_worker = None
        self.ui.message_label.setText(f"No hint: {message}")

    def _show_rung(self, ladder: ColourHintLadder, rung: int) -> None:
        """Show the ladder up to ``rung`` and mark what it points at: the line, then the
        premise's clue items and spans, then the cells; the last rung applies."""
        assert self._puzzle is not None
        step = ladder.step
        self.ui.hint_panel.show_rung(ladder, rung)
        if rung < CELLS:
            marks = colour_step_marks(step, self._puzzle, ladder.premises_at(rung), cells=False)
            self._mark(marks)
        elif rung == CELLS:
            self._mark(colour_step_marks(step, self._puzzle))
        else:
            self._apply_hint(step)
        self._update_actions()

    def _apply_hint(self, step: ColourStep) -> None:
        assert self._puzzle is not None
        self._applying = True
        try:
            if self.ui.hand_action.isChecked():
                after = apply_colour_step(self._hand, step)
                self._undo.push(SetsCommand(self, self._hand, after, "Apply the hint"))
                self._mark(colour_step_marks(step, self._puzzle))
            else:
                self.step_forward()
        finally:
            self._applying = False

    # --- keys ----------------------------------------------------------------------------------

    def _hand_key(self, event: QKeyEvent) -> bool:
        """Keys 1–9 pick a palette colour (the colour grids' and palette's :func:`colour_key`)."""
        key = colour_key(event)
        if key is not None:
            self.pick_colour(key)
        return key is not None
