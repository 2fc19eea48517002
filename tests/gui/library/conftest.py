"""Fixtures shared by the library's tests: the Grade a Folder dialog, its jobs drained after."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QThreadPool

from nonostudio.gui.library.batch_grade import BatchGradeDialog


@pytest.fixture
def dialog(qtbot) -> BatchGradeDialog:
    widget = BatchGradeDialog()
    qtbot.addWidget(widget)
    yield widget
    widget.cancel()
    assert QThreadPool.globalInstance().waitForDone(10000)
