"""The puzzle model: row and column clues, optional metadata and goal picture, and grid helpers.

A grid is a numpy ``int8`` array of shape ``(height, width)`` holding the cell values of
:mod:`nonostudio.core.line` (UNKNOWN = -1, CROSSED = 0, FILLED = 1).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from nonostudio.core.errors import InconsistentPuzzleError, PuzzleError
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN, Hints

Clues = tuple[Hints, ...]


def min_length(hints: Sequence[int]) -> int:
    """Cells needed by ``hints`` packed with single gaps (0 for an empty clue)."""
    return sum(hints) + max(len(hints) - 1, 0)


def normalise_clue(values: Iterable[int]) -> Hints:
    """Drop zeros (``0`` is the empty clue in most formats) and return a tuple of ints."""
    return tuple(int(v) for v in values if int(v) != 0)


def new_grid(height: int, width: int, value: int = UNKNOWN) -> np.ndarray:
    """A grid of the given shape with every cell set to ``value``."""
    return np.full((height, width), value, dtype=np.int8)


def grid_to_text(
    grid: np.ndarray, filled: str = "#", crossed: str = ".", unknown: str = "?"
) -> str:
    """Rows of one character per cell, joined by newlines."""
    chars = {FILLED: filled, CROSSED: crossed, UNKNOWN: unknown}
    return "\n".join("".join(chars[int(c)] for c in row) for row in grid)


def clues_of_grid(grid: np.ndarray) -> tuple[Clues, Clues]:
    """Row and column clues of a picture (unknown cells count as empty)."""
    filled = np.asarray(grid) == FILLED
    return _run_lengths(filled), _run_lengths(filled.T)


def _run_lengths(filled: np.ndarray) -> Clues:
    """The clue of each row of a boolean matrix: the lengths of its runs of True, in order."""
    height, width = filled.shape
    if height == 0:
        return ()
    padded = np.zeros((height, width + 2), dtype=np.int8)
    padded[:, 1:-1] = filled
    edges = np.diff(padded, axis=1)
    start_rows, starts = np.nonzero(edges == 1)
    _, ends = np.nonzero(edges == -1)  # row-major order: the k-th end closes the k-th start
    lengths = (ends - starts).tolist()
    bounds = np.searchsorted(start_rows, np.arange(height + 1)).tolist()
    return tuple(tuple(lengths[bounds[r] : bounds[r + 1]]) for r in range(height))


@dataclass(frozen=True, eq=False)
class Puzzle:
    """A black-and-white nonogram: clues for every row (top to bottom) and column (left to right).

    Construction validates the clues and raises :class:`InconsistentPuzzleError` when no picture
    can satisfy them for a simple reason (a clue longer than its line, row and column totals that
    differ) or :class:`PuzzleError` for malformed values.  ``goal`` is an optional solution picture
    (``int8`` array of FILLED/CROSSED, shape ``(height, width)``).
    """

    rows: Clues
    cols: Clues
    title: str = ""
    author: str = ""
    copyright: str = ""
    licence: str = ""
    goal: np.ndarray | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rows", tuple(tuple(int(v) for v in r) for r in self.rows))
        object.__setattr__(self, "cols", tuple(tuple(int(v) for v in c) for c in self.cols))
        if not self.rows or not self.cols:
            raise PuzzleError(
                f"a puzzle needs at least one row and one column "
                f"(got {len(self.rows)} rows, {len(self.cols)} columns)"
            )
        for kind, clues, length in (
            ("row", self.rows, self.width),
            ("column", self.cols, self.height),
        ):
            for i, clue in enumerate(clues, 1):
                for v in clue:
                    if v <= 0:
                        raise PuzzleError(
                            f"clue numbers must be positive, found {v}", clue=f"{kind} {i}"
                        )
                need = min_length(clue)
                if need > length:
                    raise InconsistentPuzzleError(
                        f"clue {' '.join(map(str, clue))} needs {need} cells but the {kind} has "
                        f"only {length}",
                        clue=f"{kind} {i}",
                    )
        rsum = sum(map(sum, self.rows))
        csum = sum(map(sum, self.cols))
        if rsum != csum:
            raise InconsistentPuzzleError(
                f"row clues fill {rsum} cells but column clues fill {csum}; "
                "the totals must be equal"
            )
        if self.goal is not None:
            g = np.asarray(self.goal, dtype=np.int8)
            if g.shape != (self.height, self.width):
                raise PuzzleError(
                    f"goal picture is {g.shape[1]}x{g.shape[0]} but the puzzle is "
                    f"{self.width}x{self.height}"
                )
            if not np.isin(g, (FILLED, CROSSED)).all():
                raise PuzzleError("goal picture may only hold filled and empty cells")
            g = g.copy()
            g.setflags(write=False)
            object.__setattr__(self, "goal", g)

    @classmethod
    def from_grid(cls, grid: np.ndarray, **meta: str) -> Puzzle:
        """The puzzle whose solution is the given picture (unknown cells count as empty)."""
        g = np.where(np.asarray(grid) == FILLED, FILLED, CROSSED).astype(np.int8)
        rows, cols = clues_of_grid(g)
        return cls(rows, cols, goal=g, **meta)

    @property
    def width(self) -> int:
        return len(self.cols)

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def size_text(self) -> str:
        return f"{self.width}x{self.height}"

    def with_meta(
        self,
        *,
        title: str | None = None,
        author: str | None = None,
        copyright: str | None = None,
        licence: str | None = None,
    ) -> Puzzle:
        """A copy with the text fields given changed (clues are re-validated)."""
        return replace(
            self,
            title=self.title if title is None else title,
            author=self.author if author is None else author,
            copyright=self.copyright if copyright is None else copyright,
            licence=self.licence if licence is None else licence,
        )

    def without_goal(self) -> Puzzle:
        return replace(self, goal=None)

    def transposed(self) -> Puzzle:
        goal = None if self.goal is None else self.goal.T.copy()
        return replace(self, rows=self.cols, cols=self.rows, goal=goal)

    def is_solution(self, grid: np.ndarray) -> bool:
        """True when ``grid`` is complete and satisfies every clue."""
        g = np.asarray(grid)
        if g.shape != (self.height, self.width) or (g == UNKNOWN).any():
            return False
        return clues_of_grid(g) == (self.rows, self.cols)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Puzzle):
            return NotImplemented
        same_goal = (self.goal is None and other.goal is None) or (
            self.goal is not None
            and other.goal is not None
            and np.array_equal(self.goal, other.goal)
        )
        return (
            self.rows == other.rows
            and self.cols == other.cols
            and (self.title, self.author, self.copyright, self.licence)
            == (other.title, other.author, other.copyright, other.licence)
            and same_goal
        )

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, self.title))
