"""The studio's main window as the window and scenario tests open it: shown at 1280x720, made the
active window or started as ``nonostudio`` starts it when asked, its message boxes recorded, its
background work ended after the test, and screenshots of what it shows; and the steps the
scenarios share (a new puzzle by the size boxes, painting a picture, the end of a scenario)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt, QThreadPool
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from nonostudio.core.library import Library
from nonostudio.gui import app
from nonostudio.gui.editor.view import EditorView
from nonostudio.gui.window.main_window import MainWindow

# A little figure whose clues also fit another picture: two solutions (single-cell edits exist
# that make it unique).
SWITCH = [".....", ".#.#.", "...#.", ".###.", "#...#"]


def record_message_boxes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts of every question and warning box asked from now on, each answered Discard: a
    box would wait for a click no test gives, so a test records it and fails instead."""
    boxes: list[str] = []

    def box(_parent: Any, _title: str, text: str, *_args: Any, **_kwargs: Any) -> Any:
        boxes.append(text)
        return QMessageBox.StandardButton.Discard

    monkeypatch.setattr(QMessageBox, "question", box)
    monkeypatch.setattr(QMessageBox, "warning", box)
    return boxes


def discard_on_question(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every question box from now on is answered Discard (qtbot closes the window before the
    fixtures end: drawn work must not ask to be saved)."""
    monkeypatch.setattr(
        QMessageBox, "question", lambda *_args, **_kw: QMessageBox.StandardButton.Discard
    )


def show_window(
    qtbot: QtBot,
    library: Library,
    settings: QSettings,
    *,
    active: bool = False,
    defer_panels: bool = False,
    size: tuple[int, int] | None = (1280, 720),
) -> MainWindow:
    """The main window at ``size`` (None: the size it opens at), shown; ``active``: made the
    active window too (keys reach shortcuts only in the active window, X11); ``defer_panels``:
    started as ``nonostudio`` starts it, shown first and its panels built afterwards (returns
    once it is ready)."""
    win = MainWindow(library, settings, defer_panels=defer_panels)
    qtbot.addWidget(win)
    if size is not None:
        win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    if active:
        win.activateWindow()
        qtbot.waitActive(win)
    if defer_panels:
        with qtbot.waitSignal(win.ready, timeout=30000):
            win.finish_start()
    return win


OpenWindow = Callable[..., MainWindow]  # the ``open_window`` fixture (conftest.py)


def start_as_nonostudio(
    monkeypatch: pytest.MonkeyPatch, in_event_loop: Callable[[MainWindow], None]
) -> int:
    """Run the studio's real start-up (``app.main([])``) with its event loop replaced: the loop
    calls ``in_event_loop`` on the window this start opened (noted when it offers to restore
    work, so not another test's window), then closes the window's autosave and hides it.  The
    patches last the start only; ``app.main``'s exit status."""
    started: dict[str, MainWindow] = {}
    offer = MainWindow.offer_restore

    def noted_offer(self: MainWindow) -> bool:
        started["window"] = self
        return offer(self)

    def run_event_loop(_app: QApplication) -> int:
        window = started["window"]
        assert isinstance(window, MainWindow)
        in_event_loop(window)
        window.autosaver.close()
        window.hide()
        return 0

    with monkeypatch.context() as patch:
        patch.setattr(MainWindow, "offer_restore", noted_offer)
        patch.setattr(QApplication, "exec", run_event_loop)
        return app.main([])


def end_background(win: MainWindow, timeout_ms: int) -> None:
    """Cancels the window's background work and waits up to ``timeout_ms`` for it to end."""
    win.cancel_background()
    assert QThreadPool.globalInstance().waitForDone(timeout_ms)


def shots_folder(tmp_path: Path) -> Path:
    """Where screenshots go: ``NONOSTUDIO_SCENARIO_SHOTS`` (a folder) or the test's temporary
    folder; created."""
    folder = Path(os.environ.get("NONOSTUDIO_SCENARIO_SHOTS") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def shot(win: MainWindow, tmp_path: Path, name: str) -> QImage:
    """A screenshot of the window once pending events are processed, saved as ``name``.png in
    :func:`shots_folder` and read back."""
    QApplication.processEvents()
    path = shots_folder(tmp_path) / f"{name}.png"
    assert win.grab().save(str(path)), f"could not save {path}"
    image = QImage(str(path))
    assert not image.isNull()
    return image


def new_by_size_boxes(qtbot: QtBot, editor: EditorView, size: int) -> None:
    """A new ``size`` x ``size`` puzzle as a user makes one: the size boxes, then New puzzle."""
    for spin in (editor.ui.width_spin, editor.ui.height_spin):
        spin.selectAll()
        qtbot.keyClicks(spin, str(size))
        qtbot.keyClick(spin, Qt.Key.Key_Return)
    qtbot.mouseClick(editor.ui.new_button, Qt.MouseButton.LeftButton)


def paint(qtbot: QtBot, grid: Any, picture: list[str]) -> None:
    """Click every filled cell of ``picture`` with the left button, as a user would."""
    for r, row in enumerate(picture):
        for c, ch in enumerate(row):
            if ch == "#":
                qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(r, c).center())


def finish(win: MainWindow) -> None:
    """No message box came up during the scenario (``win.boxes``); then let the window close
    without asking (qtbot closes it before the fixture's teardown runs)."""
    assert win.boxes == [], f"unexpected message boxes: {win.boxes}"
    win.editor.set_modified(False)
