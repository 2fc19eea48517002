"""Placement benchmark: the shipped rule sets placed in the technique catalogue (run by hand).

``python tests/benchmarks/bench_placement.py [SET ...]`` places every rule of each set (default:
control, learned, concise) on the 2805 test lines of ``testing-set.json`` and prints the rules per
technique, the unplaced rules with an example each, the share of the set's coverage carried by
placed rules (issue goal for learned: at least 90 %) and the times.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

from _anchors import ANCHORS

from nonostudio.analysis.catalogue.placement import UNPLACED, coverage_share, place_all
from nonostudio.analysis.catalogue.techniques import CATALOGUE
from nonostudio.rules.measuring.coverage import load_transitions
from nonostudio.rules.ruleset import load_rule_set

TESTING_SET = ANCHORS / "butler" / "testing-set.json"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="*", default=["control", "learned", "concise"])
    parser.add_argument("--verbose", action="store_true", help="list every rule's placement")
    args = parser.parse_args()
    if not TESTING_SET.is_file():
        print(f"anchor data not found at {TESTING_SET}", file=sys.stderr)
        return 2
    transitions = load_transitions(TESTING_SET)
    for name in args.sets:
        rule_set = load_rule_set(name)
        started = time.perf_counter()
        placements = place_all(rule_set.rules, transitions)
        placing = time.perf_counter() - started
        share = coverage_share(rule_set, placements, transitions)
        counts = Counter(p.technique for p in placements)
        print(
            f"== {name}: {len(placements)} rules placed on {len(transitions)} test lines "
            f"in {placing:.1f} s"
        )
        for t in CATALOGUE:
            if counts[t.id]:
                print(
                    f"  tier {t.tier} {t.name:<24} {counts[t.id]:>3} rules, covering "
                    f"{share.by_technique.get(t.id, 0):>5} cells"
                )
        print(
            f"  {'unplaced':<31} {counts[UNPLACED]:>3} rules, covering "
            f"{share.by_technique.get(UNPLACED, 0):>5} cells"
        )
        for p in placements:
            if args.verbose or not p.placed:
                shown = p.unexplained if not p.placed and p.unexplained else p.example
                print(
                    f"    {p.rule:<32} {p.technique:<18} {p.firings:>5} firings "
                    f"({100 * p.share:5.1f} % explained)  e.g. {shown}"
                )
        print(
            f"  coverage carried by placed rules: {share.placed} of {share.covered} cells "
            f"({100 * share.share:.1f} %); coverage measured in {share.seconds:.1f} s"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
