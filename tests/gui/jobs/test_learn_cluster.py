"""The Jobs panel's run settings for a Dask cluster: the New Run dialog's "Run on" field (checked
as typed, never stored with the run) and a run started on a cluster, or on one that is not there."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from dask_threads import no_threads_left_but_dasks
from PySide6.QtCore import QThreadPool

from nonostudio.gui.jobs.panel import JobsPanel
from nonostudio.gui.learn_settings import LearnSettingsDialog
from nonostudio.learn.store.jobs import JobStore
from nonostudio.learn.store.run_settings import LearnSettings

_DASK_THREADS = ("Dask-", "IO loop", "TCP-Executor")
SMALL = LearnSettings(max_length=2, max_patterns=1, budget_s=10.0, jobs=1, mode="thread")


@pytest.fixture(autouse=True)
def no_jobs_left(qapp: object) -> Iterator[None]:
    yield
    pool = QThreadPool.globalInstance()
    assert pool.waitForDone(20000), "a learning job was still running"


@pytest.fixture(autouse=True)
def no_leaked_threads() -> Iterator[None]:
    """tests/conftest.py's check, but for the threads Dask keeps for the process once a client
    has run (its event loop, offload and callback threads)."""
    with no_threads_left_but_dasks(_DASK_THREADS):
        yield


def test_the_run_on_field_checks_the_address_as_it_is_typed(
    qtbot: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("NONOSTUDIO_CLUSTER", raising=False)
    dialog = LearnSettingsDialog(settings=SMALL)
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    ok = dialog.accept_button()
    assert dialog.cluster() is None and ok.isEnabled() and dialog.jobs.isEnabled()
    dialog.cluster_edit.setText("local:many")
    assert not ok.isEnabled()
    assert "after 'local:' give a number of workers" in dialog.cluster_note.text()
    dialog.cluster_edit.setText("http://scheduler:8786")
    assert not ok.isEnabled() and "tcp://host:port" in dialog.cluster_note.text()
    dialog.cluster_edit.setText(" tcp://scheduler:8786 ")
    assert dialog.cluster() == "tcp://scheduler:8786"
    # A cluster has its own workers: this machine's count and kind do not apply.
    assert not dialog.jobs.isEnabled() and not dialog.mode.isEnabled()
    # Not stored with the run: the settings are the same wherever it runs.
    assert dialog.settings() == LearnSettingsDialog(settings=SMALL).settings()
    dialog.cluster_edit.setText("")
    assert ok.isEnabled() and dialog.jobs.isEnabled() and dialog.cluster() is None


def test_the_field_starts_from_the_environment(
    qtbot: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NONOSTUDIO_CLUSTER", "local:3")
    dialog = LearnSettingsDialog(settings=SMALL)
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    assert dialog.cluster() == "local:3"


@pytest.mark.slow  # loading Dask and a connection timing out (6 s)
def test_a_run_on_a_cluster_that_is_not_there_says_so_and_stays_pending(
    qtbot: object, store: JobStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("distributed", reason="the cluster engine needs the 'cluster' extra")
    from nonostudio.learn.running import dask_engine

    monkeypatch.setattr(dask_engine, "CONNECT_TIMEOUT_S", 1.0)
    panel = JobsPanel(store)
    qtbot.addWidget(panel)  # type: ignore[attr-defined]
    run_id = panel.start(SMALL, cluster="tcp://127.0.0.1:9")
    assert run_id is not None
    qtbot.waitUntil(lambda: not panel.is_busy(), timeout=20000)  # type: ignore[attr-defined]
    text = panel.progress_label.text()
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in text
    assert set(store.status(run_id).counts) == {"pending"}


@pytest.mark.slow  # a LocalCluster's start and a small synthesis run (20 s under load)
def test_a_run_on_a_local_cluster_finds_rules(qtbot: object, store: JobStore) -> None:
    pytest.importorskip("distributed", reason="the cluster engine needs the 'cluster' extra")
    panel = JobsPanel(store)
    qtbot.addWidget(panel)  # type: ignore[attr-defined]
    messages: list[str] = []
    run_id = panel.start(SMALL, cluster="local:1")
    job = panel.running_job()
    assert job is not None and run_id is not None
    job.signals.progress.connect(lambda _f, m: messages.append(m))
    qtbot.waitUntil(lambda: not panel.is_busy(), timeout=60000)  # type: ignore[attr-defined]
    status = store.status(run_id)
    assert status.finished == status.total and status.rules_found > 0
    assert store.run(run_id).status == "finished"
    assert any(m.startswith("cluster a LocalCluster: 1 workers") for m in messages)
    assert any(m.endswith("; 1 workers, 0 busy") for m in messages)


def test_without_dask_the_field_says_how_to_get_it(
    qtbot: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    import nonostudio.gui.learn_settings as learn_settings

    monkeypatch.delenv("NONOSTUDIO_CLUSTER", raising=False)
    monkeypatch.setattr(learn_settings, "cluster_available", lambda: False)
    dialog = LearnSettingsDialog(settings=SMALL)
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    assert dialog.accept_button().isEnabled()  # this machine's workers need no Dask
    dialog.cluster_edit.setText("local:2")
    assert not dialog.accept_button().isEnabled()
    assert "pip install 'nonostudio[cluster]'" in dialog.cluster_note.text()


def test_the_progress_line_shows_the_clusters_workers() -> None:
    from nonostudio.gui.jobs.model import progress_text
    from nonostudio.learn.running.runner import RunSnapshot
    from nonostudio.learn.store.jobs import SpecStatus

    here = RunSnapshot(3, 27, 1, 30.0, 48.0, "1|-|O0-1|h", SpecStatus.DONE)
    there = RunSnapshot(3, 27, 1, 30.0, 48.0, "1|-|O0-1|h", SpecStatus.DONE, "2 workers, 2 busy")
    assert progress_text(there) == progress_text(here) + " — 2 workers, 2 busy"
    assert "workers" not in progress_text(here)  # this machine's runs read as before
