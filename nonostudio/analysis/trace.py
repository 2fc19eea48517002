"""Rule-based solving traces: solve a puzzle step by step as a player using a rule set would.

Lines wait in a queue; the line at its head is worked on until no rule decides a new cell on it
(whole line first, then the decomposition oracle's sub-lines), and every line crossing a decided
cell joins the back of the queue — so a line that did not change is never looked at again.  When
no rule applies anywhere the trace falls back, in order, on line logic beyond the rules, a probe
(a cell whose one value contradicts line logic) and finally the complete solver.  Every rule fill
is checked against the exact line solver; an unsound rule stops the trace with
:class:`UnsoundRuleError`.

**Complete moves** (the default): a step is one technique of
:mod:`nonostudio.analysis.techniques` applied to one line (or oracle sub-line) until it gives
nothing more there.  When a rule fires, the step is the complete move of the easiest technique
whose move contains the rule's new cells (the rule is the step's evidence); an empty line is
crossed out by the *empty line* technique before any rule is tried (no rule of the language can
say "the clue is 0"); a fallback on line logic is the easiest technique that decides a cell on
some line, the line where it decides most; probes and search are named too.  Every cell a
technique decides is checked against the exact line solver as well, so the grid only ever gets
cells the line solver confirms.  Each step carries its explanation
(:mod:`nonostudio.analysis.step_text`).  ``complete_moves=False`` gives the earlier steps: one
rule fill, or the exact line solver on the line it decides most of.
"""

from __future__ import annotations

import itertools
import operator
import time
from collections import deque
from collections.abc import Sequence

import numpy as np

from nonostudio.analysis.step_text import explain_move, probe_text, search_text
from nonostudio.analysis.steps import (
    LINE,
    PROBE,
    RULE,
    SEARCH,
    BoundElement,
    Step,
    Trace,
    TraceSummary,
)
from nonostudio.analysis.techniques import (
    BY_ID,
    CATALOGUE,
    CONTRADICTION,
    FALLBACK,
    ORDER,
)
from nonostudio.analysis.techniques import SEARCH as SEARCH_TECHNIQUE
from nonostudio.core.errors import InconsistentPuzzleError
from nonostudio.core.gridstate import Contradiction, GridState
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN, Line, cells_to_text
from nonostudio.core.linesolver import cell_masks, solve_cells, solve_masks
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import SolveResult, Verdict, solve
from nonostudio.rules.ast import Rule
from nonostudio.rules.interpreter import Element, LineView, RuleFill, compiled
from nonostudio.rules.oracle import SubLine, decompose

__all__ = ["Step", "Trace", "TraceSummary", "UnsoundRuleError", "UnsoundTechniqueError",
           "rule_trace", "line_name", "direction_name"]


LineKey = tuple[str, int]  # ("row" | "column", index)
_SECOND = operator.itemgetter(1)


def line_name(axis: str, index: int) -> str:
    """``Row 3`` / ``Column 12`` (1-based, as people count)."""
    return f"{axis.capitalize()} {index + 1}"


def direction_name(axis: str, flipped: bool) -> str:
    """The reading direction of a rule match: ``left to right``, ``bottom to top``, ..."""
    if axis == "row":
        return "right to left" if flipped else "left to right"
    return "bottom to top" if flipped else "top to bottom"


def _value_name(value: int) -> str:
    return "filled" if value == FILLED else "empty"


def _cells_text(start: int, end: int) -> str:
    return f"cell {start + 1}" if end - start == 1 else f"cells {start + 1}–{end}"


class UnsoundRuleError(ValueError):
    """A rule's fill contradicts the exact line solver: the rule is unsound."""

    def __init__(self, rule: str, axis: str, index: int, line: Line, fill: RuleFill,
                 cell: int, reason: str) -> None:
        self.rule = rule
        self.axis = axis
        self.index = index
        self.line = line
        self.fill = fill
        self.cell = cell
        reading = direction_name(axis, fill.flipped)
        super().__init__(
            f"rule {rule!r} is unsound: on {line_name(axis, index).lower()} {line} (read "
            f"{reading}) it sets {_cells_text(fill.start, fill.end)} {_value_name(fill.value)}, "
            f"but cell {cell + 1} {reason}")


