"""A move's technique is worked out with each line it touches solved once
(:func:`~nonostudio.analysis.tutor.lines.cell_techniques`), not once for every cell it set: the
attributions are the ones the per-cell search gave, on random moves of one or many cells."""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from nonostudio.analysis.catalogue.technique_moves import player_parts
from nonostudio.analysis.catalogue.techniques import CATALOGUE
from nonostudio.analysis.tutor.lines import (
    LINE_TECHNIQUES,
    DrillLine,
    cell_techniques,
    player_path,
)
from nonostudio.analysis.tutor.solving import SolveRecorder
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import solve


def _old_cell_technique(clues: Sequence[int], cells: Sequence[int], pos: int) -> str | None:
    """The per-cell search the recorder called for every cell of a move (before 2026-11-30)."""
    clues = tuple(int(c) for c in clues)
    cells = tuple(int(c) for c in cells)
    order = {tid: k for k, tid in enumerate(LINE_TECHNIQUES)}
    parts = None
    for t in CATALOGUE:
        if t.apply(clues, cells)[pos] != UNKNOWN:
            return t.id
        if order[t.id] > order["matching"]:
            if parts is None:
                parts = [p for p in player_parts(clues, cells) if p.cell_start <= pos < p.cell_end]
            for part in parts:
                after = t.apply(part.line.hints, part.line.cells)
                if after[pos - part.cell_start] != UNKNOWN:
                    return t.id
    return None


def _old_move_technique(
    rec: SolveRecorder, before: np.ndarray, after: np.ndarray, wrong: bool
) -> str:
    """:meth:`SolveRecorder.move_technique` as it was, one line solve per cell."""
    moved = (after != before) & (after != UNKNOWN)
    if wrong and rec.solution is not None:
        moved &= after != rec.solution
    work = np.array(before, dtype=np.int8, copy=True)
    if rec.solution is not None:
        work[(work != UNKNOWN) & (work != rec.solution)] = UNKNOWN
    work[moved] = UNKNOWN
    order = {tid: k for k, tid in enumerate(LINE_TECHNIQUES)}
    hardest = -1
    for r, c in zip(*np.nonzero(moved), strict=True):
        found = [
            _old_cell_technique(rec.puzzle.rows[r], work[r].tolist(), int(c)),
            _old_cell_technique(rec.puzzle.cols[c], work[:, c].tolist(), int(r)),
        ]
        known = [order[f] for f in found if f is not None]
        if not known:
            return rec.technique_at(before)
        hardest = max(hardest, min(known))
    return LINE_TECHNIQUES[hardest] if hardest >= 0 else rec.technique_at(before)


def test_random_moves_are_attributed_as_cell_by_cell(
    small_puzzles: list[tuple[str, Puzzle]],
) -> None:
    rng = random.Random(7)
    seen: set[str] = set()
    tried = 0
    for _, puzzle in small_puzzles:
        solution = solve(puzzle).solution
        assert solution is not None
        rec = SolveRecorder(puzzle, solution)
        grids = list(player_path(puzzle, rng))
        for before in rng.sample(grids, min(12, len(grids))):
            for _ in range(4):
                after = before.copy()
                open_cells = list(zip(*np.nonzero(before == UNKNOWN), strict=True))
                if not open_cells:
                    break
                if rng.random() < 0.5:  # many cells of one line
                    r = rng.choice(open_cells)[0]
                    picked = [(r, c) for c in range(puzzle.width) if before[r, c] == UNKNOWN]
                else:  # cells anywhere
                    picked = rng.sample(open_cells, min(len(open_cells), rng.randint(1, 6)))
                for r, c in picked:
                    value = solution[r, c]
                    after[r, c] = (
                        value if rng.random() < 0.85 else FILLED + CROSSED - value
                    )  # some wrong
                wrong = rec.wrong_move(before, after)
                got = rec.move_technique(before, after, wrong)
                assert got == _old_move_technique(rec, before, after, wrong)
                seen.add(got)
                tried += 1
    assert tried > 50 and len(seen) > 2  # (the moves reach several techniques)


#: Lines of the samples' player paths where a cell is decided only on a part matching cuts the
#: line into (air-wettener, buffalo, bucks): the part search is compared too.
ON_PARTS = [
    ((2, 1, 3), "1 1 . . 0 . . 1 0 . 0 0 . . ."),
    ((1, 2, 1, 3), "1 0 . . . . 0 . 0 0 1 . 0 . 0 0 . 0 1 1 1 0 0 0 0"),
    ((5, 1, 3, 1, 3, 1, 3), "1 1 1 1 1 . . 0 1 1 1 0 . 0 1 1 1 . . 0 1 . 1 . . . ."),
]


def test_cell_techniques_are_the_cells_one_by_one(small_lines: dict[str, list[DrillLine]]) -> None:
    lines = [(line.clues, line.cells) for found in small_lines.values() for line in found[:15]]
    lines += [
        (clues, tuple(-1 if v == "." else int(v) for v in text.split())) for clues, text in ON_PARTS
    ]
    for clues, cells in lines:
        open_cells = [k for k, v in enumerate(cells) if v == UNKNOWN]
        got = cell_techniques(clues, cells, open_cells)
        assert got == {k: _old_cell_technique(clues, cells, k) for k in open_cells}
