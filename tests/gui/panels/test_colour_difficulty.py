"""The colour Difficulty panel: a colour puzzle graded in the background (label, whether it
needs colour reasoning, tier and the colour features the grade is made of), the same clues not
graded again, and a grade still running stopped when another puzzle comes."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QThreadPool

from nonostudio.analysis.colour.grade import one_colour_cells
from nonostudio.analysis.grades.difficulty import TIER_TEXT
from nonostudio.core.colour.model import clues_of_colour_grid
from nonostudio.gui.panels.colour_difficulty import ColourDifficultyPanel

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "solve" / "colour"))
from colour_pictures import PICTURE, PUZZLE, big_puzzle  # noqa: E402


@pytest.fixture
def panel(qtbot):
    p = ColourDifficultyPanel(delay_ms=1)
    qtbot.addWidget(p)
    yield p
    p.cancel()
    assert QThreadPool.globalInstance().waitForDone(10000)


def test_a_colour_puzzle_is_graded_with_its_colour_features(qtbot, panel) -> None:
    with qtbot.waitSignal(panel.gradeReady, timeout=20000) as ready:
        panel.set_puzzle(PUZZLE)
    grade = ready.args[0]
    assert panel.result() is grade and panel.label.text() == grade.label
    assert panel.tier_label.text().startswith(f"Tier {grade.tier}: {TIER_TEXT[grade.tier]}.")
    shown = {key: label.text() for key, label in panel.feature_labels.items()}
    # counted here from the picture: three colours, and neighbouring clue items of two colours
    lines = [*PICTURE, *zip(*PICTURE, strict=True)]
    touching = 0
    for line in lines:
        blocks = [v for k, v in enumerate(line) if v and (k == 0 or line[k - 1] != v)]
        touching += sum(1 for a, b in zip(blocks, blocks[1:], strict=False) if a != b)
    assert shown["colours"] == "3" and shown["touching_pairs"] == str(touching)
    assert int(shown["pencil_cells"]) > 0  # the puzzle was chosen to need pencil marks
    assert int(shown["cells_per_colour"]) + int(shown["cells_colour"]) == 36
    assert shown["cells_search"] == "0" and not panel.busy.isVisible()
    # the first part of the colour grade's order, counted by the fixed point itself
    assert one_colour_cells(PUZZLE) == 0  # each colour's clues alone solve this picture
    assert shown["one_colour_cells"] == "not needed"
    assert "Solvable one colour at a time: ranked below every puzzle that needs colour" in (
        panel.tier_label.text()
    )


def test_a_puzzle_that_needs_colour_reasoning_says_so(qtbot, panel) -> None:
    # red and blue touch in every line: looking at red alone, "1 red in 2 cells" decides nothing
    crossed = PUZZLE.__class__(PUZZLE.palette, *clues_of_colour_grid([[1, 2], [2, 1]]))
    left = one_colour_cells(crossed)
    assert left == 4
    with qtbot.waitSignal(panel.gradeReady, timeout=20000):
        panel.set_puzzle(crossed)
    shown = panel.feature_labels["one_colour_cells"].text()
    assert shown == "needed: one colour at a time leaves 4 cells"
    assert "Needs colour reasoning: ranked above every puzzle solvable one colour at a time." in (
        panel.tier_label.text()
    )


def test_the_same_clues_again_are_not_graded_again(qtbot, panel) -> None:
    with qtbot.waitSignal(panel.gradeReady, timeout=20000):
        panel.set_puzzle(PUZZLE)
    grade = panel.result()
    panel.set_puzzle(PUZZLE.__class__(PUZZLE.palette, PUZZLE.rows, PUZZLE.cols, title="Renamed"))
    assert not panel.is_busy() and panel.result() is grade


def test_a_grade_still_running_stops_when_another_puzzle_comes(qtbot, panel) -> None:
    panel.set_puzzle(big_puzzle())
    qtbot.waitUntil(lambda: panel.busy.maximum() == 100, timeout=20000)  # running, heard from
    with qtbot.waitSignal(panel.gradeReady, timeout=20000) as ready:
        panel.set_puzzle(PUZZLE)
    assert ready.args[0].features.cells == 36
    assert QThreadPool.globalInstance().waitForDone(3000)  # the big grade was stopped


def test_a_puzzle_with_no_solution_is_not_said_to_be_solvable_one_colour_at_a_time(
    qtbot, panel
) -> None:
    """3x3, red and blue: rows 2r / 1b 1r / 2b, columns 2r / 1r 1b / 2b fit no picture (seen
    under Xvfb: the panel said 'Solvable one colour at a time' of this .g file)."""
    rows = (((2, 1),), ((1, 2), (1, 1)), ((2, 2),))
    cols = (((2, 1),), ((1, 1), (1, 2)), ((2, 2),))
    none = PUZZLE.__class__(PUZZLE.palette, rows, cols)
    with qtbot.waitSignal(panel.gradeReady, timeout=20000) as ready:
        panel.set_puzzle(none)
    assert ready.args[0].features.solutions == "none"
    text = panel.tier_label.text() + panel.explanation_label.text()
    assert "Solvable one colour at a time" not in text and "Needs colour reasoning" not in text
    assert panel.feature_labels["one_colour_cells"].text() == "no solution"


def test_a_puzzle_with_no_solution_is_not_graded_as_black_and_white_says(qtbot, panel) -> None:
    """Clues no picture fits have no tier or score (the trace stops at a contradiction): the
    panel said 'Tier 8: search, or the puzzle is not unique. No solution: ... Score 91.0' of r0001
    with a row's items swapped (seen under Xvfb), and counted the trace's steps; now it says what
    the black-and-white panel says, and shows no count."""
    rows = (((2, 1),), ((1, 2), (1, 1)), ((2, 2),))
    cols = (((2, 1),), ((1, 1), (1, 2)), ((2, 2),))
    with qtbot.waitSignal(panel.gradeReady, timeout=20000):
        panel.set_puzzle(PUZZLE.__class__(PUZZLE.palette, rows, cols))
    assert panel.label.text() == "No solution"
    assert "Tier" not in panel.tier_label.text() and "Score" not in panel.tier_label.text()
    assert panel.explanation_label.text() == (
        "Not graded: no picture fits these clues, so there is nothing to solve. The Check panel "
        "tells more about what is wrong with the clues."
    )
    shown = {key: label.text() for key, label in panel.feature_labels.items()}
    assert shown.pop("one_colour_cells") == "no solution"
    assert set(shown.values()) == {"–"}


def test_two_pictures_no_colour_technique_moves_says_neither_reasoning_nor_search(
    qtbot, panel
) -> None:
    """One colour and two pictures (a red diagonal either way): no colour technique moves, so
    the panel, like the grade's explanation, does not say it needs colour reasoning; nor that
    it needs search, which only picks one of the two pictures."""
    rows, cols = clues_of_colour_grid([[1, 0], [0, 1]])
    two = PUZZLE.__class__(PUZZLE.palette, rows, cols)
    with qtbot.waitSignal(panel.gradeReady, timeout=20000) as ready:
        panel.set_puzzle(two)
    f = ready.args[0].features
    assert f.solutions == "multiple" and f.colour_steps == 0 and f.search_steps > 0
    text = panel.tier_label.text()
    assert "Needs colour reasoning" not in text and "Solvable one colour" not in text
    # several pictures: search does not finish it either, it only picks one of them
    assert "Needs search" not in text and "One colour at a time leaves 4 cells undecided" in text
    shown = panel.feature_labels["one_colour_cells"].text()
    assert "needed" not in shown and "one colour at a time leaves 4 cells" in shown


def test_a_puzzle_that_is_not_unique_has_no_tier_and_counts_reasoning_only(qtbot, panel) -> None:
    """A full red top row, an empty row, then red and blue whose reds sit on either diagonal of
    the bottom-left 2x2: reasoning decides 12 of the 16 cells, then stops.  No 'Tier 8' or
    'Needs search' (the search only picks one picture); the trace's rows count the steps before
    the first search step, under a heading that says so; a unique puzzle afterwards hides it."""
    rows, cols = clues_of_colour_grid([[1, 1, 1, 1], [0, 0, 0, 0], [1, 0, 2, 2], [0, 1, 0, 2]])
    two = PUZZLE.__class__(PUZZLE.palette, rows, cols)
    with qtbot.waitSignal(panel.gradeReady, timeout=20000) as ready:
        panel.set_puzzle(two)
    f = ready.args[0].features
    assert f.solutions == "multiple" and f.search_steps > 0
    words = panel.tier_label.text() + " " + panel.explanation_label.text()
    assert "No tier or score" in words and "decides 12 of its 16 cells, then stops" in words
    for false in ("Tier", "Search", "search", "Score"):
        assert false not in words, false
    shown = {key: label.text() for key, label in panel.feature_labels.items()}
    assert shown["cells_search"] == "0"
    assert int(shown["cells_per_colour"]) + int(shown["cells_colour"]) == 12
    assert int(shown["steps"]) < f.steps
    assert not panel.features_heading.isHidden()
    assert "before reasoning stops" in panel.features_heading.text()
    with qtbot.waitSignal(panel.gradeReady, timeout=20000):
        panel.set_puzzle(PUZZLE)
    assert panel.features_heading.isHidden()
    assert panel.tier_label.text().startswith("Tier ")


def test_a_narrow_dock_cuts_no_word_of_a_feature(qtbot, panel) -> None:
    # at 1024x600 the dock, as narrow as the panel's minimum, showed "not / neede": a wrapped
    # label's minimum width was less than its longest word
    from PySide6.QtWidgets import QApplication

    from nonostudio.gui.common.dock_scroll import scrolled

    area = scrolled(panel)
    panel.feature_labels["one_colour_cells"].setText("not needed")
    panel.feature_labels["cells_colour"].setText("1234567")
    area.resize(area.minimumSizeHint().width(), 300)
    area.show()
    QApplication.processEvents()
    for value in panel.feature_labels.values():
        for label in (value, panel.features.labelForField(value)):
            words = label.text().split()
            widest = max(label.fontMetrics().horizontalAdvance(w) for w in words)
            assert label.contentsRect().width() >= widest, label.text()
            right = label.mapTo(area.viewport(), label.rect().topRight()).x()
            assert right < area.viewport().width(), label.text()  # none under the scroll bar
    area.takeWidget()  # the panel goes back to the fixture, which cancels it
    area.deleteLater()


def test_a_grade_the_colour_solver_refused_says_why_not_the_time_limit(
    qtbot, panel, monkeypatch
) -> None:
    """A colour grade left Undecided because the colour solver refused its SAT formula (a share
    of one byte) says the grade is unknown and the solver's reason, no tier or score: the panel
    said "Stopped at the time limit" (``ColourGrade.timed_out`` is set for any undecided grade
    not cancelled) though no time limit was reached."""
    import random

    from nonostudio.core.colour.model import ColourPuzzle
    from nonostudio.gui.common import process_child

    monkeypatch.setattr(process_child.SHARES, "_budget", lambda: 1)
    monkeypatch.setattr(process_child.SHARES, "_floor", 1)
    # 30x30: line logic leaves most cells and the search gets stuck, so the colour solver takes
    # its SAT stage (as tests/analysis/colour/test_trace.py's _loose)
    rng = random.Random(0)
    grid = [[0 if rng.random() < 0.5 else 1 for _ in range(30)] for _ in range(30)]
    grid[0][0], grid[29][29] = 2, 3
    rows, cols = clues_of_colour_grid(grid)
    with qtbot.waitSignal(panel.gradeReady, timeout=20000) as ready:
        panel.set_puzzle(ColourPuzzle(PUZZLE.palette, rows, cols))
    grade = ready.args[0]
    assert grade.label == "Undecided" and grade.reason and not grade.cancelled
    shown = panel.tier_label.text()
    assert "time limit" not in shown and "Tier" not in shown and "Score" not in shown, shown
    assert shown.startswith("No tier or score: the grade is unknown.")
    shown += " " + panel.explanation_label.text()
    assert shown.lower().count("too large for the complete solver") == 1, shown  # said once
    assert "time limit" not in shown
    assert "against a memory budget of 1 byte" in shown and "1 bytes" not in shown, shown


def test_a_grade_stopped_at_the_time_limit_says_what_one_colour_at_a_time_leaves(qtbot) -> None:
    """The Colour reasoning row of a grade stopped at its time limit said a bare count ("6400"
    on an 80x80 random picture), read as what colour reasoning leaves; it now says it as the
    other grades do."""
    from nonostudio.core.colour.model import ColourPuzzle

    panel = ColourDifficultyPanel(delay_ms=1, time_limit=0.001)
    qtbot.addWidget(panel)
    # red and blue crossed in every line: one colour at a time decides no cell
    grid = [[1 + (r + c) % 2 for c in range(12)] for r in range(12)]
    puzzle = ColourPuzzle(PUZZLE.palette, *clues_of_colour_grid(grid))
    left = one_colour_cells(puzzle)
    assert left > 0
    with qtbot.waitSignal(panel.gradeReady, timeout=20000) as ready:
        panel.set_puzzle(puzzle)
    grade = ready.args[0]
    assert grade.label == "Undecided" and grade.timed_out
    assert panel.feature_labels["one_colour_cells"].text() == (
        f"not known: one colour at a time leaves {left} cells (grading stopped)"
    )
    panel.cancel()
    assert QThreadPool.globalInstance().waitForDone(10000)
