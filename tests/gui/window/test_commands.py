"""The window's commands are one record each (``COMMANDS``): every record becomes an action in
its menu, the shortcut list and its toolbar place, and a record that is incomplete or clashes
with another is refused by name before any action is made."""

from __future__ import annotations

import dataclasses

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QToolBar

from nonostudio.core.library import Library
from nonostudio.gui.window.actions import COMMANDS, Command, check_commands, create_actions
from nonostudio.gui.window.main_window import MainWindow


@pytest.fixture
def window(qtbot, small_library: Library, settings: QSettings):
    win = MainWindow(small_library, settings)
    qtbot.addWidget(win)
    yield win
    win.cancel_background()


def test_every_command_record_is_an_action_in_its_menu_and_the_shortcut_list(
    window: MainWindow,
) -> None:
    menus = {m.text(): m.menu().actions() for m in window.menuBar().actions()}
    toolbar = window.findChild(QToolBar, "mainToolBar")
    assert toolbar is not None
    on_toolbar = [a for a in toolbar.actions() if not a.isSeparator()]
    listed = window.commands.all()
    assert len(listed) == len(COMMANDS)
    for command, action in zip(COMMANDS, listed, strict=True):
        assert (
            action is window.commands.action(command.name) is getattr(window.commands, command.name)
        )
        assert action.text() == command.text
        assert action in menus[command.menu], command.name
        assert (action in on_toolbar) == (command.toolbar is not None), command.name
        if command.tip:
            assert action.statusTip() == command.tip
    # the toolbar follows the records' places: New Open Save | Undo Redo | Zoom out, in, fit |
    # Export
    places = sorted((c.toolbar, c.name) for c in COMMANDS if c.toolbar is not None)
    assert on_toolbar == [window.commands.action(name) for _, name in places]
    with pytest.raises(AttributeError, match="no window command 'sav'"):
        _ = window.commands.sav


def test_a_command_runs_what_its_record_says(window: MainWindow, monkeypatch) -> None:
    ran: list[str] = []
    monkeypatch.setattr(window.library_commands, "grade_folder", lambda: ran.append("grade"))
    window.commands.grade_folder.trigger()
    assert ran == ["grade"]
    assert window.commands.grade_folder.shortcut() == QKeySequence("Ctrl+Shift+G")


SAVE = next(c for c in COMMANDS if c.name == "save")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"menu": ""}, "window command 'extra': no menu ''"),
        ({"menu": "&Window"}, "window command 'extra': no menu '&Window'"),
        ({"text": ""}, "window command 'extra': no menu text"),
        ({"name": "save"}, "window command 'save': the name is used twice"),
        ({"name": "save as"}, "window command 'save as': the name must be an identifier"),
        ({"toolbar": SAVE.toolbar}, "window command 'extra': toolbar place (0, 2) is taken"),
        ({"tip": ""}, "window command 'extra': a shortcut without a tip"),
        ({"menu": "&File"}, "window command 'extra': out of menu order"),
    ],
)
def test_a_partial_or_clashing_record_is_refused(
    change: dict[str, object], message: str, qtbot, small_library: Library, settings
) -> None:
    extra = dataclasses.replace(
        Command("extra", "E&xtra", lambda w: None, "Ctrl+Shift+X", "An extra command", "&Help", 2),
        **change,
    )
    commands = (*COMMANDS, extra)
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        check_commands(commands)
    window = MainWindow(small_library, settings)
    qtbot.addWidget(window)
    try:
        with pytest.raises(ValueError, match="window command"):
            create_actions(window, window, commands)
    finally:
        window.cancel_background()


def test_the_window_table_passes_its_own_check() -> None:
    check_commands(COMMANDS)  # (create_actions runs it for every window too)
