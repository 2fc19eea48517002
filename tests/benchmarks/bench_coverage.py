"""Coverage benchmark on Butler et al.'s testing set (run by hand).

``python tests/benchmarks/bench_coverage.py [RULES]`` measures C(R) of a rule set (a shipped set's
name or a ``.rules`` file; default ``control``) on the 2805 transitions of ``testing-set.json`` and
prints the total against the cells to fill, the per-rule breakdown (cells credited first, cells
covered), the bugs and the run time (best of the rounds; the rules are compiled in the first).
Paper: control rules 4652 (an exact oracle gives a few more, 4655 here).
"""

from __future__ import annotations

import argparse
import sys
import time

from _anchors import ANCHORS

from nonostudio.rules.measuring.coverage import coverage, load_transitions
from nonostudio.rules.ruleset import load_rule_set

TESTING_SET = ANCHORS / "butler" / "testing-set.json"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "rules",
        nargs="?",
        default="control",
        help="rule set name or .rules file (default: control)",
    )
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if not TESTING_SET.is_file():
        print(f"anchor data not found at {TESTING_SET}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    transitions = load_transitions(TESTING_SET)
    loading = time.perf_counter() - started
    rules = load_rule_set(args.rules).rules
    reports = [coverage(rules, transitions) for _ in range(max(1, args.rounds))]
    report = reports[-1]
    print(
        f"rule set {args.rules}: {len(rules)} rules, {len(transitions)} transitions "
        f"(loaded in {loading:.3f} s)"
    )
    print(
        f"coverage {report.total} of {report.cells_to_fill} cells "
        f"({100 * report.total / report.cells_to_fill:.1f}%)"
    )
    width = max((len(r.name) for r in rules), default=4)
    print(f"  {'rule':<{width}}  {'first':>6}  {'covered':>7}")
    for r in rules:
        print(
            f"  {r.name:<{width}}  {report.per_rule[r.name]:>6}  "
            f"{len(report.cells_by_rule[r.name]):>7}"
        )
    print(f"bugs: {len(report.bugs)}")
    for bug in report.bugs[:20]:
        f = bug.fill
        t = transitions[bug.transition]
        print(
            f"  {bug.rule} on #{bug.transition} ({' '.join(map(str, t.hints))}) {t.before}: "
            f"fill({'true' if f.value else 'false'}, {f.start}, {f.end}) vs {t.after}"
        )
    times = [r.seconds for r in reports]
    print(f"seconds: best {min(times):.3f}, first {times[0]:.3f} (rounds: {len(times)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
