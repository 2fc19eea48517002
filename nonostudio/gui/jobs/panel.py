"""The Jobs panel: learning runs of the job store — start, watch, cancel, resume, save the rules.

Rules found so far are offered to the rule browser as the ``learned (running)`` set; a run's
rules (or several runs' pooled) can be optimised and saved as a named rule set in the user's
``rules/`` folder in the background, and compared with the control rules on the test set.  How
the panel follows its one run, and read-only or full job stores: see docs/design/gui.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from nonostudio.core.errors import PuzzleError
from nonostudio.core.paths import paper_testing_set, user_rules_dir
from nonostudio.gui.common.progress_bars import is_busy_bar, show_progress
from nonostudio.gui.common.table_model import row_table, select_row
from nonostudio.gui.common.workers import CurrentWorker, Worker
from nonostudio.gui.dialogs.save_rules import SaveRulesDialog
from nonostudio.gui.jobs.model import JobsModel, progress_text
from nonostudio.gui.jobs.report_view import ReportView
from nonostudio.gui.learn_runner import LearnJob
from nonostudio.gui.learn_settings import LearnSettingsDialog
from nonostudio.gui.learned_rules import SaveRequest, check_save, entries_of, pooled_entries
from nonostudio.learn.running.runner import RunSnapshot
from nonostudio.learn.store.jobs import JobStore, RunStatus, rule_texts
from nonostudio.learn.store.run_settings import LearnSettings, create_run
from nonostudio.rules.language.parser import RuleSyntaxError
from nonostudio.rules.measuring.coverage import load_transitions
from nonostudio.rules.ruleset import SUFFIX, RuleSet, dump_rules, load_rule_set

if TYPE_CHECKING:  # the work module loads z3: imported when a run starts
    from nonostudio.learn.running.work import SearchWork

TESTING_SET = paper_testing_set()  # NONOSTUDIO_TEST_SET's test set, else the bundled one

RUNNING_SET = "learned (running)"
CONTROL_SET = "control"


def default_work() -> SearchWork:
    """The synthesis work function of learning runs (imported when a run starts)."""
    from nonostudio.learn.running.work import synthesis_work

    return synthesis_work


def default_narrow_work() -> SearchWork:
    """The narrow search learning runs give the specifications they would skip."""
    from nonostudio.learn.running.work import narrow_synthesis_work

    return narrow_synthesis_work


def store_message(exc: Exception) -> str:
    """A job-store error in words: ``PATH: the disk is full: …`` for an OSError, else its text."""
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.filename}: {exc.strerror}" if exc.filename else exc.strerror
    return str(exc)


class JobsPanel(QWidget):
    """Learning runs of one job store, and the controls to run them."""

    ruleSetChanged = Signal(object)  # RuleSet: the rules found so far by the run on screen
    ruleSetSaved = Signal(str)  # name of a rule set written to the user rules folder
    runFinished = Signal(object)  # RunStatus of a run that stopped (finished or cancelled)

    def __init__(
        self,
        store: JobStore,
        parent: QWidget | None = None,
        *,
        work: Callable[[], SearchWork] = default_work,
        narrow_work: Callable[[], SearchWork] = default_narrow_work,
        test_set: Path | None = TESTING_SET,
    ) -> None:
        super().__init__(parent)
        self.store = store
        self._work, self._narrow_work = work, narrow_work
        self._test_set = test_set
        self._job: LearnJob | None = None
        self._saving = CurrentWorker(
            self,
            on_result=self._saved,
            on_error=self._save_failed,
            on_finished=self._update_buttons,
        )
        self._saving_as: SaveRequest | None = None  # the rule set being saved
        self._rules: dict[str, list[str]] = {}
        self._rules_run: int | None = None
        self.model = JobsModel(store, self)
        self._build()
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._on_selected())
        self.new_button.clicked.connect(self.ask_new_run)
        self.resume_button.clicked.connect(lambda: self.resume(self.selected_run()))
        self.cancel_button.clicked.connect(self.cancel)
        self.save_button.clicked.connect(self.ask_save)
        self.report_button.clicked.connect(self.start_report)
        if self.model.rowCount():
            self.select_run(self.model.row_at(self.model.rowCount() - 1).info.id)
        if store.read_only:
            self.progress_label.setText(
                f"The job store {store.path} can only be read (it is on a read-only medium): "
                "its runs can be watched and their rules saved, not run."
            )
        self._update_buttons()

    def _build(self) -> None:
        self.new_button = QPushButton("&New Run…")
        self.resume_button = QPushButton("&Resume")
        self.cancel_button = QPushButton("&Cancel")
        self.save_button = QPushButton("&Save Rules…")
        self.save_button.setToolTip(
            "Optimise the run's rules (greedy top k on its training "
            "transitions) and save them as a named rule set"
        )
        self.report_button = QPushButton("Re&port")
        self.report_button.setToolTip(
            "Compare the run's rules with the control rules on the "
            "test set (the paper's when NONOSTUDIO_TEST_SET names it, "
            "else the one made from the sample puzzles)"
        )
        buttons = QHBoxLayout()
        for b in (
            self.new_button,
            self.resume_button,
            self.cancel_button,
            self.save_button,
            self.report_button,
        ):
            buttons.addWidget(b)
        buttons.addStretch(1)

        self.table = row_table(self.model, "Learning runs")

        self.progress_bar = QProgressBar()
        self.progress_bar.setAccessibleName("Run progress")
        self.progress_label = QLabel("No run in progress.")
        self.progress_label.setWordWrap(True)
        self.rules_view = QPlainTextEdit(readOnly=True)
        self.rules_view.setAccessibleName("Rules found")
        self.rules_view.setPlaceholderText("Rules appear here as the run finds them.")

        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addLayout(buttons)
        for widget in (self.table, self.progress_bar, self.progress_label):
            top_layout.addWidget(widget)
        self.report_view = ReportView()
        self.lower_tabs = QTabWidget()
        self.lower_tabs.addTab(self.rules_view, "Rules Found")
        self.lower_tabs.addTab(self.report_view, "Report")
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(top)
        splitter.addWidget(self.lower_tabs)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(splitter)

    # --- selection ---------------------------------------------------------------------------

    def selected_run(self) -> int | None:
        index = self.table.selectionModel().currentIndex()
        return self.model.row_at(index.row()).info.id if index.isValid() else None

    def select_run(self, run_id: int) -> None:
        row = self.model.row_of(run_id)
        if row >= 0:
            select_row(self.table, self.model.index(row, 0))

    def _on_selected(self) -> None:
        run_id = self.selected_run()
        if run_id is not None and (self._job is None or self._job.run_id == run_id):
            self._load_rules(run_id)
            self._show_status(self.store.status(run_id))
        self._update_buttons()

    def _load_rules(self, run_id: int) -> None:
        """Show the rules the store holds for ``run_id`` (also the start of a resumed run's)."""
        self._rules_run = run_id
        self._rules = {k: t for k, r in self.store.results(run_id) if (t := rule_texts(r))}
        self._show_rules()

    def _show_rules(self) -> None:
        try:
            entries = entries_of(self._rules)
        except RuleSyntaxError as exc:
            self.progress_label.setText(f"A learned rule does not parse: {exc}")
            return
        self.rules_view.setPlainText(dump_rules(entries))
        self.ruleSetChanged.emit(RuleSet(RUNNING_SET, tuple(entries)))

    def _update_buttons(self) -> None:
        run_id = self.selected_run()
        job = self._job
        busy = job is not None
        status = self.model.row_at(self.model.row_of(run_id)).info.status if run_id else None
        writable = not self.store.read_only
        self.new_button.setEnabled(not busy and writable)
        self.resume_button.setEnabled(
            not busy and writable and status in ("pending", "cancelled", "running", "interrupted")
        )
        self.cancel_button.setEnabled(job is not None and not job.is_cancelled())
        has_rules = not busy and run_id is not None and bool(self._rules)
        self.save_button.setEnabled(has_rules and not self._saving.is_running())
        self.report_button.setEnabled(has_rules)

    # --- running -----------------------------------------------------------------------------

    def running_job(self) -> LearnJob | None:
        """The learning run in progress (None when there is none)."""
        return self._job

    def is_busy(self) -> bool:
        return self._job is not None or self._saving.is_running() or self.report_view.is_busy()

    def ask_new_run(self) -> None:
        dialog = LearnSettingsDialog(self, store=self.store)
        if dialog.exec():
            self.start(dialog.settings(), cluster=dialog.cluster())

    def start(self, settings: LearnSettings, *, cluster: str | None = None) -> int | None:
        """Create a run of ``settings`` and start it (on the Dask ``cluster`` when given); returns
        its id (None when one is running)."""
        if self._job is not None:
            return None
        try:
            run_id = create_run(self.store, settings)
        except (OSError, ValueError) as exc:  # read-only, full disk, in use: the store is as it was
            self.progress_label.setText(f"Cannot start a run: {store_message(exc)}")
            return None
        self.refresh()
        self.select_run(run_id)
        return run_id if self.resume(run_id, cluster=cluster) else None

    def resume(self, run_id: int | None, *, cluster: str | None = None) -> bool:
        """Run (or go on with) ``run_id`` in the background; False when that cannot start now."""
        if self._job is not None or run_id is None:
            return False
        try:
            from nonostudio.learn.running.work import works_for  # z3 loads when a run starts

            settings = LearnSettings.from_json(self.store.run(run_id).settings)
            work, narrow_work = works_for(
                settings.to_json(), self._work(), self._narrow_work() if settings.narrow else None
            )
        except (ImportError, ValueError, TypeError, OSError) as exc:
            QMessageBox.warning(self, "Cannot Start Run", f"Run {run_id}: {store_message(exc)}")
            return False
        job = LearnJob(
            self.store.path,
            run_id,
            work,
            **settings.runner_options(),
            narrow_work=narrow_work,
            cluster=cluster,
        )
        job.signals.snapshot.connect(self._on_snapshot)
        job.signals.rulesFound.connect(self._on_rules)
        job.signals.result.connect(self._on_result)
        job.signals.errored.connect(self._on_error)
        job.signals.finished.connect(self._on_finished)
        self._job = job
        self._load_rules(run_id)
        self._show_status(self.store.status(run_id))
        self.progress_label.setText(f"Run {run_id}: starting…")
        self._update_buttons()
        job.start()
        return True

    def cancel(self) -> None:
        """Stop the run in progress (it keeps everything finished; resume goes on from there)."""
        if self._job is not None:
            self._job.cancel()
            self.progress_label.setText("Cancelling…")
            self._update_buttons()

    def _mine(self) -> LearnJob | None:
        """The panel's run, when the signal being handled comes from it."""
        job = self._job
        return job if job is not None and self.sender() is job.signals else None

    def refresh(self) -> None:
        """Re-read the store's runs (a store that cannot be read says why under the table)."""
        self.model.refresh()
        if self.model.error is not None:
            self.progress_label.setText(self.model.error)

    def _show_status(self, status: RunStatus) -> None:
        job = self._job
        running = job is not None and job.run_id == status.run_id and not job.is_cancelled()
        show_progress(
            self.progress_bar, status.finished, status.total, steps=status.total, running=running
        )

    def _on_snapshot(self, p: RunSnapshot) -> None:
        if self._mine() is None:
            return
        show_progress(self.progress_bar, p.done, p.total, steps=p.total)
        self.progress_label.setText(progress_text(p))
        self.refresh()

    def _on_rules(self, key: str, texts: list[str]) -> None:
        job = self._mine()
        if job is not None and self._rules_run == job.run_id:
            self._rules[key] = texts
            self._show_rules()

    def _on_result(self, status: RunStatus) -> None:
        if self._mine() is None:
            return
        self._show_status(status)
        state = "finished" if status.finished == status.total else "cancelled"
        self.progress_label.setText(
            f"Run {status.run_id} {state}: {status.finished}/{status.total} specifications, "
            f"{status.rules_found} rules, {status.budget_hits} over budget."
        )
        self.runFinished.emit(status)

    def _on_error(self, message: str) -> None:
        if self._mine() is not None:
            self.progress_label.setText(f"The run stopped with an error: {message}")
            if is_busy_bar(self.progress_bar):  # stopped before any progress: not busy
                show_progress(self.progress_bar, 0, running=False)

    def _on_finished(self) -> None:
        if self._mine() is None:
            return
        self._job = None
        self.refresh()
        self._update_buttons()

    def cancel_all(self) -> None:
        """Stop every background job of the panel (the window is closing)."""
        self.cancel()
        self.report_view.cancel()
        self._saving.cancel()

    # --- saving a run's rules, and the report ----------------------------------------------

    def ask_save(self) -> None:
        run_id = self.selected_run()
        if run_id is None:
            return
        runs = [(info, self.store.status(info.id).rules_found) for info in self.store.runs()]
        dialog = SaveRulesDialog(runs, run_id, self)
        if dialog.exec() != SaveRulesDialog.DialogCode.Accepted:
            return
        choice = dialog.choice()
        try:
            self.save_rules(
                choice.name,
                top_k=choice.top_k,
                run_ids=choice.run_ids,
                simplify=choice.simplify,
                widen=choice.widen,
                mirror=choice.mirror,
                cost_budget=choice.cost_budget,
            )
        except (ValueError, PuzzleError) as exc:
            QMessageBox.warning(self, "Cannot Save Rules", str(exc))

    def save_rules(
        self,
        name: str,
        folder: Path | None = None,
        *,
        top_k: int | None = None,
        run_ids: Sequence[int] | None = None,
        simplify: bool = False,
        widen: bool = False,
        mirror: bool = False,
        cost_budget: int | None = None,
    ) -> Worker:
        """Optimise learned rules in the background and write them as rule set ``name``
        (``.rules`` in ``folder``, the user rules folder by default): the shown run's rules, or
        those of ``run_ids`` pooled, chosen as :class:`SaveRequest` says.  Raises ValueError at
        once for a bad name or no rules."""
        check_save(name, top_k, cost_budget)
        if not run_ids or list(run_ids) == [self._rules_run]:
            if self._rules_run is None:
                raise ValueError("no run is shown")
            run_ids = [self._rules_run]
            entries = entries_of(self._rules)
        else:
            run_ids = list(dict.fromkeys(run_ids))
            entries = pooled_entries(self.store, run_ids)
        if not entries:
            raise ValueError(
                f"run{'s' if len(run_ids) > 1 else ''} "
                f"{', '.join(map(str, run_ids))} found no rules yet"
            )
        request = SaveRequest(
            name,
            (folder or user_rules_dir()) / f"{name}{SUFFIX}",
            tuple(entries),
            tuple((r, LearnSettings.from_json(self.store.run(r).settings)) for r in run_ids),
            self.store.path.name,
            top_k,
            cost_budget,
            simplify,
            widen,
            mirror,
        )
        self.progress_label.setText(f"Optimising {len(entries)} rules for “{name}”…")
        self._saving_as = request
        worker = self._saving.start(request.run)
        self._update_buttons()
        return worker

    def _saved(self, summary: str) -> None:
        request = self._saving_as
        assert request is not None  # set before the job started
        self.progress_label.setText(f"Saved “{request.name}” ({summary}) to {request.path}.")
        self.ruleSetSaved.emit(request.name)

    def _save_failed(self, message: str) -> None:
        self.progress_label.setText(f"The rules could not be saved: {message}")

    def start_report(self) -> None:
        """Compare the shown run's rules with the control rules on the test set."""
        path = self._test_set
        if path is None or not path.is_file():
            self.progress_label.setText(f"No report: the test set ({path}) is not there.")
            return
        try:
            entries = entries_of(self._rules)
            control = load_rule_set(CONTROL_SET).rules
            transitions = load_transitions(path)
        except (RuleSyntaxError, OSError, ValueError) as exc:
            self.progress_label.setText(f"No report: {exc}")
            return
        self.lower_tabs.setCurrentWidget(self.report_view)
        self.report_view.compute([e.rule for e in entries], control, transitions)
