"""Benchmark: learning runs on a Dask cluster against this machine's worker processes.

Run by hand (needs the ``cluster`` extra): ``python tests/benchmarks/bench_cluster.py`` (every
part) or name parts: ``small cost cancel kills scheduler efficiency waste n8``.  It prints:

* small: the small run (``learn run --max-length 3 --max-patterns 1 --budget 5``) on the local
  pool (2 processes), on a LocalCluster of 2 processes and through ``dask scheduler`` / ``dask
  worker`` on loopback: wall times (the cluster's start apart) and whether the main rule of every
  specification searched the same way is the same;
* cost: per-item cost beyond the work (empty items; the difference of 400 and 200 items, so
  start-up is left out), goal <= 10 ms;
* cancel: from cancel until every worker is idle, median of 5 (goal <= 1 s);
* kills: a worker process killed mid-item 5 times (every item done, none run more than twice,
  none handed out twice by the runner) and a poisoned item (fails after <= 3 attempts);
* scheduler: the scheduler killed mid-run (the run pauses, items back to pending) and resumed;
* efficiency: 1 against 2 workers on real synthesis items, with the load average;
* waste: synthesis seconds spent on items a rule found meanwhile would have skipped (late
  skips), in % of the run's synthesis seconds (goal <= 5 %); the lines <= 5 run three times;
* n8: per-item synthesis seconds on a sample of the lines up to 8 cells, and the projected time
  of the full narrowed n <= 8 run on k workers.

The figures of the last run (2-core machine, load average 4-6 from other jobs) are in
docs/design/learning.md, "Running on a cluster".
"""

from __future__ import annotations

import contextlib
import os
import signal
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "learn"))

import learn_work  # noqa: E402
from dask_loopback import Loopback  # noqa: E402

from nonostudio.learn.mining.specs import (  # noqa: E402
    all_specifications,
    mine_transitions,
    specifications,
)
from nonostudio.learn.running.dask_engine import DaskEngine, open_cluster  # noqa: E402
from nonostudio.learn.running.engine import EngineError  # noqa: E402
from nonostudio.learn.running.runner import Runner  # noqa: E402
from nonostudio.learn.running.work import works_for  # noqa: E402
from nonostudio.learn.store.estimate import projected_work_seconds  # noqa: E402
from nonostudio.learn.store.jobs import JobStore, SpecStatus  # noqa: E402
from nonostudio.learn.store.run_settings import LearnSettings, create_run  # noqa: E402

SMALL = LearnSettings(max_length=3, max_patterns=1, budget_s=5.0, jobs=2, mode="process")


@contextmanager
def new_store() -> Iterator[JobStore]:
    with tempfile.TemporaryDirectory() as tmp, JobStore(Path(tmp) / "bench.sqlite3") as store:
        yield store


def load() -> str:
    return "load average " + " ".join(f"{x:.1f}" for x in os.getloadavg())


def learn(
    store: JobStore, settings: LearnSettings, engine: DaskEngine | None, **options: Any
) -> tuple[int, float, Runner]:
    """A learning run of ``settings`` as ``learn run`` makes it: (run id, wall s, runner)."""
    run = create_run(store, settings)
    work, narrow = works_for(store.run(run).settings)
    runner = Runner(
        store,
        run,
        work,
        **settings.runner_options(),
        narrow_work=narrow,
        engine=engine,
        **options,
    )
    start = time.monotonic()
    runner.run()
    return run, time.monotonic() - start, runner


def main_rules(store: JobStore, run: int) -> dict[str, tuple[str, Any]]:
    return {r.key: (r.status, (r.result or {}).get("rule")) for r in store.records(run)}


def compare(name: str, mine: dict[str, tuple[str, Any]], local: dict[str, tuple[str, Any]]) -> str:
    same = [k for k in mine if mine[k][0] == local[k][0]]
    differ = [k for k in same if mine[k] != local[k]]
    return (
        f"{name}: {len(same)}/{len(mine)} searched the same way, "
        f"{'identical main rules' if not differ else f'{len(differ)} DIFFERENT main rules'}"
    )


