"""The puzzle model: row and column clues, optional metadata and goal picture, and grid helpers.

A grid is a numpy ``int8`` array of shape ``(height, width)`` holding the cell values of
:mod:`nonostudio.core.line` (UNKNOWN = -1, CROSSED = 0, FILLED = 1).  numpy is imported where a
grid is made or read, not with this module: a puzzle without a goal picture needs none (the
command line's start-up, docs/design/cli.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, overload

from nonostudio.core.errors import InconsistentPuzzleError, PuzzleError
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN, Hints

if TYPE_CHECKING:
    import numpy as np

Clues = tuple[Hints, ...]


def min_length(hints: Sequence[int]) -> int:
    """Cells needed by ``hints`` packed with single gaps (0 for an empty clue)."""
    return sum(hints) + max(len(hints) - 1, 0)


def normalise_clue(values: Iterable[int]) -> Hints:
    """Drop zeros (``0`` is the empty clue in most formats) and return a tuple of ints."""
    return tuple(int(v) for v in values if int(v) != 0)


def new_grid(height: int, width: int, value: int = UNKNOWN) -> np.ndarray:
    """A grid of the given shape with every cell set to ``value``."""
    import numpy as np

    return np.full((height, width), value, dtype=np.int8)


def grid_to_text(
    grid: np.ndarray, filled: str = "#", crossed: str = ".", unknown: str = "?"
) -> str:
    """Rows of one character per cell, joined by newlines."""
    chars = {FILLED: filled, CROSSED: crossed, UNKNOWN: unknown}
    return "\n".join("".join(chars[int(c)] for c in row) for row in grid)


def clues_of_grid(grid: np.ndarray) -> tuple[Clues, Clues]:
    """Row and column clues of a picture (unknown cells count as empty)."""
    import numpy as np

    filled = np.asarray(grid) == FILLED
    return _run_lengths(filled), _run_lengths(filled.T)


def _run_lengths(filled: np.ndarray) -> Clues:
    """The clue of each row of a boolean matrix: the lengths of its runs of True, in order."""
    import numpy as np

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


@dataclass(frozen=True)
class GoalRows:
    """A goal picture as text rows of ``1`` (filled) and ``0`` (empty), all of one length.

    A reader may hand a :class:`Puzzle` its goal in this form: the puzzle checks it and gives its
    clues without numpy, and makes the ``int8`` array when ``goal`` is first read (reading and
    solving a small puzzle then never loads numpy).
    """

    rows: tuple[str, ...]

    def __post_init__(self) -> None:
        if len({len(row) for row in self.rows}) > 1 or set("".join(self.rows)) - {"0", "1"}:
            raise ValueError("goal rows must be strings of 0 and 1 of one length")

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.rows), len(self.rows[0]) if self.rows else 0

    def clues(self) -> tuple[Clues, Clues]:
        """Row and column clues of the picture (as :func:`clues_of_grid` gives them)."""
        return _runs(self.rows), _runs(["".join(col) for col in zip(*self.rows, strict=True)])

    def array(self) -> np.ndarray:
        """The picture as a read-only ``int8`` array of FILLED and CROSSED."""
        import numpy as np

        cells = np.frombuffer("".join(self.rows).encode("ascii"), dtype=np.uint8) == ord("1")
        grid = np.where(cells, FILLED, CROSSED).astype(np.int8).reshape(self.shape)
        grid.setflags(write=False)
        return grid


def _runs(lines: Iterable[str]) -> Clues:
    return tuple(tuple(len(run) for run in line.split("0") if run) for line in lines)


class _Goal:
    """:attr:`Puzzle.goal`: set to an array (or what ``numpy.asarray`` takes), a :class:`GoalRows`
    or None; read as an array or None, a GoalRows made into its array on the first read."""

    @overload
    def __get__(self, puzzle: None, owner: type | None = None) -> None: ...

    @overload
    def __get__(self, puzzle: Puzzle, owner: type | None = None) -> np.ndarray | None: ...

    def __get__(self, puzzle: Puzzle | None, owner: type | None = None) -> np.ndarray | None:
        if puzzle is None:
            return None  # the field's default
        goal = puzzle.__dict__["_goal"]
        if isinstance(goal, GoalRows):
            goal = puzzle.__dict__["_goal"] = goal.array()
        return goal

    def __set__(self, puzzle: Puzzle, goal: np.ndarray | GoalRows | None) -> None:
        puzzle.__dict__["_goal"] = goal


@dataclass(frozen=True, eq=False, repr=False)
class Puzzle:
    """A black-and-white nonogram: clues for every row (top to bottom) and column (left to right).

    Construction validates the clues and raises :class:`InconsistentPuzzleError` when no picture
    can satisfy them for a simple reason (a clue longer than its line, row and column totals that
    differ) or :class:`PuzzleError` for malformed values.  ``goal`` is an optional solution picture
    (``int8`` array of FILLED/CROSSED, shape ``(height, width)``; it may be given as
    :class:`GoalRows`).  ``notes`` is free text a file holds besides the clues (a ``.non``
    file's comments and lines of unknown keys, an XML ``<description>``), kept so that saving
    does not lose it; like the other text fields it takes part in ``==`` but not in the hash.
    """

    rows: Clues
    cols: Clues
    title: str = ""
    author: str = ""
    copyright: str = ""
    licence: str = ""
    goal: _Goal = _Goal()
    notes: str = ""

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
        goal = self.__dict__["_goal"]
        if isinstance(goal, GoalRows):
            if goal.shape != (self.height, self.width):
                raise PuzzleError(
                    f"goal picture is {goal.shape[1]}x{goal.shape[0]} but the puzzle is "
                    f"{self.width}x{self.height}"
                )
        elif goal is not None:
            import numpy as np

            g = np.asarray(goal, dtype=np.int8)
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
        import numpy as np

        g = np.where(np.asarray(grid) == FILLED, FILLED, CROSSED).astype(np.int8)
        rows, cols = clues_of_grid(g)
        return cls(rows, cols, goal=g, **meta)

    def goal_clues(self) -> tuple[Clues, Clues] | None:
        """The row and column clues of the goal picture (None without one); a goal given as
        :class:`GoalRows` is not made into an array for this."""
        goal = self.__dict__["_goal"]
        if isinstance(goal, GoalRows):
            return goal.clues()
        return None if goal is None else clues_of_grid(goal)

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
        notes: str | None = None,
    ) -> Puzzle:
        """A copy with the text fields given changed (clues are re-validated)."""
        return replace(
            self,
            title=self.title if title is None else title,
            author=self.author if author is None else author,
            copyright=self.copyright if copyright is None else copyright,
            licence=self.licence if licence is None else licence,
            notes=self.notes if notes is None else notes,
        )

    def without_goal(self) -> Puzzle:
        return replace(self, goal=None)

    def transposed(self) -> Puzzle:
        goal = None if self.goal is None else self.goal.T.copy()
        return replace(self, rows=self.cols, cols=self.rows, goal=goal)

    def is_solution(self, grid: np.ndarray) -> bool:
        """True when ``grid`` is complete and satisfies every clue."""
        import numpy as np

        g = np.asarray(grid)
        if g.shape != (self.height, self.width) or (g == UNKNOWN).any():
            return False
        return clues_of_grid(g) == (self.rows, self.cols)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Puzzle):
            return NotImplemented
        if self.goal is None or other.goal is None:
            same_goal = self.goal is None and other.goal is None
        else:
            import numpy as np

            same_goal = np.array_equal(self.goal, other.goal)
        return (
            self.rows == other.rows
            and self.cols == other.cols
            and (self.title, self.author, self.copyright, self.licence, self.notes)
            == (other.title, other.author, other.copyright, other.licence, other.notes)
            and same_goal
        )

    def __repr__(self) -> str:  # the dataclass's, without the goal
        return (
            f"{type(self).__qualname__}(rows={self.rows!r}, cols={self.cols!r}, "
            f"title={self.title!r}, author={self.author!r}, copyright={self.copyright!r}, "
            f"licence={self.licence!r}" + (f", notes={self.notes!r})" if self.notes else ")")
        )

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, self.title))
