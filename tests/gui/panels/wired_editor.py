"""An editor wired to a Check panel as the main window wires them (``line_fix.connect_typo_fixes``,
used by ``start.py``), showing a puzzle's typed clues: for the tests of the panel's typo list."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.editor.view import CLUES, EditorView
from nonostudio.gui.panels.check import CheckPanel
from nonostudio.gui.window.line_fix import connect_typo_fixes


def wired_editor(qtbot: QtBot, panel: CheckPanel, puzzle: Puzzle) -> EditorView:
    """A shown editor whose typo fixes ``panel`` offers and makes, typing ``puzzle``'s clues."""
    editor = EditorView()
    qtbot.addWidget(editor)
    editor.show()
    connect_typo_fixes(panel, editor)
    editor.puzzleChanged.connect(panel.set_puzzle)
    editor.set_puzzle(puzzle)
    editor.set_mode(CLUES)
    return editor
