"""Where a puzzle without a solution breaks, in words: the line line logic finds no room in and
the crossing lines that placed its cells ("row 2 cannot hold 3 1 once columns 1–4 are placed")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from nonostudio.core.clue_text import clue_to_text
from nonostudio.core.gridstate import Contradiction, GridState
from nonostudio.core.line import UNKNOWN
from nonostudio.core.linesolver import masks_cells
from nonostudio.core.puzzle import Puzzle


def _ranges(numbers: Sequence[int]) -> str:
    """``1–4 and 7`` for 1-based numbers in increasing order."""
    parts: list[str] = []
    start = prev = numbers[0]
    for n in [*numbers[1:], None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        parts.append(f"{start}" if start == prev else f"{start}\u2013{prev}")
        if n is not None:
            start = prev = n
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


@dataclass(frozen=True)
class BrokenLine:
    """Where line logic finds no solution: line ``index`` of ``axis`` cannot hold its ``clue``
    once its ``cells`` (cell values; UNKNOWN where undecided) are placed by the crossing lines."""

    axis: str
    index: int
    clue: tuple[int, ...]
    cells: tuple[int, ...]

    def text(self) -> str:
        """``row 2 cannot hold 3 1 once columns 1–4 are placed``."""
        name = f"{self.axis} {self.index + 1}"
        other = "column" if self.axis == "row" else "row"
        placed = [i + 1 for i, cell in enumerate(self.cells) if cell != UNKNOWN]
        if not placed:
            return f"{name} cannot hold {clue_to_text(self.clue)}"
        crossing = (
            f"{other}s {_ranges(placed)} are" if len(placed) > 1 else f"{other} {placed[0]} is"
        )
        return f"{name} cannot hold {clue_to_text(self.clue)} once {crossing} placed"


def broken_line(puzzle: Puzzle) -> BrokenLine | None:
    """The line where line logic finds that ``puzzle`` has no solution (None if it finds none)."""
    state = GridState(puzzle)
    try:
        state.propagate()
    except Contradiction as stop:
        return broken_at(state, *stop.args)
    return None


def contradiction_text(puzzle: Puzzle) -> str | None:
    """Where line logic finds that ``puzzle`` has no solution, in words: ``row 2 cannot hold 3 1
    once columns 1–4 are placed`` (None when line logic finds no contradiction)."""
    broken = broken_line(puzzle)
    return None if broken is None else broken.text()


def broken_at(state: GridState, axis: str, index: int) -> BrokenLine:
    puzzle = state.puzzle
    if axis == "row":
        clue, n, f, x = puzzle.rows[index], state.width, state.row_f[index], state.row_x[index]
    else:
        clue, n, f, x = puzzle.cols[index], state.height, state.col_f[index], state.col_x[index]
    return BrokenLine(axis, index, clue, masks_cells(n, f, x))
