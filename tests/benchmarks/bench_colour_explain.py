"""Colour explanations and grades on the anchor colour puzzles: steps checked, cells by kind of
step, grades deterministic.

Run by hand: ``python tests/benchmarks/bench_colour_explain.py [--generated N] [--runs R]``.

For the 13 public colour files and the first N puzzles of ``colour-generated/`` (default 40):

* the colour trace (:func:`nonostudio.analysis.colour.trace.colour_trace`) replayed step by step:
  every line step's cells checked against the exact colour line solver on its line, every
  per-colour step's premises by the sentence checker (``tests/analysis/sentence_checker.py``) on
  the projected line (unless the line has too many arrangements to list), every colour
  technique step's claims and inference by the colour step checker
  (``tests/analysis/colour/colour_checker.py``), every search step's cell against the grid;
* the share of cells decided by per-colour steps, colour techniques and search (fallbacks), and
  the techniques used;
* the grade (tier, score, label) over R runs (default 5), which must be identical; and whether
  every file that needs a colour technique is graded at least as hard (score) as every file
  solved one colour at a time, and every file that needs pencil marks (line logic passing only
  decided cells between lines gets stuck) at least as hard as every file that does not.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "analysis"))
sys.path.insert(0, str(HERE.parent / "analysis" / "colour"))

from _anchors import PUBLIC_COLOUR, PUZZLES, require_anchors  # noqa: E402
from colour_checker import check_colour_step  # noqa: E402
from sentence_checker import check_step  # noqa: E402

from nonostudio.analysis.colour.grade import colour_grade  # noqa: E402
from nonostudio.analysis.colour.projection import project  # noqa: E402
from nonostudio.analysis.colour.trace import COLOUR, GUESS, PER_COLOUR, colour_trace  # noqa: E402
from nonostudio.core.colour.linesolver import solve_colour_line  # noqa: E402
from nonostudio.core.colour.solver import check_colour_solution  # noqa: E402
from nonostudio.core.formats import read_any  # noqa: E402

PUBLIC = list(PUBLIC_COLOUR)
GENERATED = PUZZLES / "colour-generated"


def replay(puzzle):  # type: ignore[no-untyped-def]
    """Trace the puzzle and check every step; the trace, the problems, and counts of what was
    checked."""
    trace = colour_trace(puzzle)
    ncolours = len(puzzle.palette)
    full = puzzle.palette.all_mask
    grid = [[full] * len(puzzle.cols) for _ in puzzle.rows]
    problems: list[str] = []
    checked = Counter[str]()
    for n, step in enumerate(trace.steps, 1):
        if step.kind == GUESS:
            ((r, c, b, a),) = step.cells
            if grid[r][c] != b:
                problems.append(f"step {n}: the guessed cell's set is not the grid's")
            grid[r][c] = a
            checked["guesses"] += 1
            continue
        rows = step.axis == "row"
        clue = (puzzle.rows if rows else puzzle.cols)[step.index]
        before = tuple(grid[step.index]) if rows else tuple(r[step.index] for r in grid)
        exact = solve_colour_line(clue, before, ncolours)
        for r, c, b, a in step.cells:
            p = c if rows else r
            if exact is None or exact[p] & ~a or before[p] != b:
                problems.append(f"step {n}: cell ({r + 1}, {c + 1}) is not sound")
            grid[r][c] = a
        checked["by the exact line solver"] += 1
        if step.kind == PER_COLOUR:
            hints, bw = project(clue, before, step.colour)
            found = check_step(SimpleNamespace(premises=step.premises), hints, bw)
            if found is None:
                checked["sentences too long to check"] += 1
            else:
                checked["sentences by the checker"] += 1
                problems += [f"step {n}: {p}" for p in found]
        else:
            after = tuple(grid[step.index]) if rows else tuple(r[step.index] for r in grid)
            found = check_colour_step(step.technique, clue, before, after, step.premises)
            checked["colour steps by the colour checker"] += 1
            problems += [f"step {n}: {p}" for p in found]
    final = [[v.bit_length() - 1 for v in row] for row in grid]
    if trace.solved and not check_colour_solution(puzzle.rows, puzzle.cols, final):
        problems.append("the final grid breaks a clue")
    return trace, problems, checked


def measure(name: str, puzzle, runs: int) -> dict:  # type: ignore[no-untyped-def,type-arg]
    start = time.process_time()
    trace, problems, checked = replay(puzzle)
    seconds = time.process_time() - start
    graded = [colour_grade(puzzle) for _ in range(runs)]
    grades = {(g.tier, g.score, g.label) for g in graded}
    decided = trace.cells_by_kind()
    cells = len(puzzle.rows) * len(puzzle.cols)
    tier, score, label = sorted(grades)[0]
    colour_used = Counter(s.technique for s in trace.steps if s.kind == COLOUR)
    print(
        f"{name:40} {len(puzzle.cols):>2}x{len(puzzle.rows):<2} {len(puzzle.palette) - 1}c "
        f"{trace.verdict:8} {len(trace.steps):5} steps  "
        f"per-colour {decided[PER_COLOUR] / cells:6.1%}  colour {decided[COLOUR] / cells:6.1%}  "
        f"search {decided[GUESS] / cells:6.1%}  "
        f"tier {tier} {score:6.2f} {label:10} {'same' if len(grades) == 1 else 'DIFFERENT'}"
        f" x{runs}  {seconds:5.2f} s  problems {len(problems)}  "
        f"without pencil marks {graded[0].features.pencil_cells} cells left"
    )
    if colour_used:
        print(f"{'':40} colour techniques: {dict(colour_used)}")
    for p in problems[:5]:
        print(f"{'':40} PROBLEM {p}")
    return {
        "name": name,
        "checked": checked,
        "problems": len(problems),
        "deterministic": len(grades) == 1,
        "score": score,
        "needs_colour": decided[COLOUR] > 0 or any(s.kind == COLOUR for s in trace.steps),
        "searched": decided[GUESS] > 0,
        "solved": trace.solved,
        "colour_used": colour_used,
        "decided": Counter(decided),
        "cells": cells,
        "pencil": graded[0].features.pencil_cells > 0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generated", type=int, default=40, metavar="N")
    parser.add_argument("--runs", type=int, default=5, metavar="R")
    args = parser.parse_args()
    require_anchors()
    results = []
    print("public colour files")
    for name in PUBLIC:
        (_, puzzle), *_ = read_any(PUZZLES / name)
        results.append(measure(name, puzzle, args.runs))
    public = list(results)
    with open(GENERATED / "VERDICTS.csv", newline="", encoding="utf-8") as f:
        verdicts = {row["file"]: row["pbnsolve"] for row in csv.DictReader(f)}
    print(f"\ncolour-generated (first {args.generated})")
    generated = []
    for file in sorted(verdicts)[: args.generated]:
        (_, puzzle), *_ = read_any(GENERATED / file)
        r = measure(f"{file} ({verdicts[file]})", puzzle, args.runs)
        r["pbnsolve"] = verdicts[file]
        generated.append(r)
        results.append(r)
    checked = sum((r["checked"] for r in results), Counter())
    print(f"\nchecked: {dict(checked)}")
    print(f"problems: {sum(r['problems'] for r in results)}")
    for label, group in (("public", public), ("generated", generated)):
        if group:
            decided = sum((r["decided"] for r in group), Counter())
            cells = sum(r["cells"] for r in group)
            used = sum((r["colour_used"] for r in group), Counter())
            print(
                f"{label}: cells decided per-colour {decided[PER_COLOUR] / cells:.1%}, colour "
                f"techniques {decided[COLOUR] / cells:.1%}, search {decided[GUESS] / cells:.1%}; "
                f"colour technique steps {dict(used)}"
            )
    print(f"grades deterministic over {args.runs} runs: {all(r['deterministic'] for r in results)}")
    print(f"public files solved without search: {sum(not r['searched'] for r in public)}/13")
    logical = [r for r in generated if r["pbnsolve"] == "unique logical"]
    print(
        f"generated 'unique logical' solved without search: "
        f"{sum(not r['searched'] for r in logical)}/{len(logical)}; 'multiple' needing search: "
        f"{sum(r['searched'] for r in generated if r['pbnsolve'] == 'multiple')}/"
        f"{sum(r['pbnsolve'] == 'multiple' for r in generated)}"
    )
    for label, group in (("public files", public), ("all files", results)):
        unique = [r for r in group if not r["searched"]]
        for what, key in (("a colour technique", "needs_colour"), ("pencil marks", "pencil")):
            hard = [r["score"] for r in unique if r[key]]
            easy = [r["score"] for r in unique if not r[key]]
            if hard and easy:
                print(
                    f"{label}: needing {what} {len(hard)}, lowest score {min(hard):.2f}; the "
                    f"others {len(easy)}, highest score {max(easy):.2f}; every first at least "
                    f"as hard: {min(hard) >= max(easy)}"
                )


if __name__ == "__main__":
    main()
