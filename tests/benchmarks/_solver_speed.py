"""The speed measurements for ``bench_solver.py``: a fresh process's first SAT search
against warm ones, one item of a big collection against the same puzzle in its own file,
Cauldron in a fresh process, and the peers (pbnsolve) run in the same run when supplied.

Whole-process times are wall times of ``python -m nonostudio check --no-typos`` (the typo finder
is another issue's work and would swamp what is measured here), in interleaved rounds so that
both sides of a comparison see the same load; the figure is the median.
"""

from __future__ import annotations

import csv
import json
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _anchors import PUZZLES, REPO, survey_spec

TAAI = PUZZLES / "taai-tournaments" / "question" / "icga2017.txt"
JANKO = PUZZLES / "janko-puzzlekit" / "Nonogram_dataset.json"
FIRST_CALL_GOAL = 1.5
ITEM_GOAL_S = 0.05
CAULDRON_GOAL_S = 0.1

#: pbnsolve, when supplied: the binary's path in this variable (the project never builds or
#: ships one), its arguments in the second (default those INDEX.csv's verdicts were made with).
PEER_ENV = "NONOSTUDIO_PEER_PBNSOLVE"
PEER_ARGS_ENV = "NONOSTUDIO_PEER_PBNSOLVE_ARGS"
PEER_ARGS = "-u -b -x60"

_ENV = os.environ | {
    "PYTHONPATH": os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH")) if p)
}

# In a fresh process: read the puzzle, solve it four times; print the first call's CPU seconds
# (time.process_time: on 2 cores shared with other work, wall time swings 2-3x between runs),
# the best of the other three, the minor page faults of the first and the fewest of the others
# (fresh memory costs about 3 us a page here, whatever the load: docs/design/solver.md §3, "The
# clauses a line at a time"), and what decided after line logic (the small search, a SAT
# solver, or nothing: line logic alone).  With "imported" after the puzzle, the SAT modules
# (satsolver and order_encoding, which the first SAT search imports) are imported before the
# first call and not counted: what the first call's ratio would be without their import; with
# "loaded", python-sat's library (pysolvers, with the C++ runtime) is loaded too, and "before"
# is the CPU seconds the two took: what is left of the ratio once that fixed cost is paid.
_FIRST_CALL = """
import json, resource, sys, time
from nonostudio.core.formats import parse_puzzle_arg
from nonostudio.core.solver import solve
puzzle = parse_puzzle_arg(sys.argv[1])
before = 0.0
if sys.argv[2:] in (["imported"], ["loaded"]):
    started = time.process_time()
    import nonostudio.core.satsolver
    if sys.argv[2] == "loaded":
        nonostudio.core.satsolver.sat_backend()
    before = time.process_time() - started
cpu, faults = [], []
for _ in range(4):
    touched = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    started = time.process_time()
    result = solve(puzzle, time_limit=120)
    cpu.append(time.process_time() - started)
    faults.append(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - touched)
    if len(cpu) == 1:
        first = result
print(json.dumps({"first": cpu[0], "warm": min(cpu[1:]), "before": before,
                  "faults": faults[0], "warm_faults": min(faults[1:]),
                  "sat": first.stats.sat_calls > 0, "stage": first.stats.sat_backend,
                  "verdict": first.verdict.label}))
"""


def _child(code: str, *args: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        env=_ENV,
        cwd=tempfile.gettempdir(),
        timeout=600,
    )
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-2000:])
    return json.loads(done.stdout.strip().splitlines()[-1])


def compile_package() -> None:
    """Bring the package's ``.pyc`` files up to date first: with ``PYTHONDONTWRITEBYTECODE`` set
    (as on the shared machine) a module edited since its last compile is compiled from source on
    every import, 2 ms for ``satsolver`` alone, which no installed copy pays."""
    import compileall

    compileall.compile_dir(str(REPO / "nonostudio"), quiet=1)
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print("(PYTHONDONTWRITEBYTECODE is set: the package's .pyc files were brought up to date)")


