"""Colour explanations and grades on the anchor colour puzzles: steps checked, cells by kind of
step, the two colour questions of the grade, grades deterministic and ordered.

Run by hand: ``python tests/benchmarks/bench_colour_explain.py [--generated N] [--runs R]
[--techniques]``.

For the 13 public colour files and the first N puzzles of ``colour-generated/`` (default: all
200):

* the colour trace (:func:`nonostudio.analysis.colour.trace.colour_trace`) replayed step by step:
  every line step's cells checked against the exact colour line solver on its line, every
  per-colour step's premises by the sentence checker (``tests/analysis/sentence_checker.py``) on
  the projected line (unless the line has too many arrangements to list), every colour
  technique step's claims and inference by the colour step checker
  (``tests/analysis/colour/colour_checker.py``), every search step's cell against the grid;
* the share of cells decided by per-colour steps, colour techniques and search (fallbacks), and
  the colour techniques used;
* the grade (tier, score, label, features) over R runs (default 5), which must be identical, and
  its two colour questions: the cells one colour at a time leaves undecided
  (:func:`~nonostudio.analysis.colour.grade.one_colour_cells`) and the cells lines passing only
  decided cells leave undecided (:func:`~nonostudio.analysis.colour.grade.pencil_cells`; beside
  it, in brackets, the count when a cell also keeps the intersection of its row's and column's
  sets, as the colour notes counted);
* pencil marks on the three files the colour notes count: both counts beside the colour sets' 0;
* the grade order on every file: every file that needs colour reasoning (one colour at a time
  is not enough) scores at least as high as every file solvable one colour at a time, whatever
  the tiers (the pairs that score the other way are counted: 0 is the goal); within each answer,
  higher tiers at least as high as lower ones, and within each answer and tier, every file that
  needs pencil marks at least as high as every other;
* with ``--techniques``: for each colour technique, the line states of the traces where it
  narrows the line, where it narrows beyond every easier move on that line, and the steps it
  was chosen for (slow: every line state is solved again).
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

from nonostudio.analysis.colour.grade import colour_grade, pencil_cells  # noqa: E402
from nonostudio.analysis.colour.projection import project  # noqa: E402
from nonostudio.analysis.colour.trace import COLOUR, GUESS, PER_COLOUR, colour_trace  # noqa: E402
from nonostudio.core.colour.linesolver import solve_colour_line  # noqa: E402
from nonostudio.core.colour.solver import check_colour_solution, solve_colour  # noqa: E402
from nonostudio.core.formats import read_any  # noqa: E402

PUBLIC = list(PUBLIC_COLOUR)
GENERATED = PUZZLES / "colour-generated"
#: The files the colour notes count pencil marks on.
ISSUE_PENCIL = (
    "pbnsolve-examples/acorn.g",
    "pbnsolve-examples/spaceShuttle.g",
    "number-loom/look_sharp.xml",
)


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
    grades = {(g.tier, g.score, g.label, g.features) for g in graded}
    decided = trace.cells_by_kind()
    cells = len(puzzle.rows) * len(puzzle.cols)
    g = graded[0]
    f = g.features
    crossing = pencil_cells(puzzle, crossing_sets=True)
    colour_used = Counter(s.technique for s in trace.steps if s.kind == COLOUR)
    print(
        f"{name:40} {len(puzzle.cols):>2}x{len(puzzle.rows):<2} {len(puzzle.palette) - 1}c "
        f"{trace.verdict:8} {len(trace.steps):5} steps  "
        f"per-colour {decided[PER_COLOUR] / cells:6.1%}  colour {decided[COLOUR] / cells:6.1%}  "
        f"search {decided[GUESS] / cells:6.1%}  "
        f"tier {g.tier} {g.score:6.2f} {g.label:10} {'same' if len(grades) == 1 else 'DIFFERENT'}"
        f" x{runs}  {seconds:5.2f} s  problems {len(problems)}  "
        f"one colour at a time {f.one_colour_cells} left, decided cells only {f.pencil_cells} "
        f"({crossing}) left"
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
        "tier": g.tier,
        "score": g.score,
        "colour": f.needs_colour_reasoning,
        "pencil": f.needs_pencil_marks,
        "searched": decided[GUESS] > 0,
        "solved": trace.solved,
        "colour_used": colour_used,
        "decided": Counter(decided),
        "cells": cells,
        "trace": trace,
    }


def pencil_marks() -> None:
    """The colour notes' figures: cells left undecided when lines pass each other only decided
    cells, two ways, beside passing the sets of colours still possible."""
    print("\npencil marks (the colour notes: 'passing only fully known cells between lines leaves")
    print("acorn.g with 456 cells undecided, spaceShuttle.g with 655, look_sharp.xml with 247')")
    for name in ISSUE_PENCIL:
        (_, puzzle), *_ = read_any(PUZZLES / name)
        logic = solve_colour(puzzle.rows, puzzle.cols, len(puzzle.palette)).grid
        with_sets = sum(1 for row in logic for x in row if x & (x - 1))
        print(
            f"  {name:34} decided cells only: {pencil_cells(puzzle):5} undecided; the issue's "
            f"count: {pencil_cells(puzzle, crossing_sets=True):4}; colour sets: {with_sets} "
            "undecided"
        )
    print(
        "  Why 1,482 and not 456 on acorn.g: both give each line only the decided cells of the "
        "grid\n  and solve it with the exact colour line solver; the issue's count also kept in "
        "each cell\n  the intersection of the sets its row and its column left it, so a cell whose "
        "row says\n  'brown or red' and whose column 'red or white' became red. That intersection "
        "is itself\n  a pencil mark (a set of colours carried from one line to the other); without "
        "it, 1,482.\n  The line solver is the same (exact) in both; on spaceShuttle.g and "
        "look_sharp.xml the two\n  counts agree."
    )


def grade_order(label: str, group: list[dict]) -> None:  # type: ignore[type-arg]
    """The grade's order: every file that needs colour reasoning scores at least as high as
    every file solvable one colour at a time (every pair counted, across tiers); within each
    answer, a higher tier at least as high as a lower one; within each answer and tier, pencil
    marks at least as high as none."""
    print(f"\n{label}: grade order on the {len(group)} files")
    hard = [r for r in group if r["colour"]]
    easy = [r for r in group if not r["colour"]]
    pairs = [(a, b) for a in hard for b in easy]
    against = [(a, b) for a, b in pairs if a["score"] < b["score"]]
    across = sum(1 for a, b in pairs if a["tier"] < b["tier"])
    print(
        f"  needs colour reasoning {len(hard)}"
        + (f" (lowest score {min(r['score'] for r in hard):.2f})" if hard else "")
        + f", solvable one colour at a time {len(easy)}"
        + (f" (highest {max(r['score'] for r in easy):.2f})" if easy else "")
        + f": of {len(pairs)} pairs (needs colour reasoning, one colour at a time), "
        f"{len(against)} score the other way ({across} pairs where the first is in a lower tier)"
    )
    for a, b in against[:3]:
        print(
            f"    e.g. {a['name']} (tier {a['tier']}, {a['score']:.2f}) below {b['name']} "
            f"(tier {b['tier']}, {b['score']:.2f})"
        )
    held = not against
    for colour, words in ((False, "one colour at a time"), (True, "colour reasoning")):
        answer = [r for r in group if r["colour"] is colour]
        tiers = sorted({r["tier"] for r in answer})
        by_tier = all(
            min(r["score"] for r in answer if r["tier"] == high)
            >= max(r["score"] for r in answer if r["tier"] == low)
            for low, high in zip(tiers, tiers[1:], strict=False)
        )
        pencil_ok = True
        for tier in tiers:
            same = [r for r in answer if r["tier"] == tier]
            marked = [r["score"] for r in same if r["pencil"]]
            plain = [r["score"] for r in same if not r["pencil"]]
            pencil_ok &= not marked or not plain or min(marked) >= max(plain)
        held &= by_tier and pencil_ok
        counts = ", ".join(f"tier {t}: {sum(1 for r in answer if r['tier'] == t)}" for t in tiers)
        print(
            f"  {words} ({counts}): higher tiers at least as hard: {by_tier}; pencil marks "
            f"above none within each tier: {pencil_ok}"
        )
    print(f"  the grade's order holds: {held}")


def techniques(results: list[dict]) -> None:  # type: ignore[type-arg]
    """For each colour technique: line states of the traces where it narrows its line, where it
    narrows beyond every easier move (the entries before it in the trace's order) on that line,
    and the steps it was chosen for."""
    from nonostudio.analysis.colour.catalogue import COLOUR_BY_ID, COLOUR_CATALOGUE
    from nonostudio.analysis.colour.projection import per_colour_move
    from nonostudio.analysis.colour.trace import ENTRIES

    def easier(tid: str, clue, cells, n):  # type: ignore[no-untyped-def]
        index = next(i for i, e in enumerate(ENTRIES) if e[1] == COLOUR and e[2] == tid)
        while True:
            before = cells
            for _, kind, other in ENTRIES[:index]:
                if kind == PER_COLOUR:
                    for colour in range(1, n):
                        cells = per_colour_move(other, clue, cells, colour)
                else:
                    cells = COLOUR_BY_ID[other].apply(clue, cells, n)
                    if cells is None:
                        return None
            if cells == before:
                return cells

    counts: Counter[tuple[str, str]] = Counter()
    for r in results:
        trace = r["trace"]
        puzzle = trace.puzzle
        n = len(puzzle.palette)
        grid = [[puzzle.palette.all_mask] * len(puzzle.cols) for _ in puzzle.rows]
        seen = set()
        for step in trace.steps:
            if step.kind == COLOUR:
                counts[step.technique, "chosen"] += 1
            for axis, clues in (("row", puzzle.rows), ("column", puzzle.cols)):
                for i, clue in enumerate(clues):
                    cells = tuple(grid[i]) if axis == "row" else tuple(row[i] for row in grid)
                    if (clue, cells) in seen:
                        continue
                    seen.add((clue, cells))
                    for t in COLOUR_CATALOGUE:
                        out = t.apply(clue, cells, n)
                        if out is None or out == cells:
                            continue
                        counts[t.id, "narrows"] += 1
                        base = easier(t.id, clue, cells, n)
                        if base is not None and t.apply(clue, base, n) != base:
                            counts[t.id, "beyond"] += 1
            for row, col, _, after in step.cells:
                grid[row][col] = after
    print(f"\ncolour techniques on the line states of {len(results)} traces")
    from nonostudio.analysis.colour.catalogue import COLOUR_CATALOGUE as ALL

    for t in ALL:
        print(
            f"  {t.name:32} tier {t.tier}: narrows {counts[t.id, 'narrows']:6} line states, "
            f"beyond every easier move on its line {counts[t.id, 'beyond']:5}, chosen "
            f"{counts[t.id, 'chosen']:5} times"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generated", type=int, default=200, metavar="N")
    parser.add_argument("--runs", type=int, default=5, metavar="R")
    parser.add_argument("--techniques", action="store_true", help="where each technique applies")
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
    pencil_marks()
    grade_order("public files", public)
    grade_order("all files", results)
    if args.techniques:
        techniques(results)


if __name__ == "__main__":
    main()
