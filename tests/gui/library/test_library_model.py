"""The library table model and its sort/filter proxy."""

from __future__ import annotations

from PySide6.QtCore import Qt

from nonostudio.core.library import Library
from nonostudio.gui.library.model import (
    AUTHOR,
    ID_ROLE,
    LICENCE,
    SIZE,
    TITLE,
    VERDICT,
    LibraryFilterModel,
    LibraryModel,
)


def column(model, col: int) -> list[str]:
    return [model.index(r, col).data() for r in range(model.rowCount())]


def test_model_passes_qtmodeltester(qtmodeltester, small_library: Library) -> None:
    model = LibraryModel(small_library)
    qtmodeltester.check(model)
    proxy = LibraryFilterModel()
    proxy.setSourceModel(model)
    qtmodeltester.check(proxy)


def test_model_shows_listing_columns(small_library: Library) -> None:
    model = LibraryModel(small_library)
    assert [model.headerData(c, Qt.Orientation.Horizontal) for c in range(5)] == [
        "Title",
        "Size",
        "Author",
        "Licence",
        "Verdict",
    ]
    assert column(model, TITLE) == ["Tee", "Block", "zebra crossing"]
    assert column(model, SIZE) == ["5x3", "2x2", "4x1"]
    assert column(model, AUTHOR) == ["Ann", "Bob", "Ann"]
    assert column(model, LICENCE) == ["MIT", "CC0-1.0", ""]
    assert "tee.non" in model.index(0, TITLE).data(Qt.ItemDataRole.ToolTipRole)


def test_refresh_picks_up_changes_and_verdicts(qtbot, small_library: Library) -> None:
    model = LibraryModel(small_library)
    first_id = model.index(0, TITLE).data(ID_ROLE)
    small_library.set_verdict(first_id, "unique, line logic")
    with qtbot.waitSignal(model.modelReset):
        model.refresh()
    assert model.index(0, VERDICT).data() == "unique, line logic"
    small_library.remove(first_id)
    model.refresh()
    assert model.rowCount() == 2 and model.row_of(first_id) == -1


def test_proxy_sorts_size_by_cell_count_and_titles_ignoring_case(small_library: Library) -> None:
    model = LibraryModel(small_library)
    proxy = LibraryFilterModel()
    proxy.setSourceModel(model)
    proxy.sort(SIZE, Qt.SortOrder.AscendingOrder)
    assert column(proxy, SIZE) == ["2x2", "4x1", "5x3"]
    proxy.sort(TITLE, Qt.SortOrder.AscendingOrder)
    assert column(proxy, TITLE) == ["Block", "Tee", "zebra crossing"]


def test_proxy_filters_on_any_column(small_library: Library) -> None:
    model = LibraryModel(small_library)
    proxy = LibraryFilterModel()
    proxy.setSourceModel(model)
    proxy.setFilterFixedString("ann")
    assert sorted(column(proxy, TITLE)) == ["Tee", "zebra crossing"]
    proxy.setFilterFixedString("cc0")
    assert column(proxy, TITLE) == ["Block"]
    proxy.setFilterFixedString("no such thing")
    assert proxy.rowCount() == 0


def test_unloaded_model_and_background_results(
    qtbot, qtmodeltester, small_library: Library
) -> None:
    from nonostudio.gui.library.model import DIFFICULTY

    model = LibraryModel(small_library, load=False)
    assert model.rowCount() == 0 and not model.loaded()
    model.refresh()
    assert model.loaded() and model.rowCount() == 3
    tip = model.index(1, VERDICT).data(Qt.ItemDataRole.ToolTipRole)
    assert "Not checked yet" in tip
    block = model.entry(1).id
    with qtbot.waitSignal(model.dataChanged) as changed:
        assert model.set_cached(block, "unique, line-solvable", "Beginner")
    assert (changed.args[0].column(), changed.args[1].column()) == (VERDICT, DIFFICULTY)
    assert model.index(1, VERDICT).data() == "unique, line-solvable"
    assert model.index(1, VERDICT).data(Qt.ItemDataRole.ToolTipRole) == "unique, line-solvable"
    assert model.index(1, DIFFICULTY).data() == "Beginner"
    assert model.set_cached(block, "", "") and model.index(1, DIFFICULTY).data() == "Beginner"
    assert not model.set_cached(9999, "x", "y")
    qtmodeltester.check(model)


