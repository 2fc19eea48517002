"""Soundness-prover benchmark (run by hand): proof time of each rule of a rule set at L cells.

``python tests/benchmarks/bench_prover.py [RULES] [--length L] [--rule NAME]`` proves every rule of
a shipped set (default ``control``) or ``.rules`` file for lines of up to L cells (default 30, the
paper's guarantee) and prints, per rule, the verdict and the wall-clock time, then the total.
Target: each control rule within 30 s at L = 30 on a 2-core machine.
"""

from __future__ import annotations

import argparse
import sys

from nonostudio.rules.prover import prove
from nonostudio.rules.ruleset import load_rule_set


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rules", nargs="?", default="control",
                        help="rule set name or .rules file (default: control)")
    parser.add_argument("--length", type=int, default=30, help="longest line (default 30)")
    parser.add_argument("--rule", action="append", help="only this rule (repeatable)")
    args = parser.parse_args()
    rules = [r for r in load_rule_set(args.rules).rules if not args.rule or r.name in args.rule]
    if not rules:
        print("no rule selected", file=sys.stderr)
        return 2
    total = 0.0
    width = max(len(r.name) for r in rules)
    print(f"{args.rules}: {len(rules)} rules, lines up to {args.length} cells")
    for r in rules:
        result = prove(r, args.length)
        total += result.seconds
        verdict = {True: "sound", False: "UNSOUND", None: "interrupted"}[result.sound]
        print(f"  {r.name:<{width}}  {verdict:<8} {result.seconds:8.2f} s", flush=True)
        if result.counterexample is not None:
            print(f"      counterexample: {result.counterexample}")
    print(f"total {total:.2f} s, mean {total / len(rules):.2f} s per rule")
    return 0


if __name__ == "__main__":
    sys.exit(main())
