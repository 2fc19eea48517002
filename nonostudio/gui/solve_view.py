"""The solving view: watch a rule set solve the puzzle step by step, or solve it by hand with hints.

The trace is computed on the thread pool (a newer puzzle or rule set cancels a stale one).  Each
step in the list shows the grid after it, with its line, sub-line and decided cells marked, and
the clues, blocks and gaps its explanation names; steps beyond the rules are marked as fallbacks.

*Hint* (``H`` or the hint panel's button) gives the next step away one rung at a time, in both
modes: where to look, which technique, which cells, apply (:mod:`nonostudio.analysis.hints`).

In *by hand* mode the grid is the player's: the puzzle is solved as soon as the filled cells
satisfy every clue (empty cells need not be crossed out), which locks the grid and says so in a
banner; Ctrl+Z / Ctrl+Shift+Z undo and redo while the view has focus; *Check* rings mistakes on
request; a timer (which the player can hide) runs while solving; and for a library puzzle the
grid and time are kept in the library (:meth:`Library.save_hand_progress`).
"""

from __future__ import annotations

import numpy as np
import shiboken6
from PySide6.QtCore import QEvent, QItemSelectionModel, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QHideEvent, QKeyEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableView,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.analysis.hints import RUNGS, HintLadder, apply_step, hint_ladder, next_hint
from nonostudio.analysis.narrate import narrate, rules_used
from nonostudio.analysis.steps import PROBE, SEARCH, Step, Trace
from nonostudio.analysis.strategies import next_line
from nonostudio.analysis.techniques import BY_ID
from nonostudio.analysis.trace import rule_trace
from nonostudio.core.errors import PuzzleError
from nonostudio.core.library import Library, LibraryError
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.puzzle import Puzzle, new_grid
from nonostudio.gui.grid_view import CellsCommand, GridScrollArea
from nonostudio.gui.hand_timer import HandTimer, clock_text
from nonostudio.gui.hint_ladder import HintLadderPanel
from nonostudio.gui.rules_model import offer_rule_sets
from nonostudio.gui.solve_grid import SolveGridView, StepMarks
from nonostudio.gui.steps_model import EXPLANATION, KIND, StepsModel, step_rows
from nonostudio.gui.workers import Progress, ShouldStop, Worker, run_in_background
from nonostudio.rules.parser import RuleSyntaxError
from nonostudio.rules.ruleset import RuleSet, load_rule_set

# The one default rule set of the studio (analysis.defaults) explains solutions; the control set
# when it is missing.  The others are one choice away in the Rules list.
DEFAULT_RULE_SETS = (DEFAULT_RULE_SET, "control")
DEBOUNCE_MS = 250
PLAY_INTERVAL_MS = 450
SAVE_DELAY_MS = 1000  # hand progress is written this long after the last stroke


def summary_text(trace: Trace, titles: dict[str, str]) -> str:
    """The trace in a few lines of rich text: steps, rules used and how often, fallbacks."""
    s = trace.summary()
    fallbacks = sum(s.fallback_steps.values())
    state = "Solved" if trace.solved else ("Interrupted" if trace.interrupted else "Not solved")
    lines = [f"<b>{state}</b> in {s.steps} steps: {s.rule_steps} by rules, {fallbacks} beyond them."]
    if s.techniques:
        used = ", ".join(f"{BY_ID[t].name} ×{k}" if t in BY_ID else f"{t} ×{k}"
                         for t, k in s.techniques.items())
        lines.append(f"Techniques, easiest first: {used}.")
        if s.uses:
            lines.append(f"{len(s.uses)} rules of the set were used.")
    elif s.uses:
        lines.append(f"Rules used: {rules_used(s.uses, titles)}.")
    if fallbacks:
        kinds = ", ".join(f"{kind} ×{k}" for kind, k in s.fallback_steps.items() if k)
        first = trace.first_fallback()
        assert first is not None
        lines.append(
            f"<span style='color:#e65a1e'><b>Fallbacks:</b> {kinds}; the rules first get stuck "
            f"at <a href='step:{first + 1}'>step {first + 1}</a>.</span>"
        )
    return "<br>".join(lines)