def first_call(processes: int = 3) -> bool:
    """First SAT search of a fresh process against the best of three more in it: Petroglyph,
    Edge and TAAI icga2017 #1-20, each in ``processes`` fresh processes of its own (one fresh
    process's ratio swings by a third between runs on a 0.4 ms solve, so a puzzle's ratio is
    the median of its processes', their range printed beside it).  For the puzzles a SAT
    solver decides, the median ratio again in as many processes that import the SAT modules
    before the first call ("modules first": what their import adds to the ratio; it is not
    counted in the goal), and again with python-sat's library loaded too ("library first",
    with the CPU milliseconds the two took: the fixed cost a fresh process's first SAT search
    pays whatever the puzzle).  True when every SAT puzzle's ratio, and the total's, is within the
    goal."""
    specs = {"Petroglyph": survey_spec("Petro"), "Edge": survey_spec("Edge")}
    specs.update({f"icga17-{k}": f"{TAAI}#{k}" for k in range(1, 21)})
    print(
        "\nfirst call vs warm, in-process CPU milliseconds, each puzzle in"
        f" {processes} fresh processes, the median process shown (goal: ratio <= {FIRST_CALL_GOAL})"
    )
    print(
        f"{'puzzle':13} {'verdict':24} {'first':>8} {'warm':>8} {'ratio':>6}  {'range':11}  stage"
    )
    first = warm = 0.0
    met = True
    for name, spec in specs.items():
        runs = sorted(
            (_child(_FIRST_CALL, spec) for _ in range(processes)),
            key=lambda got: got["first"] / got["warm"],
        )
        got = runs[len(runs) // 2]
        ratio = got["first"] / got["warm"]
        low, high = (run["first"] / run["warm"] for run in (runs[0], runs[-1]))
        first += got["first"]
        warm += got["warm"]
        met = met and ratio <= FIRST_CALL_GOAL
        sat = f"  {got['stage']}" if got["sat"] else "  (no SAT stage)"
        imported = ""
        if got["sat"] and got["stage"] != "search":
            again = sorted(
                run["first"] / run["warm"]
                for run in (_child(_FIRST_CALL, spec, "imported") for _ in range(processes))
            )
            loaded = sorted(
                (_child(_FIRST_CALL, spec, "loaded") for _ in range(processes)),
                key=lambda run: run["first"] / run["warm"],
            )
            median = loaded[len(loaded) // 2]
            imported = (
                f"  modules first {again[len(again) // 2]:4.2f}x"
                f"  library first {median['first'] / median['warm']:4.2f}x"
                f" (loading both {median['before'] * 1000:4.2f} ms)"
            )
        # What the first call pays on top, in milliseconds: the ratio alone grows when the
        # search gets faster and this stays.
        extra = (got["first"] - got["warm"]) * 1000
        print(
            f"{name:13} {got['verdict']:24} {got['first'] * 1000:8.2f} {got['warm'] * 1000:8.2f}"
            f" {ratio:5.2f}x  {low:4.2f}-{high:4.2f}x{sat:10}  first - warm {extra:5.2f} ms"
            f"  page faults {got['faults']:5} / {got['warm_faults']}{imported}",
            flush=True,
        )
    total = first / warm
    met = met and total <= FIRST_CALL_GOAL
    verdict = "met" if met else "NOT met"
    print(
        f"{'total':13} {'':24} {first * 1000:8.2f} {warm * 1000:8.2f} {total:5.2f}x  goal {verdict}"
        f"  (first - warm {(first - warm) * 1000:.2f} ms in all)"
    )
    return met


def _check_wall(arg: str) -> float:
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "nonostudio", "check", "--no-typos", arg],
        capture_output=True,
        text=True,
        env=_ENV,
        cwd=tempfile.gettempdir(),
        timeout=600,
    )
    wall = time.perf_counter() - started
    if done.returncode not in (0, 1):
        raise RuntimeError(done.stderr[-2000:])
    return wall


