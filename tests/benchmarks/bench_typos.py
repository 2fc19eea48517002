"""Typo recovery: one seeded random typo of each kind in real puzzles, and where the typo finder
ranks the true correction.

Puzzles: the unique 10x10–30x30 jwilk puzzles and a seeded sample of the unique Janko puzzles of
those sizes (the anchor data's puzzles/INDEX.csv, looked for beside the checkout), and the
bundled samples of those sizes.  Each gets one typo of each kind (a number changed, one added,
one dropped, two neighbours swapped, a clue moved to the neighbouring line); a typo that leaves the
puzzle unique cannot be found and is counted apart.  Printed: over the cases where the true
correction is the only single edit that makes the puzzle unique, the share ranked first and in
the top three; over every case, the same shares, the median and 95th percentile time to the
suggestions, and the counts per kind.

Run by hand: ``python tests/benchmarks/bench_typos.py [--limit N] [--janko N] [--seed S]
[--time-limit S] [--two] [--lines]`` (``--limit`` caps the puzzles, for a quick look).  ``--two``
measures two typos per puzzle instead (a changed number with a second changed number or a swap, in
another line): how often an offered edit undoes one of them, first and in the top three, and the
time.  ``--lines`` measures a whole line left out and one typed twice: how often the true line is
put back, whether every line fix named makes one picture (the complete solver), and the time.
"""

from __future__ import annotations

import argparse
import csv
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _anchors import PUZZLES, require_anchors  # noqa: E402

from nonostudio.analysis.typos import (  # noqa: E402
    ADD,
    CHANGE,
    DROP,
    KINDS,
    MOVE,
    SWAP,
    Edit,
    find_typos,
)
from nonostudio.core.formats import read_entries, read_file  # noqa: E402
from nonostudio.core.puzzle import Clues, Puzzle, min_length  # noqa: E402
from nonostudio.core.samples import sample_files  # noqa: E402
from nonostudio.core.solver import solve  # noqa: E402

SIZES = range(10, 31)


def load_puzzles(janko: int, seed: int) -> list[tuple[str, Puzzle]]:
    """The unique jwilk puzzles, ``janko`` seeded unique Janko ones and the bundled samples, all
    10x10 to 30x30."""
    jwilk: list[tuple[str, str]] = []
    janko_rows: list[tuple[str, str]] = []
    with (PUZZLES / "INDEX.csv").open(newline="") as handle:
        for row in csv.DictReader(handle):
            size = (row["width"] or "0", row["height"] or "0")
            if int(size[0]) not in SIZES or int(size[1]) not in SIZES:
                continue
            if not row["pbnsolve_u_b"].endswith(("unique", "unique logical")):
                continue
            if row["source"] == "jwilk-nonogram":
                jwilk.append((row["file"], row["item"]))
            elif row["source"] == "janko-puzzlekit":
                janko_rows.append((row["file"], row["item"]))
    out = [(f"jwilk/{Path(f).name}", read_file(PUZZLES / f).without_goal()) for f, _ in jwilk]
    picked = random.Random(seed).sample(janko_rows, min(janko, len(janko_rows)))
    if picked:
        entries = dict(read_entries(PUZZLES / picked[0][0]))
        out += [(f"janko/{item}", entries[item]().without_goal()) for _, item in picked]
    for path in sample_files():
        try:
            puzzle = read_file(path).without_goal()
        except Exception:  # a colour sample: not this benchmark's
            continue
        if puzzle.width in SIZES and puzzle.height in SIZES and solve(puzzle).verdict.is_unique:
            out.append((f"sample/{path.name}", puzzle))
    return out


def _fits(clue: tuple[int, ...], room: int) -> bool:
    return min_length(clue) <= room and all(v >= 1 for v in clue)


