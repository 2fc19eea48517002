"""The main window's commands: one record per command (:data:`COMMANDS`: text, what it runs,
keys, tip, menu and toolbar place), made into one QAction each, shared by menus, toolbar and
shortcuts."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Protocol

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QApplication, QDialog, QDockWidget, QMenuBar, QToolBar

from nonostudio.gui.common.theme import THEME_LABELS, THEMES
from nonostudio.gui.grid.colour import ColourGrid
from nonostudio.gui.grid.view import GridView
from nonostudio.gui.window.file_commands import FileCommands
from nonostudio.gui.window.help_commands import HelpCommands
from nonostudio.gui.window.library_commands import LibraryCommands

Key = QKeySequence.StandardKey


class CommandWindow(Protocol):
    """What the window commands act on and are shown in: the main window."""

    files: FileCommands
    library_commands: LibraryCommands
    help: HelpCommands
    undo_group: QUndoGroup
    library_dock: QDockWidget
    check_dock: QDockWidget
    difficulty_dock: QDockWidget
    designer_dock: QDockWidget

    def active_grid(self) -> GridView | ColourGrid: ...

    def close(self) -> bool: ...

    def set_theme(self, theme: str) -> None: ...

    def show_shortcuts(self) -> QDialog: ...

    def menuBar(self) -> QMenuBar: ...

    def addToolBar(self, title: str) -> QToolBar: ...


@dataclass(frozen=True)
class Command:
    """One window command: everything about it in one record.

    ``menu`` names the menu it is in and ``section`` its group there (a separator between
    groups); the menus and :meth:`WindowActions.all` list the commands in the order of
    :data:`COMMANDS`.  ``toolbar`` is ``(group, position)`` on the main toolbar, None for none.
    ``undo_stack``: Undo or Redo, whose state and tips follow the window's undo group.
    """

    name: str
    text: str
    run: Callable[[CommandWindow], object]
    keys: Key | str | None
    tip: str
    menu: str = ""
    section: int = 0
    toolbar: tuple[int, int] | None = None
    role: QAction.MenuRole | None = None
    undo_stack: bool = False


MENUS = ("&File", "&Edit", "&View", "&Tools", "&Help")

# Every command of the window, in menu order.
COMMANDS: tuple[Command, ...] = (
    Command(
        "new",
        "&New",
        lambda w: w.files.new_puzzle(),
        Key.New,
        "Start an empty puzzle",
        menu="&File",
        toolbar=(0, 0),
    ),
    Command(
        "new_colour",
        "New &Colour Puzzle",
        lambda w: w.files.new_colour_puzzle(),
        None,
        "Start an empty colour picture (white, black, red and blue; add colours in the palette)",
        menu="&File",
    ),
    Command(
        "open",
        "&Open…",
        lambda w: w.files.choose_and_open(),
        Key.Open,
        "Open a puzzle file",
        menu="&File",
        toolbar=(0, 1),
    ),
    Command(
        "save",
        "&Save",
        lambda w: w.files.save(),
        Key.Save,
        "Save the puzzle",
        menu="&File",
        toolbar=(0, 2),
    ),
    Command(
        "save_as",
        "Save &As…",
        lambda w: w.files.save_as(),
        Key.SaveAs,
        "Save the puzzle to a new file",
        menu="&File",
    ),
    Command(
        "paste",
        "&Paste Puzzle String…",
        lambda w: w.files.paste_puzzle_string(),
        "Ctrl+Shift+V",
        "Type or paste a puzzle string",
        menu="&File",
        section=1,
    ),
    Command(
        "import_image",
        "&Import Image…",
        lambda w: w.files.import_image(),
        "Ctrl+I",
        "Build a puzzle from a picture",
        menu="&File",
        section=1,
    ),
    Command(
        "export",
        "&Export Picture…",
        lambda w: w.files.export_picture(),
        "Ctrl+E",
        "Save the puzzle as PNG, SVG or PDF",
        menu="&File",
        section=1,
        toolbar=(3, 0),
    ),
    Command(
        "quit",
        "&Quit",
        lambda w: w.close(),
        Key.Quit,
        "Quit Nonostudio",
        menu="&File",
        section=2,
        role=QAction.MenuRole.QuitRole,
    ),
    Command(
        "undo",
        "&Undo",
        lambda w: w.undo_group.undo(),
        Key.Undo,
        "",
        menu="&Edit",
        toolbar=(1, 0),
        undo_stack=True,
    ),
    Command(
        "redo",
        "&Redo",
        lambda w: w.undo_group.redo(),
        Key.Redo,
        "",
        menu="&Edit",
        toolbar=(1, 1),
        undo_stack=True,
    ),
    Command(
        "zoom_in",
        "Zoom &In",
        lambda w: w.active_grid().zoom_in(),
        Key.ZoomIn,
        "Make the grid in view bigger",
        menu="&View",
        toolbar=(2, 1),
    ),
    Command(
        "zoom_out",
        "Zoom &Out",
        lambda w: w.active_grid().zoom_out(),
        Key.ZoomOut,
        "Make the grid in view smaller",
        menu="&View",
        toolbar=(2, 0),
    ),
    Command(
        "zoom_fit",
        "&Fit to Window",
        lambda w: w.active_grid().fit_to_window(),
        "Ctrl+0",
        "Show the whole grid in view, as large as it fits",
        menu="&View",
        toolbar=(2, 2),
    ),
    Command(
        "zoom_reset",
        "&Actual Size",
        lambda w: w.active_grid().zoom_reset(),
        "Ctrl+1",
        "Show the grid in view at its normal cell size",
        menu="&View",
    ),
    Command(
        "grade_folder",
        "&Grade Folder…",
        lambda w: w.library_commands.grade_folder(),
        "Ctrl+Shift+G",
        "Grade the difficulty of every puzzle file in a folder",
        menu="&Tools",
    ),
    Command(
        "guide",
        "Nonostudio &Guide",
        lambda w: w.help.show_guide(),
        Key.HelpContents,
        "Getting started, the three ways to work, verdicts and tiers",
        menu="&Help",
    ),
    Command(
        "shortcuts",
        "&Keyboard Shortcuts",
        lambda w: w.show_shortcuts(),
        "Ctrl+/",
        "Every command's keyboard shortcut",
        menu="&Help",
    ),
    Command(
        "technique_guide",
        "&Technique Guide",
        lambda w: w.help.open_technique_guide(),
        None,
        "The solving techniques with worked examples, in your web browser",
        menu="&Help",
    ),
    Command(
        "open_log_folder",
        "Open &Log Folder",
        lambda w: w.help.open_log_folder(),
        None,
        "Show the folder of Nonostudio's log files (for problem reports)",
        menu="&Help",
        section=1,
    ),
    Command(
        "about",
        "&About Nonostudio",
        lambda w: w.help.about(),
        None,
        "",
        menu="&Help",
        section=2,
        role=QAction.MenuRole.AboutRole,
    ),
    Command(
        "about_qt",
        "About &Qt",
        lambda _w: QApplication.aboutQt(),
        None,
        "",
        menu="&Help",
        section=2,
        role=QAction.MenuRole.AboutQtRole,
    ),
)


def check_commands(commands: Sequence[Command]) -> None:
    """Raise ValueError naming the command when a record is incomplete or clashes: no text, a
    menu that does not exist, a name or toolbar place used twice, sections out of order."""
    names: set[str] = set()
    places: set[tuple[int, int]] = set()
    last: tuple[int, int] = (0, 0)
    for command in commands:
        where = f"window command {command.name!r}"
        if not command.name.isidentifier():
            raise ValueError(f"{where}: the name must be an identifier")
        if command.name in names:
            raise ValueError(f"{where}: the name is used twice")
        names.add(command.name)
        if not command.text:
            raise ValueError(f"{where}: no menu text")
        if not callable(command.run):
            raise ValueError(f"{where}: nothing to run")
        if command.menu not in MENUS:
            raise ValueError(f"{where}: no menu {command.menu!r} (the menus: {', '.join(MENUS)})")
        order = (MENUS.index(command.menu), command.section)
        if order < last:
            raise ValueError(f"{where}: out of menu order (COMMANDS lists the menus in order)")
        last = order
        if command.toolbar is not None:
            if command.toolbar in places:
                raise ValueError(f"{where}: toolbar place {command.toolbar} is taken")
            places.add(command.toolbar)
        if command.keys is not None and not command.tip and not command.undo_stack:
            raise ValueError(f"{where}: a shortcut without a tip")


class WindowActions:
    """The window's commands as QActions, by name (``actions.save``), and the colour themes."""

    def __init__(self, actions: dict[str, QAction], themes: dict[str, QAction]) -> None:
        self._actions = actions
        self.themes = themes

    def action(self, name: str) -> QAction:
        """The action of the command called ``name`` (KeyError when there is none)."""
        return self._actions[name]

    def __getattr__(self, name: str) -> QAction:
        try:
            return self.__dict__["_actions"][name]
        except KeyError:
            raise AttributeError(f"no window command {name!r}") from None

    def all(self) -> list[QAction]:
        """Every command, in menu order (for the shortcut list)."""
        return list(self._actions.values())


