"""The estimate of a learning run's duration: specifications counted as the run would mine them,
timed by the earlier runs of the same kind first, shared among the workers; and its bound."""

from __future__ import annotations

import pytest

from nonostudio.learn.mining.specs import all_specifications
from nonostudio.learn.store.estimate import (
    MeasuredRun,
    duration_text,
    estimate_run,
    projected_work_seconds,
)
from nonostudio.learn.store.run_settings import LearnSettings

SMALL = LearnSettings(max_length=4, max_patterns=2, budget_s=20.0, jobs=2)


def run_of(max_length: int, max_patterns: int, finished: int, seconds: float) -> MeasuredRun:
    return MeasuredRun({"max_length": max_length, "max_patterns": max_patterns}, finished, seconds)


def test_without_earlier_runs_only_the_bound_is_given() -> None:
    estimate = estimate_run(SMALL, [])
    count = sum(1 for _ in all_specifications(4, 2))
    assert estimate.specifications == count == 356
    assert estimate.seconds_per_spec is None and estimate.work_seconds is None
    assert estimate.most_work_seconds == count * 20.0
    text = estimate.text()
    assert "356 specifications" in text and "no earlier run" in text
    assert f"at most {duration_text(count * 20.0 / 2)} on 2 workers" in text


def test_runs_of_the_same_kind_time_the_estimate_first() -> None:
    measured = [run_of(4, 2, 100, 50.0), run_of(7, 3, 1000, 4400.0)]
    estimate = estimate_run(SMALL, measured)
    assert estimate.seconds_per_spec == pytest.approx(0.5) and estimate.same_kind
    assert estimate.work_seconds == pytest.approx(356 * 0.5)
    assert estimate.text().startswith(f"About {duration_text(356 * 0.5 / 2)} on 2 workers")
    # No run of the same kind: all of them, and the text says they had other settings.
    other = estimate_run(LearnSettings(max_length=3, max_patterns=1, jobs=1), measured)
    assert other.seconds_per_spec == pytest.approx(4450.0 / 1100) and not other.same_kind
    assert "with other settings" in other.text()


def test_a_search_never_counts_beyond_its_budget() -> None:
    slow = estimate_run(SMALL, [run_of(4, 2, 10, 1000.0)])  # 100 s a spec, budget 20 s
    assert slow.work_seconds == slow.most_work_seconds


def test_on_a_cluster_the_work_is_given_not_the_time() -> None:
    text = estimate_run(SMALL, [run_of(4, 2, 100, 50.0)], cluster=True).text()
    assert "of work" in text and "workers" in text and "on 2 workers" not in text


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (0.2, "1 s"),
        (40, "40 s"),
        (720, "12 min"),
        (12000, "3 h 20 min"),
        (7200, "2 h"),
        (187200, "2 days 4 h"),
    ],
)
def test_durations_read_like_a_clock(seconds: float, text: str) -> None:
    assert duration_text(seconds) == text


def test_a_projection_weighs_each_kinds_mean_by_its_count() -> None:
    counts = {(8, 2): 1000, (8, 1): 500, (7, 2): 200}
    sampled = {(8, 2): [1.0, 3.0], (8, 1): [0.1], (7, 2): [2.0, 2.0, 5.0]}
    # By hand: 1000 * 2.0 + 500 * 0.1 + 200 * 3.0 = 2650 s (not the sample's whole mean, 2.35 s,
    # times the 1700 specifications: 3995 s).
    assert projected_work_seconds(counts, sampled) == pytest.approx(2650.0)


def test_a_kind_the_sample_missed_takes_its_nearest_longer_lines_mean() -> None:
    sampled = {(8, 2): [4.0], (6, 2): [1.0], (8, 1): [0.5]}
    # (5, 2): the nearest longer line with two patterns is 6 cells (1 s), not the whole mean.
    assert projected_work_seconds({(5, 2): 10}, sampled) == pytest.approx(10.0)
    # (7, 2): 8 cells' 4 s; (9, 1): no longer line sampled, the longest shorter one (0.5 s).
    assert projected_work_seconds({(7, 2): 3, (9, 1): 4}, sampled) == pytest.approx(14.0)
    # (8, 3): no kind of three patterns sampled: the mean of all (5.5 / 3 s).
    assert projected_work_seconds({(8, 3): 6}, sampled) == pytest.approx(11.0)
    with pytest.raises(ValueError, match="no sampled seconds"):
        projected_work_seconds({(8, 3): 6}, {})
