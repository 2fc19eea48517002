"""The solving view: watch a rule set solve the puzzle step by step, or solve it by hand with hints.

The trace is computed on the thread pool within the check panel's time limit (a newer puzzle or
rule set cancels a stale one; a puzzle too large to trace is refused at once).  Each
step in the list shows the grid after it, with its line, sub-line and decided cells marked, and
the clues, blocks and gaps its explanation names; steps beyond the rules are marked as fallbacks.
The view's pieces live beside it: its widgets (:mod:`~nonostudio.gui.solve.layout`), the replay
(:mod:`~nonostudio.gui.solve.replay`), solving by hand (:mod:`~nonostudio.gui.solve.hand`) and the
hints (:mod:`~nonostudio.gui.solve.hints`).
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QHideEvent, QKeyEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import QWidget

from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.analysis.difficulty import PuzzleTooLargeError, check_size
from nonostudio.analysis.narrate import narrate
from nonostudio.analysis.steps import Step, Trace
from nonostudio.analysis.trace import rule_set_trace
from nonostudio.core.library import Library
from nonostudio.core.progress import TimeLimit
from nonostudio.core.puzzle import Puzzle, new_grid
from nonostudio.gui.common.limits import TIME_LIMIT_S
from nonostudio.gui.common.rule_sets import offer_rule_sets
from nonostudio.gui.common.workers import Progress, ShouldStop, Worker, run_in_background
from nonostudio.gui.solve.grid import SolveGridView
from nonostudio.gui.solve.hand import HandSolving
from nonostudio.gui.solve.hints import HintRequests
from nonostudio.gui.solve.layout import build_solve_view
from nonostudio.gui.solve.replay import StepReplay, summary_text
from nonostudio.gui.solve.steps_model import StepsModel, step_rows
from nonostudio.rules.parser import RuleSyntaxError
from nonostudio.rules.ruleset import RuleSet, load_rule_set

# The one default rule set of the studio (analysis.defaults) explains solutions; the control set
# when it is missing.  The others are one choice away in the Rules list.
DEFAULT_RULE_SETS = (DEFAULT_RULE_SET, "control")
DEBOUNCE_MS = 250
PLAY_INTERVAL_MS = 450
SAVE_DELAY_MS = 1000  # hand progress is written this long after the last stroke


class SolveView(StepReplay, HandSolving, HintRequests, QWidget):
    """Replay a rule-based solving trace of a puzzle, or solve it by hand."""

    traceReady = Signal(object)  # Trace
    positionChanged = Signal(int)  # steps applied so far
    handSolved = Signal()  # the player's grid became a solution

    def __init__(self, parent: QWidget | None = None, *, delay_ms: int = DEBOUNCE_MS) -> None:
        super().__init__(parent)
        self._puzzle: Puzzle | None = None
        self._rule_set: RuleSet | None = None
        self._titles: dict[str, str] = {}
        self._trace: Trace | None = None
        self._position = 0
        self._worker: Worker | None = None
        self.time_limit = TIME_LIMIT_S  # seconds a trace may take
        self._hint_worker: Worker | None = None
        self._hint: Step | None = None
        self._hand = new_grid(1, 1)
        self._solved = False
        self._applying = False  # a hint is being applied: the ladder is not reset by it
        self._library: Library | None = None
        self._library_id: int | None = None
        self._save_problem = ""  # the last reason progress could not be saved (said once)
        self._dirty = False  # the player's grid changed since it was loaded or saved
        self._saved_seconds = 0.0
        self._debounce = QTimer(self, singleShot=True, interval=delay_ms)
        self._debounce.timeout.connect(self._start_trace)
        self._player = QTimer(self, interval=PLAY_INTERVAL_MS)
        self._player.timeout.connect(self._tick)
        self._saver = QTimer(self, singleShot=True, interval=SAVE_DELAY_MS)
        self._saver.timeout.connect(self.save_progress)
        self.grid = SolveGridView()
        self.grid.set_read_only(True)
        self.model = StepsModel(self)
        build_solve_view(self)
        self.grid.cellsChanged.connect(self._on_cells_changed)
        self.rule_set_combo.currentTextChanged.connect(self.set_rule_set)
        self.summary_label.linkActivated.connect(lambda link: self.go_to(int(link.split(":")[1])))
        self.table.selectionModel().currentRowChanged.connect(
            lambda current, _previous: current.isValid() and self.go_to(current.row() + 1)
        )
        stack = self.grid.undo_stack()
        stack.canUndoChanged.connect(self._stack_changed)
        stack.canRedoChanged.connect(self._stack_changed)
        offer_rule_sets(self.rule_set_combo, *DEFAULT_RULE_SETS)
        self._update_actions()

    # --- inputs ------------------------------------------------------------------------------

    def set_puzzle(self, puzzle: Puzzle | None) -> None:
        """Solve ``puzzle`` shortly (None: nothing to show while the clues are invalid)."""
        if (
            puzzle is not None
            and self._puzzle is not None
            and ((puzzle.rows, puzzle.cols) == (self._puzzle.rows, self._puzzle.cols))
        ):
            self._puzzle = puzzle
            return
        self.cancel()  # (which keeps the player's grid of the puzzle shown so far)
        self._puzzle = puzzle
        self._library_id = None  # other clues: the window says which library puzzle this is
        if puzzle is not None:
            self.grid.set_clues(puzzle.rows, puzzle.cols)
            self._hand = new_grid(puzzle.height, puzzle.width)
            self.grid.undo_stack().clear()
        self._dirty, self._saved_seconds = False, 0.0
        self._set_solved(False, announce=False)
        self.timer.set_seconds(0)
        self._drop_hint()
        self._set_trace(None)
        if puzzle is None:
            self.summary_label.setText("Fix the clues to solve the puzzle.")
            return
        self._schedule()

    def set_rule_set(self, name: str) -> None:
        """Solve with the rule set called ``name`` (a file in the shipped rules folder)."""
        if not name or (self._rule_set is not None and self._rule_set.name == name):
            return
        self.cancel()
        try:
            rule_set = load_rule_set(name)
        except (RuleSyntaxError, OSError, ValueError) as exc:
            self._rule_set = None
            self._set_trace(None)
            self.summary_label.setText(f"Cannot load the rule set “{name}”: {exc}")
            return
        self._rule_set = rule_set
        self._titles = {e.rule.name: e.title for e in rule_set.entries}
        if self.rule_set_combo.currentText() != name:
            self.rule_set_combo.setCurrentText(name)
        self._drop_hint()
        self._set_trace(None)
        self._schedule()

    def rule_set(self) -> RuleSet | None:
        return self._rule_set

    def trace(self) -> Trace | None:
        return self._trace

    def is_busy(self) -> bool:
        return self._debounce.isActive() or self._worker is not None

    def cancel(self) -> None:
        """Stop a pending or running trace or hint (their results are dropped); the player's
        grid of a library puzzle is saved."""
        self.save_progress()
        self._debounce.stop()
        self.set_playing(False)
        for worker in (self._worker, self._hint_worker):
            if worker is not None:
                worker.cancel()
        self._worker = self._hint_worker = None
        self.busy.hide()

    # --- the trace ---------------------------------------------------------------------------

    def _schedule(self) -> None:
        if self._puzzle is not None and self._rule_set is not None:
            self.summary_label.setText("Solving…")
            self.busy.show()
            self._debounce.start()

    def _start_trace(self) -> None:
        puzzle, rule_set, titles = self._puzzle, self._rule_set, dict(self._titles)
        if puzzle is None or rule_set is None:
            return
        try:
            check_size(puzzle, "solving step by step")
        except PuzzleTooLargeError as exc:
            self.busy.hide()
            self.summary_label.setText(f"Cannot solve step by step: {exc}.")
            return
        limit = self.time_limit

        def job(progress: Progress, should_stop: ShouldStop) -> tuple[Trace, list]:
            stop = TimeLimit(limit, should_stop)
            trace = rule_set_trace(puzzle, rule_set, progress=progress, should_stop=stop)
            return trace, step_rows(trace, titles, list(narrate(trace, rule_set.rules, titles)))

        self._worker = run_in_background(job, on_result=self._traced, on_error=self._failed)

    def _current(self, worker: Worker | None) -> bool:
        return worker is not None and self.sender() is worker.signals

    def _traced(self, result: tuple[Trace, list]) -> None:
        if not self._current(self._worker):
            return
        self._worker = None
        self.busy.hide()
        trace, rows = result
        self.model.set_rows(rows)
        self._set_trace(trace)
        if trace.interrupted:  # a cancelled trace is dropped: only the time limit ends one here
            stopped = f"Stopped at the time limit of {self.time_limit:g} s."
            self.summary_label.setText(f"{self.summary_label.text()}<br>{stopped}")
        self.traceReady.emit(trace)

    def _failed(self, message: str) -> None:
        if not self._current(self._worker):
            return
        self._worker = None
        self.busy.hide()
        self.summary_label.setText(f"Cannot solve with these rules: {message}")

    def _set_trace(self, trace: Trace | None) -> None:
        self._trace = trace
        if trace is None:
            self.model.set_rows([])
            self.summary_label.setText("")
        else:
            self.summary_label.setText(summary_text(trace, self._titles))
        if not self.hand_action.isChecked():
            self._drop_hint()
        self._position = 0
        self._show()

    def _stack_changed(self, _can: bool) -> None:
        if shiboken6.isValid(self.undo_action):  # not while the view is being torn down
            self._update_actions()

    def _update_actions(self) -> None:
        hand = self.hand_action.isChecked()
        steps = len(self._trace.steps) if self._trace is not None else 0
        self.back_action.setEnabled(not hand and self._position > 0)
        self.forward_action.setEnabled(not hand and self._position < steps)
        self.play_action.setEnabled(not hand and steps > 0)
        can_hint = self._puzzle is not None and (
            (hand and self._rule_set is not None and not self._solved)
            or (not hand and self._position < steps)
        )
        self.hint_action.setEnabled(can_hint)
        self.hint_panel.button.setEnabled(can_hint)
        stack = self.grid.undo_stack()
        self.undo_action.setEnabled(hand and stack.canUndo())
        self.redo_action.setEnabled(hand and stack.canRedo())
        self.check_action.setEnabled(hand and not self._solved)
        self.next_line_action.setEnabled(self._puzzle is not None)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._run_timer()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self._run_timer()

    # --- keys ----------------------------------------------------------------------------------

    @staticmethod
    def _undo_key(event: QKeyEvent) -> str:
        if event.matches(QKeySequence.StandardKey.Undo):
            return "undo"
        if event.matches(QKeySequence.StandardKey.Redo) or (
            event.key() == Qt.Key.Key_Z
            and event.modifiers()
            == (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
        ):
            return "redo"
        return ""

    def event(self, event: QEvent) -> bool:
        # While solving by hand, Ctrl+Z and Ctrl+Shift+Z belong to the player's grid, not to
        # the window's Undo (which undoes the editor): claim them before shortcuts are matched.
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and self.hand_action.isChecked()
            and isinstance(event, QKeyEvent)
            and self._undo_key(event)
        ):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        what = self._undo_key(event) if self.hand_action.isChecked() else ""
        if what == "undo":
            self.undo()
        elif what == "redo":
            self.redo()
        else:
            super().keyPressEvent(event)
            return
        event.accept()
