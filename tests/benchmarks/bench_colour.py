"""Colour solver benchmark on the anchor colour puzzles.

Run by hand: ``python tests/benchmarks/bench_colour.py [--rounds N]``.

* The 13 public colour files: size, colours, verdict (all should be "unique, line-solvable"), CPU
  time (``time.process_time``, best of N rounds) against the goal of 0.25 s each and 1.0 s for
  the 13 together, the share of cells line logic alone decides, and the round trips through
  XML, ``.non`` and ``.g`` (written and read back: the same clues, colour names and values; in
  the file's own format the same puzzle, characters included; written again, the same text).
* ``colour-generated/``: the 200 seeded puzzles' verdicts against pbnsolve's in ``VERDICTS.csv``
  (goal 200/200; mismatches printed), both solutions of every "multiple" answer checked against
  every clue and different, the CPU time of the 200 (goal 20 s) and the slowest, and the share of
  cells line logic alone decides.
* ``--bw``: Wolter's survey puzzles solved as one-colour puzzles (the search and SAT stages at
  work, since the colour files are easy), beside the black-and-white solver's verdict and time.
* With ``NONOSTUDIO_PEER_PBNSOLVE`` naming a pbnsolve binary (never built or shipped by the
  project), its CPU time on each public file (``-u -b``, a child process) and the ratio; without
  it, a line saying there is none.
* ``explain`` on the 13 public files (``bench_colour_explain.replay``): every step checked by the
  exact colour line solver, per-colour sentences by the sentence checker, colour steps by the
  colour step checker, and the share of cells decided by per-colour steps, colour techniques and
  fallbacks (search steps) per file.
"""

from __future__ import annotations

import argparse
import csv
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _anchors import PUBLIC_COLOUR, PUZZLES, require_anchors, survey_spec  # noqa: E402

from nonostudio.core.colour.model import ColourPuzzle  # noqa: E402
from nonostudio.core.colour.solver import (  # noqa: E402
    ColourSolveResult,
    check_colour_solution,
    solve_colour,
)
from nonostudio.core.formats import parse_puzzle_arg, read_any, read_any_text, write_text  # noqa: E402
from nonostudio.core.solver import Verdict, solve  # noqa: E402

PUBLIC = list(PUBLIC_COLOUR)
GENERATED = PUZZLES / "colour-generated"
GOAL_EACH, GOAL_PUBLIC, GOAL_GENERATED = 0.25, 1.0, 20.0
PBNSOLVE_VERDICTS = {"unique logical": Verdict.UNIQUE_LINE, "multiple": Verdict.MULTIPLE}
PEER_ENV = "NONOSTUDIO_PEER_PBNSOLVE"


def load(path: Path):  # -> ColourPuzzle
    items = read_any(path)
    if len(items) != 1:
        raise SystemExit(f"{path}: {len(items)} puzzles, expected one")
    return items[0][1]


def timed(puzzle, rounds: int) -> tuple[ColourSolveResult, float]:
    """The result and the best CPU time of ``rounds`` solves."""
    best = float("inf")
    result = None
    for _ in range(rounds):
        start = time.process_time()
        result = solve_colour(puzzle.rows, puzzle.cols, len(puzzle.palette.colours))
        best = min(best, time.process_time() - start)
    assert result is not None
    return result, best


def decided(result: ColourSolveResult) -> tuple[int, int]:
    """Cells line logic alone decided, and all cells."""
    cells = [c for row in result.grid for c in row]
    return sum(1 for c in cells if c and not c & (c - 1)), len(cells)


