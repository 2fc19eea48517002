"""A studio that opens a library another studio (or the command line) recovered from a damaged
file tells its user once, in a box that does not block the window: what happened, how many
puzzles came back and how many could not be read, and where the damaged copy is.  A later start
says nothing, nor does a studio that recovered the library itself (its start-up said so).  Before,
the second studio opened the recovered library without a word (the real start-up, ``app.main``)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import numpy as np
import pytest
from library_pages import PAGE, page_holding
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot
from studio_window import discard_on_question, show_window, start_as_nonostudio

from nonostudio.core.library import Library, LibraryError
from nonostudio.core.paths import library_db_path
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.window.main_window import MainWindow


def write_library(db: Path, n: int = 120) -> None:
    """A library of ``n`` puzzles (seeded: the samples are not added)."""
    db.parent.mkdir(parents=True, exist_ok=True)
    with Library(db) as lib:
        for i in range(n):
            grid = (np.random.default_rng(i).random((6, 6)) < 0.5).astype(np.int8)
            lib.add(Puzzle.from_grid(grid, title=f"puzzle {i:03d}", author="Ann " * 30))
    conn = sqlite3.connect(db)
    conn.execute("INSERT INTO meta (key, value) VALUES ('samples_seeded', 'then')")
    conn.commit()
    conn.close()


def wipe_a_page(db: Path) -> bytes:
    """Overwrite (in place) the page holding puzzle 060 with junk; the file's bytes."""
    page = page_holding(db.read_bytes(), "puzzle 060")
    with db.open("r+b") as file:
        file.seek((page - 1) * PAGE)
        file.write(b"\x07" * PAGE)
    return db.read_bytes()


def damaged_library(db: Path, n: int = 120) -> bytes:
    """A library of ``n`` puzzles with one page of puzzles wiped; its bytes."""
    write_library(db, n)
    return wipe_a_page(db)


def start_studio(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> dict[str, object]:
    """Run the studio's start-up (``app.main``) until its window is ready; what it showed: the
    blocking boxes, and the recovery notices with whether they block."""
    seen: dict[str, object] = {"boxes": []}

    def record_box(_parent: object, _title: str, text: str, *args: object) -> int:
        seen["boxes"].append(text)  # type: ignore[attr-defined]
        return QMessageBox.StandardButton.Ok.value

    def in_event_loop(window: MainWindow) -> None:
        qtbot.waitUntil(window.is_ready, timeout=20000)
        notices = [
            box for box in window.findChildren(QMessageBox, "recoveryNotice") if box.isVisible()
        ]
        seen["notices"] = [
            (box.text(), box.windowModality() == Qt.WindowModality.NonModal) for box in notices
        ]
        seen["entries"] = len(window.library.entries())
        for box in notices:
            box.close()
        window.cancel_background()

    with monkeypatch.context() as patch:
        patch.setattr(QMessageBox, "warning", record_box)
        assert start_as_nonostudio(patch, in_event_loop) == 0
    return seen


def test_a_library_another_studio_recovered_is_told_once(
    qtbot: QtBot, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = library_db_path()
    damaged = damaged_library(db)
    with pytest.raises(LibraryError) as info:  # another studio (or nonostudio-cli) opens it
        Library(db)
    report = info.value
    aside = report.moved_to
    assert aside is not None and report.recovered is not None and 100 < report.recovered < 120

    first = start_studio(qtbot, monkeypatch)
    assert first["boxes"] == []  # nothing blocks the start
    ((text, non_modal),) = first["notices"]  # type: ignore[misc]
    assert non_modal and first["entries"] == report.recovered
    assert text.startswith(f"The puzzle library {db} was found damaged on ")
    assert f"{report.recovered} puzzles could still be read and were recovered" in text
    # a page of puzzles lost: the scan could not cross it, so the count of the lost is unknown
    assert "(part of the file could not be searched, so others may be missing: they are " in text
    told = str(report).split("recovered into a new library in its place")[1].split(". ")[0]
    assert told in text  # the words the recovering studio's user read
    assert text.endswith(f"The damaged file is kept unchanged as {aside}.")
    assert aside.read_bytes() == damaged

    again = start_studio(qtbot, monkeypatch)  # a later start: told already
    assert again["boxes"] == [] and again["notices"] == []


def test_a_studio_that_recovers_the_library_itself_says_it_once(
    qtbot: QtBot, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = library_db_path()
    damaged_library(db)
    first = start_studio(qtbot, monkeypatch)
    (box,) = first["boxes"]  # type: ignore[misc]
    assert "could still be read and were recovered" in box and first["notices"] == []
    again = start_studio(qtbot, monkeypatch)
    assert again["boxes"] == [] and again["notices"] == []


def notices(window: MainWindow) -> list[str]:
    return [
        box.text() for box in window.findChildren(QMessageBox, "recoveryNotice") if box.isVisible()
    ]


def test_a_studio_with_the_library_open_tells_once_when_another_recovers_it(
    qtbot: QtBot, tmp_path: Path, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The studio follows the recovered file at its next read or write; the damaged copy that
    appeared beside it is told of at the next write, once."""
    db = tmp_path / "library.sqlite3"
    write_library(db)
    discard_on_question(monkeypatch)
    window = show_window(qtbot, Library(db), settings)
    try:
        first = window.library.entries()[0].id
        assert notices(window) == []
        damaged = wipe_a_page(db)  # the disk damages it under the studio...
        with pytest.raises(LibraryError) as info:  # ...and another studio recovers it
            Library(db)
        aside = info.value.moved_to
        assert aside is not None and aside.read_bytes() == damaged
        window.library.set_verdict(first, "checked here")  # a write: the recovered file
        window.update_banner()  # (as after every write the window makes)
        (said,) = notices(window)
        assert f"{info.value.recovered} puzzles could still be read and were recovered" in said
        assert said.endswith(f"The damaged file is kept unchanged as {aside}.")
        for box in window.findChildren(QMessageBox, "recoveryNotice"):
            box.close()
        assert window.library_commands.add_to_library() is not None  # another write
        window.update_banner()
        assert notices(window) == []  # told once
        with Library(db) as now:
            assert now.entries()[0].verdict == "checked here"
    finally:
        window.library.close()
