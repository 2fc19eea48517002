"""Line-solver benchmark on the 2805 lines of Butler et al.'s testing set (run by hand).

``python tests/benchmarks/bench_linesolver.py`` times nonostudio's ``solve_text`` (text in, text
out) and the exact line solver of the PyPI package picross-solver (``_push_solve``, numpy arrays
in place) on the same lines, checks both against the expected maximal deductions, and prints lines
per second (best and median of the rounds) with the ratio to picross-solver.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from picross_solver.picross_solver import _push_solve

from nonostudio.core.linesolver import solve_text

TESTING_SET = (
    Path(__file__).resolve().parents[2].parent
    / "shared"
    / "anchors"
    / "butler"
    / "testing-set.json"
)
PICROSS_VALUES = {"-": -1, "O": 1, "x": 0}
PICROSS_CHARS = {-1: "-", 1: "O", 0: "x"}
REFERENCE = "pynogram BGU ~32,000 lines/s on this machine (not measured here: not on PyPI)"

Item = tuple[tuple[int, ...], str, str]


def load_items(path: Path) -> list[Item]:
    items = json.loads(path.read_text())["items"]
    return [(tuple(it["hints"]), it["before"], it["after"]) for it in items]


def run_nonostudio(items: list[Item]) -> tuple[float, list[str | None]]:
    """Seconds for one pass of ``solve_text`` over the lines, and its answers."""
    start = time.perf_counter()
    out = [solve_text(hints, before) for hints, before, _ in items]
    return time.perf_counter() - start, out


def run_picross(items: list[Item]) -> tuple[float, list[str | None]]:
    """Seconds for one pass of picross-solver's line solver, and its answers as text.

    Its solver fills a numpy array in place, so the arrays (and list hints) are built before the
    clock starts and turned back into text after it stops.
    """
    work = [
        (list(hints), np.array([PICROSS_VALUES[c] for c in before])) for hints, before, _ in items
    ]
    start = time.perf_counter()
    verdicts = [_push_solve(rule, arr) for rule, arr in work]
    elapsed = time.perf_counter() - start
    out = [
        None if verdict == [-1] else "".join(PICROSS_CHARS[int(v)] for v in arr)
        for verdict, (_, arr) in zip(verdicts, work, strict=True)
    ]
    return elapsed, out


Runner = Callable[[list[Item]], tuple[float, list[str | None]]]


def measure(
    runners: dict[str, Runner], items: list[Item], rounds: int
) -> dict[str, tuple[float, float, int]]:
    """Per solver: (best lines/s, median lines/s, exact answers in the first round).

    The solvers take turns within each round so that a busy machine slows them alike.
    """
    times: dict[str, list[float]] = {name: [] for name in runners}
    exact: dict[str, int] = {}
    for r in range(rounds):
        for name, run in runners.items():
            elapsed, answers = run(items)
            times[name].append(elapsed)
            if r == 0:
                exact[name] = sum(
                    a == after for a, (_, _, after) in zip(answers, items, strict=True)
                )
    return {
        name: (len(items) / min(t), len(items) / statistics.median(t), exact[name])
        for name, t in times.items()
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--data", type=Path, default=TESTING_SET)
    args = parser.parse_args(argv)
    if not args.data.is_file():
        print(f"testing set not found: {args.data}", file=sys.stderr)
        return 2
    items = load_items(args.data)
    results = measure(
        {"nonostudio solve_text": run_nonostudio, "picross-solver _push_solve": run_picross},
        items,
        args.rounds,
    )
    base_best, base_median, _ = results["picross-solver _push_solve"]
    print(f"{len(items)} lines from {args.data.name}, best and median of {args.rounds} rounds\n")
    print(
        f"{'solver':<28} {'best lines/s':>13} {'median lines/s':>15} {'exact':>11} "
        f"{'ratio best':>11} {'ratio median':>13}"
    )
    for name, (best, median, exact) in results.items():
        print(
            f"{name:<28} {best:>13,.0f} {median:>15,.0f} {exact:>5}/{len(items):<5} "
            f"{best / base_best:>10.1f}x {median / base_median:>12.1f}x"
        )
    print(f"\nreference: {REFERENCE}")
    return 0 if all(exact == len(items) for _, _, exact in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
