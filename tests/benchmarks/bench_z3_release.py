"""How often a z3 context survives objects released by another thread (run by hand).

``python tests/benchmarks/bench_z3_release.py [--seconds 30] [--runs 3]`` runs
``tests/z3_release_stress.py`` in child processes, ``--runs`` times with the app's contexts
(:func:`nonostudio.core.z3threads.new_context`, concurrent release on) and as many with bare
``z3.Context`` objects, and prints each run's outcome (intact, crashed with a signal, hung past
the time limit) and the count per kind.  On this machine, at 30 s: the app's 3 of 3 intact, bare
0 of 3 (one crash, two hangs); at 6 s both 4 of 4 intact, which is why the default suite's test
only checks the app's kind briefly and relies on every context coming from ``new_context``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

from _anchors import REPO

STRESS = REPO / "tests" / "z3_release_stress.py"


def outcome(kind: str, seconds: float) -> str:
    """One child run: "intact", "crashed (signal N)", "hung", or "failed (exit N)"."""
    try:
        done = subprocess.run(
            [sys.executable, str(STRESS), kind, str(seconds)],
            cwd=REPO,
            env=os.environ | {"PYTHONPATH": str(REPO)},
            capture_output=True,
            text=True,
            timeout=seconds + 30,
        )
    except subprocess.TimeoutExpired:
        return "hung"
    if done.returncode < 0:
        return f"crashed (signal {-done.returncode})"
    if done.returncode != 0 or done.stdout.strip() != "intact":
        return f"failed (exit {done.returncode})"
    return "intact"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    for kind in ("new", "plain"):
        results = []
        for run in range(1, args.runs + 1):
            began = time.monotonic()
            results.append(outcome(kind, args.seconds))
            print(
                f"{kind:5} run {run}: {results[-1]} ({time.monotonic() - began:.1f} s)", flush=True
            )
        print(f"{kind:5}: {results.count('intact')} of {args.runs} intact")
    return 0


if __name__ == "__main__":
    sys.exit(main())
