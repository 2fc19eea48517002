"""Unsaved work survives a crash: autosave after idle, atomic files, restore at the next start.

The strongest test kills a real studio process with SIGKILL while the user is drawing and then
restores the work into a fresh window.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest
from mounts import tmpfs
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMessageBox

from nonostudio.core.atomic import write_bytes_atomic as write_atomic
from nonostudio.core.library import Library
from nonostudio.core.line import FILLED
from nonostudio.gui.window import autosave
from nonostudio.gui.window.autosave import AutosaveStore
from nonostudio.gui.window.main_window import MainWindow

REPO = Path(__file__).resolve().parents[3]
LEFT = Qt.MouseButton.LeftButton
DRAWN = [(0, 0), (0, 1), (2, 3), (4, 4)]
Button = QMessageBox.StandardButton


class Dialogs:
    """Records message boxes and clicks the button a test chooses in the restore question."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.warnings: list[str] = []
        self.questions: list[str] = []
        self.buttons: list[list[str]] = []
        self.answer = "Cancel"
        monkeypatch.setattr(
            QMessageBox, "warning", lambda parent, title, text, *a: self.warnings.append(text)
        )
        monkeypatch.setattr(QMessageBox, "question", self._question)
        monkeypatch.setattr(QMessageBox, "exec", lambda box: self._exec(box))

    def _question(self, parent, title, text, *args):
        self.questions.append(text)
        return getattr(Button, self.answer, Button.Discard)

    def _exec(self, box: QMessageBox) -> int:
        self.questions.append(f"{box.text()}\n{box.informativeText()}")
        texts = {b.text().replace("&", ""): box.standardButton(b) for b in box.buttons()}
        self.buttons.append(sorted(texts))
        chosen = {"Restore": texts.get("Restore"), "Discard": texts.get("Discard")}
        button = chosen.get(self.answer) or (getattr(Button, self.answer))
        return button.value


@pytest.fixture
def dialogs(monkeypatch: pytest.MonkeyPatch) -> Dialogs:
    return Dialogs(monkeypatch)


@pytest.fixture
def make_window(qtbot, small_library: Library, settings: QSettings, dialogs: Dialogs):
    """Windows on the small library; closed (discarding) before the library closes."""
    made: list[MainWindow] = []

    def make(idle_ms: int = 150) -> MainWindow:
        win = MainWindow(small_library, settings)
        win.autosaver.timer.setInterval(idle_ms)
        qtbot.addWidget(win)
        win.show()
        qtbot.waitExposed(win)
        made.append(win)
        return win

    yield make
    dialogs.answer = "Discard"
    for win in made:
        win.close()


def draw(qtbot, win: MainWindow, cells: list[tuple[int, int]]) -> None:
    grid = win.editor.grid
    for row, col in cells:
        qtbot.mouseClick(grid, LEFT, pos=grid.cell_rect(row, col).center())


def session_files(data_dir: Path) -> list[Path]:
    return sorted((data_dir / "autosave").glob("session-*.json"))


def crash_after_autosave(qtbot, win: MainWindow, data_dir: Path) -> None:
    """Wait until ``win`` has autosaved its work, then end its session the way a crash does: the
    lock is gone, the file stays."""
    qtbot.waitUntil(lambda: len(session_files(data_dir)) == 1, timeout=3000)
    win.autosaver.store.abandon()


def restored_window(make_window, dialogs: Dialogs) -> MainWindow:
    """A new window whose offer to restore work left by a crash was answered Restore."""
    dialogs.answer = "Restore"
    win = make_window()
    assert win.offer_restore()
    return win


def expected_picture(cells: list[tuple[int, int]], size: int = 10) -> np.ndarray:
    picture = np.full((size, size), -1, dtype=np.int8)
    for row, col in cells:
        picture[row, col] = FILLED
    return picture


# --- atomic files ------------------------------------------------------------------------------


def test_write_atomic_replaces_the_whole_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "state.json"
    write_atomic(target, b"old")
    write_atomic(target, b"new content")
    assert target.read_bytes() == b"new content"
    assert [p.name for p in tmp_path.iterdir()] == ["state.json"]


