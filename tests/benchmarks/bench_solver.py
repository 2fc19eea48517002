"""Complete-solver benchmark on Wolter's survey puzzles, with picross-solver as the peer.

Run by hand: ``python tests/benchmarks/bench_solver.py [--hard] [--rounds N]``.
For each puzzle: nonostudio's verdict and CPU time (``time.process_time`` plus the CPU of a
Kissat helper process when one ran, so that a busy machine distorts it less than wall time; best
of N rounds for puzzles under a second), its goal, the stage that decided (line
logic, the small search, or the SAT solver that finished: CaDiCaL, Kissat or z3), and
the PyPI package picross-solver's CPU time on the same puzzle in the same run (a child process,
capped at 30 s wall; it finds one solution and proves nothing about uniqueness) with the ratio.
Four TAAI puzzles that line logic alone leaves undecided (they need the SAT stage) are included.
``--hard`` adds Knotty and Faase with a 10-minute limit each (goal: 60 s wall each).

Then the speed figures (``--speed-only``: just those; ``_solver_speed.py``): a fresh process's
first search after line logic against warm ones (Petroglyph, Edge, TAAI icga2017 #1-20, with what
decided: the small search or a SAT solver; ``--first-call-only``: just that), ``check FILE#ITEM``
on the last item of the TAAI file and of the Janko JSON against the puzzle in its own file (whole
process), Cauldron in a fresh process (first solve, warm, peak memory; then its line solves
replayed alone against whole warm solves, and sweep by sweep), and TAAI icga2017 #1-100
whole-process and in-process, with pbnsolve run in the same rounds when
``NONOSTUDIO_PEER_PBNSOLVE`` names its binary (else its INDEX.csv figure, named a stored reference
and never made a ratio).  The first 100 TAAI puzzles' CPU in one process, each verdict checked
against INDEX.csv, with picross-solver's in this run.  Then ``nonostudio-cli grade``'s work on the
12 webpbn survey files (``--grade-only``: just that): CPU per file and in total, goals 1.5 s for
Petroglyph and 5 s in all; ``--no-grade`` leaves it out.
"""

from __future__ import annotations

import argparse
import importlib.util
import multiprocessing as mp
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _solver_speed as speed  # noqa: E402
from _anchors import PUZZLES, SURVEY, require_anchors, survey_spec  # noqa: E402

from nonostudio.core.formats import parse_puzzle_arg  # noqa: E402
from nonostudio.core.solver import SolveStats, solve  # noqa: E402

GOALS = {
    name: 0.05
    for name in ("Dancer", "Cat", "Skid", "Bucks", "Edge", "Knot", "Swing", "Mum", "Petro", "Merka")
}
GOALS.update(
    {"Light": 0.4, "Forever": 1.0, "9-Dom": 5.0, "Cauldron": 0.1, "Knotty": 600.0, "Faase": 600.0}
)
TAAI = PUZZLES / "taai-tournaments" / "question" / "icga2017.txt"
for _item in ("235", "25", "156", "245"):
    GOALS[f"icga17-{_item}"] = 0.2


def spec_of(name: str) -> str:
    if name.startswith("icga17-"):
        return f"{TAAI}#{name.split('-')[1]}"
    return survey_spec(name)


def _children_cpu() -> float:
    """User and system CPU of the finished child processes (the Kissat helper's)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def stage(stats: SolveStats) -> str:
    """The stage that decided: the last one that ran."""
    return f"sat:{stats.sat_backend}" if stats.sat_calls else "line logic"


def _peer(spec: str, queue: mp.Queue) -> None:
    import numpy as np
    from picross_solver.picross_solver import solve as peer_solve

    puzzle = parse_puzzle_arg(spec)
    grid = np.full((puzzle.height, puzzle.width), -1)
    rows = [list(r) or [0] for r in puzzle.rows]
    cols = [list(c) or [0] for c in puzzle.cols]
    sys.setrecursionlimit(100000)
    t = time.process_time()
    ok = peer_solve(rows, cols, grid)
    queue.put((time.process_time() - t, bool(ok) and puzzle.is_solution(grid)))


def peer_time(spec: str, cap: float = 30.0) -> tuple[str, float | None]:
    """picross-solver's CPU seconds as text, and as a number when it finished right."""
    queue: mp.Queue = mp.Queue()
    proc = mp.Process(target=_peer, args=(spec, queue))
    proc.start()
    proc.join(cap)
    if proc.is_alive():
        proc.kill()
        proc.join()
        return f">{cap:.0f} s wall", None
    if queue.empty():
        return "failed", None
    seconds, ok = queue.get()
    return f"{seconds:.3f} s" + ("" if ok else " (wrong)"), seconds if ok else None


