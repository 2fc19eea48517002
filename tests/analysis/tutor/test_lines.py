"""Drill lines: each is filed under its easiest deciding technique, its expected answer is that
technique's complete move, and every cell the move decides is forced by brute force."""

from __future__ import annotations

import random

import numpy as np
import pytest
from ladder import easiest_order
from sentence_checker import arrangements

from nonostudio.analysis.catalogue.techniques import BY_ID, CATALOGUE
from nonostudio.analysis.tutor.lines import (
    LINE_TECHNIQUES,
    ORDERS,
    drill_lines,
    easiest_technique,
    line_technique,
    player_path,
)
from nonostudio.core.line import FILLED, UNKNOWN


def forced_by_brute_force(clues, cells):
    hints = [c for c in clues if c > 0]
    arr = arrangements(hints, cells)
    out = []
    for p in range(len(cells)):
        values = {any(a[i] <= p < a[i] + h for i, h in enumerate(hints)) for a in arr}
        out.append(UNKNOWN if len(values) != 1 else (FILLED if values.pop() else 0))
    return tuple(out)


def test_every_line_is_filed_under_its_easiest_technique_and_its_answer_is_sound(small_lines):
    assert sum(map(len, small_lines.values())) > 200
    for tid, lines in small_lines.items():
        order = LINE_TECHNIQUES.index(tid)
        for line in lines[:40]:
            assert line.technique == tid
            for easier in CATALOGUE[:order]:  # no easier technique decides a cell
                assert easier.apply(line.clues, line.cells) == line.cells
            expected = line.expected
            assert expected == BY_ID[tid].apply(line.clues, line.cells) != line.cells
            forced = forced_by_brute_force(line.clues, line.cells)
            for p, v in enumerate(expected):
                if line.cells[p] == UNKNOWN and v != UNKNOWN:
                    assert forced[p] == v, (line, p)
            if tid == "line_solver":
                assert expected == forced


def test_lines_are_distinct_and_come_from_their_puzzle(small_puzzles, small_lines):
    keys = [line.key for lines in small_lines.values() for line in lines]
    assert len(keys) == len(set(keys))
    puzzles = dict(small_puzzles)
    for lines in small_lines.values():
        for line in lines[:10]:
            p = puzzles[line.source]
            clues = p.rows[line.index] if line.axis == "row" else p.cols[line.index]
            assert tuple(clues) == line.clues
            size = p.width if line.axis == "row" else p.height
            assert len(line.cells) == size


def test_a_line_keeps_its_moment_the_whole_grid_agreeing_with_the_solution(
    small_puzzles, small_lines
):
    from nonostudio.core.solver import solve

    puzzles = dict(small_puzzles)
    solutions = {name: np.asarray(solve(p).solution) for name, p in small_puzzles}
    for lines in small_lines.values():
        for line in lines[:5]:
            grid = line.grid
            assert grid is not None and grid.shape == (
                puzzles[line.source].height,
                puzzles[line.source].width,
            )
            cut = grid[line.index] if line.axis == "row" else grid[:, line.index]
            assert tuple(int(v) for v in cut) == line.cells
            decided = grid != UNKNOWN
            assert np.array_equal(grid[decided], solutions[line.source][decided])
            assert len(line.to_json()["grid"]) == grid.shape[0]


def test_drill_lines_are_deterministic_given_the_seed(small_puzzles):
    a = drill_lines(small_puzzles[:1], trace=False, player_paths=2, seed=1)
    b = drill_lines(small_puzzles[:1], trace=False, player_paths=2, seed=1)
    c = drill_lines(small_puzzles[:1], trace=False, player_paths=2, seed=2)
    assert a == b
    assert a != c


def test_easiest_technique_agrees_with_the_independent_ladder(small_puzzles):
    for _, puzzle in small_puzzles:
        for k, grid in enumerate(player_path(puzzle, random.Random(3))):
            if k % 5:
                continue
            order = easiest_order(puzzle, grid)
            found = easiest_technique(puzzle, grid)
            assert found == (None if order is None else CATALOGUE[order].id)


@pytest.mark.parametrize("order", ORDERS)
def test_a_player_path_only_makes_sound_moves(small_puzzles, order):
    from nonostudio.core.solver import solve

    _, puzzle = small_puzzles[0]
    solution = solve(puzzle).solution
    last = None
    for grid in player_path(puzzle, random.Random(0), order=order):
        decided = grid != UNKNOWN
        assert np.array_equal(grid[decided], np.asarray(solution)[decided])
        last = grid
    assert last is not None and UNKNOWN not in last  # this sample needs line logic only


def test_a_sweep_takes_the_next_open_line_in_its_order():
    from nonostudio.core.formats import parse_puzzle_arg

    puzzle = parse_puzzle_arg("3:0:1-1,1:1:1")  # rows 3 / 0 / 1, columns 1 1 / 1 / 1
    rows = list(player_path(puzzle, random.Random(0), order="rows"))
    columns = list(player_path(puzzle, random.Random(0), order="columns"))
    assert rows[1][0].tolist() == [1, 1, 1] and (rows[1][1:] == UNKNOWN).all()
    assert rows[2][1].tolist() == [0, 0, 0]  # then the next row, the empty one
    assert columns[1][:, 0].tolist() == [
        1,
        UNKNOWN,
        1,
    ]  # overlap fills; crossing comes next and (columns[1][:, 1:] == UNKNOWN).all()
    with pytest.raises(ValueError, match="unknown order"):
        next(player_path(puzzle, random.Random(0), order="diagonal"))


def test_line_technique_of_a_finished_line_is_none():
    assert line_technique((2,), (1, 1, 0)) is None
    assert line_technique((), (UNKNOWN, UNKNOWN)) == "empty_line"