class UnsoundTechniqueError(UnsoundRuleError):
    """A technique's move contradicts the exact line solver (a bug in the technique)."""

    def __init__(self, technique: str, axis: str, index: int, line: Line, cell: int) -> None:
        ValueError.__init__(
            self, f"technique {technique!r} is unsound: on {line_name(axis, index).lower()} "
            f"{line} it decides cell {cell + 1}, which line logic does not")
        self.rule = technique
        self.axis = axis
        self.index = index
        self.line = line
        self.cell = cell


_Hit = tuple[str, bool, dict[str, Element], int, list[int]]  # rule, flipped, env, value, new


def _bound(env: dict[str, Element]) -> dict[str, BoundElement]:
    return {name: (el.type.value, el.index, el.start, el.size) for name, el in env.items()}


def _whole(rows: list[int], width: int) -> int:
    """Row masks joined into one mask of the whole grid (row ``r`` at bits ``r * width`` on)."""
    out = 0
    for r in range(len(rows) - 1, -1, -1):
        out = (out << width) | rows[r]
    return out


def _bit_cells(mask: int, width: int) -> list[tuple[int, int]]:
    """``(row, column)`` of every bit of a whole-grid mask."""
    out = []
    while mask:
        low = mask & -mask
        out.append(divmod(low.bit_length() - 1, width))
        mask ^= low
    return out


_Masks = tuple[int, int, int, int]  # a grid's filled, crossed masks by rows, then by columns
_Memory = tuple[_Masks, _Masks, int, int, int]


