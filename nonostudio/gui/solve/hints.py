"""Looking for a hint from the player's grid in the background (:class:`HintSearch`), for the
Solve view's hint ladder (``H`` or the hint panel's button gives the next step away one rung at
a time: where to look, which technique, the premise, the cells, apply), and the answer to *Next
line?* (:func:`line_advice`).

The hints themselves come from :mod:`nonostudio.analysis.helping.hints` (the next step of a replayed
trace, or one step of a rule trace from the player's grid).
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QObject, Signal

from nonostudio.analysis.line_selection.strategies import clashing_line, next_line
from nonostudio.core.line import UNKNOWN
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.process_child import ProcessJob, shared
from nonostudio.gui.common.process_pool import hint_pool
from nonostudio.gui.common.workers import Worker, run_in_background
from nonostudio.gui.solve.replay import NoSolution
from nonostudio.gui.solve.trace_job import Found, find_hint
from nonostudio.rules.ruleset import RuleSet


class HintSearch(QObject):
    """One hint looked for at a time; a cancelled search's answer never arrives."""

    found = Signal(object)  # HintLadder, or None: every cell is decided
    failed = Signal(str)  # why there is no hint
    noSolution = Signal(object)  # NoSolution: the search found that the puzzle has none

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._worker: Worker | None = None

    def is_running(self) -> bool:
        return self._worker is not None

    def start(self, puzzle: Puzzle, grid: np.ndarray, rule_set: RuleSet, time_limit: float) -> None:
        """Look for the next step from ``grid`` (the player's) with ``rule_set``, for at most
        ``time_limit`` seconds, in a worker process of the hint pool (:func:`find_hint`)."""
        job = ProcessJob(find_hint, (puzzle, grid, shared(rule_set), time_limit))
        self._worker = run_in_background(
            job, on_result=self._hinted, on_error=self._failed, processes=hint_pool
        )

    def cancel(self) -> None:
        if self._worker is not None:
            self._worker.cancel()
            self._worker = None

    def _current(self) -> bool:
        return self._worker is not None and self.sender() is self._worker.signals

    def _hinted(self, ladder: Found) -> None:
        if self._current():
            self._worker = None
            if isinstance(ladder, NoSolution):
                self.noSolution.emit(ladder)
            elif isinstance(ladder, str):  # why no step follows from the player's grid
                self.failed.emit(ladder)
            else:
                self.found.emit(ladder)

    def _failed(self, message: str) -> None:
        if self._current():
            self._worker = None
            self.failed.emit(message)


def line_advice(
    puzzle: Puzzle, grid: np.ndarray, *, solved: bool | None
) -> tuple[tuple[str, int] | None, str]:
    """The line the best line-selection strategy looks at next on ``grid`` (None when there is
    none) and what to tell the player.  ``solved``: whether the player solved the puzzle by hand
    (None when replaying: then the grid shown is judged).  (By hand, the view says the player's
    wrong cells first, as for a hint.)"""
    hand = solved is not None
    if solved or (not hand and puzzle.is_solution(grid)):
        return None, "The puzzle is solved: there is no line left to look at."
    if (clash := clashing_line(puzzle, grid)) is not None:
        # the cells themselves break a clue: said of that line, true whichever picture of
        # several is meant (line logic from here would build on them: "Look at column 1 next"
        # with two cells filled in row 1 of clue 1; with no line left, "the puzzle needs more
        # than line logic" blamed the puzzle)
        axis, index = clash
        clue = (puzzle.rows if axis == "row" else puzzle.cols)[index]
        return None, (
            f"Fix the cells first: {axis} {index + 1}'s cells as they are cannot match its clue "
            f"{' '.join(map(str, clue)) or '0'}, so some of them are wrong."
        )
    ref = next_line(puzzle, grid)
    if ref is None:
        if not (grid == UNKNOWN).any():
            text = "Every cell is decided, but the filled cells do not match the clues."
        else:
            text = (
                "No single line decides a cell here: the puzzle needs more than line "
                "logic now. A hint (H) shows the next step."
            )
        return None, text
    axis, index = ref
    return ref, f"Look at {axis} {index + 1} next: line logic on it decides new cells."
