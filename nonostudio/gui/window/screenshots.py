"""``nonostudio --screenshot DIR``: render the main window and each main view to PNG files."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget

from nonostudio.gui.window.collection_item import load_item, split_item
from nonostudio.gui.window.main_window import MainWindow

WINDOW_SIZE = (1440, 900)
PREFERRED_SAMPLE = "sample: webpbn-00006-cat.non"
CHECK_WAIT_S = 5.0


def _settle(until: float = 0.0, busy: Callable[[], bool] | None = None) -> None:
    """Process events once, or until ``busy()`` is false or the ``until`` deadline passes."""
    QApplication.processEvents()
    while busy is not None and busy() and time.monotonic() < until:
        time.sleep(0.01)
        QApplication.processEvents()


def _grab(widget: QWidget, path: Path) -> Path:
    if not widget.grab().save(str(path), "PNG"):
        raise OSError(f"could not write {path}")
    return path


def save_screenshots(window: MainWindow, folder: Path, file: str | None = None) -> list[Path]:
    """Show ``file`` (``FILE#ITEM``: that puzzle of a collection, as the command line reads
    it; default: a library sample), then save one PNG per view; returns the paths.

    Raises PuzzleError when ``file`` cannot be read and OSError when a PNG cannot be written.
    """
    folder.mkdir(parents=True, exist_ok=True)
    if file:
        path, item = split_item(file)  # (FILE#ITEM: one puzzle of a collection, as the CLI)
        if item is None:
            window.files.load_file(path)
        else:
            load_item(window.files, path, item)
    else:
        entries = window.library.entries()
        preferred = [e for e in entries if e.source == PREFERRED_SAMPLE] or entries
        if preferred:
            window.files.open_library_puzzle(preferred[0].id)
            window.editor.show_solution()  # the pictures show the editor as a designer sees it
            window.library_view.select_id(preferred[0].id)
    window.resize(*WINDOW_SIZE)
    window.show()
    _settle(
        time.monotonic() + CHECK_WAIT_S,
        lambda: window.check_panel.is_busy() or window.colour_editor.is_searching(),
    )  # (a colour file of clues only: its picture is looked for off the GUI thread)
    _settle()

    written = [
        _grab(window, folder / "main-window.png"),
        _grab(window.editor_page(), folder / "editor.png"),
        _grab(window.library_dock, folder / "library.png"),
        _grab(window.check_dock, folder / "check.png"),
    ]
    _settle(time.monotonic() + CHECK_WAIT_S, window.difficulty_panel.is_busy)
    _settle()
    written.append(_grab(window.difficulty_dock, folder / "difficulty.png"))
    window.designer_dock.raise_()  # it may share a tabbed dock area with Difficulty
    if window.designer_panel.run_checks():
        _settle(time.monotonic() + CHECK_WAIT_S, window.designer_panel.is_busy)
    _settle()
    written.append(_grab(window, folder / "designer.png"))
    solve = window.solve_view
    window.tabs.setCurrentWidget(solve)
    _settle(time.monotonic() + CHECK_WAIT_S, solve.is_busy)
    if (trace := solve.trace()) is not None:
        solve.go_to(len(trace.steps) // 2)  # a step in the middle shows the marks
    _settle()
    written.append(_grab(solve, folder / "solve.png"))
    views: list[tuple[QWidget, Callable[[], bool], str]] = [
        (window.rule_browser, window.rule_browser.is_busy, "rules.png")
    ]
    if (jobs := window.jobs_panel) is not None:
        views.append((jobs, jobs.is_busy, "jobs.png"))
    for view, busy, name in views:
        window.tabs.setCurrentWidget(view)
        _settle(time.monotonic() + CHECK_WAIT_S, busy)
        _settle()
        written.append(_grab(view, folder / name))
    window.tabs.setCurrentWidget(window.editor)
    previous = window.theme()
    window.set_theme("light" if previous == "dark" else "dark")
    _settle()
    written.append(_grab(window, folder / f"main-window-{window.theme()}.png"))
    window.set_theme(previous)
    return written