def _action(
    window: QObject,
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


def _stack_action(window: QObject, text: str, slot: Callable[[], object], key: Key) -> QAction:
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


def create_actions(
    w: CommandWindow, parent: QObject, commands: Sequence[Command] = COMMANDS
) -> WindowActions:
    """Every window command of ``commands``, connected to the window ``w`` (the actions'
    ``parent``, as a QObject)."""
    check_commands(commands)
    actions: dict[str, QAction] = {}
    for command in commands:
        run = command.run
        if command.undo_stack:
            assert isinstance(command.keys, Key)
            action = _stack_action(parent, command.text, partial(run, w), command.keys)
        else:
            action = _action(parent, command.text, partial(run, w), command.keys, command.tip)
        if command.role is not None:
            action.setMenuRole(command.role)
        actions[command.name] = action
    if (quit_action := actions.get("quit")) is not None and quit_action.shortcut().isEmpty():
        quit_action.setShortcut(QKeySequence("Ctrl+Q"))  # some platforms define no Quit key
    if "undo" in actions and "redo" in actions:
        _follow_stack(w.undo_group, actions["undo"], actions["redo"])

    group = QActionGroup(parent)
    themes: dict[str, QAction] = {}
    for theme in THEMES:
        action = QAction(THEME_LABELS[theme], group, checkable=True)
        action.triggered.connect(lambda _checked, t=theme: w.set_theme(t))
        themes[theme] = action
    return WindowActions(actions, themes)


def install_menus(
    w: CommandWindow, a: WindowActions, commands: Sequence[Command] = COMMANDS
) -> None:
    """The menu bar (File, Edit, View, Tools, Help) and the main toolbar, from ``commands``."""
    bar = w.menuBar()
    for title in MENUS:
        menu = bar.addMenu(title)
        section: int | None = None
        for command in (c for c in commands if c.menu == title):
            if section is not None and command.section != section:
                menu.addSeparator()
            section = command.section
            menu.addAction(a.action(command.name))
        if title == "&View":
            menu.addSeparator()
            menu.addMenu("&Colours").addActions(list(a.themes.values()))
            menu.addSeparator()
            menu.addActions(
                [
                    w.library_dock.toggleViewAction(),
                    w.check_dock.toggleViewAction(),
                    w.difficulty_dock.toggleViewAction(),
                    w.designer_dock.toggleViewAction(),
                ]
            )

    toolbar = w.addToolBar("Main")
    toolbar.setObjectName("mainToolBar")
    toolbar.setMovable(False)
    toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    placed = sorted((c.toolbar, c.name) for c in commands if c.toolbar is not None)
    group: int | None = None
    for (section, _position), name in placed:
        if group is not None and section != group:
            toolbar.addSeparator()
        group = section
        toolbar.addAction(a.action(name))
