"""Drill lines: real lines of real puzzles, at a real moment of solving them, keyed by the
easiest technique that decides a cell there.

A line's state comes from a solving path through its puzzle: the tutor's easiest-first trace
(:func:`~nonostudio.analysis.tracing.trace.rule_trace`) or a *player path* (lines taken in a
sweep, rows first or columns first, or in a seeded random order; each move one technique's
complete move on one line, as a player going round the grid makes them).  At every state of a
path each open line is looked at; its easiest deciding technique (:func:`line_technique`, the
first of the catalogue whose complete move decides a cell) files it, and the drill's expected
answer is that technique's complete move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np

from nonostudio.analysis.catalogue.technique_moves import player_parts
from nonostudio.analysis.catalogue.techniques import BY_ID, CATALOGUE
from nonostudio.core.line import UNKNOWN, cells_to_text
from nonostudio.core.puzzle import Puzzle

LINE_TECHNIQUES = tuple(t.id for t in CATALOGUE)
"""The ids of the line techniques, in difficulty order: the ones a drill can practise."""

_FIRST: dict[tuple[tuple[int, ...], tuple[int, ...]], str | None] = {}


def line_technique(clues: Sequence[int], cells: Sequence[int]) -> str | None:
    """The id of the first technique in difficulty order whose complete move decides a cell of
    the whole line (None: none does, the line is finished or stuck)."""
    key = (tuple(int(c) for c in clues), tuple(int(c) for c in cells))
    if key in _FIRST:
        return _FIRST[key]
    found = None
    for t in CATALOGUE:
        if t.apply(key[0], key[1]) != key[1]:
            found = t.id
            break
    if len(_FIRST) > 200_000:
        _FIRST.clear()
    _FIRST[key] = found
    return found


@dataclass(frozen=True)
class DrillLine:
    """One line of a puzzle at one moment of solving it: where it is, its clue and cells, and
    the easiest technique deciding a cell of it."""

    source: str
    axis: str
    index: int
    clues: tuple[int, ...]
    cells: tuple[int, ...]
    technique: str
    grid_bytes: bytes = field(default=b"", compare=False, repr=False)
    grid_shape: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)

    @property
    def grid(self) -> np.ndarray | None:
        """The whole grid at that moment (the crossing lines' state, for showing the line in
        its context), or None when it was not kept."""
        if not self.grid_bytes:
            return None
        return np.frombuffer(self.grid_bytes, dtype=np.int8).reshape(self.grid_shape).copy()

    @property
    def key(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """What makes two drill lines the same line: the clue and the cells."""
        return self.clues, self.cells

    @property
    def expected(self) -> tuple[int, ...]:
        """The cells after the technique's complete move: the drill's answer."""
        return BY_ID[self.technique].apply(self.clues, self.cells)

    def to_json(self) -> dict[str, object]:
        grid = self.grid
        return {
            "source": self.source,
            "axis": self.axis,
            "index": self.index,
            "clues": list(self.clues),
            "cells": cells_to_text(self.cells),
            "technique": self.technique,
            "grid": None if grid is None else [cells_to_text(row) for row in grid],
        }


def _lines_of(
    puzzle: Puzzle, grid: np.ndarray
) -> Iterator[tuple[str, int, tuple[int, ...], tuple[int, ...]]]:
    for r in range(puzzle.height):
        cells = tuple(int(v) for v in grid[r])
        if UNKNOWN in cells:
            yield "row", r, tuple(puzzle.rows[r]), cells
    for c in range(puzzle.width):
        cells = tuple(int(v) for v in grid[:, c])
        if UNKNOWN in cells:
            yield "column", c, tuple(puzzle.cols[c]), cells


def easiest_technique(puzzle: Puzzle, grid: np.ndarray) -> str | None:
    """The id of the easiest line technique deciding a cell anywhere on ``grid``, as the tutor's
    trace looks for it: on whole lines, and for the techniques after matching also on the parts
    matching cuts a line into (None: no line technique decides a cell; grid reasoning or
    nothing is left)."""
    lines = [(clues, cells) for _, _, clues, cells in _lines_of(puzzle, grid)]
    found = [line_technique(clues, cells) for clues, cells in lines]
    order = {tid: k for k, tid in enumerate(LINE_TECHNIQUES)}
    best = min((order[f] for f in found if f is not None), default=None)
    matching = order["matching"]
    if best is not None and best <= matching:
        return LINE_TECHNIQUES[best]
    for clues, cells in lines:
        for part in player_parts(clues, cells):
            f = line_technique(part.line.hints, part.line.cells)
            if f is not None and order[f] > matching and (best is None or order[f] < best):
                best = order[f]
    return None if best is None else LINE_TECHNIQUES[best]


def cell_techniques(
    clues: Sequence[int], cells: Sequence[int], positions: Iterable[int]
) -> dict[int, str | None]:
    """For each cell of ``positions`` (0-based, undecided in ``cells``) of the line, the id of
    the easiest line technique whose complete move decides it, looked for as
    :func:`easiest_technique` does: on the whole line, and for the techniques after matching
    also on the parts matching cuts it into (None: no line technique decides that cell).  The
    line is solved once: each technique is applied to the line (and its parts) once for all the
    cells still undecided, rather than once for each cell (a move of many cells on one line
    solved the line again for every cell)."""
    clues = tuple(int(c) for c in clues)
    cells = tuple(int(c) for c in cells)
    left = sorted(set(positions))
    found: dict[int, str | None] = dict.fromkeys(left)
    after_matching = LINE_TECHNIQUES.index("matching")
    parts = None
    for k, t in enumerate(CATALOGUE):
        if not left:
            break
        whole = t.apply(clues, cells)
        decided = {pos for pos in left if whole[pos] != UNKNOWN}
        if k > after_matching:  # (CATALOGUE is LINE_TECHNIQUES' order)
            if parts is None:
                parts = player_parts(clues, cells)
            for part in parts:
                inside = [
                    pos
                    for pos in left
                    if part.cell_start <= pos < part.cell_end and pos not in decided
                ]
                if not inside:
                    continue
                out = t.apply(part.line.hints, part.line.cells)
                decided.update(pos for pos in inside if out[pos - part.cell_start] != UNKNOWN)
        for pos in decided:
            found[pos] = t.id
        left = [pos for pos in left if pos not in decided]
    return found


RANDOM, ROWS_FIRST, COLUMNS_FIRST = "random", "rows", "columns"
ORDERS = (RANDOM, ROWS_FIRST, COLUMNS_FIRST)


def player_path(
    puzzle: Puzzle, rng: random.Random, max_steps: int = 5000, order: str = RANDOM
) -> Iterator[np.ndarray]:
    """The grids of a player path (the empty grid first): each move is the easiest technique's
    complete move on one line some technique decides a cell of, the line chosen at random
    (``order`` "random") or by sweeping the rows then the columns ("rows") or the columns then
    the rows ("columns"), round and round; the path ends where no line technique decides
    anything."""
    if order not in ORDERS:
        raise ValueError(f"unknown order {order!r} (known: {', '.join(ORDERS)})")
    grid = np.full((puzzle.height, puzzle.width), UNKNOWN, dtype=np.int8)
    sweep = [("row", r) for r in range(puzzle.height)] + [
        ("column", c) for c in range(puzzle.width)
    ]
    if order == COLUMNS_FIRST:
        sweep = sweep[puzzle.height :] + sweep[: puzzle.height]
    rank = {key: k for k, key in enumerate(sweep)}
    at = 0
    for _ in range(max_steps):
        yield grid.copy()
        open_lines = [
            (axis, index, clues, cells, tid)
            for axis, index, clues, cells in _lines_of(puzzle, grid)
            if (tid := line_technique(clues, cells)) is not None
        ]
        if not open_lines:
            return
        if order == RANDOM:
            axis, index, clues, cells, tid = rng.choice(open_lines)
        else:  # the next line of the sweep, from where the last move was
            axis, index, clues, cells, tid = min(
                open_lines, key=lambda x: (rank[(x[0], x[1])] - at) % len(sweep)
            )
            at = rank[(axis, index)] + 1
        after = BY_ID[tid].apply(clues, cells)
        if axis == "row":
            grid[index] = after
        else:
            grid[:, index] = after


def trace_states(
    puzzle: Puzzle, should_stop: Callable[[], bool] | None = None
) -> Iterator[np.ndarray]:
    """The grids before each step of the tutor's easiest-first trace of ``puzzle`` (with the
    default rule set), the empty grid first."""
    from nonostudio.analysis.defaults import DEFAULT_RULE_SET
    from nonostudio.analysis.tracing.trace import rule_trace
    from nonostudio.rules.ruleset import load_rule_set

    trace = rule_trace(puzzle, load_rule_set(DEFAULT_RULE_SET).rules, should_stop=should_stop)
    grid = np.full((puzzle.height, puzzle.width), UNKNOWN, dtype=np.int8)
    for step in trace.steps:
        yield grid.copy()
        for r, c, v in step.cells:
            grid[r, c] = v


def drill_lines(
    puzzles: Iterable[tuple[str, Puzzle]],
    *,
    trace: bool = True,
    sweeps: bool = True,
    player_paths: int = 4,
    seed: int = 0,
    should_stop: Callable[[], bool] | None = None,
    enough: tuple[Sequence[str], int] | None = None,
) -> dict[str, list[DrillLine]]:
    """Technique id → the distinct drill lines found on ``puzzles`` (name, puzzle), in the order
    found: from the tutor's trace (``trace``), the two sweeping player paths (``sweeps``: rows
    first, columns first) and ``player_paths`` seeded random player paths of each puzzle.
    ``enough`` = (technique ids, n): stop after the puzzle that gives each of them n
    lines.  Deterministic given the puzzles and the seed."""
    out: dict[str, list[DrillLine]] = {tid: [] for tid in LINE_TECHNIQUES}
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    rng = random.Random(seed)
    for name, puzzle in puzzles:
        paths: list[Iterable[np.ndarray]] = []
        if trace:
            paths.append(trace_states(puzzle, should_stop))
        if sweeps:
            paths += [player_path(puzzle, rng, order=o) for o in (ROWS_FIRST, COLUMNS_FIRST)]
        paths += [player_path(puzzle, random.Random(rng.random())) for _ in range(player_paths)]
        for path in paths:
            for grid in path:
                if should_stop is not None and should_stop():
                    return out
                for axis, index, clues, cells in _lines_of(puzzle, grid):
                    if (clues, cells) in seen:
                        continue
                    tid = line_technique(clues, cells)
                    if tid is None:
                        continue
                    seen.add((clues, cells))
                    shape = (puzzle.height, puzzle.width)
                    moment = grid.astype(np.int8).tobytes()
                    out[tid].append(DrillLine(name, axis, index, clues, cells, tid, moment, shape))
        if enough is not None and all(len(out[t]) >= enough[1] for t in enough[0]):
            break
    return out
