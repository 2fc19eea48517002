"""A palette colour no clue uses changes nothing: the trace, the grade, the hints' start.

The editor's new colour puzzle starts with black, red and blue; a designer who paints with two
of them had the third counted as a colour of the puzzle and narrowed away by the trace, step by
step ("Row 1, looking only at the blue clue 0 ... cells 1-6 cannot be blue"), so the grade in the
editor (3 colours, 15 more steps and narrowing steps on Take two) differed from the grade of the
same puzzle saved and opened again (the readers keep only the colours the clues use).
"""

from __future__ import annotations

from dataclasses import replace

from nonostudio.analysis.colour.grade import colour_grade
from nonostudio.analysis.colour.hints import unknown_grid
from nonostudio.analysis.colour.trace import colour_trace
from nonostudio.core.colour.model import Colour, ColourPuzzle, Palette
from tests.colour_red_blue import COLS, PALETTE, ROWS

GREEN = Colour("green", "#2ca02c", "g")


def _puzzles() -> tuple[ColourPuzzle, ColourPuzzle]:
    used = ColourPuzzle(PALETTE, ROWS, COLS)
    with_unused = replace(used, palette=Palette((*PALETTE.colours, GREEN)))
    return used, with_unused


def test_unused_colour_is_in_no_cell_and_no_step() -> None:
    used, with_unused = _puzzles()
    assert with_unused.used_mask == used.used_mask == 0b111
    assert unknown_grid(with_unused) == unknown_grid(used)
    plain, padded = colour_trace(used), colour_trace(with_unused)
    assert plain.solved and padded.solved
    assert [s.text for s in padded.steps] == [s.text for s in plain.steps]
    assert not any("green" in s.text for s in padded.steps)


def test_unused_colour_leaves_the_grade_alone() -> None:
    used, with_unused = _puzzles()
    plain, padded = colour_grade(used), colour_grade(with_unused)
    assert padded.features.colours == plain.features.colours == 2
    assert padded.features.narrowing_steps == plain.features.narrowing_steps
    assert (padded.label, padded.score) == (plain.label, plain.score)


def test_used_mask_is_the_background_and_the_clues_colours() -> None:
    assert ColourPuzzle(PALETTE, ((), ((1, 2),)), (((1, 2),),)).used_mask == 0b101
    assert ColourPuzzle(PALETTE, ((),), ((),)).used_mask == 0b1


def test_a_blank_puzzle_has_nothing_to_solve() -> None:
    # File > New Colour Puzzle: every clue empty, so no cell can take a colour; the grade said
    # "the hardest step is nothing" once its trace had no step to narrow the unused colours
    blank = ColourPuzzle(PALETTE, ((),) * 3, ((),) * 4)
    grade = colour_grade(blank)
    assert grade.features.colours == 0 and grade.features.steps == 0
    assert grade.explanation.startswith("Nothing to solve: every clue is empty")
    assert "12 cells" in grade.explanation and "nothing;" not in grade.explanation
