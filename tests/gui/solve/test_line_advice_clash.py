"""Next line? when no line decides a cell because the player's own cells break a clue, on a
puzzle of several pictures: it said "the puzzle needs more than line logic now", blaming the
puzzle (the player's wrong cells are not judged there, a cell may be right in another picture).
Now the line whose cells match no placement of its clue is named, true of any picture."""

from __future__ import annotations

from itertools import product

import numpy as np
import pytest

from nonostudio.analysis.line_selection.strategies import clashing_line
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.solve.hints import line_advice

# Four rows and columns of clue 1: the 24 permutation pictures.
SEVERAL = Puzzle(rows=((1,),) * 4, cols=((1,),) * 4)


def _placements_match(clue: tuple[int, ...], cells: list[int]) -> bool:
    """Brute force: some filling of the line has blocks ``clue`` and agrees with ``cells``."""
    for fill in product((0, 1), repeat=len(cells)):
        blocks = [len(b) for b in "".join(map(str, fill)).split("0") if b]
        agrees = all(c == UNKNOWN or c == v for c, v in zip(cells, fill, strict=True))
        if tuple(blocks) == clue and agrees:
            return True
    return False


@pytest.mark.parametrize("crossed", [True, False])
def test_a_line_the_player_broke_is_named_not_the_puzzle(crossed: bool) -> None:
    grid = np.full((4, 4), UNKNOWN, dtype=np.int8)
    grid[0, 0] = grid[0, 1] = FILLED  # row 1 (clue 1) has two filled cells
    if crossed:  # no line decides a cell: it said "the puzzle needs more than line logic"
        grid[1:, 0] = grid[1:, 1] = CROSSED
    # (not crossed: "Look at column 1 next", line logic building on the broken row; seen
    # under Xvfb at 1024x600)
    ref, text = line_advice(SEVERAL, grid, solved=False)
    assert ref is None
    assert "row 1's cells as they are cannot match its clue 1" in text
    assert "needs more than line logic" not in text and "Look at" not in text
    assert not _placements_match((1,), [int(c) for c in grid[0]])


def test_the_clashing_line_agrees_with_brute_force() -> None:
    rng = np.random.default_rng(7)
    for _ in range(200):
        grid = rng.choice([UNKNOWN, CROSSED, FILLED], size=(4, 4)).astype(np.int8)
        clash = clashing_line(SEVERAL, grid)
        broken = [
            (axis, i)
            for axis, lines in (("row", grid), ("column", grid.T))
            for i in range(4)
            if not _placements_match((1,), [int(c) for c in lines[i]])
        ]
        assert clash == (broken[0] if broken else None)
