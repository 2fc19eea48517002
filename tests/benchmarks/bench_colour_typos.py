"""How often the colour typo search names the mistyped clue: each of the 200 colour-generated
puzzles (anchors/puzzles/colour-generated/, webpbn XML) gets one clue number changed (seeded:
a random line with items, a random item, its length moved by ±1, sometimes ±2, kept >= 1), and
:func:`~nonostudio.analysis.typos.find_colour_typos` looks for the typo.

Printed: how often the first suggestion offered is on the changed line ("names the changed
clue"), how often the true correction (the edit giving back the puzzle's clues) is ranked first,
in the top three and offered at all, split by the puzzle's own verdict (unique, or several
solutions: then no edit can make it unique, and the edits that leave solutions are offered), and
the time to the suggestions.

    python3 tests/benchmarks/bench_colour_typos.py [--seed 1] [--limit N] [--time-limit 30]
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import statistics
import sys
import time

from _anchors import PUZZLES

from nonostudio.analysis.typos import find_colour_typos
from nonostudio.core.colour.model import ColourClues, ColourPuzzle
from nonostudio.core.formats import read_any

FOLDER = PUZZLES / "colour-generated"


def make_typo(
    puzzle: ColourPuzzle, rng: random.Random
) -> tuple[ColourClues, ColourClues, str, int]:
    """The clues with one number changed, and the changed line (axis, index)."""
    while True:
        axis = rng.choice(("row", "column"))
        lines = list(puzzle.rows if axis == "row" else puzzle.cols)
        i = rng.randrange(len(lines))
        clue = lines[i]
        if not clue:
            continue
        j = rng.randrange(len(clue))
        n, colour = clue[j]
        delta = rng.choice((-1, 1, -1, 1, -1, 1, -2, 2))
        if n + delta < 1:
            continue
        lines[i] = (*clue[:j], (n + delta, colour), *clue[j + 1 :])
        if axis == "row":
            return tuple(lines), puzzle.cols, axis, i
        return puzzle.rows, tuple(lines), axis, i


def _pct(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.1f} %)" if whole else "0/0"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=int, default=0, help="only the first N puzzles")
    parser.add_argument("--time-limit", type=float, default=30.0, help="seconds per search")
    args = parser.parse_args()
    if not FOLDER.is_dir():
        print(f"skipped: the colour-generated puzzles are not in {FOLDER}")
        return 0
    with open(FOLDER / "VERDICTS.csv", encoding="utf-8") as f:
        verdicts = {row["file"]: row["pbnsolve"] for row in csv.DictReader(f)}
    files = sorted(verdicts)
    if args.limit:
        files = files[: args.limit]
    rng = random.Random(args.seed)
    counts: dict[str, dict[str, int]] = {}
    times: list[float] = []
    slowest = ("", 0.0)
    for name in files:
        puzzle = read_any(FOLDER / name)[0][1]
        assert isinstance(puzzle, ColourPuzzle)
        rows, cols, axis, index = make_typo(puzzle, rng)
        started = time.perf_counter()
        report = find_colour_typos(puzzle.palette, rows, cols, time_limit=args.time_limit)
        seconds = time.perf_counter() - started
        times.append(seconds)
        if seconds > slowest[1]:
            slowest = (name, seconds)
        offered = report.offered(len(report.suggestions))
        true_rank = next(
            (
                k
                for k, s in enumerate(offered)
                if s.edit.apply(rows, cols) == (puzzle.rows, puzzle.cols)
            ),
            None,
        )
        group = "unique" if verdicts[name].startswith("unique") else "several"
        for key in (group, "all"):
            c = counts.setdefault(key, {})
            c["cases"] = c.get("cases", 0) + 1
            c["named"] = c.get("named", 0) + int(
                bool(offered) and (axis, index) in offered[0].edit.lines
            )
            c["first"] = c.get("first", 0) + int(true_rank == 0)
            c["top3"] = c.get("top3", 0) + int(true_rank is not None and true_rank < 3)
            c["offered"] = c.get("offered", 0) + int(true_rank is not None)
            c["nothing"] = c.get("nothing", 0) + int(not offered)
            c["complete"] = c.get("complete", 0) + int(report.complete)
    print(
        f"colour typo search: {len(files)} colour-generated puzzles, one clue number changed each "
        f"(seed {args.seed}, time limit {args.time_limit:g} s), load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    for key, label in (
        ("all", "all puzzles"),
        ("unique", "puzzles with one solution"),
        ("several", "puzzles with several solutions"),
    ):
        c = counts.get(key)
        if not c:
            continue
        n = c["cases"]
        print(f"{label} ({n}):")
        print(f"  first suggestion on the changed clue's line: {_pct(c['named'], n)}")
        print(f"  true correction ranked first:                {_pct(c['first'], n)}")
        print(f"  true correction in the top three:            {_pct(c['top3'], n)}")
        print(f"  true correction offered:                     {_pct(c['offered'], n)}")
        print(f"  nothing offered:                             {_pct(c['nothing'], n)}")
        print(f"  search complete:                             {_pct(c['complete'], n)}")
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(
        f"time to the suggestions: median {statistics.median(times):.3f} s, 95th percentile "
        f"{p95:.3f} s, slowest {slowest[1]:.3f} s ({slowest[0]})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
