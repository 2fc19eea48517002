"""Fuzz every puzzle reader by hand: per format, N mutants of real files, and what came out.

Run: ``python tests/benchmarks/bench_fuzz.py [--mutants N] [--seed S] [--formats a,b]
[--show K]``. For each reader (the format forced, so every reader sees every mutant of its own
seeds) it tries N mutants (default 2000) of the seed files of ``tests/core/formats_fuzz_inputs.py``
(real files from resources/samples and the anchor corpora; for ``.npz``, half of them mutate
the array inside the archive) plus, for one in ten, random bytes,
and counts: puzzles built, clean errors (PuzzleError with a message), of those the "fallback"
ones (an exception no reader turned into its own message: the message names the exception),
and anything else (a traceback; the goal is 0). A last row, "detect", does the same with the
format detected from the content (mutants of every seed). It prints the slowest input's time.
Exits 1 when anything else happened or an input took more than 2 s.
"""

from __future__ import annotations

import argparse
import random
import sys
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))

from formats_fuzz_inputs import (  # noqa: E402
    FORMAT_NAMES,
    fallback,
    mutate,
    mutate_inside,
    random_edits,
    read_everything,
    seeds,
    timed,
)

TIME_BOUND_S = 2.0
#: The row where the format is not forced: mutants of every seed, detected from their content.
AUTO = "detect"


def fuzz(fmt: str, mutants: int, rng: random.Random, show: int) -> dict[str, object]:
    everything = [f for group in seeds().values() for f in group]
    files = everything if fmt == AUTO else seeds()[fmt]
    forced = None if fmt == AUTO else fmt
    counts: Counter[str] = Counter()
    slowest = (0.0, b"")
    shown = 0
    for _ in range(mutants):
        if rng.random() < 0.1:
            data = rng.randbytes(rng.randrange(600))
        elif fmt == "npz" and rng.random() < 0.5:
            data = mutate_inside(rng.choice(files), random_edits(rng, rng.randint(1, 4)))
        else:
            data = mutate(
                rng.choice(files), random_edits(rng, rng.randint(1, 4)), rng.choice(everything)
            )
        try:
            (puzzles, errors), seconds = timed(lambda d=data: read_everything(d, forced))
        except Exception as exc:  # the bug this benchmark looks for
            counts["other"] += 1
            if shown < show:
                shown += 1
                print(f"--- {fmt}: {type(exc).__name__} on {data[:120]!r}", file=sys.stderr)
                traceback.print_exc(limit=-3)
            continue
        if seconds > slowest[0]:
            slowest = (seconds, data)
        if puzzles and not errors:
            counts["puzzle"] += 1
        else:
            counts["error"] += 1
            if any(not e.message or not str(e) for e in errors):
                counts["empty message"] += 1
            vague = [e for e in errors if fallback(e)]
            if vague:
                counts["fallback"] += 1
                if shown < show:
                    shown += 1
                    print(f"--- {fmt}: fallback {vague[0]} on {data[:120]!r}", file=sys.stderr)
    return {"counts": counts, "slowest": slowest}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mutants", type=int, default=2000, help="mutants per format")
    parser.add_argument("--seed", type=int, default=32, help="random seed")
    parser.add_argument("--formats", default="", help="comma-separated formats (default all)")
    parser.add_argument(
        "--show", type=int, default=3, help="print up to this many bad inputs per format"
    )
    args = parser.parse_args(argv)
    formats = args.formats.split(",") if args.formats else [*FORMAT_NAMES, AUTO]
    rng = random.Random(args.seed)
    print(
        f"{'format':<9} {'seeds':>5} {'mutants':>7} {'puzzles':>7} {'clean errors':>12} "
        f"{'fallback':>8} {'other':>5} {'slowest s':>9}  slowest input"
    )
    total: Counter[str] = Counter()
    worst = 0.0
    for fmt in formats:
        result = fuzz(fmt, args.mutants, rng, args.show)
        counts: Counter[str] = result["counts"]  # type: ignore[assignment]
        seconds, data = result["slowest"]  # type: ignore[misc]
        total.update(counts)
        worst = max(worst, seconds)
        files = sum(map(len, seeds().values())) if fmt == AUTO else len(seeds()[fmt])
        print(
            f"{fmt:<9} {files:>5} {args.mutants:>7} {counts['puzzle']:>7} "
            f"{counts['error']:>12} {counts['fallback']:>8} {counts['other']:>5} "
            f"{seconds:>9.3f}  {len(data):,} bytes {data[:30]!r}",
            flush=True,
        )
    print(
        f"{'total':<9} {'':>5} {args.mutants * len(formats):>7} {total['puzzle']:>7} "
        f"{total['error']:>12} {total['fallback']:>8} {total['other']:>5} {worst:>9.3f}"
    )
    if total["empty message"]:
        print(f"{total['empty message']} errors with an empty message")
    return 1 if total["other"] or total["empty message"] or worst > TIME_BOUND_S else 0


if __name__ == "__main__":
    sys.exit(main())
