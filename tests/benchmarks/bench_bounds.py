"""``explain`` and ``grade`` are bounded; run by hand, prints figures.

``python tests/benchmarks/bench_bounds.py [--skip PART ...] [--cauldron-limit S]`` runs the
command line in a fresh process per case and prints its wall time, peak memory (the child's
``ru_maxrss``), exit code and verdict:

* ``blank4096`` — a blank 4096x4096 (the readers accept it): goal ≤ 1 GiB and ≤ 60 s, or a
  refusal in under a second naming the limit;
* ``faase`` — ``--time-limit 5`` on Faase (80x95): ends within 10 s, "undecided";
* ``limit`` — a blank grid at the size limit (1024x1024) with the default time limit and with
  ``--time-limit 600``: peak memory ≤ 1 GiB;
* ``cauldron`` — Cauldron (512x512, the largest real puzzle of the anchors) with
  ``--time-limit S`` (default 900): still explained and graded, and how long that takes.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _anchors import require_anchors, survey_spec  # noqa: E402

# Runs the command line as a child of a small wrapper: the wrapper's RUSAGE_CHILDREN is then the
# command's own peak memory, whatever ran before in this process.
_MEASURE = """
import json, resource, subprocess, sys, time
started = time.perf_counter()
done = subprocess.run(sys.argv[1:], capture_output=True, text=True, errors="replace")
print(json.dumps({
    "seconds": time.perf_counter() - started,
    "peak_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
    "code": done.returncode,
    "out": done.stdout[-3000:],
    "err": done.stderr[-3000:],
}))
"""


def measure(*args: str) -> dict:
    """One command line's wall time, peak memory, exit code and the ends of its output."""
    command = [sys.executable, "-m", "nonostudio", *args]
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, *command], capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


def verdict(command: str, result: dict) -> str:
    """The line that says how the run ended: the refusal, the summary's verdict or the row."""
    if result["code"] == 2:
        return result["err"].strip().splitlines()[-1]
    lines = result["out"].strip().splitlines()
    if command == "grade":
        return next((line.strip() for line in reversed(lines) if line.startswith("    ")), "")
    return next(
        (line for line in reversed(lines) if line.startswith(("undecided", "Solved", "Not"))), ""
    )


def report(name: str, command: str, *args: str) -> dict:
    result = measure(command, *args)
    print(
        f"{name:<28} {command:<8} {result['seconds']:8.2f} s  {result['peak_mb']:8.0f} MB  "
        f"exit {result['code']}  {verdict(command, result)[:150]}",
        flush=True,
    )
    return result


def blank_file(folder: Path, width: int, height: int) -> Path:
    path = folder / f"blank{width}x{height}.non"
    lines = [f"width {width}", f"height {height}", "rows", *["0"] * height, "columns"]
    path.write_text("\n".join([*lines, *["0"] * width]) + "\n")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip", nargs="*", default=[], help="parts to skip")
    parser.add_argument("--cauldron-limit", type=float, default=900.0)
    args = parser.parse_args()
    require_anchors()
    print(f"{'case':<28} {'command':<8} {'wall':>10}  {'peak':>11}", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if "blank4096" not in args.skip:
            path = str(blank_file(folder, 4096, 4096))
            for command in ("explain", "grade"):
                report("blank 4096x4096", command, path)
        if "faase" not in args.skip:
            faase = survey_spec("Faase")
            for command in ("explain", "grade"):
                report("Faase --time-limit 5", command, faase, "--time-limit", "5")
        if "limit" not in args.skip:
            path = str(blank_file(folder, 1024, 1024))
            for command in ("explain", "grade"):
                report("blank 1024x1024", command, path)
                report("blank 1024x1024 (600 s)", command, path, "--time-limit", "600")
        if "cauldron" not in args.skip:
            cauldron = survey_spec("Cauldron")
            limit = f"{args.cauldron_limit:g}"
            for command in ("explain", "grade"):
                report(f"Cauldron --time-limit {limit}", command, cauldron, "--time-limit", limit)


if __name__ == "__main__":
    main()
