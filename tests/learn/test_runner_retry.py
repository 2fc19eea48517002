"""A worker that dies under a specification costs nothing: the specification is handed out again
(up to MAX_ATTEMPTS attempts), and a resume retries one an older nonostudio failed at once."""

from __future__ import annotations

from pathlib import Path

import learn_work
import pytest

from nonostudio.learn.mining.specs import Specification, mine_transitions, specifications
from nonostudio.learn.running.engine import EngineError, LocalEngine
from nonostudio.learn.running.runner import run_specifications
from nonostudio.learn.store.jobs import MAX_ATTEMPTS, WORKER_DIED, JobStore, SpecStatus


@pytest.fixture(scope="module")
def specs() -> list[Specification]:
    return [s for t in mine_transitions(2) for s in specifications(t, max_patterns=1)]


def test_a_worker_killed_mid_item_costs_nothing(
    store: JobStore, specs: list[Specification], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LEARN_TEST_DIR", str(tmp_path))
    run = store.create_run({}, specs)
    status = run_specifications(
        store, run, learn_work.dies_first_time_on_one_cell, jobs=2, mode="process"
    )
    assert status.counts == {"done": len(specs)}
    records = {r.key: r for r in store.records(run)}
    # The one-cell line's specification killed its worker once and was done on its second try.
    assert records["1|-|O0-1|h"].attempts == 2
    assert list(tmp_path.glob("died-*")) == [tmp_path / "died-1_-_O0-1_h"]
    assert all(r.attempts == 1 for k, r in records.items() if k != "1|-|O0-1|h")
    assert all(r.result is not None and r.result["forced"] for r in records.values())


def test_an_item_that_kills_every_worker_fails_after_max_attempts(
    store: JobStore, specs: list[Specification]
) -> None:
    run = store.create_run({}, specs)
    status = run_specifications(store, run, learn_work.dies_on_one_cell, jobs=2, mode="process")
    (failed,) = store.records(run, SpecStatus.FAILED)
    assert failed.key == "1|-|O0-1|h" and failed.attempts == MAX_ATTEMPTS
    assert failed.error == WORKER_DIED
    assert status.counts == {"done": len(specs) - 1, "failed": 1}
    assert status.failures == (("1|-|O0-1|h", WORKER_DIED),)
    # A resume does not try it again: it had its attempts.
    assert store.resume(run) == 0


def test_resume_retries_an_item_whose_worker_died_before_its_attempts_ran_out(
    store: JobStore, specs: list[Specification]
) -> None:
    # As an older nonostudio left it: failed at the first death.
    run = store.create_run({}, specs[:2])
    a, b = (s.key for s in specs[:2])
    for key, error in ((a, WORKER_DIED), (b, "ArithmeticError: no rule")):
        store.mark_running(run, key)
        store.finish(run, key, SpecStatus.FAILED, None, error=error)
    assert store.resume(run) == 1
    records = {r.key: r for r in store.records(run)}
    assert records[a].status == "pending" and records[a].error is None
    assert records[b].status == "failed"  # the work's own failure is its outcome
    status = run_specifications(store, run, learn_work.z3_forced, jobs=1, mode="thread")
    assert status.counts == {"done": 1, "failed": 1}
    assert {r.key: r.attempts for r in store.records(run)}[a] == 2


class _LosesItsCluster(LocalEngine):
    """This machine's threads, standing for a cluster whose scheduler is lost as soon as the
    runner waits for an outcome."""

    def __init__(self) -> None:
        super().__init__(2, "thread")

    def lost(self) -> list[int]:
        raise EngineError("lost the Dask scheduler tcp://10.0.0.1:8786: the run is paused")

    def summary(self) -> str:
        return "tcp://10.0.0.1:8786: 2 workers, 2 threads"

    def __enter__(self) -> _LosesItsCluster:
        return self

    def __exit__(self, *exc: object) -> None:
        pass


def test_learn_run_pauses_when_the_cluster_is_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from nonostudio.cli import main
    from nonostudio.learn.running import dask_engine

    monkeypatch.setattr(dask_engine, "open_cluster", lambda address: _LosesItsCluster())
    db = tmp_path / "jobs.sqlite3"
    argv = ["learn", "run", "--max-length", "3", "--max-patterns", "1", "--store", str(db)]
    code = main([*argv, "--cluster", "tcp://10.0.0.1:8786", "--budget", "20"])
    out, err = capsys.readouterr()
    assert code == 3
    assert "cluster tcp://10.0.0.1:8786: 2 workers, 2 threads" in err
    assert f"the run is paused: learn run --resume 1 --store {db}" in out
    with JobStore(db) as store:
        counts = store.status(1).counts
        assert store.run(1).status == "cancelled" and "running" not in counts
        assert counts.get("pending")  # what was in flight is pending again
