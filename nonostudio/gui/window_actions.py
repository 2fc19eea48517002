"""The main window's commands: one QAction per command, shared by menus, toolbar and shortcuts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QApplication

from nonostudio.gui.theme import THEME_LABELS, THEMES

if TYPE_CHECKING:
    from nonostudio.gui.mainwindow import MainWindow

Key = QKeySequence.StandardKey


@dataclass(frozen=True)
class WindowActions:
    new: QAction
    open: QAction
    save: QAction
    save_as: QAction
    paste: QAction
    import_image: QAction
    export: QAction
    quit: QAction
    undo: QAction
    redo: QAction
    zoom_in: QAction
    zoom_out: QAction
    zoom_reset: QAction
    grade_folder: QAction
    themes: dict[str, QAction]
    open_log_folder: QAction
    about: QAction
    about_qt: QAction


def _action(window: MainWindow, text: str, slot: Callable[[], object],
            shortcut: Key | str | None = None, tip: str = "") -> QAction:
    action = QAction(text, window)
    if isinstance(shortcut, Key):
        action.setShortcuts(shortcut)
    elif shortcut:
        action.setShortcut(QKeySequence(shortcut))
    if tip:
        action.setStatusTip(tip)
        action.setToolTip(tip)
    action.triggered.connect(lambda _checked=False: slot())
    return action


def create_actions(w: MainWindow) -> WindowActions:
    """Every window command, connected to its slot on ``w``."""
    quit_action = _action(w, "&Quit", w.close, Key.Quit, "Quit Nonostudio")
    if quit_action.shortcut().isEmpty():  # some platforms define no standard Quit key
        quit_action.setShortcut(QKeySequence("Ctrl+Q"))
    quit_action.setMenuRole(QAction.MenuRole.QuitRole)

    stack = w.editor.undo_stack()
    undo = stack.createUndoAction(w, "&Undo")
    undo.setShortcuts(Key.Undo)
    redo = stack.createRedoAction(w, "&Redo")
    redo.setShortcuts(Key.Redo)

    group = QActionGroup(w)
    themes: dict[str, QAction] = {}
    for theme in THEMES:
        action = QAction(THEME_LABELS[theme], group, checkable=True)
        action.triggered.connect(lambda _checked, t=theme: w.set_theme(t))
        themes[theme] = action

    about = _action(w, "&About Nonostudio", w.about)
    about.setMenuRole(QAction.MenuRole.AboutRole)
    about_qt = _action(w, "About &Qt", QApplication.aboutQt)
    about_qt.setMenuRole(QAction.MenuRole.AboutQtRole)

    return WindowActions(
        new=_action(w, "&New", w.new_puzzle, Key.New, "Start an empty puzzle"),
        open=_action(w, "&Open…", w.choose_and_open, Key.Open, "Open a puzzle file"),
        save=_action(w, "&Save", w.save, Key.Save, "Save the puzzle"),
        save_as=_action(w, "Save &As…", w.save_as, Key.SaveAs, "Save the puzzle to a new file"),
        paste=_action(w, "&Paste Puzzle String…", w.paste_puzzle_string, "Ctrl+Shift+V",
                      "Type or paste a puzzle string"),
        import_image=_action(w, "&Import Image…", w.import_image, "Ctrl+I",
                             "Build a puzzle from a picture"),
        export=_action(w, "&Export Picture…", w.export_picture, "Ctrl+E",
                       "Save the puzzle as PNG, SVG or PDF"),
        quit=quit_action,
        undo=undo,
        redo=redo,
        zoom_in=_action(w, "Zoom &In", w.editor.zoom_in, Key.ZoomIn),
        zoom_out=_action(w, "Zoom &Out", w.editor.zoom_out, Key.ZoomOut),
        zoom_reset=_action(w, "&Reset Zoom", w.editor.zoom_reset, "Ctrl+0"),
        grade_folder=_action(w, "&Grade Folder…", w.grade_folder, "Ctrl+Shift+G",
                             "Grade the difficulty of every puzzle file in a folder"),
        themes=themes,
        open_log_folder=_action(w, "Open &Log Folder", w.open_log_folder,
                                tip="Show the folder of Nonostudio's log files (for problem "
                                    "reports)"),
        about=about,
        about_qt=about_qt,
    )


def install_menus(w: MainWindow, a: WindowActions) -> None:
    """The menu bar (File, Edit, View, Help) and the main toolbar."""
    bar = w.menuBar()
    file_menu = bar.addMenu("&File")
    file_menu.addActions([a.new, a.open, a.save, a.save_as])
    file_menu.addSeparator()
    file_menu.addActions([a.paste, a.import_image, a.export])
    file_menu.addSeparator()
    file_menu.addAction(a.quit)
    bar.addMenu("&Edit").addActions([a.undo, a.redo])
    view_menu = bar.addMenu("&View")
    view_menu.addActions([a.zoom_in, a.zoom_out, a.zoom_reset])
    view_menu.addSeparator()
    view_menu.addMenu("&Colours").addActions(list(a.themes.values()))
    view_menu.addSeparator()
    view_menu.addActions([w.library_dock.toggleViewAction(), w.check_dock.toggleViewAction(),
                          w.difficulty_dock.toggleViewAction(),
                          w.designer_dock.toggleViewAction()])
    bar.addMenu("&Tools").addAction(a.grade_folder)
    help_menu = bar.addMenu("&Help")
    help_menu.addAction(a.open_log_folder)
    help_menu.addSeparator()
    help_menu.addActions([a.about, a.about_qt])

    toolbar = w.addToolBar("Main")
    toolbar.setObjectName("mainToolBar")
    toolbar.setMovable(False)
    toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    toolbar.addActions([a.new, a.open, a.save])
    toolbar.addSeparator()
    toolbar.addActions([a.undo, a.redo])
    toolbar.addSeparator()
    toolbar.addActions([a.zoom_out, a.zoom_in])
    toolbar.addSeparator()
    toolbar.addAction(a.export)
