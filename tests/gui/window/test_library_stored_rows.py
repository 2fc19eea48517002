"""Add Current Puzzle, Save (a library puzzle changed) and Import Files show the rows written
without reading the library's whole listing again on the GUI thread (10,000 puzzles: ~50 ms for
each; tests/benchmarks/bench_library_table.py): the new or changed row is read alone and put
where the table's order puts it, the same row the whole listing would show."""

from __future__ import annotations

from pathlib import Path

import pytest
from pictures import picture
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from studio_window import OpenWindow

from nonostudio.core.formats import write_file
from nonostudio.core.library import Library
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.library.model import SIZE, TITLE, LibraryModel
from nonostudio.gui.library.view import LibraryView
from nonostudio.gui.window.main_window import MainWindow


@pytest.fixture
def window(open_window: OpenWindow) -> MainWindow:
    return open_window()


@pytest.fixture
def listing_reads(small_library: Library, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """One item per reading of the whole listing on this thread."""
    reads: list[int] = []
    entries = small_library.entries
    monkeypatch.setattr(small_library, "entries", lambda: reads.append(1) or entries())
    return reads


def shown_rows(model: LibraryModel) -> list[tuple[object, ...]]:
    """Every row as the table shows it (each column's text), in the model's order."""
    return [
        tuple(model.index(r, c).data() for c in range(model.columnCount()))
        for r in range(model.rowCount())
    ]


def listed_afresh(library: Library, model: LibraryModel) -> list[tuple[object, ...]]:
    """The rows a model listing ``library`` from scratch, in ``model``'s order, shows."""
    fresh = LibraryModel(library)
    if model._order is not None:
        fresh.sort(*model._order)
    return shown_rows(fresh)


def test_add_current_puzzle_shows_its_row_without_reading_the_listing(
    window: MainWindow, small_library: Library, listing_reads: list[int]
) -> None:
    view = window.library_view
    window.editor.set_puzzle(Puzzle.from_grid(picture("#.#", "###"), title="Arch"))
    id = window.library_commands.add_to_library()
    assert id is not None
    assert listing_reads == []
    assert view.selected_ids() == [id]
    assert shown_rows(view.model) == listed_afresh(small_library, view.model)


def test_save_shows_the_changed_row_without_reading_the_listing(
    window: MainWindow, small_library: Library, listing_reads: list[int]
) -> None:
    view = window.library_view
    block = next(e for e in small_library.entries() if e.title == "Block")
    assert window.files.open_library_puzzle(block.id)
    window.editor.set_puzzle(Puzzle.from_grid(picture("###", "#.#", "###"), title="Ring"))
    assert window.files.save()
    assert listing_reads == [1]  # (the one above, by the test)
    row = view.model.row_of(block.id)
    assert view.model.index(row, TITLE).data() == "Ring"
    assert view.model.index(row, SIZE).data() == "3x3"
    assert view.selected_ids() == [block.id]
    assert shown_rows(view.model) == listed_afresh(small_library, view.model)


@pytest.mark.parametrize("descending", [False, True], ids=["ascending", "descending"])
@pytest.mark.parametrize("column", [TITLE, SIZE], ids=["by-title", "by-size"])
def test_imported_rows_go_where_the_order_puts_them(
    qtbot: QtBot,
    small_library: Library,
    tmp_path: Path,
    listing_reads: list[int],
    column: int,
    descending: bool,
) -> None:
    view = LibraryView(small_library)
    qtbot.addWidget(view)
    order = Qt.SortOrder.DescendingOrder if descending else Qt.SortOrder.AscendingOrder
    view.table.sortByColumn(column, order)
    listing_reads.clear()
    paths = []
    for title, rows in [("Apple", ("#.", ".#")), ("Mango", ("###",)), ("Zed", ("#", "#", "#"))]:
        paths.append(tmp_path / f"{title}.non")
        write_file(Puzzle.from_grid(picture(*rows), title=title), paths[-1])
    added, errors = view.import_files(paths)
    assert (added, errors) == (3, [])
    assert listing_reads == []
    assert shown_rows(view.model) == listed_afresh(small_library, view.model)
    assert len(view.selected_ids()) == 1  # the last one imported


def test_a_big_import_is_listed_again_in_the_background(
    qtbot: QtBot, tmp_path: Path, listing_reads: list[int], small_library: Library
) -> None:
    """More puzzles than are read one by one: the listing is read again, on a worker thread."""
    from nonostudio.gui.library.model import STORED_ONE_BY_ONE

    view = LibraryView(small_library)
    qtbot.addWidget(view)
    listing_reads.clear()
    ids = [
        small_library.add(Puzzle.from_grid(picture("#", "#"), title=f"p{n}"))
        for n in range(STORED_ONE_BY_ONE + 1)
    ]
    with qtbot.waitSignal(view.model.readEnded, timeout=20000):
        view.show_stored(*ids)
    assert listing_reads == []
    assert shown_rows(view.model) == listed_afresh(small_library, view.model)


def test_a_row_stored_under_a_filter_shows_only_if_it_matches(
    qtbot: QtBot, small_library: Library, tmp_path: Path
) -> None:
    view = LibraryView(small_library)
    qtbot.addWidget(view)
    view.filter_edit.setText("mango")
    assert view.proxy.rowCount() == 0
    paths = []
    for title, rows in (("Mango", ("#.", "##")), ("Kiwi", (".#", "##"))):  # (two puzzles)
        paths.append(tmp_path / f"{title}.non")
        write_file(Puzzle.from_grid(picture(*rows), title=title), paths[-1])
    assert view.import_files(paths) == (2, [])
    shown = [view.proxy.index(r, TITLE).data() for r in range(view.proxy.rowCount())]
    assert shown == ["Mango"]
    view.filter_edit.clear()
    assert view.proxy.rowCount() == len(small_library.entries())
