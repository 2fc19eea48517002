"""The Rules tab's Puzzle column counts the steps of the black-and-white puzzle shown: with a
colour puzzle open it kept the last black-and-white puzzle's counts (a new 10x10 blank: Empty
line 10, seen under Xvfb with colour.xml open), now it shows none, and the black-and-white
puzzle's again when one is shown."""

from __future__ import annotations

from nonostudio.gui.rules.techniques_model import COLUMNS


def _puzzle_column(window) -> list[str]:  # type: ignore[no-untyped-def]
    model = window.rule_browser.techniques.model
    column = COLUMNS.index("Puzzle")
    return [str(model.index(r, column).data() or "") for r in range(model.rowCount())]


def test_a_colour_puzzle_leaves_no_black_and_white_counts(qtbot, window) -> None:
    qtbot.waitUntil(lambda: window.solve_view.trace() is not None, timeout=20000)
    counts = _puzzle_column(window)
    assert any(c not in ("", "0") for c in counts)  # the black-and-white puzzle's steps
    window.files.new_colour_puzzle(4, 4)
    assert window.files.is_colour()
    assert all(c == "" for c in _puzzle_column(window))
    window.files.new_puzzle()
    assert not window.files.is_colour()
    qtbot.waitUntil(lambda: any(c not in ("", "0") for c in _puzzle_column(window)), timeout=20000)
