"""Deleting the puzzle on screen from the library: it stays open, unsaved and kept nowhere, so
Save asks for a file and the player's game is not written to the deleted entry (seen under Xvfb:
Save said "the library has no puzzle with id 20").  The question names an untitled puzzle in
words, not as “this puzzle” in quotes."""

from __future__ import annotations

import pytest
from library_views import game_begun
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot
from studio_window import OpenWindow

from nonostudio.core.library import Library
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.window.main_window import MainWindow


@pytest.fixture
def boxes(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[str]]:
    shown: dict[str, list[str]] = {"warnings": [], "questions": [], "save_dialogs": []}
    monkeypatch.setattr(
        QMessageBox, "warning", lambda parent, title, text, *a: shown["warnings"].append(text)
    )

    def question(parent, title, text, *args):
        shown["questions"].append(text)
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", question)

    def save_dialog(parent, caption, start, *args):
        shown["save_dialogs"].append(start)
        return "", ""  # cancelled

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_dialog)
    return shown


@pytest.fixture
def window(boxes: dict[str, list[str]], open_window: OpenWindow) -> MainWindow:
    return open_window()


def test_the_puzzle_on_screen_deleted_stays_open_and_saves_elsewhere(
    qtbot: QtBot, window: MainWindow, small_library: Library, boxes: dict[str, list[str]]
) -> None:
    tee, solve = game_begun(qtbot, window, small_library)
    view = window.library_view
    view.select_id(tee)
    view.delete_selected()
    assert len(boxes["questions"]) == 1 and boxes["questions"][0].startswith("Delete “Tee”")
    assert tee not in {e.id for e in small_library.entries()}
    # still open, with the player's game, but kept nowhere: unsaved
    assert window.editor.puzzle() is not None and window.editor.puzzle().title == "Tee"
    assert window.document.is_new() and window.files.is_modified()
    assert not solve.save_progress()
    assert "not kept" not in solve.ui.message_label.text()
    assert not window.files.save()  # Save asks where (the dialog was cancelled)
    assert len(boxes["save_dialogs"]) == 1 and boxes["warnings"] == []


def test_an_untitled_puzzle_is_named_in_words_when_deleted(
    qtbot: QtBot, window: MainWindow, small_library: Library, boxes: dict[str, list[str]]
) -> None:
    untitled = small_library.add(Puzzle(((1,),), ((1,),)))
    view = window.library_view
    view.refresh()
    view.select_id(untitled)
    view.delete_selected()
    assert boxes["questions"] == [
        "Delete this untitled puzzle (1x1) from the library?\nThis cannot be undone."
    ]
    assert untitled not in {e.id for e in small_library.entries()}
