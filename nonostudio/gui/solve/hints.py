"""Hints in the Solve view: the hint ladder (``H`` or the hint panel's button gives the next step
away one rung at a time: where to look, which technique, the premise, the cells, apply) and
*Next line?*.

The hints themselves come from :mod:`nonostudio.analysis.hints` (the next step of a replayed
trace, or one step of a rule trace from the player's grid, found in the background).
:class:`HintRequests` is mixed into :class:`nonostudio.gui.solve.view.SolveView`; its one concern
is asking for hints and showing them on the grid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nonostudio.analysis.hints import (
    CELLS,
    RUNGS,
    HintLadder,
    apply_step,
    next_hint,
    trace_hint,
)
from nonostudio.analysis.steps import Step
from nonostudio.analysis.strategies import next_line
from nonostudio.core.line import UNKNOWN
from nonostudio.gui.common.workers import Progress, ShouldStop, Worker, run_in_background
from nonostudio.gui.grid.input import CellsCommand
from nonostudio.gui.solve.grid import StepMarks, step_marks

if TYPE_CHECKING:
    from nonostudio.gui.solve.view import SolveView


class HintRequests:
    """The hint ladder and the next-line suggestion of the Solve view."""

    _hint: Step | None
    _hint_worker: Worker | None

    def _drop_hint(self: SolveView) -> None:
        if self._hint_worker is not None:
            self._hint_worker.cancel()
            self._hint_worker = None
        if self.hint_panel.rung() >= 0:
            self.hint_panel.reset()
            if not self.hand_action.isChecked():
                return
            self.grid.set_marks(StepMarks())

    def hint_rung(self: SolveView) -> int:
        """The rung of the hint shown: 0 where … 4 applied; -1 when none is under way."""
        return self.hint_panel.rung()

    def request_hint(self: SolveView) -> None:
        """One more rung of the hint for the next step: a new hint starts with where to look
        (from the player's grid, found in the background, or the trace's next step), and each
        press goes one rung further until the last applies the step."""
        if self._puzzle is None:
            return
        ladder, rung = self.hint_panel.ladder(), self.hint_panel.rung()
        if ladder is not None and rung < len(RUNGS) - 1:
            self._show_rung(ladder, rung + 1)
        elif not self.hand_action.isChecked():
            self._replay_hint()
        else:
            self._hand_hint()

    def _replay_hint(self: SolveView) -> None:
        """A new hint for the trace's next step."""
        if self._trace is None:
            self.message_label.setText(
                "The solution is still being worked out: the hint comes when the steps are ready."
            )
            return
        ladder = trace_hint(self._trace, self._position)
        if ladder is None:
            self.message_label.setText("This is the last step: nothing more to find.")
            return
        self._show_rung(ladder, 0)

    def _hand_hint(self: SolveView) -> None:
        """A new hint from the player's grid (mistakes first), looked for in the background."""
        if self._solved:
            self.message_label.setText("The puzzle is solved: no hint needed.")
            return
        if self._rule_set is None or self._hint_worker is not None or self._puzzle is None:
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
            return next_hint(
                puzzle, grid, rule_set.rules, rule_set=rule_set.name, should_stop=should_stop
            )

        self.message_label.setText("Looking for a hint…")
        self._hint_worker = run_in_background(
            job, on_result=self._hinted, on_error=self._hint_failed
        )

    def _hinted(self: SolveView, ladder: HintLadder | None) -> None:
        if not self._current(self._hint_worker):
            return
        self._hint_worker = None
        if ladder is None:
            self.message_label.setText("Nothing left to find: every cell is decided.")
            return
        self.message_label.setText("")
        self._show_rung(ladder, 0)

    def _show_rung(self: SolveView, ladder: HintLadder, rung: int) -> None:
        """Show the ladder up to ``rung`` and mark what it points at: the line (the supposed
        cell), then what the premise shown is about, then the cells; the last rung applies."""
        step = ladder.step
        self._hint = step
        self.hint_panel.show_rung(ladder, rung)
        if rung < CELLS:
            self.grid.set_marks(step_marks(step, ladder.premises_at(rung), cells=False))
        elif rung == CELLS:
            self.grid.set_marks(step_marks(step))
        else:
            self._apply_hint(step)
        self._update_actions()

    def _apply_hint(self: SolveView, step: Step) -> None:
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

    def last_hint(self: SolveView) -> Step | None:
        """The step the last hint was about (None before any hint)."""
        return self._hint

    def _hint_failed(self: SolveView, message: str) -> None:
        if self._current(self._hint_worker):
            self._hint_worker = None
            self.message_label.setText(f"No hint: {message}")

    # --- which line next ---------------------------------------------------------------------

    def suggest_line(self: SolveView) -> tuple[str, int] | None:
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
                text = (
                    "No line decides a cell from here: some cells are wrong. Check (M) rings them."
                )
            elif not (grid == UNKNOWN).any():
                text = "Every cell is decided, but the filled cells do not match the clues."
            else:
                text = (
                    "No single line decides a cell here: the puzzle needs more than line "
                    "logic now. A hint (H) shows the next step."
                )
            self.message_label.setText(text)
            return None
        axis, index = ref
        self.grid.set_marks(StepMarks(axis, index, None, frozenset()))
        self.message_label.setText(
            f"Look at {axis} {index + 1} next: line logic on it decides new cells."
        )
        return ref
