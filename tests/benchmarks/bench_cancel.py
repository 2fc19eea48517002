"""Cancel latency of a learning run (goal: <= 1 s, median of 5).

Each round starts a real synthesis run (process workers, as ``learn run`` and the Jobs panel use
them) on the specifications of lines up to 5 cells, waits until the first specification is done,
cancels, and times how long ``Runner.run`` takes to return; then checks no worker process is left.
Run by hand: ``python tests/benchmarks/bench_cancel.py [--rounds 5] [--mode process|thread]``.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
import time
from pathlib import Path

from nonostudio.learn.mining.specs import mine_transitions, specifications
from nonostudio.learn.running.runner import Runner
from nonostudio.learn.running.work import synthesis_work
from nonostudio.learn.store.jobs import JobStore


def children() -> dict[int, str]:
    """Our child processes: pid -> state and command (``Z`` is defunct)."""
    import os

    out = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            state, ppid = stat.read_text().rsplit(")", 1)[1].split()[:2]
            command = (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except (OSError, ValueError, IndexError):
            continue
        if int(ppid) == os.getpid():
            out[int(stat.parent.name)] = f"{state} {command[:80]}"
    return out


def one_round(folder: Path, index: int, mode: str) -> tuple[float, dict[int, str]]:
    specs = [s for t in mine_transitions(5) for s in specifications(t, max_patterns=2)]
    with JobStore(folder / f"jobs-{index}.sqlite3") as store:
        run = store.create_run({}, specs)
        first = threading.Event()
        runner = Runner(
            store,
            run,
            synthesis_work,
            jobs=2,
            mode=mode,
            budget_s=60.0,
            on_snapshot=lambda _snapshot: first.set(),
        )
        thread = threading.Thread(target=runner.run)
        thread.start()
        if not first.wait(120):
            raise SystemExit("no specification finished within 120 s")
        asked = time.monotonic()
        runner.cancel()
        thread.join(30)
        took = time.monotonic() - asked
        assert not thread.is_alive(), "the run did not end"
        time.sleep(0.2)
        return took, children()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--mode", choices=("process", "thread"), default="process")
    args = parser.parse_args()
    times = []
    with tempfile.TemporaryDirectory() as folder:
        for i in range(args.rounds):
            took, left = one_round(Path(folder), i, args.mode)
            times.append(took)
            defunct = sum(state.startswith("Z") for state in left.values())
            print(
                f"round {i + 1}: cancel took {took:.3f} s; child processes left: {len(left)}, "
                f"defunct: {defunct} {sorted(left.values())}"
            )
    print(
        f"cancel of a learning run ({args.mode} workers): median {statistics.median(times):.3f} s"
        f" over {len(times)} rounds (max {max(times):.3f} s; goal <= 1 s)"
    )


if __name__ == "__main__":
    main()
