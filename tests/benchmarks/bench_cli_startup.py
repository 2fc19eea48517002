"""Start-up of ``nonostudio-cli check`` on a small puzzle, whole process, measured from outside.

Run by hand: ``python tests/benchmarks/bench_cli_startup.py [--runs 15] [--puzzle FILE]``.  Each
round starts, interleaved so that all three see the same load: the real console script
``nonostudio-cli check <Dancer>`` (the one installed next to this Python), ``python -c pass`` and
``python -c "import numpy"``.  For each it prints the median wall time and the median CPU time of
the child (user + sys, from ``resource.getrusage(RUSAGE_CHILDREN)`` deltas), then the verdict on
the goal (median wall of ``check`` <= 0.25 s); exits 1 when the goal is missed.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

GOAL_S = 0.25
REPO = Path(__file__).resolve().parents[2]
DANCER = REPO.parent / "shared/anchors/puzzles/picross-solver/webpbn/webpbn-00001-dancer.non"


def console_script() -> str:
    """The ``nonostudio-cli`` script of the running Python's environment (else the one on PATH)."""
    beside = Path(sys.executable).with_name("nonostudio-cli")
    if beside.exists():
        return str(beside)
    found = shutil.which("nonostudio-cli")
    if found is None:
        raise SystemExit("nonostudio-cli is not installed (pip install -e .)")
    return found


def timed(command: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + sys of the child) of one run of ``command``; it must exit 0."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=REPO, capture_output=True, timeout=60)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr.decode()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--puzzle", type=Path, default=DANCER)
    args = parser.parse_args()
    commands = {
        "nonostudio-cli check": [console_script(), "check", str(args.puzzle)],
        "python3 -c pass": [sys.executable, "-c", "pass"],
        'python3 -c "import numpy"': [sys.executable, "-c", "import numpy"],
    }
    for command in commands.values():  # warm the disk cache; not counted
        timed(command)
    walls: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, command in commands.items():
            wall, cpu = timed(command)
            walls[name].append(wall)
            cpus[name].append(cpu)
    print(f"{args.runs} interleaved runs each; puzzle {args.puzzle.name}")
    for name in commands:
        print(
            f"  {name:28}  wall median {statistics.median(walls[name]):.3f} s "
            f"(min {min(walls[name]):.3f}, max {max(walls[name]):.3f})  "
            f"cpu median {statistics.median(cpus[name]):.3f} s"
        )
    median = statistics.median(walls["nonostudio-cli check"])
    met = median <= GOAL_S
    print(
        f"goal: median wall of check <= {GOAL_S} s: {'met' if met else 'MISSED'} ({median:.3f} s)"
    )
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