def part_small() -> None:
    print(f"== small run (lines <= 3, 1 pattern, budget 5 s; {load()})")
    with new_store() as store:
        run, wall, runner = learn(store, SMALL, None)
        local = main_rules(store, run)
        print(f"local pool, 2 processes: {wall:.2f} s")
        started = time.monotonic()
        with open_cluster("local:2") as engine:
            up = time.monotonic() - started
            run, wall, _ = learn(store, SMALL, engine)
        print(f"LocalCluster, 2 processes: {up + wall:.2f} s ({up:.2f} s of it cluster start)")
        print("  " + compare("LocalCluster", main_rules(store, run), local))
        with Loopback(2) as cluster:
            cluster.wait_for_workers()
            started = time.monotonic()
            with open_cluster(cluster.address) as engine:
                up = time.monotonic() - started
                run, wall, _ = learn(store, SMALL, engine)
        print(f"dask scheduler/worker on loopback: {up + wall:.2f} s ({up:.2f} s connecting)")
        print("  " + compare("loopback", main_rules(store, run), local))


def _empty_run(
    store: JobStore, count: int, engine: DaskEngine | None, hold_back: bool | None = None
) -> float:
    specs = [s for t in mine_transitions(5) for s in specifications(t, max_patterns=1)][:count]
    run = store.create_run({}, specs)
    runner = Runner(
        store,
        run,
        learn_work.nothing,
        jobs=2,
        engine=engine,
        skip_covered=False,
        skip_supersets=False,
        hold_back=hold_back,
    )
    start = time.monotonic()
    runner.run()
    return time.monotonic() - start


def part_cost(repeats: int = 3) -> None:
    """The engine's cost per item (nothing held back), and on a cluster with its default hand-out
    (held back: an item waits while one of its line is in flight)."""
    print(f"== per-item cost, empty items ({load()})")
    with new_store() as store:
        for name, hold_back in (
            ("local pool", None),
            ("LocalCluster", False),
            ("LocalCluster, held back (its default)", None),
        ):
            with contextlib.ExitStack() as stack:
                engine = (
                    None if name == "local pool" else stack.enter_context(open_cluster("local:2"))
                )
                _empty_run(store, 20, engine, hold_back)  # the workers' first imports
                pairs = [
                    (
                        _empty_run(store, 200, engine, hold_back),
                        _empty_run(store, 400, engine, hold_back),
                    )
                    for _ in range(repeats)
                ]
            beyond, whole = [(b - a) / 200 for a, b in pairs], [b / 400 for _, b in pairs]
            print(
                f"{name}: {statistics.median(beyond) * 1000:.1f} ms per item beyond the start "
                f"((400 - 200 items) / 200, median of {repeats}: "
                f"{', '.join(f'{x * 1000:.1f}' for x in beyond)}); whole run / 400: "
                f"{statistics.median(whole) * 1000:.1f} ms ({load()})"
            )


def part_cancel() -> None:
    print(f"== cancel until every worker is idle ({load()})")
    specs = [s for t in mine_transitions(3) for s in specifications(t, max_patterns=1)]
    latencies = []
    with new_store() as store, open_cluster("local:2") as engine:
        for _ in range(5):
            run = store.create_run({}, specs)
            # Not in waves: the first is one item, and both workers are to be busy.
            runner = Runner(
                store, run, learn_work.z3_hard, engine=engine, budget_s=60.0, hold_back=False
            )
            thread = threading.Thread(target=runner.run)
            thread.start()
            while sum(1 for v in engine.client.processing().values() if v) < 2:
                time.sleep(0.02)
            time.sleep(0.5)  # inside z3
            asked = time.monotonic()
            runner.cancel()
            while any(engine.client.processing().values()) or thread.is_alive():
                time.sleep(0.005)
            latencies.append(time.monotonic() - asked)
            assert store.status(run).counts == {"pending": len(specs)}
    print(
        f"median {statistics.median(latencies):.3f} s "
        f"(all: {', '.join(f'{x:.3f}' for x in latencies)})"
    )


def _log_lines(path: Path) -> list[tuple[str, int]]:
    if not path.exists():
        return []
    # "KEY PID" per call; the keys are the words with a "|" in them
    return [(w, 0) for w in path.read_text().split() if "|" in w]


