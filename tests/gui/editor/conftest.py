"""The editor tests' fixtures: an editor shown with its designer panel, whose checks are ended
after the test (:func:`show_designer`, for the designer checks of both editors)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar

import pytest
from PySide6.QtCore import QThreadPool
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from nonostudio.gui.editor.designer_checks import DesignerPanelBase
from nonostudio.gui.editor.view import EditorView

E = TypeVar("E", bound=QWidget)
P = TypeVar("P", bound=DesignerPanelBase)


@pytest.fixture
def show_designer(qtbot: QtBot) -> Iterator[Callable[[E, P], tuple[E, P]]]:
    """``show_designer(editor, panel)``: the editor shown at 700x500 beside its designer panel;
    after the test the panel's checks are cancelled and their background work waited for."""
    panels: list[DesignerPanelBase] = []

    def show(editor: E, panel: P) -> tuple[E, P]:
        qtbot.addWidget(editor)
        qtbot.addWidget(panel)
        editor.resize(700, 500)
        editor.show()
        qtbot.waitExposed(editor)
        panels.append(panel)
        return editor, panel

    yield show
    for panel in panels:
        panel.cancel()
    assert QThreadPool.globalInstance().waitForDone(10000)


@pytest.fixture
def editor(qtbot: QtBot) -> EditorView:
    """A black-and-white editor with a new 6x5 puzzle, shown at 900x600."""
    view = EditorView()
    qtbot.addWidget(view)
    view.new_puzzle(6, 5)
    view.resize(900, 600)
    view.show()
    qtbot.waitExposed(view)
    return view
