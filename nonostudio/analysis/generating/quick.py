"""A cheap estimate of a picture's grade for the generator: the hardest line technique the
tutor's walk needs, and how often, found by propagation instead of a traced walk.

The tutor's walk (:meth:`~nonostudio.analysis.tracing.tracer.Tracer.easiest_step`) takes the
easiest technique that decides a cell anywhere, every time; so it takes its hardest technique
so far only where the easier ones are all stuck.  :meth:`QuickGrader.grade` does the same in
bulk: it makes the techniques easier than the hardest so far (each one's complete move on a
line, and for those harder than matching blocks to clues on the parts matching cuts, as the walk
does) on every line until none decides anything, then takes the easiest technique that decides
a cell anywhere, and so on.  No step is explained and line states are cached across pictures,
so an estimate costs milliseconds where a grade costs a tenth of a second.  It only chooses which
pictures to grade: the generator's answer is always graded by
:func:`~nonostudio.analysis.grades.difficulty.grade` itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from nonostudio.analysis.catalogue.technique_moves import normal_clues, player_parts
from nonostudio.analysis.catalogue.techniques import CATALOGUE, MOVES, ORDER
from nonostudio.core.line import FILLED, UNKNOWN
from nonostudio.core.linesolver import solve_cells
from nonostudio.core.puzzle import Puzzle

LINE_TECHNIQUES: tuple[str, ...] = tuple(t.id for t in CATALOGUE)
"""The line techniques, in difficulty order (a level is an index into it)."""
_MATCHING = LINE_TECHNIQUES.index("matching")
_LAST = len(LINE_TECHNIQUES) - 1
_MOVES: tuple[Callable[..., tuple[int, ...]], ...] = tuple(MOVES[t] for t in LINE_TECHNIQUES)
CACHE_ROOM = 200_000
"""Line states remembered per cache before it is emptied (memory stays bounded)."""

Cells = tuple[int, ...]


@dataclass(frozen=True)
class QuickGrade:
    """What the estimate found: whether line logic solves the puzzle (if not, the cells it leaves
    open, and nothing more is estimated); if so the hardest line technique the walk needs (None:
    nothing was to be decided), how many times the walk was stuck below it and took it, and the
    cells each technique decided where the walk first needed it."""

    solved: bool
    open_cells: tuple[tuple[int, int], ...]
    hardest: str | None = None
    uses: int = 0
    first_needed: dict[str, tuple[tuple[int, int], ...]] = field(default_factory=dict)

    def cells_above(self, technique: str) -> tuple[tuple[int, int], ...]:
        """The cells decided where the walk first needed a technique harder than ``technique``."""
        out: dict[tuple[int, int], None] = {}
        for name, cells in self.first_needed.items():
            if ORDER[name] > ORDER[technique]:
                out.update(dict.fromkeys(cells))
        return tuple(out)


class QuickGrader:
    """Estimates, with the line states they meet cached across puzzles (a generator's tries
    change two clues at a time, so most line states come back)."""

    def __init__(self) -> None:
        self._decides: dict[tuple[int, Cells, Cells], Cells | None] = {}
        self._closed: dict[tuple[int, Cells, Cells], Cells] = {}
        self._forced: dict[tuple[Cells, Cells], Cells] = {}

    def _room(self) -> None:
        if len(self._decides) > CACHE_ROOM:
            self._decides.clear()
        if len(self._closed) > CACHE_ROOM:
            self._closed.clear()
        if len(self._forced) > CACHE_ROOM:
            self._forced.clear()

    def decides(self, k: int, hints: Cells, cells: Cells) -> Cells | None:
        """The line after technique ``k``'s move when it decides a cell there, on the whole line
        or (harder than matching) on one part matching cuts it into; None when it decides none."""
        key = (k, hints, cells)
        if key in self._decides:
            return self._decides[key]
        out: Cells | None = None
        technique = LINE_TECHNIQUES[k]
        if technique == "empty_line" and hints:
            pass
        elif technique == "line_complete" and cells.count(FILLED) != sum(hints):
            pass
        else:
            moved = _MOVES[k](hints, cells)
            if moved != cells:
                out = moved
        if out is None and k > _MATCHING:
            work = list(cells)
            for part in player_parts(hints, cells):
                moved = _MOVES[k](part.line.hints, part.line.cells)
                if moved != part.line.cells:
                    work[part.cell_start : part.cell_end] = moved
            if tuple(work) != cells:
                out = tuple(work)
        self._room()
        self._decides[key] = out
        return out

    def forced(self, hints: Cells, cells: Cells) -> Cells:
        """The line with every cell line logic (the exact line solver) decides (a line with no
        solution comes back as it is: a picture's clues always fit)."""
        key = (hints, cells)
        found = self._forced.get(key)
        if found is None:
            self._room()
            found = self._forced[key] = solve_cells(hints, cells) or cells
        return found

    def open(self, hints: Cells, cells: Cells) -> bool:
        """Whether line logic decides a cell of the line."""
        return self.forced(hints, cells) != cells

    def close(self, level: int, hints: Cells, cells: Cells) -> Cells:
        """The line with the techniques up to ``level`` made until none decides anything."""
        key = (level, hints, cells)
        found = self._closed.get(key)
        if found is not None:
            return found
        current = cells
        k = 0
        if not self.open(hints, cells):
            k = level + 1  # line logic decides nothing here: no technique does
        while k <= level and UNKNOWN in current:
            moved = self.decides(k, hints, current)
            if moved is None:
                k += 1
            else:
                current, k = moved, 0
        self._room()
        self._closed[key] = current
        return current

    def left_open(self, puzzle: Puzzle, level: int) -> tuple[tuple[int, int], ...]:
        """The cells left open in ``puzzle`` by the techniques up to ``level`` (an index into
        :data:`LINE_TECHNIQUES`; the last is line logic itself), made on every line until none
        decides anything."""
        height, width = puzzle.height, puzzle.width
        rows = [normal_clues(h) for h in puzzle.rows]
        cols = [normal_clues(h) for h in puzzle.cols]
        grid = [[UNKNOWN] * width for _ in range(height)]
        queue = {("r", r) for r in range(height)} | {("c", c) for c in range(width)}
        while queue:
            axis, i = queue.pop()
            if axis == "r":
                cells = tuple(grid[i])
                after = self._closed_line(level, rows[i], cells)
                for c in range(width):
                    if after[c] != cells[c]:
                        grid[i][c] = after[c]
                        queue.add(("c", c))
            else:
                cells = tuple(grid[r][i] for r in range(height))
                after = self._closed_line(level, cols[i], cells)
                for r in range(height):
                    if after[r] != cells[r]:
                        grid[r][i] = after[r]
                        queue.add(("r", r))
        return tuple((r, c) for r in range(height) for c in range(width) if grid[r][c] == UNKNOWN)

    def _closed_line(self, level: int, hints: Cells, cells: Cells) -> Cells:
        if UNKNOWN not in cells:
            return cells
        if level >= _LAST:
            return self.forced(hints, cells)
        return self.close(level, hints, cells)

    def stuck_cells(self, puzzle: Puzzle) -> tuple[tuple[int, int], ...]:
        """The cells line logic leaves open in ``puzzle`` (none: the line techniques solve it)."""
        return self.left_open(puzzle, _LAST)

    def grade(self, puzzle: Puzzle) -> QuickGrade:
        """The walk's estimate on ``puzzle`` (line logic's open cells when it does not solve it)."""
        stuck = self.stuck_cells(puzzle)
        if stuck:
            return QuickGrade(False, stuck)
        height, width = puzzle.height, puzzle.width
        clues = {("r", r): normal_clues(h) for r, h in enumerate(puzzle.rows)}
        clues.update({("c", c): normal_clues(h) for c, h in enumerate(puzzle.cols)})
        lines = {("r", r): [UNKNOWN] * width for r in range(height)}
        lines.update({("c", c): [UNKNOWN] * height for c in range(width)})
        unknown = width * height
        hardest = -1  # the walk's hardest technique so far; the easier ones are propagated
        uses = 0
        first_needed: dict[str, tuple[tuple[int, int], ...]] = {}
        queue = set(lines)

        def write(key: tuple[str, int], after: Cells) -> tuple[tuple[int, int], ...]:
            nonlocal unknown
            axis, i = key
            cells = lines[key]
            changed = []
            for p, new in enumerate(after):
                if cells[p] != new:
                    cells[p] = new
                    cross = ("c", p) if axis == "r" else ("r", p)
                    lines[cross][i] = new
                    queue.add(cross)
                    changed.append((i, p) if axis == "r" else (p, i))
            unknown -= len(changed)
            return tuple(changed)

        while unknown:
            while queue and hardest > 0:
                key = queue.pop()
                cells = tuple(lines[key])
                if UNKNOWN in cells:
                    after = self.close(hardest - 1, clues[key], cells)
                    if after != cells:
                        write(key, after)
            if not unknown:
                break
            step = self._easiest(lines, clues, max(hardest, 0))
            if step is None:  # cannot happen when line logic solves the puzzle
                break
            level, key, after = step
            queue.clear()
            changed = write(key, after)
            first_needed.setdefault(LINE_TECHNIQUES[level], changed)
            queue.add(key)
            if level > hardest:
                hardest, uses = level, 1
                queue.update(lines)
            else:
                uses += 1
        return QuickGrade(
            True,
            (),
            LINE_TECHNIQUES[hardest] if hardest >= 0 else None,
            uses,
            first_needed,
        )

    def _easiest(
        self,
        lines: dict[tuple[str, int], list[int]],
        clues: dict[tuple[str, int], Cells],
        level: int,
    ) -> tuple[int, tuple[str, int], Cells] | None:
        """The easiest technique from ``level`` on that decides a cell anywhere, with the first
        line (rows before columns, in reading order) where it does and the line after it."""
        found = []
        for key, cells in lines.items():  # rows first, then columns: the walk's order
            state = tuple(cells)
            if UNKNOWN in state and self.open(clues[key], state):
                found.append((key, state))
        for k in range(level, _LAST + 1):
            for key, state in found:
                moved = self.decides(k, clues[key], state)
                if moved is not None:
                    return k, key, moved
        return None
