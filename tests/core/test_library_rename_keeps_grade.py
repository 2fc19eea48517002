"""A library puzzle saved with new words but the same clues (a rename, a new author or notes)
keeps its cached verdict and difficulty: they depend on the clues alone.  Renaming a puzzle in
the studio blanked its Difficulty and Verdict cells and queued it for checking again (seen
under Xvfb: 'Asterisk', Easy, renamed 'Star renamed', then blank)."""

from __future__ import annotations

import dataclasses

from nonostudio.core.colour.model import (
    BLACK,
    WHITE,
    Colour,
    ColourPuzzle,
    Palette,
    clues_of_colour_grid,
)
from nonostudio.core.library import Library
from nonostudio.core.puzzle import Puzzle


def _graded(library: Library, id: int) -> tuple[str, str]:
    entry = library.entry(id)
    assert entry is not None
    return entry.verdict, entry.difficulty


def test_new_words_keep_the_grade_and_new_clues_clear_it() -> None:
    duck = Puzzle.from_grid([[1, 0, 1], [1, 1, 0], [0, 1, 1]], title="Duck")
    with Library(":memory:") as library:
        id = library.add(duck)
        library.set_verdict(id, "unique, line-solvable")
        library.set_difficulty(id, "Easy")
        renamed = dataclasses.replace(duck, title="Swan", author="Ann", notes="a note")
        library.update(id, renamed)
        assert library.get(id).title == "Swan"
        assert _graded(library, id) == ("unique, line-solvable", "Easy")
        library.update(id, Puzzle.from_grid([[1, 0, 1], [1, 1, 0], [0, 1, 0]], title="Swan"))
        assert _graded(library, id) == ("", "")


def test_a_colour_puzzle_renamed_keeps_its_grade_and_recoloured_loses_it() -> None:
    goal = ((1, 2), (2, 1))
    rows, cols = clues_of_colour_grid(goal)
    red = Palette((WHITE, BLACK, Colour("red", "#d62728", "r")))
    flag = ColourPuzzle(red, rows, cols, goal=goal, title="Flag")
    with Library(":memory:") as library:
        id = library.add(flag)
        library.set_verdict(id, "unique")
        library.set_difficulty(id, "Easy")
        library.update(id, dataclasses.replace(flag, title="Banner"))
        assert _graded(library, id) == ("unique", "Easy")
        blue = Palette((WHITE, BLACK, Colour("red", "#1f77b4", "r")))
        library.update(id, dataclasses.replace(flag, palette=blue))
        assert _graded(library, id) == ("", "")