def test_a_failed_write_leaves_the_previous_file_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "state.json"
    write_atomic(target, b"previous")

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space"):
        write_atomic(target, b"x" * 10000)
    assert target.read_bytes() == b"previous"
    assert [p.name for p in tmp_path.iterdir()] == ["state.json"]


# --- autosave in the window ------------------------------------------------------------------


@pytest.mark.slow
def test_drawing_is_autosaved_after_idle_and_restored_by_a_fresh_window(
    qtbot, make_window, data_dir: Path, dialogs: Dialogs
) -> None:
    assert 1000 <= autosave.IDLE_MS <= 10000  # "a few seconds"
    first = make_window(idle_ms=400)
    draw(qtbot, first, DRAWN[:2])
    qtbot.keyClicks(first.editor.ui.meta_edits["title"], "Crash test")
    assert session_files(data_dir) == []  # not before the user pauses
    qtbot.wait(150)
    draw(qtbot, first, DRAWN[2:])  # each change restarts the idle time
    qtbot.wait(300)
    assert session_files(data_dir) == []
    qtbot.waitUntil(lambda: len(session_files(data_dir)) == 1, timeout=3000)
    doc = json.loads(session_files(data_dir)[0].read_text(encoding="utf-8"))
    assert doc["version"] == autosave.FORMAT_VERSION
    assert doc["state"]["editor"]["meta"]["title"] == "Crash test"
    cells = doc["state"]["editor"]["cells"]
    assert [(r, c) for r, row in enumerate(cells) for c, ch in enumerate(row) if ch == "O"] == DRAWN
    picture = first.editor.puzzle()

    first.autosaver.store.abandon()  # what a crash does: the lock is gone, the file stays
    second = restored_window(make_window, dialogs)
    assert len(dialogs.questions) == 1 and dialogs.buttons == [["Discard", "Restore"]]
    assert "Crash test" in dialogs.questions[0] and "10x10" in dialogs.questions[0]
    assert second.editor.puzzle() == picture
    assert np.array_equal(second.editor.grid.cells(), expected_picture(DRAWN))
    assert second.editor.is_modified() and second.isWindowModified()
    assert second.windowTitle().startswith("Crash test")
    # the second session keeps the work in its own file; the orphan is gone
    files = session_files(data_dir)
    assert len(files) == 1 and second.autosaver.store.session in files[0].name
    third = make_window()
    assert not third.offer_restore()  # the second studio is alive: nothing to offer
    assert len(dialogs.questions) == 1


def test_saving_or_discarding_removes_the_autosave(
    qtbot, make_window, data_dir: Path, dialogs: Dialogs, tmp_path: Path
) -> None:
    win = make_window()
    draw(qtbot, win, DRAWN)
    qtbot.waitUntil(lambda: len(session_files(data_dir)) == 1, timeout=3000)
    assert win.files.save_to(tmp_path / "drawn.non")
    assert session_files(data_dir) == []
    draw(qtbot, win, [(9, 9)])
    qtbot.waitUntil(lambda: len(session_files(data_dir)) == 1, timeout=3000)
    win.editor.undo_stack().undo()  # back to what was saved: nothing to keep
    qtbot.waitUntil(lambda: session_files(data_dir) == [], timeout=3000)
    draw(qtbot, win, [(9, 9)])
    qtbot.waitUntil(lambda: len(session_files(data_dir)) == 1, timeout=3000)
    dialogs.answer = "Discard"
    assert win.close()
    assert list((data_dir / "autosave").iterdir()) == []  # neither file nor lock is left


@pytest.mark.slow
def test_discarding_the_offer_deletes_the_old_work(
    qtbot, make_window, data_dir: Path, dialogs: Dialogs
) -> None:
    first = make_window()
    draw(qtbot, first, DRAWN)
    crash_after_autosave(qtbot, first, data_dir)
    dialogs.answer = "Discard"
    second = make_window()
    assert not second.offer_restore()
    assert len(dialogs.questions) == 1 and session_files(data_dir) == []
    assert not second.editor.is_modified()
    assert not second.offer_restore() and len(dialogs.questions) == 1


