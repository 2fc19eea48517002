"""The editor works a puzzle out once: a puzzle opened is taken as it is (its clue texts are not
read back, its picture's clues worked out once, it is not checked again), and a
switch to Draw works out the picture's clues once, not three times.  Opening a random 1000x1000
puzzle held the GUI thread 1.33-1.69 s, 0.58-0.96 s now; going to Draw 0.27-0.39 s, 0.21-0.29
s (docs/design/gui-windows.md)."""

from __future__ import annotations

import numpy as np
import pytest
from pictures import HOUSE

from nonostudio.core.line import FILLED, UNKNOWN
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.editor import view as editor_module
from nonostudio.gui.editor.view import EditorView


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many times the editor reads clue texts, works out a picture's clues and checks a
    puzzle (constructs one)."""
    calls = {"read": 0, "clues": 0, "checked": 0}

    def counting(name: str, function):  # type: ignore[no-untyped-def]
        def wrapped(*args, **kwargs):  # type: ignore[no-untyped-def]
            calls[name] += 1
            return function(*args, **kwargs)

        return wrapped

    monkeypatch.setattr(
        editor_module, "read_clue_text", counting("read", editor_module.read_clue_text)
    )
    monkeypatch.setattr(
        editor_module, "clues_of_grid", counting("clues", editor_module.clues_of_grid)
    )
    monkeypatch.setattr(Puzzle, "__post_init__", counting("checked", Puzzle.__post_init__))
    return calls


@pytest.mark.parametrize("goal", [True, False], ids=["picture", "clues only"])
def test_a_puzzle_opened_is_taken_as_it_is(
    editor: EditorView, counted: dict[str, int], goal: bool
) -> None:
    puzzle = HOUSE if goal else HOUSE.without_goal()
    counted.update(read=0, clues=0, checked=0)
    editor.set_puzzle(puzzle)
    assert editor.puzzle() is puzzle
    # (a picture's clues once, to see that they are the puzzle's)
    assert counted == {"read": 0, "clues": 1 if goal else 0, "checked": 0}
    assert editor.grid.clues() == (puzzle.rows, puzzle.cols)
    assert not editor.is_modified()


def test_a_picture_not_of_its_clues_shows_the_pictures_clues(editor: EditorView) -> None:
    """(As before: Draw shows the picture's clues; such a puzzle is not taken as it is.)"""
    wrong = Puzzle(HOUSE.cols, HOUSE.rows, goal=HOUSE.goal, title="house")  # (5x5: fits)
    editor.set_puzzle(wrong)
    shown = editor.puzzle()
    assert shown is not None and shown is not wrong
    assert (shown.rows, shown.cols) == (HOUSE.rows, HOUSE.cols) == editor.grid.clues()


def test_going_to_draw_works_the_clues_out_once(
    editor: EditorView, counted: dict[str, int]
) -> None:
    editor.set_puzzle(HOUSE.without_goal())  # (in Type clues)
    cells = np.where(HOUSE.goal == FILLED, FILLED, UNKNOWN).astype(np.int8)
    editor.grid.set_cells(cells)  # the player's scratch cells on the grid: the picture to be
    counted.update(read=0, clues=0, checked=0)
    editor.ui.draw_radio.click()
    assert counted["clues"] == 1 and counted["checked"] == 1
    drawn = editor.puzzle()
    assert drawn is not None and (drawn.rows, drawn.cols) == (HOUSE.rows, HOUSE.cols)
    assert drawn.goal is not None and (drawn.goal == HOUSE.goal).all()
    counted.update(clues=0)
    editor.ui.clues_radio.click()
    editor.ui.draw_radio.click()  # the same picture again: nothing to work out
    assert counted["clues"] == 0 and editor.puzzle() == drawn
