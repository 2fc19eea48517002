"""Two studio windows on one library: a puzzle opened in one and changed in the other is not
saved over without a word.  The first Save says what happened and keeps the user's version in
the editor; saving again replaces the other version."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox

from nonostudio.core.library import Library
from nonostudio.gui.window.main_window import MainWindow


def test_saving_over_another_window_s_edit_is_said_and_done_only_when_saved_again(
    qtbot, window: MainWindow, small_library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    warnings: list[str] = []
    monkeypatch.setattr(
        QMessageBox, "warning", lambda parent, title, text, *a: warnings.append(text)
    )
    block = next(e for e in small_library.entries() if e.title == "Block")
    assert window.files.open_library_puzzle(block.id)
    with Library(small_library.path) as other_window:
        theirs = other_window.get_for_editing(block.id).with_meta(author="Cy")
        other_window.update(block.id, theirs)
    author = window.editor.ui.meta_edits["author"]
    author.clear()
    qtbot.keyClicks(author, "Bea")
    assert not window.files.save()
    assert len(warnings) == 1 and "changed by another nonostudio window" in warnings[0]
    assert small_library.get(block.id).author == "Cy"  # theirs is kept
    assert window.editor.is_modified() and author.text() == "Bea"  # and so is ours, unsaved
    assert window.files.save()  # saved again: ours replaces theirs
    assert small_library.get(block.id).author == "Bea" and len(warnings) == 1
