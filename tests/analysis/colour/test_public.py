"""The colour trace on three public colour files of the anchor puzzles (skipped when
absent): every step checked by the exact colour line solver, every per-colour step's premises
by the sentence checker and every colour step's by the colour step checker, solved without
search, grades deterministic, the file that needs a colour technique graded harder than the
flag solved one colour at a time, and a file that needs colour reasoning graded harder than one
solvable one colour at a time in a higher tier."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from nonostudio.analysis.colour.grade import colour_grade, one_colour_cells, pencil_cells
from nonostudio.analysis.colour.projection import project
from nonostudio.analysis.colour.trace import COLOUR, GUESS, PER_COLOUR, colour_trace
from nonostudio.core.colour.linesolver import solve_colour_line
from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.colour.solver import check_colour_solution
from nonostudio.core.formats import read_any
from tests.analysis.colour.colour_checker import check_colour_step

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from sentence_checker import check_step  # noqa: E402

PUZZLES = Path(__file__).resolve().parents[4] / "shared" / "anchors" / "puzzles"
pytestmark = pytest.mark.skipif(
    not PUZZLES.is_dir(), reason=f"the anchor puzzles are not at {PUZZLES}"
)


def _load(name: str) -> ColourPuzzle:
    (_, puzzle), *_ = read_any(PUZZLES / name)
    assert isinstance(puzzle, ColourPuzzle)
    return puzzle


@pytest.mark.parametrize(
    "name", ["nonogrid/UK.toml", "number-loom/look_sharp.xml", "number-loom/take_two.xml"]
)
def test_every_step_checked(name: str) -> None:
    puzzle = _load(name)
    trace = colour_trace(puzzle)
    assert trace.solved and trace.solutions == "unique"
    grid = [[puzzle.palette.all_mask] * len(puzzle.cols) for _ in puzzle.rows]
    for step in trace.steps:
        assert step.kind != GUESS and step.index is not None
        rows = step.axis == "row"
        clue = (puzzle.rows if rows else puzzle.cols)[step.index]
        before = tuple(grid[step.index]) if rows else tuple(r[step.index] for r in grid)
        exact = solve_colour_line(clue, before, len(puzzle.palette))
        assert exact is not None
        for r, c, b, a in step.cells:
            p = c if rows else r
            assert before[p] == b and exact[p] & ~a == 0
            grid[r][c] = a
        after = tuple(grid[step.index]) if rows else tuple(r[step.index] for r in grid)
        if step.kind == PER_COLOUR:
            assert step.colour is not None
            hints, bw = project(clue, before, step.colour)
            assert check_step(SimpleNamespace(premises=step.premises), hints, bw) == []
        else:
            assert check_colour_step(step.technique, clue, before, after, step.premises) == []
    final = [[v.bit_length() - 1 for v in row] for row in grid]
    assert check_colour_solution(puzzle.rows, puzzle.cols, final)


def test_grades() -> None:
    flag, sharp = _load("nonogrid/UK.toml"), _load("number-loom/look_sharp.xml")
    assert not any(s.kind == COLOUR for s in colour_trace(flag).steps)
    assert any(s.kind == COLOUR for s in colour_trace(sharp).steps)
    a, b = colour_grade(flag), colour_grade(flag)
    assert (a.tier, a.score, a.label, a.features) == (b.tier, b.score, b.label, b.features)
    assert colour_grade(sharp).score > a.score


def test_colour_reasoning_ranks_above_a_higher_tier_one_colour_at_a_time() -> None:
    """take_two.xml needs colour reasoning at tier 2; bird2.g is solvable one colour at a time
    but its trace needs "all arrangements agree" (tier 5): take_two ranks above it, by its key,
    its score and its label, and the explanation says why."""
    from nonostudio.analysis.grades.difficulty import LABELS

    two = colour_grade(_load("number-loom/take_two.xml"))
    bird = colour_grade(_load("pbnsolve-examples/bird2.g"))
    assert (two.tier, two.features.needs_colour_reasoning) == (2, True)
    assert (bird.tier, bird.features.needs_colour_reasoning) == (5, False)
    assert two.key > bird.key and two.score > bird.score
    assert LABELS.index(two.label) >= LABELS.index(bird.label)
    words = "needs colour reasoning, so it ranks above every puzzle solvable one colour at a time"
    assert words in two.explanation
    assert "so it ranks below every puzzle that needs colour reasoning" in bird.explanation


def test_pencil_cells() -> None:
    # lines passing each other only decided cells leave these cells undecided; with the sets of
    # colours still possible, the colour trace solves both without search
    assert pencil_cells(_load("pbnsolve-examples/spaceShuttle.g")) == 655
    assert pencil_cells(_load("number-loom/look_sharp.xml")) == 247
    assert pencil_cells(_load("nonogrid/UK.toml")) == 0
    # the colour notes count 456 on acorn: a cell there also keeps the intersection
    # of the sets its row and its column left it; without that, 1,482 (the other two agree)
    acorn = _load("pbnsolve-examples/acorn.g")
    assert (pencil_cells(acorn), pencil_cells(acorn, crossing_sets=True)) == (1482, 456)
    assert pencil_cells(_load("number-loom/look_sharp.xml"), crossing_sets=True) == 247
    sharp = colour_grade(_load("number-loom/look_sharp.xml"))
    assert sharp.features.pencil_cells == 247


@pytest.mark.parametrize(
    ("name", "share"),
    [
        ("pbnsolve-examples/acorn.g", 67.7),
        ("pbnsolve-examples/rose.g", 16.8),
        ("pbnsolve-examples/spaceShuttle.g", 8.4),
        ("number-loom/look_sharp.xml", 17.0),
        ("number-loom/take_two.xml", 75.6),
        ("nonogrid/UK.toml", 100.0),
        ("pbnsolve-examples/bird2.g", 100.0),
    ],
)
def test_one_colour_at_a_time(name: str, share: float) -> None:
    """The colour notes measured projection alone (the exact b&w line solver on each colour,
    lines passing sets): it solves 8 of the 13 public files and decides these shares of the
    others."""
    puzzle = _load(name)
    cells = len(puzzle.rows) * len(puzzle.cols)
    left = one_colour_cells(puzzle)
    assert round(100 * (cells - left) / cells, 1) == share
    assert colour_grade(puzzle).features.needs_colour_reasoning == (left > 0)
