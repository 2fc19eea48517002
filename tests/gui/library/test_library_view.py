"""The library panel driven as a user would: filter, open, delete with confirmation, import."""

from __future__ import annotations

from pathlib import Path

from library_views import make_view, visible_titles
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from nonostudio.core.library import Library
from nonostudio.gui.library.model import TITLE


def test_typing_in_the_filter_narrows_the_list(qtbot, small_library: Library) -> None:
    view = make_view(qtbot, small_library)
    assert visible_titles(view) == ["Block", "Tee", "zebra crossing"]
    qtbot.keyClicks(view.filter_edit, "zebra")
    assert visible_titles(view) == ["zebra crossing"]
    view.filter_edit.clear()
    assert len(visible_titles(view)) == 3


def test_double_click_and_enter_request_opening(qtbot, small_library: Library) -> None:
    view = make_view(qtbot, small_library)
    tee_id = next(e.id for e in small_library.entries() if e.title == "Tee")
    rect = view.table.visualRect(view.proxy.index(1, TITLE))
    # A real double-click is press, release, then the double-click event.
    qtbot.mouseClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    with qtbot.waitSignal(view.openRequested) as blocker:
        qtbot.mouseDClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert blocker.args == [tee_id]
    view.table.setFocus()
    view.table.setCurrentIndex(view.proxy.index(0, TITLE))
    with qtbot.waitSignal(view.openRequested) as blocker:
        qtbot.keyClick(view.table, Qt.Key.Key_Return)
    block_id = next(e.id for e in small_library.entries() if e.title == "Block")
    assert blocker.args == [block_id]


def test_delete_asks_first_and_keeps_puzzle_on_no(qtbot, monkeypatch, small_library) -> None:
    view = make_view(qtbot, small_library)
    assert not view.delete_action.isEnabled()
    view.table.selectRow(0)  # Block
    assert view.delete_action.isEnabled()
    asked: list[str] = []

    def answer(button):
        def question(parent, title, text, *args):
            asked.append(text)
            return button

        return question

    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.No))
    view.delete_action.trigger()
    assert "Block" in asked[0] and len(small_library) == 3
    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Yes))
    view.delete_action.trigger()
    assert visible_titles(view) == ["Tee", "zebra crossing"]
    assert [e.title for e in small_library.entries()] == ["Tee", "zebra crossing"]


def test_delete_several_at_once(qtbot, monkeypatch, small_library) -> None:
    view = make_view(qtbot, small_library)
    view.table.selectAll()
    monkeypatch.setattr(QMessageBox, "question", lambda *a: QMessageBox.StandardButton.Yes)
    view.delete_selected()
    assert len(small_library) == 0 and view.proxy.rowCount() == 0


def test_add_current_button_emits_request(qtbot, small_library) -> None:
    view = make_view(qtbot, small_library)
    with qtbot.waitSignal(view.addCurrentRequested):
        view.add_action.trigger()


def test_import_many_files_reports_bad_ones(qtbot, tmp_path: Path, small_library) -> None:
    view = make_view(qtbot, small_library)
    good = tmp_path / "bar.non"
    good.write_text('title "Bar"\nwidth 3\nheight 1\nrows\n3\ncolumns\n1\n1\n1\n')
    string = tmp_path / "dot.txt"
    string.write_text("1-1\n")
    bad = tmp_path / "bad.non"
    bad.write_text("width 2\nheight 1\nrows\n3\ncolumns\n1\n1\n")
    added, errors = view.import_files([good, bad, tmp_path / "missing.non"])
    assert added == 1
    assert len(errors) == 2
    assert "bad.non" in errors[0] and "missing.non" in errors[1]
    assert "Bar" in visible_titles(view)
    assert view.selected_ids() == [small_library.entries()[-1].id]
    entry = small_library.entries()[-1]
    assert (entry.title, entry.width, entry.height, entry.source) == ("Bar", 3, 1, str(good))


def test_delete_does_not_read_the_listing_again(qtbot, monkeypatch, small_library) -> None:
    """The rows deleted are taken out of the table; the rest are as shown (reading the listing
    again held the window ~0.1 s per delete on 10,000 puzzles).  The filter, the order and the
    selection of the rows left are kept."""
    view = make_view(qtbot, small_library)
    view.proxy.setFilterFixedString("e")  # Tee and zebra crossing
    shown = visible_titles(view)
    assert shown == ["Tee", "zebra crossing"]
    reads: list[int] = []
    entries = small_library.entries
    monkeypatch.setattr(small_library, "entries", lambda: reads.append(1) or entries())
    monkeypatch.setattr(QMessageBox, "question", lambda *a: QMessageBox.StandardButton.Yes)
    removed: list[list[int]] = []
    view.removed.connect(removed.append)
    view.table.selectRow(shown.index("Tee"))
    (tee,) = view.selected_ids()
    view.delete_selected()
    assert reads == [] and removed == [[tee]]
    assert visible_titles(view) == [t for t in shown if t != "Tee"]
    assert [e.title for e in entries()] == [
        t for t in ["Tee", "Block", "zebra crossing"] if t != "Tee"
    ]
    assert not view.delete_action.isEnabled()  # nothing selected now
    view.proxy.setFilterFixedString("")
    assert visible_titles(view) == ["Block", "zebra crossing"]
    view.table.selectAll()
    view.delete_selected()
    assert reads == [] and view.proxy.rowCount() == 0 and len(small_library) == 0
