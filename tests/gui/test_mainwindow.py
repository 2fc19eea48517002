"""The main window driven through its commands: files, strings, library, unsaved changes, settings."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QKeySequence, QUndoCommand
from PySide6.QtWidgets import QApplication, QMessageBox

from nonostudio.core.formats import read_file
from nonostudio.core.library import Library
from nonostudio.gui.library_model import TITLE
from nonostudio.gui.mainwindow import MainWindow
from nonostudio.gui.theme import apply_theme

DUCK = "3:2,1:3,2:2,2:6:1,5:6:1:2-1,2:3,1:1,5:7,1:5:3:4:3"  # FORMATS.md: 9 rows, 8 columns
BAR_NON = 'title "Bar"\nby "Cy"\nwidth 3\nheight 1\nrows\n3\ncolumns\n1\n1\n1\n'


class Dialogs:
    """Records message boxes and answers questions the way a test tells it to."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.warnings: list[str] = []
        self.questions: list[str] = []
        self.answer = QMessageBox.StandardButton.Cancel
        monkeypatch.setattr(QMessageBox, "warning",
                            lambda parent, title, text, *a: self.warnings.append(text))
        monkeypatch.setattr(QMessageBox, "question", self._question)

    def _question(self, parent, title, text, *args):
        self.questions.append(text)
        return self.answer


@pytest.fixture
def dialogs(monkeypatch: pytest.MonkeyPatch) -> Dialogs:
    return Dialogs(monkeypatch)


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(qtbot, small_library: Library, settings: QSettings, dialogs: Dialogs):
    win = MainWindow(small_library, settings)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.check_panel.cancel()
    apply_theme(QApplication.instance(), "system")


def menu_texts(win: MainWindow) -> dict[str, list[str]]:
    return {
        m.text(): [a.text() for a in m.menu().actions() if not a.isSeparator()]
        for m in win.menuBar().actions()
    }


def test_menus_hold_every_command_with_standard_shortcuts(window: MainWindow) -> None:
    menus = menu_texts(window)
    assert list(menus) == ["&File", "&Edit", "&View", "&Tools", "&Help"]
    assert menus["&Tools"] == ["&Grade Folder…"]
    assert menus["&File"] == ["&New", "&Open…", "&Save", "Save &As…", "&Paste Puzzle String…",
                              "&Import Image…", "&Export Picture…", "&Quit"]
    assert menus["&Edit"][0].startswith("&Undo") and menus["&Edit"][1].startswith("&Redo")
    assert "Zoom &In" in menus["&View"] and "&Colours" in menus["&View"]
    assert menus["&Help"] == ["&About Nonostudio", "About &Qt"]
    c = window.commands
    for action, key in ((c.new, QKeySequence.StandardKey.New), (c.open, QKeySequence.StandardKey.Open),
                        (c.save, QKeySequence.StandardKey.Save), (c.undo, QKeySequence.StandardKey.Undo)):
        assert action.shortcut() == QKeySequence(key)
    assert not c.quit.shortcut().isEmpty()


