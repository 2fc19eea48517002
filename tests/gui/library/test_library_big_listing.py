"""A big library is listed without holding the window: the rows are sorted once per listing in
Python (one key a row), not by the proxy asking the model for two keys per comparison, and the
columns sized to their text look at the rows in sight, not the first thousand.  A listing of
10,000 puzzles held the window 0.6 s in sorting and 0.5 s in sizing, at every refresh."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from nonostudio.core.library import Library, schema
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.library.model import DIFFICULTY, SIZE, TITLE, LibraryModel
from nonostudio.gui.library.view import LibraryView
from nonostudio.gui.window.main_window import MainWindow

PUZZLES = 3000


@pytest.fixture
def big_library(tmp_path: Path) -> Iterator[Library]:
    rng = np.random.default_rng(5)
    shapes = [
        Puzzle.from_grid((rng.random((size, size + 1)) < 0.5).astype(np.int8))
        for size in range(3, 10)
    ]
    with Library(tmp_path / "big.sqlite3") as lib:

        def add_all(conn: sqlite3.Connection) -> None:
            for i in range(PUZZLES):
                # titles out of id order, some equal: the sort is stable (equal titles by id)
                puzzle = shapes[i % 7].with_meta(title=f"puzzle {(i * 7919) % 1000:04d}")
                conn.execute(schema.INSERT, schema.insert_params(puzzle, "", "then"))

        lib._transaction("add the test's puzzles", add_all)
        yield lib


def test_a_big_listing_asks_the_model_for_the_rows_in_sight_only(
    qtbot: QtBot, big_library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = [0]
    data = LibraryModel.data

    def counted(self: LibraryModel, index: object, role: int = 0) -> object:
        asked[0] += 1
        return data(self, index, role)  # type: ignore[arg-type]

    monkeypatch.setattr(LibraryModel, "data", counted)
    view = LibraryView(big_library)
    qtbot.addWidget(view)
    view.resize(500, 500)
    view.show()
    qtbot.waitExposed(view)
    QApplication.processEvents()
    asked[0] = 0
    view.refresh()
    QApplication.processEvents()
    # the rows in sight (about 20), each column's roles: some hundreds; sorting by the proxy
    # alone asked for over 60,000 keys, and sizing the columns for the first 1000 rows' text
    print(f"the model was asked {asked[0]} times for a listing of {PUZZLES} puzzles")
    assert asked[0] < PUZZLES, f"the model was asked {asked[0]} times for one listing"

    proxy, model = view.proxy, view.model
    titles = [proxy.index(row, TITLE).data() for row in range(proxy.rowCount())]
    ids = [proxy.index(row, TITLE).data(Qt.ItemDataRole.UserRole + 1) for row in range(30)]
    assert titles == sorted(titles) and len(titles) == PUZZLES
    assert ids[:3] == sorted(ids[:3])  # equal titles keep the order they were added in
    # a puzzle added since comes in its place at the next listing, and the order is kept
    new = big_library.add(Puzzle.from_grid(np.ones((2, 2), np.int8), title="puzzle 0000a"))
    view.refresh()
    assert proxy.index(3, TITLE).data() == "puzzle 0000a" and model.row_of(new) >= 0
    # another column, descending: by its sort key (size by cells), the selection following
    view.select_id(new)
    proxy.sort(SIZE, Qt.SortOrder.DescendingOrder)
    cells = [model.entry(proxy.mapToSource(proxy.index(r, 0)).row()) for r in range(PUZZLES)]
    areas = [e.width * e.height for e in cells]
    assert areas == sorted(areas, reverse=True)
    assert (
        view.selected_ids() == [new]
        and proxy.index(proxy.rowCount() - 1, 0).data(Qt.ItemDataRole.UserRole + 1) == new
    )  # the 2x2 is the smallest
    # a grade found in the background moves its row when sorted by difficulty
    proxy.sort(DIFFICULTY, Qt.SortOrder.AscendingOrder)
    last = proxy.index(proxy.rowCount() - 1, 0).data(Qt.ItemDataRole.UserRole + 1)
    assert model.set_cached(last, "unique", "Beginner")
    assert proxy.index(0, 0).data(Qt.ItemDataRole.UserRole + 1) == last


def test_after_a_change_the_checks_start_from_the_rows_shown_without_a_new_listing(
    qtbot: QtBot, window: MainWindow, small_library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The background checks start again from the rows the view shows, after a pause in which
    the window paints them; the puzzle added is shown from its row alone, and the checks do not
    read the whole listing again either."""
    filler = window.library_commands.start_background_checks()
    qtbot.waitUntil(lambda: not filler.is_running(), timeout=20000)
    reads = []
    entries = small_library.entries
    monkeypatch.setattr(small_library, "entries", lambda: reads.append(1) or entries())
    started = []
    start = filler.start
    monkeypatch.setattr(filler, "start", lambda rows=None: started.append(rows) or start(rows))
    window.editor.new_puzzle(2, 2)
    window.editor.grid.set_cells(np.ones((2, 2), np.int8))
    new = window.library_commands.add_to_library()
    qtbot.waitUntil(lambda: bool(started), timeout=5000)
    assert reads == []  # (the view read the new row alone)
    (rows,) = started
    assert rows is not None and [e.id for e in rows] == [e.id for e in entries()]
    assert new in [e.id for e in rows]
    qtbot.waitUntil(lambda: not filler.is_running(), timeout=20000)
    assert small_library.entries()[-1].verdict  # the new puzzle was checked


def test_the_background_checks_start_from_the_listing_the_view_has_read(
    window: MainWindow, small_library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At start-up (the window ready, its listing read) the checks do not read it again."""
    reads = []
    entries = small_library.entries
    monkeypatch.setattr(small_library, "entries", lambda: reads.append(1) or entries())
    filler = window.library_commands.start_background_checks()
    assert reads == [] and filler.remaining() == len(entries())