def test_the_filter_reads_no_cell_through_qt_and_follows_changes(
    monkeypatch, small_library: Library
) -> None:
    """Qt's own filter asks every cell of every row for its text, a call into Python each: one
    keystroke held the window 0.2 s on 10,000 puzzles.  The proxy looks in the rows' texts
    worked out once, and finds what Qt's filter found; a verdict found later and a new order
    are followed."""
    from dataclasses import replace

    from nonostudio.gui.library.model import DIFFICULTY

    model = LibraryModel(small_library)
    tee, block, zebra = (model.entry(row) for row in range(3))
    many = [
        replace(entry, id=100 + i, title=f"{entry.title} {i}" if i % 50 else "")
        for i, entry in enumerate([tee, block, zebra] * 200)
    ]
    model.refresh(many)
    proxy = LibraryFilterModel()
    proxy.setSourceModel(model)
    asked: list[int] = []
    data = LibraryModel.data
    monkeypatch.setattr(
        LibraryModel,
        "data",
        lambda self, index, role=0: asked.append(role) or data(self, index, role),
    )
    want = {
        needle: sum(
            1
            for entry in many
            if any(needle.casefold() in str(col.text(entry)).casefold() for col in model.columns)
        )
        for needle in ("ANN", "cc0", "(untitled)", "7", "5x3", "no such thing")
    }
    for needle, count in want.items():
        proxy.setFilterFixedString(needle)
        assert proxy.rowCount() == count, needle
    assert asked == []  # not one cell asked for its text
    assert want["(untitled)"] == 12 and 0 < want["7"] < len(many)
    monkeypatch.setattr(LibraryModel, "data", data)

    proxy.setFilterFixedString("Beginner")
    assert proxy.rowCount() == 0
    model.set_cached(105, "unique, line-solvable", "Beginner")  # found by the checks
    assert [proxy.index(r, TITLE).data() for r in range(proxy.rowCount())] == ["zebra crossing 5"]
    model.sort(SIZE, Qt.SortOrder.DescendingOrder)  # the rows move under the filter
    proxy.setFilterFixedString("block 1")
    shown = sorted(proxy.index(r, TITLE).data() for r in range(proxy.rowCount()))
    assert shown == sorted(e.title for e in many if "block 1" in e.title.casefold())
    assert model.entry(proxy.mapToSource(proxy.index(0, 0)).row()).title in shown
    assert proxy.index(0, DIFFICULTY).data() == ""


def test_titles_sort_numbers_by_value(tmp_path) -> None:
    """A collection's numbered titles sort 2 before 10 (Janko's 'Nonogram_dataset 1567_25x25'
    sorted as text put 1000 before 2 and 99); a long number and leading zeros sort too."""
    from nonostudio.core.puzzle import Puzzle

    lib = Library(tmp_path / "lib.sqlite3")
    titles = ["Set 10", "set 2", "Set 1000", "Set 99", "Set 02", "Set " + "9" * 5000, "Set"]
    try:
        for n, title in enumerate(titles):
            lib.add(Puzzle.from_grid([[True] * (n + 1)], title=title))
        proxy = LibraryFilterModel()
        proxy.setSourceModel(LibraryModel(lib))
        proxy.sort(TITLE, Qt.SortOrder.AscendingOrder)
        shown = column(proxy, TITLE)
        assert shown[:6] == ["Set", "set 2", "Set 02", "Set 10", "Set 99", "Set 1000"]
        assert shown[6].startswith("Set 999")
        proxy.sort(TITLE, Qt.SortOrder.DescendingOrder)
        assert column(proxy, TITLE)[1:] == shown[:6][::-1]
    finally:
        lib.close()
