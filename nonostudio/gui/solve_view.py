"""The solving view: watch a rule set solve the puzzle step by step, or solve it by hand with hints.

The trace is computed on the thread pool (a newer puzzle or rule set cancels a stale one).  Each
step in the list shows the grid after it, with its line, sub-line and decided cells marked; steps
beyond the rules are marked as fallbacks.  In *by hand* mode the grid is the player's, mistakes are
ringed against the solution, and *Hint* runs one step of the engine from the player's grid.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QItemSelectionModel, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QSplitter,
    QTableView,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from nonostudio.analysis.narrate import narrate, rules_used, seen_line, step_text
from nonostudio.analysis.steps import RULE, Step, Trace
from nonostudio.analysis.strategies import next_line
from nonostudio.analysis.trace import rule_trace
from nonostudio.core.line import UNKNOWN
from nonostudio.core.puzzle import Puzzle, new_grid
from nonostudio.gui.grid_view import GridScrollArea
from nonostudio.gui.rules_model import offer_rule_sets
from nonostudio.gui.solve_grid import SolveGridView, StepMarks
from nonostudio.gui.steps_model import EXPLANATION, StepsModel, step_rows
from nonostudio.gui.workers import Progress, ShouldStop, Worker, run_in_background
from nonostudio.rules.parser import RuleSyntaxError
from nonostudio.rules.ruleset import RuleSet, load_rule_set

# The shipped learned set (resources/rules/learned.rules) explains solutions by default; the
# control set when it is missing.
DEFAULT_RULE_SETS = ("learned", "control")
DEBOUNCE_MS = 250
PLAY_INTERVAL_MS = 450


def summary_text(trace: Trace, titles: dict[str, str]) -> str:
    """The trace in a few lines of rich text: steps, rules used and how often, fallbacks."""
    s = trace.summary()
    fallbacks = sum(s.fallback_steps.values())
    state = "Solved" if trace.solved else ("Interrupted" if trace.interrupted else "Not solved")
    lines = [f"<b>{state}</b> in {s.steps} steps: {s.rule_steps} by rules, {fallbacks} beyond them."]
    if s.uses:
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


class SolveView(QWidget):
    """Replay a rule-based solving trace of a puzzle, or solve it by hand."""

    traceReady = Signal(object)  # Trace
    positionChanged = Signal(int)  # steps applied so far

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
        self._debounce = QTimer(self, singleShot=True, interval=delay_ms)
        self._debounce.timeout.connect(self._start_trace)
        self._player = QTimer(self, interval=PLAY_INTERVAL_MS)
        self._player.timeout.connect(self._tick)
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
        offer_rule_sets(self.rule_set_combo, *DEFAULT_RULE_SETS)
        self._update_actions()

    def _action(self, text: str, slot, key: str, tip: str, checkable: bool = False) -> QAction:
        action = QAction(text, self, checkable=checkable)
        action.setShortcut(QKeySequence(key))
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.setToolTip(f"{tip} ({QKeySequence(key).toString()})")
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
        self.hint_action = self._action("&Hint", self.request_hint, "H", "What can be found next")
        self.next_line_action = self._action("Next &line?", self.suggest_line, "L",
                                             "Which line should I look at next?")
        self.mistakes_action = self._action(
            "Show &mistakes", lambda _on: self._refresh_hand(), "M", "Ring wrong cells", True
        )
        self.mistakes_action.setChecked(True)
        self.rule_set_combo = QComboBox()
        self.rule_set_combo.setAccessibleName("Rule set")
        self.busy = QProgressBar(maximumHeight=12, textVisible=False)
        self.busy.setRange(0, 0)
        self.busy.hide()
        self.message_label = QLabel()
        self.message_label.setAccessibleName("Solving status")
        self.message_label.setWordWrap(True)

        bar = QToolBar()
        bar.addWidget(QLabel("Rules: "))
        bar.addWidget(self.rule_set_combo)
        bar.addSeparator()
        bar.addActions([self.back_action, self.play_action, self.forward_action])
        bar.addSeparator()
        bar.addActions([self.hand_action, self.hint_action, self.mistakes_action,
                        self.next_line_action])
        top = QHBoxLayout()
        top.addWidget(bar)
        top.addWidget(self.busy, 1)

        self.scroll = scroll = GridScrollArea(self.grid)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(scroll, 1)
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
        layout.addWidget(splitter, 1)

    # --- inputs ------------------------------------------------------------------------------

    def set_puzzle(self, puzzle: Puzzle | None) -> None:
        """Solve ``puzzle`` shortly (None: nothing to show while the clues are invalid)."""
        if puzzle is not None and self._puzzle is not None and (
            (puzzle.rows, puzzle.cols) == (self._puzzle.rows, self._puzzle.cols)
        ):
            self._puzzle = puzzle
            return
        self.cancel()
        self._puzzle = puzzle
        if puzzle is not None:
            self.grid.set_clues(puzzle.rows, puzzle.cols)
            self._hand = new_grid(puzzle.height, puzzle.width)
            self.grid.undo_stack().clear()
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
        self._set_trace(None)
        self._schedule()

    def rule_set(self) -> RuleSet | None:
        return self._rule_set

    def trace(self) -> Trace | None:
        return self._trace

    def is_busy(self) -> bool:
        return self._debounce.isActive() or self._worker is not None

    def cancel(self) -> None:
        """Stop a pending or running trace or hint (their results are dropped)."""
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
        self.grid.set_marks(StepMarks(step.axis, step.index, step.subline,
                                      frozenset((r, c) for r, c, _v in step.cells)))
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

    def _update_actions(self) -> None:
        hand = self.hand_action.isChecked()
        steps = len(self._trace.steps) if self._trace is not None else 0
        self.back_action.setEnabled(not hand and self._position > 0)
        self.forward_action.setEnabled(not hand and self._position < steps)
        self.play_action.setEnabled(not hand and steps > 0)
        self.hint_action.setEnabled(hand and self._puzzle is not None and self._rule_set is not None)
        self.mistakes_action.setEnabled(hand)
        self.next_line_action.setEnabled(self._puzzle is not None)

    # --- solving by hand ---------------------------------------------------------------------

    def set_hand_mode(self, on: bool) -> None:
        """Let the player paint the grid (on) or replay the trace (off)."""
        self.set_playing(False)
        self.hand_action.setChecked(on)
        self.grid.set_read_only(not on)
        self.grid.set_faint_satisfied(on)
        self.grid.set_marks(StepMarks())
        self.message_label.setText(
            "Left click fills, right click crosses out; ask for a hint when stuck." if on else ""
        )
        self._show()

    def hand_cells(self) -> np.ndarray:
        return self._hand.copy()

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
        if solution is None:
            return []
        wrong = (self._hand != UNKNOWN) & (self._hand != solution)
        return [(int(r), int(c)) for r, c in zip(*np.nonzero(wrong), strict=True)]

    def _on_cells_changed(self) -> None:
        if self.hand_action.isChecked() and self.grid.cells().shape == self._hand.shape:
            self._hand = self.grid.cells()
            self._refresh_mistakes()

    def _refresh_hand(self) -> None:
        if self._puzzle is None:
            return
        self.grid.set_cells(self._hand)
        self._refresh_mistakes()

    def _refresh_mistakes(self) -> None:
        show = self.mistakes_action.isChecked()
        self.grid.set_mistakes(self.mistakes() if show else ())
        if self._puzzle is not None and self._puzzle.is_solution(self._hand):
            self.message_label.setText("Solved! Well done.")

    def request_hint(self) -> None:
        """Find what the rules decide next from the player's grid (in the background)."""
        puzzle, rule_set = self._puzzle, self._rule_set
        if puzzle is None or rule_set is None or self._hint_worker is not None:
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
        grid = self._hand.copy()
        def job(progress: Progress, should_stop: ShouldStop) -> Step | None:
            trace = rule_trace(puzzle, rule_set.rules, rule_set=rule_set.name,
                               start_grid=grid, max_steps=1, should_stop=should_stop)
            return trace.steps[0] if trace.steps else None

        self.message_label.setText("Looking for a hint…")
        self._hint_worker = run_in_background(job, on_result=self._hinted,
                                              on_error=self._hint_failed)

    def _hinted(self, step: Step | None) -> None:
        if not self._current(self._hint_worker):
            return
        self._hint_worker = None
        if step is None:
            self.message_label.setText("Nothing left to find: the grid is complete.")
            return
        self.grid.set_marks(StepMarks(step.axis, step.index, None, frozenset()))
        self._hint = step
        if step.text:  # a technique step explains itself (and may have no rule: empty lines)
            title = self._titles.get(step.rule, step.rule) if step.rule else ""
            self.message_label.setText(f"Hint: {step.text}" + (f" (rule: {title})" if title else ""))
            return
        if step.kind != RULE:
            self.message_label.setText(
                f"Hint: no rule applies any more. {step_text(step, None, '', None)}"
            )
            return
        assert self._rule_set is not None and self._puzzle is not None
        rule = self._rule_set.entry(step.rule or "").rule
        seen = seen_line(self._puzzle, self._hand.tolist(), step)
        title = self._titles.get(rule.name, rule.name)
        self.message_label.setText(f"Hint: {step_text(step, rule, title, seen)}")

    def suggest_line(self) -> tuple[str, int] | None:
        """Highlight the line the best line-selection strategy looks at next on the grid shown."""
        if self._puzzle is None:
            return None
        grid = self.grid.cells()
        if grid.shape != (self._puzzle.height, self._puzzle.width):
            return None
        ref = next_line(self._puzzle, grid)
        if ref is None:
            self.message_label.setText("No single line decides a cell here: the grid is "
                                       "complete, wrong, or needs more than line logic.")
            return None
        axis, index = ref
        self.grid.set_marks(StepMarks(axis, index, None, frozenset()))
        self.message_label.setText(f"Look at {axis} {index + 1} next: line logic on it decides "
                                   "new cells.")
        return ref

    def last_hint(self) -> Step | None:
        """The step the last hint was about (None before any hint)."""
        return self._hint

    def _hint_failed(self, message: str) -> None:
        if self._current(self._hint_worker):
            self._hint_worker = None
            self.message_label.setText(f"No hint: {message}")
