"""The line-selection task of Dandurand, Cousineau & Shultz (2012): a step chooses one line.

A puzzle becomes a small game: a :class:`Board` holds the decided cells as row bit masks, an
*action* is a line index (rows ``0..h-1`` then columns ``h..h+w-1``, the paper's action order), and
playing an action applies the exact line solver to that line.  Strategies
(:mod:`nonostudio.analysis.line_selection.strategies`) and the reinforcement learner
(:mod:`nonostudio.analysis.line_selection.sarsa`) both play this game.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from nonostudio.core.gridstate import Contradiction
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN, Hints
from nonostudio.core.linesolver import solve_masks
from nonostudio.core.puzzle import Puzzle

LineRef = tuple[str, int]  # ("row", 0) or ("column", 3), zero-based like the trace's steps


@dataclass(frozen=True, slots=True)
class Board:
    """Decided cells: ``filled[r]`` and ``crossed[r]`` have bit ``c`` set for column ``c``."""

    filled: tuple[int, ...]
    crossed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Move:
    """The outcome of one step: the new board, cells it decided, unknown cells the line had."""

    board: Board
    gained: int
    unknown_before: int

    @property
    def reward(self) -> float:
        """The paper's distance-based reward: the fraction of the line's unknown cells decided."""
        return self.gained / self.unknown_before if self.unknown_before else 0.0


class LineGame:
    """A puzzle as a line-selection game; line-solver results are cached per game."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.height = puzzle.height
        self.width = puzzle.width
        self.refs: list[LineRef] = [("row", r) for r in range(self.height)] + [
            ("column", c) for c in range(self.width)
        ]
        self.hints: list[Hints] = list(puzzle.rows) + list(puzzle.cols)
        self._row_full = (1 << self.width) - 1
        self._col_full = (1 << self.height) - 1
        self._cache: dict[tuple[int, int, int], tuple[int, int] | None] = {}

    @property
    def actions(self) -> int:
        """How many lines (actions) the puzzle has."""
        return self.height + self.width

    def length(self, action: int) -> int:
        """Cells on line ``action``."""
        return self.width if action < self.height else self.height

    def action_of(self, ref: LineRef) -> int:
        """The action index of ``("row", r)`` or ``("column", c)``."""
        axis, index = ref
        if axis == "row" and 0 <= index < self.height:
            return index
        if axis == "column" and 0 <= index < self.width:
            return self.height + index
        raise ValueError(f"no {axis} {index + 1} in a {self.puzzle.size_text} puzzle")

    def blank(self) -> Board:
        """The start of every episode: all cells unknown."""
        zeros = (0,) * self.height
        return Board(zeros, zeros)

    def board_from_grid(self, grid: np.ndarray) -> Board:
        """The board of a grid of cell values (shape ``(height, width)``)."""
        g = np.asarray(grid)
        if g.shape != (self.height, self.width):
            raise ValueError(
                f"grid is {g.shape[1]}x{g.shape[0]} but the puzzle is {self.puzzle.size_text}"
            )
        weights = 1 << np.arange(self.width, dtype=np.int64)
        filled = tuple(int(v) for v in ((g == FILLED) * weights).sum(axis=1))
        crossed = tuple(int(v) for v in ((g == CROSSED) * weights).sum(axis=1))
        return Board(filled, crossed)

    def grid_of(self, board: Board) -> np.ndarray:
        """The grid of cell values of a board."""
        bits = (
            np.asarray(board.filled + board.crossed, dtype=np.int64)[:, None]
            >> np.arange(self.width)
        ) & 1
        filled, crossed = bits[: self.height], bits[self.height :]
        return np.where(filled == 1, FILLED, np.where(crossed == 1, CROSSED, UNKNOWN)).astype(
            np.int8
        )

    def line_masks(self, board: Board, action: int) -> tuple[int, int]:
        """``(filled, crossed)`` masks of a line (bit ``i`` = cell ``i`` along the line)."""
        if action < self.height:
            return board.filled[action], board.crossed[action]
        c = action - self.height
        filled = crossed = 0
        for r in range(self.height):
            filled |= ((board.filled[r] >> c) & 1) << r
            crossed |= ((board.crossed[r] >> c) & 1) << r
        return filled, crossed

    def line_cells(self, board: Board, action: int) -> tuple[int, ...]:
        """Cell values of a line, in order."""
        filled, crossed = self.line_masks(board, action)
        return tuple(
            FILLED if (filled >> i) & 1 else CROSSED if (crossed >> i) & 1 else UNKNOWN
            for i in range(self.length(action))
        )

    def is_open(self, board: Board, action: int) -> bool:
        """True while the line has an unknown cell (the paper drops complete lines from the
        actions)."""
        filled, crossed = self.line_masks(board, action)
        full = self._row_full if action < self.height else self._col_full
        return (filled | crossed) != full

    def open_actions(self, board: Board) -> list[int]:
        """Lines that still have unknown cells, in action order."""
        return [a for a in range(self.actions) if self.is_open(board, a)]

    def is_solved(self, board: Board) -> bool:
        """True when every cell is decided."""
        return all(
            (f | x) == self._row_full for f, x in zip(board.filled, board.crossed, strict=True)
        )

    def known(self, board: Board) -> int:
        """Decided cells on the board."""
        return sum((f | x).bit_count() for f, x in zip(board.filled, board.crossed, strict=True))

    def play(self, board: Board, action: int) -> Move:
        """Apply the exact line solver to line ``action``; raises Contradiction when it has no
        solution."""
        filled, crossed = self.line_masks(board, action)
        key = (action, filled, crossed)
        if key in self._cache:
            out = self._cache[key]
        else:
            out = solve_masks(self.hints[action], self.length(action), filled, crossed)
            self._cache[key] = out
        if out is None:
            raise Contradiction(*self.refs[action])
        new_f, new_x = out
        unknown = self.length(action) - (filled | crossed).bit_count()
        gained = (new_f | new_x).bit_count() - (filled | crossed).bit_count()
        if not gained:
            return Move(board, 0, unknown)
        if action < self.height:
            rows_f = board.filled[:action] + (new_f,) + board.filled[action + 1 :]
            rows_x = board.crossed[:action] + (new_x,) + board.crossed[action + 1 :]
            return Move(Board(rows_f, rows_x), gained, unknown)
        c = action - self.height
        rows_f = tuple(f | (((new_f >> r) & 1) << c) for r, f in enumerate(board.filled))
        rows_x = tuple(x | (((new_x >> r) & 1) << c) for r, x in enumerate(board.crossed))
        return Move(Board(rows_f, rows_x), gained, unknown)

    def gain(self, board: Board, action: int) -> int:
        """Cells line ``action`` would decide now (0 for a contradictory line)."""
        try:
            return self.play(board, action).gained
        except Contradiction:
            return 0