@pytest.mark.slow
def test_restored_library_work_is_saved_back_to_its_entry(
    qtbot, make_window, small_library: Library, data_dir: Path, dialogs: Dialogs
) -> None:
    first = make_window()
    block = next(e for e in small_library.entries() if e.title == "Block")
    assert first.files.open_library_puzzle(block.id)
    first.editor.ui.meta_edits["author"].clear()
    qtbot.keyClicks(first.editor.ui.meta_edits["author"], "Bea")
    crash_after_autosave(qtbot, first, data_dir)

    second = restored_window(make_window, dialogs)
    assert "from the library" in dialogs.questions[0]
    assert second.document.library_id == block.id and second.document.path is None
    assert second.files.save()
    assert small_library.get(block.id).author == "Bea"
    assert session_files(data_dir) == []


def test_a_damaged_autosave_is_set_aside_with_a_message(
    make_window, data_dir: Path, dialogs: Dialogs
) -> None:
    folder = data_dir / "autosave"
    folder.mkdir(parents=True)
    (folder / "session-0123456789ab.json").write_bytes(b'{"version": 1, "sta\xff')
    win = make_window()
    assert not win.offer_restore()
    assert dialogs.questions == []
    assert len(dialogs.warnings) == 1 and "session-0123456789ab" in dialogs.warnings[0]
    assert (folder / "session-0123456789ab.damaged").exists()
    assert not win.offer_restore() and len(dialogs.warnings) == 1


def test_an_autosave_of_a_newer_version_is_refused_and_left_untouched(
    qtbot, make_window, data_dir: Path, dialogs: Dialogs
) -> None:
    folder = data_dir / "autosave"
    folder.mkdir(parents=True)
    newer = folder / "session-0123456789ab.json"
    content = json.dumps({"version": 99, "saved_at": "2031-01-01T00:00:00+00:00", "state": {}})
    newer.write_text(content, encoding="utf-8")
    [orphan] = AutosaveStore([folder]).orphans()
    assert orphan.newer and orphan.data is None and "version 99" in orphan.problem
    orphan.release()

    win = make_window()
    assert not win.offer_restore()
    assert dialogs.questions == []  # never offered (nor discarded)
    [warning] = dialogs.warnings
    assert "newer nonostudio (autosave version 99" in warning and str(newer) in warning
    assert "left untouched" in warning
    draw(qtbot, win, DRAWN)
    mine = win.autosaver.save_now()  # this session's work goes to its own file
    assert mine is not None and mine != newer
    assert newer.read_text(encoding="utf-8") == content
    assert not win.offer_restore() and len(dialogs.warnings) == 2  # said again, still kept
    assert newer.read_text(encoding="utf-8") == content


def test_store_falls_back_to_the_next_folder_when_the_first_cannot_be_written(
    tmp_path: Path,
) -> None:
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the folder should be")
    store = AutosaveStore([blocked / "autosave", tmp_path / "fallback"])
    path = store.save({"editor": {}})
    assert path.parent == tmp_path / "fallback"
    assert json.loads(path.read_text())["state"] == {"editor": {}}
    store.close()
    assert list((tmp_path / "fallback").iterdir()) == []
    nowhere = AutosaveStore([blocked / "a", blocked / "b"])
    with pytest.raises(OSError, match="cannot be autosaved"):
        nowhere.save({})
    assert "blocked" in (nowhere.problem or "")


# --- a real process killed mid-edit ----------------------------------------------------------

DRIVER = textwrap.dedent("""
    import sys
    from PySide6.QtCore import QTimer, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from nonostudio.gui import app
    from nonostudio.gui.window.main_window import MainWindow

    qapp = QApplication([sys.argv[0]])

    def draw():
        window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow))
        grid = window.editor.grid
        for row, col in CELLS:
            QTest.mouseClick(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(row, col).center())
        print("drawn", window.editor.puzzle().rows, flush=True)

    QTimer.singleShot(1000, draw)
    sys.exit(app.main([]))
""")


