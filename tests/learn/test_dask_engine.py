"""The Dask engine (the ``cluster`` extra) on a LocalCluster of two worker processes: the same
outcomes as the local pool, cancel reaching running z3 calls, a worker killed mid-item costing
nothing, a poisoned item failing after its attempts, and the versions checked on connecting."""

from __future__ import annotations

import json
import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import learn_work
import pytest
from dask_threads import no_threads_left_but_dasks
from logged_runs import line_of

pytest.importorskip("distributed", reason="the cluster engine needs the 'cluster' extra (dask)")

import nonostudio
from nonostudio.learn.mining.specs import Specification, mine_transitions, specifications
from nonostudio.learn.running import dask_engine
from nonostudio.learn.running.dask_engine import ClusterError, DaskEngine, open_cluster
from nonostudio.learn.running.runner import Runner, RunSnapshot
from nonostudio.learn.running.runner_skips import CoveringRules
from nonostudio.learn.store.jobs import MAX_ATTEMPTS, JobStore, SpecStatus

# One xdist worker runs this module (``--dist loadgroup``): its module's cluster is started once,
# and the module is handed out among the first units.
pytestmark = pytest.mark.xdist_group("test_dask_engine")


@pytest.fixture(scope="module")
def marker_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("markers")


@pytest.fixture(scope="module")
def engine(marker_dir: Path) -> Iterator[DaskEngine]:
    # The workers are spawned now: what they read from the environment is set first.
    os.environ["LEARN_TEST_DIR"] = str(marker_dir)
    with open_cluster("local:2") as cluster:
        yield cluster
    del os.environ["LEARN_TEST_DIR"]


@pytest.fixture(autouse=True)
def no_leaked_threads() -> Iterator[None]:
    """tests/conftest.py's check, but for the threads of the Dask cluster the module shares."""
    with no_threads_left_but_dasks():
        yield


@pytest.fixture(scope="module")
def specs() -> list[Specification]:
    return [s for t in mine_transitions(3) for s in specifications(t, max_patterns=1)]


def _outcomes(store: JobStore, run: int) -> dict[str, tuple[str, object]]:
    return {r.key: (r.status, r.result) for r in store.records(run)}


def test_the_same_outcomes_as_the_local_pool(
    engine: DaskEngine, store: JobStore, specs: list[Specification]
) -> None:
    local = store.create_run({}, specs)
    Runner(store, local, learn_work.z3_forced, jobs=2, mode="thread", budget_s=10.0).run()
    seen: list[RunSnapshot] = []
    run = store.create_run({}, specs)
    status = Runner(
        store, run, learn_work.z3_forced, engine=engine, budget_s=10.0, on_snapshot=seen.append
    ).run()
    assert status.counts == {"done": len(specs)}
    assert _outcomes(store, run) == _outcomes(store, local)
    assert store.run(run).status == "finished"
    # Progress as on the local pool, with the workers' count and state.
    assert [s.done for s in seen] == list(range(1, len(specs) + 1))
    assert seen[0].workers.startswith("2 workers, ")
    assert seen[0].message().endswith(f"; {seen[0].workers}")


def test_cancel_reaches_running_z3_calls_within_a_second(
    engine: DaskEngine, store: JobStore, specs: list[Specification]
) -> None:
    run = store.create_run({}, specs)
    # Not in waves (hold_back): the first wave is a single item, and every worker is to be busy.
    runner = Runner(store, run, learn_work.z3_hard, engine=engine, budget_s=60.0, hold_back=False)
    thread = threading.Thread(target=runner.run)
    thread.start()
    deadline = time.monotonic() + 20
    while not engine.client.processing() or not all(engine.client.processing().values()):
        assert time.monotonic() < deadline, "the workers never got their items"
        time.sleep(0.05)
    time.sleep(0.3)  # inside z3
    # Two items per worker are handed out, as on the local pool.
    assert store.status(run).counts.get("running") == 4
    asked = time.monotonic()
    runner.cancel()
    thread.join(timeout=10)
    while any(engine.client.processing().values()):
        time.sleep(0.02)
    idle = time.monotonic() - asked
    assert not thread.is_alive() and idle < 1.0
    assert store.status(run).counts == {"pending": len(specs)}
    assert store.run(run).status == "cancelled"


def test_a_worker_killed_mid_item_costs_nothing(
    engine: DaskEngine, store: JobStore, specs: list[Specification], marker_dir: Path
) -> None:
    run = store.create_run({}, specs)
    status = Runner(
        store, run, learn_work.dies_first_time_on_one_cell, engine=engine, budget_s=10.0
    ).run()
    # The one-cell line's item killed its worker process; the scheduler ran it again elsewhere.
    assert (marker_dir / "died-1_-_O0-1_h").exists()
    assert status.counts == {"done": len(specs)}
    records = store.records(run)
    assert all(r.result is not None and r.result["forced"] for r in records)
    assert all(r.attempts == 1 for r in records)  # handed out once: nothing redone by us


