"""The first SAT search of a fresh process pays no more than it needs: a verdict
alone imports neither numpy nor python-sat's Python layer (``pysat.solvers``, ``pysat.formula``)
nor the Kissat helper's modules; the solutions, when read, are still right."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# In a fresh process: decide 6-Dom (line logic is stuck on it: the SAT stage runs, the small
# search left out), report the modules that loaded, then read both the solution and the
# line-logic grid and check them.
_CHILD = """
import json, sys
sys.path.insert(0, sys.argv[1])
from nonostudio.core import solver
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import solve
solver.SMALL_CELLS = 0
n = 6
rows = [(3,), (1,)] + [(3, 1), (1,)] * (n - 1) + [(1,)]
cols = [(1,)] + [(1,), (1, 3)] * (n - 1) + [(1,), (3,)]
puzzle = Puzzle(tuple(rows), tuple(cols))
before = set(sys.modules)
result = solve(puzzle, time_limit=60)
loaded = sorted(set(sys.modules) - before)
solution = result.solution
ok = solution is not None and puzzle.is_solution(solution)
print(json.dumps({
    "verdict": result.verdict.name, "backend": result.stats.sat_backend,
    "loaded": loaded, "solution_ok": bool(ok),
    "unknown_after_logic": int((result.grid == -1).sum()),
}))
"""


def _child_report(child: str) -> dict:
    """The JSON report on the last line ``child`` prints, run in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", child, str(REPO)],
        capture_output=True,
        text=True,
        timeout=60,
        env=os.environ | {"PYTHONPATH": str(REPO)},
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_verdict_by_sat_loads_no_numpy_no_pysat_python_layer_and_no_symmetry():
    report = _child_report(_CHILD)
    assert report["verdict"] == "UNIQUE_SEARCH" and report["backend"] == "cadical"
    loaded = report["loaded"]
    heavy = [
        name
        for name in loaded
        if name.split(".")[0] == "numpy"
        or name in ("pysat.solvers", "pysat.formula", "decimal", "gzip", "subprocess")
        or name == "nonostudio.core.kissat_process"
        or name == "nonostudio.core.symmetry"  # 6-Dom's clues have no symmetry
    ]
    assert heavy == [], heavy
    assert "pysolvers" in loaded  # the search did run CaDiCaL
    # Read afterwards, the solution and the line-logic grid are made and right.
    assert report["solution_ok"] and report["unknown_after_logic"] > 0


# In a fresh process: decide Edge (webpbn #23: line logic decides none of its 110 cells), report
# the modules that loaded.
_SMALL_CHILD = """
import json, sys
sys.path.insert(0, sys.argv[1])
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import solve
rows = ((1,), (3,), (1,), (2,), (1,), (3,), (3,), (1,), (2,), (2,), (4,))
cols = ((1,), (3,), (1,), (2, 2), (2,), (4,), (1,), (3,), (3,), (1,))
before = set(sys.modules)
result = solve(Puzzle(rows, cols), time_limit=60)
print(json.dumps({
    "verdict": result.verdict.name, "backend": result.stats.sat_backend,
    "loaded": sorted(set(sys.modules) - before),
}))
"""


def test_a_small_search_loads_neither_the_sat_solver_nor_its_modules():
    """Edge's search is decided by the small search: loading python-sat's library (2 ms) was
    most of what a fresh process's first search of it cost (docs/design/solver.md §3, "The
    first search of a process")."""
    report = _child_report(_SMALL_CHILD)
    assert report["verdict"] == "UNIQUE_SEARCH" and report["backend"] == "search"
    sat = [
        name
        for name in report["loaded"]
        if name.split(".")[0] in ("pysolvers", "pysat", "numpy")
        or name.startswith("nonostudio.core.")
    ]
    assert sat == [], sat


# A 96x80 picture whose first row sweep decides every cell (each row a full block or empty):
# 7,680 new cells reach the columns by the bit-matrix transpose.
_LARGE_CHILD = """
import json, sys
sys.path.insert(0, sys.argv[1])
from nonostudio.core import gridstate
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import solve
height, width = 96, 80
rows = tuple((width,) if r % 3 else () for r in range(height))
cols = tuple(tuple(2 for _ in range(height // 3)) for _ in range(width))
crossed = []
real = gridstate._cross_many
gridstate._cross_many = lambda *args: crossed.append(1) or real(*args)
before = set(sys.modules)
result = solve(Puzzle(rows, cols))
print(json.dumps({
    "verdict": result.verdict.name, "transposed": len(crossed),
    "numpy": sorted(m for m in set(sys.modules) - before if m.split(".")[0] == "numpy"),
}))
"""


def test_a_large_line_solvable_puzzle_is_decided_without_numpy():
    report = _child_report(_LARGE_CHILD)
    assert report["verdict"] == "UNIQUE_LINE" and report["transposed"] >= 1
    assert report["numpy"] == []


# In a fresh process: the flags python-sat's extension module is loaded with, and those after.
_FLAGS_CHILD = """
import json, os, sys
sys.path.insert(0, sys.argv[1])
from nonostudio.core import satsolver
seen = []
real = sys.setdlopenflags
sys.setdlopenflags = lambda flags: seen.append(flags) or real(flags)
before = sys.getdlopenflags()
backend = satsolver.sat_backend()
print(json.dumps({"backend": backend, "set": seen, "before": before,
                  "after": sys.getdlopenflags(), "lazy": os.RTLD_LAZY, "now": os.RTLD_NOW}))
"""


def test_the_sat_library_is_loaded_with_its_symbols_bound_lazily_and_the_flags_put_back():
    """Binding every symbol of python-sat's library (a dozen solvers and the C++ runtime) when it
    loads was 0.8 ms of a fresh process's first SAT search; bound as they are called, only the
    few CaDiCaL calls pay."""
    report = _child_report(_FLAGS_CHILD)
    assert report["backend"] == "cadical"
    loading = report["set"][0]
    assert loading & report["lazy"] and not loading & report["now"]
    assert report["after"] == report["before"]
