"""Benchmark (run by hand): rule synthesis on a random sample of specifications of lines ≤ 5 and
≤ 7 — median / 95th percentile seconds, timeouts, rules found, candidates tried, prover calls.

    python tests/benchmarks/bench_synth.py [--sample 20] [--budget 60] [--patterns 2]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from nonostudio.learn.mining.specs import all_specifications
from nonostudio.learn.synthesis.synth import synthesize


def _p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(0.95 * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sample", type=int, default=20)
    ap.add_argument("--budget", type=float, default=60.0)
    ap.add_argument("--patterns", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    for max_length in (5, 7):
        specs = list(all_specifications(max_length, args.patterns))
        sample = rng.sample(specs, min(args.sample, len(specs)))
        seconds, statuses, tried, calls = [], {}, 0, 0
        start = time.monotonic()
        for spec in sample:
            r = synthesize(spec, budget_s=args.budget)
            seconds.append(r.seconds)
            statuses[r.status] = statuses.get(r.status, 0) + 1
            tried += r.candidates_tried
            calls += r.prover_calls
            print(f"  {spec.key:40} {r.status:9} {r.seconds:6.2f}s cost={r.cost}")
        print(
            f"lines ≤ {max_length}: {len(sample)} specs of {len(specs)}, "
            f"wall {time.monotonic() - start:.1f}s, median {statistics.median(seconds):.2f}s, "
            f"p95 {_p95(seconds):.2f}s, {statuses}, candidates {tried}, prover calls {calls}"
        )


if __name__ == "__main__":
    main()
