"""Soundness-prover benchmark (run by hand): proof time of each rule of a rule set at L cells.

``python tests/benchmarks/bench_prover.py [RULES] [--length L] [--rule NAME]`` proves every rule of
a shipped set (default ``control``) or ``.rules`` file for lines of up to L cells (default 30, the
paper's guarantee) and prints, per rule, the verdict and the wall-clock time of both forms of the
prover measured in the same run — one query per length (two threads) and one query for every
length at once — their ratio, then the totals.  Target: each control rule within 30 s at L = 30
on a 2-core machine.  With ``--fast`` the two compared are the query at once asked of z3's default
solver and of the prover's fast solver (``ProofStrategy(at_once=True, fast=True)``, which learning
uses); both must give the same verdict and the same shortest counterexample length.
"""

from __future__ import annotations

import argparse
import sys

from nonostudio.rules.proving.prover import AT_ONCE, ProofStrategy, prove
from nonostudio.rules.ruleset import load_rule_set


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "rules",
        nargs="?",
        default="control",
        help="rule set name or .rules file (default: control)",
    )
    parser.add_argument("--length", type=int, default=30, help="longest line (default 30)")
    parser.add_argument("--rule", action="append", help="only this rule (repeatable)")
    parser.add_argument(
        "--fast", action="store_true", help="compare the default and the fast solver (both at once)"
    )
    args = parser.parse_args()
    rules = [r for r in load_rule_set(args.rules).rules if not args.rule or r.name in args.rule]
    if not rules:
        print("no rule selected", file=sys.stderr)
        return 2
    totals = [0.0, 0.0]
    width = max(len(r.name) for r in rules)
    print(f"{args.rules}: {len(rules)} rules, lines up to {args.length} cells")
    forms = ("default", "fast") if args.fast else ("per length", "at once")
    print(f"  {'rule':<{width}}  verdict  {forms[0]:>12} {forms[1]:>12}    ratio")
    for r in rules:
        if args.fast:
            results = [
                prove(r, args.length, strategy=AT_ONCE),
                prove(r, args.length, strategy=ProofStrategy(at_once=True, fast=True)),
            ]
        else:
            results = [prove(r, args.length), prove(r, args.length, strategy=AT_ONCE)]
        lengths = [len(x.counterexample.cells) if x.counterexample else None for x in results]
        if results[0].sound is not results[1].sound or lengths[0] != lengths[1]:
            print(f"  {r.name}: the two forms disagree: {results}", file=sys.stderr)
            return 1
        for i, res in enumerate(results):
            totals[i] += res.seconds
        verdict = {True: "sound", False: "UNSOUND", None: "interrupted"}[results[0].sound]
        ratio = results[0].seconds / max(results[1].seconds, 1e-6)
        print(
            f"  {r.name:<{width}}  {verdict:<8} {results[0].seconds:10.2f} s "
            f"{results[1].seconds:10.2f} s {ratio:7.1f}x",
            flush=True,
        )
        if results[0].counterexample is not None:
            print(f"      counterexample: {results[0].counterexample}")
    print(
        f"total {forms[0]} {totals[0]:.2f} s, {forms[1]} {totals[1]:.2f} s "
        f"({totals[0] / max(totals[1], 1e-6):.1f}x); mean per rule {totals[0] / len(rules):.2f} s "
        f"and {totals[1] / len(rules):.2f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
