"""Solve by hand with many colours: every colour button and every by-hand control (Pencil,
Check, Timer) is in sight inside the view, none behind a toolbar's overflow chevron, and the grid
does not move.  With 12 colours at 1024x600 the by-hand bar (colours, Pencil, Check, Timer) was
813 px wide in a 587 px tab: Pencil, Check and the Timer were hidden behind the chevron."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, QThreadPool
from PySide6.QtWidgets import QToolButton, QWidget

from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, clues_of_colour_grid
from nonostudio.gui.solve.colour.view import ColourSolveView

sys.path.insert(0, str(Path(__file__).parent))
from grid_place import grid_place, settle  # noqa: E402


def _puzzle(colours: int) -> ColourPuzzle:
    """A picture two cells wide whose row r is colour r+1 then the background (each colour
    used; a quick trace)."""
    palette = Palette(
        (
            WHITE,
            *(
                Colour(f"c{i}", f"#{(i * 37) % 256:02x}{(i * 91) % 256:02x}80", chr(96 + i))
                for i in range(1, colours + 1)
            ),
        )
    )
    picture = tuple((r + 1, 0) for r in range(colours))
    rows, cols = clues_of_colour_grid(picture)
    return ColourPuzzle(palette, rows, cols)


def _in_sight(widget: QWidget, view: QWidget) -> bool:
    top_left = widget.mapTo(view, QPoint(0, 0))
    return widget.isVisible() and view.rect().contains(QRect(top_left, widget.size()))


@pytest.mark.parametrize(
    ("colours", "width"), [(12, 560), (12, 1100), (31, 560), (5, 400)]
)  # (1024x600's Solve tab, 1280x720's, the palette's most colours, a narrow view)
def test_every_colour_and_control_in_sight(qtbot, colours: int, width: int) -> None:
    view = ColourSolveView(delay_ms=1)
    qtbot.addWidget(view)
    view.resize(width, 600)
    view.show()
    qtbot.waitExposed(view)
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        view.set_puzzle(_puzzle(colours))
    settle(qtbot)
    before = grid_place(view)
    view.set_hand_mode(True)
    settle(qtbot)
    buttons = [b for b in view.ui.picker.findChildren(QToolButton) if not b.isHidden()]
    assert len(buttons) == colours + 1  # every colour and the background
    for button in buttons:
        assert _in_sight(button, view), button.accessibleName()
    bar = view.ui.hand_bar
    for action in bar.actions():
        widget = bar.widgetForAction(action)
        if action.isVisible() and widget is not None and not action.isSeparator():
            assert _in_sight(widget, view), action.text()
    assert grid_place(view) == before
    view.set_hand_mode(False)
    settle(qtbot)
    assert grid_place(view) == before
    view.cancel()
    assert QThreadPool.globalInstance().waitForDone(10000)