def make_typo(
    rows: Clues, cols: Clues, kind: str, rng: random.Random
) -> tuple[Clues, Clues] | None:
    """The clues (which need not make a valid puzzle: totals may differ) with one random typo of
    ``kind`` (None when none fits)."""
    for _ in range(200):
        axis = rng.choice(("row", "column"))
        lines = list(rows if axis == "row" else cols)
        room = len(cols) if axis == "row" else len(rows)
        i = rng.randrange(len(lines))
        clue = lines[i]
        if kind == MOVE:
            if i + 1 >= len(lines) or lines[i + 1] == clue:
                continue
            lines[i], lines[i + 1] = lines[i + 1], clue
        elif kind == ADD:
            j = rng.randrange(len(clue) + 1)
            new = (*clue[:j], rng.choice((1, 1, 2, 3)), *clue[j:])
            if not _fits(new, room):
                continue
            lines[i] = new
        elif not clue:
            continue
        elif kind == CHANGE:
            j = rng.randrange(len(clue))
            delta = rng.choice((-1, 1, -1, 1, -1, 1, -2, 2))
            new = (*clue[:j], clue[j] + delta, *clue[j + 1 :])
            if not _fits(new, room):
                continue
            lines[i] = new
        elif kind == DROP:
            j = rng.randrange(len(clue))
            lines[i] = clue[:j] + clue[j + 1 :]
        elif kind == SWAP:
            pairs = [j for j in range(len(clue) - 1) if clue[j] != clue[j + 1]]
            if not pairs:
                continue
            j = rng.choice(pairs)
            lines[i] = (*clue[:j], clue[j + 1], clue[j], *clue[j + 2 :])
        typed = tuple(lines)
        return (typed, cols) if axis == "row" else (rows, typed)
    return None


def _pct(part: int, whole: int) -> str:
    return f"{part}/{whole} = {100 * part / whole:.1f} %" if whole else "0/0"


def _times_text(times: list[float]) -> str:
    """``median 0.120 s, p95 0.900 s, max 1.500 s`` (sorts ``times``)."""
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return f"median {statistics.median(times):.3f} s, p95 {p95:.3f} s, max {times[-1]:.3f} s"


def _undoes(edit: Edit, typed: tuple[Clues, Clues], original: tuple[Clues, Clues]) -> bool:
    """True when ``edit`` puts back the original clues of the lines it touches."""
    fixed = edit.apply(*typed)
    return all(
        (fixed[0] if axis == "row" else fixed[1])[i]
        == (original[0] if axis == "row" else original[1])[i]
        for axis, i in edit.lines
    )


def _changed(a: tuple[Clues, Clues], b: tuple[Clues, Clues]) -> set[tuple[str, int]]:
    """The lines whose clue differs between two sets of clues."""
    return {
        (axis, i)
        for axis, x, y in (("row", a[0], b[0]), ("column", a[1], b[1]))
        for i in range(len(x))
        if x[i] != y[i]
    }


def two_typos(puzzles: list[tuple[str, Puzzle]], rng: random.Random, time_limit: float) -> int:
    """Two typos per puzzle: a changed number, then a second changed number or a swap in
    another line."""
    print(f"{len(puzzles)} puzzles, two typos each (change + change, change + swap)")
    first = top3 = cases = none = 0
    both_first = both_top3 = both_listed = paired = 0
    times: list[float] = []
    for _name, puzzle in puzzles:
        original = (puzzle.rows, puzzle.cols)
        for second in (CHANGE, SWAP):
            once = make_typo(puzzle.rows, puzzle.cols, CHANGE, rng)
            if once is None:
                continue
            twice = None
            for _ in range(20):
                twice = make_typo(*once, second, rng)
                if twice is not None and not _changed(twice, once) & _changed(once, original):
                    break
                twice = None
            if twice is None:
                continue
            report = find_typos(*twice, time_limit=time_limit)
            if not report.needs_fixing:
                continue
            cases += 1
            times.append(report.seconds)
            offered = report.offered(3)
            good = [_undoes(s.edit, twice, original) for s in offered]
            first += bool(good) and good[0]
            top3 += any(good)
            none += not offered
            # A pair undoes both typos when it touches both lines and puts them back.
            wrong = _changed(twice, original)
            both = [
                s.is_pair and wrong <= set(s.edit.lines) and _undoes(s.edit, twice, original)
                for s in report.pairs(len(report.suggestions))
            ]
            paired += bool(both)
            both_first += bool(both) and both[0]
            both_top3 += any(both[:3])
            both_listed += any(both)
    print(
        f"cases: {cases}; an offered edit undoes one of the typos: first {_pct(first, cases)}, "
        f"in the top 3 {_pct(top3, cases)}; nothing offered {_pct(none, cases)}"
    )
    print(
        f"pairs offered in {_pct(paired, cases)}; a pair undoes both typos: first "
        f"{_pct(both_first, cases)}, in the top 3 {_pct(both_top3, cases)}, among all the pairs "
        f"offered {_pct(both_listed, cases)}"
    )
    if times:
        print(f"time to suggestions: {_times_text(times)}")
    return 0


