"""Dump traces and grades to compare two checkouts byte for byte (run by hand).

``PYTHONPATH=CHECKOUT python tests/benchmarks/trace_dump.py OUTDIR [NAME ...]`` grades, with the
default rule set, the 17 Butler puzzles, the 12 webpbn survey files of picross-solver and 40
jwilk-nonogram puzzles (every one pbnsolve does not call "unique logical", then evenly spaced
ones) and writes one file a puzzle: the grade's tier, label, score, text and features, then
every step of its trace (kind, line, rule, cells, technique, note, sentence, focus, premises) as
a JSON line.  Run it for two checkouts (a ``git worktree`` of the old commit and this one) and
compare the folders with ``diff -r``: a change meant to be only faster must leave them equal.
NAMEs keep only the puzzles whose name contains one of them.  CPU seconds per puzzle go to
standard error.
"""

from __future__ import annotations

import csv
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _anchors import ANCHORS, PUZZLES, require_anchors  # noqa: E402

from nonostudio.analysis.defaults import DEFAULT_RULE_SET  # noqa: E402
from nonostudio.analysis.grades.difficulty import grade  # noqa: E402
from nonostudio.core.formats import parse_puzzle_arg, read_all  # noqa: E402
from nonostudio.core.puzzle import Puzzle  # noqa: E402
from nonostudio.rules.ruleset import load_rule_set  # noqa: E402

JWILK = 40


def puzzles() -> Iterator[tuple[str, Puzzle]]:
    """``(name, puzzle)`` of the compared puzzles, in a fixed order."""
    for name, puzzle in read_all(ANCHORS / "butler" / "test-set-extended.json"):
        yield f"butler-{name}", puzzle
    for path in sorted((PUZZLES / "picross-solver" / "webpbn").glob("*.non")):
        yield path.stem, parse_puzzle_arg(str(path))
    with open(PUZZLES / "INDEX.csv", newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["source"] == "jwilk-nonogram"]
    rows.sort(key=lambda r: r["file"])
    hard = [r for r in rows if r["pbnsolve_u_b"] != "unique logical"]
    easy = [r for r in rows if r["pbnsolve_u_b"] == "unique logical"]
    n = JWILK - len(hard)
    spaced = [easy[round(i * (len(easy) - 1) / (n - 1))] for i in range(n)] if n > 1 else []
    for row in sorted(hard + spaced, key=lambda r: r["file"]):
        yield f"jwilk-{Path(row['file']).stem}", read_all(PUZZLES / row["file"])[0][1]


def dump(puzzle: Puzzle, rules) -> tuple[str, float]:  # type: ignore[no-untyped-def]
    """The puzzle's grade and trace as text, and the CPU seconds grading took."""
    started = time.process_time()
    result = grade(puzzle, rules)
    seconds = time.process_time() - started
    lines = [
        f"grade tier={result.tier} label={result.label} score={result.score!r}",
        f"text={result.explanation}",
        f"features={result.features!r}",
        f"timed_out={result.timed_out}",
    ]
    assert result.trace is not None
    for i, step in enumerate(result.trace.steps):
        fields = {
            "i": i,
            "kind": step.kind,
            "axis": step.axis,
            "index": step.index,
            "rule": step.rule,
            "flipped": step.flipped,
            "env": repr(sorted(step.env.items())),
            "cells": step.cells,
            "subline": step.subline,
            "note": step.note,
            "technique": step.technique,
            "text": step.text,
            "focus_clues": step.focus_clues,
            "focus_spans": step.focus_spans,
            "premises": step.premises,
        }
        lines.append(json.dumps(fields, sort_keys=True, default=repr))
    return "\n".join(lines) + "\n", seconds


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__.splitlines()[2], file=sys.stderr)
        return 2
    require_anchors()
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    only = sys.argv[2:]
    rules = load_rule_set(DEFAULT_RULE_SET)
    total = 0.0
    for name, puzzle in puzzles():
        if only and not any(o in name for o in only):
            continue
        text, seconds = dump(puzzle, rules)
        total += seconds
        (out / f"{name}.txt").write_text(text, encoding="utf-8")
        print(f"{name:40} {seconds:7.3f} s", file=sys.stderr, flush=True)
    print(f"total {total:.3f} s CPU", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
