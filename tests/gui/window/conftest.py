"""The File commands the window tests drive, on an editor and a library of their own."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from nonostudio.core.library import Library
from nonostudio.gui.editor.view import EditorView
from nonostudio.gui.window.file_commands import FileCommands


class Folder:
    last_folder = ""  # (what FileCommands keeps on the library view)


@pytest.fixture
def files(qtbot: QtBot) -> Iterator[FileCommands]:
    """The File commands on an editor and an in-memory library (closed after the test)."""
    parent = QWidget()
    qtbot.addWidget(parent)
    library = Library(":memory:")
    yield FileCommands(parent, EditorView(parent), library, Folder())  # type: ignore[arg-type]
    library.close()
