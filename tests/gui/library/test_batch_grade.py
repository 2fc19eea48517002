"""Batch grading of a folder: rows appear in the table, errors name the file, the table sorts, the
CSV matches the CLI's columns, and cancel stops between puzzles keeping the rows so far."""

from __future__ import annotations

import csv
import threading
from pathlib import Path

import pytest
from pictures import HOUSE, picture
from PySide6.QtCore import Qt

from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.analysis.grades import difficulty
from nonostudio.analysis.grades.grading import COLUMNS
from nonostudio.core.formats import write_file
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.library.batch_grade import (
    FILE,
    LABEL,
    TIER,
    BatchGradeDialog,
    BatchGradeModel,
    puzzle_files,
)

DOT = Puzzle.from_grid(picture("#.", ".."), title="dot")
AMBIGUOUS = Puzzle(((1,), (1,)), ((1,), (1,)), title="two diagonals")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    write_file(HOUSE, tmp_path / "b-house.non")
    write_file(AMBIGUOUS, tmp_path / "a-ambiguous.non")
    (tmp_path / "c-broken.non").write_text("width 2\nheight 2\nrows\n1\n1\ncolumns\n3\n0\n")
    (tmp_path / "notes.md").write_text("not a puzzle")
    return tmp_path


def run(qtbot, dialog: BatchGradeDialog, folder: Path) -> None:
    dialog.folder_edit.setText(str(folder))
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    assert dialog.is_busy()
    qtbot.waitUntil(lambda: not dialog.is_busy(), timeout=30000)


def shown(dialog: BatchGradeDialog, column: int) -> list[str]:
    return [dialog.proxy.index(r, column).data() for r in range(dialog.proxy.rowCount())]


def test_puzzle_files_lists_only_puzzle_formats(folder: Path) -> None:
    assert [p.name for p in puzzle_files(folder)] == [
        "a-ambiguous.non",
        "b-house.non",
        "c-broken.non",
    ]


def test_grades_a_folder_and_sorts(qtbot, dialog: BatchGradeDialog, folder: Path) -> None:
    assert dialog.rule_set_combo.currentText() == DEFAULT_RULE_SET  # as Solve and Difficulty
    run(qtbot, dialog, folder)
    assert shown(dialog, FILE) == ["a-ambiguous.non", "b-house.non", "c-broken.non"]
    assert dialog.progress.value() == 100
    assert dialog.status_label.text().startswith("Done: 3 rows (1 could not be graded)")
    rows = {row["file"]: row for row in dialog.model.rows()}
    # Not unique: no tier or score (its search's tier 8 and score 87.62 were shown), as the
    # Difficulty panel and the command line say
    ambiguous = rows["a-ambiguous.non"]
    assert (ambiguous["tier"], ambiguous["score"], ambiguous["label"]) == (None, None, "Not unique")
    assert shown(dialog, TIER)[0] == "-"
    assert rows["b-house.non"]["tier"] <= 5  # line logic solves the house: a line technique
    broken = rows["c-broken.non"]
    assert broken["tier"] is None and "c-broken.non" in broken["error"]
    assert shown(dialog, LABEL)[2] == ""
    # Sorting by tier puts the easy house first and the unreadable file last.
    dialog.table.sortByColumn(TIER, Qt.SortOrder.AscendingOrder)
    assert shown(dialog, FILE) == ["b-house.non", "a-ambiguous.non", "c-broken.non"]
    dialog.table.sortByColumn(LABEL, Qt.SortOrder.DescendingOrder)
    assert shown(dialog, FILE)[1:] == ["a-ambiguous.non", "b-house.non"]
    assert dialog.export_button.isEnabled() and dialog.start_button.isEnabled()


def test_export_writes_the_cli_columns_in_table_order(
    qtbot, dialog: BatchGradeDialog, folder: Path, tmp_path: Path
) -> None:
    run(qtbot, dialog, folder)
    dialog.table.sortByColumn(TIER, Qt.SortOrder.AscendingOrder)
    out = tmp_path / "out" / "grades.csv"
    out.parent.mkdir()
    assert dialog.export_csv(out)
    with out.open(newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        assert tuple(reader.fieldnames or ()) == COLUMNS
        rows = list(reader)
    assert [r["file"] for r in rows] == ["b-house.non", "a-ambiguous.non", "c-broken.non"]
    assert rows[1]["label"] == "Not unique" and rows[1]["solutions"] == "multiple"
    assert rows[2]["error"] and not rows[2]["tier"]


def test_export_to_an_unwritable_place_reports(
    qtbot, dialog: BatchGradeDialog, folder: Path, tmp_path: Path
) -> None:
    run(qtbot, dialog, folder)
    assert not dialog.export_csv(tmp_path / "missing" / "grades.csv")
    assert dialog.status_label.text().startswith("Cannot write")


def test_not_a_folder_is_reported(qtbot, dialog: BatchGradeDialog, tmp_path: Path) -> None:
    dialog.folder_edit.setText(str(tmp_path / "nowhere"))
    assert not dialog.start()
    assert dialog.status_label.text().startswith("Not a folder")
    (tmp_path / "empty").mkdir()
    dialog.folder_edit.setText(str(tmp_path / "empty"))
    assert dialog.start()  # the folder is listed by the job, not on the GUI thread
    qtbot.waitUntil(lambda: not dialog.is_busy(), timeout=10000)
    assert dialog.status_label.text().startswith("No puzzle files")
    assert dialog.model.rowCount() == 0 and dialog.start_button.isEnabled()


def test_cancel_keeps_rows_so_far(
    qtbot, dialog: BatchGradeDialog, tmp_path: Path, monkeypatch
) -> None:
    for i in range(4):
        write_file(DOT.with_meta(title=f"dot {i}"), tmp_path / f"dot{i}.non")
    second = threading.Event()
    calls = []

    def slow_grade(puzzle, rule_set, *, should_stop, time_limit):
        calls.append(puzzle.title)
        if len(calls) == 2:
            second.set()
            while not should_stop():
                threading.Event().wait(0.005)
        return difficulty.grade(puzzle, rule_set, should_stop=should_stop, time_limit=time_limit)

    monkeypatch.setattr("nonostudio.analysis.grades.grading.grade", slow_grade)
    dialog.folder_edit.setText(str(tmp_path))
    assert dialog.start()
    assert second.wait(10)
    qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.is_busy(), timeout=10000)
    assert dialog.status_label.text().startswith("Cancelled")
    assert len(calls) == 2 and dialog.model.rowCount() <= 2
    assert shown(dialog, FILE)[0] == "dot0.non"
    assert dialog.start_button.isEnabled() and not dialog.cancel_button.isEnabled()


def test_model_passes_qtmodeltester(
    qtmodeltester, qtbot, dialog: BatchGradeDialog, folder: Path
) -> None:
    run(qtbot, dialog, folder)
    qtmodeltester.check(dialog.model)
    qtmodeltester.check(dialog.proxy)
    empty = BatchGradeModel()
    qtmodeltester.check(empty)
