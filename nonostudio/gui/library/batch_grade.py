"""Batch grading: the difficulty of every puzzle file in a folder, with a progress bar and cancel,
in a sortable table that exports to the same CSV as ``nonostudio-cli grade --csv``.

Black-and-white puzzles are graded with the chosen rule set; colour puzzles by their colour trace
(the rule set is for black and white only), their rows with the colour fields.  Everything slow
— loading the rule set, listing the folder, reading and grading the files — runs on the thread
pool, so starting never holds the window up; the job hands finished rows over through a locked
list and the dialog collects them when the progress signal arrives, so rows appear while the rest
are graded.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.analysis.grades.grading import COLUMNS, grade_row, write_csv
from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.errors import PuzzleError
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.limits import TIME_LIMIT_S
from nonostudio.gui.common.workers import Progress, ShouldStop, Worker, run_in_background
from nonostudio.gui.library.batch_grade_model import (
    COLOURS,
    EXPLANATION,
    FILE,
    HEADERS,
    LABEL,
    SCORE,
    SECONDS,
    SIZE,
    TIER,
    BatchGradeModel,
    Row,
)
from nonostudio.gui.library.model import SORT_ROLE
from nonostudio.rules.language.tokens import RuleSyntaxError
from nonostudio.rules.ruleset import RuleSet, available_rule_sets, load_rule_set

# The table's columns and model are defined in batch_grade_model and re-exported here.
__all__ = [
    "COLOURS",
    "EXPLANATION",
    "FILE",
    "HEADERS",
    "LABEL",
    "SCORE",
    "SECONDS",
    "SIZE",
    "TIER",
    "BatchGradeDialog",
    "BatchGradeModel",
    "Row",
    "FolderGraded",
    "grade_folder",
    "grade_named_folder",
    "puzzle_files",
]


def puzzle_files(folder: Path) -> list[Path]:
    """The files directly in ``folder`` whose extension is a readable puzzle format, by name."""
    from nonostudio.core.formats import FORMATS

    extensions = {e.lower() for f in FORMATS if f.can_read for e in f.extensions}
    return sorted(
        (p for p in folder.iterdir() if p.is_file() and p.suffix.lower() in extensions),
        key=lambda p: p.name.casefold(),
    )


def _row(file: str, item: str | None, **fields: Any) -> Row:
    return dict.fromkeys(COLUMNS) | {"file": file, "item": item} | fields


def _entries(path: Path) -> tuple[list[tuple[str, Callable[[], Puzzle | ColourPuzzle]]], str]:
    """The file's items (colour puzzles read as such), or no items and why."""
    from nonostudio.core.formats import read_any_entries

    try:
        entries = read_any_entries(path)
    except PuzzleError as exc:
        return [], str(exc)
    except OSError as exc:
        return [], f"{path.name}: cannot open: {exc.strerror or exc}"
    return entries, "" if entries else f"{path.name}: no puzzle in the file"


def _grade(
    puzzle: Puzzle | ColourPuzzle, rule_set: RuleSet, should_stop: ShouldStop, time_limit: float
) -> Row:
    """A row's grade fields: the rule set's grade, or a colour puzzle's colour grade (its
    ``colours`` and colour ``features``, which the CSV flattens)."""
    if isinstance(puzzle, ColourPuzzle):
        from nonostudio.analysis.colour.report import grade_fields

        return grade_fields(puzzle, time_limit, should_stop)
    return grade_row(puzzle, rule_set, should_stop, time_limit)


