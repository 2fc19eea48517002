"""``nonostudio a.non b.non …``: the files after the first are added to the library by the
background import Import Files uses (progress under the library's table, the window taking
events), not all at once before the window takes its first event."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from nonostudio.core.formats import write_file
from nonostudio.core.library import Library
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui import app
from nonostudio.gui.window.main_window import MainWindow


def titles(library: Library) -> set[str]:
    return {entry.title for entry in library.entries()}


def test_extra_files_are_imported_in_the_background(
    qapp: QApplication, data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = tmp_path / "first.non"
    write_file(Puzzle(((1,),), ((1,),), title="First"), first)
    more = []
    for k in range(6):
        path = tmp_path / f"more{k}.non"
        write_file(Puzzle.from_grid(np.ones((1, k + 1), dtype=np.int8)), path)  # untitled
        more.append(path)
    again = tmp_path / "again.non"  # more0's puzzle again: a file that adds no puzzle
    write_file(Puzzle.from_grid(np.ones((1, 1), dtype=np.int8)), again)
    more.append(again)
    bad = tmp_path / "bad.non"
    bad.write_text("width 2\nheight 1\nrows\n3\ncolumns\n1\n1\n")
    seen: dict[str, object] = {}
    boxes: list[str] = []

    def answer(box: QMessageBox) -> int:  # the import's box naming the bad file
        boxes.append(box.informativeText())
        return QMessageBox.StandardButton.Ok.value

    earlier = {id(w) for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)}

    def run_event_loop(_app: QApplication) -> int:
        # the window app.main made, not one an earlier test left behind (its library closed)
        (window,) = (
            w
            for w in QApplication.topLevelWidgets()
            if isinstance(w, MainWindow) and id(w) not in earlier
        )
        library = window.library_view.library
        seen["before"] = titles(library)
        importer = window.library_view.importer
        deadline = time.monotonic() + 20
        started = False
        while time.monotonic() < deadline:
            QApplication.processEvents()
            started = started or importer.is_running()
            if started and not importer.is_running() and boxes:
                break
            time.sleep(0.005)
        seen["started"] = started
        seen["after"] = titles(library)
        seen["status"] = window.statusBar().currentMessage()
        window.autosaver.close()
        window.hide()
        return 0

    monkeypatch.setattr(QMessageBox, "exec", answer)
    monkeypatch.setattr(QApplication, "exec", run_event_loop)
    assert app.main([str(first), *map(str, more), str(bad)]) == 0
    names = {f"more{k}" for k in range(6)}
    assert not names & set(seen["before"]), "imported before the window took events"
    assert seen["started"], "the background import never ran"
    assert names <= set(seen["after"])
    assert len(boxes) == 1 and "bad.non" in boxes[0]
    assert "again" not in seen["after"]
    # 8 files (6 puzzles, one repeated, one unreadable) after the first: the status line said
    # '6 more files added to the library', the puzzles added counted as files
    assert seen["status"] == (
        f"Opened {first}; library import of 8 files: 6 puzzles added, 1 the same puzzle as an "
        "earlier file of this import (not added again; 1 of them there under another title: "
        "again.non as “more0”); 1 could not be read: " + boxes[0].splitlines()[0]
    )
