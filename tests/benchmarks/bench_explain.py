"""Rule-trace benchmark on the 17 puzzles of Butler et al.'s evaluation (run by hand).

``python tests/benchmarks/bench_explain.py [--rules NAME] [--rounds N]`` traces every puzzle of
``test-set-extended.json`` with a rule set (default: the 14 control rules) and prints, per
puzzle: size, steps, rule steps, fallback steps by kind, solved, and seconds (best of the rounds);
then totals.  Goal: at most 1 s per puzzle.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _anchors import ANCHORS  # noqa: E402

from nonostudio.analysis.tracing.trace import rule_trace  # noqa: E402
from nonostudio.core.formats import read_all  # noqa: E402
from nonostudio.rules.ruleset import load_rule_set  # noqa: E402

GOAL_SECONDS = 1.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="control", help="rule set name or file")
    parser.add_argument("--rounds", type=int, default=3, help="runs per puzzle (best is kept)")
    args = parser.parse_args()
    path = ANCHORS / "butler" / "test-set-extended.json"
    if not path.is_file():
        print(f"anchor data not found at {path}", file=sys.stderr)
        return 2
    rule_set = load_rule_set(args.rules)
    puzzles = read_all(path)
    print(
        f"{len(puzzles)} puzzles, rule set {rule_set.name!r} ({len(rule_set.rules)} rules), "
        f"best of {args.rounds} rounds"
    )
    header = (
        f"{'puzzle':<32} {'size':>6} {'steps':>6} {'rules':>6} {'line':>5} {'probe':>5} "
        f"{'search':>6} {'solved':>6} {'seconds':>8}"
    )
    print(header)
    print("-" * len(header))
    totals = {"steps": 0, "rules": 0, "line": 0, "probe": 0, "search": 0, "solved": 0}
    seconds_total = 0.0
    slowest = 0.0
    for ident, puzzle in puzzles:
        traces = [
            rule_trace(puzzle, rule_set.rules, rule_set=rule_set.name) for _ in range(args.rounds)
        ]
        trace = min(traces, key=lambda t: t.seconds)
        s = trace.summary()
        fb = s.fallback_steps
        print(
            f"{ident[:32]:<32} {puzzle.size_text:>6} {s.steps:>6} {s.rule_steps:>6} "
            f"{fb['line']:>5} {fb['probe']:>5} {fb['search']:>6} {str(trace.solved):>6} "
            f"{trace.seconds:>8.3f}"
        )
        totals["steps"] += s.steps
        totals["rules"] += s.rule_steps
        for kind in ("line", "probe", "search"):
            totals[kind] += fb[kind]
        totals["solved"] += trace.solved
        seconds_total += trace.seconds
        slowest = max(slowest, trace.seconds)
    print("-" * len(header))
    print(
        f"{'total':<32} {'':>6} {totals['steps']:>6} {totals['rules']:>6} {totals['line']:>5} "
        f"{totals['probe']:>5} {totals['search']:>6} {totals['solved']:>6} "
        f"{seconds_total:>8.3f}"
    )
    verdict = "met" if slowest <= GOAL_SECONDS else "MISSED"
    print(f"slowest puzzle {slowest:.3f} s; goal <= {GOAL_SECONDS:.0f} s per puzzle: {verdict}")
    return 0 if slowest <= GOAL_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