def peer_seconds(binary: str, path: Path) -> float | None:
    """The peer's CPU time on one file (a child process), or None when it fails."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        subprocess.run([binary, "-u", "-b", str(path)], capture_output=True, timeout=60, check=True)
    except (OSError, subprocess.SubprocessError):
        return None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def round_trips(name: str, puzzle: ColourPuzzle) -> tuple[bool, str]:
    """Whether XML, .non and .g each read back the same clues, colour names and values (the
    file's own format: the same puzzle), and write the same text again; what was checked."""
    ok = True
    words = []
    for fmt in ("xml", "non", "g"):
        text = write_text(puzzle, fmt)
        again = read_any_text(text, fmt=fmt)
        same = (
            isinstance(again, ColourPuzzle)
            and (again.rows, again.cols) == (puzzle.rows, puzzle.cols)
            and [(c.name, c.rgb) for c in again.palette.colours]
            == [(c.name, c.rgb) for c in puzzle.palette.colours]
            and (again == puzzle or not name.endswith(f".{fmt}"))
            and write_text(again, fmt) == text
        )
        ok &= same
        words.append(f"{fmt} {'same' if same else 'CHANGED'}")
    return ok, ", ".join(words)


def public(rounds: int) -> bool:
    print(f"Public colour files (CPU s, best of {rounds}; goal {GOAL_EACH:.2f} s each)")
    peer = os.environ.get(PEER_ENV)
    if not peer:
        print(f"  no peer: {PEER_ENV} names no binary, so no peer ratio is printed")
    ok = True
    total = 0.0
    peer_total = 0.0
    peer_ok = bool(peer)
    trips = 0
    for name in PUBLIC:
        path = PUZZLES / name
        puzzle = load(path)
        result, seconds = timed(puzzle, rounds)
        total += seconds
        known, cells = decided(result)
        tripped, trip_words = round_trips(name, puzzle)
        trips += tripped
        good = result.verdict is Verdict.UNIQUE_LINE and seconds <= GOAL_EACH and tripped
        ok &= good
        size = f"{len(puzzle.cols)}x{len(puzzle.rows)}"
        line = (
            f"  {name:40} {size:>7} {len(puzzle.palette.colours) - 1} colours  "
            f"{result.verdict.label:24} {seconds:7.4f} s  line logic {100 * known / cells:5.1f} %"
            f"  {result.line_solves} line solves  round trip: {trip_words}"
        )
        if peer:
            theirs = peer_seconds(peer, path)
            line += "  peer failed" if theirs is None else f"  peer {theirs:.4f} s"
            if theirs:
                line += f" (x{seconds / theirs:.1f})"
                peer_total += theirs
            else:
                peer_ok = False
        print(line + ("" if good else "  <-- MISSED"))
    ok &= total <= GOAL_PUBLIC
    print(f"  13 files: {total:.3f} s (goal {GOAL_PUBLIC} s); round trips unchanged: {trips}/13")
    if peer and peer_ok and peer_total:
        print(f"  peer: {peer_total:.3f} s for the 13; ours / peer = x{total / peer_total:.1f}")
    return ok


def explained() -> bool:
    """explain on the 13 public files, every step checked; the share of cells by kind of step."""
    from bench_colour_explain import replay

    from nonostudio.analysis.colour.trace import COLOUR, GUESS, PER_COLOUR

    print("\nexplain on the public colour files (cells decided by per-colour steps, colour")
    print("techniques and fallbacks, i.e. search steps; every step checked)")
    problems = 0
    checked: dict[str, int] = {}
    for name in PUBLIC:
        puzzle = load(PUZZLES / name)
        trace, found, counts = replay(puzzle)
        problems += len(found)
        for key, value in counts.items():
            checked[key] = checked.get(key, 0) + value
        share = trace.cells_by_kind()
        cells = len(puzzle.rows) * len(puzzle.cols)
        print(
            f"  {name:40} {trace.verdict:8} {len(trace.steps):5} steps  per-colour "
            f"{share[PER_COLOUR] / cells:6.1%}  colour techniques {share[COLOUR] / cells:6.1%}  "
            f"fallbacks {share[GUESS] / cells:6.1%}  problems {len(found)}"
        )
    print(f"  checked: {checked}; problems: {problems}")
    return problems == 0


def generated() -> bool:
    with (GENERATED / "VERDICTS.csv").open(newline="") as f:
        rows = list(csv.DictReader(f))
    print(f"\nGenerated colour puzzles: {len(rows)} (verdicts against pbnsolve's)")
    agree = 0
    total = 0.0
    slowest: list[tuple[float, str, str]] = []
    known_all = cells_all = sat = 0
    several = several_checked = 0
    by_verdict: dict[str, list[int]] = {}
    for row in rows:
        puzzle = load(GENERATED / row["file"])
        result, seconds = timed(puzzle, 1)
        total += seconds
        sat += result.sat
        slowest.append((seconds, row["file"], result.verdict.label))
        expected = PBNSOLVE_VERDICTS.get(row["pbnsolve"])
        if result.verdict is expected:
            agree += 1
        else:
            print(f"  MISMATCH {row['file']}: {result.verdict.label}, pbnsolve {row['pbnsolve']}")
        for grid in (result.solution, result.alternate):
            if grid is not None and not check_colour_solution(puzzle.rows, puzzle.cols, grid):
                print(f"  WRONG SOLUTION {row['file']}")
                agree -= result.verdict is expected
        if result.verdict is Verdict.MULTIPLE:
            several += 1
            if result.alternate is None or result.alternate == result.solution:
                print(f"  {row['file']}: 'multiple' without two different solutions")
                agree -= 1
            elif all(
                check_colour_solution(puzzle.rows, puzzle.cols, grid)
                for grid in (result.solution, result.alternate)
                if grid is not None
            ):
                several_checked += 1
        known, cells = decided(result)
        known_all += known
        cells_all += cells
        counts = by_verdict.setdefault(result.verdict.label, [0, 0])
        counts[0] += known
        counts[1] += cells
    print(f"  verdicts as pbnsolve: {agree}/{len(rows)} (goal {len(rows)}/{len(rows)})")
    print(
        f"  'several solutions' answers with two different solutions, each checked against "
        f"every clue: {several_checked}/{several}"
    )
    print(f"  CPU: {total:.3f} s in all (goal {GOAL_GENERATED} s); SAT stage on {sat}")
    slowest.sort(reverse=True)
    print("  slowest: " + ", ".join(f"{f} {s:.3f} s ({v})" for s, f, v in slowest[:5]))
    print(f"  cells line logic alone decides: {100 * known_all / cells_all:.1f} %")
    for label, (known, cells) in sorted(by_verdict.items()):
        print(f"    {label}: {100 * known / cells:.1f} % of {cells} cells")
    return agree == len(rows) and total <= GOAL_GENERATED and several_checked == several


BW_SURVEY = ("Bucks", "Edge", "Mum", "Petro", "Merka", "Light", "Forever", "9-Dom")


def black_and_white() -> None:
    print("\nSurvey puzzles as one-colour puzzles (CPU s, one run)")
    for name in BW_SURVEY:
        puzzle = parse_puzzle_arg(survey_spec(name))
        if isinstance(puzzle, tuple):
            puzzle = puzzle[1]
        rows = [tuple((h, 1) for h in clue) for clue in puzzle.rows]
        cols = [tuple((h, 1) for h in clue) for clue in puzzle.cols]
        start = time.process_time()
        result = solve_colour(rows, cols, 2)
        seconds = time.process_time() - start
        start = time.process_time()
        bw = solve(puzzle, time_limit=10.0)
        bw_seconds = time.process_time() - start
        same = "" if bw.verdict is result.verdict else "  <-- VERDICTS DIFFER"
        stage = "sat" if result.sat else "search" if result.nodes else "line logic"
        print(
            f"  {name:8} {result.verdict.label:24} {seconds:6.3f} s ({stage}, "
            f"{result.nodes} nodes, {result.line_solves} line solves)   "
            f"b&w solver {bw.verdict.label}, {bw_seconds:.3f} s{same}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="best of N for the public files")
    parser.add_argument("--bw", action="store_true", help="also the b&w survey puzzles")
    args = parser.parse_args()
    require_anchors()
    ok = public(args.rounds)
    ok &= generated()
    ok &= explained()
    if args.bw:
        black_and_white()
    print("\nall goals met" if ok else "\nSOME GOALS MISSED")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
