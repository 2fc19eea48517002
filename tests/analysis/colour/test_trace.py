"""The colour trace and grade on small random colour puzzles, checked by brute force: every
step narrows only what no fitting arrangement of its line's clue needs, the premises of a
per-colour step pass the sentence checker on the projected line, a colour step's claims hold in
every fitting arrangement, and the trace ends on the solution; search steps, a puzzle with no
solution, and deterministic grades."""

from __future__ import annotations

import os
import random
import sys
from types import SimpleNamespace

from nonostudio.analysis.colour.grade import colour_grade, touching_pairs
from nonostudio.analysis.colour.projection import project
from nonostudio.analysis.colour.trace import COLOUR, GUESS, PER_COLOUR, colour_trace
from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, clues_of_colour_grid
from nonostudio.core.colour.solver import check_colour_solution
from tests.analysis.colour.brute import exact, fitting
from tests.analysis.colour.colour_checker import check_colour_step

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from sentence_checker import check_step  # noqa: E402

PALETTE = Palette(
    (
        WHITE,
        Colour("red", "#ff0000", "r"),
        Colour("blue", "#0000ff", "b"),
        Colour("green", "#00ff00", "g"),
    )
)


def _puzzle(rng: random.Random) -> tuple[ColourPuzzle, list[list[int]]]:
    h, w = rng.randint(4, 7), rng.randint(4, 7)
    grid = [[rng.choice([0, 1, 1, 2, 3]) for _ in range(w)] for _ in range(h)]
    rows, cols = clues_of_colour_grid(grid)
    return ColourPuzzle(PALETTE, rows, cols), grid


def _items(a: tuple[int, ...]) -> list[int]:
    """The start of each block of a colouring, in order (the items of its clue)."""
    return [p for p, v in enumerate(a) if v and (p == 0 or a[p - 1] != v)]


def _check_colour_claims(claims, clue, before):  # type: ignore[no-untyped-def]
    arr = fitting(clue, before, 4)
    for claim in claims:
        kind = claim["claim"]
        for a in arr:
            if kind == "item_starts":
                assert claim["min"] <= _items(a)[claim["clue"]] <= claim["max"], claim
            elif kind == "not_background":
                assert all(a[p] for p in claim["cells"]), claim
            elif kind == "block":
                s, e, c = claim["start"], claim["end"], claim["colour"]
                assert all(a[p] == c for p in range(s, e)), claim
                assert (s == 0 or a[s - 1] != c) and (e == len(a) or a[e] != c), claim


def test_random_puzzles_step_by_step() -> None:
    rng = random.Random(4)
    kinds = {PER_COLOUR: 0, COLOUR: 0, GUESS: 0}
    for _ in range(40):
        puzzle, picture = _puzzle(rng)
        trace = colour_trace(puzzle)
        assert trace.solved
        full = PALETTE.all_mask
        grid = [[full] * len(puzzle.cols) for _ in puzzle.rows]
        for step in trace.steps:
            kinds[step.kind] += 1
            if step.kind == GUESS:
                ((r, c, b, a),) = step.cells
                assert b & a == a and grid[r][c] == b
                grid[r][c] = a
                continue
            assert step.axis is not None and step.index is not None
            rows = step.axis == "row"
            clue = (puzzle.rows if rows else puzzle.cols)[step.index]
            before = tuple(grid[step.index]) if rows else tuple(r[step.index] for r in grid)
            truth = exact(clue, before, 4)
            assert truth is not None
            for r, c, b, a in step.cells:
                p = c if rows else r
                assert before[p] == b and a != b
                assert truth[p] & ~a == 0, step.text  # nothing a fitting arrangement needs
                grid[r][c] = a
            if step.kind == PER_COLOUR:
                assert step.colour is not None
                hints, bw = project(clue, before, step.colour)
                assert check_step(SimpleNamespace(premises=step.premises), hints, bw) == []
                assert ", looking only at the " in step.text
            else:
                _check_colour_claims(step.premises, clue, before)
                after = tuple(
                    next((a for r, c, _, a in step.cells if (c if rows else r) == p), x)
                    for p, x in enumerate(before)
                )
                assert check_colour_step(step.technique, clue, before, after, step.premises) == []
        final = [[v.bit_length() - 1 for v in row] for row in grid]
        assert final == [[v.bit_length() - 1 for v in row] for row in trace.grid]
        assert check_colour_solution(puzzle.rows, puzzle.cols, final)
        if trace.solutions == "unique":
            assert final == picture
    assert all(kinds.values()), kinds  # per-colour, colour and search steps all occurred


