"""The Check panel looks for the mistyped clue: the contradiction in words, the likely typos in
the background (progress, Stop), the line marked in the editor, one click to apply (one undo)."""

from __future__ import annotations

import logging
import threading

import pytest
from PySide6.QtCore import Qt, QThreadPool
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QMainWindow, QWidget
from pytestqt.qtbot import QtBot
from wired_editor import wired_editor

from nonostudio.analysis.typos import SWAP, TypoReport
from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette
from nonostudio.core.formats import read_file
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.samples import samples_dir
from nonostudio.gui.panels.check import CheckPanel

Clues = tuple[tuple[int, ...], ...]


@pytest.fixture(scope="module")
def vulture() -> Puzzle:
    return read_file(samples_dir() / "jwilk-007-vulture.non").without_goal()


def _typed(puzzle: Puzzle, row: int, clue: tuple[int, ...]) -> Clues:
    rows = list(puzzle.rows)
    rows[row] = clue
    return tuple(rows)


def test_no_solution_is_said_in_words_with_the_typo_to_fix(
    qtbot: QtBot, panel: CheckPanel, vulture: Puzzle, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    puzzle = Puzzle(_typed(vulture, 5, (4, 3, 7, 5)), vulture.cols)  # row 6 is 3 4 7 5
    marked: list[object] = []
    panel.typoLinesSelected.connect(marked.append)
    with qtbot.waitSignal(panel.typos.reportReady, timeout=20000):
        panel.set_puzzle(puzzle)
    assert panel.verdict_label.text() == "No solution"
    assert panel.detail_label.text().startswith(
        "No solution: row 6 cannot hold 4 3 7 5 once columns "
    )
    assert "Error" not in panel.detail_label.text()
    assert not panel.typos.isHidden() and panel.typos.list.count() >= 1
    first = panel.typos.list.item(0).text()
    assert first.startswith("row 6: swap 4 and 3 (4 3 7 5 becomes 3 4 7 5)")
    # the swap is clearly the likeliest fix (over 50 %): chosen, its line marked, Apply enabled
    assert panel.typos.suggestions()[0].confidence > 0.5
    assert panel.typos.list.currentRow() == 0 and marked == [(("row", 5),)]
    assert panel.typos.apply_button.isEnabled()
    with qtbot.waitSignal(panel.typoApplyRequested) as applied:
        qtbot.mouseClick(panel.typos.apply_button, Qt.MouseButton.LeftButton)
    edit = applied.args[0]
    assert edit.kind == SWAP
    assert edit.apply(puzzle.rows, puzzle.cols) == (vulture.rows, vulture.cols)
    assert not panel.is_busy()
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []


def test_unequal_totals_are_searched_from_the_typed_clues(
    qtbot: QtBot, panel: CheckPanel, vulture: Puzzle
) -> None:
    typed = _typed(vulture, 6, (4, 3, 6, 1, 1))  # row 7 is 3 3 6 1 1
    panel.set_clue_source(lambda: (typed, vulture.cols))
    with qtbot.waitSignal(panel.typos.reportReady, timeout=20000) as found:
        panel.set_puzzle(None)
    assert panel.verdict_label.text() == "Row and column totals differ"
    assert panel.detail_label.text().startswith("Row clues fill ")
    report: TypoReport = found.args[0]
    assert report.top(1)[0].edit.text() == "row 7: 4 \u2192 3 (4 3 6 1 1 becomes 3 3 6 1 1)"
    assert panel.typos.list.item(0).text().startswith("row 7: 4 \u2192 3")
    assert "100%" in panel.typos.list.item(0).text()
    assert panel.typos.list.currentRow() == 0  # chosen (over 50 %): one click on Apply fix
    assert panel.typos.apply_button.isEnabled()


def test_a_drawing_gets_no_typo_search(qtbot: QtBot, panel: CheckPanel) -> None:
    panel.set_clue_source(lambda: None)  # drawing: no typed clues
    with qtbot.waitSignal(panel.verdictReady, timeout=10000):
        panel.set_puzzle(Puzzle(((1,), (1,)), ((1,), (1,))))
    assert panel.typos.isHidden() and not panel.typos.is_busy()
    panel.set_puzzle(None)
    assert panel.verdict_label.text() == "No puzzle to check"


def test_the_search_shows_progress_and_stops(
    qtbot: QtBot, panel: CheckPanel, vulture: Puzzle, monkeypatch: pytest.MonkeyPatch
) -> None:
    started = threading.Event()
    seen_stop = threading.Event()

    def slow(
        rows: Clues,
        cols: Clues,
        *,
        time_limit: float,
        progress: ProgressCallback,
        should_stop: StopCallback,
        size: tuple[int, int] | None = None,
        readings: object = (),
    ) -> TypoReport:
        progress(0.25, "trying edit 3 of 12")
        started.set()
        while not should_stop():
            threading.Event().wait(0.01)
        seen_stop.set()
        return TypoReport("no solution", "stopped")

    monkeypatch.setattr("nonostudio.gui.common.typo_jobs.find_typos", slow)
    panel.set_clue_source(lambda: (_typed(vulture, 6, (4, 3, 6, 1, 1)), vulture.cols))
    panel.set_puzzle(None)
    assert panel.is_busy()
    qtbot.waitUntil(lambda: panel.typos.progress.value() == 25, timeout=5000)
    assert "trying edit 3 of 12" in panel.typos.title.text()
    assert not panel.typos.stop_button.isHidden()
    qtbot.mouseClick(panel.typos.stop_button, Qt.MouseButton.LeftButton)
    assert not panel.is_busy()
    assert panel.typos.title.text() == "The search for a mistyped clue was stopped."
    assert seen_stop.wait(5)


def test_the_editor_marks_the_line_and_applies_the_fix_as_one_undo_step(
    qtbot: QtBot, panel: CheckPanel, vulture: Puzzle
) -> None:
    editor = wired_editor(qtbot, panel, vulture)
    rows_edit = editor.ui.rows_edit
    lines = rows_edit.toPlainText().split("\n")
    assert lines[6] == "3 3 6 1 1"
    lines[6] = "4 3 6 1 1"
    with qtbot.waitSignal(panel.typos.reportReady, timeout=20000):
        rows_edit.setPlainText("\n".join(lines))  # the totals now differ
    assert editor.puzzle() is None and editor.typed_clues() is not None
    panel.typos.select(0)
    assert editor.grid.marked_lines() == (("row", 6),)
    assert rows_edit.textCursor().selectedText() == "4 3 6 1 1"
    before = rows_edit.toPlainText()
    with qtbot.waitSignal(editor.puzzleChanged, timeout=5000):
        qtbot.mouseClick(panel.typos.apply_button, Qt.MouseButton.LeftButton)
    assert rows_edit.toPlainText().split("\n")[6] == "3 3 6 1 1"
    fixed = editor.puzzle()
    assert fixed is not None and (fixed.rows, fixed.cols) == (vulture.rows, vulture.cols)
    assert editor.grid.marked_lines() == ()  # the list was cleared with the new check
    rows_edit.document().undo()  # one step back: the text as typed
    assert rows_edit.toPlainText() == before


def test_a_fix_chosen_while_the_designer_types_leaves_their_clue_text_as_it_is(
    qtbot: QtBot, panel: CheckPanel, vulture: Puzzle
) -> None:
    """The clearly likeliest fix is chosen when the search ends (its line marked on the grid,
    Apply fix one click), but the clue text being typed in keeps its cursor: a selected line
    would be replaced by the next key (what reverted a1ffb71)."""
    editor = wired_editor(qtbot, panel, vulture)
    rows_edit = editor.ui.rows_edit
    editor.activateWindow()
    rows_edit.setFocus()
    qtbot.waitUntil(rows_edit.hasFocus, timeout=5000)
    lines = rows_edit.toPlainText().split("\n")
    lines[6] = "4 3 6 1 1"
    with qtbot.waitSignal(panel.typos.reportReady, timeout=20000):
        rows_edit.setPlainText("\n".join(lines))  # the totals now differ
    assert panel.typos.list.currentRow() == 0 and panel.typos.apply_button.isEnabled()
    assert editor.grid.marked_lines() == (("row", 6),)
    assert rows_edit.hasFocus() and not rows_edit.textCursor().hasSelection()
    qtbot.keyClick(rows_edit, Qt.Key.Key_Space)  # the next key adds, it replaces no line
    assert rows_edit.toPlainText().split("\n")[6] == "4 3 6 1 1"
    # chosen from the list (the focus gone from the clues), the line is selected as before
    rows_edit.clearFocus()
    panel.typos.select(-1)
    panel.typos.select(0)
    assert rows_edit.textCursor().selectedText() == "4 3 6 1 1"


def test_a_pair_of_typos_on_a_row_and_a_column_is_applied_to_both_clue_texts(
    qtbot: QtBot, panel: CheckPanel
) -> None:
    cat = read_file(samples_dir() / "webpbn-00006-cat.non").without_goal()
    editor = wired_editor(qtbot, panel, cat)
    rows_edit, cols_edit = editor.ui.rows_edit, editor.ui.cols_edit
    rows, cols = rows_edit.toPlainText().split("\n"), cols_edit.toPlainText().split("\n")
    assert rows[6] == "1 7 1 1" and cols[15] == "6"
    rows[6], cols[15] = "1 6 1 1", "5"  # two typos; the totals agree again
    rows_edit.setPlainText("\n".join(rows))
    with qtbot.waitSignal(panel.typos.reportReady, timeout=30000):
        cols_edit.setPlainText("\n".join(cols))
    suggestions = panel.typos.suggestions()
    assert suggestions and all(s.is_pair for s in suggestions)
    true = next(
        i for i, s in enumerate(suggestions) if set(s.edit.lines) == {("row", 6), ("column", 15)}
    )
    panel.typos.select(true)
    assert set(editor.grid.marked_lines()) == {("row", 6), ("column", 15)}
    with qtbot.waitSignal(editor.puzzleChanged, timeout=5000):
        qtbot.mouseClick(panel.typos.apply_button, Qt.MouseButton.LeftButton)
    fixed = editor.puzzle()
    assert fixed is not None and (fixed.rows, fixed.cols) == (cat.rows, cat.cols)


def _short_check_dock(
    qtbot: QtBot, least: int = 0
) -> tuple[QMainWindow, CheckPanel, QDockWidget, QDockWidget]:
    """A Check panel in a short dock (under 200 px) above a tall Difficulty dock, in a shown
    900x700 window: the window, the panel and the two docks.  ``least``: the Difficulty
    panel's minimum height."""
    window = QMainWindow()
    qtbot.addWidget(window)
    window.setCentralWidget(QLabel("editor"))
    panel = CheckPanel(delay_ms=20)
    check, other = QDockWidget("Check"), QDockWidget("Difficulty")
    check.setWidget(panel)
    other.setWidget(QLabel("grades"))
    other.widget().setMinimumHeight(least)
    area = Qt.DockWidgetArea.RightDockWidgetArea
    window.addDockWidget(area, check)
    window.addDockWidget(area, other)
    window.resize(900, 700)
    window.show()
    qtbot.waitExposed(window)
    window.resizeDocks([check, other], [120, 560], Qt.Orientation.Vertical)
    qtbot.waitUntil(lambda: check.height() < 200, timeout=5000)
    heights: list[tuple[int, int]] = []

    def settled() -> bool:  # the same heights twice, 10 ms apart (a minimum height: two passes)
        heights.append((check.height(), other.height()))
        return len(heights) > 1 and heights[-1] == heights[-2]

    if least:
        qtbot.waitUntil(settled, timeout=5000)
    return window, panel, check, other


def test_a_short_dock_grows_to_show_the_typos(qtbot: QtBot, vulture: Puzzle) -> None:
    _window, panel, check, other = _short_check_dock(qtbot)
    short = check.height()
    typed = _typed(vulture, 6, (4, 3, 6, 1, 1))
    panel.set_clue_source(lambda: (typed, vulture.cols))
    with qtbot.waitSignal(panel.typos.reportReady, timeout=20000):
        panel.set_puzzle(None)
    qtbot.waitUntil(lambda: check.height() > short + 50, timeout=5000)
    list_bottom = panel.typos.list.mapTo(panel, panel.typos.list.rect().bottomLeft()).y()
    assert list_bottom <= panel.height()  # the list shows whole, no scrolling needed
    panel.cancel()
    assert QThreadPool.globalInstance().waitForDone(10000)


@pytest.mark.parametrize("least", [0, 350], ids=["as-asked", "laid-out-otherwise"])
def test_the_dock_gives_the_room_back_when_the_typos_are_fixed(
    qtbot: QtBot, vulture: Puzzle, least: int
) -> None:
    """Seen at 1024x600: once the clues were fixed the Check dock stayed tall and blank, the
    Difficulty panel under it left a few lines.  Then again when the docks were laid out off
    the heights asked for (in the studio, by 20 px: the tab bar under Difficulty and Designer
    counts in the sizes asked for; here, Difficulty's minimum height), the heights looked
    resized by the user since."""
    _window, panel, check, other = _short_check_dock(qtbot, least)
    before = (check.height(), other.height())
    typed = _typed(vulture, 6, (4, 3, 6, 1, 1))
    panel.set_clue_source(lambda: (typed, vulture.cols))
    with qtbot.waitSignal(panel.typos.reportReady, timeout=20000):
        panel.set_puzzle(None)
    qtbot.waitUntil(lambda: check.height() > before[0] + 50, timeout=5000)
    panel.set_clue_source(lambda: (vulture.rows, vulture.cols))  # the typo fixed
    with qtbot.waitSignal(panel.verdictReady, timeout=20000):
        panel.set_puzzle(vulture)
    qtbot.waitUntil(lambda: (check.height(), other.height()) == before, timeout=5000)
    panel.cancel()
    assert QThreadPool.globalInstance().waitForDone(10000)


def test_a_colour_puzzle_with_bad_clues_does_not_read_the_black_and_white_ones(
    qtbot: QtBot, panel: CheckPanel, vulture: Puzzle
) -> None:
    typed = _typed(vulture, 6, (4, 3, 6, 1, 1))
    panel.set_clue_source(lambda: (typed, vulture.cols))  # the black-and-white editor's
    red = Colour("red", "#d62728", "r")
    colour = ColourPuzzle(Palette((WHITE, red)), (((1, 1),),), (((1, 1),),))
    with qtbot.waitSignal(panel.verdictReady, timeout=10000):
        panel.set_puzzle(colour)
    panel.set_puzzle(None)  # the colour clues became invalid
    assert panel.verdict_label.text() == "No puzzle to check"
    assert panel.typos.isHidden() and not panel.typos.is_busy()


def _top_in(panel: CheckPanel, widget: QWidget) -> int:
    return widget.mapTo(panel, widget.rect().topLeft()).y()


def _bottom_in(panel: CheckPanel, widget: QWidget) -> int:
    return widget.mapTo(panel, widget.rect().bottomLeft()).y()


def _centred_by(label: QLabel) -> int:
    """How far ``label``'s words sit from its top and bottom edges: half the height it has over
    what its words need, when it centres them (a label's default)."""
    spare = label.height() - label.heightForWidth(label.width())
    return spare // 2 if spare > 0 and label.alignment() & Qt.AlignmentFlag.AlignVCenter else 0


def _text_top_in(panel: CheckPanel, label: QLabel) -> int:
    return _top_in(panel, label) + _centred_by(label)


def _text_bottom_in(panel: CheckPanel, label: QLabel) -> int:
    return _bottom_in(panel, label) - _centred_by(label)


#: At most this blank between two parts of the panel that follow each other: a layout's spacing,
#: not a row of room (a push button's height is over 20 px in every style).
NEAR_PX = 12


@pytest.mark.parametrize("height", [300, 800])
def test_the_typos_follow_the_verdicts_words_without_a_gap(
    qtbot: QtBot, panel: CheckPanel, height: int
) -> None:
    """Neither the room kept for the hidden alternate-solution button (a puzzle with no solution
    has no alternate) nor the room of a tall dock is left between "Checked in 0.00 s." and the
    typo search's words."""
    panel.resize(320, height)
    dancer = read_file(samples_dir() / "webpbn-00001-dancer.non")
    rows, cols = list(dancer.rows), list(dancer.cols)
    rows[3], cols[2] = (2,), (6,)  # row 4 is 3, column 3 is 7: the totals still agree
    with qtbot.waitSignal(panel.typos.reportReady, timeout=20000):
        panel.set_puzzle(Puzzle(tuple(rows), tuple(cols)))
    assert panel.verdict_label.text() == "No solution"
    assert panel.alternate_button.isHidden()
    QApplication.processEvents()  # the layout's pending request: what a person sees next
    gap = _text_top_in(panel, panel.typos.title) - _text_bottom_in(panel, panel.detail_label)
    assert 0 < gap <= NEAR_PX
    list_gap = _top_in(panel, panel.typos.list) - _text_bottom_in(panel, panel.typos.title)
    assert 0 < list_gap <= NEAR_PX  # and the list follows the typos' words


def test_the_alternate_button_follows_the_verdicts_words(qtbot: QtBot, panel: CheckPanel) -> None:
    panel.resize(320, 600)
    with qtbot.waitSignal(panel.verdictReady, timeout=10000):
        panel.set_puzzle(Puzzle(((1,), (1,)), ((1,), (1,))))  # two solutions
    qtbot.waitUntil(lambda: panel.alternate_button.isVisible(), timeout=5000)
    QApplication.processEvents()
    gap = _top_in(panel, panel.alternate_button) - _text_bottom_in(panel, panel.detail_label)
    assert 0 < gap <= NEAR_PX
    assert panel.typos.isVisible()  # the edits that would make it unique, under the button
    gap = _top_in(panel, panel.typos) - _bottom_in(panel, panel.alternate_button)
    assert 0 < gap <= NEAR_PX


def test_a_clue_too_long_for_its_line_is_searched_as_paste_and_the_cli_do(
    qtbot: QtBot, panel: CheckPanel, vulture: Puzzle
) -> None:
    """Seen under Xvfb: a row typed "1 1 12" in a 15-wide puzzle; the Check panel said "No
    puzzle to check" and offered nothing, though Paste and the CLI offer "12 -> 2"."""
    editor = wired_editor(qtbot, panel, vulture)
    rows_edit = editor.ui.rows_edit
    lines = rows_edit.toPlainText().split("\n")
    assert lines[6] == "3 3 6 1 1"
    lines[6] = "3 3 26 1 1"  # 38 cells in a row of 30
    with qtbot.waitSignal(panel.typos.reportReady, timeout=20000):
        rows_edit.setPlainText("\n".join(lines))
    assert editor.puzzle() is None
    assert panel.verdict_label.text() == "A clue is too long for its line"
    assert panel.detail_label.text() == "Row 7: clue 3 3 26 1 1 needs 38 cells but the row has 30."
    assert panel.typos.list.count() > 0
    panel.typos.select(0)
    assert editor.grid.marked_lines()[:1] == (("row", 6),)
    with qtbot.waitSignal(editor.puzzleChanged, timeout=5000):
        qtbot.mouseClick(panel.typos.apply_button, Qt.MouseButton.LeftButton)
    fixed = editor.puzzle()
    assert fixed is not None and (fixed.rows, fixed.cols) == (vulture.rows, vulture.cols)


def test_a_line_that_is_not_clues_gets_no_typo_search(
    qtbot: QtBot, panel: CheckPanel, vulture: Puzzle
) -> None:
    editor = wired_editor(qtbot, panel, vulture)
    lines = editor.ui.rows_edit.toPlainText().split("\n")
    lines[6] = "3 3 x 1 1"
    editor.ui.rows_edit.setPlainText("\n".join(lines))
    assert editor.typed_clues() is None
    qtbot.waitUntil(lambda: panel.verdict_label.text() == "No puzzle to check", timeout=5000)
    assert panel.typos.isHidden()
