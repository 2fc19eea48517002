"""Fixtures of the panel tests: a shown Check panel, cancelled and its workers waited for after
the test (a test file may define its own ``panel``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QThreadPool
from pytestqt.qtbot import QtBot

from nonostudio.gui.panels.check import CheckPanel


@pytest.fixture
def panel(qtbot: QtBot) -> Iterator[CheckPanel]:
    widget = CheckPanel(delay_ms=20)
    qtbot.addWidget(widget)
    widget.show()
    yield widget
    widget.cancel()
    assert QThreadPool.globalInstance().waitForDone(10000)
