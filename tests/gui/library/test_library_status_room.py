"""A long status under the table (a big import's summary) neither squeezes the table to a row
nor is cut off: under Xvfb at 1024x600, Import Folder of the anchors (26,032 puzzles added, 496
there under another title ...) left the table two rows and the summary clipped top and bottom.
The status shows a few lines and scrolls the rest; the table keeps its rows."""

from __future__ import annotations

from library_views import make_view
from PySide6.QtCore import Qt

from nonostudio.core.library import Library

LONG = (
    "Import of 750 files in puzzles: 26,032 puzzles added, 33 already in the library, 684 the "
    "same puzzle as an earlier puzzle of this import (not added again); 496 of them there "
    "under another title: Nonogram_dataset.json as “Nonogram_dataset 1567_25x25”, …; 22 files "
    "that are no puzzle skipped."
)


def test_a_long_status_leaves_the_table_its_rows_and_scrolls(qtbot, small_library: Library) -> None:
    view = make_view(qtbot, small_library)
    view.resize(160, 480)  # the library dock at 1024x600
    view.import_note = LONG
    view.update_actions()
    qtbot.wait(20)  # (the layout settles)
    label, table = view.status_label, view.table
    assert label.isVisible() and label.text() == LONG
    rows = table.viewport().height() / table.verticalHeader().defaultSectionSize()
    assert rows >= 4, f"the table shows {rows:.1f} rows"
    # every line of the status can be reached: the label is as tall as its text needs
    assert label.height() >= label.heightForWidth(label.width())
    assert view.status_area.verticalScrollBar().maximum() > 0  # the rest scrolls into view


def test_select_duplicates_answer_is_in_sight_under_a_long_import_note(
    qtbot, small_library: Library
) -> None:
    """Select Duplicates' answer came below the import's summary, scrolled out of sight: the
    button seemed to do nothing.  The short notes come first, the import's summary last."""
    view = make_view(qtbot, small_library)
    view.resize(160, 480)
    view.import_note = LONG
    view.update_actions()
    view.duplicates_action.trigger()
    qtbot.wait(20)
    label, area = view.status_label, view.status_area
    answer = "No two puzzles in the library have the same clues."
    assert answer in label.text()
    above = label.text().split(answer)[0]
    wrap = int(label.alignment()) | int(Qt.TextFlag.TextWordWrap)
    box = label.fontMetrics().boundingRect(0, 0, label.width(), 10_000, wrap, above)
    lines_above = box.height() if above else 0
    assert lines_above < area.viewport().height(), "the answer is below what the status shows"


def test_the_background_checks_words_are_not_squeezed_beside_their_bar(
    qtbot, small_library: Library
) -> None:
    """At 1024x600 'Checking library puzzles: 43 of 1,714 (this one 86 %)' took six lines
    beside its bar; over the bar, it takes at most three in the library dock's 160 px."""
    view = make_view(qtbot, small_library)
    view.resize(160, 480)
    view.show_fill_progress(0.5, "Checking library puzzles: 43 of 1,714 (this one 86 %)")
    qtbot.wait(20)
    label = view.fill_label
    lines = label.height() / label.fontMetrics().lineSpacing()
    assert label.isVisible() and view.fill_bar.isVisible()
    assert lines <= 3.5, f"{lines:.1f} lines"


def test_the_filter_says_how_many_it_shows_and_when_none(qtbot, small_library: Library) -> None:
    """A filter no puzzle passed left the table empty without a word, as if the library were;
    it now says so, and how many of how many puzzles it shows."""
    view = make_view(qtbot, small_library)
    view.filter_edit.setText("jwilk")
    assert view.proxy.rowCount() == 0
    assert view.status_label.isVisible()
    assert view.status_label.text().startswith("No puzzle of the 3 listed has “jwilk”")
    view.filter_edit.setText("ann")  # Tee and zebra crossing (author Ann)
    assert view.proxy.rowCount() == 2
    assert view.status_label.text() == "2 of 3 puzzles have “ann” in a column."
    view.filter_edit.clear()
    assert view.status_label.isHidden()


def test_the_filter_finds_an_author_s_e_mail_address(qtbot, small_library: Library) -> None:
    """The Author column shows 'Jakub Wilk' for 'Jakub Wilk <jwilk@jwilk.net>'; a filter for
    'jwilk' found none of the 5 so signed in a library of the anchors."""
    from nonostudio.core.puzzle import Puzzle

    small_library.add(Puzzle(((1,),), ((1,),), title="Dot", author="Jakub Wilk <jwilk@jwilk.net>"))
    view = make_view(qtbot, small_library)
    view.filter_edit.setText("jwilk")
    assert [view.proxy.index(r, 0).data() for r in range(view.proxy.rowCount())] == ["Dot"]