@pytest.mark.slow
def test_an_item_that_kills_every_worker_fails_after_its_attempts(
    engine: DaskEngine, store: JobStore, specs: list[Specification]
) -> None:
    run = store.create_run({}, specs)
    status = Runner(store, run, learn_work.dies_on_one_cell, engine=engine, budget_s=10.0).run()
    failed_records = store.records(run, SpecStatus.FAILED)
    assert [r.key for r in failed_records] == ["1|-|O0-1|h"]  # no other item paid for it
    failed = failed_records[0]
    assert failed.error is not None and "KilledWorker" in failed.error
    assert status.counts == {"done": len(specs) - 1, "failed": 1}
    assert store.resume(run) == 0  # the cluster gave it its attempts
    assert MAX_ATTEMPTS == 3


def test_workers_of_another_version_are_refused(
    engine: DaskEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(nonostudio, "__version__", "0.0.1-elsewhere")
    with pytest.raises(ClusterError, match=r"runs nonostudio 0\.1\.0 .* this machine nonostudio "):
        dask_engine.check_versions(engine.client)


@pytest.mark.parametrize(
    ("address", "says"),
    [
        ("local:none", "after 'local:' give a number of workers"),
        ("local:0", "after 'local:' give a number of workers"),
        ("http://host:8786", "expected local, local:N, tcp://host:port or tls://host:port"),
        ("cluster7", "expected local, local:N"),
    ],
)
def test_a_bad_address_says_what_is_expected(address: str, says: str) -> None:
    with pytest.raises(ClusterError, match=says):
        open_cluster(address)


def test_no_scheduler_at_the_address_is_a_clear_error() -> None:
    with pytest.raises(
        ClusterError, match=r"cannot reach the Dask scheduler at tcp://127\.0\.0\.1:9"
    ):
        dask_engine.CONNECT_TIMEOUT_S = 1.0
        try:
            open_cluster("tcp://127.0.0.1:9")
        finally:
            dask_engine.CONNECT_TIMEOUT_S = 10.0


def test_an_address_that_answers_but_is_no_scheduler_is_a_clear_error() -> None:
    # A web server's port given by mistake: Dask read its reply's first bytes as a frame
    # length and the run stopped with "numpy ... _ArrayMemoryError: Unable to allocate
    # 3.07 EiB" (the Jobs tab) or "out of memory" (learn run), a false reason.
    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]
    done = threading.Event()

    def answer() -> None:
        with server:
            peer, _ = server.accept()
            with peer:
                peer.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n" * 4)
                done.wait(5)

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    try:
        with pytest.raises(ClusterError) as error:
            open_cluster(f"tcp://127.0.0.1:{port}")
    finally:
        done.set()
        thread.join(5)
    assert str(error.value).startswith(
        f"tcp://127.0.0.1:{port} answered, but not as a Dask scheduler"
    )
    assert "8786" in str(error.value)


def _main_rules(data_store: Path, run: int) -> dict[str, object]:
    with JobStore(data_store) as store:
        return {r.key: (r.status, (r.result or {}).get("rule")) for r in store.records(run)}


@pytest.mark.slow  # two small learning runs (6 s)
def test_learn_run_on_a_local_cluster_finds_the_local_pools_main_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from nonostudio.cli import main

    monkeypatch.delenv("NONOSTUDIO_CLUSTER", raising=False)
    small = ["learn", "run", "--max-length", "2", "--max-patterns", "1", "--budget", "10"]
    assert main([*small, "--store", str(tmp_path / "local.sqlite3"), "--mode", "thread"]) == 0
    capsys.readouterr()
    cluster_store = tmp_path / "cluster.sqlite3"
    code = main([*small, "--store", str(cluster_store), "--cluster", "local:1", "--json"])
    out, err = capsys.readouterr()
    assert code == 0
    data = json.loads(out)
    assert data["cluster"] == "local:1" and data["finished"] == data["total"]
    assert "cluster a LocalCluster: 1 workers, 1 threads" in err
    assert "; 1 workers, " in err  # the progress lines show the workers
    rules = _main_rules(cluster_store, data["run_id"])
    local = _main_rules(tmp_path / "local.sqlite3", 1)
    assert rules.keys() == local.keys() and any(rule for _, rule in rules.values())
    # The same main rule for every specification both searched the same way; which ones are
    # skipped depends on what was found when each was handed out (one worker here, two there).
    same = [k for k in rules if rules[k][0] == local[k][0]]
    assert len(same) >= len(rules) - 2
    assert all(rules[k] == local[k] for k in same)
    assert {rules[k][0] for k in rules if k not in same} <= {"done", "skipped"}
    # Not stored with the run: a resume may run anywhere.
    assert "cluster" not in json.dumps(data["settings"])


def test_a_bad_cluster_in_the_environment_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from nonostudio.cli import main

    monkeypatch.setenv("NONOSTUDIO_CLUSTER", "local:lots")
    store = tmp_path / "jobs.sqlite3"
    assert main(["learn", "run", "--max-length", "1", "--store", str(store)]) == 2
    err = capsys.readouterr().err
    assert "--cluster: cluster 'local:lots': after 'local:' give a number of workers" in err


