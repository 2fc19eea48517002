"""The main window's commands: one QAction per command, shared by menus, toolbar and shortcuts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QApplication

from nonostudio.gui.common.theme import THEME_LABELS, THEMES

if TYPE_CHECKING:
    from nonostudio.gui.window.main_window import MainWindow

Key = QKeySequence.StandardKey


# The plain commands: (field of WindowActions, menu text, the window's slot, keys, tip).
COMMANDS: tuple[tuple[str, str, str, Key | str | None, str], ...] = (
    ("new", "&New", "new_puzzle", Key.New, "Start an empty puzzle"),
    ("open", "&Open…", "choose_and_open", Key.Open, "Open a puzzle file"),
    ("save", "&Save", "save", Key.Save, "Save the puzzle"),
    ("save_as", "Save &As…", "save_as", Key.SaveAs, "Save the puzzle to a new file"),
    (
        "paste",
        "&Paste Puzzle String…",
        "paste_puzzle_string",
        "Ctrl+Shift+V",
        "Type or paste a puzzle string",
    ),
    ("import_image", "&Import Image…", "import_image", "Ctrl+I", "Build a puzzle from a picture"),
    (
        "export",
        "&Export Picture…",
        "export_picture",
        "Ctrl+E",
        "Save the puzzle as PNG, SVG or PDF",
    ),
    ("zoom_in", "Zoom &In", "zoom_in", Key.ZoomIn, "Make the grid in view bigger"),
    ("zoom_out", "Zoom &Out", "zoom_out", Key.ZoomOut, "Make the grid in view smaller"),
    (
        "zoom_fit",
        "&Fit to Window",
        "fit_to_window",
        "Ctrl+0",
        "Show the whole grid in view, as large as it fits",
    ),
    (
        "zoom_reset",
        "&Actual Size",
        "zoom_reset",
        "Ctrl+1",
        "Show the grid in view at its normal cell size",
    ),
    (
        "grade_folder",
        "&Grade Folder…",
        "grade_folder",
        "Ctrl+Shift+G",
        "Grade the difficulty of every puzzle file in a folder",
    ),
    (
        "guide",
        "Nonostudio &Guide",
        "show_guide",
        Key.HelpContents,
        "Getting started, the three ways to work, verdicts and tiers",
    ),
    (
        "shortcuts",
        "&Keyboard Shortcuts",
        "show_shortcuts",
        "Ctrl+/",
        "Every command's keyboard shortcut",
    ),
    (
        "technique_guide",
        "&Technique Guide",
        "open_technique_guide",
        None,
        "The solving techniques with worked examples, in your web browser",
    ),
    (
        "open_log_folder",
        "Open &Log Folder",
        "open_log_folder",
        None,
        "Show the folder of Nonostudio's log files (for problem reports)",
    ),
)


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
    zoom_fit: QAction
    grade_folder: QAction
    themes: dict[str, QAction]
    guide: QAction
    shortcuts: QAction
    technique_guide: QAction
    open_log_folder: QAction
    about: QAction
    about_qt: QAction

    def all(self) -> list[QAction]:
        """Every command, in menu order (for the shortcut list)."""
        return [
            self.new,
            self.open,
            self.save,
            self.save_as,
            self.paste,
            self.import_image,
            self.export,
            self.quit,
            self.undo,
            self.redo,
            self.zoom_in,
            self.zoom_out,
            self.zoom_fit,
            self.zoom_reset,
            self.grade_folder,
            self.guide,
            self.shortcuts,
            self.technique_guide,
            self.open_log_folder,
            self.about,
            self.about_qt,
        ]


def _action(
    window: MainWindow,
    text: str,
    slot: Callable[[], object],
    shortcut: Key | str | None = None,
    tip: str = "",
) -> QAction:
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


def _stack_action(window: MainWindow, text: str, slot: Callable[[], object], key: Key) -> QAction:
    """Undo or Redo with a label that never changes (the toolbar keeps its width); what would be
    undone is in the tooltip and status tip."""
    action = QAction(text, window)
    action.setShortcuts(key)
    action.setEnabled(False)
    action.triggered.connect(lambda _checked=False: slot())
    return action


def _follow_stack(stack: QUndoGroup, undo: QAction, redo: QAction) -> None:
    def update() -> None:
        for action, can, what, verb in (
            (undo, stack.canUndo(), stack.undoText(), "Undo"),
            (redo, stack.canRedo(), stack.redoText(), "Redo"),
        ):
            action.setEnabled(can)
            tip = (
                f"{verb} {what}"
                if can and what
                else (verb if can else f"Nothing to {verb.lower()}")
            )
            action.setToolTip(tip)
            action.setStatusTip(tip if can else "")

    stack.activeStackChanged.connect(lambda _stack: update())
    stack.indexChanged.connect(lambda _index: update())
    stack.cleanChanged.connect(lambda _clean: update())
    stack.canUndoChanged.connect(lambda _can: update())
    stack.canRedoChanged.connect(lambda _can: update())
    update()


def create_actions(w: MainWindow) -> WindowActions:
    """Every window command, connected to its slot on ``w``."""
    quit_action = _action(w, "&Quit", w.close, Key.Quit, "Quit Nonostudio")
    if quit_action.shortcut().isEmpty():  # some platforms define no standard Quit key
        quit_action.setShortcut(QKeySequence("Ctrl+Q"))
    quit_action.setMenuRole(QAction.MenuRole.QuitRole)

    undo_group = w.undo_group
    undo = _stack_action(w, "&Undo", undo_group.undo, Key.Undo)
    redo = _stack_action(w, "&Redo", undo_group.redo, Key.Redo)
    _follow_stack(undo_group, undo, redo)

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

    plain = {
        field: _action(w, text, getattr(w, slot), key, tip)
        for field, text, slot, key, tip in COMMANDS
    }
    return WindowActions(
        **plain,
        quit=quit_action,
        undo=undo,
        redo=redo,
        themes=themes,
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
    view_menu.addActions([a.zoom_in, a.zoom_out, a.zoom_fit, a.zoom_reset])
    view_menu.addSeparator()
    view_menu.addMenu("&Colours").addActions(list(a.themes.values()))
    view_menu.addSeparator()
    view_menu.addActions(
        [
            w.library_dock.toggleViewAction(),
            w.check_dock.toggleViewAction(),
            w.difficulty_dock.toggleViewAction(),
            w.designer_dock.toggleViewAction(),
        ]
    )
    bar.addMenu("&Tools").addAction(a.grade_folder)
    help_menu = bar.addMenu("&Help")
    help_menu.addActions([a.guide, a.shortcuts, a.technique_guide])
    help_menu.addSeparator()
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
    toolbar.addActions([a.zoom_out, a.zoom_in, a.zoom_fit])
    toolbar.addSeparator()
    toolbar.addAction(a.export)
