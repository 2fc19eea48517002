"""The colour Solve view the colour solve tests drive."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from colour_pictures import PUZZLE
from PySide6.QtCore import QThreadPool

from nonostudio.gui.solve.colour.view import ColourSolveView


@pytest.fixture
def view(qtbot) -> Iterator[ColourSolveView]:
    """A colour Solve view (1 ms a step) at 1100x700, shown, on ``colour_pictures.PUZZLE`` with
    its trace ready; cancelled after the test, which waits for its background work to end."""
    v = ColourSolveView(delay_ms=1)
    qtbot.addWidget(v)
    v.resize(1100, 700)
    v.show()
    qtbot.waitExposed(v)
    with qtbot.waitSignal(v.traceReady, timeout=20000):
        v.set_puzzle(PUZZLE)
    yield v
    v.cancel()
    assert QThreadPool.globalInstance().waitForDone(10000)
