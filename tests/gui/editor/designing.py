"""What the designer-check tests of both editors share besides their fixture (conftest's
``show_designer``): a click on Check design that waits for the findings."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from nonostudio.gui.editor.designer_checks import DesignerPanelBase


def checked(qtbot: QtBot, panel: DesignerPanelBase) -> None:
    """Click Check design and wait for the findings (the colour checks may take a while)."""
    with qtbot.waitSignal(panel.findingsReady, timeout=30000):
        qtbot.mouseClick(panel.check_button, Qt.MouseButton.LeftButton)
