"""The Jobs panel and ``learn run`` store the same run record for the same settings: both build it
with :mod:`nonostudio.learn.store.run_settings` (the panel from its new-run dialog)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

import nonostudio.learn.running.runner
from nonostudio.cli import main
from nonostudio.gui.learn_settings import LearnSettingsDialog
from nonostudio.learn.store.jobs import JobStore, RunStatus
from nonostudio.learn.store.run_settings import create_run


class _NoRun:
    """Stands in for the runner ``learn run`` starts once the run is stored: runs nothing."""

    work_seconds = late_skip_seconds = 0.0  # learn run prints them

    def __init__(self, store: JobStore, run_id: int, work: Any, **options: Any) -> None:
        self.store, self.run_id = store, run_id

    def cancel(self) -> None:
        pass

    def run(self) -> RunStatus:
        return self.store.status(self.run_id)


def store_content(path: Path) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """Every stored row of the job store's runs and specifications, but the creation time."""
    db = sqlite3.connect(path)
    try:
        runs = db.execute("SELECT id, settings, status FROM runs ORDER BY id").fetchall()
        specs = db.execute("SELECT * FROM specs ORDER BY run_id, seq").fetchall()
    finally:
        db.close()
    return runs, specs


def test_the_panel_and_learn_run_store_identical_records(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cli_store = tmp_path / "cli.sqlite3"
    monkeypatch.setattr(nonostudio.learn.running.runner, "Runner", _NoRun)
    argv = ["learn", "run", "--max-length", "3", "--max-patterns", "2", "--budget", "12.5"]
    options = ["--jobs", "2", "--mode", "thread", "--no-narrow", "--without", "unique"]
    assert main([*argv, *options, "--weight", "geometry=3", "--store", str(cli_store)]) == 0

    # The same choices made in the new-run dialog, stored as the panel's start() does.
    dialog = LearnSettingsDialog()
    qtbot.addWidget(dialog)
    dialog.max_length.setValue(3)
    dialog.max_patterns.setValue(2)
    dialog.budget.setValue(12.5)
    dialog.jobs.setValue(2)
    dialog.mode.setCurrentIndex(dialog.mode.findData("thread"))
    dialog.narrow.setChecked(False)
    dialog.constructs["unique"].setChecked(False)
    dialog.weights["geometry"].setValue(3)
    gui_store = tmp_path / "gui.sqlite3"
    with JobStore(gui_store) as store:
        create_run(store, dialog.settings())

    cli, gui = store_content(cli_store), store_content(gui_store)
    assert gui == cli
    runs, specs = gui
    assert len(runs) == 1 and len(specs) > 27  # one and two patterns on lines of 3 cells
    assert '"jobs": 2' in runs[0][1] and '"narrow": false' in runs[0][1]