def test_without_dask_the_cluster_engine_says_how_to_get_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(dask_engine, "cluster_available", lambda: False)
    with pytest.raises(ClusterError, match=r"needs Dask: pip install 'nonostudio\[cluster\]'"):
        open_cluster("local:2")


def test_a_batch_of_items_comes_back_item_by_item(
    engine: DaskEngine, specs: list[Specification]
) -> None:
    engine.open((learn_work.z3_forced, None))
    try:
        tasks = [(i, s.key, s.to_json(), 10.0, 0) for i, s in enumerate(specs[:5])]
        engine.submit_batch(tasks)
        outcomes = [engine.result(30.0) for _ in tasks]
    finally:
        engine.close(handed_back=False)
    assert [o[1] for o in outcomes if o is not None] == [t[1] for t in tasks]
    assert all(o is not None and o[2] == SpecStatus.DONE for o in outcomes)
    assert all(o is not None and json.loads(o[4])["forced"] for o in outcomes)


def _covered_by_big_hint(spec: Specification) -> bool:
    return CoveringRules([("k", {"rule": learn_work.BIG_HINT})]).covers(spec)


@pytest.mark.parametrize("skips", [(True, True), (False, False)])
def test_an_item_a_batch_mates_rule_skips_comes_back_unrun(
    engine: DaskEngine, skips: tuple[bool, bool]
) -> None:
    giver = next(s for t in mine_transitions(2, 2) for s in specifications(t, max_patterns=1))
    covered = next(
        s
        for t in mine_transitions(4, 4)
        for s in specifications(t, max_patterns=1)
        if _covered_by_big_hint(s)
    )
    engine.open((learn_work.big_hint_everywhere, None))
    try:
        tasks = [(i, s.key, s.to_json(), 10.0, 0) for i, s in enumerate([giver, covered])]
        engine.submit_batch(tasks, skips)
        outcomes = [engine.result(30.0) for _ in tasks]
    finally:
        engine.close(handed_back=False)
    assert [o[1] for o in outcomes if o is not None] == [giver.key, covered.key]
    first, second = outcomes
    assert first is not None and first[2] == SpecStatus.DONE
    assert second is not None
    if skips == (True, True):
        # Never run (its work would have reported big hint too): the runner skips it.
        assert (second[2], second[3], second[4]) == (SpecStatus.PENDING, 0.0, None)
    else:
        assert second[2] == SpecStatus.DONE  # the runner does not skip: it runs


def test_held_back_cheap_items_of_one_line_share_a_batch_and_skip_in_it(
    engine: DaskEngine, store: JobStore, marker_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Cheap items of one kind (5 cells, one pattern); one well after the first (once the kind is
    # measured cheap) finds big hint, which covers the next and others after it.
    specs = [s for t in mine_transitions(5, 5) for s in specifications(t, max_patterns=1)][:200]
    giver = next(
        i
        for i, s in enumerate(specs[:-1])
        if i >= 64
        and not _covered_by_big_hint(s)
        and _covered_by_big_hint(specs[i + 1])
        and s.value == specs[i + 1].value  # a batch fills one value
    )
    covered = {s.key for s in specs[giver + 1 :] if _covered_by_big_hint(s)}
    (marker_dir / "giver").write_text(specs[giver].key)
    (marker_dir / "calls").unlink(missing_ok=True)
    submissions: list[list[str]] = []
    submit, submit_batch = engine.submit, engine.submit_batch
    monkeypatch.setattr(engine, "submit", lambda t: (submissions.append([t[1]]), submit(t))[1])
    monkeypatch.setattr(
        engine,
        "submit_batch",
        lambda ts, *skips: (submissions.append([t[1] for t in ts]), submit_batch(ts, *skips))[1],
    )
    run = store.create_run({}, specs)
    runner = Runner(store, run, learn_work.big_hint_from_the_giver, engine=engine, budget_s=10.0)
    assert runner.hold_back
    runner.run()
    # Held back, items of one line still go together once their kind is measured cheap (one
    # line's items waited for each other: nearly a round trip each).
    lines = [[line_of(k) for k in keys] for keys in submissions]
    assert any(len(set(ls)) < len(ls) for ls in lines)
    assert len(submissions) < len(specs) / 2
    # The giver and one it covers were in one batch: those of its batch it covers were handed
    # back unrun and skipped (their work would have run: it finds no rule for them).
    batch = next(keys for keys in submissions if specs[giver].key in keys)
    after = batch[batch.index(specs[giver].key) + 1 :]
    mates = [k for k in covered if k in after]
    assert specs[giver + 1].key in mates
    ran = (marker_dir / "calls").read_text().split()
    records = {r.key: r for r in store.records(run)}
    assert all(records[k].status == SpecStatus.SKIPPED for k in mates)
    assert not set(mates) & set(ran)
    assert records[specs[giver].key].status == SpecStatus.DONE
