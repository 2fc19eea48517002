"""Difficulty-grading benchmark (run by hand; prints figures).

``python tests/benchmarks/bench_grade.py [--rules NAME] [--max-per-corpus N] [--max-cells N]
[--janko N] [--jobs N] [--skip PART ...]`` prints:

* ``verdicts`` — tier vs pbnsolve's verdict (INDEX.csv) per corpus: a line technique's tier
  (<= 5) for ``unique logical`` / ``trivial unique logical``, tier >= 6 (contradictions, search)
  with one solution for ``unique``, tier 8 with
  several solutions for ``multiple``; at most N rows per corpus, evenly spaced (colour puzzles the
  reader refuses are not covered);
* ``spearman`` — Spearman correlation of the score with picross-solver's recorded difficulty
  (``outputs-validation.csv``: LINE < BRANCH < MULT) and with pbnsolve's ``wall_s`` over the rows
  graded for ``verdicts``;
* ``times`` — grading time per puzzle over the 17 paper puzzles and N Janko puzzles: median and
  p95 (goal: median <= 0.5 s for puzzles up to 30x30).
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _anchors import ANCHORS, PUZZLES, require_anchors  # noqa: E402

from nonostudio.analysis.grades.difficulty import grade  # noqa: E402
from nonostudio.analysis.grades.grade_features import MULTIPLE, UNIQUE  # noqa: E402
from nonostudio.core.errors import PuzzleError  # noqa: E402
from nonostudio.core.formats import read_all, read_entries  # noqa: E402
from nonostudio.core.puzzle import Puzzle  # noqa: E402
from nonostudio.rules.ruleset import RuleSet, load_rule_set  # noqa: E402

GOAL_MEDIAN = 0.5
LINE = {"unique logical", "trivial unique logical"}
DECIDED = LINE | {"unique", "multiple"}
PICROSS_RANK = {"LINE": 0, "BRANCH": 1, "MULT": 2}


@lru_cache(maxsize=1)
def _rules(name: str) -> RuleSet:
    return load_rule_set(name)


@lru_cache(maxsize=8)
def _entries(path: str) -> dict[str, object]:
    return dict(read_entries(path))


def _grade(job: tuple[str, str, str]) -> dict | None:
    """Grade ``file#item`` (relative to the puzzles folder); None when the reader refuses it."""
    rules, file, item = job
    try:
        puzzle = _entries(str(PUZZLES / file))[item]()
    except (PuzzleError, KeyError):
        return None
    g = grade(puzzle, _rules(rules))
    return {
        "tier": g.tier,
        "score": g.score,
        "solutions": g.features.solutions,
        "seconds": g.seconds,
        "cells": puzzle.width * puzzle.height,
        "small": puzzle.width <= 30 and puzzle.height <= 30,
    }


def _grade_puzzle(job: tuple[str, Puzzle]) -> dict:
    rules, puzzle = job
    g = grade(puzzle, _rules(rules))
    return {
        "seconds": g.seconds,
        "small": puzzle.width <= 30 and puzzle.height <= 30,
        "tier": g.tier,
    }


def _spaced(rows: list[dict], n: int) -> list[dict]:
    if len(rows) <= n:
        return rows
    return [rows[int(i * len(rows) / n)] for i in range(n)]


def _ranks(values: list[float]) -> np.ndarray:
    """Ranks with ties averaged (what Spearman's coefficient needs)."""
    v = np.asarray(values, dtype=float)
    order = np.argsort(v, kind="mergesort")
    ranks = np.empty(len(v))
    ranks[order] = np.arange(len(v), dtype=float)
    for value in np.unique(v):
        tied = v == value
        ranks[tied] = ranks[tied].mean()
    return ranks


def spearman(a: list[float], b: list[float]) -> float:
    ra, rb = _ranks(a), _ranks(b)
    if ra.std() == 0 or rb.std() == 0:
        return float("nan")
    return float(np.corrcoef(ra, rb)[0, 1])


def _agrees(verdict: str, row: dict) -> bool:
    if verdict in LINE:
        return row["tier"] <= 5  # tiers 0-5: line techniques (analysis.catalogue.techniques)
    if verdict == "unique":
        return row["tier"] >= 6 and row["solutions"] == UNIQUE
    return row["tier"] == 8 and row["solutions"] == MULTIPLE