def part_kills() -> None:
    print(f"== a worker killed mid-item 5 times; a poisoned item ({load()})")
    specs = [s for t in mine_transitions(4) for s in specifications(t, max_patterns=1)][:40]
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "calls.log"
        os.environ["LEARN_TEST_LOG"] = str(log)
        with new_store() as store, open_cluster("local:2") as engine:
            run = store.create_run({}, specs)
            runner = Runner(
                store,
                run,
                learn_work.logged_sleepy,
                engine=engine,
                budget_s=30.0,
                skip_covered=False,
                skip_supersets=False,
                # Not in waves: a wave of one item would be the only one the killer finds busy,
                # killed three times (it then fails, as a poisoned item does).
                hold_back=False,
            )
            kills: list[int] = []

            hit: set[str] = set()  # items whose worker was killed: each once (five items)

            def killer() -> None:
                while len(kills) < 5:
                    time.sleep(1.0)
                    busy = [
                        (w, keys)
                        for w, keys in engine.client.processing().items()
                        if keys and not hit & set(keys)
                    ]
                    if not busy:
                        continue
                    hit.update(busy[0][1])
                    pids = engine.client.run(os.getpid, workers=[busy[0][0]])
                    for pid in pids.values():
                        os.kill(pid, signal.SIGKILL)
                        kills.append(pid)

            thread = threading.Thread(target=killer)
            started = time.monotonic()
            thread.start()
            status = runner.run()
            wall = time.monotonic() - started
            thread.join()
            calls = Counter(k for k, _ in _log_lines(log))
            attempts = Counter(r.attempts for r in store.records(run))
            print(
                f"{len(kills)} kills in {wall:.1f} s: {status.counts}; items run twice "
                f"{sum(1 for n in calls.values() if n == 2)}, more than twice "
                f"{sum(1 for n in calls.values() if n > 2)}, never {len(specs) - len(calls)}; "
                f"handed out by the runner: {dict(attempts)} (attempts: items)"
            )
            for r in store.records(run, SpecStatus.FAILED):
                print(f"  failed: {r.key}: {r.error}")
            log.unlink()
            small = [s for t in mine_transitions(2) for s in specifications(t, max_patterns=1)]
            run = store.create_run({}, small)
            status = Runner(
                store, run, learn_work.logged_dies_on_one_cell, engine=engine, budget_s=10.0
            ).run()
            calls = Counter(k for k, _ in _log_lines(log))
            failed = next(r for r in store.records(run) if r.status == "failed")
            print(
                f"poisoned item {failed.key}: {failed.status} after {calls[failed.key]} "
                f"attempts ({failed.error}); the others {status.counts}"
            )
            for r in store.records(run, SpecStatus.FAILED):
                if r.key != failed.key:
                    print(f"  also failed: {r.key}: {r.error}")
        del os.environ["LEARN_TEST_LOG"]


def part_scheduler() -> None:
    print(f"== the scheduler killed mid-run ({load()})")
    specs = [s for t in mine_transitions(3) for s in specifications(t, max_patterns=1)]
    with new_store() as store:
        run = store.create_run({}, specs)
        cluster = Loopback(2).start()
        try:
            cluster.wait_for_workers()
            with open_cluster(cluster.address) as engine:
                runner = Runner(store, run, learn_work.z3_hard, engine=engine, budget_s=60.0)
                outcome: list[Any] = []
                thread = threading.Thread(target=lambda: _catch(runner.run, outcome))
                thread.start()
                while not store.status(run).counts.get("running"):
                    time.sleep(0.05)
                killed = time.monotonic()
                cluster.kill_scheduler()
                thread.join()
                paused = time.monotonic() - killed
        finally:
            cluster.stop()
        print(
            f"paused {paused:.1f} s after the kill: {type(outcome[0]).__name__}; "
            f"store {store.status(run).counts}, run {store.run(run).status}"
        )
        with Loopback(2, port=cluster.port) as again:
            again.wait_for_workers()
            with open_cluster(again.address) as engine:
                status = Runner(store, run, learn_work.z3_forced, engine=engine).run()
        print(f"resumed on the cluster's return: {status.counts}")


def _catch(call: Callable[[], Any], into: list[Any]) -> None:
    try:
        into.append(call())
    except EngineError as exc:
        into.append(exc)


def part_efficiency() -> None:
    print(f"== efficiency of 2 workers on real items ({load()})")
    specs = [
        s
        for t in mine_transitions(5)
        for s in specifications(t, max_patterns=2)
        if len(t.before) == 5 and len(s.patterns) == 2
    ][::40][:16]
    work, _ = works_for({})
    walls = {}
    with new_store() as store:
        for workers in (1, 2):
            with open_cluster(f"local:{workers}") as engine:
                run = store.create_run({}, specs)
                runner = Runner(
                    store,
                    run,
                    work,
                    engine=engine,
                    budget_s=60.0,
                    skip_covered=False,
                    skip_supersets=False,
                )
                start = time.monotonic()
                runner.run()
                walls[workers] = time.monotonic() - start
                print(f"{workers} worker(s): {walls[workers]:.1f} s ({runner.work_seconds:.1f} s)")
    print(
        f"{len(specs)} items: efficiency {walls[1] / (2 * walls[2]):.0%} "
        f"(speed-up {walls[1] / walls[2]:.2f} on 2 workers; {load()})"
    )


