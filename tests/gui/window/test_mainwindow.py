"""The main window driven through its commands: files, strings, library, unsaved changes,
settings."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QKeySequence, QTextCursor, QUndoCommand
from PySide6.QtWidgets import QApplication, QMessageBox, QStatusBar

from nonostudio.analysis.typos.edits import CHANGE, Edit, EditPair
from nonostudio.core.formats import read_file
from nonostudio.core.library import Library, LibraryError
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.theme import apply_theme
from nonostudio.gui.editor.view import CLUES
from nonostudio.gui.library.model import TITLE
from nonostudio.gui.window.main_window import MainWindow

DUCK = "3:2,1:3,2:2,2:6:1,5:6:1:2-1,2:3,1:1,5:7,1:5:3:4:3"  # a puzzle string: 9 rows, 8 columns
BAR_NON = 'title "Bar"\nby "Cy"\nwidth 3\nheight 1\nrows\n3\ncolumns\n1\n1\n1\n'


class Dialogs:
    """Records message boxes and answers questions the way a test tells it to."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.warnings: list[str] = []
        self.questions: list[str] = []
        self.answer = QMessageBox.StandardButton.Cancel
        monkeypatch.setattr(
            QMessageBox, "warning", lambda parent, title, text, *a: self.warnings.append(text)
        )
        monkeypatch.setattr(QMessageBox, "question", self._question)

    def _question(self, parent, title, text, *args):
        self.questions.append(text)
        return self.answer


@pytest.fixture
def dialogs(monkeypatch: pytest.MonkeyPatch) -> Dialogs:
    return Dialogs(monkeypatch)


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
    assert menus["&Tools"] == [
        "&Grade Folder…",
        "&Practice by Technique",
        "&Suggest My Next Puzzle",
    ]
    assert menus["&File"] == [
        "&New",
        "New &Colour Puzzle",
        "&Open…",
        "&Save",
        "Save &As…",
        "&Paste Puzzle String…",
        "&Import Image…",
        "&Export Picture…",
        "&Quit",
    ]
    assert menus["&Edit"][0].startswith("&Undo") and menus["&Edit"][1].startswith("&Redo")
    assert "Zoom &In" in menus["&View"] and "&Colours" in menus["&View"]
    assert menus["&Help"] == [
        "Nonostudio &Guide",
        "&Keyboard Shortcuts",
        "&Technique Guide",
        "Open &Log Folder",
        "&About Nonostudio",
        "About &Qt",
    ]
    assert menus["&View"][:4] == ["Zoom &In", "Zoom &Out", "&Fit to Window", "&Actual Size"]
    c = window.commands
    for action, key in (
        (c.new, QKeySequence.StandardKey.New),
        (c.open, QKeySequence.StandardKey.Open),
        (c.save, QKeySequence.StandardKey.Save),
        (c.undo, QKeySequence.StandardKey.Undo),
    ):
        assert action.shortcut() == QKeySequence(key)
    assert not c.quit.shortcut().isEmpty()


