"""Save writing other clues over a library puzzle: the game the library keeps for the clues it
held is not taken up on the new ones (the library matches a black-and-white game by its size),
and the status line says it went.  The colour case: test_colour_game_kept.py."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt

from nonostudio.core.library import Library
from nonostudio.core.line import FILLED, UNKNOWN


def test_saving_other_clues_drops_the_game_of_the_old_ones(
    qtbot, window, small_library: Library
) -> None:
    tee = next(e.id for e in small_library.entries() if e.title == "Tee")
    old_game = np.full((3, 5), UNKNOWN, dtype=np.int8)
    old_game[2, 2] = FILLED
    small_library.save_hand_progress(tee, old_game, 30.0)
    assert window.files.open_library_puzzle(tee)
    grid = window.editor.grid
    qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(2, 0).center())
    assert window.editor.puzzle().rows != small_library.get(tee).rows  # other clues, same size
    assert small_library.hand_progress(tee) is not None  # kept for the stored clues till Save
    assert window.files.save()
    assert "in progress, 0:30" in window.statusBar().currentMessage()
    assert small_library.hand_progress(tee) is None
    small_library.save_hand_progress(tee, old_game, 40.0)  # played on the new clues
    assert window.files.save()  # the same clues again: the game fits them and is kept
    assert small_library.hand_progress(tee) is not None
