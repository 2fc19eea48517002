"""Runner: real work in processes and threads, budgets, cancel within a second, kill and resume."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Any

import learn_work
import pytest

from nonostudio.core.line import CROSSED, FILLED
from nonostudio.learn.mining.specs import Specification, mine_transitions, specifications
from nonostudio.learn.running.runner import CoveringRules, Runner, RunSnapshot, run_specifications
from nonostudio.learn.store.jobs import JobStore, RunStatus, SpecStatus

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def specs() -> list[Specification]:
    return [s for t in mine_transitions(3) for s in specifications(t, max_patterns=1)]


@pytest.mark.parametrize("mode", ["process", "thread"])
def test_every_mined_run_is_forced_by_z3(
    store: JobStore, specs: list[Specification], mode: str
) -> None:
    run = store.create_run({"max_length": 3}, specs)
    seen: list[RunSnapshot] = []
    reported: list[tuple[float, str]] = []
    status = run_specifications(
        store,
        run,
        learn_work.z3_forced,
        jobs=2,
        mode=mode,
        budget_s=10.0,
        on_snapshot=seen.append,
        progress=lambda f, m: reported.append((f, m)),
    )
    assert status.counts == {"done": len(specs)}
    assert all(r.result is not None and r.result["forced"] for r in store.records(run))
    assert store.run(run).status == "finished"
    assert [p.done for p in seen] == list(range(1, len(specs) + 1))
    assert seen[-1].total == len(specs) and seen[-1].eta_seconds == 0
    assert seen[-1].rules_found == status.rules_found == len(specs)
    assert all(p.rate_per_minute > 0 for p in seen)
    # The one progress protocol: a fraction in [0, 1] and a message, one per finished
    # specification, the fraction that of the snapshot.
    assert [f for f, _ in reported] == [p.done / p.total for p in seen]
    assert all(isinstance(f, float) and 0 < f <= 1 and isinstance(m, str) for f, m in reported)
    assert reported[-1][1].startswith(f"{len(specs)}/{len(specs)} specifications, ")


def test_budget_interrupts_z3_and_python(store: JobStore, specs: list[Specification]) -> None:
    for work in (learn_work.z3_hard, learn_work.python_spin):
        run = store.create_run({}, specs[:2])
        start = time.monotonic()
        status = run_specifications(store, run, work, jobs=2, mode="thread", budget_s=0.3)
        assert time.monotonic() - start < 2.0
        assert status.counts == {"timeout": 2} and status.budget_hits == 2
        assert all(r.seconds is not None and 0.3 < r.seconds < 1.0 for r in store.records(run))


def test_the_budget_watchdog_survives_z3_reporting_another_threads_error(
    store: JobStore, specs: list[Specification], z3_interrupt_reports_canceled: list[BaseException]
) -> None:
    # Two tasks per worker: if the first interrupt's error killed the watchdog, the second task
    # would run on with nothing to stop it.
    run = store.create_run({}, specs[:4])
    runner = Runner(store, run, learn_work.z3_hard, jobs=2, mode="thread", budget_s=0.3)
    out: list = []
    thread = threading.Thread(target=lambda: out.append(runner.run()))
    thread.start()
    thread.join(4.0)
    stuck = thread.is_alive()
    runner.cancel()  # a stuck run would only end here
    thread.join()
    assert not stuck, "a task ran past its budget"
    assert out[0].counts == {"timeout": 4} and out[0].budget_hits == 4
    assert z3_interrupt_reports_canceled == []


def test_failures_are_recorded(store: JobStore, specs: list[Specification]) -> None:
    run = store.create_run({}, specs)
    status = run_specifications(store, run, learn_work.failing, jobs=2, mode="thread")
    failed = store.records(run, SpecStatus.FAILED)
    assert failed and all(r.spec.start == 0 for r in failed)
    assert all(r.error == f"ArithmeticError: no rule for {r.key}" for r in failed)
    assert status.counts["done"] == len(specs) - len(failed)


def test_cancel_stops_within_a_second(store: JobStore, specs: list[Specification]) -> None:
    run = store.create_run({}, specs)
    runner = Runner(store, run, learn_work.z3_hard, jobs=2, mode="thread", budget_s=60.0)
    out = []
    thread = threading.Thread(target=lambda: out.append(runner.run()))
    thread.start()
    time.sleep(0.5)
    asked = time.monotonic()
    runner.cancel()
    thread.join(timeout=5.0)
    assert not thread.is_alive() and time.monotonic() - asked < 1.0
    assert out[0].counts == {"pending": len(specs)}
    assert store.run(run).status == "cancelled"
    # Both specifications that were under way were attempted once and handed back.
    assert sorted(r.attempts for r in store.records(run))[-2:] == [1, 1]


def test_a_dying_worker_fails_only_its_specification(
    store: JobStore, specs: list[Specification]
) -> None:
    run = store.create_run({}, specs)
    status = run_specifications(store, run, learn_work.dies_on_one_cell, jobs=2, mode="process")
    failed = store.records(run, SpecStatus.FAILED)
    # The two one-cell lines: (1) "-" -> "O" and () "-" -> "x" (the latter has no specification:
    # it binds no hint).
    assert [r.key for r in failed] == ["1|-|O0-1|h"]
    assert all(r.error == "worker process died" for r in failed)
    assert status.counts["done"] == len(specs) - len(failed)


_CHILD = textwrap.dedent("""
    import sys
    from nonostudio.learn.store.jobs import JobStore
    from nonostudio.learn.running.runner import run_specifications
    import learn_work
    if __name__ == "__main__":
        with JobStore(sys.argv[1]) as store:
            run_specifications(store, int(sys.argv[2]), learn_work.logged_slow, jobs=2,
                               mode="process")