def test_open_file_shows_puzzle_and_names_window(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "bar.non"
    path.write_text(BAR_NON)
    assert window.files.open_file(path)
    puzzle = window.editor.puzzle()
    assert puzzle is not None and puzzle.rows == ((3,),) and puzzle.title == "Bar"
    assert window.windowTitle().startswith("bar.non")
    assert not window.isWindowModified()
    assert window.last_folder == str(tmp_path)


def test_bad_file_is_a_message_naming_the_line(
    window: MainWindow, dialogs: Dialogs, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A text file that does not read is shown to mend, the line named (cancelled here: see
    test_open_typo_syntax); one with a NUL byte, no text, is an error box naming the line."""
    from nonostudio.gui.window.open_typo import OpenTypoDialog

    said: list[str] = []

    def cancel(dialog: OpenTypoDialog) -> int:
        said.append(dialog.message.text())
        return 0

    monkeypatch.setattr(OpenTypoDialog, "exec", cancel)
    before = window.editor.puzzle()
    path = tmp_path / "broken.non"
    path.write_text("width 2\nheight 1\nrows\nx\ncolumns\n1\n1\n")
    assert not window.files.open_file(path)
    assert not dialogs.warnings and len(said) == 1 and "line 4" in said[0]
    path.write_text("width 2\nheight 1\nrows\nx\ncolumns\n1\n1\n\0")
    assert not window.files.open_file(path)
    assert len(dialogs.warnings) == 1 and len(said) == 1
    assert "broken.non" in dialogs.warnings[0] and "line 4" in dialogs.warnings[0]
    assert window.editor.puzzle() == before


@pytest.mark.slow
def test_pasted_string_opens_and_bad_string_is_reported(window: MainWindow, dialogs) -> None:
    assert window.files.load_text(DUCK)
    puzzle = window.editor.puzzle()
    assert (puzzle.height, puzzle.width) == (9, 8)
    assert puzzle.cols[-1] == (3,)
    assert window.isWindowModified()  # a pasted puzzle has not been saved anywhere
    dialogs.answer = QMessageBox.StandardButton.Discard
    assert not window.files.load_text("3:2-1,1:x")
    assert dialogs.warnings and "pasted text" in dialogs.warnings[0]
    assert window.editor.puzzle() == puzzle


def test_save_writes_a_file_that_reads_back(window: MainWindow, tmp_path: Path) -> None:
    window.files.load_text(DUCK)
    target = tmp_path / "duck.non"
    assert window.files.save_to(target)
    assert read_file(target).rows == window.editor.puzzle().rows
    assert window.document.path == target and not window.isWindowModified()
    assert window.windowTitle().startswith("duck.non")
    target.unlink()
    assert window.files.save()  # Save goes to the adopted file without asking
    assert target.exists()


def test_save_failure_is_reported(window: MainWindow, dialogs: Dialogs, tmp_path: Path) -> None:
    window.files.load_text(DUCK)
    assert not window.files.save_to(tmp_path / "no-such-folder" / "duck.non")
    assert dialogs.warnings and "duck.non" in dialogs.warnings[0]
    assert window.isWindowModified()


def test_unsaved_changes_prompt_before_new_and_close(window: MainWindow, dialogs: Dialogs) -> None:
    window.files.load_text(DUCK)
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


def test_library_double_click_opens_and_save_updates_entry(
    qtbot, window: MainWindow, small_library: Library
) -> None:
    view = window.library_view
    row = next(
        r for r in range(view.proxy.rowCount()) if view.proxy.index(r, TITLE).data() == "Tee"
    )
    rect = view.table.visualRect(view.proxy.index(row, TITLE))
    qtbot.mouseClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.editor.puzzle().title == "Tee"
    tee_id = window.document.library_id
    assert tee_id is not None and window.document.path is None
    renamed = window.editor.puzzle().with_meta(title="Tee two")
    window.editor.set_puzzle(renamed)
    assert window.files.save()
    assert small_library.get(tee_id).title == "Tee two"
    assert "Tee two" in [view.proxy.index(r, TITLE).data() for r in range(view.proxy.rowCount())]


@pytest.mark.slow
def test_add_current_puzzle_and_cache_verdict(
    qtbot, window: MainWindow, small_library: Library
) -> None:
    window.files.load_text("1:3:1-1:3:1")  # a plus sign: unique and line-solvable
    with qtbot.waitSignal(window.check_panel.verdictReady, timeout=10000):
        window.library_view.add_action.trigger()
    assert len(small_library) == 4
    entry = small_library.entries()[-1]
    assert window.document.library_id == entry.id
    qtbot.waitUntil(lambda: small_library.entries()[-1].verdict != "", timeout=10000)
    assert small_library.entries()[-1].verdict == "unique, line-solvable"


def test_export_picture_writes_png(window: MainWindow, tmp_path: Path) -> None:
    window.files.load_text(DUCK)
    target = tmp_path / "duck.png"
    assert window.files.export_to(target, with_solution=False)
    assert target.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.slow
def test_zoom_theme_and_folder_survive_a_restart(qtbot, small_library, settings, tmp_path) -> None:
    first = MainWindow(small_library, settings)
    qtbot.addWidget(first)
    first.show()
    qtbot.waitExposed(first)
    first.editor.zoom_in()
    zoom = first.editor.zoom()
    first.commands.themes["dark"].trigger()
    first.last_folder = str(tmp_path)
    # the offscreen screen is 800x600: make the window fit in it (docks keep their panels'
    # minimum widths, so that their text wraps instead of being cut off)
    for dock in (first.library_dock, first.check_dock, first.difficulty_dock, first.designer_dock):
        dock.hide()
    qtbot.waitUntil(lambda: first.minimumWidth() <= 760)  # the layout drops the docks' widths
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
        assert second.designer_dock.isHidden()
    finally:
        apply_theme(QApplication.instance(), "system")


# --- a library that cannot be written, damaged records ----------------------------------------


def open_titled(win: MainWindow, title: str) -> int:
    id = next(e.id for e in win.library.entries() if e.title == title)
    assert win.files.open_library_puzzle(id)
    return id


def test_read_only_library_has_a_banner_and_failed_saves_keep_the_work(
    qtbot,
    small_library: Library,
    settings: QSettings,
    dialogs: Dialogs,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NONOSTUDIO_DATA_DIR", str(tmp_path / "data"))
    read_only = Library(small_library.path, read_only=True)
    win = MainWindow(read_only, settings)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    try:
        assert win.banner.isVisible()
        assert win.banner.y() < win.tabs.y()  # a bar above the views
        text = win.banner.text()
        assert text.startswith("The library is read-only (")
        assert "changes are not saved to it" in text and str(tmp_path / "data" / "autosave") in text

        tee = open_titled(win, "Tee")
        win.editor.ui.meta_edits["title"].setText("Tee changed")
        win.editor.ui.meta_edits["title"].textEdited.emit("Tee changed")
        assert not win.files.save()
        assert len(dialogs.warnings) == 1
        assert "read-only" in dialogs.warnings[0] and "Save As" in dialogs.warnings[0]
        assert win.editor.puzzle().title == "Tee changed" and win.isWindowModified()
        assert win.document.library_id == tee
        assert win.library_commands.add_to_library() is None
        assert len(dialogs.warnings) == 2 and win.editor.puzzle().title == "Tee changed"
        assert small_library.get(tee).title == "Tee"  # the file is untouched
        assert win.autosaver.save_now() is not None  # and the work is on disk
    finally:
        win.check_panel.cancel()
        win.difficulty_panel.cancel()
        win.autosaver.close()
        read_only.close()


def test_a_writable_library_has_no_banner(window: MainWindow) -> None:
    assert window.banner.isHidden() and window.banner.text() == ""


def test_background_caching_failures_are_one_status_message_not_dialogs(
    qtbot,
    window: MainWindow,
    small_library: Library,
    dialogs: Dialogs,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    attempts: list[int] = []

    def full_disk(id: int, _value: str) -> None:
        attempts.append(id)
        raise LibraryError("The library cannot store this change: the disk is full.")

    monkeypatch.setattr(small_library, "set_verdict", full_disk)
    monkeypatch.setattr(small_library, "set_difficulty", full_disk)
    shown: list[str] = []
    show = QStatusBar.showMessage
    monkeypatch.setattr(
        QStatusBar, "showMessage", lambda bar, text, *a: (shown.append(text), show(bar, text, *a))
    )
    for title in ("Tee", "Block"):
        with qtbot.waitSignal(window.check_panel.verdictReady, timeout=10000):
            open_titled(window, title)  # each verdict is cached at once, and fails
    assert len(attempts) >= 2 and dialogs.warnings == []
    assert len(shown) == 1 and "disk is full" in shown[0]
    assert not window.isWindowModified()


def test_a_full_disk_is_in_the_banner_until_a_save_goes_through(
    window: MainWindow, small_library: Library, dialogs: Dialogs, monkeypatch: pytest.MonkeyPatch
) -> None:
    tee = open_titled(window, "Tee")
    window.editor.ui.meta_edits["author"].setText("Ann B")
    window.editor.ui.meta_edits["author"].textEdited.emit("Ann B")
    update = small_library.update
    full = "The disk holding the puzzle library is full: changes cannot be saved."

    def full_disk(id: int, puzzle: Puzzle) -> None:
        small_library.warning = full
        raise LibraryError(f"Cannot store puzzle {id}: database or disk is full.")

    monkeypatch.setattr(small_library, "update", full_disk)
    assert not window.files.save()
    assert len(dialogs.warnings) == 1 and "disk is full" in dialogs.warnings[0]
    assert window.banner.isVisible() and window.banner.text() == full
    assert window.isWindowModified() and window.editor.puzzle().author == "Ann B"

    def freed(id: int, puzzle: Puzzle) -> None:
        small_library.warning = ""
        update(id, puzzle)

    monkeypatch.setattr(small_library, "update", freed)
    assert window.files.save()
    assert window.banner.isHidden() and small_library.get(tee).author == "Ann B"


@pytest.mark.slow
def test_damaged_records_are_named_in_the_banner(
    qtbot, settings: QSettings, dialogs: Dialogs, tmp_path: Path
) -> None:
    db = tmp_path / "damaged.sqlite3"
    with Library(db) as lib:
        for title, author in (("Fine", "Ann"), ("Victim", "Quillfeather")):
            lib.add(Puzzle.from_grid(np.ones((2, 2), dtype=np.int8), title=title, author=author))
    data = bytearray(db.read_bytes())
    data[data.index(b"Quillfeather")] = 0xFF  # one bad byte in the author column
    db.write_bytes(bytes(data))
    with Library(db) as lib:
        win = MainWindow(lib, settings)
        qtbot.addWidget(win)
        win.show()
        qtbot.waitExposed(win)
        try:
            assert win.library_view.proxy.rowCount() == 1
            assert win.banner.isVisible()
            text = win.banner.text()
            assert text.startswith("1 damaged library record could not be read")
            assert "“Victim”" in text and "UTF-8" in text and ".." not in text
            assert "read-only" not in text
        finally:
            win.check_panel.cancel()
            win.difficulty_panel.cancel()
            win.autosaver.close()


def test_import_image_shows_the_puzzle_in_the_editor(window: MainWindow, monkeypatch) -> None:
    from nonostudio.gui.dialogs import image_import

    picture = Puzzle.from_grid(np.eye(4, dtype=np.int8), title="imported")
    monkeypatch.setattr(image_import.ImageImportDialog, "exec", lambda self: 1)
    monkeypatch.setattr(image_import.ImageImportDialog, "puzzle", lambda self: picture)
    window.tabs.setCurrentWidget(window.solve_view)
    window.files.import_image()
    assert window.tabs.currentWidget() is window.editor
    assert window.editor.puzzle() == picture and window.isWindowModified()
    window.editor.set_modified(False)


def test_a_deferred_window_shows_first_and_builds_its_panels_after(
    qtbot, small_library: Library, settings: QSettings
) -> None:
    win = MainWindow(small_library, settings, defer_panels=True)
    qtbot.addWidget(win)
    assert not win.is_ready()
    assert win.library_view.model.rowCount() == 0  # the listing waits for the first paint
    assert [win.tabs.tabText(i) for i in range(win.tabs.count())] == [
        "&Editor",
        "&Solve",
        "&Rules",
        "&Jobs",
        "&Practice",
    ]
    assert win.tabs.widget(1).text() == "Loading…"
    win.show()
    qtbot.waitExposed(win)
    with qtbot.waitSignal(win.ready, timeout=30000):
        win.finish_start()
    assert win.is_ready()
    assert win.tabs.widget(1) is win.solve_view and win.tabs.widget(2) is win.rule_browser
    assert win.check_dock.widget() is win.check_panel
    assert win.library_view.model.rowCount() == 3
    win.files.load_text("1:3:1-1:3:1")  # the panels follow the editor from now on
    qtbot.waitUntil(lambda: win.check_panel.result() is not None, timeout=15000)
    win.editor.set_modified(False)
    win.cancel_background()


def test_undo_redo_actions_follow_the_editor_stack_typed_clues_and_a_typo_fix(
    qtbot, window: MainWindow
) -> None:
    """The Edit menu's Undo and Redo act on the editor's stack, which holds typed clues and a
    typo fix too, whatever widget has focus.  Seen in the studio: Edit > Undo stayed disabled
    after typing clues or applying a typo fix (only Ctrl+Z inside the clue box undid them)."""
    undone: list[str] = []

    class Mark(QUndoCommand):
        def undo(self) -> None:
            undone.append("undo")

    diamond = (1,), (3,), (5,), (3,), (1,)
    editor, undo, redo = window.editor, window.commands.undo, window.commands.redo
    assert not undo.isEnabled()
    editor.undo_stack().push(Mark("mark"))
    assert undo.isEnabled()
    undo.trigger()
    assert undone == ["undo"] and redo.isEnabled()
    qtbot.waitUntil(window.is_ready, timeout=10000)  # the Check panel is wired to the editor
    editor.set_puzzle(Puzzle(diamond, diamond))
    editor.set_mode(CLUES)
    rows_edit, cols_edit = editor.ui.rows_edit, editor.ui.cols_edit
    assert not undo.isEnabled() and not redo.isEnabled()
    rows_edit.setFocus()
    rows_edit.moveCursor(QTextCursor.MoveOperation.End)
    qtbot.keyClick(rows_edit, Qt.Key.Key_Backspace)
    qtbot.keyClicks(rows_edit, "2")  # row 5: 1 -> 2
    qtbot.keyClick(cols_edit, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(cols_edit, Qt.Key.Key_Backspace)
    qtbot.keyClicks(cols_edit, "2")  # column 5: 1 -> 2
    typed = "1\n3\n5\n3\n2"
    assert (rows_edit.toPlainText(), cols_edit.toPlainText()) == (typed, typed)
    assert undo.isEnabled() and not redo.isEnabled()
    fix = EditPair(
        Edit("row", 4, CHANGE, ((2,),), ((1,),), delta=-1),
        Edit("column", 4, CHANGE, ((2,),), ((1,),), delta=-1),
    )
    window.check_panel.typoApplyRequested.emit(fix)  # what its Apply button sends
    assert editor.puzzle() == Puzzle(diamond, diamond)
    assert undo.isEnabled() and not redo.isEnabled()
    assert undo.toolTip() == "Undo typo fix"
    window.tabs.setFocus()  # the menu's Undo acts whatever widget has focus
    undo.trigger()  # the fix of both lines is one step
    assert (rows_edit.toPlainText(), cols_edit.toPlainText()) == (typed, typed)
    assert editor.puzzle() != Puzzle(diamond, diamond) and redo.isEnabled()
    undo.trigger()
    undo.trigger()  # the column's typing (its Backspace and its 2)
    assert cols_edit.toPlainText() == "1\n3\n5\n3\n1" and rows_edit.toPlainText() == typed
    for _ in range(2):  # Ctrl+Z in the clue box takes the same steps
        qtbot.keyClick(rows_edit, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert editor.puzzle() == Puzzle(diamond, diamond) and not editor.is_modified()
    assert not undo.isEnabled() and redo.isEnabled()
    for _ in range(5):
        redo.trigger()
    assert editor.puzzle() == Puzzle(diamond, diamond) and editor.is_modified() is False
    assert rows_edit.toPlainText() == cols_edit.toPlainText() == "1\n3\n5\n3\n1"
    assert undo.isEnabled() and not redo.isEnabled()
    editor.set_puzzle(Puzzle(diamond, diamond))  # a puzzle opened: nothing to undo
    assert not undo.isEnabled() and not redo.isEnabled()
    assert not rows_edit.document().isUndoAvailable()


def test_save_as_starts_in_the_documents_folder_not_where_the_studio_started(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Before any file was opened or saved, Save As starts in the user's documents folder (or
    home), never in the folder the studio was started from (a reviewer's Save As opened in the
    source repository)."""
    from PySide6.QtWidgets import QFileDialog

    from nonostudio.gui.window.main_window import first_folder

    monkeypatch.chdir(tmp_path)  # where "the studio was started from", for this test
    starts: list[str] = []
    monkeypatch.setattr(
        QFileDialog,
        "getSaveFileName",
        lambda parent, caption, start, *a: (starts.append(start), ("", ""))[1],
    )
    window.editor.new_puzzle(3, 2)
    window.files.save_as()
    assert len(starts) == 1
    start = Path(starts[0])
    assert start.is_absolute() and start.parent == Path(first_folder()) != tmp_path
    assert start.parent.is_dir()