class _Trials:
    """Depth-1 trials (assume a cell's value, run line logic) remembered across probe steps.

    Line logic (the exact line solver to a fixed point) is monotone, and whether it ends in a
    contradiction does not depend on the order lines are solved in.  Say an assumption's last
    trial started from grid ``S`` (a fixed point: probing starts where line logic is stuck) and
    reached the consistent fixed point ``F``, changing the lines ``L``.  On a later grid
    ``G ⊇ S`` the trial's outcome is that of line logic from ``F ∪ G``: refuted when a cell of
    ``G`` has the other value in ``F``; not refuted when every cell of ``G`` unknown in ``F``
    lies on lines outside ``L`` (each such line of ``F ∪ G`` is that line of ``G``, a fixed point,
    and the other lines are those of ``F``); otherwise line logic runs on from ``F ∪ G``.  Only
    the yes/no answer is taken from here; grids are whole-grid masks (cell (r, c) at bit
    ``r * width + c``).  Puzzles over :data:`_MEMORY_CELLS` cells remember nothing.
    """

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.width = w = puzzle.width
        self.height = h = puzzle.height
        self.line_cache: dict = {}  # the line solver's results, shared by every trial
        self.remember = w * h <= _MEMORY_CELLS
        self.row_region: list[int] = []
        self.col_region: list[int] = []
        if self.remember:  # (whole-grid masks of every row and column: not on a large grid)
            column = 0
            for r in range(h):
                column |= 1 << (r * w)
            self.row_region = [((1 << w) - 1) << (r * w) for r in range(h)]
            self.col_region = [column << c for c in range(w)]
        # (row, column, value) -> (F, S, cells of the lines L unknown in F, L's rows, L's
        # columns as bits); grids as (filled, crossed) row-major and column-major masks.
        self.memory: dict[tuple[int, int, int], _Memory] = {}
        self.news: dict[int, tuple[_Masks, int, int]] = {}
        self.state = GridState(puzzle, self.line_cache)
        self.grid: _Masks = (0, 0, 0, 0)

    def grid_state(self, grid: list[list[int]]) -> GridState:
        """A solver state of the grid, sharing the line cache."""
        if len(self.line_cache) > _LINE_CACHE_LIMIT:
            self.line_cache.clear()
        state = GridState(self.puzzle, self.line_cache)
        for r, row in enumerate(grid):
            for c, v in enumerate(row):
                if v != UNKNOWN:
                    state.set_cell(r, c, v)
        return state

    def start(self, state: GridState) -> _Trials:
        """Trials on this grid (a fixed point of line logic) from now on."""
        self.state = state
        if self.remember:
            self.grid = (_whole(state.row_f, self.width), _whole(state.row_x, self.width),
                         _whole(state.col_f, self.height), _whole(state.col_x, self.height))
            self.news = {}
        return self

    def refuted(self, r: int, c: int, assumed: int) -> bool:
        """Whether line logic refutes cell (r, c) = ``assumed`` on the current grid."""
        key = (r, c, assumed)
        state = self.state
        known = self.memory.get(key) if self.remember else None
        if known is None:
            trial = state.copy()
            trial.set_cell(r, c, assumed)
            rows, cols = {r}, {c}
        else:
            fill, seen, open_ = known[0], known[1], known[2]
            new = self.news.get(id(seen))
            if new is not None and new[0] is seen:
                new_f, new_x = new[1], new[2]
                if not (new_f & fill[1] or new_x & fill[0] or (new_f | new_x) & open_):
                    return False  # the common case, ahead of _settled
            outcome = self._settled(key, known)
            if outcome is not None:
                return outcome
            fill = known[0]
            grid_f, grid_x = self.grid[0], self.grid[1]
            trial = state.copy()
            for rr, cc in _bit_cells(fill[0] & ~grid_f, self.width):
                trial.set_cell(rr, cc, FILLED)
            for rr, cc in _bit_cells(fill[1] & ~grid_x, self.width):
                trial.set_cell(rr, cc, CROSSED)
            rows, cols = set(), set()
            for rr, cc in _bit_cells((grid_f | grid_x) & known[2], self.width):
                rows.add(rr)
                cols.add(cc)
        try:
            trial.propagate(rows=rows, cols=cols)
        except Contradiction:
            self.memory.pop(key, None)
            return True
        if self.remember:
            changed_rows = changed_cols = region = 0
            for i, (f, x) in enumerate(zip(trial.row_f, trial.row_x, strict=True)):
                if f != state.row_f[i] or x != state.row_x[i]:
                    changed_rows |= 1 << i
                    region |= self.row_region[i]
            for i, (f, x) in enumerate(zip(trial.col_f, trial.col_x, strict=True)):
                if f != state.col_f[i] or x != state.col_x[i]:
                    changed_cols |= 1 << i
                    region |= self.col_region[i]
            w, h = self.width, self.height
            fill = (_whole(trial.row_f, w), _whole(trial.row_x, w), _whole(trial.col_f, h),
                    _whole(trial.col_x, h))
            self.memory[key] = (fill, self.grid, region & ~(fill[0] | fill[1]), changed_rows,
                                changed_cols)
        return False

    def _settled(self, key: tuple[int, int, int], known: _Memory) -> bool | None:
        """The trial's outcome from its memory when no full propagation is needed (None: it
        is).  On a line the trial changed and the grid has new cells on, the line of ``F ∪ G``
        is solved alone: if it stays as it is on every such line, ``F ∪ G`` is the fixed point
        (and is remembered as the trial's new ``F``)."""
        fill, seen, open_, changed_rows, changed_cols = known
        grid = self.grid
        new = self.news.get(id(seen))
        if new is None or new[0] is not seen:
            new = self.news[id(seen)] = (seen, grid[0] & ~seen[0], grid[1] & ~seen[1])
        _, new_f, new_x = new
        if new_f & fill[1] or new_x & fill[0]:
            del self.memory[key]
            return True
        dirty = (new_f | new_x) & open_
        if dirty:
            w, h = self.width, self.height
            full_w, full_h = (1 << w) - 1, (1 << h) - 1
            union = (fill[0] | grid[0], fill[1] | grid[1], fill[2] | grid[2], fill[3] | grid[3])
            lines = set()
            for r, c in _bit_cells(dirty, w):
                if changed_rows >> r & 1:
                    lines.add((True, r))
                if changed_cols >> c & 1:
                    lines.add((False, c))
            cache = self.line_cache
            for is_row, i in lines:
                if is_row:
                    f, x = union[0] >> (i * w) & full_w, union[1] >> (i * w) & full_w
                    out = cache.get((True, i, f, x))
                    if out is None:
                        out = solve_masks(self.puzzle.rows[i], w, f, x)
                else:
                    f, x = union[2] >> (i * h) & full_h, union[3] >> (i * h) & full_h
                    out = cache.get((False, i, f, x))
                    if out is None:
                        out = solve_masks(self.puzzle.cols[i], h, f, x)
                if out is None:
                    del self.memory[key]
                    return True
                cache[(is_row, i, f, x)] = out
                if out != (f, x):
                    return None
            self.memory[key] = (union, grid, open_ & ~(grid[0] | grid[1]), changed_rows,
                                changed_cols)
        return False