def filled_solves(puzzle: Puzzle, grid: np.ndarray) -> bool:
    """Whether the filled cells of ``grid`` satisfy every clue (undecided cells count as empty):
    the player's picture is right, whatever is crossed out or not."""
    g = np.asarray(grid)
    if g.shape != (puzzle.height, puzzle.width):
        return False
    return puzzle.is_solution(np.where(g == FILLED, FILLED, CROSSED).astype(np.int8))


def step_marks(step: Step, *, cells: bool = True) -> StepMarks:
    """The grid marks of a step: its line and sub-line, and (``cells``) the cells it decides and
    the clues, blocks and gaps its explanation names."""
    if step.kind == SEARCH:
        decided = frozenset((r, c) for r, c, _v in step.cells) if cells else frozenset()
        return StepMarks(cells=decided)
    if step.kind == PROBE and not cells:
        r, c, _v = step.cells[0]
        return StepMarks(step.axis, step.index, None, frozenset({(r, c)}))
    if not cells:
        return StepMarks(step.axis, step.index, step.subline)
    return StepMarks(step.axis, step.index, step.subline,
                     frozenset((r, c) for r, c, _v in step.cells),
                     step.focus_clues, step.focus_spans)


class SolveView(QWidget):
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
        self._build()
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

    def _action(self, text: str, slot, key: str, tip: str, checkable: bool = False) -> QAction:
        action = QAction(text, self, checkable=checkable)
        if key:
            action.setShortcut(QKeySequence(key))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            tip = f"{tip} ({QKeySequence(key).toString()})"
        action.setToolTip(tip)
        action.triggered.connect(lambda checked=False: slot(checked) if checkable else slot())
        self.addAction(action)
        return action

    def _build(self) -> None:
        self.back_action = self._action("◀ Back", self.step_back, "Left", "Previous step")
        self.play_action = self._action("▶ Play", self.set_playing, "P", "Play the steps", True)
        self.forward_action = self._action("Next ▶", self.step_forward, "Right", "Next step")
        self.hand_action = self._action(
            "Solve by &hand", self.set_hand_mode, "Ctrl+H", "Paint cells yourself", True
        )
        self.hint_action = self._action(
            "&Hint", self.request_hint, "H",
            "Give the next step away one rung at a time: where, which technique, which cells, "
            "apply")
        self.next_line_action = self._action("Next &line?", self.suggest_line, "L",
                                             "Which line should I look at next?")
        # Undo and redo are keys of the view (Ctrl+Z, Ctrl+Shift+Z: keyPressEvent, so that the
        # window's editor Undo does not take them while solving by hand); these are the buttons.
        self.undo_action = self._action("Undo", self.undo, "", "Undo your last stroke (Ctrl+Z)")
        self.redo_action = self._action("Redo", self.redo, "",
                                        "Redo what you undid (Ctrl+Shift+Z)")
        self.check_action = self._action("&Check", self.check_mistakes, "M",
                                         "Ring the cells that are wrong so far")
        self.timer_action = self._action("&Timer", self.set_timer_shown, "T",
                                         "Show or hide the time spent solving", True)
        self.timer_action.setChecked(True)
        self.rule_set_combo = QComboBox()
        self.rule_set_combo.setAccessibleName("Rule set")
        self.rule_set_combo.setToolTip(f"The rules that explain the steps (default: "
                                       f"{DEFAULT_RULE_SET})")
        self.busy = QProgressBar(maximumHeight=12, textVisible=False)
        self.busy.setRange(0, 0)
        self.busy.hide()
        self.message_label = QLabel()
        self.message_label.setAccessibleName("Solving status")
        self.message_label.setWordWrap(True)
        self.timer = HandTimer()

        bar = QToolBar()
        bar.addWidget(QLabel("Rules: "))
        bar.addWidget(self.rule_set_combo)
        bar.addSeparator()
        bar.addActions([self.back_action, self.play_action, self.forward_action])
        bar.addSeparator()
        bar.addActions([self.hand_action, self.hint_action, self.next_line_action])
        self.hand_bar = QToolBar()
        self.hand_bar.addActions([self.undo_action, self.redo_action, self.check_action,
                                  self.timer_action])
        self._timer_item = self.hand_bar.addWidget(self.timer)  # its visibility is the item's
        self.hand_bar.hide()
        top = QHBoxLayout()
        top.addWidget(bar)
        top.addWidget(self.busy, 1)
        hand_row = QHBoxLayout()  # its own row: both bars on one overflow into chevrons
        hand_row.addWidget(self.hand_bar)
        hand_row.addStretch(1)

        self.banner = QLabel()
        self.banner.setObjectName("solvedBanner")
        self.banner.setAccessibleName("Solved")
        self.banner.setWordWrap(True)
        self.banner.setStyleSheet("QLabel#solvedBanner { background: #2e8b57; color: white; "
                                  "font-size: 15pt; font-weight: bold; padding: 6px; "
                                  "border-radius: 4px; }")
        self.again_button = QPushButton("Solve &again")
        self.again_button.setToolTip("Clear your grid and start this puzzle afresh")
        self.again_button.clicked.connect(self.restart_hand)
        banner_row = QHBoxLayout()
        banner_row.addWidget(self.banner, 1)
        banner_row.addWidget(self.again_button)
        self.banner_box = QWidget()
        self.banner_box.setLayout(banner_row)
        banner_row.setContentsMargins(0, 0, 0, 0)
        self.banner_box.hide()

        self.hint_panel = HintLadderPanel()
        self.hint_panel.button.clicked.connect(self.hint_action.trigger)

        self.scroll = scroll = GridScrollArea(self.grid)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.banner_box)
        left_layout.addWidget(scroll, 1)
        left_layout.addWidget(self.hint_panel)
        left_layout.addWidget(self.message_label)

        self.summary_label = QLabel("No puzzle")
        self.summary_label.setWordWrap(True)
        self.summary_label.setAccessibleName("Trace summary")
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setAccessibleName("Solving steps")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(EXPLANATION, QHeaderView.ResizeMode.Stretch)
        # The technique names the step and fallbacks are tinted: the kind column ("probe
        # (fallback)") only pushed the explanation out of sight.
        self.table.setColumnHidden(KIND, True)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.summary_label)
        right_layout.addWidget(self.table, 1)

        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(right)
        # The grid is the main thing to see: it gets three fifths of the width.
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([600, 400])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addLayout(hand_row)
        layout.addWidget(splitter, 1)

    # --- inputs ------------------------------------------------------------------------------

    def set_puzzle(self, puzzle: Puzzle | None) -> None:
        """Solve ``puzzle`` shortly (None: nothing to show while the clues are invalid)."""
        if puzzle is not None and self._puzzle is not None and (
            (puzzle.rows, puzzle.cols) == (self._puzzle.rows, self._puzzle.cols)
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

    def set_library_puzzle(self, library: Library | None, library_id: int | None) -> None:
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
            self.message_label.setText(f"Your earlier progress on this puzzle cannot be read: "
                                       f"{exc}")
            return
        if kept is None or kept.cells.shape != self._hand.shape:
            return
        self._hand = kept.cells.copy()
        self.grid.undo_stack().clear()
        self.timer.set_seconds(kept.seconds)
        self._dirty, self._saved_seconds = False, kept.seconds
        self._set_solved(filled_solves(self._puzzle, self._hand), announce=False)
        if self.hand_action.isChecked():
            self._refresh_hand()
        state = "solved" if self._solved else "in progress"
        self.message_label.setText(
            f"Your game of this puzzle is {state} ({clock_text(kept.seconds)}): "
            + ("press Solve by hand to see it." if not self.hand_action.isChecked() else
               "carry on where you left off."))

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

        def job(progress: Progress, should_stop: ShouldStop) -> tuple[Trace, list]:
            trace = rule_trace(puzzle, rule_set.rules, rule_set=rule_set.name,
                               progress=progress, should_stop=should_stop)
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

    # --- replay ------------------------------------------------------------------------------

    def position(self) -> int:
        """How many steps of the trace the grid shows applied."""
        return self._position

    def go_to(self, position: int) -> None:
        """Show the grid after ``position`` steps (clamped to the trace)."""
        if self._trace is None or self.hand_action.isChecked():
            return
        position = min(max(0, position), len(self._trace.steps))
        if position == self._position and self._selected_row() == position - 1:
            return
        self._position = position
        if not self._applying:
            self._drop_hint()
        self._show()
        self.positionChanged.emit(position)

    def step_forward(self) -> None:
        self.go_to(self._position + 1)

    def step_back(self) -> None:
        self.go_to(self._position - 1)

    def set_playing(self, playing: bool) -> None:
        if playing and self._trace is not None and not self.hand_action.isChecked():
            if self._position >= len(self._trace.steps):
                self.go_to(0)
            self._player.start()
        else:
            self._player.stop()
        self.play_action.setChecked(self._player.isActive())
        self.play_action.setText("❚❚ Pause" if self._player.isActive() else "▶ Play")

    def is_playing(self) -> bool:
        return self._player.isActive()

    def _tick(self) -> None:
        if self._trace is None or self._position >= len(self._trace.steps):
            self.set_playing(False)
            return
        self.step_forward()

    def _selected_row(self) -> int:
        index = self.table.selectionModel().currentIndex()
        return index.row() if index.isValid() else -1

    def _show(self) -> None:
        """Bring grid, marks, table selection and actions in line with the mode and position."""
        if self._puzzle is None:
            self._update_actions()
            return
        if self.hand_action.isChecked():
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

    def _mark_step(self) -> None:
        assert self._trace is not None
        selection = self.table.selectionModel()
        if self._position == 0:
            self.grid.set_marks(StepMarks())
            selection.clearSelection()
            selection.setCurrentIndex(self.model.index(-1, 0),
                                      QItemSelectionModel.SelectionFlag.Clear)
            self.message_label.setText("Before the first step.")
            return
        step = self._trace.steps[self._position - 1]
        self.grid.set_marks(step_marks(step))
        row = self._position - 1
        if self._selected_row() != row:
            selection.setCurrentIndex(
                self.model.index(row, 0),
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows,
            )
        self.table.scrollTo(self.model.index(row, 0), QAbstractItemView.ScrollHint.PositionAtCenter)
        entry = self.model.row_at(row)
        self.message_label.setText(f"Step {entry.number}: {entry.explanation}")

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
            or (not hand and self._position < steps))
        self.hint_action.setEnabled(can_hint)
        self.hint_panel.button.setEnabled(can_hint)
        stack = self.grid.undo_stack()
        self.undo_action.setEnabled(hand and stack.canUndo())
        self.redo_action.setEnabled(hand and stack.canRedo())
        self.check_action.setEnabled(hand and not self._solved)
        self.next_line_action.setEnabled(self._puzzle is not None)

    # --- solving by hand ---------------------------------------------------------------------

    def set_hand_mode(self, on: bool) -> None:
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
        self._timer_item.setVisible(on and self.timer_action.isChecked())
        self.banner_box.setVisible(on and self._solved)
        self._drop_hint()
        if on and self._solved:
            text = "You have solved this puzzle: Solve again to start afresh."
        elif on:
            text = ("Left click fills, right click crosses out; the puzzle is solved when the "
                    "filled cells are right. Ask for a hint (H) when stuck.")
        else:
            text = ""
        self.message_label.setText(text)
        self._run_timer()
        self._show()
        if on:
            self.grid.setFocus()

    def is_hand_mode(self) -> bool:
        return self.hand_action.isChecked()

    def hand_cells(self) -> np.ndarray:
        return self._hand.copy()

    def is_solved(self) -> bool:
        """Whether the player's filled cells solve the puzzle."""
        return self._solved

    def solution(self) -> np.ndarray | None:
        """The solution mistakes are judged against: the trace's end, or the puzzle's goal."""
        if self._trace is not None and self._trace.solved:
            return self._trace.grid_after(len(self._trace.steps))
        if self._puzzle is not None and self._puzzle.goal is not None:
            return np.asarray(self._puzzle.goal)
        return None

    def mistakes(self) -> list[tuple[int, int]]:
        """Cells the player decided differently from the solution."""
        solution = self.solution()
        if solution is None or solution.shape != self._hand.shape:
            return []
        wrong = (self._hand != UNKNOWN) & (self._hand != solution)
        return [(int(r), int(c)) for r, c in zip(*np.nonzero(wrong), strict=True)]

    def check_mistakes(self) -> list[tuple[int, int]]:
        """Ring the player's wrong cells (on request) and say how many; the rings go with the
        next stroke."""
        if self._puzzle is None or not self.hand_action.isChecked():
            return []
        if self.solution() is None:
            self.message_label.setText("Mistakes cannot be checked yet: the solution is still "
                                       "being worked out.")
            return []
        wrong = self.mistakes()
        self.grid.set_mistakes(wrong)
        if not wrong:
            self.message_label.setText("No mistakes so far.")
        else:
            r, c = wrong[0]
            more = f" (and {len(wrong) - 1} more, ringed)" if len(wrong) > 1 else " (ringed)"
            self.message_label.setText(f"{len(wrong)} mistake{'s' if len(wrong) > 1 else ''}: "
                                       f"row {r + 1}, column {c + 1} is wrong{more}.")
        return wrong

    def undo(self) -> None:
        if self.hand_action.isChecked():
            self.grid.undo_stack().undo()

    def redo(self) -> None:
        if self.hand_action.isChecked():
            self.grid.undo_stack().redo()

    def restart_hand(self) -> None:
        """Clear the player's grid and time (one undoable step) and start again."""
        if self._puzzle is None:
            return
        before = self._hand.copy()
        self.timer.set_seconds(0)
        self.grid.undo_stack().push(CellsCommand(self.grid, before, new_grid(
            self._puzzle.height, self._puzzle.width), "Start again"))
        self.grid.setFocus()

    def set_timer_shown(self, shown: bool) -> None:
        self.timer_action.setChecked(shown)
        self._timer_item.setVisible(shown and self.hand_action.isChecked())

    def _run_timer(self) -> None:
        """The clock runs while the player can solve: by hand, unsolved, and on screen (another
        tab or a minimised window pauses it)."""
        if (self.hand_action.isChecked() and not self._solved and self._puzzle is not None
                and self.isVisible()):
            self.timer.start()
        else:
            self.timer.stop()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._run_timer()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self._run_timer()

    def _on_cells_changed(self) -> None:
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

    def _set_solved(self, solved: bool, *, announce: bool = True) -> None:
        was = self._solved
        self._solved = solved
        hand = self.hand_action.isChecked()
        self.grid.set_read_only(not hand or solved)
        self.banner_box.setVisible(hand and solved)
        self._run_timer()  # stops on the solved moment, so the banner gives the final time
        if solved:
            size = "" if self._puzzle is None else f"{self._puzzle.size_text} "
            self.banner.setText(f"✓ Solved! You finished this {size}puzzle in "
                                f"{clock_text(self.timer.seconds())}.")
        if solved and not was and announce:
            self.message_label.setText("Solved! Well done. Undo (Ctrl+Z) to go back, or Solve "
                                       "again to start afresh.")
            self.save_progress()
            self.handSolved.emit()
        self._update_actions()

    def _refresh_hand(self) -> None:
        if self._puzzle is None:
            return
        self.grid.set_cells(self._hand)
        self.grid.set_mistakes(())

    # --- keeping progress ----------------------------------------------------------------------

    def save_progress(self) -> bool:
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

    # --- the hint ladder -----------------------------------------------------------------------

    def _drop_hint(self) -> None:
        if self._hint_worker is not None:
            self._hint_worker.cancel()
            self._hint_worker = None
        if self.hint_panel.rung() >= 0:
            self.hint_panel.reset()
            if not self.hand_action.isChecked():
                return
            self.grid.set_marks(StepMarks())

    def hint_rung(self) -> int:
        """The rung of the hint shown: 0 where … 3 applied; -1 when none is under way."""
        return self.hint_panel.rung()

    def request_hint(self) -> None:
        """One more rung of the hint for the next step: a new hint starts with where to look
        (from the player's grid, found in the background, or the trace's next step), and each
        press goes one rung further until the fourth applies the step."""
        if self._puzzle is None:
            return
        ladder, rung = self.hint_panel.ladder(), self.hint_panel.rung()
        if ladder is not None and rung < len(RUNGS) - 1:
            self._show_rung(ladder, rung + 1)
            return
        if not self.hand_action.isChecked():
            if self._trace is None:
                self.message_label.setText("The solution is still being worked out: the hint "
                                           "comes when the steps are ready.")
                return
            if self._position >= len(self._trace.steps):
                self.message_label.setText("This is the last step: nothing more to find.")
                return
            self._show_rung(hint_ladder(self._trace.steps[self._position]), 0)
            return
        if self._solved:
            self.message_label.setText("The puzzle is solved: no hint needed.")
            return
        if self._rule_set is None or self._hint_worker is not None:
            return
        wrong = self.mistakes()
        if wrong:
            r, c = wrong[0]
            more = f" (and {len(wrong) - 1} more)" if len(wrong) > 1 else ""
            self.grid.set_mistakes(wrong)
            self.message_label.setText(
                f"Fix the mistake first: row {r + 1}, column {c + 1} is wrong{more}."
            )
            return
        puzzle, rule_set, grid = self._puzzle, self._rule_set, self._hand.copy()

        def job(progress: Progress, should_stop: ShouldStop) -> HintLadder | None:
            return next_hint(puzzle, grid, rule_set.rules, rule_set=rule_set.name,
                             should_stop=should_stop)

        self.message_label.setText("Looking for a hint…")
        self._hint_worker = run_in_background(job, on_result=self._hinted,
                                              on_error=self._hint_failed)

    def _hinted(self, ladder: HintLadder | None) -> None:
        if not self._current(self._hint_worker):
            return
        self._hint_worker = None
        if ladder is None:
            self.message_label.setText("Nothing left to find: every cell is decided.")
            return
        self.message_label.setText("")
        self._show_rung(ladder, 0)

    def _show_rung(self, ladder: HintLadder, rung: int) -> None:
        step = ladder.step
        self._hint = step
        self.hint_panel.show_rung(ladder, rung)
        if rung < 2:
            self.grid.set_marks(step_marks(step, cells=False))
        elif rung == 2:
            self.grid.set_marks(step_marks(step))
        else:
            self._apply_hint(step)
        self._update_actions()

    def _apply_hint(self, step: Step) -> None:
        self._applying = True
        try:
            if self.hand_action.isChecked():
                before = self._hand.copy()
                after = apply_step(before, step)
                name = self.hint_panel.ladder()
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
        if self._current(self._hint_worker):
            self._hint_worker = None
            self.message_label.setText(f"No hint: {message}")

    # --- which line next ---------------------------------------------------------------------

    def suggest_line(self) -> tuple[str, int] | None:
        """Highlight the line the best line-selection strategy looks at next on the grid shown."""
        if self._puzzle is None:
            return None
        grid = self.grid.cells()
        if grid.shape != (self._puzzle.height, self._puzzle.width):
            return None
        hand = self.hand_action.isChecked()
        if (hand and self._solved) or (not hand and self._puzzle.is_solution(grid)):
            self.message_label.setText("The puzzle is solved: there is no line left to look at.")
            return None
        ref = next_line(self._puzzle, grid)
        if ref is None:
            if hand and self.mistakes():
                text = ("No line decides a cell from here: some cells are wrong. Check (M) "
                        "rings them.")
            elif not (grid == UNKNOWN).any():
                text = "Every cell is decided, but the filled cells do not match the clues."
            else:
                text = ("No single line decides a cell here: the puzzle needs more than line "
                        "logic now. A hint (H) shows the next step.")
            self.message_label.setText(text)
            return None
        axis, index = ref
        self.grid.set_marks(StepMarks(axis, index, None, frozenset()))
        self.message_label.setText(f"Look at {axis} {index + 1} next: line logic on it decides "
                                   "new cells.")
        return ref

    # --- keys ----------------------------------------------------------------------------------

    @staticmethod
    def _undo_key(event: QKeyEvent) -> str:
        if event.matches(QKeySequence.StandardKey.Undo):
            return "undo"
        if event.matches(QKeySequence.StandardKey.Redo) or (
                event.key() == Qt.Key.Key_Z and event.modifiers() == (
                    Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)):
            return "redo"
        return ""

    def event(self, event: QEvent) -> bool:
        # While solving by hand, Ctrl+Z and Ctrl+Shift+Z belong to the player's grid, not to
        # the window's Undo (which undoes the editor): claim them before shortcuts are matched.
        if (event.type() == QEvent.Type.ShortcutOverride and self.hand_action.isChecked()
                and isinstance(event, QKeyEvent) and self._undo_key(event)):
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
