"""The Dask engine through ``dask scheduler`` and ``dask worker`` on loopback, as on a real
cluster: the same outcomes as the local pool, and a scheduler killed mid-run pauses the run
(its items in flight pending again, nothing lost) so that it resumes when the cluster is back."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import learn_work
import pytest

pytest.importorskip("distributed", reason="the cluster engine needs the 'cluster' extra (dask)")

from dask_loopback import Loopback
from dask_threads import no_threads_left_but_dasks

from nonostudio.learn.mining.specs import Specification, mine_transitions, specifications
from nonostudio.learn.running import dask_engine
from nonostudio.learn.running.dask_engine import open_cluster
from nonostudio.learn.running.engine import EngineError
from nonostudio.learn.running.runner import Runner
from nonostudio.learn.store.jobs import JobStore

pytestmark = pytest.mark.slow  # a scheduler's reconnect timeout (10 s) and process starts


@pytest.fixture(autouse=True)
def no_leaked_threads() -> Iterator[None]:
    """tests/conftest.py's check, but for the threads Dask's client keeps for the process."""
    with no_threads_left_but_dasks():
        yield


@pytest.fixture
def specs() -> list[Specification]:
    return [s for t in mine_transitions(3) for s in specifications(t, max_patterns=1)]


def test_a_loopback_cluster_gives_the_local_pools_outcomes(
    tmp_path: Path, specs: list[Specification]
) -> None:
    with JobStore(tmp_path / "jobs.sqlite3") as store, Loopback(2) as cluster:
        local = store.create_run({}, specs)
        Runner(store, local, learn_work.z3_forced, jobs=2, mode="thread", budget_s=10.0).run()
        cluster.wait_for_workers()
        with open_cluster(cluster.address) as engine:
            run = store.create_run({}, specs)
            status = Runner(store, run, learn_work.z3_forced, engine=engine, budget_s=10.0).run()
        assert status.counts == {"done": len(specs)}
        assert {r.key: r.result for r in store.records(run)} == {
            r.key: r.result for r in store.records(local)
        }


def test_a_killed_scheduler_pauses_the_run_and_it_resumes(
    tmp_path: Path, specs: list[Specification], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The client tries to reconnect for its connect timeout before the run reads as lost (10 s
    # in the product, for a scheduler on a real network); 3 s here keeps the suite's time down
    # and is still ample to connect to a loopback scheduler whose workers are already up.
    monkeypatch.setattr(dask_engine, "CONNECT_TIMEOUT_S", 3.0)
    with JobStore(tmp_path / "jobs.sqlite3") as store:
        run = store.create_run({}, specs)
        cluster = Loopback(2).start()
        try:
            cluster.wait_for_workers()
            with open_cluster(cluster.address) as engine:
                # Not in waves (hold_back): the first wave is one item; all four are wanted.
                runner = Runner(
                    store, run, learn_work.z3_hard, engine=engine, budget_s=60.0, hold_back=False
                )
                raised: list[BaseException] = []
                thread = threading.Thread(target=lambda: _catch(runner.run, raised))
                thread.start()
                # Two items per worker handed out, none of which ever ends by itself.
                while store.status(run).counts.get("running") != 4:
                    time.sleep(0.05)
                handed_out = {r.key for r in store.records(run) if r.status == "running"}
                cluster.kill_scheduler()
                thread.join(timeout=60)
                assert not thread.is_alive()
            (error,) = raised
            assert isinstance(error, EngineError)
            assert f"lost the Dask scheduler {cluster.address}: the run is paused" in str(error)
            # Nothing half-done: every item is pending again, and the run reads as paused.
            assert store.status(run).counts == {"pending": len(specs)}
            assert store.run(run).status == "cancelled"
        finally:
            cluster.stop()
        # The cluster is back (at the same address): the run resumes and ends.
        with Loopback(2, port=cluster.port) as again:
            again.wait_for_workers()
            with open_cluster(again.address) as engine:
                status = Runner(store, run, learn_work.z3_forced, engine=engine).run()
        assert status.counts == {"done": len(specs)}
        # Each item handed out before the scheduler died was handed out once more, no other.
        assert {r.key: r.attempts for r in store.records(run)} == {
            s.key: 2 if s.key in handed_out else 1 for s in specs
        }


def _catch(call: object, into: list[BaseException]) -> None:
    try:
        call()  # type: ignore[operator]
    except BaseException as exc:  # handed to the test's thread
        into.append(exc)