def grade_folder(
    files: list[Path],
    rule_set: RuleSet,
    emit: Callable[[Row], None],
    progress: Progress,
    should_stop: ShouldStop,
    time_limit: float = TIME_LIMIT_S,
) -> int:
    """Grade every item of every file, calling ``emit(row)`` per puzzle (rows of
    :mod:`nonostudio.analysis.grades.grading`, an ``error`` instead of a grade for unreadable
    input); each puzzle within ``time_limit`` seconds (``Undecided`` past it); stops between puzzles
    when
    ``should_stop()``.  Returns the number of rows emitted."""
    count = 0
    for done, path in enumerate(files):
        entries, error = _entries(path)
        if error:
            emit(_row(path.name, None, error=error))
            count += 1
        for i, (ident, build) in enumerate(entries):
            if should_stop():
                return count
            name = f"{path.name}#{ident}" if ident else path.name
            try:
                puzzle = build()
                fields = _grade(puzzle, rule_set, should_stop, time_limit)
            except PuzzleError as exc:
                emit(_row(name, ident or None, error=str(exc)))
            else:
                emit(
                    _row(
                        name,
                        ident or None,
                        width=puzzle.width,
                        height=puzzle.height,
                        size=puzzle.size_text,
                    )
                    | fields
                )
            count += 1
            progress((done + (i + 1) / len(entries)) / len(files), name)
        if error:
            progress((done + 1) / len(files), path.name)
    return count


@dataclass(frozen=True)
class FolderGraded:
    """How a folder's grading ended: the rows emitted, and why nothing was graded ('' when
    the folder was graded)."""

    rows: int
    problem: str = ""


def grade_named_folder(
    folder: Path,
    rule_set_name: str,
    emit: Callable[[Row], None],
    progress: Progress,
    should_stop: ShouldStop,
    time_limit: float = TIME_LIMIT_S,
) -> FolderGraded:
    """Load the rule set, list the folder's puzzle files and grade them (:func:`grade_folder`),
    all in the calling (worker) thread; a rule set or folder that cannot be read, or a folder
    with no puzzle files, ends with its ``problem`` in words."""
    progress(0.0, f"Reading {folder}\u2026")
    try:
        rule_set = load_rule_set(rule_set_name)
    except (RuleSyntaxError, ValueError, OSError) as exc:
        return FolderGraded(0, f"Cannot load the rule set \u201c{rule_set_name}\u201d: {exc}")
    try:
        files = puzzle_files(folder)
    except OSError as exc:
        return FolderGraded(0, f"Cannot read {folder}: {exc.strerror or exc}")
    if not files:
        return FolderGraded(0, f"No puzzle files in {folder}.")
    progress(0.0, f"{len(files)} file(s) with the \u201c{rule_set_name}\u201d rules")
    return FolderGraded(grade_folder(files, rule_set, emit, progress, should_stop, time_limit))


