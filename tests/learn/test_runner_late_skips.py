"""Late skips kept small: an item handed out before the rule that skips it was known is cancelled
as soon as that rule comes in (its seconds counted as wasted), and with ``hold_back`` the run goes
in waves: no item of a later wave (longer lines, more patterns: :func:`hand_out_key`) runs beside
one of an earlier wave, whose rules would skip it."""

from __future__ import annotations

import time
from pathlib import Path

import learn_work
import pytest
from logged_runs import logged_runner, spans

from nonostudio.core.line import FILLED
from nonostudio.learn.mining.specs import Specification, mine_transitions, specifications
from nonostudio.learn.running.runner import Runner, hand_out_key
from nonostudio.learn.running.runner_skips import CoveringRules
from nonostudio.learn.store.jobs import JobStore, SpecStatus


def _pair() -> tuple[Specification, Specification]:
    """A specification of a 2-cell line and one of a 4-cell line that big hint covers."""
    first = next(s for t in mine_transitions(2, 2) for s in specifications(t, max_patterns=1))
    big_hint = CoveringRules([("k", {"rule": learn_work.BIG_HINT})])
    covered = next(
        s
        for t in mine_transitions(4, 4)
        for s in specifications(t, max_patterns=1)
        if s.value == FILLED and big_hint.covers(s)
    )
    return first, covered


@pytest.mark.parametrize("mode", ["thread", "process"])
@pytest.mark.parametrize("narrow", [False, True])
def test_a_running_item_a_new_rule_skips_is_cancelled_and_counted_as_waste(
    store: JobStore, mode: str, narrow: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The rule comes once the 4-cell item has started (the marker file is made).
    monkeypatch.setenv("LEARN_TEST_LOG", str(tmp_path / "started"))
    first, covered = _pair()
    run = store.create_run({}, [covered, first])
    runner = Runner(
        store,
        run,
        learn_work.big_hint_on_short_lines,
        jobs=2,
        mode=mode,
        budget_s=30.0,
        hold_back=False,  # both handed out at once: the 4-cell one runs before big hint is known
        skip_supersets=False,
        narrow_work=learn_work.nothing if narrow else None,
    )
    started = time.monotonic()
    status = runner.run()
    wall = time.monotonic() - started
    # Uncancelled, the 4-cell item would have worked until its 30 s budget ran out.
    assert wall < 10.0
    records = {r.key: r for r in store.records(run)}
    assert records[first.key].status == SpecStatus.DONE
    assert records[covered.key].status == SpecStatus.SKIPPED
    assert (records[covered.key].result is not None) == narrow  # the narrow work ran after
    assert status.counts == {"done": 1, "skipped": 1}
    # What it ran before the cancel is wasted work, and counted so.
    assert 0.0 < runner.late_skip_seconds <= runner.work_seconds
    assert runner.late_skip_seconds < 8.0


@pytest.mark.parametrize("hold_back", [False, True])
def test_held_back_runs_go_in_waves(
    store: JobStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hold_back: bool
) -> None:
    specs = [s for t in mine_transitions(3) for s in specifications(t, max_patterns=2)]
    wave = {s.key: hand_out_key(s) for s in specs}
    log = tmp_path / "calls.log"
    runner = logged_runner(
        store, specs, learn_work.logged_interval, log, monkeypatch, jobs=2, hold_back=hold_back
    )
    status = runner.run()
    assert status.counts == {"done": len(specs)}  # held back, never left out
    ran = spans(log)
    across = [
        (k1, k2)
        for k1, a1, b1 in ran
        for k2, a2, b2 in ran
        if wave[k1] < wave[k2] and a1 < b2 and a2 < b1
    ]
    if hold_back:
        assert across == []
    else:
        assert across  # the plain order runs them side by side: the check can see it
