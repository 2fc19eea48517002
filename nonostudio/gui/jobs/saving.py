"""The Jobs panel's rules: a run's rules (or several runs' pooled) optimised and saved as a
named rule set in the background, and compared with the control rules on the test set.

:class:`JobsSaving` is a part of :class:`~nonostudio.gui.jobs.panel.JobsPanel`, which holds
the widgets, the job store and the rules of the run on screen that it works on.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMessageBox

from nonostudio.core.errors import PuzzleError
from nonostudio.core.paths import user_rules_dir
from nonostudio.gui.common.workers import Worker
from nonostudio.gui.dialogs.save_rules import SaveRulesDialog
from nonostudio.gui.learned_rules import SaveRequest, check_save, entries_of, pooled_entries
from nonostudio.learn.run_settings import LearnSettings
from nonostudio.rules.coverage import load_transitions
from nonostudio.rules.parser import RuleSyntaxError
from nonostudio.rules.ruleset import SUFFIX, load_rule_set

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance
    from PySide6.QtWidgets import QLabel, QTabWidget

    from nonostudio.gui.common.workers import CurrentWorker
    from nonostudio.gui.jobs.report_view import ReportView
    from nonostudio.learn.jobs import JobStore

CONTROL_SET = "control"


class JobsSaving:
    """Saving and reporting of :class:`~nonostudio.gui.jobs.panel.JobsPanel` (a mixin: the
    attributes below are the panel's)."""

    if TYPE_CHECKING:
        store: JobStore
        progress_label: QLabel
        lower_tabs: QTabWidget
        report_view: ReportView
        ruleSetSaved: SignalInstance
        _test_set: Path | None
        _rules: dict[str, list[str]]
        _rules_run: int | None
        _saving: CurrentWorker
        _saving_as: SaveRequest | None

        def selected_run(self) -> int | None: ...

        def _update_buttons(self) -> None: ...

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
