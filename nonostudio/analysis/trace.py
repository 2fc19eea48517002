"""Rule-based solving traces: solve a puzzle step by step as a player using a rule set would.

Lines wait in a queue; the line at its head is worked on until no rule decides a new cell on it
(whole line first, then the decomposition oracle's sub-lines), and every line crossing a decided
cell joins the back of the queue — so a line that did not change is never looked at again.  When
no rule applies anywhere the trace falls back, in order, on the exact line solver (the line that
gains most), a probe (a cell whose one value contradicts line logic) and finally the complete
solver.  Every rule fill is checked against the exact line solver; an unsound rule stops the
trace with :class:`UnsoundRuleError`.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Sequence

import numpy as np

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
from nonostudio.core.errors import InconsistentPuzzleError
from nonostudio.core.gridstate import Contradiction, GridState
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN, Line
from nonostudio.core.linesolver import solve_cells
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import Verdict, solve
from nonostudio.rules.ast import Rule
from nonostudio.rules.interpreter import Element, LineView, RuleFill, compiled
from nonostudio.rules.oracle import decompose

__all__ = ["Step", "Trace", "TraceSummary", "UnsoundRuleError", "rule_trace", "line_name",
           "direction_name"]


LineKey = tuple[str, int]  # ("row" | "column", index)


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


def _bound(env: dict[str, Element]) -> dict[str, BoundElement]:
    return {name: (el.type.value, el.index, el.start, el.size) for name, el in env.items()}


class _Tracer:
    """The state of one trace: the grid, the queue of lines to look at and the steps so far."""

    def __init__(self, puzzle: Puzzle, rules: Sequence[Rule],
                 start_grid: np.ndarray | None = None) -> None:
        self.puzzle = puzzle
        self.rules = tuple(rules)
        if start_grid is None:
            self.grid = [[UNKNOWN] * puzzle.width for _ in range(puzzle.height)]
        else:
            self.grid = [[int(v) for v in row] for row in start_grid]
        self.unknown = sum(row.count(UNKNOWN) for row in self.grid)
        self.steps: list[Step] = []
        self.queue: deque[LineKey] = deque()
        self.queued: set[LineKey] = set()
        self._forced: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...] | None] = {}
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
        return Line(self.puzzle.cols[index], tuple(row[index] for row in self.grid))

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
        own = (step.axis, step.index) if step.kind in (RULE, LINE) else None
        for r, c, v in step.cells:
            self.grid[r][c] = v
            for key in (("row", r), ("column", c)):
                if key != own:
                    self.push(key)
        self.unknown -= len(step.cells)
        self.steps.append(step)

    # ---- rules ---------------------------------------------------------------------------------

    def rule_step(self, axis: str, index: int) -> Step | None:
        """The first rule fill that decides a new cell of this line, on the line or a sub-line."""
        line = self.line(axis, index)
        if UNKNOWN not in line.cells:
            return None
        self.forced(axis, index, line)  # a contradictory line has no rules and no sub-lines
        step = self._first_fill(axis, index, line, line, 0, None)
        if step is not None:
            return step
        for sub in decompose(line):
            step = self._first_fill(axis, index, line, sub.line, sub.cell_start,
                                    (sub.cell_start, sub.cell_end))
            if step is not None:
                return step
        return None

    def _first_fill(self, axis: str, index: int, line: Line, seen: Line, offset: int,
                    subline: tuple[int, int] | None) -> Step | None:
        # apply_rule's results, in its order (forward fills, then flipped ones), with the line's
        # elements computed once for all the rules rather than once per rule.
        n = seen.size
        views = [LineView(seen), None]
        for rule in self.rules:
            program = compiled(rule)
            for flipped in (False, True):
                view = views[flipped]
                if view is None:
                    view = views[1] = LineView(seen.flipped())
                for start, end, bound in program.run(view):
                    if flipped:
                        start, end = n - end, n - start
                    if start >= end:
                        continue  # an empty fill decides nothing
                    env = dict(zip((b.name for b in rule.bindings), bound, strict=True))
                    fill = RuleFill(rule.name, program.value, start, end, env, flipped)
                    new = self._check(rule.name, axis, index, line, seen, offset, fill)
                    if new:
                        return Step(RULE, axis, index, rule.name, flipped, _bound(env),
                                    tuple((*self.cell(axis, index, p), fill.value) for p in new),
                                    subline)
        return None

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
        """The exact line solver on the line it decides most cells of (None: line logic stuck)."""
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

    def probe_step(self, should_stop: StopCallback | None) -> Step | None:
        """A cell whose one value contradicts line logic, decided the other way."""
        state = GridState.from_grid(self.puzzle, np.array(self.grid, dtype=np.int8))
        for r in range(self.puzzle.height):
            for c in range(self.puzzle.width):
                if self.grid[r][c] != UNKNOWN:
                    continue
                if should_stop is not None and should_stop():
                    return None
                for assumed in (FILLED, CROSSED):
                    trial = state.copy()
                    trial.set_cell(r, c, assumed)
                    try:
                        trial.propagate(rows={r}, cols={c})
                    except Contradiction as exc:
                        where = (line_name(*exc.args).lower() if len(exc.args) == 2
                                 else "some line")
                        value = CROSSED if assumed == FILLED else FILLED
                        note = (f"assuming row {r + 1}, column {c + 1} is {_value_name(assumed)} "
                                f"leads, by line logic, to {where} having no solution; so it is "
                                f"{_value_name(value)}")
                        return Step(PROBE, "row", r, None, False, {}, ((r, c, value),), None, note)
        return None

    def search_step(self, should_stop: StopCallback | None) -> Step | None:
        """The rest of the grid from the complete solver (None: it was stopped)."""
        result = solve(self.puzzle, should_stop=should_stop)
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
        return Step(SEARCH, "", -1, None, False, {}, cells, None, note)


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
) -> Trace:
    """Solve ``puzzle`` with ``rules`` step by step and record every step.

    Deterministic: lines are looked at rows first, then columns, then in the order cells were
    decided; on a line, rules in the given order, forward before flipped, bindings in the
    interpreter's order.  Without ``fallback`` the trace stops where the rules get stuck.
    ``progress(fraction decided, message)`` is called after each step; ``should_stop()``
    returning True ends the trace early (``interrupted``), as does reaching ``max_steps``.
    ``start_grid`` (cells already decided, e.g. by a player asking for a hint) makes the steps
    continue from that grid; ``grid_after`` replays from an empty grid, so use it only for
    traces without one.  Raises :class:`UnsoundRuleError` when
    a rule's fill contradicts the line solver and InconsistentPuzzleError when the puzzle has no
    solution.
    """
    started = time.perf_counter()
    tracer = _Tracer(puzzle, rules, start_grid)
    total = puzzle.width * puzzle.height
    interrupted = False

    def stopped() -> bool:
        if max_steps is not None and len(tracer.steps) >= max_steps:
            return True
        return should_stop is not None and should_stop()

    def report(step: Step) -> None:
        if progress is not None:
            what = step.rule if step.kind == RULE else step.kind
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
    return Trace(puzzle, rule_set, tracer.steps, tracer.unknown == 0,
                 time.perf_counter() - started, interrupted)