""")


def _start_child_run(
    tmp_path: Path, log: Path, finished: int
) -> tuple[subprocess.Popen, Path, int, int]:
    """A learning run over lines of 4 cells in a child process (two worker processes), returned
    once ``finished`` specifications are done: ``(child, store path, run id, total)``."""
    specs = [s for t in mine_transitions(4) for s in specifications(t, max_patterns=1)]
    db = tmp_path / "jobs.sqlite3"
    with JobStore(db) as store:
        run = store.create_run({"max_length": 4}, specs)
    script = tmp_path / "child.py"
    script.write_text(_CHILD)
    env = dict(
        os.environ,
        LEARN_TEST_LOG=str(log),
        PYTHONPATH=os.pathsep.join([str(REPO), str(Path(__file__).parent)]),
    )
    child = subprocess.Popen(
        [sys.executable, str(script), str(db), str(run)], env=env, start_new_session=True
    )
    with JobStore(db) as watcher:
        deadline = time.monotonic() + 60
        while watcher.status(run).finished < finished and time.monotonic() < deadline:
            time.sleep(0.05)
    return child, db, run, len(specs)


@pytest.mark.slow
def test_killed_run_resumes_without_redoing_or_losing(tmp_path: Path) -> None:
    first_log, second_log = tmp_path / "first.log", tmp_path / "second.log"
    child, db, run, total = _start_child_run(tmp_path, first_log, 20)
    os.killpg(child.pid, signal.SIGKILL)  # the child and its worker processes
    child.wait()
    with JobStore(db) as store:
        before = {
            r.key: r.result
            for r in store.records(run)
            if r.status != "pending" and r.status != "running"
        }
        assert 20 <= len(before) < total
        os.environ["LEARN_TEST_LOG"] = str(second_log)
        try:
            status = run_specifications(store, run, learn_work.logged_slow, jobs=2, mode="thread")
        finally:
            del os.environ["LEARN_TEST_LOG"]
        assert status.counts.get("pending", 0) == 0 and status.counts.get("running", 0) == 0
        assert status.finished == total
        redone = set(second_log.read_text().split("\n")) & set(before)
        assert not redone
        after = {r.key: r.result for r in store.records(run)}
        assert all(after[k] == v for k, v in before.items())
        assert all(r is not None and r["key"] == k for k, r in after.items())


def _children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to find workers")
def test_workers_exit_when_the_coordinator_is_killed(tmp_path: Path) -> None:
    child, _db, _run, _total = _start_child_run(tmp_path, tmp_path / "log", 5)
    try:
        workers = [p for p in _children(child.pid) if _running(p)]
        workers = [
            p
            for p in workers
            if "spawn_main" in Path(f"/proc/{p}/cmdline").read_text(errors="replace")
        ]
        assert len(workers) == 2
        child.kill()  # the coordinator only, as a crash or an OOM kill would
        child.wait()
        deadline = time.monotonic() + 5
        while any(_running(p) for p in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(_running(p) for p in workers)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(child.pid, signal.SIGKILL)


def _spec(
    hints: tuple[int, ...], before: str, value: int, start: int, end: int, codes: tuple[str, ...]
) -> Specification:
    t = next(
        t
        for t in mine_transitions(len(before), len(before))
        if t.hints == hints and t.before == before
    )
    return next(
        s
        for s in specifications(t)
        if (s.value, s.start, s.end) == (value, start, end)
        and tuple(b.name for b in s.patterns) == codes
    )


def test_a_found_rule_covers_only_what_it_fills_with_named_elements() -> None:
    covering = CoveringRules([("k", {"rule": learn_work.BIG_HINT})])
    # (3) ----: big hint fills cells 1..2 binding the only hint.
    assert covering.covers(_spec((3,), "----", FILLED, 1, 3, ("h",)))
    # (1 3) -----: it fills cells 2..4 with hint 1; the specification names hint 1 and a gap.
    assert covering.covers(_spec((1, 3), "-----", FILLED, 2, 5, ("h1", "g")))
    # ... but not when the specification does not name the hint the fill came from.
    assert not covering.covers(_spec((1, 3), "-----", FILLED, 2, 5, ("h0", "g")))
    # A run of crossed cells is never covered by a rule that fills.
    cross = [s for t in mine_transitions(4, 4) for s in specifications(t, 1) if s.value == CROSSED]
    assert cross and not any(covering.covers(s) for s in cross)
    # Malformed stored results cover nothing.
    assert not CoveringRules([("k", {"rule": "def broken"}), ("j", None)]).rules


def test_covered_specifications_are_skipped_not_run(store: JobStore, tmp_path: Path) -> None:
    specs = [s for t in mine_transitions(4) for s in specifications(t, max_patterns=2)]
    run = store.create_run({"max_length": 4}, specs)
    log = tmp_path / "log"
    os.environ["LEARN_TEST_LOG"] = str(log)
    try:
        status = run_specifications(
            store, run, learn_work.big_hint_everywhere, jobs=1, mode="thread", skip_supersets=False
        )
    finally:
        del os.environ["LEARN_TEST_LOG"]
    ran = set(log.read_text().splitlines())
    skipped = {r.key for r in store.records(run, SpecStatus.SKIPPED)}
    big_hint = CoveringRules([("k", {"rule": learn_work.BIG_HINT})])
    assert skipped and ran and not (skipped & ran)
    assert skipped | ran == {s.key for s in specs}
    # Once the first rule is in, exactly the specifications it covers are skipped.  The runner
    # takes the shortest lines first, then the smaller pattern sets, and hands out two tasks per
    # worker before the first result arrives.
    order = sorted(specs, key=lambda s: (len(s.transition.before), len(s.patterns)))
    assert order[0].key in ran
    assert all(big_hint.covers(s) == (s.key in skipped) for s in order[2:])
    assert status.finished == len(specs)


def test_one_and_two_pattern_specifications_run_before_three_shortest_lines_first(
    store: JobStore, tmp_path: Path
) -> None:
    specs = [s for t in mine_transitions(4) for s in specifications(t, max_patterns=3)]
    assert any(len(s.patterns) == 3 for s in specs)
    run = store.create_run({"max_length": 4}, specs)
    log = tmp_path / "log"
    os.environ["LEARN_TEST_LOG"] = str(log)
    try:
        run_specifications(
            store, run, learn_work.logged_nothing, jobs=1, mode="thread", skip_supersets=False
        )
    finally:
        del os.environ["LEARN_TEST_LOG"]
    by_key = {s.key: s for s in specs}
    ran = [by_key[k] for k in log.read_text().splitlines()]
    assert sorted(s.key for s in ran) == sorted(by_key)
    order = [(len(s.patterns) > 2, len(s.transition.before), len(s.patterns)) for s in ran]
    assert order == sorted(order)


def _logged_run(
    store: JobStore, specs: list[Specification], log: Path, **options: Any
) -> tuple[int, RunStatus]:
    run = store.create_run({}, specs)
    os.environ["LEARN_TEST_LOG"] = str(log)
    try:
        status = run_specifications(
            store,
            run,
            learn_work.logged_rule_for_one_pattern,
            jobs=1,
            mode="thread",
            skip_covered=False,
            **options,
        )
    finally:
        del os.environ["LEARN_TEST_LOG"]
    return run, status


def _gave_a_rule_before(order: list[Specification], k: int) -> bool:
    """Whether a smaller pattern set of ``order[k]``'s group, finished before ``order[k]`` was
    handed out, gave a rule: one worker holds two tasks, so ``order[:k - 1]`` are finished."""
    spec = order[k]
    return any(
        s.group == spec.group
        and set(s.patterns) < set(spec.patterns)
        and len(s.patterns) == 1
        and s.start == 0
        for s in order[: max(0, k - 1)]
    )


def test_supersets_of_a_pattern_set_that_gave_a_rule_are_skipped(
    store: JobStore, tmp_path: Path
) -> None:
    specs = [s for t in mine_transitions(4) for s in specifications(t, max_patterns=2)]
    log = tmp_path / "log"
    run, status = _logged_run(store, specs, log)
    ran = set(log.read_text().splitlines())
    skipped = {r.key for r in store.records(run, SpecStatus.SKIPPED)}
    assert skipped and not (skipped & ran) and skipped | ran == {s.key for s in specs}
    order = sorted(specs, key=lambda s: (len(s.transition.before), len(s.patterns)))
    assert all((s.key in skipped) == _gave_a_rule_before(order, k) for k, s in enumerate(order))
    assert all(
        r.seconds is None and r.result is None for r in store.records(run, SpecStatus.SKIPPED)
    )
    assert status.finished == len(specs)


def test_skipped_specifications_get_the_narrow_work_when_given(
    store: JobStore, tmp_path: Path
) -> None:
    specs = [s for t in mine_transitions(4) for s in specifications(t, max_patterns=2)]
    log = tmp_path / "log"
    run, status = _logged_run(store, specs, log, narrow_work=learn_work.logged_narrow)
    lines = log.read_text().splitlines()
    narrowed = {line.removeprefix("narrow ") for line in lines if line.startswith("narrow ")}
    ran = {line for line in lines if not line.startswith("narrow ")}
    order = sorted(specs, key=lambda s: (len(s.transition.before), len(s.patterns)))
    # The same specifications are skipped as without the narrow work, and each of them (only)
    # got the narrow work, exactly once.
    assert len(narrowed) == len(lines) - len(ran) and not (narrowed & ran)
    assert narrowed == {s.key for k, s in enumerate(order) if _gave_a_rule_before(order, k)}
    records = {r.key: r for r in store.records(run)}
    for key in narrowed:
        r = records[key]
        if r.status == "failed":  # the narrow work's failure is the specification's outcome
            assert r.spec.start == 0 and r.spec.value != FILLED
            assert r.error is not None and "LookupError" in r.error
        else:
            assert r.status == "skipped" and r.seconds is not None
            assert r.result is not None and r.result["rules"] == [f"narrow rule for {key}"]
    assert {r.key for r in records.values() if r.status == "failed"}
    # Their rules count as found, and their times count in the run's figures.
    found = sum(1 for s in specs if s.key in ran and len(s.patterns) == 1 and s.start == 0)
    assert status.rules_found == found + sum(records[k].status == "skipped" for k in narrowed)
    assert status.median_seconds is not None and status.finished == len(specs)


def test_narrow_from_gives_larger_pattern_sets_only_the_narrow_work(
    store: JobStore, tmp_path: Path
) -> None:
    specs = [s for t in mine_transitions(3) for s in specifications(t, max_patterns=2)]
    assert {len(s.patterns) for s in specs} == {1, 2}
    log = tmp_path / "log"
    run, status = _logged_run(
        store, specs, log, narrow_work=learn_work.logged_narrow, narrow_from=2, skip_supersets=False
    )
    lines = log.read_text().splitlines()
    narrowed = {line.removeprefix("narrow ") for line in lines if line.startswith("narrow ")}
    ran = {line for line in lines if not line.startswith("narrow ")}
    assert narrowed == {s.key for s in specs if len(s.patterns) == 2}
    assert ran == {s.key for s in specs if len(s.patterns) == 1}
    assert status.finished == len(specs)
    assert {r.status for r in store.records(run) if r.key in narrowed} <= {"skipped", "failed"}