@pytest.mark.slow
def test_kill_9_while_drawing_leaves_work_that_the_next_start_restores(
    make_window, data_dir: Path, dialogs: Dialogs, tmp_path: Path
) -> None:
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        NONOSTUDIO_DATA_DIR=str(data_dir),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
    )
    script = tmp_path / "driver.py"
    script.write_text(f"CELLS = {DRAWN!r}\n" + DRIVER)
    proc = subprocess.Popen(
        [sys.executable, str(script)],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = proc.stdout.readline()
        assert line.startswith("drawn"), proc.stderr.read() if proc.poll() is not None else line
        deadline = time.monotonic() + 20
        while not session_files(data_dir) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert session_files(data_dir), "no autosave within the idle time"
        time.sleep(0.2)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=10)  # reaps it and closes its pipes
    assert proc.returncode == -signal.SIGKILL
    [orphan] = session_files(data_dir)
    json.loads(orphan.read_text(encoding="utf-8"))  # a complete document, not half of one
    assert not list(orphan.parent.glob(".*.tmp"))

    win = restored_window(make_window, dialogs)
    assert np.array_equal(win.editor.grid.cells(), expected_picture(DRAWN))
    assert win.editor.is_modified()
    assert orphan.exists() is False


# --- full or unwritable folders ----------------------------------------------------------------


@pytest.fixture
def small_tmpfs(tmp_path: Path):
    """A 256 KiB tmpfs, so that the disk can really be filled."""
    folder = tmp_path / "small"
    folder.mkdir()
    with tmpfs(folder, "size=256k"):
        yield folder


def fill(folder: Path) -> None:
    with pytest.raises(OSError, match="No space left"), open(folder / "filler", "wb") as f:
        while True:
            f.write(b"x" * 4096)
            f.flush()
            os.fsync(f.fileno())


def test_a_full_data_folder_keeps_the_last_autosave_until_a_newer_one_is_elsewhere(
    small_tmpfs: Path, tmp_path: Path
) -> None:
    store = AutosaveStore([small_tmpfs / "autosave", tmp_path / "fallback"])
    first = store.save({"n": 1})
    assert first.parent == small_tmpfs / "autosave"
    fill(small_tmpfs)
    big = {"n": 2, "cells": ["O" * 999] * 300}  # does not fit in what is left
    with pytest.raises(OSError):
        write_atomic(small_tmpfs / "autosave" / "probe", json.dumps(big).encode())
    second = store.save(big)
    assert second.parent == tmp_path / "fallback"
    assert json.loads(second.read_text())["state"]["n"] == 2
    assert not first.exists()  # one file per session, the newest
    store.close()

    stuck = AutosaveStore([small_tmpfs / "autosave"])
    (small_tmpfs / "filler").unlink()
    kept = stuck.save({"n": 3})
    fill(small_tmpfs)
    with pytest.raises(OSError, match="No space left"):
        stuck.save(big)
    assert json.loads(kept.read_text())["state"] == {"n": 3}  # the last good one is intact
    assert [p.name for p in kept.parent.iterdir() if p.name.endswith(".tmp")] == []
    stuck.close()


def test_work_that_cannot_be_autosaved_is_said_in_the_banner(
    qtbot, small_library: Library, settings: QSettings, dialogs: Dialogs, tmp_path: Path
) -> None:
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the folders should be")
    win = MainWindow(
        small_library,
        settings,
        autosave=AutosaveStore([blocked / "autosave", blocked / "fallback"]),
    )
    win.autosaver.timer.setInterval(100)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    try:
        assert win.banner.isHidden()
        draw(qtbot, win, DRAWN)
        qtbot.waitUntil(win.banner.isVisible, timeout=3000)
        assert "Unsaved work cannot be autosaved" in win.banner.text()
        assert str(blocked) in win.banner.text() and "Save your puzzle" in win.banner.text()
        assert "cannot be autosaved" in win.statusBar().currentMessage()
        blocked.unlink()  # the folder can be written again
        draw(qtbot, win, [(9, 9)])
        qtbot.waitUntil(win.banner.isHidden, timeout=3000)
        assert (blocked / "autosave").is_dir()
    finally:
        dialogs.answer = "Discard"
        win.close()


