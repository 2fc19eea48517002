"""Late skips kept small: with ``hold_back`` (a cluster engine's default) a specification is not
handed out while one of its line with no more patterns is in flight, whose rule would often skip
it; the local pool keeps its plain order unless asked."""

from __future__ import annotations

import time
from pathlib import Path

import learn_work
import pytest
from logged_runs import line_of, logged_runner, spans

from nonostudio.learn.mining.specs import Specification, mine_transitions, specifications
from nonostudio.learn.running.engine import LocalEngine
from nonostudio.learn.running.runner import Runner
from nonostudio.learn.store.jobs import JobStore


@pytest.fixture
def specs() -> list[Specification]:
    return [s for t in mine_transitions(3) for s in specifications(t, max_patterns=2)]


def _overlaps(log: Path, specs: list[Specification]) -> list[tuple[str, str]]:
    """Pairs of specifications of one line, the second with no fewer patterns, that ran at once."""
    patterns = {s.key: len(s.patterns) for s in specs}
    ran = spans(log)
    return [
        (k1, k2)
        for k1, a1, b1 in ran
        for k2, a2, b2 in ran
        if k1 != k2
        and line_of(k1) == line_of(k2)
        and patterns[k1] <= patterns[k2]
        and a1 < b2
        and a2 < b1
    ]


@pytest.mark.parametrize("hold_back", [False, True])
def test_held_back_specifications_never_run_beside_one_of_their_line(
    store: JobStore,
    specs: list[Specification],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    hold_back: bool,
) -> None:
    log = tmp_path / "calls.log"
    runner = logged_runner(
        store, specs, learn_work.logged_dear_interval, log, monkeypatch, jobs=2, hold_back=hold_back
    )
    status = runner.run()
    assert status.counts == {"done": len(specs)}  # held back, never left out
    overlaps = _overlaps(log, specs)
    if hold_back:
        assert overlaps == []
    else:
        assert overlaps  # the plain order runs them side by side: the check can see it


def test_hold_back_is_a_cluster_engines_default(store: JobStore) -> None:
    run = store.create_run({}, [])
    assert not Runner(store, run, learn_work.nothing).hold_back
    engine = LocalEngine(1, "thread")  # any engine given explicitly stands for a cluster's
    assert Runner(store, run, learn_work.nothing, engine=engine).hold_back
    assert not Runner(store, run, learn_work.nothing, engine=engine, hold_back=False).hold_back


def _kin(spec: Specification) -> set[tuple[int, str]]:
    return {(spec.value, spec.transition.before)}


@pytest.mark.parametrize(("jobs", "hold_back"), [(2, True), (4, True), (2, False)])
def test_held_back_a_value_takes_at_most_half_the_workers_and_kin_never_run_together(
    store: JobStore,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    jobs: int,
    hold_back: bool,
) -> None:
    # A rule fills one value: only an item of that value can be skipped by it (of the same cells,
    # often).  Lines of 4 cells, one pattern: one wave.
    specs = [s for t in mine_transitions(4, 4) for s in specifications(t, max_patterns=1)][:60]
    by_key = {s.key: s for s in specs}
    log = tmp_path / "calls.log"
    runner = logged_runner(
        store,
        specs,
        learn_work.logged_dear_interval,
        log,
        monkeypatch,
        jobs=jobs,
        hold_back=hold_back,
    )
    status = runner.run()
    assert status.counts == {"done": len(specs)}  # held back, never left out
    ran = spans(log)
    most_of_one_value = max(
        sum(1 for k, a, b in ran if by_key[k].value == value and a <= t < b)
        for _, t, _ in ran
        for value in (0, 1)
    )
    kin = [
        (k1, k2)
        for k1, a1, b1 in ran
        for k2, a2, b2 in ran
        if k1 < k2 and a1 < b2 and a2 < b1 and _kin(by_key[k1]) & _kin(by_key[k2])
    ]
    both = any(
        by_key[k1].value != by_key[k2].value and a1 < b2 and a2 < b1
        for k1, a1, b1 in ran
        for k2, a2, b2 in ran
    )
    if hold_back:
        assert most_of_one_value <= jobs // 2
        assert kin == []
        assert both  # the two values still run side by side
    else:
        assert most_of_one_value > jobs // 2 and kin  # the check can see them


def test_held_back_a_wave_still_keeps_most_of_many_workers_busy(
    store: JobStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # One wave (5 cells, one pattern) on 8 workers: holding back items of one value and hints
    # too (groups of 56 and 90 items here) kept 2.2 workers busy on average.
    specs = [s for t in mine_transitions(5, 5) for s in specifications(t, max_patterns=1)][:240]
    log = tmp_path / "calls.log"
    runner = logged_runner(
        store, specs, learn_work.logged_dear_interval, log, monkeypatch, jobs=8, hold_back=True
    )
    started = time.monotonic()
    runner.run()
    wall = time.monotonic() - started
    busy = sum(b - a for _, a, b in spans(log)) / wall
    assert busy >= 4.0, f"{busy:.1f} workers busy on average"
