"""Import Files never holds the window: the files are read on a worker thread and added to the
library a few at a time between the window's events, with progress under the table and a Cancel
that keeps what was added (200 colour files took 6.5 s on the GUI thread before; seen under
Xvfb as a window that stopped repainting)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from heartbeat import Heartbeat
from library_views import make_view, visible_titles
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog, QMessageBox, QProgressBar
from pytestqt.qtbot import QtBot

from nonostudio.core.library import Library
from nonostudio.gui.library import importing
from nonostudio.gui.window.main_window import MainWindow

ADD_S = 0.02  # what one library add costs on a disk that syncs each write (measured: ~20 ms)


def write_files(folder: Path, n: int) -> list[Path]:
    """``n`` different puzzles (bar ``k`` is k + 1 cells long; the same clues twice would be
    one puzzle, added once)."""
    files = []
    for k in range(n):
        path = folder / f"bar{k:02d}.non"
        cols = "1\n" * (k + 1) + "0\n" * (n - k - 1)
        path.write_text(f'title "Bar {k:02d}"\nwidth {n}\nheight 1\nrows\n{k + 1}\ncolumns\n{cols}')
        files.append(path)
    return files


@pytest.fixture
def slow_adds(monkeypatch: pytest.MonkeyPatch, small_library: Library) -> None:
    """One puzzle a write, each write ADD_S: the import takes many slices."""
    real = small_library.add_many

    def add_many(puzzles):
        time.sleep(ADD_S * len(puzzles))
        return real(puzzles)

    monkeypatch.setattr(small_library, "add_many", add_many)
    monkeypatch.setattr(importing, "ADD_BATCH", 1)


def chosen(monkeypatch: pytest.MonkeyPatch, paths: list[Path]) -> None:
    monkeypatch.setattr(
        QFileDialog, "getOpenFileNames", lambda *a, **k: ([str(p) for p in paths], "")
    )


def test_many_files_are_imported_without_holding_the_window(
    qtbot: QtBot,
    tmp_path: Path,
    small_library: Library,
    slow_adds: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    files = write_files(tmp_path, 30)  # 30 adds: 0.6 s of writing in all
    (tmp_path / "notes.non").write_text("width 2\n")
    chosen(monkeypatch, [*files, tmp_path / "notes.non"])
    boxes: list[str] = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: boxes.append(box.informativeText()))
    view = make_view(qtbot, small_library)
    heart = Heartbeat()
    view.import_action.trigger()
    busy = view.findChild(QProgressBar, "importProgress")
    shown = busy is not None and busy.isVisible()  # how far, under the table
    one_at_a_time = not view.import_action.isEnabled()
    qtbot.waitUntil(lambda: len(small_library) == 3 + 30, timeout=20000)
    qtbot.waitUntil(lambda: busy is None or not busy.isVisible(), timeout=5000)
    qtbot.wait(50)  # (a beat after the last add)
    heart.timer.stop()
    # The goal is 0.2 s on a quiet machine (about 0.1 s measured: one slice of adds); at once,
    # the 30 adds alone hold it 0.6 s.  The margin is for a loaded test machine.
    assert heart.longest < 0.4, f"the GUI thread was held {heart.longest:.2f} s"
    assert shown and one_at_a_time
    assert len(small_library) == 3 + 30
    assert sum(t.startswith("Bar ") for t in visible_titles(view)) == 30
    assert view.selected_ids() == [max(e.id for e in small_library.entries())]
    assert len(boxes) == 1 and "notes.non" in boxes[0]  # the one file that is not a puzzle
    assert view.import_action.isEnabled()


def test_cancel_keeps_the_puzzles_added_so_far(
    qtbot: QtBot,
    tmp_path: Path,
    small_library: Library,
    slow_adds: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    files = write_files(tmp_path, 40)
    chosen(monkeypatch, files)
    view = make_view(qtbot, small_library)
    view.import_action.trigger()
    qtbot.waitUntil(lambda: "Adding to the library" in view.import_label.text(), timeout=20000)
    with qtbot.waitSignal(view.importer.finished, timeout=5000) as blocker:
        view.import_cancel.click()
    imported = blocker.args[0]
    assert imported.cancelled and 0 < imported.added < 40
    assert len(small_library) == 3 + imported.added
    assert view.status_label.text() == f"Import stopped: {imported.added} of 40 files were added."
    assert not view.import_cancel.isVisible() and view.import_action.isEnabled()


def test_closing_the_window_stops_an_import(
    qtbot: QtBot,
    tmp_path: Path,
    small_library: Library,
    slow_adds: None,
    settings: QSettings,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    discard = QMessageBox.StandardButton.Discard
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: discard)
    chosen(monkeypatch, write_files(tmp_path, 40))
    window = MainWindow(small_library, settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    view = window.library_view
    view.import_action.trigger()
    qtbot.waitUntil(lambda: "Adding to the library" in view.import_label.text(), timeout=20000)
    assert window.close()
    added = len(small_library)
    qtbot.wait(300)  # (an import still going would add some 15 puzzles meanwhile)
    assert len(small_library) == added < 3 + 40
    assert not view.importer.is_running()
