"""Select Duplicates selects the puzzles stored again (the same clues, any title), keeping the
first of each unselected, and says how many on the status line; it deletes nothing (Delete,
with its question, does)."""

from __future__ import annotations

from library_views import make_view

from nonostudio.core.library import Library
from nonostudio.core.puzzle import Puzzle

TEE = [[1, 1, 1], [0, 1, 0]]
ELL = [[1, 0], [1, 1]]


def test_select_duplicates_selects_the_copies_and_says_how_many(qtbot, tmp_path) -> None:
    library = Library(tmp_path / "lib.sqlite3")
    first_tee = library.add(Puzzle.from_grid(TEE, title="Tee"))
    first_ell = library.add(Puzzle.from_grid(ELL, title="Ell"))
    library.add(Puzzle.from_grid([[1, 1]], title="Bar"))
    tee_2 = library.add(Puzzle.from_grid(TEE, title="Also a tee"))
    ell_2 = library.add(Puzzle.from_grid(ELL, title="Ell"))
    tee_3 = library.add(Puzzle.from_grid(TEE, title="Zed"))
    view = make_view(qtbot, library)
    view.filter_edit.setText("Bar")  # hides every copy: cleared to show them
    view.table.selectRow(0)

    view.duplicates_action.trigger()

    assert sorted(view.selected_ids()) == sorted([tee_2, ell_2, tee_3])
    assert first_tee not in view.selected_ids() and first_ell not in view.selected_ids()
    assert view.filter_edit.text() == ""
    assert view.status_label.text() == (
        "3 puzzles repeat the clues of 2 others (kept: the titled copy, else the one holding the"
        " most): selected (the filter is cleared to show them); Delete removes them."
    )
    assert len(library) == 6 and view.delete_action.isEnabled()
    view.table.selectRow(0)  # another selection: the words no longer say what is selected
    assert view.status_label.text() == ""

    library.remove(tee_2)
    library.remove(tee_3)
    library.remove(ell_2)
    view.refresh()
    view.duplicates_action.trigger()
    assert view.status_label.text() == "No two puzzles in the library have the same clues."
    library.add(Puzzle.from_grid(ELL, title="One more"))
    view.refresh()
    view.duplicates_action.trigger()
    assert view.status_label.text() == (
        "1 puzzle repeats the clues of 1 other (kept: the titled copy, else the one holding the"
        " most): selected; Delete removes them."
    )
    library.close()


def test_select_duplicates_keeps_the_titled_copy(qtbot, tmp_path) -> None:
    # an untitled copy stored first (a corpus imported before the samples) was kept and the
    # titled sample selected for Delete
    library = Library(tmp_path / "lib.sqlite3")
    untitled = library.add(Puzzle.from_grid(TEE).without_goal())
    titled = library.add(Puzzle.from_grid(TEE, title="Tee"))
    view = make_view(qtbot, library)
    assert "titled copy" in view.duplicates_action.toolTip()

    view.duplicates_action.trigger()

    assert view.selected_ids() == [untitled]
    assert titled not in view.selected_ids()
    library.close()
