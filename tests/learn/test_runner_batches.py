"""Cheap items in batches: on an engine that takes batches (a cluster's, whose round trips cost
more than a cheap item), items of a kind measured cheap go several to a submission; each still
has its own outcome, and a kind not yet measured (or dear) goes one item at a time."""

from __future__ import annotations

import learn_work

from nonostudio.learn.mining.specs import mine_transitions, specifications
from nonostudio.learn.running.engine import LocalEngine, Task
from nonostudio.learn.running.runner import BATCH_AFTER, BATCH_MAX, Runner, hand_out_key
from nonostudio.learn.store.jobs import JobStore


class _Batching(LocalEngine):
    """This machine's threads, taking batches and remembering each submission's keys."""

    batches = True

    def __init__(self) -> None:
        super().__init__(2, "thread")
        self.submissions: list[list[str]] = []

    def submit(self, task: Task) -> None:
        self.submissions.append([task[1]])
        super().submit(task)

    def submit_batch(self, tasks: list[Task], skips: tuple[bool, bool] = (False, False)) -> None:
        self.submissions.append([t[1] for t in tasks])
        super().submit_batch(tasks, skips)


def test_cheap_items_go_in_batches_once_their_kind_is_measured(store: JobStore) -> None:
    specs = [s for t in mine_transitions(5) for s in specifications(t, max_patterns=1)][:300]
    kind = {s.key: hand_out_key(s) for s in specs}
    run = store.create_run({}, specs)
    engine = _Batching()
    status = Runner(
        store,
        run,
        learn_work.nothing,
        engine=engine,
        hold_back=False,
        skip_covered=False,
        skip_supersets=False,
    ).run()
    assert status.counts == {"done": len(specs)}
    handed = [k for keys in engine.submissions for k in keys]
    assert sorted(handed) == sorted(s.key for s in specs)  # each once
    sizes = [len(keys) for keys in engine.submissions]
    assert max(sizes) > 1 and max(sizes) <= BATCH_MAX
    assert len(engine.submissions) < len(specs) / 2
    # The first items of each kind go one by one: nothing is known of their cost yet.
    for k in set(kind.values()):
        first = [keys for keys in engine.submissions if kind[keys[0]] == k][:BATCH_AFTER]
        assert all(len(keys) == 1 for keys in first)


def test_dear_items_go_one_by_one(store: JobStore) -> None:
    specs = [s for t in mine_transitions(3) for s in specifications(t, max_patterns=1)]
    run = store.create_run({}, specs)
    engine = _Batching()
    Runner(
        store,
        run,
        learn_work.dear,  # 0.08 s each: over CHEAP_S
        engine=engine,
        hold_back=False,
        skip_covered=False,
        skip_supersets=False,
    ).run()
    assert len(engine.submissions) == len(specs)