TAAI_COUNT = 100


def taai_corpus(peer: bool) -> None:
    """The first 100 puzzles of TAAI icga2017 in this (warm) process: nonostudio's CPU in all,
    each verdict checked against pbnsolve's in INDEX.csv, and, with ``peer``, picross-solver's
    CPU in this run.  pbnsolve's own time is compared in :func:`speed.taai_peers`, run in the
    same rounds when a binary is supplied: INDEX.csv's wall_s was measured another day with two
    jobs at once and is no ratio's denominator."""
    import csv

    expected = {}
    with (PUZZLES / "INDEX.csv").open(newline="") as handle:
        for row in csv.DictReader(handle):
            if row["file"] == "taai-tournaments/question/icga2017.txt":
                expected[int(row["item"])] = (row["pbnsolve_u_b"], float(row["wall_s"]))
    ours = 0.0
    peer_total = 0.0
    peer_done = 0
    labels = {"multiple": "multiple solutions", "unique": "unique, needs search"}
    for item in range(1, TAAI_COUNT + 1):
        spec = f"{TAAI}#{item}"
        puzzle = parse_puzzle_arg(spec)
        started = time.process_time()
        res = solve(puzzle, time_limit=120)
        ours += time.process_time() - started
        verdict, _wall = expected[item]
        assert res.verdict.label == labels.get(verdict, verdict), (item, res.verdict, verdict)
        if peer:
            _, seconds = peer_time(spec)
            if seconds is not None:
                peer_total += seconds
                peer_done += 1
    print(
        f"\nTAAI icga2017 #1-{TAAI_COUNT} in this warm process: nonostudio {ours:.3f} s CPU in"
        " all, every verdict as pbnsolve's in INDEX.csv"
    )
    if peer:
        print(
            f"picross-solver finished {peer_done} of {TAAI_COUNT} within 30 s each, "
            f"{peer_total:.3f} s CPU in all"
        )


GRADE_GOALS = {"webpbn-00436-petroglyph.non": 1.5}
GRADE_TOTAL_GOAL = 5.0


def grade_survey() -> bool:
    """Grade the 12 webpbn survey files with the default rules in this process, as
    ``nonostudio-cli grade`` does; print CPU seconds per file and in total; True when the goals
    are met."""
    from nonostudio.analysis.defaults import DEFAULT_RULE_SET
    from nonostudio.analysis.grades.difficulty import grade
    from nonostudio.rules.ruleset import load_rule_set

    rules = load_rule_set(DEFAULT_RULE_SET)
    files = sorted((PUZZLES / "picross-solver" / "webpbn").glob("*.non"))
    print(f"\ngrade ({DEFAULT_RULE_SET} rules) on the {len(files)} webpbn survey files")
    print(f"{'file':32} {'size':7} {'label':10} {'tier':>4} {'CPU':>9} {'goal':>7}")
    total = 0.0
    met = True
    for path in files:
        puzzle = parse_puzzle_arg(str(path))
        started = time.process_time()
        result = grade(puzzle, rules)
        cpu = time.process_time() - started
        total += cpu
        goal = GRADE_GOALS.get(path.name)
        met = met and (goal is None or cpu <= goal)
        print(
            f"{path.name:32} {puzzle.size_text:7} {result.label:10} {result.tier:4} "
            f"{cpu:7.3f} s {'' if goal is None else f'{goal:5.2f}s':>7}",
            flush=True,
        )
    met = met and total <= GRADE_TOTAL_GOAL
    print(
        f"{'total':32} {'':7} {'':10} {'':4} {total:7.3f} s {GRADE_TOTAL_GOAL:5.2f}s"
        f"  goals {'met' if met else 'NOT met'}"
    )
    return met


