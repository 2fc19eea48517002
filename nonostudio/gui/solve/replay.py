"""Replaying a solving trace in the Solve view: step navigation (back, next, a step of the
table), playback, and bringing the grid, its marks and the table selection in line with the
position; plus the trace summary shown over the steps.

:class:`StepReplay` is mixed into :class:`nonostudio.gui.solve.view.SolveView` (its one concern
is the replay position); it uses the view's grid, table, actions and labels.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelectionModel
from PySide6.QtWidgets import QAbstractItemView

from nonostudio.analysis.narrate import rules_used
from nonostudio.analysis.steps import Trace
from nonostudio.analysis.techniques import BY_ID
from nonostudio.core.puzzle import new_grid
from nonostudio.gui.solve.grid import StepMarks, step_marks

if TYPE_CHECKING:
    from PySide6.QtCore import QTimer

    from nonostudio.gui.solve.view import SolveView


def summary_text(trace: Trace, titles: dict[str, str]) -> str:
    """The trace in a few lines of rich text: steps, rules used and how often, fallbacks."""
    s = trace.summary()
    fallbacks = sum(s.fallback_steps.values())
    state = "Solved" if trace.solved else ("Interrupted" if trace.interrupted else "Not solved")
    lines = [
        f"<b>{state}</b> in {s.steps} steps: {s.rule_steps} by rules, {fallbacks} beyond them."
    ]
    if s.techniques:
        used = ", ".join(
            f"{BY_ID[t].name} ×{k}" if t in BY_ID else f"{t} ×{k}" for t, k in s.techniques.items()
        )
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


class StepReplay:
    """The replay position of the Solve view and everything that follows it."""

    _player: QTimer
    _position: int

    def position(self: SolveView) -> int:
        """How many steps of the trace the grid shows applied."""
        return self._position

    def go_to(self: SolveView, position: int) -> None:
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

    def step_forward(self: SolveView) -> None:
        self.go_to(self._position + 1)

    def step_back(self: SolveView) -> None:
        self.go_to(self._position - 1)

    def set_playing(self: SolveView, playing: bool) -> None:
        if playing and self._trace is not None and not self.hand_action.isChecked():
            if self._position >= len(self._trace.steps):
                self.go_to(0)
            self._player.start()
        else:
            self._player.stop()
        self.play_action.setChecked(self._player.isActive())
        self.play_action.setText("❚❚ Pause" if self._player.isActive() else "▶ Play")

    def is_playing(self: SolveView) -> bool:
        return self._player.isActive()

    def set_play_interval(self: SolveView, ms: int) -> None:
        """Play one step every ``ms`` milliseconds (the default is ``PLAY_INTERVAL_MS``)."""
        self._player.setInterval(ms)

    def _tick(self: SolveView) -> None:
        if self._trace is None or self._position >= len(self._trace.steps):
            self.set_playing(False)
            return
        self.step_forward()

    def _selected_row(self: SolveView) -> int:
        index = self.table.selectionModel().currentIndex()
        return index.row() if index.isValid() else -1

    def _show(self: SolveView) -> None:
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

    def _mark_step(self: SolveView) -> None:
        assert self._trace is not None
        selection = self.table.selectionModel()
        if self._position == 0:
            self.grid.set_marks(StepMarks())
            selection.clearSelection()
            selection.setCurrentIndex(
                self.model.index(-1, 0), QItemSelectionModel.SelectionFlag.Clear
            )
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
        # Only as far as needed: a row just clicked must stay under the mouse (centring it
        # moved another row under the button, which the release then selected).
        self.table.scrollTo(self.model.index(row, 0), QAbstractItemView.ScrollHint.EnsureVisible)
        entry = self.model.row_at(row)
        self.message_label.setText(f"Step {entry.number}: {entry.explanation}")