def _own_files(folder: Path) -> dict[str, tuple[str, str]]:
    """The last item of the TAAI file and of the Janko JSON, each as ``FILE#ITEM`` and as a file
    of its own (written to ``folder``)."""
    text = TAAI.read_text()
    last = text.rindex("\n$") + 1
    item = text[last:].split("\n", 1)[0][1:].strip()
    taai = folder / "icga2017-last.txt"
    taai.write_text(text[last:])
    doc = json.loads(JANKO.read_text())
    ident = list(doc["data"])[-1]
    janko = folder / "janko-last.json"
    janko.write_text(json.dumps({"data": {ident: doc["data"][ident]}}))
    return {
        f"TAAI icga2017 #{item}": (f"{TAAI}#{item}", str(taai)),
        f"Janko JSON {ident}": (f"{JANKO}#{ident}", str(janko)),
    }


def file_items(rounds: int = 7) -> bool:
    """``check FILE#ITEM`` whole-process for the last item of two big collections against the
    same puzzle in its own file; interleaved rounds, medians.  True when each is within the goal."""
    met = True
    with tempfile.TemporaryDirectory() as folder:
        pairs = _own_files(Path(folder))
        times: dict[str, list[list[float]]] = {name: [[], []] for name in pairs}
        for _ in range(rounds):
            for name, (item, own) in pairs.items():
                times[name][0].append(_check_wall(item))
                times[name][1].append(_check_wall(own))
        print(
            f"\ncheck --no-typos FILE#ITEM, whole process, median of {rounds} interleaved rounds"
            f" (goal: within {ITEM_GOAL_S} s of the puzzle in its own file)"
        )
        for name, (item_times, own_times) in times.items():
            item, own = statistics.median(item_times), statistics.median(own_times)
            ok = item - own <= ITEM_GOAL_S
            met = met and ok
            print(
                f"{name:28} FILE#ITEM {item:.3f} s, own file {own:.3f} s,"
                f" difference {item - own:+.3f} s  {'met' if ok else 'NOT met'}"
            )
    return met


# Peak memory from /proc/self/status's VmHWM where there is one: getrusage's ru_maxrss survives
# exec on Linux, so a child started by a large benchmark process reported that process's peak
# (155-202 MB after Faase, where a fresh interpreter with its imports is 54 MB).
_CAULDRON = """
import json, resource, sys, time
from nonostudio.core.formats import parse_puzzle_arg
from nonostudio.core.solver import solve
def peak_mb():
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
puzzle = parse_puzzle_arg(sys.argv[1])
base = peak_mb()
results, cpu = [], []
for _ in range(3):
    started = time.process_time()
    results.append(solve(puzzle))
    cpu.append(time.process_time() - started)
print(json.dumps({"first": results[0].seconds, "warm": min(r.seconds for r in results[1:]),
                  "first_cpu": cpu[0], "warm_cpu": min(cpu[1:]),
                  "verdict": results[0].verdict.label, "base": base, "peak": peak_mb(),
                  "numpy": "numpy" in sys.modules}))
"""


def cauldron() -> bool:
    """Cauldron in a fresh process: the first solve (the figure of the goal), warm solves, peak
    memory."""
    got = _child(_CAULDRON, survey_spec("Cauldron"))
    ok = got["first"] <= CAULDRON_GOAL_S
    print(
        f"\nCauldron 512x512 in a fresh process: first solve {got['first']:.3f} s wall"
        f" ({got['first_cpu']:.3f} s CPU), warm {got['warm']:.3f} s wall ({got['warm_cpu']:.3f} s"
        f" CPU), in-process, {got['verdict']} (goal <= {CAULDRON_GOAL_S} s:"
        f" {'met' if ok else 'NOT met'}); numpy loaded: {got['numpy']}; peak RSS"
        f" {got['peak']:.0f} MB (interpreter + imports before solving: {got['base']:.0f} MB;"
        " goal <= 500 MB)"
    )
    return ok


