"""The solving view: watch a rule set solve the puzzle step by step, or solve it by hand with hints.

The trace is computed in a worker process within the solver time limit (a newer puzzle or rule
set cancels a stale one; a puzzle too large to trace is refused at once); one stopped by the time
limit is offered again with a longer one (:class:`~nonostudio.gui.common.longer.LongerButton`,
"Keep solving, up to 1 minute", under the words), whose stop keeps the steps worked out.  Each
step in the list shows the grid after it with what it decides and why marked.  By hand, the
puzzle is solved as soon as the filled cells satisfy every clue
(:func:`nonostudio.analysis.helping.mistakes.filled_solves`), except a blank one (every clue
empty, as File > New gives), which says there is nothing to solve; the hint ladder gives the
next step away one rung at a time.  The view holds the state; its typed parts are the widgets
(:class:`~nonostudio.gui.solve.layout.SolveUi`), the game kept in the library
(:class:`~nonostudio.gui.solve.progress.ProgressKeeper`) and the background hint search
(:class:`~nonostudio.gui.solve.hints.HintSearch`), which report through signals.
"""

from __future__ import annotations

import heapq

import numpy as np
from PySide6.QtCore import QItemSelectionModel, QSettings, Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QWidget

from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.analysis.grades.difficulty import PuzzleTooLargeError, check_size
from nonostudio.analysis.helping.hints import CELLS, RUNGS, HintLadder, apply_step, trace_hint
from nonostudio.analysis.helping.mistakes import (
    filled_solves,
    judged_by_the_only_solution,
    mistakes,
    nothing_to_fill,
    reference_solution,
)
from nonostudio.analysis.tracing.steps import PROBE, Step, Trace
from nonostudio.baselines.glance import available as glance_available
from nonostudio.core.errors import PuzzleError
from nonostudio.core.library import Library, LibraryError
from nonostudio.core.library.records import now
from nonostudio.core.line import UNKNOWN
from nonostudio.core.puzzle import Puzzle, new_grid
from nonostudio.core.solver import Verdict
from nonostudio.gui.common.limits import TIME_LIMIT_S
from nonostudio.gui.common.process_child import ProcessJob, shared
from nonostudio.gui.common.process_pool import hint_pool, processes_enabled
from nonostudio.gui.common.rule_sets import offer_rule_sets, read_rule_set, take_saved_rule_set
from nonostudio.gui.common.workers import run_in_background
from nonostudio.gui.grid.view import CellsCommand
from nonostudio.gui.solve.glance import GlancePanel
from nonostudio.gui.solve.grid import SolveGridView, StepMarks, chain_legend, step_marks
from nonostudio.gui.solve.hints import HintSearch, line_advice
from nonostudio.gui.solve.layout import (
    HAND_HELP,
    NO_VALID_PUZZLE,
    NOTHING_TO_SOLVE,
    SolveUi,
    connect_action,
    connect_toggle,
)
from nonostudio.gui.solve.panes import PaneKeeper
from nonostudio.gui.solve.progress import ProgressKeeper
from nonostudio.gui.solve.replay import NoSolution, before_first_step, stopped_words, summary_text
from nonostudio.gui.solve.reveal import reveal_marks
from nonostudio.gui.solve.steps_model import StepsModel, step_rows
from nonostudio.gui.solve.trace_job import trace_puzzle
from nonostudio.gui.solve.trace_view import (
    DEBOUNCE_MS,
    SolveKind,
    TraceView,
    checked_text,
    differs_text,
    fix_first_text,
    taken_up_text,
)
from nonostudio.rules.language.parser import RuleSyntaxError
from nonostudio.rules.ruleset import RuleSet

# The one default rule set of the studio (analysis.defaults) explains solutions; the control set
# when it is missing.  The others are one choice away in the Rules list.
DEFAULT_RULE_SETS = (DEFAULT_RULE_SET, "control")
WORDS_SAMPLES = 12
"""How many of a trace's steps (those with the most characters of words) the words pane is
measured on when the trace arrives."""
CHAIN_CHARS = 30
"""Characters a contradiction chain's line adds to its legend, about ("→ 3 column 14")."""
UNKEPT_WHERE = (
    " It was kept since you left it, until the studio closes: the puzzle is not in the library"
    " (Add Current Puzzle keeps your game there)."
)
"""Said after a game of a puzzle no library keeps is taken up again."""


def same_start(before: Trace, after: Trace, steps: int) -> bool:
    """Whether ``after`` starts with the first ``steps`` steps of ``before`` (the same lines and
    cells): a longer trace of a puzzle repeats the steps the shorter one worked out."""

    def key(step: Step) -> tuple[object, ...]:
        return (step.kind, step.axis, step.index, tuple(step.cells))

    if not 0 < steps <= min(len(before.steps), len(after.steps)):
        return False
    pairs = zip(before.steps[:steps], after.steps[:steps], strict=True)
    return all(key(a) == key(b) for a, b in pairs)


