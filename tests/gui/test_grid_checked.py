"""Both Solve grids split a Check's cells the same way (gui.grid.checked.CheckedCells): sure,
they are mistakes; judged against one picture of several, they are differing cells; () clears."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from nonostudio.gui.solve.colour.grid import ColourSolveGrid
from nonostudio.gui.solve.grid import SolveGridView


@pytest.mark.parametrize("make", [SolveGridView, ColourSolveGrid])
def test_check_cells_split_between_mistakes_and_differing(qtbot: QtBot, make: type) -> None:
    grid = make()
    qtbot.addWidget(grid)
    cells = {(0, 1), (2, 0)}
    grid.set_mistakes(cells)
    assert (grid.mistakes(), grid.differing()) == (frozenset(cells), frozenset())
    grid.set_mistakes(cells, sure=False)
    assert (grid.mistakes(), grid.differing()) == (frozenset(), frozenset(cells))
    grid.set_mistakes(())
    assert (grid.mistakes(), grid.differing()) == (frozenset(), frozenset())
