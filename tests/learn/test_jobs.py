"""Job store: runs and specifications persist across reopening, resume, skipping, status figures."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from nonostudio.core.paths import jobs_db_path
from nonostudio.learn.mining.specs import Specification, mine_transitions, specifications
from nonostudio.learn.store.jobs import JobStore, RunState, SpecStatus, rules_in


@pytest.fixture(scope="module")
def specs() -> list[Specification]:
    return [s for t in mine_transitions(3) for s in specifications(t)]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[JobStore]:
    with JobStore(tmp_path / "jobs.sqlite3") as s:
        yield s


def test_create_and_read_back(store: JobStore, specs: list[Specification], tmp_path: Path) -> None:
    run = store.create_run({"max_length": 3, "budget": 5.0}, specs)
    store.close()
    with JobStore(tmp_path / "jobs.sqlite3") as again:
        info = again.run(run)
        assert info.settings == {"max_length": 3, "budget": 5.0}
        assert info.status == "pending" and info.total == len(specs)
        records = again.records(run)
        assert {r.spec for r in records} == set(specs)
        assert all(r.status == "pending" and r.attempts == 0 for r in records)
        # Smaller pattern sets first.
        sizes = [len(r.spec.patterns) for r in records]
        assert sizes == sorted(sizes)
        assert [i.id for i in again.runs()] == [run]


def test_outcomes_survive_reopening_and_resume(
    store: JobStore, specs: list[Specification], tmp_path: Path
) -> None:
    run = store.create_run({}, specs[:4])
    a, b, c, _ = (s.key for s in specs[:4])
    store.mark_running(run, a)
    store.finish(run, a, SpecStatus.DONE, 0.5, {"rule": "def r: ..."})
    store.mark_running(run, b)
    store.mark_running(run, c)
    store.finish(run, c, SpecStatus.FAILED, 0.1, error="boom")
    store.close()  # b is left running, as after a kill
    with JobStore(tmp_path / "jobs.sqlite3") as again:
        assert again.spec_status(run, b) == "running"
        assert again.resume(run) == 1
        by_key = {r.key: r for r in again.records(run)}
        assert by_key[a].status == "done" and by_key[a].result == {"rule": "def r: ..."}
        assert by_key[a].seconds == 0.5 and by_key[a].attempts == 1
        assert by_key[b].status == "pending" and by_key[b].attempts == 1
        assert by_key[c].status == "failed" and by_key[c].error == "boom"
        assert [r.key for r in again.pending(run)] == [b, specs[3].key]
        assert again.results(run) == [(a, {"rule": "def r: ..."})]


def test_resume_retries_specifications_failed_by_an_interrupt(
    store: JobStore, specs: list[Specification]
) -> None:
    # An older nonostudio stored a specification interrupted by Ctrl-C as failed with z3's
    # reason; a resume treats it as interrupted.  A real failure stays failed, with its reason.
    run = store.create_run({}, specs[:3])
    a, b, c = (s.key for s in specs[:3])
    for key, error in (
        (a, "ProverError: z3 gave up on r at 9 cells: interrupted from keyboard"),
        (b, "ArithmeticError: no rule"),
    ):
        store.mark_running(run, key)
        store.finish(run, key, SpecStatus.FAILED, 0.7, error=error)
    assert store.resume(run) == 1
    records = {r.key: r for r in store.records(run)}
    assert records[a].status == "pending" and records[a].error is None
    assert records[a].seconds is None and records[a].attempts == 1
    assert records[b].status == "failed" and records[b].error == "ArithmeticError: no rule"
    assert records[c].status == "pending"
    status = store.status(run)
    assert status.failures == ((b, "ArithmeticError: no rule"),)
    assert f"  failed {b}: ArithmeticError: no rule" in status.lines()


def test_status_figures(store: JobStore, specs: list[Specification]) -> None:
    run = store.create_run({}, specs[:25])
    for i, s in enumerate(specs[:20]):
        store.mark_running(run, s.key)
        status = SpecStatus.TIMEOUT if i >= 18 else SpecStatus.DONE
        store.finish(run, s.key, status, float(i + 1), {"rules": ["a", "b"]} if i < 3 else {})
    store.mark_running(run, specs[20].key)
    store.finish(run, specs[20].key, SpecStatus.SKIPPED, None)
    st = store.status(run)
    assert st.total == 25
    assert st.counts == {"done": 18, "timeout": 2, "skipped": 1, "pending": 4}
    assert st.finished == 21 and st.budget_hits == 2 and st.rules_found == 6
    assert st.median_seconds == 10.5  # of 1..20
    assert st.p95_seconds == 19.0  # nearest rank: the 19th of 20
    assert st.work_seconds == 210.0
    text = "\n".join(st.lines())
    assert "21/25" in text and "timeout 2" in text and "p95 19.000" in text


def test_errors(store: JobStore, specs: list[Specification], tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="duplicate"):
        store.create_run({}, [specs[0], specs[0]])
    assert store.runs() == []  # nothing half-written
    run = store.create_run({}, specs[:2])
    store.finish(run, specs[0].key, SpecStatus.DONE, 1.0)
    with pytest.raises(ValueError, match="not pending"):
        store.mark_running(run, specs[0].key)
    with pytest.raises(ValueError, match="cannot finish"):
        store.finish(run, specs[0].key, SpecStatus.RUNNING, 1.0)
    with pytest.raises(ValueError, match="no specification"):
        store.finish(run, "nope", SpecStatus.DONE, 1.0)
    with pytest.raises(ValueError, match="no run 99"):
        store.resume(99)
    with pytest.raises(ValueError, match="unknown run status"):
        store.set_run_status(run, "exploded")  # type: ignore[arg-type]  # a bad status on purpose
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not a database, just text " * 100)
    with pytest.raises(ValueError, match="not a nonostudio job store"):
        JobStore(junk)


def test_delete_run(store: JobStore, specs: list[Specification]) -> None:
    keep = store.create_run({"n": 1}, specs[:3])
    gone = store.create_run({"n": 2}, specs[:3])
    store.delete_run(gone)
    assert [r.id for r in store.runs()] == [keep]
    assert len(store.records(keep)) == 3


def test_default_path_is_in_user_data() -> None:
    with JobStore() as s:
        assert s.path == jobs_db_path()
        assert s.path.exists()


def test_rules_in() -> None:
    assert rules_in(None) == 0 and rules_in({}) == 0
    assert rules_in({"rule": "x"}) == 1 and rules_in({"rule": None}) == 0
    assert rules_in({"rules": ["a", "b"], "rule": "c"}) == 3


def test_extend_a_run_adds_only_what_it_lacks_and_keeps_what_is_finished(store: JobStore) -> None:
    short = [s for t in mine_transitions(3) for s in specifications(t, max_patterns=1)]
    longer = [s for t in mine_transitions(4) for s in specifications(t, max_patterns=2)]
    run = store.create_run({"max_length": 3}, short)
    store.mark_running(run, short[0].key)
    store.finish(run, short[0].key, SpecStatus.DONE, 0.5, {"rule": "def r: ..."})
    for s in short[1:]:
        store.mark_running(run, s.key)
        store.finish(run, s.key, SpecStatus.SKIPPED, None)
    store.set_run_status(run, RunState.FINISHED)
    added = store.extend_run(run, {"max_length": 4}, longer)
    assert added == len({s.key for s in longer} - {s.key for s in short}) > 0
    info = store.run(run)
    assert info.total == len(short) + added and info.settings == {"max_length": 4}
    assert info.status == "pending"  # there is work again
    records = {r.key: r for r in store.records(run)}
    assert records[short[0].key].status == "done" and records[short[0].key].result
    assert {k for k, r in records.items() if r.status == "pending"} == {s.key for s in longer} - {
        s.key for s in short
    }
    assert store.extend_run(run, {"max_length": 4}, longer) == 0  # nothing twice
    with pytest.raises(ValueError):
        store.extend_run(run + 1, {}, longer)


def test_a_runs_settings_in_words() -> None:
    from nonostudio.learn.store.jobs import settings_summary

    plain = {"max_length": 7, "max_patterns": 3, "budget_s": 80.0}
    assert settings_summary(plain) == "lines ≤ 7, ≤ 3 patterns, 80 s"
    assert settings_summary(plain | {"sample": 200, "three_first": True, "three_narrow": True}) == (
        "lines ≤ 7, ≤ 3 patterns, sample 200, 80 s, of three patterns only the first hint, block "
        "and gap, three patterns at the constant level only"
    )
    # Three-pattern narrowing needs the narrow search; without it the run says so instead.
    assert settings_summary(plain | {"three_narrow": True, "narrow": False}) == (
        "lines ≤ 7, ≤ 3 patterns, 80 s, no constant-level search of skipped specifications"
    )
    assert settings_summary({}) == "lines ≤ ?, ≤ ? patterns"


def test_writes_together_commit_as_one_or_not_at_all(
    store: JobStore, specs: list[Specification], tmp_path: Path
) -> None:
    run = store.create_run({}, specs)
    first, second, third = (s.key for s in specs[:3])
    with store.writes_together():
        store.mark_running(run, first)
        store.finish(run, first, SpecStatus.DONE, 0.5, {"rule": None})
        store.mark_running(run, second)
    # Committed: another connection sees all three writes.
    with JobStore(tmp_path / "jobs.sqlite3") as other:
        assert other.spec_status(run, first) == SpecStatus.DONE
        assert other.spec_status(run, second) == SpecStatus.RUNNING
    with pytest.raises(ValueError, match="not pending"), store.writes_together():
        store.mark_running(run, third)
        store.mark_running(run, second)  # already running: the whole group is undone
    assert store.spec_status(run, third) == SpecStatus.PENDING
    assert store.spec_status(run, second) == SpecStatus.RUNNING