# Depth-1 trials are remembered on puzzles up to this many cells (memory: three whole-grid masks
# a trial), and line-solver results up to this many (then they are dropped and computed again).
_MEMORY_CELLS = 4096
_LINE_CACHE_LIMIT = 200_000


class _Tracer:
    """The state of one trace: the grid, the queue of lines to look at and the steps so far."""

    def __init__(self, puzzle: Puzzle, rules: Sequence[Rule],
                 start_grid: np.ndarray | None = None, complete_moves: bool = True) -> None:
        self.puzzle = puzzle
        self.rules = tuple(rules)
        # Compiled once per trace: looking a rule up in compiled()'s cache hashes the whole rule.
        self.programs = [(rule, compiled(rule)) for rule in self.rules]
        # What _decisive_fill runs, in apply_rule's order: each rule forward, then flipped.
        self._runs = [(number, flipped, program.value)
                      for number, (_, program) in enumerate(self.programs)
                      for flipped in (False, True)]
        self._run_functions = [program.run for _, program in self.programs for _ in (0, 1)]
        self.complete = complete_moves
        self._moves: dict[tuple[str, tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}
        self._first: dict[tuple[tuple[int, ...], tuple[int, ...]], str] = {}
        self._decisive: dict[tuple[tuple[int, ...], tuple[int, ...]],
                             tuple[int, bool, int, int, tuple[Element, ...]] | None] = {}
        if start_grid is None:
            self.grid = [[UNKNOWN] * puzzle.width for _ in range(puzzle.height)]
        else:
            self.grid = [[int(v) for v in row] for row in start_grid]
        self.columns = [list(column) for column in zip(*self.grid, strict=True)]  # the grid,
        # transposed (kept in step with it)
        if not self.columns:
            self.columns = [[] for _ in range(puzzle.width)]
        self.unknown = sum(row.count(UNKNOWN) for row in self.grid)
        self.steps: list[Step] = []
        self.queue: deque[LineKey] = deque()
        self.queued: set[LineKey] = set()
        self._forced: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...] | None] = {}
        self._trials = _Trials(puzzle)  # depth-1 trials remembered across probe steps
        # Lines line logic decides nothing more on, as they are now (a step touching one drops it).
        self._stuck: set[LineKey] = set()
        self.search: SolveResult | None = None  # the complete solver's result, once it ran
        for r in range(puzzle.height):
            self.push(("row", r))
        for c in range(puzzle.width):
            self.push(("column", c))

    # ---- grid access ---------------------------------------------------------------------------

    def push(self, key: LineKey) -> None:
        if key not in self.queued:
            self.queued.add(key)
            self.queue.append(key)

    def line(self, axis: str, index: int) -> Line:
        if axis == "row":
            return Line(self.puzzle.rows[index], tuple(self.grid[index]))
        return Line(self.puzzle.cols[index], tuple(self.columns[index]))

    @staticmethod
    def cell(axis: str, index: int, pos: int) -> tuple[int, int]:
        return (index, pos) if axis == "row" else (pos, index)

    def forced(self, axis: str, index: int, line: Line) -> tuple[int, ...]:
        """The line's maximal transition; InconsistentPuzzleError when it has no solution."""
        key = (line.hints, line.cells)
        if key not in self._forced:
            self._forced[key] = solve_cells(line.hints, line.cells)
        out = self._forced[key]
        if out is None:
            raise InconsistentPuzzleError(
                f"the puzzle has no solution: {line_name(axis, index).lower()} {line} cannot be "
                "completed", clue=f"{axis} {index + 1}")
        return out

    def record(self, step: Step) -> None:
        """Decide the step's cells and queue the lines they cross.

        A rule step's own line stays at the head of the queue; a line step's own line is already
        at its maximal transition.
        """
        own_kinds = (RULE,) if self.complete else (RULE, LINE)
        own = (step.axis, step.index) if step.kind in own_kinds else None
        stuck = self._stuck
        for r, c, v in step.cells:
            self.grid[r][c] = v
            self.columns[c][r] = v
            stuck.discard(("row", r))
            stuck.discard(("column", c))
            for key in (("row", r), ("column", c)):
                if key != own:
                    self.push(key)
        self.unknown -= len(step.cells)
        self.steps.append(step)

    def check_complete(self) -> None:
        """Every line of a full grid matches its clue (each step was checked only against its
        own line); InconsistentPuzzleError names the first line that does not."""
        for axis, count in (("row", self.puzzle.height), ("column", self.puzzle.width)):
            for index in range(count):
                self.forced(axis, index, self.line(axis, index))

    # ---- rules ---------------------------------------------------------------------------------

    def rule_step(self, axis: str, index: int) -> Step | None:
        """The first rule fill that decides a new cell of this line, on the line or a sub-line
        (with complete moves: the move of the technique it belongs to there)."""
        line = self.line(axis, index)
        if UNKNOWN not in line.cells:
            return None
        self.forced(axis, index, line)  # a contradictory line has no rules and no sub-lines
        if self.complete and not line.hints:
            return self.move_step(RULE, axis, index, line, None, "empty_line")
        sub: SubLine | None = None
        hit = self._first_fill(axis, index, line, line, 0)
        if hit is None:
            for candidate in decompose(line):
                hit = self._first_fill(axis, index, line, candidate.line, candidate.cell_start)
                if hit is not None:
                    sub = candidate
                    break
        if hit is None:
            return None
        name, flipped, env, value, new = hit
        if not self.complete:
            subline = None if sub is None else (sub.cell_start, sub.cell_end)
            return Step(RULE, axis, index, name, flipped, _bound(env),
                        tuple((*self.cell(axis, index, p), value) for p in new), subline)
        seen = line if sub is None else sub.line
        offset = 0 if sub is None else sub.cell_start
        technique = self.covering(seen, [p - offset for p in new], value)
        return self.move_step(RULE, axis, index, line, sub, technique, name, flipped,
                              _bound(env))

    def _first_fill(self, axis: str, index: int, line: Line, seen: Line,
                    offset: int) -> _Hit | None:
        """apply_rule's first fill, in its order (rules in order, forward fills before flipped
        ones), that decides a new cell of ``seen``; UnsoundRuleError for a wrong fill.

        Every fill before it consists of cells ``seen`` already has with the fill's value, which
        passes the soundness check and decides nothing.  So which fill is the first one that
        does not (:meth:`_decisive_fill`) depends on ``seen`` alone and is remembered per line
        state; that fill is then checked against the whole line's line logic every time.
        """
        key = (seen.hints, seen.cells)
        if key in self._decisive:
            found = self._decisive[key]
        else:
            found = self._decisive[key] = self._decisive_fill(seen)
        if found is None:
            return None
        number, flipped, start, end, bound = found
        rule, program = self.programs[number]
        env = dict(zip((b.name for b in rule.bindings), bound, strict=True))
        fill = RuleFill(rule.name, program.value, start, end, env, flipped)
        new = self._check(rule.name, axis, index, line, seen, offset, fill)
        # A fill reaching an undecided cell either decides it or is unsound (raised above); one
        # on decided cells only, not all of its value, is unsound: ``new`` is never empty here.
        return rule.name, flipped, env, fill.value, new

    def _decisive_fill(self, seen: Line
                       ) -> tuple[int, bool, int, int, tuple[Element, ...]] | None:
        """The first fill on ``seen`` that is not empty and not made of cells ``seen`` already
        has with the fill's value: ``(rule number, flipped, start, end, bound elements)``."""
        n = seen.size
        masks = cell_masks(seen.cells)  # (filled, crossed): index 0 is a CROSSED fill's cells
        text = cells_to_text(seen.cells)
        views = (LineView.of_text(seen.hints, text), LineView.of_text(seen.hints[::-1], text[::-1]))
        # Every program runs through C-level iterators; only non-empty outputs reach Python.
        outputs = map(operator.call, self._run_functions, itertools.cycle(views))
        for position, out in filter(_SECOND, enumerate(outputs)):
            number, flipped, value = self._runs[position]
            same = masks[value == CROSSED]
            for start, end, bound in out:
                if flipped:
                    start, end = n - end, n - start
                if start >= end:
                    continue  # an empty fill decides nothing
                if start >= 0 and end <= n and not (((1 << (end - start)) - 1) << start) & ~same:
                    continue  # cells already of the fill's value
                return number, flipped, start, end, bound
        return None

    # ---- techniques ----------------------------------------------------------------------------

    def move(self, technique: str, hints: tuple[int, ...], cells: tuple[int, ...]
             ) -> tuple[int, ...]:
        """The technique's complete move on a line state (cached)."""
        key = (technique, hints, cells)
        out = self._moves.get(key)
        if out is None:
            out = self._moves[key] = BY_ID[technique].apply(hints, cells)
        return out

    def covering(self, seen: Line, positions: list[int], value: int) -> str:
        """The easiest line technique whose complete move on ``seen`` sets ``positions`` to
        ``value`` (the exact line solver's "all arrangements agree" covers every sound fill)."""
        for technique in CATALOGUE:
            out = self.move(technique.id, seen.hints, seen.cells)
            if all(out[p] == value for p in positions):
                return technique.id
        return FALLBACK

    def first_technique(self, line: Line) -> str | None:
        """The easiest line technique that decides a cell of the line (None: none does)."""
        key = (line.hints, line.cells)
        found = self._first.get(key)
        if found is None:
            found = ""
            for technique in CATALOGUE:
                if self.move(technique.id, line.hints, line.cells) != line.cells:
                    found = technique.id
                    break
            self._first[key] = found
        return found or None

    def move_step(self, kind: str, axis: str, index: int, line: Line, sub: SubLine | None,
                  technique: str, rule: str | None = None, flipped: bool = False,
                  env: dict[str, BoundElement] | None = None, note: str = "") -> Step:
        """The technique's complete move on the line (or the oracle's sub-line ``sub``) as a
        step; every cell it decides is checked against the exact line solver."""
        seen = line if sub is None else sub.line
        offset = 0 if sub is None else sub.cell_start
        after = self.move(technique, seen.hints, seen.cells)
        forced = self.forced(axis, index, line)
        cells = []
        for q, (was, now) in enumerate(zip(seen.cells, after, strict=True)):
            if was == UNKNOWN and now != UNKNOWN:
                if forced[q + offset] != now:
                    raise UnsoundTechniqueError(technique, axis, index, line, q + offset)
                cells.append((*self.cell(axis, index, q + offset), now))
        text = explain_move(technique, axis, index, seen.hints, seen.cells, after,
                            cell_offset=offset, clue_offset=0 if sub is None else sub.hint_start,
                            line_clues=line.hints, line_size=line.size,
                            beyond_rules=kind == LINE)
        return Step(kind, axis, index, rule, flipped, env or {}, tuple(cells),
                    None if sub is None else (sub.cell_start, sub.cell_end), note,
                    technique, text.text, text.clues, text.spans)

    def _check(self, rule: str, axis: str, index: int, line: Line, seen: Line, offset: int,
               fill: RuleFill) -> list[int]:
        """The line positions the fill newly decides; raises UnsoundRuleError for a wrong fill."""
        if fill.start < 0 or fill.end > seen.size:
            edge = fill.start if fill.start < 0 else fill.end - 1
            raise UnsoundRuleError(rule, axis, index, seen, fill, edge,
                                   f"is outside the {seen.size}-cell line")
        forced = self.forced(axis, index, line)
        new = []
        for p in range(fill.start + offset, fill.end + offset):
            if forced[p] != fill.value:
                reason = ("is undecided by line logic" if forced[p] == UNKNOWN
                          else f"is {_value_name(forced[p])} in every solution")
                raise UnsoundRuleError(rule, axis, index, seen, fill, p - offset, reason)
            if line.cells[p] == UNKNOWN:
                new.append(p)
        return new

    # ---- fallbacks -----------------------------------------------------------------------------

    def line_step(self) -> Step | None:
        """Line logic beyond the rules (None: line logic is stuck).  With complete moves: the
        easiest technique that decides a cell somewhere, on the line where its move decides most;
        otherwise the exact line solver on the line it decides most cells of."""
        if self.complete:
            return self._technique_line_step()
        best: tuple[int, str, int, list[int], tuple[int, ...]] | None = None
        for axis, count in (("row", self.puzzle.height), ("column", self.puzzle.width)):
            for index in range(count):
                line = self.line(axis, index)
                if UNKNOWN not in line.cells:
                    continue
                forced = self.forced(axis, index, line)
                new = [p for p, c in enumerate(line.cells) if c == UNKNOWN and forced[p] != UNKNOWN]
                if new and (best is None or len(new) > best[0]):
                    best = (len(new), axis, index, new, forced)
        if best is None:
            return None
        _, axis, index, new, forced = best
        return Step(LINE, axis, index, None, False, {},
                    tuple((*self.cell(axis, index, p), forced[p]) for p in new), None,
                    "beyond the rules: the exact line solver")

    def _technique_line_step(self) -> Step | None:
        best: tuple[int, int] | None = None
        choice: tuple[str, int, Line, str] | None = None
        for axis, count in (("row", self.puzzle.height), ("column", self.puzzle.width)):
            for index in range(count):
                if (axis, index) in self._stuck:
                    continue
                line = self.line(axis, index)
                if UNKNOWN not in line.cells:
                    continue
                forced = self.forced(axis, index, line)
                if forced == line.cells:
                    self._stuck.add((axis, index))
                    continue
                technique = self.first_technique(line) or FALLBACK
                after = self.move(technique, line.hints, line.cells)
                gained = sum(1 for a, b in zip(line.cells, after, strict=True) if a != b)
                key = (ORDER[technique], -gained)
                if best is None or key < best:
                    best, choice = key, (axis, index, line, technique)
        if choice is None:
            return None
        axis, index, line, technique = choice
        return self.move_step(LINE, axis, index, line, None, technique,
                              note="beyond the rules")

    def probe_step(self, should_stop: StopCallback | None) -> Step | None:
        """A cell whose one value contradicts line logic, decided the other way.

        Cells are tried in reading order, filled before empty; the first assumption line logic
        refutes is the step.  Which one that is comes from :class:`_Trials` (earlier trials
        reused); its trial is then run again from the grid, so that the step names the line a
        trial from scratch names.
        """
        state = self._trials.grid_state(self.grid)
        trials = self._trials.start(state)
        refuted = trials.refuted
        for r, row in enumerate(self.grid):
            for c, value in enumerate(row):
                if value != UNKNOWN:
                    continue
                if should_stop is not None and should_stop():
                    return None
                for assumed in (FILLED, CROSSED):
                    if not refuted(r, c, assumed):
                        continue
                    trial = state.copy()
                    trial.set_cell(r, c, assumed)
                    try:
                        trial.propagate(rows={r}, cols={c})
                    except Contradiction as exc:
                        return self._probe(r, c, assumed, exc)
                    raise AssertionError("line logic refutes an assumption in any order")
        return None

    def _probe(self, r: int, c: int, assumed: int, exc: Contradiction) -> Step:
        """The probe step deciding (r, c) against ``assumed``, refuted at the line ``exc`` names."""
        where = line_name(*exc.args).lower() if len(exc.args) == 2 else "some line"
        value = CROSSED if assumed == FILLED else FILLED
        note = (f"assuming row {r + 1}, column {c + 1} is {_value_name(assumed)} leads, by line "
                f"logic, to {where} having no solution; so it is {_value_name(value)}")
        if not self.complete:
            return Step(PROBE, "row", r, None, False, {}, ((r, c, value),), None, note)
        bad = exc.args if len(exc.args) == 2 else None
        clue = None if bad is None else (
            self.puzzle.rows[bad[1]] if bad[0] == "row" else self.puzzle.cols[bad[1]])
        text = probe_text(r, c, assumed, bad, clue)
        return Step(PROBE, "row", r, None, False, {}, ((r, c, value),), None, note,
                    CONTRADICTION, text.text, (), text.spans)

    def search_step(self, should_stop: StopCallback | None) -> Step | None:
        """The rest of the grid from the complete solver (None: it was stopped)."""
        result = self.search = solve(self.puzzle, should_stop=should_stop)
        if result.verdict is Verdict.NO_SOLUTION:
            raise InconsistentPuzzleError("the puzzle has no solution")
        if result.solution is None:
            return None
        solution = result.solution
        cells = tuple((r, c, int(solution[r, c]))
                      for r in range(self.puzzle.height) for c in range(self.puzzle.width)
                      if self.grid[r][c] == UNKNOWN)
        note = ("the complete solver: the puzzle has a unique solution"
                if result.verdict.is_unique
                else "the complete solver: the puzzle has several solutions; this is one of them")
        if not self.complete:
            return Step(SEARCH, "", -1, None, False, {}, cells, None, note)
        text = search_text(len(cells), result.verdict.is_unique)
        return Step(SEARCH, "", -1, None, False, {}, cells, None, note, SEARCH_TECHNIQUE,
                    text.text)


