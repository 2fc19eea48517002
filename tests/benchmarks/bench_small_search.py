"""The small search against CaDiCaL on the INDEX.csv puzzles line logic leaves undecided.

Run by hand: ``python tests/benchmarks/bench_small_search.py [--count 1500] [--seed 7]
[--max-cells 200]``.  A seeded sample of the rows pbnsolve decided as needing search (unique,
multiple, contradiction) whose line-logic fixed point has at most ``--max-cells`` undecided
cells.  For each: CaDiCaL's warm CPU for up to two solutions (``satsolver.sat_states``, the
library loaded beforehand) and the small search's (``solver._small_search`` with no budget, from
the same state with line logic's cache, as :func:`solver.solve` runs it), both after line logic;
their counts of solutions must agree with each other and with pbnsolve's verdict, and a unique
solution must be the same (exit 1 otherwise).  Then per 25 undecided cells: CPU of each, and of
the solver's policy (the search up to ``solver.SMALL_NODES`` propagations, then CaDiCaL), how
many searches were slower than CaDiCaL, and how many went past the budget.  Chooses
``solver.SMALL_CELLS`` and ``SMALL_NODES`` (docs/design/solver.md §3, "The first search of a
process").
"""

from __future__ import annotations

import argparse
import csv
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _anchors import PUZZLES, require_anchors  # noqa: E402

from nonostudio.core import satsolver, solver  # noqa: E402
from nonostudio.core.errors import PuzzleError  # noqa: E402
from nonostudio.core.formats import read_entries  # noqa: E402
from nonostudio.core.gridstate import Contradiction, GridState  # noqa: E402

EXPECTED = {"unique": 1, "multiple": 2, "contradiction": 0}
BIN = 25


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--max-cells", type=int, default=200)
    args = parser.parse_args()
    require_anchors()
    with (PUZZLES / "INDEX.csv").open(newline="") as handle:
        rows = [row for row in csv.DictReader(handle) if row["pbnsolve_u_b"] in EXPECTED]
    random.Random(args.seed).shuffle(rows)
    satsolver.sat_backend()  # CaDiCaL's library loaded: its warm figures
    files: dict[str, dict] = {}
    bins: dict[int, list[list[float]]] = defaultdict(list)
    wrong = 0
    done = 0
    for row in rows:
        try:
            if row["file"] not in files:
                files[row["file"]] = dict(read_entries(PUZZLES / row["file"]))
            puzzle = files[row["file"]][row["item"]]()
        except PuzzleError:
            continue
        root = GridState(puzzle)
        try:
            root.propagate()
        except Contradiction:
            continue
        cells = root.total - root.known
        if not cells or cells > args.max_cells:
            continue
        started = time.process_time()
        cadical = satsolver.sat_states(root.copy(), limit=2, backend="cadical")
        sat_cpu = time.process_time() - started
        state = root.copy()
        state.cache = dict(root.cache)
        started = time.process_time()
        found, nodes, _ = solver._small_search(state, solver._Halt(None, None), 10**9)
        search_cpu = time.process_time() - started
        same = len(found) == len(cadical) == EXPECTED[row["pbnsolve_u_b"]]
        if same and len(found) == 1:
            same = found[0].key() == cadical[0].key()
        if not same or not all(puzzle.is_solution(g.to_grid()) for g in found):
            wrong += 1
            print(
                f"DISAGREE {row['file']}#{row['item']}: search {len(found)}, CaDiCaL "
                f"{len(cadical)}, pbnsolve {row['pbnsolve_u_b']}",
                flush=True,
            )
        budget = solver.SMALL_NODES
        policy = search_cpu if nodes <= budget else search_cpu * budget / nodes + sat_cpu
        bins[cells // BIN * BIN].append([sat_cpu, search_cpu, policy, nodes, cells])
        done += 1
        if done == args.count:
            break
    print(
        f"{done} INDEX.csv puzzles (seed {args.seed}) line logic leaves with 1-{args.max_cells}"
        f" undecided cells; CPU ms after line logic, warm; budget {solver.SMALL_NODES}"
        f" propagations, bound {solver.SMALL_CELLS} cells"
    )
    print(
        f"{'cells':9} {'puzzles':>7} {'CaDiCaL':>9} {'search':>9} {'policy':>9}"
        f" {'slower':>6} {'past budget':>11} {'max nodes':>9}"
    )
    totals = [0.0, 0.0, 0.0]
    for low in sorted(bins):
        runs = bins[low]
        sums = [sum(run[k] for run in runs) * 1000 for k in range(3)]
        for run in runs:
            if run[4] <= solver.SMALL_CELLS:
                totals = [total + run[k] * 1000 for k, total in enumerate(totals)]
        slower = sum(run[2] > run[0] for run in runs)
        past = sum(run[3] > solver.SMALL_NODES for run in runs)
        print(
            f"{low:3}-{low + BIN - 1:<5} {len(runs):7} {sums[0]:9.1f} {sums[1]:9.1f} {sums[2]:9.1f}"
            f" {slower:6} {past:11} {max(run[3] for run in runs):9.0f}"
        )
    print(
        f"up to {solver.SMALL_CELLS} cells: CaDiCaL {totals[0]:.1f} ms, policy {totals[2]:.1f} ms"
        f" ({totals[2] / totals[0]:.0%}); disagreements: {wrong}"
    )
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
