"""The New Run dialog offers a short run and says how long the chosen settings would take, timed
by the earlier runs in the job store; the estimate is worked out off the GUI thread and follows
the settings."""

from __future__ import annotations

import pytest

from nonostudio.gui.learn_settings import SHORT_RUN, LearnSettingsDialog
from nonostudio.learn.store.estimate import duration_text
from nonostudio.learn.store.job_records import SpecStatus
from nonostudio.learn.store.jobs import JobStore
from nonostudio.learn.store.run_settings import LearnSettings, create_run


def estimated(qtbot, dialog: LearnSettingsDialog):
    qtbot.waitUntil(lambda: dialog.estimate() is not None, timeout=10000)
    return dialog.estimate()


def test_the_dialog_offers_a_short_run_with_its_estimate(qtbot, store: JobStore) -> None:
    dialog = LearnSettingsDialog(store=store)
    qtbot.addWidget(dialog)
    chosen = dialog.settings()
    assert (chosen.max_length, chosen.max_patterns, chosen.budget_s) == (4, 2, 20.0)
    assert chosen == LearnSettings(**{**SHORT_RUN.to_json(), "jobs": chosen.jobs})
    assert len(chosen.specifications()) < len(LearnSettings().specifications()) / 30
    assert dialog.estimate_label.text() == "Estimating…"  # worked out in the background
    estimate = estimated(qtbot, dialog)
    assert estimate.specifications == len(chosen.specifications())
    assert "no earlier run" in dialog.estimate_label.text()  # an empty store times nothing


def test_earlier_runs_time_the_estimate_and_it_follows_the_settings(qtbot, store: JobStore) -> None:
    earlier = LearnSettings(max_length=4, max_patterns=2, budget_s=20.0, jobs=2)
    run_id = create_run(store, earlier)
    records = store.pending(run_id)[:40]
    for record in records:  # 40 specifications of 0.5 s
        store.mark_running(run_id, record.key)
        store.finish(run_id, record.key, SpecStatus.DONE, 0.5, {"rules": []})
    dialog = LearnSettingsDialog(settings=earlier, store=store)
    qtbot.addWidget(dialog)
    estimate = estimated(qtbot, dialog)
    assert estimate.seconds_per_spec == pytest.approx(0.5) and estimate.same_kind
    assert estimate.specifications == 356
    assert dialog.estimate_label.text().startswith(
        f"About {duration_text(356 * 0.5 / 2)} on 2 workers"
    )
    dialog.max_length.setValue(5)  # more specifications, timed by the run of other settings
    qtbot.waitUntil(
        lambda: dialog.estimate() is not None and dialog.estimate().specifications == 1679,
        timeout=10000,
    )
    assert "with other settings" in dialog.estimate_label.text()
    dialog.jobs.setValue(4)
    qtbot.waitUntil(lambda: "on 4 workers" in dialog.estimate_label.text(), timeout=10000)
    dialog.reject()
    assert not dialog.is_estimating()
