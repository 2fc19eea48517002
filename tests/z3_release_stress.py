"""A z3 context whose objects another thread releases while it works (run as a script).

``python tests/z3_release_stress.py new|plain SECONDS``: one thread builds expressions in a context
(``new``: :func:`nonostudio.core.z3threads.new_context`; ``plain``: a bare ``z3.Context``) and hands
them to a second thread, which drops them, so z3's release (``Z3_dec_ref``) runs there while the
first thread goes on building.  After SECONDS the context is deleted and the script prints
``intact``.  A corrupted context shows as a crash (a signal), during the run or while it is
deleted, or a hang (the caller's time limit).  (Solving a query in it before deleting it hid the
corruption: bare contexts then survived 3 runs of 30 s out of 3, against 0 of 2 without.)  Used
by ``tests/core/test_z3threads.py`` and ``tests/benchmarks/bench_z3_release.py``.
"""

from __future__ import annotations

import gc
import queue
import sys
import threading
import time

import z3

from nonostudio.core.z3threads import new_context


def stress(ctx: z3.Context, seconds: float) -> None:
    """Build in one thread, release in another, for ``seconds``."""
    handed: queue.Queue[z3.BoolRef] = queue.Queue(maxsize=10000)
    stop = threading.Event()

    def build() -> None:
        xs = [z3.Int(f"x{i}", ctx) for i in range(40)]
        n = 0
        while not stop.is_set():
            solver = z3.Solver(ctx=ctx)
            for i in range(39):
                e = xs[i] + n % 7 < xs[i + 1] * 2
                solver.add(e)
                try:
                    handed.put_nowait(e)
                except queue.Full:
                    pass
            n += 1

    def drop() -> None:
        while not stop.is_set():
            try:
                handed.get(timeout=0.1)  # the last reference: released in this thread
            except queue.Empty:
                pass

    threads = [threading.Thread(target=build), threading.Thread(target=drop)]
    for t in threads:
        t.start()
    time.sleep(seconds)
    stop.set()
    for t in threads:
        t.join()


if __name__ == "__main__":
    kind, seconds = sys.argv[1], float(sys.argv[2])
    if kind not in ("new", "plain"):
        sys.exit("usage: z3_release_stress.py new|plain SECONDS")
    stress(new_context() if kind == "new" else z3.Context(), seconds)  # deleted on return
    gc.collect()
    print("intact")