class SolveView(TraceView):
    """Replay a rule-based solving trace of a puzzle, or solve it by hand."""

    traceReady = Signal(object)  # Trace
    # for the tutor's profile (gui/tutor/solve_events.py): the player's stroke (grid before,
    # after), a hint rung shown on the player's grid, the mistakes Check showed (grid, count)
    handMoved = Signal(object, object)
    handHinted = Signal(object, int)
    handChecked = Signal(object, int)
    progressNotKept = Signal(str)  # the player's game could not be written to the library: why

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        delay_ms: int = DEBOUNCE_MS,
        settings: QSettings | None = None,
    ) -> None:
        """``settings``: where the splitters' sizes and the steps pane's state are kept (None:
        nowhere)."""
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
            forget_trace=lambda: self._set_trace(None),
            start_soon=self._start_soon,
        )
        super().__init__(parent, kind=kind, delay_ms=delay_ms)
        self._puzzle: Puzzle | None = None
        self._shelved: Puzzle | None = None  # the puzzle before the clues became invalid
        self._rule_set: RuleSet | None = None
        self._titles: dict[str, str] = {}
        self._trace: Trace | None = None
        self.time_limit = TIME_LIMIT_S  # seconds a trace (or a hint) may take
        # the time limit of the trace running or shown: time_limit, or a longer one asked for
        self._run_limit = self._trace_limit = TIME_LIMIT_S
        self._before_longer = ""  # the summary shown before a longer trace (again if stopped)
        self._hint: Step | None = None
        self._line_framed = False  # by hand, Next line? framed a line of the cells as they are
        self._hand = new_grid(1, 1)
        self._stroke_before: np.ndarray | None = None  # the player's grid before a stroke
        # games of puzzles not in the library, by clues: taken up again when the same clues
        # come back in this session (another puzzle opened no longer loses them)
        # games of puzzles no library keeps, left for another puzzle: cells, seconds and when
        # they were left (records.now()), taken up when the same clues come back
        self._unkept: dict[tuple[object, object], tuple[np.ndarray, float, str]] = {}
        self._from_memory = ""  # when the game shown, taken up from _unkept, was left ("": not)
        self._solved = False
        self._progress = ProgressKeeper(self)
        self._progress.saveDue.connect(self.save_progress)
        self._hints = HintSearch(self)
        self._hints.found.connect(self._hinted)
        self._hints.failed.connect(self._hint_failed)
        self._hints.noSolution.connect(self._show_no_solution)
        self._no_solution: NoSolution | None = None  # the puzzle has none, said so
        self.grid: SolveGridView = SolveGridView()
        self.grid.set_read_only(True)
        self.model = StepsModel(self)
        self.ui: SolveUi = SolveUi(self, self.grid, self.model)
        ui = self.ui
        self.glance_panel: GlancePanel | None = None  # only with the baselines extra
        if glance_available():
            self.glance_panel = GlancePanel()
            ui.words_layout.insertWidget(ui.words_layout.count() - 1, self.glance_panel)
            self.glance_panel.button.toggled.connect(self._make_room_for_glance)
        ui.longer_button.startRequested.connect(self._start_longer)
        ui.longer_button.stopRequested.connect(self._stop_longer)
        self._progress.problem.connect(ui.message_label.setText)
        self._progress.problem.connect(self.progressNotKept)
        self.grid.paintRefused.connect(ui.message_label.setText)  # (zoomed out below a pixel)
        self.traceReady.connect(self._keep_room_for_words)
        self._connect_replay()
        connect_toggle(ui.hand_action, self.set_hand_mode)
        connect_action(ui.hint_action, self.request_hint)
        connect_action(ui.next_line_action, self.suggest_line)
        connect_action(ui.undo_action, self.undo)
        connect_action(ui.redo_action, self.redo)
        connect_action(ui.check_action, self.check_mistakes)
        connect_toggle(ui.timer_action, self.set_timer_shown)
        self._panes = PaneKeeper(ui, settings)
        connect_toggle(ui.steps_action, self.set_steps_shown)
        ui.again_button.clicked.connect(self.restart_hand)
        self.grid.cellsChanged.connect(self._on_cells_changed)
        self.grid.strokeEnded.connect(self._on_stroke_ended)
        self.grid.marksChanged.connect(self._reveal_marks)
        ui.rule_set_combo.currentTextChanged.connect(self.set_rule_set)
        ui.summary_label.linkActivated.connect(lambda link: self.go_to(int(link.split(":")[1])))
        stack = self.grid.undo_stack()
        stack.canUndoChanged.connect(self._stack_changed)
        stack.canRedoChanged.connect(self._stack_changed)
        offer_rule_sets(ui.rule_set_combo, *DEFAULT_RULE_SETS)
        self._update_actions()

    # --- inputs ------------------------------------------------------------------------------

    def set_puzzle(self, puzzle: Puzzle | None) -> None:
        """Solve ``puzzle`` shortly (None: the editor's clues are not valid; the grid gives way
        to words saying so, and the player's game waits for the same clues to come back)."""
        if puzzle is None:
            self._shelve(NO_VALID_PUZZLE)
            return
        if self._same_puzzle(puzzle, lambda p: (p.rows, p.cols)):
            return
        self.cancel()  # (which keeps the player's grid of the puzzle shown so far)
        self._keep_unkept_game()
        self._puzzle = puzzle
        self._progress.new_puzzle()  # the window says which library puzzle this is
        self.ui.show_no_puzzle("")
        resized = self.grid.cells().shape != (puzzle.height, puzzle.width)
        self.grid.set_clues(puzzle.rows, puzzle.cols)
        if resized:  # (a big puzzle's view at 0, 0 is the empty corner between its clues)
            self.ui.scroll.scroll_to_start_later()
        self._hand = new_grid(puzzle.height, puzzle.width)
        self._stroke_before = None
        self.grid.undo_stack().clear()
        self._progress.unchanged(0.0)
        self._set_solved(False, announce=False)
        self.ui.timer.set_seconds(0)
        self._drop_hint()
        self._set_trace(None)
        # nothing said of the puzzle before (its step, its check) stays under this one
        self.ui.message_label.setText(self._hand_help() if self.ui.hand_action.isChecked() else "")
        self._game_note = ""
        unkept = self._unkept.pop((puzzle.rows, puzzle.cols), None)
        self._from_memory = "" if unkept is None else unkept[2]
        if unkept is not None:
            self._resume(unkept[0], unkept[1], kept_where=UNKEPT_WHERE)
        self._schedule()

    def set_unavailable(self, reason: str) -> None:
        """Show no puzzle and say why (e.g. a colour puzzle is open)."""
        self._shelve(reason)

    def set_rule_set(self, name: str) -> None:
        """Solve with the rule set called ``name`` (a file in the shipped rules folder)."""
        if not name or (self._rule_set is not None and self._rule_set.name == name):
            return
        self.cancel()
        try:
            rule_set = read_rule_set(name)  # (read once, ahead at the start)
        except (RuleSyntaxError, OSError, ValueError) as exc:
            self._rule_set = None
            self._set_trace(None)
            self._say_problem(f"Cannot load the rule set “{name}”: {exc}")
            return
        self._rule_set = rule_set
        self._titles = {e.rule.name: e.title for e in rule_set.entries}
        if self.ui.rule_set_combo.currentText() != name:
            self.ui.rule_set_combo.setCurrentText(name)
        self._drop_hint()
        self._set_trace(None)
        self._schedule()

    def rule_set_saved(self, name: str) -> None:
        """The rule set ``name`` was just saved (a learned set, a rule added in the Rules tab):
        offered in the list, and solved with afresh if it is the one in use (its old rules went
        on explaining the steps)."""
        take_saved_rule_set(self.ui.rule_set_combo, name, self._rule_set, self._read_rule_set_again)

    def _read_rule_set_again(self, name: str) -> None:
        self._rule_set = None
        self.set_rule_set(name)

    def rule_set(self) -> RuleSet | None:
        return self._rule_set

    def trace(self) -> Trace | None:
        return self._trace

    def cancel(self) -> None:
        """Stop a pending or running trace or hint (their results are dropped); the player's
        grid of a library puzzle is saved, and no longer trace is offered."""
        self.save_progress()
        self._debounce.stop()
        self.ui.longer_button.drop()
        self.set_playing(False)
        if self._worker is not None:
            self._worker.cancel()
        self._hints.cancel()
        self._worker = None
        self.ui.busy.hide()

    # --- the trace ---------------------------------------------------------------------------

    def _start_soon(self) -> None:
        """Show the puzzle with no steps yet and trace it after the pause."""
        self._set_trace(None)
        self._schedule()

    def _schedule(self) -> None:
        if self._puzzle is not None and self._rule_set is not None:
            self.ui.summary_label.setText("Solving…")
            self.ui.busy.show()
            self._debounce.start()

    def _start_trace(self) -> None:
        puzzle, rule_set, titles = self._puzzle, self._rule_set, dict(self._titles)
        if puzzle is None or rule_set is None:
            return
        try:
            check_size(puzzle, "solving step by step")
        except PuzzleTooLargeError as exc:
            self.ui.busy.hide()
            self._say_problem(f"Cannot solve step by step: {exc}.")
            return
        self._run_trace(puzzle, rule_set, titles, self.time_limit)

    def _run_trace(
        self, puzzle: Puzzle, rule_set: RuleSet, titles: dict[str, str], limit: float
    ) -> None:
        """Trace ``puzzle`` within ``limit`` seconds, in a worker process: the trace's Python
        never keeps the GUI thread waiting."""
        self._run_limit = limit
        job = ProcessJob(trace_puzzle, (puzzle, shared(rule_set), titles, limit))
        self._worker = run_in_background(job, on_result=self._traced, on_error=self._failed)

    def _start_longer(self, seconds: float) -> None:
        """Trace the puzzle again within ``seconds`` (asked for on the longer button); the
        steps worked out so far stay on show until the new trace comes."""
        puzzle, rule_set = self._puzzle, self._rule_set
        if puzzle is None or rule_set is None or self._trace is None:
            self.ui.longer_button.drop()
            return
        self._show_longer_running(summary_text(self._trace, self._titles))
        self._run_trace(puzzle, rule_set, dict(self._titles), seconds)

    def _traced(self, result: tuple[Trace, list[str]] | NoSolution) -> None:
        if not self._current(self._worker):
            return
        self._worker = None
        self.ui.busy.hide()
        if isinstance(result, NoSolution):
            self.ui.longer_button.drop()
            self._show_no_solution(result)
            return
        trace, explanations = result
        # a longer trace of the same puzzle: the player may have stepped on meanwhile
        before, at = self._trace, self._position
        longer = before is not None and self._run_limit > self._trace_limit
        self.model.set_rows(step_rows(trace, self._titles, explanations))
        self._trace_limit = self._run_limit
        self._set_trace(trace)
        if longer and before is not None and same_start(before, trace, at):
            self.go_to(at)  # (not back to before the first step)
        if trace.interrupted:  # a cancelled trace is dropped: only the time limit ends one here
            stopped = stopped_words(trace, self._trace_limit)
            self.ui.summary_label.setText(f"{self.ui.summary_label.text()}<br>{stopped}")
        # (a complete solver that gave up on its own, e.g. for memory, is not offered more time)
        self.ui.longer_button.offer_after(
            self._trace_limit, trace.interrupted and not trace.stop_reason
        )
        self.traceReady.emit(trace)

    def _failed(self, message: str) -> None:
        if not self._current(self._worker):
            return
        self._worker = None
        self.ui.busy.hide()
        self.ui.longer_button.drop()
        self._say_problem(f"Cannot solve with these rules: {message}")

    def _show_no_solution(self, said: NoSolution) -> None:
        """The puzzle has no solution: say so, and frame the line that cannot hold its clue
        (replaying: the player's marks are not covered).  A hint for it, shown or still being
        looked for, is dropped: nobody can finish the puzzle."""
        self._drop_hint()
        self._no_solution = said
        self._say_problem(said.text)
        self._run_timer()  # no race against the clock for a puzzle nobody can finish
        if said.axis and not self.ui.hand_action.isChecked():
            self.grid.set_marks(StepMarks(said.axis, said.index, None, frozenset()))

    def _say_problem(self, text: str) -> None:
        """Say why there are no steps where the summary is and under the grid (the steps pane
        may be folded away)."""
        self.ui.summary_label.setText(text)
        self.ui.message_label.setText(text)

    def _set_trace(self, trace: Trace | None) -> None:
        self._trace = trace
        self._no_solution = None
        if trace is None:
            self.model.set_rows([])
            self.ui.summary_label.setText("")
            self.ui.keep_room_for_words(())  # (the words of no trace: the pane grows with them)
        else:
            self.ui.summary_label.setText(summary_text(trace, self._titles))
        if not self.ui.hand_action.isChecked():
            self._drop_hint()
        self._position = 0
        self._show()
        if self.glance_panel is not None:
            self.glance_panel.show_for(self._puzzle if trace else None, self.solution())

    def _update_actions(self) -> None:
        ui = self.ui
        hand = ui.hand_action.isChecked()
        steps = len(self._trace.steps) if self._trace is not None else 0
        ui.back_action.setEnabled(not hand and self._position > 0)
        ui.forward_action.setEnabled(not hand and self._position < steps)
        ui.play_action.setEnabled(not hand and steps > 0)
        can_hint = self._puzzle is not None and (
            (hand and self._rule_set is not None and not self._solved and self._hand_playable())
            or (not hand and self._position < steps)
        )
        ui.hint_action.setEnabled(can_hint)
        ui.hint_panel.button.setEnabled(can_hint)
        stack = self.grid.undo_stack()
        ui.undo_action.setEnabled(hand and stack.canUndo())
        ui.redo_action.setEnabled(hand and stack.canRedo())
        ui.check_action.setEnabled(hand and not self._solved and self._hand_playable())
        ui.next_line_action.setEnabled(self._puzzle is not None)
        ui.hand_action.setEnabled(hand or self._puzzle is not None)  # (by hand: to leave it)

    # --- replaying the trace -------------------------------------------------------------------

    def _show(self) -> None:
        """Bring grid, marks, table selection and actions in line with the mode and position."""
        if self._puzzle is None:
            self._update_actions()
            return
        if self.ui.hand_action.isChecked():
            self._refresh_hand()
        elif self._trace is None:
            self.grid.set_cells(new_grid(self._puzzle.height, self._puzzle.width))
            self.grid.set_marks(StepMarks())
            self.grid.set_mistakes(())
        else:
            self.grid.set_cells(self._trace.grid_after(self._position))
            self.grid.set_mistakes(())
            self._mark_step()
        self._update_actions()

    def _keep_room_for_words(self, trace: Trace) -> None:
        """The words pane is made tall enough at once for the longest words of the trace (a
        step's sentence and a contradiction's chain), measured on the ``WORDS_SAMPLES`` steps
        whose words are longest in characters (a chain's line counted ``CHAIN_CHARS``): stepping
        to them does not then shrink the grid."""
        steps, model = trace.steps, self.model
        if model.rowCount() != len(steps):
            return

        def length(i: int) -> int:
            step = steps[i]
            chain = len(step.premises) * CHAIN_CHARS if step.kind == PROBE else 0
            return len(model.row_at(i).explanation) + chain

        samples = []
        for i in heapq.nlargest(WORDS_SAMPLES, range(len(steps)), key=length):
            entry, chain = model.row_at(i), step_marks(steps[i]).chain
            legend = ""
            if chain is not None and chain.lines:
                legend = chain_legend(self.grid.palette(), chain, self.grid.clues())
            samples.append((f"Step {entry.number}: {entry.explanation}", legend))
        self.ui.keep_room_for_words(samples)

    def show_step(self, step: int) -> None:
        """Show the grid after ``step`` (1-based) of the trace, asked for elsewhere (a rule's
        firings in the Rules tab); by hand, say how to see it instead of doing nothing."""
        if self.ui.hand_action.isChecked():
            self.ui.message_label.setText(
                f"Step {step} of the solution shows when you leave Solve by hand (Ctrl+H); "
                "your grid is kept."
            )
            return
        self.go_to(step)

    def _reveal_marks(self) -> None:
        """Scroll what the grid marks (a step's cells or line, a contradiction's supposed cell)
        into sight when the puzzle is too big for the view; a contradiction's chain first, as
        much of it as the view holds, then the supposed cell.  Only the supposed cell came into
        sight: Mum's step 216 at 1024x600 (row 5, column 7 supposed empty) showed rows 5 on,
        the chain's cells in rows 1-3 (markers 1, 2, 5, 6) scrolled away under the clues."""
        marks = self.grid.marks()
        cells = set(marks.cells)
        covered = self.grid.pinned_size()
        chain = marks.chain
        if chain is not None:
            cells.add((chain.row, chain.column))
            linked = {(r, c) for line in chain.lines for r, c, _v in line.cells}
            linked.add((chain.row, chain.column))
            reveal_marks(self.ui.scroll, self.grid, "", -1, linked, covered)
        reveal_marks(self.ui.scroll, self.grid, marks.axis, marks.index, cells, covered)

    def _mark_step(self) -> None:
        assert self._trace is not None
        selection = self.ui.table.selectionModel()
        if self._position == 0:
            self.grid.set_marks(StepMarks())
            selection.clearSelection()
            selection.setCurrentIndex(
                self.model.index(-1, 0), QItemSelectionModel.SelectionFlag.Clear
            )
            trace = self._trace
            first = before_first_step(
                len(trace.steps), trace.interrupted, self._trace_limit, trace.stop_reason
            )
            self._say_before(first)
            return
        step = self._trace.steps[self._position - 1]
        self.grid.set_marks(step_marks(step))
        row = self._position - 1
        self._select_step(row)

    # --- solving by hand -----------------------------------------------------------------------

    def _make_room_for_glance(self, on: bool) -> None:
        """The glance asked for is seen whole: the words pane under the grid (three lines on a
        first start) grows to hold it and scrolls to it."""
        panel = self.glance_panel
        if not on or panel is None:
            return
        splitter = self.ui.grid_splitter
        grid, words = splitter.sizes()
        margins = self.ui.words_layout.contentsMargins()
        want = panel.sizeHint().height() + self.ui.message_label.sizeHint().height()
        want += margins.top() + margins.bottom() + 2 * self.ui.words_layout.spacing()
        if words < want and grid + words > want:
            splitter.setSizes([grid + words - want, want])
        self.ui.words.ensureWidgetVisible(panel, 0, 0)

    def set_hand_mode(self, on: bool) -> None:
        """Let the player paint the grid (on) or replay the trace (off)."""
        ui = self.ui
        self.set_playing(False)
        self._game_note = ""
        if not on:
            self.save_progress()
            # The window's Undo follows this tab's grid: replaying, it must find nothing to undo
            # (the player's strokes would be painted over the replay).
            self.grid.undo_stack().clear()
        ui.hand_action.setChecked(on)
        ui.longer_button.hold(on)  # (solving by hand, the player's own game is what goes on)
        if on and processes_enabled():
            hint_pool().warm_up()  # ready when the player first asks for a hint
        self.grid.set_read_only(not on or self._solved or not self._hand_playable())
        self.grid.set_faint_satisfied(on)
        self.grid.set_marks(StepMarks())
        ui.show_hand_bar(on)
        if on:
            ui.give_back_grown_words()  # the whole grid to play on
        ui.timer_item.setVisible(on and ui.timer_action.isChecked())
        self._panes.hand_mode_changed()  # by hand, the steps give the solution away
        ui.banner_box.setVisible(on and self._solved and self._puzzle is not None)
        self._drop_hint()
        if self._puzzle is None:
            text = ""  # (the grid's place says why there is none)
        elif on and self._solved:
            text = "You have solved this puzzle: Solve again to start afresh."
        else:
            text = self._hand_help() if on else ""
        ui.message_label.setText(text)
        self._run_timer()
        self._show()
        if on:
            self.grid.setFocus()

    def puzzle(self) -> Puzzle | None:
        """The puzzle shown (None: none)."""
        return self._puzzle

    def hand_cells(self) -> np.ndarray:
        return self._hand.copy()

    def is_solved(self) -> bool:
        """Whether the player's filled cells solve the puzzle."""
        return self._solved

    def solution(self) -> np.ndarray | None:
        """The solution mistakes are judged against: the trace's end, or the puzzle's goal."""
        return reference_solution(self._trace, self._puzzle)

    def mistakes(self) -> list[tuple[int, int]]:
        """Cells the player decided differently from the solution."""
        return mistakes(self._hand, self.solution())

    def _sure_mistakes(self) -> list[tuple[int, int]]:
        """The player's wrong cells when the solution is known to be the only one, else none (a
        cell that differs from one picture of several may be right)."""
        return self.mistakes() if judged_by_the_only_solution(self._trace) else []

    def check_mistakes(self) -> list[tuple[int, int]]:
        """Ring the player's wrong cells (on request) and say how many; the rings go with the
        next stroke."""
        if self._puzzle is None or not self.ui.hand_action.isChecked():
            return []
        if self._no_solution is not None:
            self.ui.message_label.setText(self._no_solution.text)
            return []
        if self.solution() is None:
            self.ui.message_label.setText(
                "Mistakes cannot be checked yet: the solution is still being worked out."
            )
            return []
        wrong = self.mistakes()
        judged = judged_by_the_only_solution(self._trace)
        self.grid.set_mistakes(wrong, sure=judged)
        if judged:
            self.handChecked.emit(self._hand.copy(), len(wrong))
            self._say_of_cells(checked_text(wrong, "is wrong"))
        else:  # a cell that differs from one picture the clues fit may be right: not a mistake
            self.handChecked.emit(self._hand.copy(), 0)
            trace = self._trace
            several = (
                trace is not None
                and trace.search is not None
                and (trace.search.verdict is Verdict.MULTIPLE)
            )
            picture = "the solution the steps found" if several else "the puzzle's picture"
            self._say_of_cells(differs_text(wrong, picture, several))
        return wrong

    def _player_stack(self) -> QUndoStack:
        return self.grid.undo_stack()

    def restart_hand(self) -> None:
        """Clear the player's grid and time (one undoable step) and start again."""
        if self._puzzle is None:
            return
        before = self._hand.copy()
        self.ui.timer.set_seconds(0)
        self.grid.undo_stack().push(
            CellsCommand(
                self.grid, before, new_grid(self._puzzle.height, self._puzzle.width), "Start again"
            )
        )
        self.grid.setFocus()

    def _solvable_by_hand(self) -> bool:
        return self._hand_playable() and self._no_solution is None

    def _hand_playable(self) -> bool:
        """A puzzle is shown with some cell to fill: a blank one (every clue empty, as File >
        New gives) is not played by hand, never 'solved' by the player, its clock still."""
        return self._puzzle is not None and not nothing_to_fill(self._puzzle)

    def _hand_help(self) -> str:
        """The words under the grid on entering Solve by hand (or a new puzzle, by hand)."""
        return HAND_HELP if self._hand_playable() else NOTHING_TO_SOLVE

    def _hand_solves(self) -> bool:
        """Whether the player's filled cells solve the puzzle (never on a blank one)."""
        puzzle = self._puzzle
        return (
            puzzle is not None and not nothing_to_fill(puzzle) and filled_solves(puzzle, self._hand)
        )

    def _set_grid_editable(self, editable: bool) -> None:
        self.grid.set_read_only(not (editable and self._hand_playable()))

    def _solved_words(self) -> str:
        return "puzzle" if self._puzzle is None else f"{self._puzzle.size_text} puzzle"

    def _on_solved_by_hand(self) -> None:
        self.save_progress()

    def _on_cells_changed(self) -> None:
        if self.ui.hand_action.isChecked() and self.grid.cells().shape == self._hand.shape:
            before, self._hand = self._hand, self.grid.cells()
            if self._applying:
                pass
            elif self.grid.in_stroke():  # one move when the stroke ends, not one per cell
                if self._stroke_before is None:
                    self._stroke_before = before
            else:
                self.handMoved.emit(before, self._hand.copy())
            self.grid.set_mistakes(())  # rings were for the grid as it was checked
            if not self._applying:
                self._drop_hint()
                self._forget_cells_words()
                if self._line_framed:  # "Look at row 10 next" stayed once row 10 was filled
                    self._line_framed = False
                    self.grid.set_marks(StepMarks())
            if self._puzzle is not None:
                self._set_solved(self._hand_solves())
            self._progress.changed()
            self._update_actions()

    def _on_stroke_ended(self) -> None:
        """A mouse stroke is one move of the player's, whatever number of cells it crossed."""
        before, self._stroke_before = self._stroke_before, None
        if (
            before is not None
            and self.ui.hand_action.isChecked()
            and before.shape == self._hand.shape
            and not np.array_equal(before, self._hand)
        ):
            self.handMoved.emit(before, self._hand.copy())

    def _refresh_hand(self) -> None:
        if self._puzzle is None:
            return
        self.grid.set_cells(self._hand)
        self.grid.set_mistakes(())

    # --- keeping progress ----------------------------------------------------------------------

    def set_library_puzzle(self, library: Library | None, library_id: int | None) -> None:
        """The puzzle shown is ``library_id`` of ``library`` (None: not a library puzzle): the
        player's grid is kept there, and a grid kept earlier is taken up again.  A library
        puzzle whose clues are not the ones shown (the editor changed them) is not taken."""
        if self._progress.is_shown(library, library_id):
            return
        self.save_progress()
        try:
            kept = self._progress.open(library, library_id, self._puzzle)
        except (LibraryError, PuzzleError) as exc:
            self.ui.message_label.setText(
                f"Your earlier progress on this puzzle cannot be read: {exc}"
            )
            return
        left_at = self._from_memory  # (the window may say "no library puzzle" first)
        if left_at and self._progress.in_library():
            self._from_memory = ""
        if left_at and self._progress.in_library() and (kept is None or kept.modified <= left_at):
            # the game taken up from memory is of a library puzzle and newer than the one kept
            # there (if any, which it replaced on screen): written there now (unchanged since
            # taken up, it is not written otherwise) and said so
            self._progress.changed()
            self.save_progress()
            hand = self.ui.hand_action.isChecked()
            self._say_taken_up(taken_up_text(self._solved, self.ui.timer.seconds(), hand))
            return
        if kept is None:
            self.save_progress()  # a game begun before the puzzle was added is kept there now
            return
        if kept.cells.shape != self._hand.shape:
            return
        self._resume(kept.cells, kept.seconds)

    def games_kept_for_session(self) -> int:
        """Games played by hand kept only in memory (puzzles no library keeps, some cell
        marked, the one shown included): closing the studio loses them."""
        puzzle = self._puzzle if self._puzzle is not None else self._shelved
        shown = puzzle is not None and not self._progress.in_library()
        return len(self._unkept) + int(shown and bool((self._hand != UNKNOWN).any()))

    def _keep_unkept_game(self) -> None:
        """The player's game of the puzzle shown, when no library keeps it and some cell is
        marked, is kept in memory for :meth:`set_puzzle` to take up again."""
        puzzle = self._puzzle
        if puzzle is None or self._progress.in_library() or not (self._hand != UNKNOWN).any():
            return
        left = (self._hand.copy(), self.ui.timer.seconds(), now())
        self._unkept[(puzzle.rows, puzzle.cols)] = left

    def _resume(self, cells: np.ndarray, seconds: float, kept_where: str = "") -> None:
        """Take up the player's game kept in the library (or, ``kept_where`` says, elsewhere):
        its grid and time."""
        assert self._puzzle is not None
        self._hand = cells.copy()
        self._stroke_before = None
        self.grid.undo_stack().clear()
        self.ui.timer.set_seconds(seconds)
        self._progress.unchanged(seconds)
        self._set_solved(self._hand_solves(), announce=False)
        hand = self.ui.hand_action.isChecked()
        if hand:
            self._refresh_hand()
        self._say_taken_up(taken_up_text(self._solved, seconds, hand) + kept_where)

    def library_puzzles_removed(self, ids: list[int]) -> None:
        """Library puzzles ``ids`` were deleted: the player's game of one of them stays on show,
        kept in the library no more."""
        self._progress.removed(ids)

    def save_progress(self) -> bool:
        """Write the player's grid and time to the library now (for a library puzzle whose grid
        or time changed since it was loaded or saved, an emptied grid included); False when
        there was nothing to save or it could not be saved (said in the status line, once per
        reason)."""
        return self._progress.save(self._puzzle, self._hand, self.ui.timer.seconds(), self._solved)

    # --- hints ---------------------------------------------------------------------------------

    def _drop_hint(self) -> None:
        self._hints.cancel()
        if self.ui.hint_panel.rung() >= 0:
            self.ui.hint_panel.reset()
            if not self.ui.hand_action.isChecked():
                return
            self.grid.set_marks(StepMarks())

    def hint_rung(self) -> int:
        """The rung of the hint shown: 0 where … 4 applied; -1 when none is under way."""
        return self.ui.hint_panel.rung()

    def request_hint(self) -> None:
        """One more rung of the hint for the next step: a new hint starts with where to look
        (from the player's grid, found in the background, or the trace's next step), and each
        press goes one rung further until the last applies the step."""
        if self._puzzle is None:
            return
        ladder, rung = self.ui.hint_panel.ladder(), self.ui.hint_panel.rung()
        if ladder is not None and rung < len(RUNGS) - 1:
            self._show_rung(ladder, rung + 1)
        elif not self.ui.hand_action.isChecked():
            self._replay_hint()
        else:
            self._hand_hint()

    def _replay_hint(self) -> None:
        """A new hint for the trace's next step."""
        if self._no_solution is not None:
            self.ui.message_label.setText(self._no_solution.text)
            return
        if self._trace is None:
            self.ui.message_label.setText(
                "The solution is still being worked out: the hint comes when the steps are ready."
            )
            return
        ladder = trace_hint(self._trace, self._position)
        if ladder is None:
            self.ui.message_label.setText("This is the last step: nothing more to find.")
            return
        self._show_rung(ladder, 0)

    def _hand_hint(self) -> None:
        """A new hint from the player's grid (mistakes first), looked for in the background."""
        if self._solved:
            self.ui.message_label.setText("The puzzle is solved: no hint needed.")
            return
        if self._rule_set is None or self._hints.is_running() or self._puzzle is None:
            return
        if self._no_solution is not None:
            self.ui.message_label.setText(self._no_solution.text)
            return
        wrong = self._sure_mistakes()
        if wrong:  # (else the hint search says if the player's cells break a line)
            self.grid.set_mistakes(wrong)
            self._say_of_cells(fix_first_text(wrong, "is wrong"))
            return
        self._say_of_cells("Looking for a hint…")  # (an edit cancels the search)
        self._hints.start(self._puzzle, self._hand.copy(), self._rule_set, self.time_limit)

    def _hinted(self, ladder: HintLadder | None) -> None:
        if ladder is None:
            self.ui.message_label.setText("Nothing left to find: every cell is decided.")
            return
        self.ui.message_label.setText("")
        self._show_rung(ladder, 0)

    def _show_rung(self, ladder: HintLadder, rung: int) -> None:
        """Show the ladder up to ``rung`` and mark what it points at: the line (the supposed
        cell), then what the premise shown is about, then the cells; the last rung applies."""
        step = ladder.step
        self._hint = step
        self.ui.hint_panel.show_rung(ladder, rung)
        if self.ui.hand_action.isChecked():
            self.handHinted.emit(self._hand.copy(), rung)
        if rung < CELLS:
            self.grid.set_marks(step_marks(step, ladder.premises_at(rung), cells=False))
        elif rung == CELLS:
            self.grid.set_marks(step_marks(step))
        else:
            self._apply_hint(step)
        self._update_actions()

    def _apply_hint(self, step: Step) -> None:
        self._applying = True
        try:
            if self.ui.hand_action.isChecked():
                before = self._hand.copy()
                after = apply_step(before, step)
                name = self.ui.hint_panel.ladder()
                label = "Apply the hint" if name is None else f"Hint: {name.where}"
                self.grid.undo_stack().push(CellsCommand(self.grid, before, after, label))
                self.grid.set_marks(step_marks(step))
            else:
                self.step_forward()
        finally:
            self._applying = False

    def last_hint(self) -> Step | None:
        """The step the last hint was about (None before any hint)."""
        return self._hint

    def _hint_failed(self, message: str) -> None:
        self.ui.message_label.setText(f"No hint: {message}")

    # --- which line next -----------------------------------------------------------------------

    def suggest_line(self) -> tuple[str, int] | None:
        """Highlight the line the best line-selection strategy looks at next on the grid shown."""
        if self._puzzle is None:
            return None
        grid = self.grid.cells()
        if grid.shape != (self._puzzle.height, self._puzzle.width):
            return None
        hand = self.ui.hand_action.isChecked()
        if hand and not self._solved and (wrong := self._sure_mistakes()):
            # wrong cells first, as for a hint: line logic from here would build on them (a
            # filled cell 1 against row 1's clue 2 made "Look at row 1 next", which fills cell
            # 2 and crosses the rest, while Hint said to fix the mistake first)
            self.grid.set_mistakes(wrong)
            self._say_of_cells(fix_first_text(wrong, "is wrong"))
            return None
        ref, text = line_advice(self._puzzle, grid, solved=self._solved if hand else None)
        if ref is not None:
            axis, index = ref
            self.grid.set_marks(StepMarks(axis, index, None, frozenset()))
        if hand:  # of the cells as they are: the next move takes the words and the frame away
            self._line_framed = ref is not None
            self._say_of_cells(text)
        else:
            self.ui.message_label.setText(text)
        return ref