def line_typos(puzzles: list[tuple[str, Puzzle]], rng: random.Random, time_limit: float) -> int:
    """A whole line left out, and a (non-empty) line typed twice, on a random axis and line of
    each puzzle: how often the finder names a fix that puts the true clues back, whether every
    fix it names makes one picture (the complete solver), and the time to the report."""
    print(f"{len(puzzles)} puzzles, one line left out and one line typed twice each")
    cases: Counter[str] = Counter()
    offered: Counter[str] = Counter()
    true_first: Counter[str] = Counter()
    true_listed: Counter[str] = Counter()
    single: Counter[str] = Counter()
    two_too: Counter[str] = Counter()
    false = checked = incomplete = 0
    times: list[float] = []
    slowest = (0.0, "")
    for name, puzzle in puzzles:
        original = (puzzle.rows, puzzle.cols)
        for kind in ("left out", "typed twice"):
            axis = rng.choice(("row", "column"))
            lines = puzzle.rows if axis == "row" else puzzle.cols
            k = rng.randrange(len(lines))
            if kind == "typed twice":
                if not lines[k]:
                    continue
                typed = (*lines[: k + 1], *lines[k:])
            else:
                typed = (*lines[:k], *lines[k + 1 :])
            clues = (typed, puzzle.cols) if axis == "row" else (puzzle.rows, typed)
            report = find_typos(*clues, time_limit=time_limit)
            cases[kind] += 1
            times.append(report.seconds)
            slowest = max(slowest, (report.seconds, f"{name} ({kind} {axis} {k + 1})"))
            incomplete += not report.complete
            fixes = getattr(report, "line_fixes", [])  # (none before they were looked for)
            single[kind] += bool(report.top())
            offered[kind] += bool(fixes)
            two_too[kind] += bool(fixes) and bool(report.offered(1))
            found = [(f.rows, f.cols) == original for f in fixes]
            true_first[kind] += bool(found) and found[0]
            true_listed[kind] += any(found)
            for fix in fixes:
                checked += 1
                false += not solve(Puzzle(fix.rows, fix.cols)).verdict.is_unique
    for kind in cases:
        print(
            f"  {kind}: {cases[kind]} cases; a line fix offered {_pct(offered[kind], cases[kind])}"
            f", the true one first {_pct(true_first[kind], cases[kind])}, listed "
            f"{_pct(true_listed[kind], cases[kind])}; a single edit offered instead "
            f"{_pct(single[kind], cases[kind])}; two-typo edits offered beside a line fix "
            f"{_pct(two_too[kind], cases[kind])}"
        )
    print(f"fixes named: {checked}, not one picture by the complete solver: {false}")
    print(f"searches not complete: {incomplete}")
    if times:
        print(f"time to the report: {_times_text(times)} on {slowest[1]}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=int, default=None, help="at most N puzzles")
    parser.add_argument("--janko", type=int, default=160, help="Janko puzzles (default 160)")
    parser.add_argument("--seed", type=int, default=45)
    parser.add_argument("--time-limit", type=float, default=30.0, help="seconds per search")
    parser.add_argument("--two", action="store_true", help="two typos per puzzle")
    parser.add_argument(
        "--lines", action="store_true", help="a whole line left out or typed twice instead"
    )
    args = parser.parse_args()
    require_anchors()
    puzzles = load_puzzles(args.janko, args.seed)
    if args.limit is not None:
        puzzles = random.Random(args.seed).sample(puzzles, min(args.limit, len(puzzles)))
    rng = random.Random(args.seed)
    if args.two:
        return two_typos(puzzles, rng, args.time_limit)
    if args.lines:
        return line_typos(puzzles, rng, args.time_limit)
    print(f"{len(puzzles)} puzzles, typo kinds {', '.join(KINDS)}, seed {args.seed}")
    times: list[float] = []
    per_kind: Counter[str] = Counter()
    still_unique: Counter[str] = Counter()
    only: Counter[str] = Counter()  # cases where the truth is the only unique single edit
    only_first: Counter[str] = Counter()
    only_top3: Counter[str] = Counter()
    any_first: Counter[str] = Counter()
    any_top3: Counter[str] = Counter()
    not_found: Counter[str] = Counter()
    incomplete = 0
    slowest = (0.0, "")
    started = time.perf_counter()
    for n, (name, puzzle) in enumerate(puzzles, 1):
        original = (puzzle.rows, puzzle.cols)
        for kind in KINDS:
            typed = make_typo(puzzle.rows, puzzle.cols, kind, rng)
            if typed is None:
                continue
            report = find_typos(*typed, time_limit=args.time_limit)
            if not report.needs_fixing:
                still_unique[kind] += 1
                continue
            per_kind[kind] += 1
            times.append(report.seconds)
            slowest = max(slowest, (report.seconds, f"{name} ({kind})"))
            incomplete += not report.complete
            unique = [s for s in report.suggestions if s.unique]
            ranks = [r for r, s in enumerate(unique) if s.edit.apply(*typed) == original]
            if not ranks:
                not_found[kind] += 1
                continue
            rank = ranks[0]
            any_first[kind] += rank == 0
            any_top3[kind] += rank < 3
            if len(unique) == 1:
                only[kind] += 1
                only_first[kind] += rank == 0
                only_top3[kind] += rank < 3
        if n % 25 == 0:
            spent = time.perf_counter() - started
            print(f"  {n}/{len(puzzles)} puzzles, {spent:.0f} s", flush=True)
    cases = sum(per_kind.values())
    print(
        f"cases (typed puzzle not unique): {cases}; typos that left the puzzle unique: "
        f"{sum(still_unique.values())}; searches not complete: {incomplete}"
    )
    total_only = sum(only.values())
    print(
        "where the true correction is the only unique single edit "
        f"({total_only} cases, {_pct(total_only, cases)} of all):"
    )
    print(f"  ranked first: {_pct(sum(only_first.values()), total_only)} (goal >= 80 %)")
    print(f"  in the top 3: {_pct(sum(only_top3.values()), total_only)} (goal >= 95 %)")
    print("over every case:")
    print(f"  ranked first: {_pct(sum(any_first.values()), cases)}")
    print(f"  in the top 3: {_pct(sum(any_top3.values()), cases)}")
    print(f"  true correction not among the unique edits: {_pct(sum(not_found.values()), cases)}")
    if times:
        print(f"time to suggestions: {_times_text(times)} on {slowest[1]} (goals <= 2 s, <= 10 s)")
    print(
        "per kind: kind cases only-unique first(only) top3(only) first(all) not-found left-unique"
    )
    for kind in KINDS:
        print(
            f"  {kind:7} {per_kind[kind]:5} {only[kind]:5} {only_first[kind]:5} "
            f"{only_top3[kind]:5} {any_first[kind]:5} {not_found[kind]:5} {still_unique[kind]:5}"
        )
    print(f"total {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
