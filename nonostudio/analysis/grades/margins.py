"""The blank margins of a puzzle: rows and columns with an empty clue around the picture.

They only hold empty cells, so grading leaves them out: a picture with a blank border gets
exactly the grade of the picture alone.
"""

from __future__ import annotations

from nonostudio.core.puzzle import Puzzle


def blank_margins(puzzle: Puzzle) -> tuple[int, int, int, int]:
    """How many rows at the top and bottom and columns at the left and right have an empty clue
    (all zero when every row is empty: a blank grid is graded whole)."""

    def run(clues: tuple[tuple[int, ...], ...]) -> tuple[int, int]:
        first = next((i for i, c in enumerate(clues) if c), None)
        if first is None:
            return 0, 0
        last = next(i for i in range(len(clues) - 1, -1, -1) if clues[i])
        return first, len(clues) - 1 - last

    top, bottom = run(puzzle.rows)
    left, right = run(puzzle.cols)
    if (top, bottom) == (0, 0) and not any(puzzle.rows):
        return 0, 0, 0, 0
    return top, bottom, left, right


def without_margins(puzzle: Puzzle) -> tuple[Puzzle, tuple[int, int, int, int]]:
    """The puzzle without its blank margins (:func:`blank_margins`) and the margins."""
    margins = blank_margins(puzzle)
    top, bottom, left, right = margins
    if margins == (0, 0, 0, 0):
        return puzzle, margins
    rows = puzzle.rows[top : puzzle.height - bottom]
    cols = puzzle.cols[left : puzzle.width - right]
    return Puzzle(rows, cols, title=puzzle.title), margins
