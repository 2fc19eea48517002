"""Verdicts against pbnsolve's on every decided row of the anchor data's puzzles/INDEX.csv.

The anchor data is looked for beside the checkout (``_anchors.ANCHORS``).

Run by hand: ``python tests/benchmarks/bench_verdicts.py [--jobs 2] [--corpus NAME ...]
[--time-limit S] [--max-per-corpus N]``.  pbnsolve's one-line verdicts map to ours as
``unique logical``/``trivial unique logical`` = unique and line-solvable, ``unique`` = unique but
needs search, ``multiple`` = multiple solutions, ``contradiction`` = no solution, or clues the
reader refuses, naming where (line, character, clue: e.g. a 0 beside other numbers in one clue,
where pbnsolve answers contradiction); such refusals are counted apart and printed with their
reasons, never hidden in the agreement.  Prints agreement per corpus, every disagreement (file,
item, both verdicts) and the time taken; exits 1 if any decided row disagrees.  A progress
line (rows checked, disagreements so far) every 30 s, and each disagreement as it is found, show
how far a long run has got.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _anchors import PUZZLES, require_anchors  # noqa: E402

EXPECTED = {
    "unique logical": "unique, line-solvable",
    "trivial unique logical": "unique, line-solvable",
    "unique": "unique, needs search",
    "multiple": "multiple solutions",
    "contradiction": "no solution",
}


COLOUR = "colour (not covered)"
REFUSED = "refused when read: "

#: Seconds between progress lines (rows checked, disagreements so far) of a long run.
PROGRESS_EVERY_S = 30.0

# Disagreements we chased to the reference data rather than to nonostudio; printed, never hidden.
EXPLAINED = {
    ("picross-solver/raw/test.pbm", ""): (
        "a 9x9 P4 bitmap: read with each row padded to a whole byte (the Netpbm rule) it is the "
        "concentric-squares picture, which line logic solves completely (so it is unique); read "
        "as one continuous bit stream, as the INDEX converter apparently did, it is a different "
        "puzzle that has several solutions"
    ),
}


def _run_file(
    task: tuple[str, list[tuple[str, str]], float],
) -> list[tuple[str, str, str, str, float]]:
    """Solve the listed items of one file: (file, item, expected, ours, seconds) per item."""
    from nonostudio.core.errors import (
        InconsistentPuzzleError,
        PuzzleError,
        UnsupportedPuzzleError,
    )
    from nonostudio.core.formats import read_entries
    from nonostudio.core.solver import solve

    rel, items, limit = task
    out = []
    try:
        entries = dict(read_entries(PUZZLES / rel))
    except PuzzleError as exc:
        return [(rel, item, exp, f"{REFUSED}{exc}", 0.0, exc.message) for item, exp in items]
    for item, expected in items:
        t = time.perf_counter()
        try:
            puzzle = entries[item]()
        except InconsistentPuzzleError:
            out.append((rel, item, expected, "no solution", time.perf_counter() - t, ""))
            continue
        except UnsupportedPuzzleError:
            out.append((rel, item, expected, COLOUR, 0.0, ""))
            continue
        except PuzzleError as exc:
            secs = time.perf_counter() - t
            out.append((rel, item, expected, f"{REFUSED}{exc}", secs, exc.message))
            continue
        except KeyError as exc:
            out.append((rel, item, expected, f"read error: {exc}", time.perf_counter() - t, ""))
            continue
        res = solve(puzzle, time_limit=limit)
        out.append((rel, item, expected, res.verdict.label, res.seconds, ""))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--corpus", nargs="*", help="only these sources (INDEX.csv 'source')")
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--max-per-corpus", type=int, default=0, help="0: every row")
    args = parser.parse_args()
    require_anchors()
    by_file: dict[str, list[tuple[str, str]]] = defaultdict(list)
    source_of: dict[str, str] = {}
    per_corpus: Counter = Counter()
    skipped: Counter = Counter()
    with open(PUZZLES / "INDEX.csv", newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            src, verdict = row["source"], row["pbnsolve_u_b"]
            if args.corpus and src not in args.corpus:
                continue
            if verdict not in EXPECTED:
                skipped[verdict] += 1
                continue
            if args.max_per_corpus and per_corpus[src] >= args.max_per_corpus:
                continue
            per_corpus[src] += 1
            by_file[row["file"]].append((row["item"], verdict))
            source_of[row["file"]] = src
    # Split big collections into chunks so both workers stay busy.
    tasks = []
    for rel, items in by_file.items():
        for i in range(0, len(items), 200):
            tasks.append((rel, items[i : i + 200], args.time_limit))
    total = sum(len(v) for v in by_file.values())
    print(
        f"{total} decided rows in {len(by_file)} files; {args.jobs} worker processes; "
        f"time limit {args.time_limit:.0f} s per puzzle",
        file=sys.stderr,
    )
    started = time.perf_counter()
    agree: Counter = Counter()
    rows: Counter = Counter()
    seconds: dict[str, list[float]] = defaultdict(list)
    bad: list[tuple[str, str, str, str]] = []
    colour: list[str] = []
    refused: Counter = Counter()  # pbnsolve's contradictions our reader refuses, by reason
    done = 0
    reported = started
    with ProcessPoolExecutor(args.jobs) as pool:
        for results in pool.map(_run_file, tasks):
            for rel, item, expected, ours, secs, why in results:
                src = source_of[rel]
                if ours == COLOUR:
                    colour.append(f"{rel}#{item}")
                    continue
                rows[src] += 1
                seconds[src].append(secs)
                if EXPECTED[expected] == ours:
                    agree[src] += 1
                elif expected == "contradiction" and ours.startswith(REFUSED):
                    agree[src] += 1
                    refused[why] += 1
                else:
                    bad.append((rel, item, expected, ours))
                    # Said at once, so that a long run's log shows it before the summary.
                    print(f"found: {rel}#{item}: pbnsolve '{expected}', nonostudio '{ours}'")
            done += len(results)
            now = time.perf_counter()
            if now - reported >= PROGRESS_EVERY_S or done == total:
                reported = now
                print(
                    f"progress: {done}/{total} rows checked, {len(bad)} disagreeing so far,"
                    f" {now - started:.0f} s",
                    flush=True,
                )
    wall = time.perf_counter() - started
    print(f"{'corpus':28} {'rows':>6} {'agree':>6} {'median s':>9} {'max s':>8}")
    for src in sorted(rows):
        s = sorted(seconds[src])
        print(f"{src:28} {rows[src]:6} {agree[src]:6} {s[len(s) // 2]:9.4f} {s[-1]:8.3f}")
    print(f"{'total':28} {sum(rows.values()):6} {sum(agree.values()):6}   wall {wall:.1f} s")
    if skipped:
        print(
            "not compared (pbnsolve undecided or not run): "
            + ", ".join(f"{k} {v}" for k, v in sorted(skipped.items()))
        )
    if colour:
        print(
            f"colour puzzles by content, refused by the reader (INDEX.csv lists them as "
            f"black-and-white): {len(colour)}: {', '.join(colour)}"
        )
    if refused:
        print(
            f"pbnsolve's contradictions our reader refuses, naming where (counted as agreeing): "
            f"{sum(refused.values())}: "
            + "; ".join(f"{n} '{why}'" for why, n in refused.most_common())
        )
    unexplained = 0
    for rel, item, expected, ours in bad:
        why = EXPLAINED.get((rel, item))
        unexplained += why is None
        print(
            f"DISAGREE {rel}#{item}: pbnsolve '{expected}', nonostudio '{ours}'"
            + (f"\n    explained: {why}" if why else "")
        )
    print(f"disagreements: {len(bad)} ({len(bad) - unexplained} explained by the reference data)")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
