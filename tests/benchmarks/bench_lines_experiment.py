"""The line-selection experiment of Dandurand, Cousineau & Shultz (2012), run by hand.

``python tests/benchmarks/bench_lines_experiment.py [--simulations 20] [--seed 0]`` runs the
paper's protocol on random unique 5x5 puzzles and prints mean steps ± standard error for the
random, heuristic, greedy and optimal strategies and the two SARSA learners beside the paper's
figures, then the wall time.
"""

from __future__ import annotations

import argparse
import sys
import time

from nonostudio.analysis.line_selection.lines_experiment import run_experiment


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    result = run_experiment(
        args.simulations,
        args.seed,
        progress=lambda fraction, message: print(f"{fraction:4.0%} {message}", file=sys.stderr),
    )
    print(result.table())
    print(f"\n{time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
