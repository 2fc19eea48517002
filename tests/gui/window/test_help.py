"""The Help menu: the built-in guide, the shortcut list made from the real actions, and the
technique guide written once and opened in the browser."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt, QThreadPool, QUrl
from PySide6.QtGui import QDesktopServices, QKeySequence
from PySide6.QtWidgets import QDialog

from nonostudio.gui.dialogs import help as help_module
from nonostudio.gui.window.main_window import MainWindow


@pytest.fixture
def window(qtbot, small_library, tmp_path):
    win = MainWindow(small_library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    yield win
    win.cancel_background()
    assert QThreadPool.globalInstance().waitForDone(20000)


def test_the_guide_covers_the_three_workflows_verdicts_and_tiers(qtbot, window) -> None:
    dialog = window.help.show_guide()
    text = dialog.browser.toPlainText()
    for heading in (
        "Getting started",
        "Designing a puzzle",
        "Solving (the player's way)",
        "Importing puzzles",
        "What the verdicts mean",
        "What the difficulty tiers",
    ):
        assert heading in text
    for verdict in (
        "Unique, line-solvable",
        "Unique, needs search",
        "Multiple solutions",
        "No solution",
        "Undecided",
    ):
        assert verdict in text
    assert "Beginner" in text and "Expert" in text and "Chained contradictions" in text
    assert window.help.show_guide() is dialog  # one guide window at a time


def test_the_shortcut_list_is_made_from_the_actions(qtbot, window) -> None:
    rows = window.shortcut_rows()
    keys = {(where, command): k for where, command, k in rows}
    native = QKeySequence.SequenceFormat.NativeText
    assert keys[("Anywhere", "Save")] == ", ".join(
        k.toString(native) for k in window.commands.save.shortcuts()
    )
    assert keys[("Anywhere", "Save")].startswith(QKeySequence("Ctrl+S").toString(native))
    assert keys[("Anywhere", "Fit to Window")] == QKeySequence("Ctrl+0").toString(native)
    assert ("Solve tab", "Next line?") in keys  # the Solve view's own actions
    assert ("Library", "Delete") in keys
    # change a shortcut: the list follows
    window.commands.export.setShortcut(QKeySequence("Ctrl+Shift+E"))
    again = {(w, c): k for w, c, k in window.shortcut_rows()}
    assert again[("Anywhere", "Export Picture")] == QKeySequence("Ctrl+Shift+E").toString(native)
    dialog = window.show_shortcuts()
    text = dialog.findChild(type(window.help.show_guide().browser)).toPlainText()
    assert "Export Picture" in text and "Arrow keys" in text
    dialog.close()


@pytest.mark.slow
@pytest.mark.usefixtures("guide_examples_once")  # the samples' examples, traced once
def test_the_technique_guide_is_written_once_and_opened(
    qtbot, window, monkeypatch, tmp_path: Path
) -> None:
    target = tmp_path / "guide" / "techniques.html"
    monkeypatch.setattr(help_module, "technique_guide_path", lambda: target)
    opened: list[str] = []
    monkeypatch.setattr(
        QDesktopServices, "openUrl", lambda url: opened.append(QUrl(url).toLocalFile()) or True
    )
    window.help.open_technique_guide()
    qtbot.waitUntil(lambda: bool(opened), timeout=60000)
    assert opened == [str(target)]
    page = target.read_text(encoding="utf-8")
    assert "<html" in page.lower() and "Overlap" in page
    window.help.open_technique_guide()  # already written: opened at once
    assert opened == [str(target), str(target)]


@pytest.mark.slow
def test_without_a_browser_the_technique_guide_shows_in_a_window(
    qtbot, window, monkeypatch, tmp_path: Path
) -> None:
    target = tmp_path / "techniques.html"
    target.write_text(
        "<html><body><h1>Overlap</h1><p>Count from both ends.</p></body></html>", encoding="utf-8"
    )
    monkeypatch.setattr(help_module, "technique_guide_path", lambda: target)
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: False)
    window.help.open_technique_guide()
    dialog = window.findChild(QDialog, "techniqueGuideDialog")
    assert dialog is not None and dialog.isVisible()
    assert "Count from both ends." in dialog.browser.toPlainText()
    assert str(target) in window.statusBar().currentMessage()
    dialog.close()


def test_the_guide_names_the_solve_tabs_commands_as_they_are_labelled(window) -> None:
    """Each command the Guide's solving section names in bold is a Solve-tab action of that name
    (the Guide said "Show mistakes" for the button labelled "Check")."""
    import re

    from PySide6.QtGui import QAction

    window.finish_start(step_by_step=False)
    section = help_module.guide_html().split("<h2>Solving")[1].split("<h2>")[0]
    named = set(re.findall(r"<b>(.*?)</b>", section))
    labels = {action.text().replace("&", "") for action in window.solve_view.findChildren(QAction)}
    tabs = {window.tabs.tabText(i).replace("&", "") for i in range(window.tabs.count())}
    assert named and "Check" in named
    assert named <= labels | tabs, named - labels - tabs


def test_the_guide_names_the_librarys_import_commands_as_they_are_labelled(window) -> None:
    """The Library's commands the Guide's importing section names in bold are the panel's
    actions of those names, Import Folder among them (the Guide named only Import Files)."""
    import re

    from PySide6.QtGui import QAction

    section = help_module.guide_html().split("<h2>Importing")[1].split("<h2>")[0]
    (item,) = [li for li in section.split("<li>") if "the Library's" in li]
    named = set(re.findall(r"<b>(.*?)</b>", item))
    labels = {
        action.text().replace("&", "").rstrip("…")
        for action in window.library_view.findChildren(QAction)
    }
    assert {"Import Files", "Import Folder"} <= named
    assert named <= labels, named - labels


def test_the_grid_keys_in_the_help_are_the_keys_that_mark_a_cell(qtbot) -> None:
    """Every key that marks a cell of the grid is in the help with what it does, and each key
    the help names does that: found by pressing keys on a grid, not read off its table (the
    help named Space and Delete, while Return, Enter and Backspace marked too)."""
    from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
    from nonostudio.gui.solve.grid import SolveGridView

    words = {FILLED: "Fill the cell", CROSSED: "Cross the cell out", UNKNOWN: "Clear the cell"}
    named = {key: what for keys, what in help_module.GRID_KEYS for key in keys.split(", ")}
    candidates = ["Space", "Return", "Enter", "Delete", "Backspace", "Tab", "Escape", "Insert"]
    candidates += [chr(c) for c in range(ord("A"), ord("Z") + 1)]
    marking = {}
    for name in candidates:
        grid = SolveGridView()
        qtbot.addWidget(grid)
        grid.set_clues(((1,),), ((1,), (0,)))
        grid.show()
        grid.setFocus()
        qtbot.keyClick(grid, getattr(Qt.Key, f"Key_{name}"))
        after = int(grid.cells()[0, 0])
        if after == UNKNOWN:  # clearing shows only on a marked cell
            qtbot.keyClick(grid, Qt.Key.Key_Space)
            qtbot.keyClick(grid, getattr(Qt.Key, f"Key_{name}"))
            if int(grid.cells()[0, 0]) != UNKNOWN:
                continue
        marking[name] = words[after]
    assert {"Space", "X", "Delete"} <= set(marking)
    assert {name: named.get(name) for name in marking} == marking
