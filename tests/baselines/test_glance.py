"""The quick glance: the shipped network's guess at a square puzzle with the cells it gets wrong
against a solution, None where no network ships, and a sentence true of the guess."""

from __future__ import annotations

import sys

import numpy as np

from nonostudio.baselines.glance import Glance, available, glance_text, quick_glance
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.puzzle import Puzzle

HEART = np.array(
    [
        [0, 1, 0, 1, 0],
        [1, 1, 1, 1, 1],
        [1, 1, 1, 1, 1],
        [0, 1, 1, 1, 0],
        [0, 0, 1, 0, 0],
    ]
)


def _grid(bits: np.ndarray) -> np.ndarray:
    return np.where(bits == 1, FILLED, CROSSED).astype(np.int8)


def test_the_wrong_cells_are_those_where_the_guess_and_the_solution_differ() -> None:
    puzzle = Puzzle.from_grid(_grid(HEART))
    glance = quick_glance(puzzle, _grid(HEART))
    assert glance is not None and glance.filled.shape == (5, 5)
    # against its own guess it has none wrong, against the complement of its guess every cell
    guessed = _grid(glance.filled.astype(int))
    assert quick_glance(puzzle, guessed).wrong_cells == 0
    assert quick_glance(puzzle, _grid(1 - glance.filled.astype(int))).wrong_cells == 25
    assert glance.wrong_cells == int((glance.filled != (HEART == 1)).sum())
    assert quick_glance(puzzle, None).wrong is None


def test_no_glance_where_no_network_ships() -> None:
    assert quick_glance(Puzzle.from_grid(_grid(np.eye(7, dtype=int))), None) is None
    wide = np.zeros((5, 10), dtype=int)
    wide[0, 0] = 1
    assert quick_glance(Puzzle.from_grid(_grid(wide)), None) is None


def test_the_sentence_says_what_the_guess_gets_wrong() -> None:
    filled = np.zeros((5, 5), dtype=bool)
    one = np.zeros((5, 5), dtype=bool)
    one[2, 3] = True
    assert "1 cell wrong against the solution; 2 lines break their clues" in glance_text(
        Glance(filled, one, 2)
    )
    assert "no cell wrong against the solution; it keeps every clue" in glance_text(
        Glance(filled, np.zeros_like(one), 0)
    )
    assert "7 cells wrong" in glance_text(
        Glance(filled, np.ones_like(one) & (np.arange(25).reshape(5, 5) < 7), 1)
    )
    assert "1 line breaks its clue" in glance_text(Glance(filled, None, 1))
    assert "wrong" not in glance_text(Glance(filled, None, 1))


def test_it_is_offered_only_with_the_extra(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "sklearn", None)  # find_spec then finds none
    assert available() is False
