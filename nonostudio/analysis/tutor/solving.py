"""Solve-by-hand events for the profile: a move, a hint rung or a mistake shown by Check, each
attributed to the technique of the easiest step available on the grid at that moment
(:func:`~nonostudio.analysis.tutor.lines.easiest_technique`; cells that disagree with the
solution are looked at as open).  A move scores 1, a wrong one (a cell set against the
solution) 0.  The GUI calls :class:`SolveRecorder` and stores its events."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from nonostudio.analysis.tutor.lines import LINE_TECHNIQUES, cell_techniques, easiest_technique
from nonostudio.analysis.tutor.mastery import Outcome, hint_score
from nonostudio.core.line import UNKNOWN
from nonostudio.core.puzzle import Puzzle

BEYOND_LINES = "contradiction"
"""The technique a moment is attributed to when no line technique decides a cell there."""

MOVE, HINT, MISTAKE = "move", "hint", "mistake"


@dataclass(frozen=True)
class SolveEvent:
    """One attributed event: its kind, the technique, its outcome (see :mod:`.mastery`), the
    seconds since the previous move (moves only) and the hint rung (hints only)."""

    kind: str
    technique: str
    score: float
    seconds: float | None = None
    rung: int | None = None

    def outcome(self) -> Outcome:
        return Outcome(self.technique, self.score, self.seconds, "solve")


class SolveRecorder:
    """Attributes the events of one solve-by-hand session of ``puzzle``; ``solution`` (when
    known) lets a grid with mistakes be attributed as if the wrong cells were open."""

    def __init__(self, puzzle: Puzzle, solution: np.ndarray | None = None) -> None:
        self.puzzle = puzzle
        self.solution = solution
        self.events: list[SolveEvent] = []

    def technique_at(self, grid: np.ndarray) -> str:
        """The technique of the easiest step available on ``grid``."""
        work = np.array(grid, dtype=np.int8, copy=True)
        if self.solution is not None:
            work[(work != UNKNOWN) & (work != self.solution)] = UNKNOWN
        return easiest_technique(self.puzzle, work) or BEYOND_LINES

    def move(
        self, grid_before: np.ndarray, seconds: float, grid_after: np.ndarray | None = None
    ) -> SolveEvent:
        """A move made ``seconds`` after the previous one, from ``grid_before`` (to
        ``grid_after`` when known).  It scores 1, or 0 when the solution is known and the move
        gave a cell a value the solution does not have: a wrong move is no success of the
        technique, whether or not a Check shows it later."""
        wrong = self.wrong_move(grid_before, grid_after)
        technique = self.move_technique(grid_before, grid_after, wrong)
        return self._add(SolveEvent(MOVE, technique, 0.0 if wrong else 1.0, float(seconds)))

    def move_technique(
        self, grid_before: np.ndarray, grid_after: np.ndarray | None, wrong: bool = False
    ) -> str:
        """The technique a move is attributed to: with the grid after it, the hardest of the
        techniques deciding the cells it set (of a wrong move, the cells it set wrong), each
        the easiest that decides the cell on its row or column; else, or when a line technique
        decides none of them, the technique of the easiest step available on the grid.  (A
        move on one line is no evidence of another technique's line: Bucks' row 2 filled by
        overlap while its row 11, clue 0, lay open was counted to Empty line.)"""
        if grid_after is None:
            return self.technique_at(grid_before)
        before = np.asarray(grid_before)
        after = np.asarray(grid_after)
        moved = (after != before) & (after != UNKNOWN)
        if wrong and self.solution is not None:
            moved &= after != self.solution
        work = np.array(before, dtype=np.int8, copy=True)
        if self.solution is not None:
            work[(work != UNKNOWN) & (work != self.solution)] = UNKNOWN
        work[moved] = UNKNOWN
        order = {tid: k for k, tid in enumerate(LINE_TECHNIQUES)}
        cells = [(int(r), int(c)) for r, c in zip(*np.nonzero(moved), strict=True)]
        by_row: dict[int, list[int]] = {}
        by_col: dict[int, list[int]] = {}
        for r, c in cells:
            by_row.setdefault(r, []).append(c)
            by_col.setdefault(c, []).append(r)
        # each line a moved cell is on is solved once for all its moved cells, when a cell of
        # it is first looked at (the first cell no technique decides ends the look)
        on_row: dict[int, dict[int, str | None]] = {}
        on_col: dict[int, dict[int, str | None]] = {}
        hardest = -1
        for r, c in cells:
            if r not in on_row:
                on_row[r] = cell_techniques(self.puzzle.rows[r], work[r].tolist(), by_row[r])
            if c not in on_col:
                on_col[c] = cell_techniques(self.puzzle.cols[c], work[:, c].tolist(), by_col[c])
            found = [on_row[r][c], on_col[c][r]]
            known = [order[f] for f in found if f is not None]
            if not known:
                return self.technique_at(grid_before)
            hardest = max(hardest, min(known))
        return LINE_TECHNIQUES[hardest] if hardest >= 0 else self.technique_at(grid_before)

    def wrong_move(self, grid_before: np.ndarray, grid_after: np.ndarray | None) -> bool:
        """Whether the move from ``grid_before`` to ``grid_after`` set a cell (filled or
        crossed) to a value the solution does not have (False when either is unknown)."""
        if self.solution is None or grid_after is None:
            return False
        after = np.asarray(grid_after)
        changed = (after != np.asarray(grid_before)) & (after != UNKNOWN)
        return bool((changed & (after != self.solution)).any())

    def hint(self, grid: np.ndarray, rung: int) -> SolveEvent:
        """A hint ladder shown up to ``rung`` (0 = where … 4 = apply) on ``grid``."""
        return self._add(SolveEvent(HINT, self.technique_at(grid), hint_score(rung), rung=rung))

    def mistake(self, grid: np.ndarray) -> SolveEvent:
        """A mistake Check showed on ``grid``."""
        return self._add(SolveEvent(MISTAKE, self.technique_at(grid), 0.0))

    def _add(self, event: SolveEvent) -> SolveEvent:
        self.events.append(event)
        return event
