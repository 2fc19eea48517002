"""Benchmark: runner threads vs processes for a z3-bound and a Python-bound work function.

Run by hand: ``python tests/benchmarks/bench_runner.py``.  Each work function does a fixed amount
of work per specification (24 specifications, 2 workers, plus a 1-worker baseline); the figures
printed are wall seconds per configuration.  Measured on the 2-core development machine while
other jobs kept its load average near 5 (so the gains are smaller than on an idle machine):

    work     1 worker   2 threads   2 processes
    z3        3.8 s       2.0 s       2.6 s      (z3 releases the GIL: threads scale)
    python    4.6 s       4.2 s       3.9 s      (the GIL serialises threads; processes scale)

Processes pay about a second to spawn their interpreters and import z3; after that they match
threads on z3 work and beat them on Python work, and a crash in one loses only its task, so the
runner defaults to processes.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import z3

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "learn"))

from learn_work import pigeonhole  # noqa: E402

from nonostudio.learn.mining.specs import mine_transitions, specifications  # noqa: E402
from nonostudio.learn.running.runner import run_specifications  # noqa: E402
from nonostudio.learn.store.jobs import JobStore  # noqa: E402

SPECS = [s for t in mine_transitions(4) for s in specifications(t, max_patterns=1)][:24]


def z3_bound(spec, budget, should_stop, ctx: z3.Context) -> dict:
    """A pigeonhole formula of fixed size: about 0.2 s of z3 per specification, solving
    dominating."""
    return {"answer": str(pigeonhole(ctx, holes=8).check())}


def python_bound(spec, budget, should_stop, ctx: z3.Context) -> dict:
    """Pure Python enumeration: about 0.3 s per specification."""
    total = 0
    for i in range(6_000_000):
        total += i & 7
    return {"total": total}


def measure(work, jobs: int, mode: str) -> float:
    with tempfile.TemporaryDirectory() as tmp, JobStore(Path(tmp) / "bench.sqlite3") as store:
        run = store.create_run({}, SPECS)
        start = time.monotonic()
        status = run_specifications(store, run, work, jobs=jobs, mode=mode, budget_s=60.0)
        assert status.counts == {"done": len(SPECS)}, status.counts
        return time.monotonic() - start


def main() -> None:
    print(f"{len(SPECS)} specifications")
    print(f"{'work':8} {'1 worker':>10} {'2 threads':>10} {'2 processes':>12}")
    for name, work in (("z3", z3_bound), ("python", python_bound)):
        one = measure(work, 1, "thread")
        threads = measure(work, 2, "thread")
        processes = measure(work, 2, "process")
        print(f"{name:8} {one:9.1f}s {threads:9.1f}s {processes:11.1f}s")


if __name__ == "__main__":
    main()