def speed_figures() -> None:
    """The speed figures (see the module's docstring)."""
    speed.compile_package()
    speed.first_call()
    speed.file_items()
    speed.cauldron()
    speed.cauldron_lines()
    speed.cauldron_sweeps()
    speed.taai_peers()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hard", action="store_true", help="also Knotty and Faase (10 min each)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-peer", action="store_true")
    parser.add_argument("--no-grade", action="store_true", help="leave out the grade timings")
    parser.add_argument("--grade-only", action="store_true", help="only the grade timings")
    parser.add_argument("--speed-only", action="store_true", help="only the speed figures")
    parser.add_argument(
        "--first-call-only", action="store_true", help="only the first call against warm ones"
    )
    args = parser.parse_args()
    require_anchors()
    if not args.no_peer and importlib.util.find_spec("picross_solver") is None:
        print("picross-solver (PyPI) is not installed here: no picross-solver column\n")
        args.no_peer = True
    if args.grade_only:
        grade_survey()
        return 0
    if args.first_call_only:
        speed.compile_package()
        speed.first_call()
        return 0
    if args.speed_only:
        speed_figures()
        return 0
    names = (
        [n for n in SURVEY if n not in ("Knotty", "Faase")]
        + [n for n in GOALS if n.startswith("icga17-")]
        + (["Knotty", "Faase"] if args.hard else [])
    )
    print(
        f"{'puzzle':13} {'size':8} {'verdict':24} {'CPU':>9} {'goal':>7} {'ok':3} {'stage':12}"
        f" {'picross-solver':>15} {'ratio':>6} {'line solves':>11} {'SAT vars':>8} {'conflicts':>9}"
    )
    met = 0
    for name in names:
        spec = spec_of(name)
        puzzle = parse_puzzle_arg(spec)
        limit = 600.0 if name in ("Knotty", "Faase") else 120.0
        best = None
        cpu = float("inf")
        for _ in range(args.rounds if name not in ("Knotty", "Faase", "Cauldron") else 1):
            started, children, wall = time.process_time(), _children_cpu(), time.perf_counter()
            res = solve(puzzle, time_limit=limit)
            # CPU of this process and of the Kissat helper process, if one ran
            spent = time.process_time() - started + _children_cpu() - children
            wall = time.perf_counter() - wall
            if best is None or spent < cpu:
                best, cpu = res, spent
            if spent > 1.0:
                break
        assert best is not None
        if best.solution is not None:
            assert puzzle.is_solution(best.solution), name
        if name in ("Knotty", "Faase"):
            print(
                f"{name}: {wall:.1f} s wall, {spent:.1f} s CPU (this process and its helper);"
                f" goal <= 60 s wall: {'met' if wall <= 60 else 'NOT met'}"
            )
        if best.alternate is not None:  # a second solution: checked against every clue too
            assert puzzle.is_solution(best.alternate), name
            assert (best.alternate != best.solution).any(), name
        ok = cpu <= GOALS[name] and best.verdict.label != "undecided"
        met += ok
        peer, peer_cpu = (
            ("-", None) if args.no_peer or name in ("Knotty", "Faase") else peer_time(spec)
        )
        ratio = f"{cpu / peer_cpu:5.1f}x" if peer_cpu else "-"
        st = best.stats
        print(
            f"{name:13} {puzzle.size_text:8} {best.verdict.label:24} {cpu:7.3f} s"
            f" {GOALS[name]:6.2f}s {'yes' if ok else 'NO':3} {stage(st):12} {peer:>15}"
            f" {ratio:>6} {st.line_solves:11} {st.sat_variables:8} {st.sat_conflicts:9}",
            flush=True,
        )
    print(f"goals met: {met}/{len(names)}")
    speed_figures()
    taai_corpus(peer=not args.no_peer)
    if not args.no_grade:
        grade_survey()
    return 0


if __name__ == "__main__":
    sys.exit(main())
