"""The designer's suggested edits wrap in a narrow dock: at 1280x720 the Designer Checks dock
cut each edit off ("1. Paint row 14, column 1 white (uniq") behind a sideways scroll bar."""

from __future__ import annotations

from designing import checked
from pictures import picture
from PySide6.QtWidgets import QApplication

from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.editor.designer_checks import DesignerPanel
from nonostudio.gui.editor.view import EditorView

DIAGONAL = picture("#.", ".#")  # the clues 1/1 x 1/1 also fit the other diagonal


def test_the_edits_wrap_within_a_narrow_panel(qtbot, show_designer) -> None:
    editor = EditorView()
    panel = DesignerPanel(editor)
    panel.set_rule_set("control")
    show_designer(editor, panel)
    panel.resize(200, 420)
    panel.show()
    qtbot.waitExposed(panel)
    editor.set_puzzle(Puzzle.from_grid(DIAGONAL))
    checked(qtbot, panel)
    QApplication.processEvents()
    listing = panel.edit_list
    assert listing.count() >= 1
    room = listing.viewport().width()
    for row in range(listing.count()):
        item = listing.item(row)
        words = listing.fontMetrics().horizontalAdvance(item.text())
        assert words > room  # the edit's words are longer than the list is wide ...
        rect = listing.visualItemRect(item)
        assert rect.right() <= room  # ... and are wrapped onto lines within it
        assert rect.height() > listing.fontMetrics().height() * 1.5
