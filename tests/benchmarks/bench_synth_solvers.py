"""Benchmark (run by hand): a stretch of a learning run replayed with the prover's two solvers.

    python tests/benchmarks/bench_synth_solvers.py --store PATH --run N [--start I] [--count K]
        [--solvers default fast]

Takes the run's specifications in the order a run hands them out (one and two patterns before
three, shorter lines first), the ``count`` from position ``start``, every other one (one
worker's share), and synthesises each as the run did: a full search for those the run finished as
``done``, the narrow search (constant level only) for those it ``skipped``.  It does this once
with each prover solver named (``default``: z3's default solver; ``fast``: the prover's
``fast_solver``, which learning uses), each in a fresh process so that no cache carries over, and
prints wall time, rules found, and the prover's verdicts with their seconds.
"""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing
import sys
import time
from collections import Counter
from typing import Any


def _replay(store: str, run: int, start: int, count: int, solver: str) -> dict[str, Any]:
    import nonostudio.rules.proving.prover as prover
    from nonostudio.learn.running.runner import hand_out_key
    from nonostudio.learn.store.jobs import JobStore
    from nonostudio.learn.synthesis import synth, verify

    with JobStore(store) as jobs:
        ordered = sorted(jobs.records(run), key=lambda r: hand_out_key(r.spec))
    records = [(r.spec, r.status) for r in ordered[start : start + count : 2]]
    proofs: Counter[str] = Counter()
    proof_seconds: Counter[str] = Counter()
    plain_prove = prover.prove

    def counted(*args: Any, **kwargs: Any) -> prover.ProofResult:
        strategy = dataclasses.replace(kwargs["strategy"], fast=solver == "fast")
        result = plain_prove(*args, **{**kwargs, "strategy": strategy})
        verdict = {True: "sound", False: "refuted", None: "given up"}[result.sound]
        proofs[verdict] += 1
        proof_seconds[verdict] += result.seconds
        return result

    verify.prove = counted
    began = time.perf_counter()
    found = 0
    for spec, status in records:
        work = synth.synthesize_constant_level if status == "skipped" else synth.synthesize
        found += work(spec, budget_s=60.0).rule is not None
    return {
        "seconds": time.perf_counter() - began,
        "specs": len(records),
        "rules": found,
        "proofs": dict(proofs),
        "proof_seconds": dict(proof_seconds),
        "first": records[0][0].key if records else "",
        "last": records[-1][0].key if records else "",
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", required=True, help="a learning job store (SQLite)")
    ap.add_argument("--run", type=int, required=True, help="the run whose specifications to replay")
    ap.add_argument("--start", type=int, default=40000, help="first position in hand-out order")
    ap.add_argument("--count", type=int, default=600, help="positions to take (every other one)")
    ap.add_argument(
        "--solvers",
        nargs="+",
        choices=("default", "fast"),
        default=["default", "fast"],
        help="solvers to compare (default: both)",
    )
    args = ap.parse_args()
    mp = multiprocessing.get_context("spawn")
    results = []
    for solver in args.solvers:
        with mp.Pool(1) as pool:
            r = pool.apply(_replay, (args.store, args.run, args.start, args.count, solver))
        results.append(r)
        proofs = ", ".join(
            f"{k} {r['proofs'][k]} in {r['proof_seconds'][k]:.1f} s" for k in sorted(r["proofs"])
        )
        print(
            f"{solver} solver: {r['specs']} specifications "
            f"({r['first']} … {r['last']}) in {r['seconds']:.1f} s, {r['rules']} rules; "
            f"proofs: {proofs}",
            flush=True,
        )
    base = results[0]["seconds"]
    for solver, r in zip(args.solvers[1:], results[1:], strict=True):
        print(f"{solver} took {r['seconds'] / base:.2f} of the time {args.solvers[0]} took")
    return 0


if __name__ == "__main__":
    sys.exit(main())
