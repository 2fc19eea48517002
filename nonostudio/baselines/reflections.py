"""The eight reflections of a square board (the symmetries of the square), on boards and on clues.

A reflection maps a puzzle to another puzzle and its solutions to that puzzle's solutions, so a
network that guesses any one reflection of a board right has guessed the board: undo the
reflection.  Each is a transpose (the diagonal reflection) or not, then reversing the row order
or not, then reversing the column order or not; reversing the column order reverses each row's
clue and the order of the column clues.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from nonostudio.core.puzzle import Clues


@dataclass(frozen=True)
class Reflection:
    """Transpose first (when ``transpose``), then reverse the rows, then the columns."""

    transpose: bool
    reverse_rows: bool
    reverse_cols: bool

    @property
    def name(self) -> str:
        parts = [("T", self.transpose), ("V", self.reverse_rows), ("H", self.reverse_cols)]
        return "".join(p for p, on in parts if on) or "id"

    def board(self, board: np.ndarray) -> np.ndarray:
        out = board.T if self.transpose else board
        if self.reverse_rows:
            out = out[::-1]
        if self.reverse_cols:
            out = out[:, ::-1]
        return np.ascontiguousarray(out)

    def undo_board(self, board: np.ndarray) -> np.ndarray:
        out = board[:, ::-1] if self.reverse_cols else board
        if self.reverse_rows:
            out = out[::-1]
        return np.ascontiguousarray(out.T if self.transpose else out)

    def clues(self, rows: Clues, cols: Clues) -> tuple[Clues, Clues]:
        if self.transpose:
            rows, cols = cols, rows
        if self.reverse_rows:  # the row order, and so each column read upwards
            rows = rows[::-1]
            cols = tuple(c[::-1] for c in cols)
        if self.reverse_cols:
            cols = cols[::-1]
            rows = tuple(r[::-1] for r in rows)
        return rows, cols


REFLECTIONS: tuple[Reflection, ...] = tuple(
    Reflection(t, v, h) for t in (False, True) for v in (False, True) for h in (False, True)
)
IDENTITY = REFLECTIONS[0]