def test_search_step_on_a_puzzle_with_two_solutions() -> None:
    red = ((1, 1),)
    puzzle = ColourPuzzle(PALETTE, (red, red), (red, red))
    trace = colour_trace(puzzle)
    assert trace.solved and trace.solutions == "multiple"
    guesses = [s for s in trace.steps if s.kind == GUESS]
    assert len(guesses) == 1
    assert "one of the puzzle's solutions has it" in guesses[0].text
    grade = colour_grade(puzzle)
    assert (grade.tier, grade.label) == (8, "Not unique")


def test_no_solution_names_the_line() -> None:
    two = ((1, 1), (1, 1))
    tall = ((2, 1),)
    puzzle = ColourPuzzle(PALETTE, (two, (), two), (tall, (), tall))
    trace = colour_trace(puzzle)
    assert trace.verdict == "no solution"
    assert trace.reason is not None and ("row" in trace.reason or "column" in trace.reason)
    assert colour_grade(puzzle).label == "No solution"


def test_grades_are_deterministic_and_counted() -> None:
    rng = random.Random(9)
    puzzle, _ = _puzzle(rng)
    grades = [colour_grade(puzzle) for _ in range(3)]
    assert len({(g.tier, g.score, g.label, g.features) for g in grades}) == 1
    f = grades[0].features
    assert f.cells_per_colour + f.cells_colour + f.cells_search == f.cells
    assert f.touching_pairs == touching_pairs(puzzle)
    assert f.colours == 3


def test_touching_pairs() -> None:
    rows = (((1, 1), (1, 2)), ((1, 1), (1, 1)))
    cols = (((2, 1),), ((1, 2),), ((1, 1),))
    puzzle = ColourPuzzle(PALETTE, rows, cols)
    assert touching_pairs(puzzle) == 1  # red then blue in row 1; red, red in row 2 need a space


def test_a_trace_the_colour_solver_gave_up_on_says_why_not_the_time_limit(monkeypatch) -> None:
    """A puzzle whose SAT formula would not fit in memory: the trace's verdict is undecided with
    the solver's reason, and its summary does not blame the time limit (it did)."""
    from functools import partial

    from nonostudio.analysis.colour import trace as colour_trace_module
    from nonostudio.analysis.colour.report import summary_text
    from nonostudio.core.colour.solver import solve_colour

    tiny = partial(solve_colour, search_budget=0)
    monkeypatch.setattr(colour_trace_module, "solve_colour", tiny)
    rng = random.Random(0)
    grid = [[0 if rng.random() < 0.5 else 1 for _ in range(30)] for _ in range(30)]
    grid[0][0], grid[29][29] = 2, 3
    rows, cols = clues_of_colour_grid(grid)
    trace = colour_trace(ColourPuzzle(PALETTE, rows, cols), time_limit=None, memory_budget=1000)
    assert trace.verdict == "undecided" and not trace.cancelled
    assert trace.reason is not None and trace.reason.startswith("too large for the complete")
    text = summary_text(trace)
    assert text.startswith(f"Stopped after {len(trace.steps)} steps (too large for the complete")
    assert "time limit" not in text


def _loose() -> ColourPuzzle:
    """30x30, line logic leaves most of its cells and the search gets stuck: the colour solver
    takes its SAT stage (as in test_cli_colour.py)."""
    rng = random.Random(0)
    grid = [[0 if rng.random() < 0.5 else 1 for _ in range(30)] for _ in range(30)]
    grid[0][0], grid[29][29] = 2, 3
    rows, cols = clues_of_colour_grid(grid)
    return ColourPuzzle(PALETTE, rows, cols)


def test_a_colour_trace_hands_its_memory_budget_to_the_colour_solver() -> None:
    """``memory_budget`` reaches the search step's colour solver (the studio's colour Solve job
    passes its share of the budget): one byte, and the SAT formula is refused with the solver's
    reason.  (colour_trace took no budget.)"""
    trace = colour_trace(_loose(), time_limit=None, memory_budget=1)
    assert trace.verdict == "undecided" and not trace.cancelled
    assert trace.reason is not None and trace.reason.startswith("too large for the complete")
    assert "against a memory budget of 1 b" in trace.reason


def test_a_colour_grade_hands_its_memory_budget_to_the_colour_solver() -> None:
    """The same through :func:`colour_grade` (the colour Difficulty job): the grade is undecided
    and says the solver's reason, not "time limit or cancelled" (neither happened)."""
    graded = colour_grade(_loose(), memory_budget=1)
    assert graded.label == "Undecided" and graded.features.solutions == "undecided"
    assert graded.reason.startswith("too large for the complete solver")
    assert "against a memory budget of 1 b" in graded.reason
    assert graded.reason in graded.explanation and "time limit" not in graded.explanation