def rule_trace(
    puzzle: Puzzle,
    rules: Sequence[Rule],
    *,
    rule_set: str = "",
    fallback: bool = True,
    progress: ProgressCallback | None = None,
    should_stop: StopCallback | None = None,
    start_grid: np.ndarray | None = None,
    max_steps: int | None = None,
    complete_moves: bool = True,
) -> Trace:
    """Solve ``puzzle`` with ``rules`` step by step and record every step.

    Deterministic: lines are looked at rows first, then columns, then in the order cells were
    decided; on a line, rules in the given order, forward before flipped, bindings in the
    interpreter's order.  Without ``fallback`` the trace stops where the rules get stuck.
    ``progress(fraction decided, message)`` is called after each step; ``should_stop()``
    returning True ends the trace early (``interrupted``), as does reaching ``max_steps``.
    ``start_grid`` (cells already decided, e.g. by a player asking for a hint) makes the steps
    continue from that grid; ``grid_after`` replays from an empty grid, so use it only for
    traces without one.  ``complete_moves`` (default) makes every step a technique's complete
    move with its explanation (see the module's docstring); False gives one rule fill per step.
    Raises :class:`UnsoundRuleError` when
    a rule's fill contradicts the line solver and InconsistentPuzzleError when the puzzle has no
    solution.
    """
    started = time.perf_counter()
    tracer = _Tracer(puzzle, rules, start_grid, complete_moves)
    total = puzzle.width * puzzle.height
    interrupted = False

    def stopped() -> bool:
        if max_steps is not None and len(tracer.steps) >= max_steps:
            return True
        return should_stop is not None and should_stop()

    def report(step: Step) -> None:
        if progress is not None:
            what = (BY_ID[step.technique].name if step.technique
                    else step.rule if step.kind == RULE else step.kind)
            progress(1 - tracer.unknown / total, f"step {len(tracer.steps)}: {what}")

    while tracer.unknown:
        while tracer.queue and tracer.unknown:
            if stopped():
                interrupted = True
                break
            key = tracer.queue[0]
            step = tracer.rule_step(*key)
            if step is None:
                tracer.queue.popleft()
                tracer.queued.discard(key)
                continue
            tracer.record(step)
            report(step)
        interrupted = interrupted or stopped()
        if interrupted or not tracer.unknown or not fallback:
            break
        step = tracer.line_step() or tracer.probe_step(should_stop)
        if step is None and not stopped():
            step = tracer.search_step(should_stop)
        if step is None:
            interrupted = True
            break
        tracer.record(step)
        report(step)
    if tracer.unknown == 0:
        tracer.check_complete()
    return Trace(puzzle, rule_set, tracer.steps, tracer.unknown == 0,
                 time.perf_counter() - started, interrupted, tracer.search)