def _waste(runner: Runner) -> str:
    late, total = runner.late_skip_seconds, runner.work_seconds
    return f"{late:.1f} of {total:.1f} synthesis s ({late / total if total else 0:.1%})"


def part_waste(repeats: int = 3) -> None:
    print(f"== wasted work from late skips ({load()})")
    print(
        "  (late skips: the synthesis seconds of items that a rule found while they were in "
        "flight skips: those cancelled when the rule came, their seconds until then, and those "
        "that finished after it came, all their seconds; in % of all the run's synthesis "
        "seconds, the narrow searches of skipped items included)"
    )
    for settings in (SMALL, LearnSettings(max_length=4, max_patterns=1, budget_s=10.0, jobs=2)):
        with new_store() as store:
            with open_cluster("local:2") as engine:
                _, wall, on_cluster = learn(store, settings, engine)
            _, local_wall, local = learn(store, settings, None)
            _, held_wall, held = learn(store, settings, None, hold_back=True)
        print(
            f"lines <= {settings.max_length}, {settings.max_patterns} patterns: LocalCluster "
            f"(held back) {_waste(on_cluster)} in {wall:.1f} s; local pool {_waste(local)} in "
            f"{local_wall:.1f} s; local pool held back {_waste(held)} in {held_wall:.1f} s"
        )
    longer = LearnSettings(max_length=5, max_patterns=1, budget_s=20.0, jobs=2)
    for _ in range(repeats):
        with new_store() as store, open_cluster("local:2") as engine:
            run, wall, on_cluster = learn(store, longer, engine)
            total = store.run(run).total
        print(
            f"lines <= 5, 1 pattern ({total} items): LocalCluster (held back) "
            f"{_waste(on_cluster)} in {wall:.1f} s ({load()})"
        )


def part_n8(sample: int = 80) -> None:
    print(f"== lines up to 8 cells: a sample of {sample} items ({load()})")
    settings = LearnSettings(
        max_length=8, max_patterns=3, three_first=True, three_narrow=True, sample=sample, seed=1
    )
    settings = LearnSettings(**{**settings.to_json(), "budget_s": 30.0, "jobs": 2})
    with new_store() as store, open_cluster("local:2") as engine:
        run, wall, runner = learn(store, settings, engine)
        records = store.records(run)
    by_class: dict[tuple[int, int], list[float]] = {}
    for r in records:
        if r.seconds is not None:
            by_class.setdefault((len(r.spec.transition.before), len(r.spec.patterns)), []).append(
                r.seconds
            )
    counts = Counter(
        (len(s.transition.before), len(s.patterns))
        for s in all_specifications(8, 3, three_first=True)
    )
    print(
        f"{len(records)} items in {wall:.1f} s on 2 workers, "
        f"{runner.work_seconds:.1f} synthesis s; {dict(Counter(str(r.status) for r in records))}"
    )
    for key in sorted(by_class):
        times = by_class[key]
        print(
            f"  {key[0]} cells, {key[1]} pattern(s): {len(times)} sampled, mean "
            f"{statistics.mean(times):.2f} s, max {max(times):.1f} s ({counts[key]} in the run)"
        )
    total_items = sum(counts.values())
    # Each kind's mean times its count (kinds the sample missed: the nearest sampled kind of as
    # many patterns): worker-hours at this load, whose wall seconds grow with it.
    projected = projected_work_seconds(counts, by_class)
    print(
        f"full narrowed n <= 8 run: {total_items} items, about {projected / 3600:.1f} worker-hours "
        f"without skips (at {load()}); on k workers: "
        + ", ".join(f"k={k}: {projected / k / 3600:.1f} h" for k in (2, 8, 32, 128))
    )


PARTS = {
    "small": part_small,
    "cost": part_cost,
    "cancel": part_cancel,
    "kills": part_kills,
    "scheduler": part_scheduler,
    "efficiency": part_efficiency,
    "waste": part_waste,
    "n8": part_n8,
}


def main() -> None:
    names = sys.argv[1:] or list(PARTS)
    for name in names:
        PARTS[name]()
        sys.stdout.flush()


if __name__ == "__main__":
    main()