class BatchGradeDialog(QDialog):
    """Choose a folder and a rule set, grade every puzzle in it, sort and export the table."""

    def __init__(self, parent: QWidget | None = None, folder: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle("Grade a Folder")
        self.model = BatchGradeModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSortRole(SORT_ROLE)
        self.proxy.setSourceModel(self.model)
        self._worker: Worker | None = None
        self._lock = threading.Lock()
        self._incoming: list[Row] = []
        self._build(folder)

    def _build(self, folder: str) -> None:
        self.folder_edit = QLineEdit(folder)
        self.folder_edit.setAccessibleName("Folder")
        self.folder_edit.setPlaceholderText("Folder of puzzle files")
        browse = QPushButton("&Browse\u2026")
        browse.clicked.connect(self.choose_folder)
        self.rule_set_combo = QComboBox()
        self.rule_set_combo.setAccessibleName("Rule set")
        self.rule_set_combo.addItems(available_rule_sets())
        self.rule_set_combo.setCurrentText(DEFAULT_RULE_SET)  # the studio's one default
        self.start_button = QPushButton("&Grade")
        self.start_button.clicked.connect(self.start)
        self.cancel_button = QPushButton("&Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.export_button = QPushButton("&Export CSV\u2026")
        self.export_button.setEnabled(False)
        self.export_button.clicked.connect(self.choose_and_export)
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        self.progress.setValue(0)
        self.status_label = QLabel("Choose a folder of puzzle files.")
        self.status_label.setAccessibleName("Batch status")
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # input order until asked
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(EXPLANATION, QHeaderView.ResizeMode.Stretch)

        top = QHBoxLayout()
        top.addWidget(QLabel("Folder:"))
        top.addWidget(self.folder_edit, 1)
        top.addWidget(browse)
        top.addWidget(QLabel("Rules:"))
        top.addWidget(self.rule_set_combo)
        run = QHBoxLayout()
        run.addWidget(self.start_button)
        run.addWidget(self.cancel_button)
        run.addWidget(self.progress, 1)
        run.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(run)
        layout.addWidget(self.status_label)
        layout.addWidget(self.table, 1)
        self.resize(900, 520)

    # --- running -------------------------------------------------------------------------------

    def choose_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Folder to Grade", self.folder_edit.text())
        if folder:
            self.folder_edit.setText(folder)

    def is_busy(self) -> bool:
        return self._worker is not None

    def start(self) -> bool:
        """Grade the folder's puzzles in the background; False (with a message in the status
        line) when the name is not a folder.  The rule set is loaded and the folder listed by
        the job, so a large or slow folder never holds the window up; a folder with no puzzle
        files says so when the job ends."""
        if self._worker is not None:
            return False
        text = self.folder_edit.text().strip()
        folder = Path(text).expanduser()
        if not text or not folder.is_dir():
            self.status_label.setText(f"Not a folder: {text or '(empty)'}")
            return False
        name = self.rule_set_combo.currentText()
        self.model.clear()
        self.progress.setValue(0)
        self.status_label.setText(f"Grading {folder} with the \u201c{name}\u201d rules\u2026")

        def emit(row: Row) -> None:
            with self._lock:
                self._incoming.append(row)

        def job(progress: Progress, should_stop: ShouldStop) -> FolderGraded:
            return grade_named_folder(folder, name, emit, progress, should_stop)

        self._worker = run_in_background(
            job, on_result=self._done, on_error=self._failed, on_progress=self._on_progress
        )
        self._worker.aborted.connect(self._aborted)
        self._set_running(True)
        return True

    def cancel(self) -> None:
        """Stop grading after the puzzle being graded; the rows so far stay."""
        if self._worker is not None:
            self._worker.cancel()
            self.status_label.setText("Cancelling\u2026")

    def _set_running(self, running: bool) -> None:
        self.start_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)
        self.export_button.setEnabled(not running and self.model.rowCount() > 0)

    def _collect(self) -> None:
        with self._lock:
            rows, self._incoming = self._incoming, []
        self.model.append(rows)

    def _is_current(self) -> bool:
        return self._worker is not None and self.sender() is self._worker.signals

    def _on_progress(self, fraction: float, message: str) -> None:
        if self._is_current():
            self._collect()
            self.progress.setValue(round(100 * fraction))
            self.status_label.setText(f"Graded {self.model.rowCount()}: {message}")

    def _finish(self, message: str) -> None:
        self._worker = None
        self._collect()
        self._set_running(False)
        errors = sum(1 for row in self.model.rows() if row["error"])
        suffix = f" ({errors} could not be graded)" if errors else ""
        self.status_label.setText(f"{message}: {self.model.rowCount()} row(s){suffix}.")

    def _done(self, graded: FolderGraded) -> None:
        if self._is_current():
            self.progress.setValue(100)
            self._finish("Done")
            if graded.problem:
                self.status_label.setText(graded.problem)

    def _aborted(self) -> None:
        if self._is_current():
            self._finish("Cancelled")

    def _failed(self, message: str) -> None:
        if self._is_current():
            self._finish(f"Stopped by an error ({message})")

    # --- export --------------------------------------------------------------------------------

    def choose_and_export(self) -> None:
        start = str(Path(self.folder_edit.text().strip() or ".", "grades.csv"))
        path, _ = QFileDialog.getSaveFileName(self, "Export Grades", start, "CSV file (*.csv)")
        if path and not self.export_csv(path):
            QMessageBox.warning(self, "Cannot Export", self.status_label.text())

    def export_csv(self, path: str | Path) -> bool:
        """Write the rows in the table's current order to ``path``; False on failure."""
        rows = self.model.rows()
        ordered = [
            rows[self.proxy.mapToSource(self.proxy.index(r, 0)).row()]
            for r in range(self.proxy.rowCount())
        ]
        try:
            write_csv(str(path), ordered)
        except OSError as exc:
            self.status_label.setText(f"Cannot write {path}: {exc.strerror or exc}")
            return False
        self.status_label.setText(f"Wrote {len(ordered)} row(s) to {path}.")
        return True

    def done(self, result: int) -> None:
        self.cancel()
        super().done(result)