# In a fresh process: solve Cauldron once with the line solver's calls recorded (gridstate's
# solve_masks wrapped), then replay those calls alone, and time whole solves, in turns: the
# replay is the line solver's share without propagation, and it drifts with the machine alone
# (the same code replayed 74.5 ms at load 6.4 on 2026-11-29, docs/design/solver.md §2).
_CAULDRON_LINES = """
import json, sys, time
from nonostudio.core import gridstate
from nonostudio.core.formats import parse_puzzle_arg
from nonostudio.core.solver import solve
puzzle = parse_puzzle_arg(sys.argv[1])
calls = []
solve_masks = gridstate.solve_masks
def recording(hints, n, filled, crossed, fresh=-1):
    calls.append((hints, n, filled, crossed, fresh))
    return solve_masks(hints, n, filled, crossed, fresh)
gridstate.solve_masks = recording
solve(puzzle)
gridstate.solve_masks = solve_masks
replay, whole = [], []
for _ in range(7):
    started = time.process_time()
    for call in calls:
        solve_masks(*call)
    replay.append(time.process_time() - started)
    started = time.process_time()
    solve(puzzle)
    whole.append(time.process_time() - started)
print(json.dumps({"calls": len(calls), "hints": sum(len(c[0]) for c in calls),
                  "replay": min(replay), "whole": min(whole)}))
"""


def cauldron_lines() -> None:
    """Cauldron's line solves replayed alone in a fresh process against whole warm solves
    (CPU, best of 7 each, in turns): what the line solver costs of a solve, and a figure that
    moves with the machine, not with propagation."""
    got = _child(_CAULDRON_LINES, survey_spec("Cauldron"))
    print(
        f"Cauldron's {got['calls']} line solves ({got['hints']} hints) replayed through"
        f" solve_masks: {got['replay'] * 1000:.1f} ms CPU, whole warm solve"
        f" {got['whole'] * 1000:.1f} ms CPU (best of 7 each, in turns; the line solver"
        f" {got['replay'] / got['whole']:.0%} of it)"
    )


# In a fresh process: Cauldron's propagation with each sweep's line solves recorded (the
# sweep's solve_masks wrapped), then each sweep's calls replayed alone, best of 5: where the line
# solver's time goes.  The early sweeps' lines are wide (their cells between the known ends span
# most of the 512), and an int's conversions to and from bytes, which the line solver makes a few
# of per hint, grow with the width: a hint there costs 2-3 times one of the late sweeps
# (docs/design/solver.md §2, "A seventh look").
_CAULDRON_SWEEPS = """
import json, sys, time
from nonostudio.core import gridstate
from nonostudio.core.formats import parse_puzzle_arg
puzzle = parse_puzzle_arg(sys.argv[1])
sweeps = []
sweep = gridstate.GridState._sweep
solve_masks = gridstate.solve_masks
def recorded(self, is_row, batch, dirty_other, should_stop=None):
    calls = []
    def recording(hints, n, filled, crossed, fresh=-1):
        calls.append((hints, n, filled, crossed, fresh))
        return solve_masks(hints, n, filled, crossed, fresh)
    gridstate.solve_masks = recording
    try:
        return sweep(self, is_row, batch, dirty_other, should_stop)
    finally:
        gridstate.solve_masks = solve_masks
        sweeps.append(calls)
gridstate.GridState._sweep = recorded
gridstate.GridState(puzzle).propagate()
gridstate.GridState._sweep = sweep
out = []
for calls in sweeps:
    best = float("inf")
    for _ in range(5):
        started = time.process_time()
        for call in calls:
            solve_masks(*call)
        best = min(best, time.process_time() - started)
    out.append((len(calls), sum(len(c[0]) for c in calls), best))
print(json.dumps(out))
"""


def cauldron_sweeps(shown: int = 6) -> None:
    """Cauldron's line solves sweep by sweep (rows, columns, rows, ...), each sweep's replayed
    alone in a fresh process (CPU, best of 5): solves, hints, milliseconds and microseconds per
    hint for the first ``shown`` sweeps, then the rest together."""
    sweeps = _child(_CAULDRON_SWEEPS, survey_spec("Cauldron"))
    rest = sweeps[shown:]
    parts = [
        f"{solves}/{hints}/{cpu * 1000:.1f} ({cpu * 1e6 / max(hints, 1):.2f})"
        for solves, hints, cpu in sweeps[:shown]
    ]
    if rest:
        solves, hints, cpu = (sum(s[k] for s in rest) for k in range(3))
        parts.append(
            f"the other {len(rest)}: {solves}/{hints}/{cpu * 1000:.1f}"
            f" ({cpu * 1e6 / max(hints, 1):.2f})"
        )
    total = sum(s[2] for s in sweeps)
    print(
        f"Cauldron's line solves by sweep, replayed alone (solves/hints/ms CPU (µs per hint)),"
        f" {total * 1000:.1f} ms in all: " + ", ".join(parts)
    )


