"""Batch grading: the difficulty of every puzzle file in a folder, with a progress bar and cancel,
in a sortable table that exports to the same CSV as ``nonostudio-cli grade --csv``.

Black-and-white puzzles are graded with the chosen rule set; colour puzzles by their colour trace
(the rule set is for black and white only), their rows with the colour fields.  Everything slow
— loading the rule set, listing the folder, reading and grading the files
(:mod:`~nonostudio.gui.library.folder_grading`) — runs in a worker process, so starting never
holds the window up; the job hands each finished row over as it goes and the dialog shows those
that arrived when the progress signal does, so rows appear while the rest are graded.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
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
from nonostudio.analysis.grades.grading import write_csv
from nonostudio.core.counts import count
from nonostudio.core.file_kind import file_kind, special_file_mode
from nonostudio.gui.common.process_child import ProcessJob
from nonostudio.gui.common.progress_bars import show_progress
from nonostudio.gui.common.table_model import fit_columns_when_changed, leave_on_tab
from nonostudio.gui.common.workers import Worker, run_in_background
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
from nonostudio.gui.library.folder_grading import (
    FolderGraded,
    grade_folder,
    grade_named_folder,
    puzzle_files,
)
from nonostudio.gui.library.model import SORT_ROLE
from nonostudio.rules.ruleset import available_rule_sets

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
        self._incoming: list[Row] = []  # rows handed over, shown at the next progress report
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
        leave_on_tab(self.table)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        # Each column fits its rows as they come, the explanation elided in the rest of the
        # width (its whole text is the row's tooltip).  Sized to contents by the header, the
        # File column kept the width of the first rows: a collection's items were all
        # "domi…" (domino_logic.txt#1-Dom to #7-Dom), seen under Xvfb at 1024x600.
        fit_columns_when_changed(self.table, elide=(EXPLANATION,))

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
        show_progress(self.progress, 0.0)
        self.status_label.setText(f"Grading {folder} with the \u201c{name}\u201d rules\u2026")

        # in a worker process, a row handed over per puzzle
        job = ProcessJob(grade_named_folder, (folder, name), emits=True)
        self._worker = run_in_background(
            job, on_result=self._done, on_error=self._failed, on_progress=self._on_progress
        )
        self._worker.emitted.connect(self._take_row)
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

    def _take_row(self, row: Row) -> None:
        if self._is_current():
            self._incoming.append(row)

    def _collect(self) -> None:
        rows, self._incoming = self._incoming, []
        self.model.append(rows)

    def _is_current(self) -> bool:
        return self._worker is not None and self.sender() is self._worker.signals

    def _on_progress(self, fraction: float, message: str) -> None:
        if self._is_current():
            self._collect()
            show_progress(self.progress, fraction)
            self.status_label.setText(f"Graded {self.model.rowCount()}: {message}")

    def _finish(self, message: str) -> None:
        self._worker = None
        self._collect()
        self._set_running(False)
        errors = sum(1 for row in self.model.rows() if row["error"])
        suffix = f" ({errors} could not be graded)" if errors else ""
        self.status_label.setText(f"{message}: {count(self.model.rowCount(), 'row')}{suffix}.")

    def _done(self, graded: FolderGraded) -> None:
        if self._is_current():
            show_progress(self.progress, 1.0)
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
        if (mode := special_file_mode(path)) is not None:
            # refused unopened: a FIFO no program reads waited for good, the window frozen
            self.status_label.setText(
                f"Cannot write {path}: it is {file_kind(mode)}, not a file to write in"
            )
            return False
        try:
            write_csv(str(path), ordered)
        except OSError as exc:
            self.status_label.setText(f"Cannot write {path}: {exc.strerror or exc}")
            return False
        self.status_label.setText(f"Wrote {count(len(ordered), 'row')} to {path}.")
        return True

    def done(self, result: int) -> None:
        self.cancel()
        super().done(result)
