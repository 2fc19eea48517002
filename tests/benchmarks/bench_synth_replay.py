"""Benchmark (run by hand): a learning run's specifications synthesised again, timed, with a
digest of what was found, to compare two versions of the synthesis code on the same work.

    python tests/benchmarks/bench_synth_replay.py --store PATH [--run N] [--start I ...]
        [--count K]

For each ``start``, takes the specifications at positions ``start, start + 2, …`` (``count``
positions: one worker's share) in the order a run hands them out, and synthesises each as the
run did (the full search for those the run finished as ``done``, the narrow search for those
it ``skipped``) in this process, one after another.  Prints, per stretch, the seconds taken,
the seconds the run recorded for the same specifications, the rules found and a digest of the
results (rule texts, statuses and alternatives).  Two versions give the same rules when their
digests agree.  To time another version of the code, run this file from the current checkout
with ``PYTHONPATH`` pointing at that version's checkout (a ``git worktree``), at the same time
as the current version on the same stretch, so both share the machine's load.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time

from nonostudio.learn.running.runner import hand_out_key
from nonostudio.learn.store.jobs import JobStore, SpecRecord
from nonostudio.learn.synthesis import synth
from nonostudio.rules.language.printer import format_rule


def replay(ordered: list[SpecRecord], start: int, count: int) -> dict[str, object]:
    """Synthesise the stretch of ``ordered`` (a run's records in hand-out order) again; its
    timing and a digest of the results."""
    records = ordered[start : start + count : 2]
    began = time.perf_counter()
    results = []
    for record in records:
        work = synth.synthesize_constant_level if record.status == "skipped" else synth.synthesize
        out = work(record.spec, budget_s=80.0)
        results.append(
            [
                out.rule and format_rule(out.rule),
                out.status,
                [format_rule(a) for a in out.alternatives],
            ]
        )
    seconds = time.perf_counter() - began
    digest = hashlib.sha1(json.dumps(results).encode()).hexdigest()[:12]
    return {
        "start": start,
        "specs": len(records),
        "seconds": round(seconds, 1),
        "recorded": round(sum(r.seconds or 0.0 for r in records), 1),
        "rules": sum(r[0] is not None for r in results),
        "digest": digest,
        "code": synth.__file__,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", required=True, help="a learning job store (SQLite)")
    ap.add_argument("--run", type=int, default=1, help="the run whose specifications to replay")
    ap.add_argument(
        "--start",
        type=int,
        nargs="+",
        default=[9000, 20000, 33000, 45000],
        help="first positions in hand-out order",
    )
    ap.add_argument("--count", type=int, default=400, help="positions per stretch (every other)")
    args = ap.parse_args()
    with JobStore(args.store) as jobs:
        ordered = sorted(jobs.records(args.run), key=lambda r: hand_out_key(r.spec))
    for start in args.start:
        print(json.dumps(replay(ordered, start, args.count)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
