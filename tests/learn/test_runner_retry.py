"""A worker that dies under a specification costs nothing: the specification is handed out again
(up to MAX_ATTEMPTS attempts), and a resume retries one an older nonostudio failed at once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import learn_work
import pytest

from nonostudio.learn.mining.specs import Specification, mine_transitions, specifications
from nonostudio.learn.running.runner import run_specifications
from nonostudio.learn.store.jobs import MAX_ATTEMPTS, WORKER_DIED, JobStore, SpecStatus


@pytest.fixture(scope="module")
def specs() -> list[Specification]:
    return [s for t in mine_transitions(2) for s in specifications(t, max_patterns=1)]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[JobStore]:
    with JobStore(tmp_path / "jobs.sqlite3") as s:
        yield s


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