def verdicts(
    pool: ProcessPoolExecutor, rules: str, per_corpus: int, max_cells: int
) -> list[tuple[dict, dict]]:
    with open(PUZZLES / "INDEX.csv", newline="", encoding="utf-8") as handle:
        decided = [row for row in csv.DictReader(handle) if row["pbnsolve_u_b"] in DECIDED]
    index = [
        row for row in decided if int(row["width"] or 0) * int(row["height"] or 0) <= max_cells
    ]
    print(f"\n{len(decided) - len(index)} decided rows over {max_cells} cells left out")
    by_corpus: dict[str, list[dict]] = defaultdict(list)
    for row in index:
        by_corpus[row["source"]].append(row)
    chosen = [row for corpus in sorted(by_corpus) for row in _spaced(by_corpus[corpus], per_corpus)]
    results = list(pool.map(_grade, [(rules, r["file"], r["item"]) for r in chosen], chunksize=4))
    print(f"\ntier vs pbnsolve ({len(chosen)} decided rows, at most {per_corpus} per corpus)")
    print(f"{'corpus':<28} {'graded':>6} {'agree':>6} {'refused':>7}  disagreements")
    pairs = []
    totals = [0, 0, 0]
    for corpus in sorted(by_corpus):
        graded = agree = refused = 0
        wrong = []
        for row, result in zip(chosen, results, strict=True):
            if row["source"] != corpus:
                continue
            if result is None:
                refused += 1
                continue
            graded += 1
            pairs.append((row, result))
            if _agrees(row["pbnsolve_u_b"], result):
                agree += 1
            else:
                wrong.append(
                    f"{row['file']}#{row['item']} ({row['pbnsolve_u_b']}: tier "
                    f"{result['tier']}, {result['solutions']})"
                )
        totals = [totals[0] + graded, totals[1] + agree, totals[2] + refused]
        print(f"{corpus:<28} {graded:>6} {agree:>6} {refused:>7}  {'; '.join(wrong[:3])}")
    print(f"{'total':<28} {totals[0]:>6} {totals[1]:>6} {totals[2]:>7}")
    return pairs


def correlations(pool: ProcessPoolExecutor, rules: str, pairs: list[tuple[dict, dict]]) -> None:
    print("\nSpearman correlation of the score")
    walls = [(float(row["wall_s"]), result["score"]) for row, result in pairs if row["wall_s"]]
    if walls:
        print(
            f"  with pbnsolve wall_s over {len(walls)} puzzles: "
            f"{spearman([w for w, _ in walls], [s for _, s in walls]):+.3f}"
        )
    path = PUZZLES / "picross-solver" / "outputs-validation.csv"
    with open(path, newline="", encoding="utf-8") as handle:
        rows = [r for r in csv.DictReader(handle) if r["Difficulty"] in PICROSS_RANK]
    jobs = [(rules, f"picross-solver/{r['File']}", r["Grid"]) for r in rows]
    results = list(pool.map(_grade, jobs))
    both = [
        (PICROSS_RANK[r["Difficulty"]], res["score"])
        for r, res in zip(rows, results, strict=True)
        if res is not None
    ]
    print(
        f"  with picross-solver's difficulty (LINE < BRANCH < MULT) over {len(both)} puzzles: "
        f"{spearman([d for d, _ in both], [s for _, s in both]):+.3f}"
    )


def _stats(label: str, rows: list[dict]) -> None:
    for name, subset in (("all", rows), ("<= 30x30", [r for r in rows if r["small"]])):
        if not subset:
            continue
        s = np.array([r["seconds"] for r in subset])
        tiers = np.bincount([r["tier"] for r in subset], minlength=9)
        median = float(np.median(s))
        print(
            f"  {label:<14} {name:<9} n={len(subset):>4}  median {median:.3f} s  "
            f"p95 {float(np.percentile(s, 95)):.3f} s  max {float(s.max()):.3f} s  "
            f"tiers {list(map(int, tiers))}"
            + (
                f"  goal <= {GOAL_MEDIAN} s: {'met' if median <= GOAL_MEDIAN else 'missed'}"
                if name != "all"
                else ""
            )
        )


def times(pool: ProcessPoolExecutor, rules: str, janko: int) -> None:
    print("\ngrading time per puzzle")
    paper = [p for _, p in read_all(ANCHORS / "butler" / "test-set-extended.json")]
    _stats("paper (17)", list(pool.map(_grade_puzzle, [(rules, p) for p in paper])))
    entries = read_entries(PUZZLES / "janko-puzzlekit" / "Nonogram_dataset.json")
    chosen = _spaced([{"build": b} for _, b in entries], janko)
    puzzles = [row["build"]() for row in chosen]
    _stats(
        f"janko ({len(puzzles)})",
        list(pool.map(_grade_puzzle, [(rules, p) for p in puzzles], chunksize=4)),
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="control", help="rule set name or file")
    parser.add_argument(
        "--max-per-corpus",
        type=int,
        default=60,
        help="decided INDEX.csv rows graded per corpus (default 60)",
    )
    parser.add_argument(
        "--max-cells",
        type=int,
        default=2500,
        help="leave out INDEX.csv rows with more cells (default 2500 = 50x50)",
    )
    parser.add_argument("--janko", type=int, default=500, help="Janko puzzles timed (default 500)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--skip", nargs="*", default=[], choices=("verdicts", "spearman", "times"))
    args = parser.parse_args()
    require_anchors()
    print(f"rule set {args.rules!r}, {args.jobs} worker process(es)")
    with ProcessPoolExecutor(args.jobs) as pool:
        pairs = []
        if "verdicts" not in args.skip:
            pairs = verdicts(pool, args.rules, args.max_per_corpus, args.max_cells)
        if "spearman" not in args.skip:
            correlations(pool, args.rules, pairs)
        if "times" not in args.skip:
            times(pool, args.rules, args.janko)
    return 0


if __name__ == "__main__":
    sys.exit(main())
