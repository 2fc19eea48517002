"""Independent checks of a generated puzzle, sharing no code with the generator or the grade: its
solutions counted by backtracking over row arrangements, and the tutor's walk re-done with the
ladder of tests/analysis/ladder.py (the easiest technique deciding a cell anywhere, one line at a
time, rows before columns)."""

from __future__ import annotations

import itertools
import sys
from collections import Counter
from pathlib import Path

import numpy as np

from nonostudio.analysis.catalogue.technique_moves import player_parts
from nonostudio.analysis.catalogue.techniques import CATALOGUE
from nonostudio.core.line import UNKNOWN
from nonostudio.core.puzzle import Puzzle

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from ladder import MATCHING, easiest_order  # noqa: E402


def arrangements(clue: tuple[int, ...], n: int) -> list[tuple[int, ...]]:
    """Every 0/1 line of length ``n`` whose runs are ``clue``."""
    clue = tuple(v for v in clue if v)
    out = []
    for bits in itertools.product((0, 1), repeat=n):
        runs = [len(list(g)) for v, g in itertools.groupby(bits) if v == 1]
        if tuple(runs) == clue:
            out.append(bits)
    return out


def count_solutions(puzzle: Puzzle, stop: int = 2) -> int:
    """How many solutions ``puzzle`` has (counting stops at ``stop``): rows chosen among their
    arrangements, each column's cells so far a prefix of one of its arrangements."""
    h, w = puzzle.height, puzzle.width
    rows = [arrangements(tuple(c), w) for c in puzzle.rows]
    prefixes = [
        {a[:k] for a in arrangements(tuple(c), h) for k in range(h + 1)} for c in puzzle.cols
    ]
    found = 0
    chosen: list[tuple[int, ...]] = []

    def place(r: int) -> None:
        nonlocal found
        if found >= stop:
            return
        if r == h:
            found += 1
            return
        for option in rows[r]:
            chosen.append(option)
            if all(tuple(row[c] for row in chosen) in prefixes[c] for c in range(w)):
                place(r + 1)
            chosen.pop()

    place(0)
    return found


def ladder_walk(puzzle: Puzzle) -> tuple[np.ndarray, Counter[str], int | None]:
    """Solve as the tutor does, with the ladder: the grid at the end, the steps per technique and
    the catalogue order of the hardest technique taken (None: nothing to decide)."""
    grid = np.full((puzzle.height, puzzle.width), UNKNOWN, dtype=np.int8)
    counts: Counter[str] = Counter()
    hardest: int | None = None
    while True:
        k = easiest_order(puzzle, grid)
        if k is None:
            return grid, counts, hardest
        hardest = k if hardest is None else max(hardest, k)
        technique = CATALOGUE[k]
        lines = [(puzzle.rows[r], grid[r]) for r in range(puzzle.height)]
        lines += [(puzzle.cols[c], grid[:, c]) for c in range(puzzle.width)]
        for clue, view in lines:  # views into the grid: writing them writes the grid
            cells = tuple(int(v) for v in view)
            if UNKNOWN not in cells:
                continue
            after = technique.apply(clue, cells)
            if after != cells:
                view[:] = after
                break
            if k > MATCHING:
                part = next(
                    (
                        p
                        for p in player_parts(clue, cells)
                        if technique.apply(p.line.hints, p.line.cells) != p.line.cells
                    ),
                    None,
                )
                if part is not None:
                    view[part.cell_start : part.cell_end] = technique.apply(
                        part.line.hints, part.line.cells
                    )
                    break
        else:
            raise AssertionError(f"the ladder found {technique.id} but no line it decides")
        counts[technique.id] += 1
