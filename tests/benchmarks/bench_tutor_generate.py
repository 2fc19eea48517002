"""Puzzles made to teach: for each technique of tiers 1-6, COUNT generated 15x15
puzzles (seeds 0..COUNT-1): the share whose hardest technique is the requested one (goal ≥ 90 %),
whether every one returned is unique (complete solver, apart from the grade), and the median
generation time (goal ≤ 10 s; wall clock, and beside it the median CPU seconds of this process,
which other jobs on the machine do not inflate).  A miss is the closest unique puzzle the search
found, or none.

    python3 tests/benchmarks/bench_tutor_generate.py [--count 20] [--techniques overlap,glue]
        [--size 15x15] [--tries 600]

bench_tutor.py calls :func:`main` with no arguments (the full run).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from nonostudio.analysis.catalogue.techniques import ALL_TECHNIQUES
from nonostudio.analysis.generating import DEFAULT_TRIES, Generated, NoPuzzleFound, generate
from nonostudio.core.solver import solve

TIERS = range(1, 7)


def _unique(made: Generated | None) -> bool | None:
    if made is None:
        return None
    return solve(made.puzzle.without_goal()).verdict.is_unique


def run_technique(
    technique: str, count: int, width: int, height: int, tries: int
) -> dict[str, object]:
    hits = 0
    unique: list[bool] = []
    none_unique = 0
    seconds: list[float] = []
    cpu: list[float] = []
    used: list[int] = []
    closest: dict[str, int] = {}
    for seed in range(count):
        started = time.perf_counter()
        cpu_started = time.process_time()
        try:
            made: Generated | None = generate(technique, width, height, seed, tries=tries)
            hits += 1
        except NoPuzzleFound as exc:
            made = exc.best
            key = made.grade.hardest_technique or "none" if made is not None else "no unique"
            closest[str(key)] = closest.get(str(key), 0) + 1
        seconds.append(time.perf_counter() - started)
        cpu.append(time.process_time() - cpu_started)
        ok = _unique(made)
        if ok is None:
            none_unique += 1
        else:
            unique.append(ok)
        if made is not None:
            used.append(made.tries)
    return {
        "technique": technique,
        "hits": hits,
        "count": count,
        "unique": sum(unique),
        "returned": len(unique),
        "none_unique": none_unique,
        "median_s": statistics.median(seconds),
        "max_s": max(seconds),
        "median_cpu": statistics.median(cpu),
        "median_tries": statistics.median(used) if used else 0,
        "closest": closest,
    }


def main(argv: Sequence[str] = ()) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--techniques", default="")
    parser.add_argument("--size", default="15x15")
    parser.add_argument("--tries", type=int, default=DEFAULT_TRIES)
    args = parser.parse_args(list(argv))
    width, height = (int(v) for v in args.size.lower().split("x"))
    wanted = [t.id for t in ALL_TECHNIQUES if t.tier in TIERS]
    if args.techniques:
        wanted = [t for t in args.techniques.split(",") if t]
    print(
        f"generating {args.count} puzzles of {width}x{height} per technique (seeds 0-"
        f"{args.count - 1}, at most {args.tries} tries each); goals: hardest = requested "
        "≥ 90 %, all unique, median ≤ 10 s"
    )
    print(
        f"{'technique':<18} {'hardest=req':>11} {'unique':>9} {'median s':>9} {'max s':>7} "
        f"{'cpu s':>6} {'tries':>6}  misses' hardest"
    )
    rows = []
    started = time.perf_counter()
    for technique in wanted:
        row = run_technique(technique, args.count, width, height, args.tries)
        rows.append(row)
        share = 100.0 * int(row["hits"]) / int(row["count"])  # type: ignore[call-overload]
        unique = f"{row['unique']}/{row['returned']}"
        print(
            f"{technique:<18} {row['hits']:>4}/{row['count']:<3} {share:3.0f}% {unique:>9} "
            f"{row['median_s']:9.2f} {row['max_s']:7.2f} {row['median_cpu']:6.2f} "
            f"{row['median_tries']:>6}  "
            f"{row['closest'] or '-'}",
            flush=True,
        )
    hits = sum(int(r["hits"]) for r in rows)  # type: ignore[call-overload]
    total = sum(int(r["count"]) for r in rows)  # type: ignore[call-overload]
    all_unique = all(r["unique"] == r["returned"] for r in rows)
    print(
        f"overall: {hits}/{total} = {100.0 * hits / max(1, total):.1f} % hardest = requested; "
        f"every puzzle returned unique: {'yes' if all_unique else 'NO'}; "
        f"{time.perf_counter() - started:.0f} s in all"
    )


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
