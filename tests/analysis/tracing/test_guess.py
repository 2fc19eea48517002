"""A tutor trace's guess (search step) reveals the cell that lets line logic decide the most.

The reference here is plain: every line's arrangements listed one by one, line logic as their
common cells to a fixed point, and every undecided cell given its value in the trace's solution;
the cell whose value leaves the most cells decided (ties: reading order) is the guess.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from nonostudio.analysis.tracing.trace import rule_trace
from nonostudio.core.counts import count
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.puzzle import Puzzle
from tests.analysis import sentence_checker as checker

Grid = list[list[int]]


def clue(bits: list[bool]) -> tuple[int, ...]:
    """The clue of a line of filled (True) and empty cells."""
    runs = "".join("1" if b else "0" for b in bits).split("0")
    return tuple(len(run) for run in runs if run)


def arrangements(blocks: tuple[int, ...], n: int) -> Iterator[tuple[int, ...]]:
    """Every line of ``n`` cells with the clue ``blocks``."""
    if not blocks:
        yield (CROSSED,) * n
        return
    first, rest = blocks[0], blocks[1:]
    room = sum(rest) + len(rest)
    for start in range(n - first - room + 1):
        head = (CROSSED,) * start + (FILLED,) * first
        if not rest:
            yield head + (CROSSED,) * (n - start - first)
            continue
        for tail in arrangements(rest, n - start - first - 1):
            yield head + (CROSSED,) + tail


def line_logic(puzzle: Puzzle, grid: Grid) -> Grid:
    """Every line's cells its fitting arrangements agree on, until nothing changes."""
    g = [row[:] for row in grid]
    changed = True
    while changed:
        changed = False
        for is_row, clues, n in (
            (True, puzzle.rows, puzzle.width),
            (False, puzzle.cols, puzzle.height),
        ):
            for i, blocks in enumerate(clues):
                cells = [g[i][j] if is_row else g[j][i] for j in range(n)]
                fits = [
                    a
                    for a in arrangements(tuple(blocks), n)
                    if all(c in (UNKNOWN, v) for c, v in zip(cells, a, strict=True))
                ]
                assert fits, "a value of the solution is refuted"
                for j in range(n):
                    if cells[j] == UNKNOWN and all(a[j] == fits[0][j] for a in fits):
                        if is_row:
                            g[i][j] = fits[0][j]
                        else:
                            g[j][i] = fits[0][j]
                        changed = True
    return g


def best_guess(puzzle: Puzzle, grid: Grid, solution: Grid) -> tuple[tuple[int, int, int], int]:
    """The undecided cell whose solution value lets line logic decide the most cells, and the
    count of cells decided then."""
    best, most = None, -1
    for r in range(puzzle.height):
        for c in range(puzzle.width):
            if grid[r][c] != UNKNOWN:
                continue
            trial = [row[:] for row in grid]
            trial[r][c] = solution[r][c]
            decided = sum(v != UNKNOWN for row in line_logic(puzzle, trial) for v in row)
            if decided > most:
                best, most = (r, c, solution[r][c]), decided
    assert best is not None
    return best, most


def random_puzzle(seed: int, size: int) -> Puzzle:
    rng = random.Random(seed)
    picture = [[rng.random() < 0.5 for _ in range(size)] for _ in range(size)]
    return Puzzle(
        tuple(clue(row) for row in picture),
        tuple(clue(list(col)) for col in zip(*picture, strict=True)),
    )


def test_the_guess_is_the_cell_whose_value_decides_most() -> None:
    # Random 6x6 pictures, most with several solutions: their traces guess often.
    guesses = not_first = 0
    for seed in range(40):
        puzzle = random_puzzle(seed, 6)
        trace = rule_trace(puzzle, [])
        for i, step in enumerate(trace.steps):
            if step.kind != "search":
                continue
            assert trace.search is not None and trace.search.solution is not None
            solution = [[int(v) for v in row] for row in trace.search.solution]
            grid = [[int(v) for v in row] for row in trace.grid_after(i)]
            expected, decided = best_guess(puzzle, grid, solution)
            assert step.cells == (expected,), (seed, i)
            # the words say how many more cells it lets line logic decide, and that no cell
            # does more
            more = decided - sum(v != UNKNOWN for row in grid for v in row) - 1
            assert step.premises[0]["claims"][0]["decides"] == more
            assert (
                f"and go on: knowing it, line logic decides {count(more, 'more cell')}, and no"
                " other cell more (the puzzle"
            ) in step.text, step.text
            assert checker.check_guess(step, puzzle, grid) == []
            guesses += 1
            first = next(
                (r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v == UNKNOWN
            )
            not_first += expected[:2] != first
    # (On the old rule, the first undecided cell, the guesses that are not it fail.)
    assert guesses >= 10 and not_first >= 3