@pytest.mark.slow
def test_restored_work_that_cannot_be_autosaved_again_keeps_the_old_file(
    qtbot, make_window, data_dir: Path, dialogs: Dialogs, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = make_window()
    draw(qtbot, first, DRAWN)
    crash_after_autosave(qtbot, first, data_dir)
    [orphan] = session_files(data_dir)

    def disk_full(path: Path, data: bytes) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(autosave, "write_bytes_atomic", disk_full)
    second = restored_window(make_window, dialogs)
    assert np.array_equal(second.editor.grid.cells(), expected_picture(DRAWN))
    assert orphan.exists()  # not deleted while no newer copy exists
    assert "cannot be autosaved" in second.banner.text() and second.banner.isVisible()


@pytest.mark.slow
def test_restored_file_work_is_saved_back_to_its_file(
    qtbot, make_window, data_dir: Path, dialogs: Dialogs, tmp_path: Path
) -> None:
    target = tmp_path / "bar.non"
    target.write_text('title "Bar"\nwidth 3\nheight 1\nrows\n3\ncolumns\n1\n1\n1\n')
    first = make_window()
    assert first.files.open_file(target)
    first.editor.ui.meta_edits["title"].clear()
    qtbot.keyClicks(first.editor.ui.meta_edits["title"], "Bar two")
    crash_after_autosave(qtbot, first, data_dir)

    second = restored_window(make_window, dialogs)
    assert f"from {target}" in dialogs.questions[0]
    assert second.document.path == target and second.windowTitle().startswith("bar.non")
    assert second.files.save()
    assert 'title "Bar two"' in target.read_text() and session_files(data_dir) == []


def test_colour_work_is_autosaved_and_restored_into_the_colour_editor(
    qtbot, make_window, data_dir: Path, dialogs: Dialogs, tmp_path: Path
) -> None:
    from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette
    from nonostudio.core.formats import write_file

    palette = Palette((WHITE, Colour("red", "#ff0000", "r"), Colour("blue", "#0000ff", "b")))
    goal = ((1, 2, 0), (0, 1, 1))
    rows, cols = (((1, 1), (1, 2)), ((2, 1),)), (((1, 1),), ((1, 2), (1, 1)), ((1, 1),))
    path = tmp_path / "flag.xml"
    write_file(ColourPuzzle(palette, rows, cols, title="Flag", goal=goal), path)
    first = make_window(idle_ms=150)
    assert first.files.open_file(path, ask=False)
    editor = first.colour_editor
    editor.pick_colour(2)
    grid = editor.grid
    qtbot.mouseClick(grid, LEFT, pos=grid.cell_rect(1, 0).center())
    editor.rename(1, "scarlet")
    painted = editor.puzzle()
    assert painted is not None and painted.goal == ((1, 2, 0), (2, 1, 1))
    crash_after_autosave(qtbot, first, data_dir)
    doc = json.loads(session_files(data_dir)[0].read_text(encoding="utf-8"))
    assert doc["state"]["editor"]["meta"]["title"] == "Flag"  # what the question shows
    second = restored_window(make_window, dialogs)
    assert "Flag" in dialogs.questions[0] and "3x2" in dialogs.questions[0]
    assert second.files.is_colour() and second.tabs.widget(0) is second.colour_editor
    assert second.colour_editor.puzzle() == painted
    assert second.colour_editor.is_modified() and second.isWindowModified()
    assert second.document.path == path and second.document.file_format == "xml"


def test_a_damaged_colour_autosave_changes_nothing(qtbot, make_window) -> None:
    win = make_window()
    snapshot = {"palette": [["white", "#ffffff", "."]], "cells": [[0, 5]], "fixed": None}
    with pytest.raises(ValueError, match="damaged colour editor state"):
        win.restore_autosave({"editor": {}, "colour": {**snapshot, "keep_goal": True, "meta": {}}})
    assert not win.files.is_colour() and not win.isWindowModified()