def test_open_file_shows_puzzle_and_names_window(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "bar.non"
    path.write_text(BAR_NON)
    assert window.open_file(path)
    puzzle = window.editor.puzzle()
    assert puzzle is not None and puzzle.rows == ((3,),) and puzzle.title == "Bar"
    assert window.windowTitle().startswith("bar.non")
    assert not window.isWindowModified()
    assert window.last_folder == str(tmp_path)


def test_bad_file_is_a_message_naming_the_line(window: MainWindow, dialogs: Dialogs,
                                               tmp_path: Path) -> None:
    before = window.editor.puzzle()
    path = tmp_path / "broken.non"
    path.write_text("width 2\nheight 1\nrows\nx\ncolumns\n1\n1\n")
    assert not window.open_file(path)
    assert len(dialogs.warnings) == 1
    assert "broken.non" in dialogs.warnings[0] and "line 4" in dialogs.warnings[0]
    assert window.editor.puzzle() == before


def test_pasted_string_opens_and_bad_string_is_reported(window: MainWindow, dialogs) -> None:
    assert window.load_text(DUCK)
    puzzle = window.editor.puzzle()
    assert (puzzle.height, puzzle.width) == (9, 8)
    assert puzzle.cols[-1] == (3,)
    assert window.isWindowModified()  # a pasted puzzle has not been saved anywhere
    dialogs.answer = QMessageBox.StandardButton.Discard
    assert not window.load_text("3:2-1,1:x")
    assert dialogs.warnings and "pasted text" in dialogs.warnings[0]
    assert window.editor.puzzle() == puzzle


def test_save_writes_a_file_that_reads_back(window: MainWindow, tmp_path: Path) -> None:
    window.load_text(DUCK)
    target = tmp_path / "duck.non"
    assert window.save_to(target)
    assert read_file(target).rows == window.editor.puzzle().rows
    assert window.path == target and not window.isWindowModified()
    assert window.windowTitle().startswith("duck.non")
    target.unlink()
    assert window.save()  # Save goes to the adopted file without asking
    assert target.exists()


def test_save_failure_is_reported(window: MainWindow, dialogs: Dialogs, tmp_path: Path) -> None:
    window.load_text(DUCK)
    assert not window.save_to(tmp_path / "no-such-folder" / "duck.non")
    assert dialogs.warnings and "duck.non" in dialogs.warnings[0]
    assert window.isWindowModified()


def test_unsaved_changes_prompt_before_new_and_close(window: MainWindow, dialogs: Dialogs) -> None:
    window.load_text(DUCK)
    dialogs.answer = QMessageBox.StandardButton.Cancel
    window.commands.new.trigger()
    assert window.editor.puzzle().width == 8 and len(dialogs.questions) == 1
    assert not window.close()
    assert window.isVisible() and len(dialogs.questions) == 2
    dialogs.answer = QMessageBox.StandardButton.Discard
    window.commands.new.trigger()
    assert window.editor.puzzle().rows == ((),) * 9  # an empty picture of the same size
    assert not window.isWindowModified()
    assert window.close()


def test_library_double_click_opens_and_save_updates_entry(qtbot, window: MainWindow,
                                                           small_library: Library) -> None:
    view = window.library_view
    row = next(r for r in range(view.proxy.rowCount())
               if view.proxy.index(r, TITLE).data() == "Tee")
    rect = view.table.visualRect(view.proxy.index(row, TITLE))
    qtbot.mouseClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.editor.puzzle().title == "Tee"
    tee_id = window.library_id
    assert tee_id is not None and window.path is None
    renamed = window.editor.puzzle().with_meta(title="Tee two")
    window.editor.set_puzzle(renamed)
    assert window.save()
    assert small_library.get(tee_id).title == "Tee two"
    assert "Tee two" in [view.proxy.index(r, TITLE).data() for r in range(view.proxy.rowCount())]


def test_add_current_puzzle_and_cache_verdict(qtbot, window: MainWindow,
                                              small_library: Library) -> None:
    window.load_text("1:3:1-1:3:1")  # a plus sign: unique and line-solvable
    with qtbot.waitSignal(window.check_panel.verdictReady, timeout=10000):
        window.library_view.add_action.trigger()
    assert len(small_library) == 4
    entry = small_library.entries()[-1]
    assert window.library_id == entry.id
    qtbot.waitUntil(lambda: small_library.entries()[-1].verdict != "", timeout=10000)
    assert small_library.entries()[-1].verdict == "unique, line-solvable"


def test_undo_redo_actions_follow_the_editor_stack(window: MainWindow) -> None:
    undone: list[str] = []

    class Mark(QUndoCommand):
        def undo(self) -> None:
            undone.append("undo")

    assert not window.commands.undo.isEnabled()
    window.editor.undo_stack().push(Mark("mark"))
    assert window.commands.undo.isEnabled()
    window.commands.undo.trigger()
    assert undone == ["undo"] and window.commands.redo.isEnabled()


def test_export_picture_writes_png(window: MainWindow, tmp_path: Path) -> None:
    window.load_text(DUCK)
    target = tmp_path / "duck.png"
    assert window.export_to(target, with_solution=False)
    assert target.read_bytes()[:4] == b"\x89PNG"


def test_zoom_theme_and_folder_survive_a_restart(qtbot, small_library, settings, tmp_path) -> None:
    first = MainWindow(small_library, settings)
    qtbot.addWidget(first)
    first.show()
    qtbot.waitExposed(first)
    first.editor.zoom_in()
    zoom = first.editor.zoom()
    first.commands.themes["dark"].trigger()
    first.last_folder = str(tmp_path)
    first.library_dock.hide()  # the offscreen screen is 800x600: make the window fit in it
    first.check_dock.hide()
    qtbot.wait(100)  # let the layout drop the docks' minimum widths
    first.resize(760, 560)
    qtbot.waitUntil(lambda: first.width() == 760)
    size = (first.width(), first.height())
    assert first.close()
    try:
        second = MainWindow(small_library, settings)
        qtbot.addWidget(second)
        second.show()
        qtbot.waitExposed(second)
        assert second.editor.zoom() == pytest.approx(zoom)
        assert second.theme() == "dark"
        assert QApplication.instance().palette().window().color().lightness() < 100
        assert second.last_folder == str(tmp_path)
        assert (second.width(), second.height()) == size
        assert second.library_dock.isHidden() and second.check_dock.isHidden()
    finally:
        apply_theme(QApplication.instance(), "system")