def _index_rows() -> dict[tuple[str, str], tuple[str, float]]:
    rows = {}
    with (PUZZLES / "INDEX.csv").open(newline="") as handle:
        for row in csv.DictReader(handle):
            wall = float(row["wall_s"]) if row["wall_s"] else float("nan")
            rows[(row["file"], row["item"])] = (row["pbnsolve_u_b"], wall)
    return rows


def peer_binary() -> list[str] | None:
    """The pbnsolve command the environment names (without the puzzle), or None."""
    binary = os.environ.get(PEER_ENV)
    if not binary:
        return None
    found = shutil.which(binary)
    if found is None:
        raise SystemExit(f"{PEER_ENV}={binary!r} is not an executable")
    return [found, *shlex.split(os.environ.get(PEER_ARGS_ENV, PEER_ARGS))]


_IN_PROCESS = """
import json, sys
from nonostudio.core.formats import parse_puzzle_arg
from nonostudio.core.solver import solve
out = []
for spec in sys.argv[1:]:
    puzzle = parse_puzzle_arg(spec)
    out.append(solve(puzzle, time_limit=120).seconds)
print(json.dumps({"seconds": out}))
"""


def taai_peers(count: int = 100, rounds: int = 3) -> None:
    """TAAI icga2017 #1-``count``, each puzzle in its own file: nonostudio whole-process
    (``check``) and in-process (one fresh process solving them all, first calls included), and
    pbnsolve whole-process in the same rounds when supplied; else pbnsolve's stored figure from
    INDEX.csv, named as such and never made a ratio."""
    peer = peer_binary()
    index = _index_rows()
    stored = sum(
        index[("taai-tournaments/question/icga2017.txt", str(k))][1] for k in range(1, count + 1)
    )
    with tempfile.TemporaryDirectory() as folder:
        text = TAAI.read_text()
        blocks = text.split("$")[1:]
        files = []
        for block in blocks[:count]:
            path = Path(folder) / f"icga2017-{block.split(chr(10), 1)[0].strip()}.txt"
            path.write_text("$" + block)
            files.append(str(path))
        ours_whole: list[float] = []
        ours_in: list[float] = []
        peer_whole: list[float] = []
        for _ in range(rounds):
            ours_whole.append(sum(_check_wall(f) for f in files))
            ours_in.append(sum(_child(_IN_PROCESS, *files)["seconds"]))
            if peer is not None:
                total = 0.0
                for f in files:
                    started = time.perf_counter()
                    subprocess.run([*peer, f], capture_output=True, timeout=120)
                    total += time.perf_counter() - started
                peer_whole.append(total)
    whole, inside = statistics.median(ours_whole), statistics.median(ours_in)
    print(
        f"\nTAAI icga2017 #1-{count}, each in its own file, median of {rounds} rounds:"
        f" nonostudio whole-process (check --no-typos, one process each) {whole:.3f} s,"
        f" in-process {inside:.3f} s (one fresh process, first call included)"
    )
    if peer_whole:
        theirs = statistics.median(peer_whole)
        print(
            f"pbnsolve ({' '.join(peer)}) whole-process {theirs:.3f} s in the same rounds:"
            f" whole-process ratio {whole / theirs:.2f}x, in-process ratio {inside / theirs:.2f}x"
            " (nonostudio in-process against pbnsolve's whole process)"
        )
    else:
        print(
            f"pbnsolve: no binary supplied ({PEER_ENV}); its stored reference figure is"
            f" {stored:.3f} s (INDEX.csv wall_s: another day, two jobs at once), not comparable,"
            " so no ratio is given"
        )
